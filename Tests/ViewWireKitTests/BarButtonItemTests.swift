import Foundation
import Testing
import ViewWireDiff
import ViewWireKit

/// Navigation items: bar button items in the bar while their controller is on top, a left item
/// in the back button's place, and the item's title over the controller's.
struct BarButtonItemTests {
  final class Editor: ViewController {
    var taps: [String] = []
    override func viewDidLoad() {
      super.viewDidLoad()
      title = "Notes"
      navigationItem.rightBarButtonItems = [
        BarButtonItem(barButtonSystemItem: .add, target: self, action: Editor.add),
        BarButtonItem(title: "Sort", style: .plain, target: self, action: Editor.sort),
      ]
    }
    func add() { taps.append("add") }
    func sort(_ sender: BarButtonItem) { taps.append("sort \(sender.title ?? "")") }
  }

  @Test func rightItemsShowInTheBarAndTheirTapsCallTheirActions() throws {
    let window = Window(size: CGSize(width: 390, height: 844))
    let editor = Editor()
    let navigation = NavigationController(rootViewController: editor)
    window.rootViewController = navigation
    window.prepareFrame()
    let bar = navigation.navigationBar
    #expect(bar.itemButtons.map(\.accessibilityIdentifier) == ["bar-add", "bar-sort"])
    #expect(bar.itemButtons[0].frame.maxX == 382, "the first item at the right edge")
    #expect(bar.itemButtons[1].frame.maxX == bar.itemButtons[0].frame.minX)
    try window.tap(at: CGPoint(x: bar.itemButtons[0].frame.midX, y: 22))
    try window.tap(at: CGPoint(x: bar.itemButtons[1].frame.midX, y: 22))
    #expect(editor.taps == ["add", "sort Sort"])
    editor.navigationItem.rightBarButtonItems?[1].title = "Order"
    window.prepareFrame()
    #expect(bar.itemButtons[1].title(for: .normal) == "Order", "an item's change reaches the bar")
  }

  @Test func aLeftItemReplacesTheBackButtonAndTheItemsTitleWins() {
    let window = Window(size: CGSize(width: 390, height: 844))
    let root = ViewController()
    root.title = "Root"
    let navigation = NavigationController(rootViewController: root)
    window.rootViewController = navigation
    window.prepareFrame()
    let detail = ViewController()
    detail.title = "Detail"
    detail.navigationItem.title = "Item title"
    navigation.pushViewController(detail, animated: false)
    window.prepareFrame()
    #expect(!navigation.navigationBar.backButton.isHidden)
    #expect(navigation.navigationBar.titleLabel.text == "Item title")
    var closed = false
    detail.navigationItem.leftBarButtonItem = BarButtonItem(
      title: "Close", primaryAction: Action { _ in closed = true })
    window.prepareFrame()
    #expect(navigation.navigationBar.backButton.isHidden)
    #expect(navigation.navigationBar.itemButtons.first?.frame.minX == 8)
    #expect(navigation.navigationBar.itemButtons.first?.accessibilityIdentifier == "bar-close")
    navigation.navigationBar.itemButtons.first?.sendActions(for: .touchUpInside)
    #expect(closed)
    navigation.popViewController(animated: false)
    window.prepareFrame()
    #expect(navigation.navigationBar.itemButtons.isEmpty, "the root has no items")
  }
}
