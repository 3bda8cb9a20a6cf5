/// How an accessibility element behaves (UIKit's `UIAccessibilityTraits`), with UIKit's names.
///
/// The raw values are the kit's own, not UIKit's: only the names travel (`a11y-traits`,
/// PROTOCOL.md section 6, "Accessibility"), space-separated in the order of ``wireNames``, so
/// two servers and every client agree on the text the frame hash covers.
public struct AccessibilityTraits: OptionSet, Hashable, Sendable {
  /// The bits; the kit's numbering, in the wire order.
  public let rawValue: UInt32

  /// Makes a trait set from its bits.
  public init(rawValue: UInt32) { self.rawValue = rawValue }

  /// No trait.
  public static let none: AccessibilityTraits = []
  /// The element behaves like a button.
  public static let button = AccessibilityTraits(rawValue: 1 << 0)
  /// The element behaves like a link.
  public static let link = AccessibilityTraits(rawValue: 1 << 1)
  /// The element is a header that divides content into sections (a navigation bar's title).
  public static let header = AccessibilityTraits(rawValue: 1 << 2)
  /// The element is a search field.
  public static let searchField = AccessibilityTraits(rawValue: 1 << 3)
  /// The element is an image.
  public static let image = AccessibilityTraits(rawValue: 1 << 4)
  /// The element is selected (a selected button or segment).
  public static let selected = AccessibilityTraits(rawValue: 1 << 5)
  /// Activating the element plays a sound.
  public static let playsSound = AccessibilityTraits(rawValue: 1 << 6)
  /// The element behaves like a keyboard key.
  public static let keyboardKey = AccessibilityTraits(rawValue: 1 << 7)
  /// The element is text that does not change (a label).
  public static let staticText = AccessibilityTraits(rawValue: 1 << 8)
  /// The element sums up the app's state when it starts.
  public static let summaryElement = AccessibilityTraits(rawValue: 1 << 9)
  /// The element is disabled (a control whose `isEnabled` is false).
  public static let notEnabled = AccessibilityTraits(rawValue: 1 << 10)
  /// The element's label or value changes often (a progress bar), so it is not announced at
  /// every change.
  public static let updatesFrequently = AccessibilityTraits(rawValue: 1 << 11)
  /// Activating the element starts a media session.
  public static let startsMediaSession = AccessibilityTraits(rawValue: 1 << 12)
  /// The element's value can be adjusted through a range (a slider, a stepper).
  public static let adjustable = AccessibilityTraits(rawValue: 1 << 13)
  /// The element takes touches directly (a drawing surface).
  public static let allowsDirectInteraction = AccessibilityTraits(rawValue: 1 << 14)
  /// Reading to the end of the element turns the page.
  public static let causesPageTurn = AccessibilityTraits(rawValue: 1 << 15)
  /// The element is a tab bar.
  public static let tabBar = AccessibilityTraits(rawValue: 1 << 16)

  /// Every trait with its wire name, in the wire order (PROTOCOL.md section 6).
  public static let wireNames: [(trait: AccessibilityTraits, name: String)] = [
    (.button, "button"), (.link, "link"), (.header, "header"), (.searchField, "searchField"),
    (.image, "image"), (.selected, "selected"), (.playsSound, "playsSound"),
    (.keyboardKey, "keyboardKey"), (.staticText, "staticText"),
    (.summaryElement, "summaryElement"), (.notEnabled, "notEnabled"),
    (.updatesFrequently, "updatesFrequently"), (.startsMediaSession, "startsMediaSession"),
    (.adjustable, "adjustable"), (.allowsDirectInteraction, "allowsDirectInteraction"),
    (.causesPageTurn, "causesPageTurn"), (.tabBar, "tabBar"),
  ]

  /// The names of the traits in the set, space-separated in the wire order (`"button selected"`;
  /// empty for none): the value of `a11y-traits`.
  public var wireText: String {
    Self.wireNames.filter { contains($0.trait) }.map(\.name).joined(separator: " ")
  }

  /// The set a wire text names; names it does not know are ignored, as a client ignores them.
  public init(wireText: some StringProtocol) {
    var traits = AccessibilityTraits()
    for word in wireText.split(separator: " ") {
      if let entry = Self.wireNames.first(where: { $0.name == word }) { traits.insert(entry.trait) }
    }
    self = traits
  }
}

/// UIKit's name for ``AccessibilityTraits``.
public typealias UIAccessibilityTraits = AccessibilityTraits
