public import Foundation
import Synchronization

/// Localised strings for the client a session serves (what `NSLocalizedString` does on iOS).
///
/// On iOS the whole process has one user and so one language; a daemon serves many clients,
/// each announcing its own locale in `hello` (PROTOCOL.md section 3). The server therefore binds
/// the session's locale around everything it runs for that session (`withLocale`), and lookups
/// read it from there. Code written against `NSLocalizedString` keeps working unchanged, and two
/// sessions in two languages never see each other's strings.
///
/// Tables are Apple's: `LANGUAGE.lproj/TABLE.strings` in a bundle, with `"key" = "value";`
/// lines. A locale such as `fr-CA` tries `fr-CA`, then `fr`, then the development language
/// `en`; a key found in none of them is returned as its `value`, or as itself when that is
/// empty, as Foundation does.
public enum Localization {
  /// The locale of the session whose work is running; `en` outside any session.
  ///
  /// With no binding in force (`EnvironmentBindings`) it is the development language, known
  /// without reading the task-local: a read cost about 110 instructions, on every lookup (the
  /// square app looks up its square's accessibility value on every move of a drag).
  public static var locale: String {
    EnvironmentBindings.noneInForce ? developmentLanguage : boundLocale
  }

  /// Where `withLocale` binds the locale: private, so every binding goes through it and is
  /// counted (`EnvironmentBindings`).
  @TaskLocal private static var boundLocale: String = developmentLanguage

  /// The language whose tables hold every key.
  public static let developmentLanguage = "en"

  /// Runs `body` with `locale` as the current locale: the server wraps each command and each
  /// piece of timed work of a session in it.
  ///
  /// When `locale` is the current locale already (an English session, outside any other),
  /// `body` runs as it is: binding a task-local allocates and frees a record, once per command,
  /// and lookups read the same value either way. With no binding in force the current locale is
  /// the development language, known without reading the task-local (about 110 instructions,
  /// and a string comparison, on every command).
  public static func withLocale<Result>(_ locale: String, _ body: () throws -> Result) rethrows -> Result {
    if EnvironmentBindings.noneInForce {
      if locale == developmentLanguage { return try body() }
    } else if locale == Self.locale {
      return try body()
    }
    return try EnvironmentBindings.bind($boundLocale, locale, body)
  }

  /// The string for `key` in the current locale.
  ///
  /// - Parameters:
  ///   - key: the key in the table, by convention the development-language text.
  ///   - table: the table's name; `Localizable` when nil.
  ///   - bundle: the bundle holding the `.lproj` folders.
  ///   - value: what to return when no table has the key; the key itself when empty.
  ///   - locale: the locale to look in; the current one when nil.
  public static func string(
    _ key: String, table: String? = nil, bundle: Bundle, value: String = "", locale: String? = nil
  ) -> String {
    let name = table ?? "Localizable"
    let locale = locale ?? self.locale
    if let text = RecentLookups.onThisThread({
      $0.text(key, table: name, bundle: bundle, value: value, locale: locale)
    }) {
      return text
    }
    let found = chains.tables(name, locale: locale, bundle: bundle) {
      name, locale, bundle in
      candidates(for: locale).compactMap { tables.table(name, language: $0, bundle: bundle) }
    }
    var text = value.isEmpty ? key : value
    for table in found {
      if let found = table[key] {
        text = found
        break
      }
    }
    RecentLookups.onThisThread {
      $0.note(text, for: key, table: name, bundle: bundle, value: value, locale: locale)
    }
    return text
  }

  /// A word the kit shows by itself (the back button's "Back"), in the current locale, from the
  /// kit's own tables (`Strings/LANGUAGE.lproj`), as UIKit carries its own; any host of the kit
  /// gets them, whatever its apps translate.
  static func kitString(_ key: String) -> String {
    string(key, bundle: .module)
  }

  /// The languages to try for `locale`, most specific first: `fr-CA` gives `fr-CA`, `fr`, `en`.
  public static func candidates(for locale: String) -> [String] {
    var result: [String] = []
    let normalized = locale.replacingOccurrences(of: "_", with: "-")
    var parts = normalized.split(separator: "-").map(String.init)
    while !parts.isEmpty {
      let tag = parts.joined(separator: "-")
      if !result.contains(tag) { result.append(tag) }
      parts.removeLast()
    }
    if !result.contains(developmentLanguage) { result.append(developmentLanguage) }
    return result
  }

  private static let tables = TableCache()
  private static let chains = ChainCache()

  /// How many string tables the process keeps: bounded by the tables the bundles hold, whatever
  /// locales clients name.
  public static var cachedTableCount: Int { tables.count }

  /// The languages whose tables the process keeps (a client's invented tag is never among them).
  public static var cachedLanguages: Set<String> { tables.languages }
}

/// Parsed `.strings` tables, loaded once per bundle, language and name; shared by all sessions.
private final class TableCache: @unchecked Sendable {
  // Sessions may run on several threads; every access holds the lock.
  private let lock = NSLock()
  private var tables: [String: [String: String]] = [:]
  private var cachedLanguages: Set<String> = []

