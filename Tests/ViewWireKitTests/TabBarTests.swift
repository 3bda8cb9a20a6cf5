import Foundation
import Testing
import ViewWireKit

/// Tab bar controllers: the selected tab's view above the bar, the appearance order when tabs
/// change, and the delegate for the user's taps only.
struct TabBarTests {
  /// The appearance callbacks of every tab, in order.
  final class Log {
    var lines: [String] = []
  }

  final class Tab: ViewController {
    let name: String
    let log: Log
    init(_ name: String, log: Log) {
      self.name = name
      self.log = log
      super.init(nibName: nil, bundle: nil)
      title = name
    }
    override func viewWillAppear(_ animated: Bool) { log.lines.append("\(name) willAppear") }
    override func viewDidAppear(_ animated: Bool) { log.lines.append("\(name) didAppear") }
    override func viewWillDisappear(_ animated: Bool) { log.lines.append("\(name) willDisappear") }
    override func viewDidDisappear(_ animated: Bool) { log.lines.append("\(name) didDisappear") }
  }

  final class Refuser: TabBarControllerDelegate {
    var refused: ViewController?
    var selected: [String] = []
    func tabBarController(_ tabBarController: TabBarController, shouldSelect viewController: ViewController)
      -> Bool
    {
      viewController !== refused
    }
    func tabBarController(_ tabBarController: TabBarController, didSelect viewController: ViewController) {
      selected.append(viewController.title ?? "")
    }
  }

  @Test func tabsSwitchWithUIKitsAppearanceOrderAndTheDelegateHearsTapsOnly() throws {
    let log = Log()
    let window = Window(size: CGSize(width: 300, height: 500))
    let tabs = TabBarController()
    let first = Tab("First", log: log)
    let second = Tab("Second", log: log)
    let third = Tab("Third", log: log)
    tabs.setViewControllers([first, second, third], animated: false)
    let delegate = Refuser()
    delegate.refused = third
    tabs.delegate = delegate
    window.rootViewController = tabs
    window.prepareFrame()
    #expect(log.lines == ["First willAppear", "First didAppear"])
    #expect(tabs.tabBar.frame == CGRect(x: 0, y: 451, width: 300, height: 49))
    #expect(first.view.frame == CGRect(x: 0, y: 0, width: 300, height: 500))
    #expect(first.view.safeAreaInsets.bottom == 49, "content ends above the bar")
    #expect(tabs.tabBar.buttons.map { $0.title(for: .normal) } == ["First", "Second", "Third"])
    #expect(tabs.tabBar.buttons.map(\.accessibilityIdentifier) == ["tab-first", "tab-second", "tab-third"])
    log.lines = []
    try window.tap(at: CGPoint(x: 150, y: 470))
    window.prepareFrame()
    #expect(tabs.selectedIndex == 1 && tabs.selectedViewController === second)
    #expect(
      log.lines == ["First willDisappear", "Second willAppear", "First didDisappear", "Second didAppear"])
    #expect(first.viewIfLoaded?.window == nil && second.view.window === window)
    #expect(tabs.tabBar.buttons[1].titleColor(for: .normal) == .systemBlue)
    try window.tap(at: CGPoint(x: 250, y: 470))
    window.prepareFrame()
    #expect(tabs.selectedIndex == 1, "the delegate refused the third tab")
    tabs.selectedIndex = 0
    window.prepareFrame()
    #expect(delegate.selected == ["Second"], "code does not call the delegate")
    #expect(first.tabBarController === tabs)
  }
}
