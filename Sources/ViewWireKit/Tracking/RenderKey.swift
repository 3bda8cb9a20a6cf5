import Foundation

/// A render property's wire key, interned: one immortal descriptor per distinct key in the
/// process, so two keys are equal when they are the same descriptor.
///
/// Keys were `String`s, compared in every sorted walk over a view's properties (the setter, the
/// change record, the diff engine's lookups) and encoded to UTF-8 again for every frame line:
/// string comparisons alone were about a thirtieth of a tap's instructions (issue 14, "Cheaper
/// per input"). A key now compares by address for equality and by a precomputed 8-byte prefix
/// for order, carries its wire bytes and what the setter asks of it (is it `anim`, an `a11y...`
/// key, one the accessibility defaults read), and copies as a bare pointer to immutable memory:
/// no reference count to touch (an unowned class reference was retained and released around
/// each comparison all the same).
///
/// The kit's own keys are static members (`.text`, `.bg`...); a key an app names as a string is
/// interned once (`init(_:)`). Descriptors are never freed, so the table holds one per distinct
/// key the program's code names: keys come from the server's code, never from a client.
@frozen @usableFromInline
package struct RenderKey: Hashable, Comparable, @unchecked Sendable,
  CustomStringConvertible
{
  /// The interned descriptor: written once, before any other thread can see it, and never
  /// freed, so any loop may read it.
  @usableFromInline let info: UnsafePointer<RenderKeyDescriptor>

  @inlinable init(info: UnsafePointer<RenderKeyDescriptor>) { self.info = info }

  /// The key named `name`, interned on first use (a lock and a hash lookup: the kit's hot paths
  /// use the static keys instead).
  package init(_ name: String) { self.init(info: RenderKeyTable.shared.descriptor(for: name)) }

  /// The key as text.
  @inlinable package var name: String { info.pointee.name }

  /// The key's UTF-8 bytes, as the wire carries them.
  @inlinable package var utf8: UnsafeBufferPointer<UInt8> { info.pointee.bytes }

  /// Whether this is `anim`, which is not itself an animated change.
  @inlinable package var isAnimation: Bool { info.pointee.isAnimation }

  /// Whether this is an `a11y...` key, which the kit works out rather than the app.
  @inlinable package var isAccessibilityKey: Bool { info.pointee.isAccessibilityKey }

  /// Whether the accessibility defaults read this key (`AccessibilityDefaults.depend(on:)`).
  @inlinable package var accessibilityDefaultsDepend: Bool { info.pointee.accessibilityDefaultsDepend }

  /// The key's text.
  @usableFromInline package var description: String { name }

  @inlinable package static func == (lhs: RenderKey, rhs: RenderKey) -> Bool { lhs.info == rhs.info }

  @inlinable package func hash(into hasher: inout Hasher) { hasher.combine(info) }

  /// The order of the keys' strings (`String`'s `<`): the wire sends a view's properties in it.
  /// ASCII keys compare by their first eight bytes, then their bytes; another key as a string.
  @inlinable package static func < (lhs: RenderKey, rhs: RenderKey) -> Bool {
    if lhs.info == rhs.info { return false }
    let (left, right) = (lhs.info, rhs.info)
    guard left.pointee.isASCII && right.pointee.isASCII else { return left.pointee.name < right.pointee.name }
    if left.pointee.prefix != right.pointee.prefix { return left.pointee.prefix < right.pointee.prefix }
    return RenderKeyDescriptor.bytesPrecede(left.pointee.bytes, right.pointee.bytes)
  }
}