  /// The table, or nil when the bundle has none for that language.
  func table(_ name: String, language: String, bundle: Bundle) -> [String: String]? {
    let cacheKey = "\(bundle.bundlePath)\u{0}\(language)\u{0}\(name)"
    if let table = lock.withLock({ tables[cacheKey] }) { return table }
    // Only tables that exist are kept: the language comes from a client's `hello locale=`, and
    // keeping one empty table per tag a client invents grew the cache without bound
    // (PROTOCOL.md section 17).
    guard let table = Self.load(name, language: language, bundle: bundle) else { return nil }
    lock.withLock {
      tables[cacheKey] = table
      cachedLanguages.insert(language)
    }
    return table
  }

  /// How many tables are kept, for tests.
  var count: Int { lock.withLock { tables.count } }

  /// The languages of the kept tables, for tests.
  var languages: Set<String> { lock.withLock { cachedLanguages } }

  private static func load(_ name: String, language: String, bundle: Bundle) -> [String: String]? {
    let url =
      bundle.url(forResource: name, withExtension: "strings", subdirectory: "\(language).lproj")
      ?? bundle.url(forResource: name, withExtension: "strings", subdirectory: "Strings/\(language).lproj")
    guard let url, let data = try? Data(contentsOf: url) else { return nil }
    // A malformed table is a bug in the app; an empty table makes it show its keys, which a
    // transcript or a glance at the screen catches at once.
    let plist = try? PropertyListSerialization.propertyList(from: data, format: nil)
    return plist as? [String: String] ?? [:]
  }
}

/// The tables a lookup reads, in the order it reads them, by bundle, table name and locale.
///
/// Finding them took most of the work of a string lookup: the locale's candidates were
/// worked out again (a Foundation `replacingOccurrences`, splits, joins), and each table's
/// cache key was built from the bundle's path, which Foundation makes from its URL each time.
/// An app that names a string on every move of a drag (the square app says where the square
/// is) spent more on that than on the rest of the drag. A bundle's tables do not change while
/// the process runs, so the answer for a key never changes either.
///
/// Bounded: the locale comes from a client's `hello`, so past `capacity` entries a lookup is
/// worked out without being kept (PROTOCOL.md section 17).
private final class ChainCache: @unchecked Sendable {
  private struct Key: Hashable {
    /// The bundle's identity; the entry holds the bundle, so no other bundle can take it.
    let bundle: ObjectIdentifier
    let table: String
    let locale: String
  }

  /// How many lookups are kept: far more than the languages and tables the apps have.
  static let capacity = 256

  // Sessions may run on several threads; every access holds the lock.
  private let lock = NSLock()
  private var chains: [Key: (bundle: Bundle, tables: [[String: String]])] = [:]

  /// The tables for `table` in `locale`, from the cache or from `find`.
  func tables(
    _ table: String, locale: String, bundle: Bundle,
    find: (String, String, Bundle) -> [[String: String]]
  ) -> [[String: String]] {
    let key = Key(bundle: ObjectIdentifier(bundle), table: table, locale: locale)
    if let chain = lock.withLock({ chains[key] }) { return chain.tables }
    let found = find(table, locale, bundle)
    lock.withLock {
      if chains.count < Self.capacity { chains[key] = (bundle, found) }
    }
    return found
  }
}

/// The last few lookups and their answers, compared field by field, before any hashing.
///
/// The chain cache still hashed the table name and locale, and the table the key (SipHash over
/// each string: about 1,700 instructions a lookup), and an app that says where a dragged square
/// is looks up one of the same two strings on every move. The strings an app passes are mostly
/// literals, and the locale is the session's own string, so comparing them with the ones kept
/// here usually stops at their identical bits. The answer for a key never changes while the
/// process runs (a bundle's tables are read once), so a kept answer is never stale.
///
/// Bounded: `capacity` entries, the oldest replaced first.
///
/// One per thread (each of the daemon's loops runs on its own), so a lookup takes no lock: the
/// process-wide cache's lock and unlock were about a sixth of a drag move's two lookups (issue
/// 14, "Cheaper per input"). Answers depend only on the lookup's fields, never on the thread,
/// so a thread's cache is as correct as a shared one; a thread's cache is freed as it exits.
private final class RecentLookups {
  private struct Entry {
    let bundle: ObjectIdentifier
    let key: String
    let table: String
    let value: String
    let locale: String
    let text: String
    /// The bundle, so that no other bundle takes its identity while the entry is kept.
    let holder: Bundle
  }

  /// How many answers are kept: a screen's few strings, in the few locales of its sessions.
  static let capacity = 8

  // Unchecked for exclusivity at run time: only its own thread reaches a cache, and neither
  // method calls out while it accesses these.
  @exclusivity(unchecked) private var entries: [Entry] = []
  @exclusivity(unchecked) private var next = 0
  /// The entry that answered the last lookup found here.
  @exclusivity(unchecked) private var lastHit = 0

