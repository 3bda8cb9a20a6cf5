public import Foundation

/// The environment a client announced (UIKit's `UITraitCollection`), plus the size classes the
/// kit derives from the window's size (PROTOCOL.md section 3, "Appearance, safe area and text
/// size").
public struct TraitCollection: Hashable, Sendable {
  /// The kind of device, so an app may choose a controller per idiom (seed 001).
  public enum Idiom: String, Hashable, Sendable, CaseIterable {
    /// UIKit's idioms, plus `terminal` for clients that draw in a text console.
    case phone, pad, desktop, terminal
  }

  /// Light or dark (UIKit's `UIUserInterfaceStyle`); dynamic colours resolve by it.
  public enum UserInterfaceStyle: String, Hashable, Sendable, CaseIterable {
    /// The two appearances a client can state (`hello appearance=`).
    case light, dark
  }

  /// How much room the window gives along one axis (UIKit's `UIUserInterfaceSizeClass`).
  public enum SizeClass: String, Hashable, Sendable, CaseIterable {
    /// Narrow (a phone's width) or short (a phone in landscape).
    case compact
    /// Wide or tall enough for side-by-side content.
    case regular
  }

  /// What the client is, so an app can pick the controller that suits it (seed 001).
  public var userInterfaceIdiom: Idiom
  /// Pixels per point on the client.
  public var displayScale: CGFloat
  /// The client's locale, a BCP 47 tag such as `en` or `fr`.
  public var locale: String
  /// The height of the client's on-screen keyboard, 0 for none.
  public var keyboardHeight: CGFloat
  /// The client's appearance; `light` until a `hello` says otherwise.
  public var userInterfaceStyle: UserInterfaceStyle
  /// The reader's text size, which `Font.preferredFont(forTextStyle:)` follows; `large` by default.
  public var preferredContentSizeCategory: ContentSizeCategory
  /// Compact below the width at which the idiom's devices turn regular (see `sizeClasses(for:)`).
  public var horizontalSizeClass: SizeClass
  /// Compact below 500 points of height: a phone in landscape.
  public var verticalSizeClass: SizeClass

  /// The defaults describe a phone in English, portrait, light, at the default text size, so a
  /// client that says nothing in `hello` gets what most seed code was written for.
  public init(
    userInterfaceIdiom: Idiom = .phone, displayScale: CGFloat = 2, locale: String = "en",
    keyboardHeight: CGFloat = 300, userInterfaceStyle: UserInterfaceStyle = .light,
    preferredContentSizeCategory: ContentSizeCategory = .large,
    horizontalSizeClass: SizeClass = .compact, verticalSizeClass: SizeClass = .regular
  ) {
    self.userInterfaceIdiom = userInterfaceIdiom
    self.displayScale = displayScale
    self.locale = locale
    self.keyboardHeight = keyboardHeight
    self.userInterfaceStyle = userInterfaceStyle
    self.preferredContentSizeCategory = preferredContentSizeCategory
    self.horizontalSizeClass = horizontalSizeClass
    self.verticalSizeClass = verticalSizeClass
  }

  /// The size classes a window of `size` has on this idiom, as iPhones and iPads have them:
  /// a phone is horizontally regular from 896 points (the largest iPhones in landscape), any other
  /// idiom from 678 (a full iPad, or a 12.9-inch iPad's half of a split screen); every idiom is
  /// vertically regular from 500 points (a phone in portrait) and compact below (in landscape).
  ///
  /// The thresholds are in PROTOCOL.md section 3 so clients and tests can predict them; real
  /// devices decide per model, which no window size can reproduce exactly (an iPhone 8 Plus is
  /// regular at 736 wide, an iPhone 15 compact at 852).
  public func sizeClasses(for size: CGSize) -> (horizontal: SizeClass, vertical: SizeClass) {
    let wide: CGFloat = userInterfaceIdiom == .phone ? 896 : 678
    return (size.width >= wide ? .regular : .compact, size.height >= 500 ? .regular : .compact)
  }

  /// These traits with the size classes of a window of `size`.
  public func withSizeClasses(for size: CGSize) -> TraitCollection {
    var traits = self
    (traits.horizontalSizeClass, traits.verticalSizeClass) = sizeClasses(for: size)
    return traits
  }

  /// The traits of the window whose code is running, for the kit's calls that UIKit answers from
  /// `UITraitCollection.current` (`Font.preferredFont(forTextStyle:)`, a dynamic colour's
  /// `wireColor`). A daemon serves many sessions in one process, so there is no global: the
  /// window binds it while it runs app code for its own client (trait changes, layout, drawing)
  /// and the server while it handles that client's commands; elsewhere it is the defaults.
  public static var current: TraitCollection { boundCurrent }

  /// Where `withCurrent` binds `current`: private, so every binding is counted
  /// (`EnvironmentBindings`).
  @TaskLocal private static var boundCurrent = TraitCollection()

  /// The traits a client gets when it states none; what `current` is outside any binding.
  package static let defaults = TraitCollection()

  /// Runs `body` with `current` set to `traits`.
  package static func withCurrent<Result>(_ traits: TraitCollection, _ body: () throws -> Result) rethrows
    -> Result
  {
    try EnvironmentBindings.bind($boundCurrent, traits, body)
  }
}

/// The reader's preferred text size (UIKit's `UIContentSizeCategory`), by the names `hello
/// content-size=` uses.
public enum ContentSizeCategory: String, Hashable, Sendable, CaseIterable, Comparable {
  /// The seven standard sizes, smallest first, then the five accessibility sizes.
  case extraSmall = "xs", small = "s", medium = "m", large = "l", extraLarge = "xl"
  /// The two largest standard sizes.
  case extraExtraLarge = "xxl", extraExtraExtraLarge = "xxxl"
  /// The accessibility sizes, AX1 to AX5 in Apple's tables.
  case accessibilityMedium = "ax1", accessibilityLarge = "ax2", accessibilityExtraLarge = "ax3"
  /// The two largest accessibility sizes.
  case accessibilityExtraExtraLarge = "ax4", accessibilityExtraExtraExtraLarge = "ax5"

  /// Whether this is one of the five accessibility sizes, where apps often stack what sat side by side.
  public var isAccessibilityCategory: Bool { self >= .accessibilityMedium }

  /// Smaller categories first, as UIKit compares them.
  public static func < (lhs: Self, rhs: Self) -> Bool {
    allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
  }
}
