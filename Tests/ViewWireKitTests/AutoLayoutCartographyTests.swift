import Foundation
import Testing
import ViewWireKit

/// Seed 003's Cartography DSL: `constrain(view, subview) { $1.edges == $0.edges }` and friends.
struct AutoLayoutCartographyTests {
  static let cases: [(name: String, block: @Sendable (LayoutProxy, LayoutProxy) -> Void, frame: String)] = [
    ("seed 003: edges == edges", { view, sub in sub.edges == view.edges }, "0 0 300 200"),
    ("inset edges", { view, sub in sub.edges == inset(view.edges, 10, 20, 30, 40) }, "20 10 240 160"),
    (
      "centred, half the width, fixed height",
      { view, sub in
        sub.center == view.center
        sub.width == view.width * 0.5
        sub.height == 40
      }, "75 80 150 40"
    ),
    (
      "size equal, placed by offsets",
      { view, sub in
        sub.size == view.size
        sub.left == view.left + 5
        sub.top == view.top - 5
      }, "5 -5 300 200"
    ),
    (
      "a weak wish loses to a required limit",
      { view, sub in
        sub.top == view.top
        sub.leading == view.leading
        sub.height == 10
        sub.width == 500 ~ .defaultLow
        sub.width <= view.width - 20
        sub.width >= 10
      }, "0 0 280 10"
    ),
    (
      "terms on both sides",
      { view, sub in
        sub.top == view.top
        sub.leading == view.leading
        sub.height == 10
        sub.width * 2 == view.width + 100
      }, "0 0 200 10"
    ),
  ]

  @Test(arguments: 0..<cases.count)
  func relationsBecomeFrames(index: Int) {
    let entry = Self.cases[index]
    let window = Window(size: CGSize(width: 300, height: 200))
    let container = View(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
    let subview = View()
    window.addSubview(container)
    container.addSubview(subview)
    constrain(container, subview, entry.block)
    #expect(subview.translatesAutoresizingMaskIntoConstraints == false)
    #expect(container.translatesAutoresizingMaskIntoConstraints == true)
    window.prepareFrame()
    #expect(text(subview.frame) == entry.frame, "\(entry.name)")
  }

  /// Cartography's rule: the views on the left of a relation stop translating their frames,
  /// whichever argument of `constrain` they are; a view only on the right keeps its frame.
  @Test func viewsOnTheLeftOfARelationStopTranslatingTheirFrames() {
    let window = Window(size: CGSize(width: 320, height: 480))
    let root = View(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
    let image = View()
    window.addSubview(root)
    root.addSubview(image)
    constrain(image, root) { image, root in
      image.left == root.left
      image.top == root.top
      image.width == root.width
      image.height == image.width
    }
    #expect(image.translatesAutoresizingMaskIntoConstraints == false)
    #expect(root.translatesAutoresizingMaskIntoConstraints == true)
    window.prepareFrame()
    #expect(text(image.frame) == "0 0 320 320")
  }
}
