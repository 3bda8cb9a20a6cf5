import Foundation
import Testing
import ViewWireDiff
import ViewWireKit

/// The client's appearance, text size, size classes and safe area (PROTOCOL.md section 3,
/// "Appearance, safe area and text size"), as the kit turns them into concrete frames.
struct TraitsTests {
  /// A window holding `root`, with a diff engine that already sent its first frame.
  final class Stage {
    let window: Window
    let engine: DiffEngine

    init(_ root: ViewController, size: CGSize = CGSize(width: 390, height: 844)) {
      window = Window(size: size)
      window.rootViewController = root
      engine = DiffEngine(window: window)
      _ = engine.makeFrame()
    }

    /// Sets the window's traits to the current ones changed by `change`, and returns the frame.
    func changeTraits(_ change: (inout TraitCollection) -> Void) -> [String] {
      var traits = window.rootViewController!.traitCollection
      change(&traits)
      window.updateTraits(traits)
      return engine.nextDiffLines()
    }
  }

  /// A screen whose root view is `systemBackground` with one `label`-coloured label, the shape of
  /// the login screen's colours.
  final class Screen: ViewController {
    let label = Label()
    var traitChanges: [TraitCollection.UserInterfaceStyle] = []
    var safeAreaChanges = 0

    override func viewDidLoad() {
      super.viewDidLoad()
      view.backgroundColor = .systemBackground
      label.text = "Hi"
      label.frame = CGRect(x: 0, y: 0, width: 100, height: 21)
      view.addSubview(label)
    }

    override func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {
      traitChanges.append(traitCollection.userInterfaceStyle)
    }

    override func viewSafeAreaInsetsDidChange() { safeAreaChanges += 1 }
  }