/// What the process knows of one render key; one per distinct key, never freed. Immutable (its
/// bytes are written once, before any other thread can see it), so any loop may read it.
@usableFromInline package struct RenderKeyDescriptor {
  /// The key as text.
  @usableFromInline let name: String
  /// Its UTF-8 bytes, in memory of its own that lives as long as the process.
  @usableFromInline let bytes: UnsafeBufferPointer<UInt8>
  /// Whether the key is ASCII, so its byte order is its string order.
  @usableFromInline let isASCII: Bool
  /// The first eight bytes, big-endian, zero-padded: compares as the bytes do.
  @usableFromInline let prefix: UInt64
  /// Whether the key is `anim`.
  @usableFromInline let isAnimation: Bool
  /// Whether the key starts with `a11y`.
  @usableFromInline let isAccessibilityKey: Bool
  /// Whether the accessibility defaults read the key.
  @usableFromInline let accessibilityDefaultsDepend: Bool

  init(_ name: String) {
    self.name = name
    let utf8 = Array(name.utf8)
    let memory = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(1, utf8.count))
    _ = memory.initialize(from: utf8)
    bytes = UnsafeBufferPointer(start: memory.baseAddress, count: utf8.count)
    isASCII = utf8.allSatisfy { $0 < 0x80 }
    var prefix: UInt64 = 0
    for index in 0..<8 { prefix = prefix << 8 | UInt64(index < utf8.count ? utf8[index] : 0) }
    self.prefix = prefix
    isAnimation = name == "anim"
    isAccessibilityKey = name.hasPrefix("a11y")
    accessibilityDefaultsDepend = AccessibilityDefaults.depend(on: name)
  }

  /// Whether `lhs` comes before `rhs` byte by byte (a proper prefix first).
  @inlinable static func bytesPrecede(_ lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>)
    -> Bool
  {
    for index in 0..<min(lhs.count, rhs.count) where lhs[index] != rhs[index] {
      return lhs[index] < rhs[index]
    }
    return lhs.count < rhs.count
  }
}

/// The process's interned keys, shared by every loop; each access holds the lock.
final class RenderKeyTable: @unchecked Sendable {
  /// The table.
  static let shared = RenderKeyTable()

  private let lock = NSLock()
  private var descriptors: [String: UnsafePointer<RenderKeyDescriptor>] = [:]

  /// The descriptor for `name`, made the first time it is asked for. Canonically equivalent
  /// spellings are one key, as `String`'s `==` has them; the first spelling is the one sent.
  func descriptor(for name: String) -> UnsafePointer<RenderKeyDescriptor> {
    lock.withLock {
      if let held = descriptors[name] { return held }
      let made = UnsafeMutablePointer<RenderKeyDescriptor>.allocate(capacity: 1)
      made.initialize(to: RenderKeyDescriptor(name))
      descriptors[name] = UnsafePointer(made)
      return UnsafePointer(made)
    }
  }
}

extension RenderKey {
  // The kit's own keys (PROTOCOL.md section 6), interned once each.
  package static let a11y = RenderKey("a11y")
  package static let a11yHidden = RenderKey("a11y-hidden")
  package static let a11yHint = RenderKey("a11y-hint")
  package static let a11yLabel = RenderKey("a11y-label")
  package static let a11yModal = RenderKey("a11y-modal")
  package static let a11yTraits = RenderKey("a11y-traits")
  package static let a11yValue = RenderKey("a11y-value")
  package static let align = RenderKey("align")
  package static let alpha = RenderKey("alpha")
  package static let anim = RenderKey("anim")
  package static let animating = RenderKey("animating")
  package static let bg = RenderKey("bg")
  package static let border = RenderKey("border")
  package static let borderColor = RenderKey("borderColor")
  package static let borderStyle = RenderKey("borderStyle")
  package static let clips = RenderKey("clips")
  package static let contentSize = RenderKey("contentSize")
  package static let draw = RenderKey("draw")
  package static let enabled = RenderKey("enabled")
  package static let focused = RenderKey("focused")
  package static let font = RenderKey("font")
  package static let hidden = RenderKey("hidden")
  package static let highlighted = RenderKey("highlighted")
  package static let ident = RenderKey("ident")
  package static let image = RenderKey("image")
  package static let lines = RenderKey("lines")
  package static let max = RenderKey("max")
  package static let min = RenderKey("min")
  package static let offset = RenderKey("offset")
  package static let on = RenderKey("on")
  package static let onTint = RenderKey("onTint")
  package static let placeholder = RenderKey("placeholder")
  package static let progress = RenderKey("progress")
  package static let radius = RenderKey("radius")
  package static let secure = RenderKey("secure")
  package static let segments = RenderKey("segments")
  package static let selected = RenderKey("selected")
  package static let step = RenderKey("step")
  package static let text = RenderKey("text")
  package static let textColor = RenderKey("textColor")
  package static let value = RenderKey("value")
  package static let weight = RenderKey("weight")
  package static let wraps = RenderKey("wraps")
}
