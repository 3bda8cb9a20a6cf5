import Foundation
import Testing
import ViewWireKit

/// What a navigation stack, modal presentation and memory warnings leave on screen (issue 3
/// items 6 and 7); the order of their callbacks is `LifecycleTests`' business.
struct NavigationTests {
  final class Titled: ViewController {
    let name: String
    var didLoadCount = 0
    init(_ name: String) {
      self.name = name
      super.init(nibName: nil, bundle: nil)
    }
    override func viewDidLoad() {
      super.viewDidLoad()
      didLoadCount += 1
      title = name
    }
  }

  private func stack() -> (Window, NavigationController, Titled, Titled) {
    let window = Window(size: CGSize(width: 320, height: 480))
    let root = Titled("Fruits")
    let detail = Titled("Apple")
    let navigation = NavigationController(rootViewController: root)
    window.rootViewController = navigation
    window.prepareFrame()
    return (window, navigation, root, detail)
  }

  @Test func theBarShowsTheTopTitleAndABackButtonNamedAfterTheControllerBelow() {
    let (window, navigation, _, detail) = stack()
    #expect(navigation.navigationBar.titleLabel.text == "Fruits")
    #expect(navigation.navigationBar.backButton.isHidden)
    navigation.pushViewController(detail, animated: true)
    window.prepareFrame()
    #expect(navigation.navigationBar.titleLabel.text == "Apple")
    #expect(!navigation.navigationBar.backButton.isHidden)
    #expect(navigation.navigationBar.backButton.title(for: .normal) == "\u{2039} Fruits")
  }

  @Test func tappingBackPopsAndAtTheRootThereIsNothingToPop() throws {
    let (window, navigation, root, detail) = stack()
    navigation.pushViewController(detail, animated: false)
    window.prepareFrame()
    try window.tap(at: CGPoint(x: 30, y: 22))
    window.prepareFrame()
    #expect(navigation.viewControllers.map(\.title) == ["Fruits"])
    #expect(detail.parent == nil && detail.viewIfLoaded?.window == nil)
    #expect(root.view.window === window)
    #expect(navigation.popViewController(animated: true) == nil)
    #expect(navigation.popToRootViewController(animated: true) == nil)
  }

  @Test func contentFillsTheStackUnderTheBarWithASafeAreaBelowIt() {
    let (window, navigation, root, detail) = stack()
    #expect(root.view.frame == CGRect(x: 0, y: 0, width: 320, height: 480))
    #expect(root.view.safeAreaInsets.top == NavigationBar.height)
    #expect(root.topLayoutGuideLength == 44)
    root.additionalSafeAreaInsets = EdgeInsets(top: 10, left: 0, bottom: 0, right: 0)
    #expect(root.view.safeAreaInsets.top == 54)
    navigation.pushViewController(detail, animated: false)
    window.resize(to: CGSize(width: 480, height: 320))
    window.prepareFrame()
    #expect(detail.view.frame == CGRect(x: 0, y: 0, width: 480, height: 320))
    #expect(navigation.navigationBar.frame == CGRect(x: 0, y: 0, width: 480, height: 44))
  }

  @Test func aMemoryWarningReleasesHiddenViewsWhichLoadAgainBeforeTheyAppear() {
    let (window, navigation, root, detail) = stack()
    navigation.pushViewController(detail, animated: false)
    window.prepareFrame()
    window.simulateMemoryWarning()
    #expect(!root.isViewLoaded && detail.isViewLoaded && navigation.isViewLoaded)
    navigation.popViewController(animated: false)
    window.prepareFrame()
    #expect(root.isViewLoaded && root.didLoadCount == 2)
    #expect(root.view.window === window && root.view.safeAreaInsets.top == 44)
  }

  @Test func loadViewIfNeededLoadsOnceWithoutAWindow() {
    let controller = Titled("Alone")
    #expect(!controller.isViewLoaded && controller.viewIfLoaded == nil)
    controller.loadViewIfNeeded()
    controller.loadViewIfNeeded()
    #expect(controller.isViewLoaded && controller.didLoadCount == 1 && controller.title == "Alone")
  }

  @Test func presentAndDismissRunTheirCompletionsAfterTheFrame() {
    let window = Window(size: CGSize(width: 320, height: 480))
    let base = Titled("Base")
    let sheet = Titled("Sheet")
    window.rootViewController = base
    window.prepareFrame()
    var events: [String] = []
    base.present(sheet, animated: true) { events.append("presented") }
    #expect(events.isEmpty)
    window.prepareFrame()
    #expect(events == ["presented"])
    #expect(base.presentedViewController === sheet && sheet.presentingViewController === base)
    #expect(window.subviews.map { $0 === sheet.view } == [true])
    sheet.dismiss(animated: true) { events.append("dismissed") }
    window.prepareFrame()
    #expect(events == ["presented", "dismissed"])
    #expect(base.presentedViewController == nil && window.subviews.map { $0 === base.view } == [true])
  }

  @Test func childrenKnowTheirParentAndLeaveWhenRemoved() {
    let parent = Titled("Parent")
    let child = Titled("Child")
    parent.addChild(child)
    parent.addChild(child)
    #expect(parent.children.count == 1 && child.parent === parent)
    child.removeFromParent()
    #expect(parent.children.isEmpty && child.parent == nil)
  }

  @Test func aChildInANavigationStackFindsItsNavigationController() {
    let (_, navigation, root, _) = stack()
    #expect(root.navigationController === navigation)
    #expect(navigation.navigationController == nil)
  }
}