  @Test func aDarkHelloTurnsTheBackgroundFromWhiteToTheDarkSystemBackgroundInOneFrame() {
    let screen = Screen()
    let stage = Stage(screen)
    #expect(screen.view.renderProperties["bg"] == .color(Color.white.wireColor))
    let lines = stage.changeTraits { $0.userInterfaceStyle = .dark }
    let root = screen.view.wireID
    let label = screen.label.wireID
    #expect(lines.count == 3)
    #expect(
      Set(lines) == [
        "render 1 bg=#000000ff", "render \(root) bg=#000000ff", "render \(label) textColor=#ffffffff",
      ])
    #expect(screen.traitChanges == [.dark], "the controller heard the change once, already dark")
    #expect(
      stage.changeTraits { $0.userInterfaceStyle = .dark }.isEmpty, "the same traits again change nothing")
    #expect(
      Set(stage.changeTraits { $0.userInterfaceStyle = .light }) == [
        "render 1 bg=#ffffffff", "render \(root) bg=#ffffffff", "render \(label) textColor=#000000ff",
      ])
  }

  @Test func aViewBuiltOutsideTheWindowTakesTheWindowsAppearanceWhenItJoins() {
    let screen = Screen()
    let stage = Stage(screen)
    _ = stage.changeTraits { $0.userInterfaceStyle = .dark }
    let late = Label()
    late.text = "late"
    #expect(late.renderProperties["textColor"] == .color(Color.black.wireColor), "light outside a window")
    screen.view.addSubview(late)
    #expect(
      late.renderProperties["textColor"] == .color(Color.white.wireColor), "dark once in the dark window")
  }

  @Test(arguments: [
    (TraitCollection.UserInterfaceStyle.light, "#007affff", "#34c759ff", "#f2f2f7ff", "#3c3c4399"),
    (.dark, "#0a84ffff", "#30d158ff", "#1c1c1eff", "#ebebf599"),
  ])
  func systemColoursResolveToUIKitsValuesPerAppearance(
    style: TraitCollection.UserInterfaceStyle, blue: String, green: String, grouped: String, secondary: String
  ) {
    let traits = TraitCollection(userInterfaceStyle: style)
    #expect(Color.systemBlue.resolvedColor(with: traits).wireColor.wireText == blue)
    #expect(Color.systemGreen.resolvedColor(with: traits).wireColor.wireText == green)
    #expect(Color.secondarySystemBackground.resolvedColor(with: traits).wireColor.wireText == grouped)
    #expect(Color.secondaryLabel.resolvedColor(with: traits).wireColor.wireText == secondary)
  }

  @Test func anAppsDynamicProviderIsAskedWithTheViewsTraitsAndAFixedColourNeverChanges() {
    let custom = Color { traits in traits.userInterfaceStyle == .dark ? .yellow : .purple }
    let screen = Screen()
    let stage = Stage(screen)
    screen.label.backgroundColor = custom
    screen.label.layer.borderColor = .red
    _ = stage.engine.nextDiffLines()
    let lines = stage.changeTraits { $0.userInterfaceStyle = .dark }
    #expect(lines.contains { $0.hasPrefix("render \(screen.label.wireID) ") && $0.contains(" bg=#ffff00ff") })
    #expect(!lines.contains { $0.contains("borderColor") }, "a fixed colour is not sent again")
    #expect(custom == custom && custom != Color.purple, "a dynamic colour equals itself, not its light value")
  }

  @Test func aKeySetToAFixedValueAfterADynamicColourStopsFollowingTheAppearance() {
    let screen = Screen()
    let stage = Stage(screen)
    screen.label.textColor = .label
    screen.label.textColor = .red
    _ = stage.engine.nextDiffLines()
    let lines = stage.changeTraits { $0.userInterfaceStyle = .dark }
    #expect(!lines.contains { $0.hasPrefix("render \(screen.label.wireID) ") })
  }

  @Test(arguments: [
    (ContentSizeCategory.extraSmall, 14.0, 31.0, 11.0),
    (.large, 17, 34, 12),
    (.extraExtraExtraLarge, 23, 40, 18),
    (.accessibilityMedium, 28, 44, 22),
    (.accessibilityExtraExtraExtraLarge, 53, 60, 43),
  ])
  func preferredFontsFollowApplesDynamicTypeTable(
    category: ContentSizeCategory, body: Double, largeTitle: Double, caption: Double
  ) {
    let traits = TraitCollection(preferredContentSizeCategory: category)
    #expect(Font.preferredFont(forTextStyle: .body, compatibleWith: traits).pointSize == CGFloat(body))
    #expect(
      Font.preferredFont(forTextStyle: .largeTitle, compatibleWith: traits).pointSize == CGFloat(largeTitle))
    #expect(Font.preferredFont(forTextStyle: .caption1, compatibleWith: traits).pointSize == CGFloat(caption))
    #expect(Font.preferredFont(forTextStyle: .headline, compatibleWith: traits).weight == .semibold)
  }

  @Test func aLabelThatAdjustsTakesTheNewTextSizeInTheSameFrameAndOneThatDoesNotKeepsItsOwn() {
    let screen = Screen()
    let stage = Stage(screen)
    let fixed = Label()
    fixed.font = .preferredFont(forTextStyle: .body)
    screen.label.font = .preferredFont(forTextStyle: .body)
    screen.label.adjustsFontForContentSizeCategory = true
    screen.view.addSubview(fixed)
    _ = stage.engine.nextDiffLines()
    let lines = stage.changeTraits { $0.preferredContentSizeCategory = .accessibilityMedium }
    #expect(lines.contains("render \(screen.label.wireID) font=28"))
    #expect(!lines.contains { $0.hasPrefix("render \(fixed.wireID) ") })
  }

  @Test func preferredFontReadsTheTraitsOfTheWindowWhoseCodeRuns() {
    let window = Window(size: CGSize(width: 390, height: 844))
    window.updateTraits(TraitCollection(preferredContentSizeCategory: .extraLarge))
    #expect(Font.preferredFont(forTextStyle: .body).pointSize == 17, "no window's code runs: the defaults")
    #expect(window.withCurrentTraits { Font.preferredFont(forTextStyle: .body).pointSize } == 19)
  }

  @Test(arguments: [
    (
      TraitCollection.Idiom.phone, 390.0, 844.0, TraitCollection.SizeClass.compact,
      TraitCollection.SizeClass.regular
    ),
    (.phone, 844, 390, .compact, .compact),
    (.phone, 932, 430, .regular, .compact),
    (.pad, 1024, 768, .regular, .regular),
    (.pad, 320, 1024, .compact, .regular),
    (.terminal, 680, 504, .regular, .regular),
  ])
  func sizeClassesFollowTheWindowAsOnIPhonesAndIPads(
    idiom: TraitCollection.Idiom, width: Double, height: Double,
    horizontal: TraitCollection.SizeClass, vertical: TraitCollection.SizeClass
  ) {
    let window = Window(
      size: CGSize(width: width, height: height), traits: TraitCollection(userInterfaceIdiom: idiom))
    let screen = Screen()
    window.rootViewController = screen
    #expect(screen.traitCollection.horizontalSizeClass == horizontal)
    #expect(screen.traitCollection.verticalSizeClass == vertical)
  }

  @Test func turningAPhoneToLandscapeIsATraitChange() {
    let screen = Screen()
    let stage = Stage(screen)
    stage.window.resize(to: CGSize(width: 844, height: 390))
    #expect(screen.traitChanges.count == 1)
    #expect(screen.traitCollection.verticalSizeClass == .compact)
    stage.window.resize(to: CGSize(width: 800, height: 380))
    #expect(screen.traitChanges.count == 1, "still compact by compact: no change")
  }

  @Test func theClientsSafeAreaInsetsTheRootViewAndItsGuide() {
    let screen = Screen()
    let stage = Stage(screen)
    let content = View()
    content.translatesAutoresizingMaskIntoConstraints = false
    screen.view.addSubview(content)
    let guide = screen.view.safeAreaLayoutGuide
    NSLayoutConstraint.activate([
      content.topAnchor.constraint(equalTo: guide.topAnchor),
      content.bottomAnchor.constraint(equalTo: guide.bottomAnchor),
      content.leadingAnchor.constraint(equalTo: guide.leadingAnchor),
      content.trailingAnchor.constraint(equalTo: guide.trailingAnchor),
    ])
    _ = stage.engine.nextDiffLines()
    let changesBefore = screen.safeAreaChanges
    stage.window.updateSafeAreaInsets(EdgeInsets(top: 47, left: 0, bottom: 34, right: 0))
    #expect(screen.view.safeAreaInsets == EdgeInsets(top: 47, left: 0, bottom: 34, right: 0))
    #expect(screen.safeAreaChanges == changesBefore + 1)
    #expect(stage.engine.nextDiffLines() == ["layout \(content.wireID) 0 47 390 763"])
  }

  @Test func aNavigationBarSitsBelowTheStatusBarAndItsScreensStartBelowIt() {
    let screen = Screen()
    let navigation = NavigationController(rootViewController: screen)
    let stage = Stage(navigation)
    stage.window.updateSafeAreaInsets(EdgeInsets(top: 47, left: 0, bottom: 34, right: 0))
    _ = stage.engine.nextDiffLines()
    #expect(navigation.navigationBar.frame == CGRect(x: 0, y: 0, width: 390, height: 91))
    #expect(navigation.navigationBar.titleLabel.frame.minY == 47)
    #expect(screen.view.safeAreaInsets == EdgeInsets(top: 91, left: 0, bottom: 34, right: 0))
  }

  @Test func aTabBarSitsAboveTheHomeIndicatorAndItsTabsEndAboveIt() {
    let screen = Screen()
    let tabs = TabBarController()
    tabs.setViewControllers([screen], animated: false)
    let stage = Stage(tabs)
    stage.window.updateSafeAreaInsets(EdgeInsets(top: 47, left: 0, bottom: 34, right: 0))
    _ = stage.engine.nextDiffLines()
    #expect(tabs.tabBar.frame == CGRect(x: 0, y: 844 - 49 - 34, width: 390, height: 83))
    #expect(screen.view.safeAreaInsets == EdgeInsets(top: 47, left: 0, bottom: 83, right: 0))
  }
}