  /// The thread's cache, made on the thread's first lookup; held by the thread-specific slot.
  private static let slot: pthread_key_t = {
    var slot = pthread_key_t()
    let status = pthread_key_create(&slot) { RecentLookups.releaseCache($0) }
    precondition(status == 0, "no thread-specific slot for the localisation cache")
    return slot
  }()

  /// Drops the reference a thread's slot held, as the thread exits.
  private static func releaseCache(_ cache: UnsafeMutableRawPointer?) {
    guard let cache else { return }
    Unmanaged<RecentLookups>.fromOpaque(cache).release()
  }

  /// Runs `body` with this thread's cache, borrowed without a retain.
  static func onThisThread<Result>(_ body: (RecentLookups) -> Result) -> Result {
    if let cache = pthread_getspecific(slot) {
      return Unmanaged<RecentLookups>.fromOpaque(cache)._withUnsafeGuaranteedRef(body)
    }
    let made = RecentLookups()
    pthread_setspecific(slot, Unmanaged.passRetained(made).toOpaque())
    return body(made)
  }

  /// The kept answer for this lookup, or nil.
  func text(_ key: String, table: String, bundle: Bundle, value: String, locale: String) -> String? {
    let identity = ObjectIdentifier(bundle)
    // Field by field in place: a copy of an entry retained and released its six strings. Keys
    // of another length are passed over without comparing them (comparing two different strings
    // is a call into the runtime); one that is equal all the same (another normalization of the
    // same text) only misses here, and is looked up as usual.
    let length = key.utf8.count
    func matches(_ index: Int) -> Bool {
      entries[index].bundle == identity && entries[index].key.utf8.count == length
        && entries[index].key == key && entries[index].table == table
        && entries[index].locale == locale && entries[index].value == value
    }
    // The entry that answered last first: a drag asks the same string move after move.
    if lastHit < entries.count, matches(lastHit) { return entries[lastHit].text }
    for index in entries.indices where matches(index) {
      lastHit = index
      return entries[index].text
    }
    return nil
  }

  /// Keeps `text` as the answer for this lookup, in place of the oldest kept.
  ///
  /// Kept as this thread's own copy: the answer comes from the bundle's process-wide table, and
  /// every use of it retains and releases it, which with one shared string made its reference
  /// count's cache line go back and forth between the loops' CPUs, about 23 times a drag move
  /// (BENCHMARKS.md, "Stop 16: two loops").
  func note(_ text: String, for key: String, table: String, bundle: Bundle, value: String, locale: String) {
    let own = text.utf8.withContiguousStorageIfAvailable { String(decoding: $0, as: UTF8.self) } ?? text
    let entry = Entry(
      bundle: ObjectIdentifier(bundle), key: key, table: table, value: value, locale: locale,
      text: own, holder: bundle)
    if entries.count < Self.capacity {
      entries.append(entry)
    } else {
      entries[next] = entry
      next = (next + 1) % Self.capacity
    }
  }
}

/// Counts the bindings of a client's environment (`Localization.locale`,
/// `TraitCollection.current`) in force, so the server can tell without reading a task-local that
/// both hold their defaults: each command of a default client is wrapped in both, and reading
/// them to compare cost about 500 instructions a command (issue 14, "Cheaper per input").
///
/// Both task-locals are private and bound only through `bind`, which counts. The count is the
/// process's, every thread's bindings together: a binding on another loop's thread only sends
/// this one the slow way, which reads the task-locals. A task may have inherited a binding that
/// has ended since (an unstructured `Task` copies its creator's values), so inside a task the
/// values are always read.
package enum EnvironmentBindings {
  private static let active = Atomic<Int>(0)

  /// Whether no binding of the environment can be in force here, so both read their defaults.
  package static var noneInForce: Bool {
    active.load(ordering: .relaxed) == 0 && isOutsideAnyTask
  }

  /// Whether no task runs on this thread, from the Concurrency runtime's own entry point (what
  /// `withUnsafeCurrentTask` calls), a pointer that is nil outside any task. The public ways to
  /// ask hand over a value of a resilient type (`UnsafeCurrentTask?`, `TaskPriority?`), read
  /// through its value witnesses: 280 to 540 instructions on every command.
  private static var isOutsideAnyTask: Bool {
    guard let task = _getCurrentAsyncTask() else { return true }
    // The runtime hands the task over unretained, and the declaration says retained: the
    // release when `task` goes is balanced here, as `withUnsafeCurrentTask` balances it.
    _ = Unmanaged<AnyObject>.passRetained(unsafeBitCast(task, to: AnyObject.self))
    return false
  }

  /// Binds `local` to `value` around `body`, counted while `body` runs.
  package static func bind<Value: Sendable, Result>(
    _ local: TaskLocal<Value>, _ value: Value, _ body: () throws -> Result
  ) rethrows -> Result {
    active.add(1, ordering: .relaxed)
    defer { active.subtract(1, ordering: .relaxed) }
    return try local.withValue(value, operation: body)
  }
}
