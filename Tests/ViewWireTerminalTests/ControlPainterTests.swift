import Testing
import ViewWireClient

@testable import ViewWireTerminal

/// Section 14's "newer controls" in cells: the command lists the spec gives, and the characters
/// its "Terminals" part puts where a control is finer than a cell.
struct ControlPainterTests {
  static func node(_ props: String, _ cls: String = "SegmentedControl") -> Mirror.Node {
    let mirror = MirrorFixture.mirror([
      "create 1 Window - 0", "layout 1 0 0 170 84", "create 2 \(cls) 1 0", "layout 2 0 0 180 32",
      "render 2 \(props)",
    ])
    return mirror.nodes[2]!
  }

  @Test func aSegmentedControlsListHasTheTrackTheThumbAndCentredTitles() {
    let commands = ControlPainter.segmentedCommands(
      Self.node(#"segments="60\n90\n120" selected=1"#), width: 180, height: 32)
    #expect(
      commands.split(separator: "\n").map(String.init) == [
        "fill #7676801f", "rrect 0 0 180 32 8", "paint fill",
        "fill #ffffffff", "stroke #0000001f", "rrect 62 2 56 28 6", "paint both",
        "fill #000000ff", #"text 23.5 8 13 regular "60""#,
        "fill #000000ff", #"text 83.5 8 13 semibold "90""#,
        "fill #000000ff", #"text 140.25 8 13 regular "120""#,
      ])
  }

  @Test(arguments: [
    ("value=0 min=0 max=100", "#3c3c434d", "#000000ff"),
    ("value=50 min=0 max=100", "#000000ff", "#000000ff"),
    ("value=100 min=0 max=100", "#000000ff", "#3c3c434d"),
    ("value=5 min=5 max=5 wraps=true", "#000000ff", "#000000ff"),
  ])
  func aStepperDimsTheEndATapWouldNotChange(_ props: String, _ minus: String, _ plus: String) {
    let (low, high) = ControlPainter.stepperColours(Self.node(props, "Stepper"))
    #expect(low.wireText == minus && high.wireText == plus)
  }

  @Test func theStepperProgressBarAndSpinnerAreCharacters() {
    let grid = RasterizerTests.grid(
      [
        "create 2 Stepper 1 0", "layout 2 0 0 94 32", "render 2 max=100 min=0 value=0",
        "create 3 ProgressView 1 1", "layout 3 0 50 85 4", "render 3 progress=0.5",
        "create 4 ActivityIndicatorView 1 2", "layout 4 60 63 20 20", "render 4 animating=true",
      ], rows: 4)
    #expect(grid[2, 0].character == "−" && grid[8, 0].character == "+")
    #expect(grid[2, 0].foreground != grid[8, 0].foreground)  // the minus is dimmed at min
    // The 4-point bar at y = 50...54 is on row 2; columns whose centre is left of 42.5 are tinted.
    #expect((0..<10).map { grid[$0, 2].character } == Array(repeating: "━", count: 10))
    #expect(grid[4, 2].foreground == RGB(0x00, 0x7a, 0xff) && grid[5, 2].foreground == RGB(0xe5, 0xe5, 0xea))
    #expect(grid[8, 3].character == "✻")
  }
}
