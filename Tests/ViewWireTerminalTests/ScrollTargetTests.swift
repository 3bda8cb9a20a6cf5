import Testing

@testable import ViewWireTerminal

/// The wheel scrolls only where a scroll view is under the pointer.
struct ScrollTargetTests {
  static let mirror = MirrorFixture.mirror([
    "create 1 Window - 0", "layout 1 0 0 85 84",
    "create 2 ScrollView 1 0", "layout 2 0 21 85 42", #"render 2 contentSize="85,400" offset="0,20""#,
    "create 3 Button 2 0", "layout 3 0 20 85 21",
    "create 4 ScrollView 1 1", "layout 4 0 63 85 21", #"render 4 contentSize="85,100" hidden=true"#,
  ])

  struct Case: Sendable {
    let x: Double
    let y: Double
    let scrolls: Bool
  }

  static let cases: [Case] = [
    Case(x: 4.25, y: 10.5, scrolls: false),  // the window
    Case(x: 4.25, y: 31.5, scrolls: true),  // the scroll view, over its button
    Case(x: 80, y: 60, scrolls: true),
    Case(x: 4.25, y: 73.5, scrolls: false),  // a hidden scroll view
    Case(x: 90, y: 31.5, scrolls: false),  // outside the window
  ]

  @Test(arguments: cases) func wheelTarget(_ example: Case) {
    #expect(ScrollTarget.isOverScrollView(Self.mirror, x: example.x, y: example.y) == example.scrolls)
  }
}
