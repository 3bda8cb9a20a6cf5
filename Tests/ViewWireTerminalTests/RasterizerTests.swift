import Testing
import ViewWireClient

@testable import ViewWireTerminal

/// The mirror as cells: backgrounds, translucency, text placement, controls, clipping, drawing.
struct RasterizerTests {
  /// A 10 × 4 window (85 × 84 points) holding the given views under the white root.
  static func grid(_ lines: [String], columns: Int = 10, rows: Int = 4) -> CellGrid {
    let mirror = MirrorFixture.mirror(
      ["create 1 Window - 0", "layout 1 0 0 85 84", "render 1 bg=#ffffffff"] + lines)
    return Rasterizer.grid(of: mirror, columns: columns, rows: rows)
  }

  static let legend: [String: Character] = ["ffffff": ".", "ff0000": "R", "00ff00": "G", "000000": "K"]

  @Test func aViewCoversTheCellsWhoseCentresItHolds() {
    // 17 × 21 points at (8.5, 21): columns 1 and 2, row 1.
    let grid = Self.grid(["create 2 View 1 0", "layout 2 8.5 21 17 21", "render 2 bg=#ff0000ff"])
    #expect(
      MirrorFixture.backgrounds(grid, Self.legend) == """
        ..........
        .RR.......
        ..........
        ..........
        """)
  }

  @Test func translucentColoursBlendOverWhatIsBeneath() {
    let grid = Self.grid([
      "create 2 View 1 0", "layout 2 0 0 85 84", "render 2 bg=#aaaaaaff",
      "create 3 View 2 0", "layout 3 0 0 85 21", "render 3 bg=#00ff004d",
    ])
    // 0x4d / 255 of green over #aaaaaa: 170 × (1 - 0.302) = 118.7, and 118.7 + 77 = 195.7.
    #expect(grid[0, 0].background == RGB(0x77, 0xc4, 0x77))
    #expect(grid[0, 1].background == RGB(0xaa, 0xaa, 0xaa))
  }

  @Test func hiddenAndTransparentViewsAreNotDrawnAndAlphaMultiplies() {
    let grid = Self.grid([
      "create 2 View 1 0", "layout 2 0 0 85 21", "render 2 bg=#ff0000ff hidden=true",
      "create 3 View 1 1", "layout 3 0 21 85 21", "render 3 alpha=0.005 bg=#ff0000ff",
      "create 4 View 1 2", "layout 4 0 42 85 42", "render 4 alpha=0.5",
      "create 5 View 4 0", "layout 5 0 0 85 21", "render 5 alpha=0.5 bg=#000000ff",
    ])
    #expect(grid[0, 0].background == .white)
    #expect(grid[0, 1].background == .white)
    #expect(grid[0, 2].background == RGB(0xbf, 0xbf, 0xbf))  // black at 0.25 over white
  }

  struct TextCase: Sendable, CustomTestStringConvertible {
    let properties: String
    let className: String
    let row: String
    var testDescription: String { "\(className) \(properties)" }
  }

  static let textCases: [TextCase] = [
    TextCase(properties: #"text="Hi""#, className: "Label", row: "Hi"),
    TextCase(properties: #"align="center" text="Hi""#, className: "Label", row: "    Hi"),
    TextCase(properties: #"align="right" text="Hi""#, className: "Label", row: "        Hi"),
    TextCase(properties: #"text="Hi""#, className: "Button", row: "    Hi"),
    TextCase(properties: #"text="Hello, world""#, className: "Label", row: "Hello, wo…"),
    TextCase(properties: #"text="日本""#, className: "Label", row: "日本"),
  ]

  @Test(arguments: textCases) func textIsPlacedByItsAlignmentAndTruncated(_ example: TextCase) {
    let grid = Self.grid([
      "create 2 \(example.className) 1 0", "layout 2 0 21 85 21", "render 2 \(example.properties)",
    ])
    #expect(grid.text.split(separator: "\n", omittingEmptySubsequences: false)[1] == Substring(example.row))
  }

  @Test func wrappingLabelsBreakAtWordsAndCentreVertically() {
    let grid = Self.grid([
      "create 2 Label 1 0", "layout 2 0 0 68 84", #"render 2 lines=0 text="one two three""#,
      "create 3 Label 1 1", "layout 3 68 0 17 84", #"render 3 lines=2 text="abcdef""#,
    ])
    // Two lines of eight cells in four rows start on the second; a word wider than its line is
    // broken between characters, and a capped text ends with an ellipsis.
    #expect(grid.text == "\none two ab\nthree   c…\n")
  }

  @Test func aFocusedFieldShowsACaretAfterItsTextAndASecureOneItsMask() {
    let grid = Self.grid([
      "create 2 TextField 1 0", "layout 2 0 0 85 21",
      #"render 2 borderStyle="line" focused=true text="ab" textColor=#000000ff"#,
      "create 3 TextField 1 1", "layout 3 0 42 85 21",
      #"render 3 placeholder="Password" secure=true text="•••""#,
    ])
    // Text from x = 8 (column round(8 / 8.5) = 1); the caret at 8 + 17 = 25 points, column 3,
    // in the tint.
    #expect(grid.text.hasPrefix(" ab\n\n •••"))
    #expect(grid[3, 0].background == RGB(0x00, 0x7a, 0xff))
    #expect(grid[0, 0].underline && grid[9, 0].underline)
    #expect(!grid[0, 2].underline)
  }

  @Test func anEmptyFieldShowsItsPlaceholderInGrey() {
    let grid = Self.grid([
      "create 2 TextField 1 0", "layout 2 0 0 85 21", #"render 2 placeholder="Name" text="""#,
    ])
    #expect(grid.text.hasPrefix(" Name"))
    #expect(grid[1, 0].foreground == RGB(0xc4, 0xc4, 0xc6))  // #3c3c434d over white
  }

  @Test func switchesSlidersAndImages() {
    let grid = Self.grid([
      "create 2 Switch 1 0", "layout 2 0 0 51 21", "render 2 on=true",
      "create 3 Slider 1 1", "layout 3 0 21 85 21", "render 3 value=0.5",
      "create 4 ImageView 1 2", "layout 4 0 42 24 24", #"render 4 image="star""#,
    ])
    // The switch in half blocks: the track green, the knob (27 points across from x = 22) white
    // in the cells whose upper and lower halves it covers, a half block where it covers one.
    // The slider's thumb centre, 14 + 0.5 × (85 - 28) = 42.5 points, is in column 5.
    #expect(grid.text == "     ▀\n━━━━━●━━━━\n ★\n")
    #expect(grid[0, 0].background == RGB(0x34, 0xc7, 0x59))
    #expect(grid[3, 0].background == .white && grid[4, 0].background == .white)
    #expect(grid[5, 0].foreground == RGB(0x34, 0xc7, 0x59) && grid[5, 0].background == .white)
    #expect(grid[1, 1].foreground == RGB(0x00, 0x7a, 0xff) && grid[7, 1].foreground == RGB(0xe5, 0xe5, 0xea))
  }

  @Test func scrollViewsOffsetAndClipTheirSubviews() {
    let grid = Self.grid([
      "create 2 ScrollView 1 0", "layout 2 17 21 34 42",
      #"render 2 clips=true contentSize="34,200" offset="0,21""#,
      "create 3 View 2 0", "layout 3 0 0 34 42", "render 3 bg=#ff0000ff",
      "create 4 View 2 1", "layout 4 0 42 34 42", "render 4 bg=#00ff00ff",
    ])
    #expect(
      MirrorFixture.backgrounds(grid, Self.legend) == """
        ..........
        ..RRRR....
        ..GGGG....
        ..........
        """)
  }

  @Test func bordersAreBoxDrawnAboveSubviews() {
    let grid = Self.grid([
      "create 2 View 1 0", "layout 2 0 0 51 63", "render 2 border=1 borderColor=#ff0000ff",
      "create 3 View 2 0", "layout 3 0 0 51 63", "render 3 bg=#000000ff",
    ])
    #expect(grid.text == "┌────┐\n│    │\n└────┘\n")
    #expect(grid[0, 0].foreground == RGB(255, 0, 0) && grid[0, 0].background == .black)
  }

  @Test func drawingsAreRasterisedInHalfBlocks() {
    // A red rectangle over the top half of row 0 and all of row 1, in columns 0 to 3.
    let grid = Self.grid([
      "create 2 CanvasView 1 0", "layout 2 0 0 85 84",
      #"render 2 draw="fill #ff0000ff\nrect 0 0 34 10.5\nrect 0 21 34 21\npaint fill""#,
    ])
    #expect(grid[0, 0].character == "▀" && grid[0, 0].foreground == RGB(255, 0, 0))
    #expect(grid[0, 0].background == .white)
    #expect(grid[0, 1].character == " " && grid[0, 1].background == RGB(255, 0, 0))
    #expect(grid[4, 1].background == .white)
  }

  @Test func drawnTextGoesInTheCellOfItsCorner() {
    let grid = Self.grid([
      "create 2 CanvasView 1 0", "layout 2 0 0 85 84",
      #"render 2 draw="fill #0000ffff\ntext 17 21 17 bold \"Hi\"\nunknown 1 2 3""#,
    ])
    #expect(grid.text.split(separator: "\n", omittingEmptySubsequences: false)[1] == "  Hi")
    #expect(grid[2, 1].bold && grid[2, 1].foreground == RGB(0, 0, 255))
  }

  /// Only the cells on screen are visited, so a view millions of points wide costs a screen.
  @Test func hugeViewsAreClippedToTheScreen() {
    let grid = Self.grid([
      "create 2 View 1 0", "layout 2 -5000000 0 10000000 42", "render 2 border=1 bg=#ff0000ff",
      "create 3 Slider 1 1", "layout 3 0 63 9000000 21", "render 3 value=1",
    ])
    #expect(grid.text == "──────────\n──────────\n\n━━━━━━━━━━")
  }

  /// Section 14: `offset` moves the subviews of any view; only `clips` clips them.
  @Test func offsetMovesSubviewsOfAnyViewAndOnlyClipsClips() {
    let grid = Self.grid([
      "create 2 View 1 0", "layout 2 17 21 34 21", #"render 2 offset="0,21""#,
      "create 3 View 2 0", "layout 3 0 0 34 42", "render 3 bg=#ff0000ff",
    ])
    #expect(
      MirrorFixture.backgrounds(grid, Self.legend) == """
        ..RRRR....
        ..RRRR....
        ..........
        ..........
        """)
  }

  @Test func viewsOfNoSizePaintNothingOfTheirOwnButTheirSubviews() {
    let grid = Self.grid([
      "create 2 View 1 0", "layout 2 0 0 -30 42", "render 2 bg=#000000ff border=1",
      "create 3 View 2 0", "layout 3 0 0 17 21", "render 3 bg=#ff0000ff",
    ])
    #expect(MirrorFixture.backgrounds(grid, Self.legend).hasPrefix("RR........\n.........."))
  }
}
