import Foundation
import Testing
import ViewWireDiff
import ViewWireKit

/// `View.animate`: final values at once, `anim` in the frame that carries them, the completion
/// after the duration on the window's clock, and `anim` removed then.
struct AnimationTests {
  final class Stage {
    let window = Window(size: CGSize(width: 400, height: 400))
    let clock = ManualScheduler()
    let box = View(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
    let other = View(frame: CGRect(x: 100, y: 0, width: 50, height: 50))
    let engine: DiffEngine

    init() {
      window.scheduler = clock
      window.addSubview(box)
      window.addSubview(other)
      engine = DiffEngine(window: window)
      _ = engine.makeFrame()
    }

    func diffLines() -> [String] { engine.nextDiffLines() }
  }

  @Test func theModelTakesTheFinalValuesAtOnceAndTheCompletionWaitsForTheDuration() {
    let stage = Stage()
    var completions: [Bool] = []
    View.animate(
      withDuration: 0.3, delay: 0, options: [.curveEaseOut],
      animations: {
        stage.box.frame.origin = CGPoint(x: 200, y: 100)
        stage.box.alpha = 0.5
        #expect(stage.box.frame.origin.x == 200, "inside the block the model already has the new value")
      },
      completion: { completions.append($0) })
    #expect(stage.box.alpha == 0.5)
    #expect(
      stage.diffLines() == ["layout 2 200 100 50 50", #"render 2 alpha=0.5 anim="1 0.3 0 easeOut""#])
    stage.clock.advance(by: 0.299)
    #expect(completions.isEmpty)
    #expect(stage.diffLines() == [])
    stage.clock.advance(by: 0.001)
    #expect(completions == [true])
    #expect(stage.diffLines() == ["render 2 anim=none"])
    #expect(stage.clock.pendingCount == 0)
  }

  /// UIKit's idiom for animating a constraint: change its constant, then lay out inside the
  /// animation block; `layoutIfNeeded` solves the constraints, so the move is animated.
  @Test func aConstraintChangeLaidOutInsideTheBlockIsAnimated() {
    let stage = Stage()
    let child = View()
    child.translatesAutoresizingMaskIntoConstraints = false
    stage.box.addSubview(child)
    let left = child.leftAnchor.constraint(equalTo: stage.box.leftAnchor, constant: 10)
    NSLayoutConstraint.activate([
      left, child.topAnchor.constraint(equalTo: stage.box.topAnchor),
      child.widthAnchor.constraint(equalToConstant: 20), child.heightAnchor.constraint(equalToConstant: 20),
    ])
    #expect(stage.diffLines() == ["create 4 View 2 0", "layout 4 10 0 20 20"])
    left.constant = 25
    View.animate(withDuration: 0.25) { stage.box.layoutIfNeeded() }
    #expect(child.frame.origin.x == 25, "layoutIfNeeded applied the new constant at once")
    #expect(stage.diffLines() == ["layout 4 25 0 20 20", #"render 4 anim="1 0.25 0 easeInOut""#])
  }

  struct CurveCase: CustomTestStringConvertible, Sendable {
    let options: View.AnimationOptions
    let delay: TimeInterval
    let anim: String
    var testDescription: String { anim }
  }

  @Test(arguments: [
    CurveCase(options: [], delay: 0, anim: "1 0.25 0 easeInOut"),
    CurveCase(options: .curveEaseIn, delay: 0.5, anim: "1 0.25 0.5 easeIn"),
    CurveCase(options: [.curveLinear, .allowUserInteraction], delay: 0, anim: "1 0.25 0 linear"),
    CurveCase(options: .curveEaseInOut, delay: 1.125, anim: "1 0.25 1.125 easeInOut"),
  ])
  func curveAndDelayTravelInAnim(_ testCase: CurveCase) {
    let stage = Stage()
    var done = false
    View.animate(
      withDuration: 0.25, delay: testCase.delay, options: testCase.options,
      animations: { stage.box.backgroundColor = .red }, completion: { _ in done = true })
    #expect(stage.diffLines() == [#"render 2 anim="\#(testCase.anim)" bg=#ff0000ff"#])
    stage.clock.advance(by: testCase.delay + 0.2)
    #expect(!done, "the delay counts before the duration")
    stage.clock.advance(by: 0.05)
    #expect(done)
  }

  @Test func onlyTheViewsThatChangedAreAnimatedAndEachAnimationHasItsOwnSerial() {
    let stage = Stage()
    View.animate(withDuration: 1) { stage.box.center = CGPoint(x: 30, y: 30) }
    #expect(stage.diffLines() == ["layout 2 5 5 50 50", #"render 2 anim="1 1 0 easeInOut""#])
    stage.other.backgroundColor = .blue  // outside any block: not animated
    View.animate(withDuration: 1) { stage.box.center = CGPoint(x: 60, y: 60) }
    #expect(
      stage.diffLines() == [
        "layout 2 35 35 50 50", "render 3 bg=#0000ffff", #"render 2 anim="2 1 0 easeInOut""#,
      ])
    stage.clock.advance(by: 1)
    // The first animation's end finds the second's value and leaves it; the second removes it.
    #expect(stage.diffLines() == ["render 2 anim=none"])
  }

  @Test func aBlockThatChangesNothingCompletesAtOnce() {
    let stage = Stage()
    var done = false
    View.animate(withDuration: 2, animations: {}, completion: { _ in done = true })
    #expect(done)
    #expect(stage.diffLines() == [])
  }

  @Test func aZeroDurationChangesWithoutAnimating() {
    let stage = Stage()
    var done = false
    View.animate(withDuration: 0, animations: { stage.box.alpha = 0 }, completion: { _ in done = true })
    #expect(done)
    #expect(stage.diffLines() == ["render 2 alpha=0"])
    done = false
    View.animate(
      withDuration: -1, delay: 2, options: [], animations: { stage.box.alpha = 1 },
      completion: { _ in done = true })
    #expect(done, "a delay alone does not make an animation")
    #expect(stage.diffLines() == ["render 2 alpha=none"])
  }

  @Test func performWithoutAnimationInsideABlockIsNotAnimated() {
    let stage = Stage()
    View.animate(withDuration: 1) {
      stage.box.alpha = 0.5
      View.performWithoutAnimation { stage.other.alpha = 0.5 }
    }
    #expect(stage.diffLines() == [#"render 2 alpha=0.5 anim="1 1 0 easeInOut""#, "render 3 alpha=0.5"])
  }

  @Test func layoutIfNeededInsideTheBlockAnimatesTheSubviewsItMoves() {
    let stage = Stage()
    let child = View()
    stage.box.addSubview(child)
    let layout = Layout(child: child)
    stage.box.addSubview(layout)
    _ = stage.engine.makeFrame()
    View.animate(withDuration: 0.5) {
      layout.frame.size = CGSize(width: 40, height: 40)
      stage.box.layoutIfNeeded()
    }
    let lines = stage.diffLines()
    #expect(lines.contains(#"render 5 anim="1 0.5 0 easeInOut""#), "the resized view is animated: \(lines)")
    #expect(
      lines.contains(#"render 4 anim="1 0.5 0 easeInOut""#), "so is the view its layout moved: \(lines)")
  }

  /// Sizes `child` to half of its own width when laid out.
  private final class Layout: View {
    let child: View
    required convenience init() { self.init(child: View()) }

    init(child: View) {
      self.child = child
      super.init(frame: .zero)
    }
    override func layoutSubviews() { child.frame = CGRect(x: 0, y: 0, width: bounds.width / 2, height: 1) }
  }
}
