import Testing
import ViewWireClient
import ViewWireProtocol

@testable import ViewWireTerminal

/// A frame that sets `anim` is played from the old values to the new ones.
struct AnimatorTests {
  static let start = [
    "create 1 Window - 0", "layout 1 0 0 85 84", "render 1 bg=#ffffffff",
    "create 2 View 1 0", "layout 2 0 0 17 21", "render 2 bg=#ff0000ff",
  ]

  static func moved(anim: String?) -> Mirror {
    let render = "render 2 " + (anim.map { "anim=\"\($0)\" " } ?? "") + "bg=#0000ffff"
    return MirrorFixture.mirror(
      [
        "create 1 Window - 0", "layout 1 0 0 85 84", "render 1 bg=#ffffffff", "create 2 View 1 0",
        "layout 2 68 42 17 21", render,
      ])
  }

  @Test func aFrameThatSetsAnimMovesTheViewOverItsDurationAfterItsDelay() {
    var animator = Animator()
    animator.frameApplied(
      old: MirrorFixture.mirror(Self.start), new: Self.moved(anim: "1 1 0.5 linear"), isFull: false, now: 10)
    #expect(animator.nodes(at: 10.25)[2]?.frame == ["0", "0", "17", "21"])  // waiting for its delay
    let halfway = animator.nodes(at: 11)[2]
    #expect(halfway?.frame == ["34", "21", "17", "21"])
    #expect(halfway?.properties["bg"] == "#800080ff")
    #expect(halfway?.properties["anim"] == #""1 1 0.5 linear""#)
    #expect(animator.isAnimating(at: 11.4))
    #expect(!animator.isAnimating(at: 11.5))
    animator.prune(at: 11.5)
    #expect(animator.nodes(at: 11.5).isEmpty)
  }

  @Test func aFrameWithoutAnimOrAFullFrameIsShownAtOnce() {
    var animator = Animator()
    animator.frameApplied(
      old: MirrorFixture.mirror(Self.start), new: Self.moved(anim: nil), isFull: false, now: 0)
    #expect(animator.nodes(at: 0.1).isEmpty)
    animator.frameApplied(
      old: MirrorFixture.mirror(Self.start), new: Self.moved(anim: "1 1 0 linear"), isFull: true, now: 0)
    #expect(animator.nodes(at: 0.1).isEmpty)
  }

  @Test func curvesFollowCSS() {
    #expect(Animator.ease("linear", 0.3) == 0.3)
    #expect(abs(Animator.ease("easeInOut", 0.5) - 0.5) < 1e-6)
    #expect(Animator.ease("easeIn", 0.5) < 0.5 && Animator.ease("easeOut", 0.5) > 0.5)
    #expect(abs(Animator.ease("easeIn", 1) - 1) < 1e-6 && abs(Animator.ease("easeOut", 0)) < 1e-6)
  }

  @Test func theRasteriserShowsTheViewInMidFlight() {
    var animator = Animator()
    let end = Self.moved(anim: "1 1 0 linear")
    animator.frameApplied(old: MirrorFixture.mirror(Self.start), new: end, isFull: false, now: 0)
    let grid = Rasterizer.grid(of: end, columns: 10, rows: 4, overrides: animator.nodes(at: 0.5))
    #expect(grid[4, 1].background == RGB(0x80, 0x00, 0x80))  // at (34, 21), half red, half blue
    #expect(grid[8, 2].background == .white)
  }
}
