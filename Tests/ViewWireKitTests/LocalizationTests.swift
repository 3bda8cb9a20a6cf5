import Foundation
import Testing
import ViewWireKit

/// Localised-string lookup: the session's locale, falling back from region to language to the
/// development language, then to the value or the key.
struct LocalizationTests {
  /// A bundle with English, French and Canadian French tables, in a temporary folder.
  final class Tables {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("strings-\(UUID())")
    let bundle: Bundle

    init() throws {
      let tables = [
        "en": #""Hello" = "Hello"; "Bye" = "Bye"; "Only English" = "Only English";"#,
        "fr": #"/* comment */ "Hello" = "Bonjour"; "Bye" = "Au revoir";"#,
        "fr-CA": #""Bye" = "Salut";"#,
      ]
      for (language, text) in tables {
        let folder = directory.appendingPathComponent("\(language).lproj")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try text.write(
          to: folder.appendingPathComponent("Localizable.strings"), atomically: true, encoding: .utf8)
      }
      let other = directory.appendingPathComponent("fr.lproj/Other.strings")
      try #""Hello" = "Salut, autre table";"#.write(to: other, atomically: true, encoding: .utf8)
      bundle = try #require(Bundle(path: directory.path))
    }

    deinit { try? FileManager.default.removeItem(at: directory) }
  }

  struct Lookup: Sendable, CustomTestStringConvertible {
    let locale: String
    let key: String
    var table: String? = nil
    var value: String = ""
    let expected: String
    var testDescription: String { "\(locale) \(key) -> \(expected)" }
  }

  static let lookups: [Lookup] = [
    Lookup(locale: "en", key: "Hello", expected: "Hello"),
    Lookup(locale: "fr", key: "Hello", expected: "Bonjour"),
    Lookup(locale: "fr-CA", key: "Bye", expected: "Salut"),
    Lookup(locale: "fr-CA", key: "Hello", expected: "Bonjour"),  // region, then language
    Lookup(locale: "fr_CA", key: "Bye", expected: "Salut"),  // POSIX spelling
    Lookup(locale: "fr", key: "Only English", expected: "Only English"),  // development language
    Lookup(locale: "ja", key: "Hello", expected: "Hello"),  // no table at all
    Lookup(locale: "fr", key: "Missing", expected: "Missing"),  // the key itself
    Lookup(locale: "fr", key: "Missing", value: "Default", expected: "Default"),
    Lookup(locale: "fr", key: "Hello", table: "Other", expected: "Salut, autre table"),
    Lookup(locale: "en", key: "Hello", table: "Other", expected: "Hello"),  // no English Other table
  ]

  @Test(arguments: lookups)
  func lookupFallsBackFromRegionToLanguageToDevelopmentLanguage(_ lookup: Lookup) throws {
    let tables = try Tables()
    let text = Localization.withLocale(lookup.locale) {
      Localization.string(lookup.key, table: lookup.table, bundle: tables.bundle, value: lookup.value)
    }
    #expect(text == lookup.expected)
  }

  /// Lookups keep their last few answers (more lookups than it keeps, in changing order, each
  /// one asked again and again, as a drag asks for the square's two strings on every move).
  @Test func answersStayRightWhenLookupsAlternate() throws {
    let tables = try Tables()
    for round in 0..<4 {
      let order = round.isMultiple(of: 2) ? Self.lookups : Self.lookups.reversed()
      for lookup in order {
        for _ in 0..<2 {
          let text = Localization.withLocale(lookup.locale) {
            Localization.string(lookup.key, table: lookup.table, bundle: tables.bundle, value: lookup.value)
          }
          #expect(text == lookup.expected, "round \(round)")
        }
      }
    }
    // The same key and locale in another bundle has that bundle's answer.
    let other = try Tables()
    #expect(Localization.string("Hello", bundle: other.bundle, locale: "fr") == "Bonjour")
    #expect(Localization.string("Hello", bundle: .main, locale: "fr") == "Hello")
  }

  /// Each thread keeps its own recent answers (the daemon's loops run on threads of their own):
  /// threads looking the same keys up at once, each in its own order of locales, all get the
  /// right answers, and a thread that ends frees its cache without disturbing the others.
  @Test func answersStayRightOnManyThreadsAtOnce() throws {
    let tables = try Tables()
    let bundle = tables.bundle
    let done = DispatchGroup()
    let failures = NSLock()
    nonisolated(unsafe) var wrong: [String] = []
    for thread in 0..<6 {
      done.enter()
      let worker = Thread {
        defer { done.leave() }
        for round in 0..<50 {
          let lookup = Self.lookups[(thread * 7 + round) % Self.lookups.count]
          let text = Localization.withLocale(lookup.locale) {
            Localization.string(lookup.key, table: lookup.table, bundle: bundle, value: lookup.value)
          }
          if text != lookup.expected { failures.withLock { wrong.append("\(lookup): \(text)") } }
        }
      }
      worker.start()
    }
    done.wait()
    #expect(failures.withLock { wrong }.isEmpty)
  }

  @Test func theLocaleIsBoundOnlyInsideWithLocale() throws {
    let tables = try Tables()
    #expect(Localization.locale == "en")
    Localization.withLocale("fr") {
      #expect(Localization.string("Hello", bundle: tables.bundle) == "Bonjour")
      Localization.withLocale("en") {
        #expect(Localization.string("Hello", bundle: tables.bundle) == "Hello")
      }
      #expect(Localization.string("Hello", bundle: tables.bundle) == "Bonjour")
    }
    #expect(Localization.string("Hello", bundle: tables.bundle) == "Hello")
  }

  @Test func candidatesGoFromMostSpecificToTheDevelopmentLanguage() {
    #expect(Localization.candidates(for: "zh-Hans-CN") == ["zh-Hans-CN", "zh-Hans", "zh", "en"])
    #expect(Localization.candidates(for: "en-GB") == ["en-GB", "en"])
    #expect(Localization.candidates(for: "ru") == ["ru", "en"])
  }

  /// The kit translates its own words from its own tables, as UIKit does: any host of the kit
  /// (not only the daemon with the demo apps) shows a French client "Retour".
  @Test(arguments: [
    ("en", "\u{2039} Back"), ("fr", "\u{2039} Retour"), ("ru", "\u{2039} Назад"), ("de", "\u{2039} Back"),
  ])
  func theBackButtonSpeaksTheSessionsLanguage(_ locale: String, _ title: String) {
    Localization.withLocale(locale) {
      let window = Window(size: CGSize(width: 320, height: 480))
      let navigation = NavigationController(rootViewController: ViewController())
      window.rootViewController = navigation
      navigation.pushViewController(ViewController(), animated: false)
      window.prepareFrame()
      #expect(navigation.navigationBar.backButton.title(for: .normal) == title)
    }
  }
}
