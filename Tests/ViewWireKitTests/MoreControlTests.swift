import Foundation
import Testing
import ViewWireDiff
import ViewWireKit

/// Segmented controls, steppers, activity indicators and progress views: UIKit's behaviour under
/// a finger and in code, and what their frames carry.
struct MoreControlTests {
  /// A window with a diff engine that already sent its first frame; the first view is #2.
  final class Stage {
    let window = Window(size: CGSize(width: 400, height: 400))
    let engine: DiffEngine
    var events: [String] = []

    init(_ views: View...) {
      for view in views { window.addSubview(view) }
      engine = DiffEngine(window: window)
      _ = engine.makeFrame()
    }

    func record(_ control: Control, as name: String) {
      control.addAction(Action { [unowned self] _ in self.events.append(name) }, for: .valueChanged)
    }

    func diffLines() -> [String] { engine.nextDiffLines() }
  }

  // MARK: Segmented control

  @Test func aTapSelectsTheSegmentUnderItAndSendsValueChangedOnce() throws {
    let control = SegmentedControl(items: ["One", "Two", "Three"])
    control.frame = CGRect(x: 0, y: 0, width: 300, height: 32)
    let stage = Stage(control)
    stage.record(control, as: "changed")
    try stage.window.tap(at: CGPoint(x: 150, y: 10))
    #expect(control.selectedSegmentIndex == 1)
    #expect(stage.diffLines() == ["render 2 selected=1"])
    try stage.window.tap(at: CGPoint(x: 160, y: 10))
    #expect(stage.events == ["changed"], "tapping the selected segment again sends nothing")
    try stage.window.tap(at: CGPoint(x: 299, y: 10))
    #expect(control.selectedSegmentIndex == 2)
    #expect(stage.events == ["changed", "changed"])
    control.selectedSegmentIndex = 0
    #expect(stage.events.count == 2, "code sends no action")
  }

  @Test func segmentsTravelAsOneStringAndEditsKeepTheSelection() {
    let control = SegmentedControl(items: ["A", "B"])
    let stage = Stage(control)
    #expect(control.frame.size == CGSize(width: 2 * (7 + 24), height: 32), "13-point titles, 12 either side")
    control.selectedSegmentIndex = 1
    control.insertSegment(withTitle: "Z", at: 0, animated: false)
    #expect(control.selectedSegmentIndex == 2)
    #expect(stage.diffLines() == ["render 2 segments=\"Z\\nA\\nB\" selected=2"])
    control.removeSegment(at: 2, animated: false)
    #expect(control.selectedSegmentIndex == SegmentedControl.noSegment)
    control.selectedSegmentIndex = 7
    #expect(control.selectedSegmentIndex == SegmentedControl.noSegment, "out of range selects none")
  }

  @Test func aMomentaryControlFiresWithoutKeepingTheSelection() throws {
    let control = SegmentedControl(items: ["Back", "Next"])
    control.frame = CGRect(x: 0, y: 0, width: 200, height: 32)
    control.isMomentary = true
    let stage = Stage(control)
    var seen: [Int] = []
    control.addAction(
      Action { action in seen.append((action.sender as! SegmentedControl).selectedSegmentIndex) },
      for: .valueChanged)
    try stage.window.tap(at: CGPoint(x: 150, y: 10))
    try stage.window.tap(at: CGPoint(x: 150, y: 10))
    #expect(seen == [1, 1])
    #expect(control.selectedSegmentIndex == SegmentedControl.noSegment)
  }

  // MARK: Stepper

  struct StepCase: CustomTestStringConvertible, Sendable {
    let name: String
    let start: Double
    let wraps: Bool
    /// x of each tap on a stepper at the origin: below 47 is minus, from 47 plus.
    let taps: [CGFloat]
    let value: Double
    let changes: Int
    var testDescription: String { name }
  }

  static let stepCases: [StepCase] = [
    StepCase(name: "plus twice", start: 0, wraps: false, taps: [80, 80], value: 2, changes: 2),
    StepCase(
      name: "minus at the minimum does nothing", start: 0, wraps: false, taps: [10], value: 0, changes: 0),
    StepCase(
      name: "minus at the minimum wraps to the maximum", start: 0, wraps: true, taps: [10], value: 10,
      changes: 1),
    StepCase(
      name: "plus stops at the maximum", start: 9.5, wraps: false, taps: [80, 80], value: 10, changes: 1),
    StepCase(
      name: "plus at the maximum wraps to the minimum", start: 10, wraps: true, taps: [80], value: 0,
      changes: 1),
  ]

  @Test(arguments: stepCases) func stepperTaps(_ step: StepCase) throws {
    let stepper = Stepper()
    stepper.maximumValue = 10
    stepper.value = step.start
    stepper.wraps = step.wraps
    let stage = Stage(stepper)
    stage.record(stepper, as: "changed")
    for x in step.taps { try stage.window.tap(at: CGPoint(x: x, y: 16)) }
    #expect(stepper.value == step.value)
    #expect(stage.events.count == step.changes)
  }

  @Test func aStepperSendsItsValueRangeAndStep() {
    let stepper = Stepper(frame: CGRect(x: 5, y: 5, width: 500, height: 500))
    #expect(stepper.frame.size == Stepper.size)
    let stage = Stage(stepper)
    stepper.stepValue = 5
    stepper.minimumValue = 200
    #expect(stepper.maximumValue == 200, "a minimum above the maximum moves it, as UIKit documents")
    #expect(stepper.value == 200)
    #expect(stage.diffLines() == ["render 2 max=200 min=200 step=5 value=200"])
  }

  // MARK: Activity indicator and progress view

  @Test func anActivityIndicatorIsHiddenWhileStopped() {
    let spinner = ActivityIndicatorView(style: .medium)
    #expect(spinner.frame.size == CGSize(width: 20, height: 20))
    #expect(spinner.isHidden)
    let stage = Stage(spinner)
    spinner.startAnimating()
    #expect(stage.diffLines() == ["render 2 animating=true hidden=none"])
    spinner.hidesWhenStopped = false
    spinner.stopAnimating()
    #expect(!spinner.isHidden)
    #expect(stage.diffLines() == ["render 2 animating=false"])
  }

  /// UIKit's `hidesWhenStopped = false` on a stopped spinner (the common set-up right after init)
  /// shows it; turning it back on hides it again.
  @Test func aStoppedSpinnerShowsWhenItStopsHidingWhenStopped() {
    let spinner = ActivityIndicatorView(style: .large)
    let stage = Stage(spinner)
    spinner.hidesWhenStopped = false
    #expect(!spinner.isHidden)
    #expect(stage.diffLines() == ["render 2 hidden=none"])
    spinner.hidesWhenStopped = true
    #expect(spinner.isHidden)
    #expect(stage.diffLines() == ["render 2 hidden=true"])
  }

  @Test func aProgressViewClampsItsProgress() {
    let bar = ProgressView(progressViewStyle: .default)
    let stage = Stage(bar)
    bar.setProgress(0.25, animated: true)
    #expect(stage.diffLines() == ["render 2 progress=0.25"])
    bar.progress = 3
    #expect(bar.progress == 1)
    bar.progress = -1
    #expect(bar.progress == 0)
    #expect(bar.intrinsicContentSize.height == 4)
  }
}
