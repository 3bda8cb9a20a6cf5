import Foundation
import Testing
import ViewWireDiff
import ViewWireKit

/// Switches, sliders, image views and scroll views: their events under a finger, and what
/// their frames carry.
struct ControlTests {
  /// A window with a diff engine that already sent its first frame.
  final class Stage {
    let window = Window(size: CGSize(width: 400, height: 400))
    let engine: DiffEngine
    var events: [String] = []

    init(_ views: View...) {
      for view in views { window.addSubview(view) }
      engine = DiffEngine(window: window)
      _ = engine.makeFrame()
    }

    func record(_ control: Control, _ event: Control.Event, as name: String) {
      control.addAction(Action { [unowned self] _ in self.events.append(name) }, for: event)
    }

    func diffLines() -> [String] { engine.nextDiffLines() }

    func drag(_ points: CGPoint...) throws {
      try window.touchDown(at: points[0])
      for point in points.dropFirst() { try window.touchMove(to: point) }
      try window.touchUp(at: points.last!)
    }
  }

  // MARK: Switch

  @Test func aTapFlipsASwitchAndSendsValueChanged() throws {
    let toggle = Switch(frame: CGRect(x: 10, y: 10, width: 200, height: 200))
    #expect(toggle.frame.size == CGSize(width: 51, height: 31), "a switch has one size")
    let stage = Stage(toggle)
    stage.record(toggle, .valueChanged, as: "changed")
    stage.record(toggle, .touchUpInside, as: "up")
    try stage.window.tap(at: CGPoint(x: 20, y: 20))
    #expect(toggle.isOn)
    #expect(stage.events == ["changed", "up"])
    #expect(stage.diffLines() == ["render 2 on=true"])
    try stage.window.tap(at: CGPoint(x: 20, y: 20))
    #expect(!toggle.isOn)
    #expect(stage.diffLines() == ["render 2 on=false"])
  }

  @Test func aSwitchSetInCodeOrReleasedFarAwaySendsNoAction() throws {
    let toggle = Switch()
    let stage = Stage(toggle)
    stage.record(toggle, .valueChanged, as: "changed")
    toggle.setOn(true, animated: true)
    #expect(stage.diffLines() == ["render 2 on=true"])
    try stage.drag(CGPoint(x: 5, y: 5), CGPoint(x: 300, y: 300))
    #expect(toggle.isOn, "lifted 70 points beyond the switch: no flip")
    toggle.isEnabled = false
    try stage.window.tap(at: CGPoint(x: 5, y: 5))
    #expect(toggle.isOn)
    #expect(stage.events.isEmpty)
  }

  // MARK: Slider

  /// A slider 228 points wide: its thumb travels 200 points, so 2 points per hundredth.
  func makeSlider() -> Slider {
    Slider(frame: CGRect(x: 0, y: 100, width: 228, height: 31))
  }

  struct DragCase: CustomTestStringConvertible, Sendable {
    let name: String
    let start: Float
    /// Finger positions in window coordinates; the first is the touch-down.
    let path: [CGPoint]
    let value: Float
    let changes: Int
    var testDescription: String { name }
  }

  static let dragCases: [DragCase] = [
    DragCase(
      name: "half way from the left end", start: 0,
      path: [CGPoint(x: 14, y: 115), CGPoint(x: 64, y: 115), CGPoint(x: 114, y: 115)], value: 0.5, changes: 2),
    DragCase(
      name: "past the right end clamps", start: 0.5,
      path: [CGPoint(x: 114, y: 115), CGPoint(x: 390, y: 115)], value: 1, changes: 1),
    DragCase(
      name: "left from the middle, starting near the thumb", start: 0.5,
      path: [CGPoint(x: 122, y: 120), CGPoint(x: 82, y: 60)], value: 0.3, changes: 1),
    DragCase(
      name: "on the track away from the thumb, nothing", start: 0,
      path: [CGPoint(x: 150, y: 115), CGPoint(x: 200, y: 115)], value: 0, changes: 0),
    DragCase(
      name: "a drag that comes back sends each change", start: 0.5,
      path: [CGPoint(x: 114, y: 115), CGPoint(x: 134, y: 115), CGPoint(x: 114, y: 115)], value: 0.5,
      changes: 2),
  ]

  @Test(arguments: dragCases)
  func draggingTheThumbChangesTheValue(_ testCase: DragCase) throws {
    let slider = makeSlider()
    slider.value = testCase.start
    let stage = Stage(slider)
    stage.record(slider, .valueChanged, as: "changed")
    try stage.window.touchDown(at: testCase.path[0])
    for point in testCase.path.dropFirst() { try stage.window.touchMove(to: point) }
    try stage.window.touchUp(at: testCase.path.last!)
    #expect(abs(slider.value - testCase.value) < 0.0001)
    #expect(stage.events.count == testCase.changes)
  }

  @Test func aNonContinuousSliderSendsOneChangeWhenTheFingerLifts() throws {
    let slider = makeSlider()
    slider.isContinuous = false
    let stage = Stage(slider)
    stage.record(slider, .valueChanged, as: "changed")
    try stage.drag(CGPoint(x: 14, y: 115), CGPoint(x: 54, y: 115), CGPoint(x: 94, y: 115))
    #expect(stage.events == ["changed"])
    #expect(stage.diffLines() == ["render 2 value=0.4"])
  }

  @Test func sliderRangeTravelsAndClampsTheValue() throws {
    let slider = makeSlider()
    let stage = Stage(slider)
    slider.maximumValue = 10
    slider.minimumValue = 2
    #expect(slider.value == 2)
    slider.setValue(50, animated: false)
    #expect(slider.value == 10)
    #expect(stage.diffLines() == ["render 2 max=10 min=2 value=10"])
    #expect(slider.thumbRect == CGRect(x: 200, y: 1.5, width: 28, height: 28))
  }

  // MARK: Image view

  @Test func namedImagesComeFromTheBuiltInSet() throws {
    #expect(Image(named: "star")?.size == CGSize(width: 24, height: 24))
    #expect(UIImage(systemName: "photo")?.size == CGSize(width: 120, height: 80))
    #expect(Image(named: "no-such-image") == nil)
    let imageView = UIImageView(image: UIImage(named: "photo"))
    #expect(imageView.frame.size == CGSize(width: 120, height: 80))
    let stage = Stage(imageView)
    imageView.image = Image(named: "heart")
    imageView.sizeToFit()
    #expect(stage.diffLines() == ["layout 2 0 0 24 24", #"render 2 image="heart""#])
    imageView.image = nil
    #expect(stage.diffLines() == ["render 2 image=none"])
  }

  // MARK: Scroll view

  /// A 200×200 scroll view at (0, 0) with 1000 points of content: 20 rows of 50 points, each
  /// with an identifier naming its number.
  final class ScrollScene {
    let scrollView = ScrollView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
    let stage: Stage
    var rows: [View] = []

    init() {
      scrollView.contentSize = CGSize(width: 200, height: 1000)
      for index in 0..<20 {
        let row = View(frame: CGRect(x: 0, y: CGFloat(index) * 50, width: 200, height: 50))
        row.accessibilityIdentifier = "row\(index)"
        scrollView.addSubview(row)
        rows.append(row)
      }
      stage = Stage(scrollView)
    }
  }

  @Test func draggingScrollsAndSendsOnlyTheOffset() throws {
    let scene = ScrollScene()
    #expect(scene.scrollView.clipsToBounds)
    try scene.stage.drag(CGPoint(x: 100, y: 150), CGPoint(x: 100, y: 100), CGPoint(x: 100, y: 30))
    #expect(scene.scrollView.contentOffset == CGPoint(x: 0, y: 120))
    #expect(scene.stage.diffLines() == [#"render 2 offset="0,120""#])
    #expect(scene.rows[3].frame.origin.y == 150, "subviews keep their content coordinates")
  }

  @Test func draggingClampsToTheContent() throws {
    let scene = ScrollScene()
    try scene.stage.drag(CGPoint(x: 100, y: 10), CGPoint(x: 150, y: 190))
    #expect(scene.scrollView.contentOffset == .zero, "cannot scroll above the top, nor sideways")
    #expect(scene.stage.diffLines() == [])
    scene.scrollView.setContentOffset(CGPoint(x: 0, y: 700), animated: false)
    try scene.stage.drag(CGPoint(x: 100, y: 190), CGPoint(x: 100, y: 10))
    #expect(scene.scrollView.contentOffset == CGPoint(x: 0, y: 800), "the last 200 points show at most")
  }

  @Test(arguments: [
    // (offset, the point tapped in window coordinates, the row hit)
    (CGFloat(0), CGFloat(10), "row0"), (0, 199, "row3"), (120, 10, "row2"), (120, 199, "row6"),
    (800, 199, "row19"),
  ])
  func hitTestingHonoursTheOffset(offset: CGFloat, y: CGFloat, expected: String) {
    let scene = ScrollScene()
    scene.scrollView.contentOffset = CGPoint(x: 0, y: offset)
    #expect(scene.stage.window.hitTest(CGPoint(x: 100, y: y))?.accessibilityIdentifier == expected)
  }

  @Test func rowsScrolledOutOfTheViewCannotBeTouchedBelowIt() {
    let scene = ScrollScene()
    scene.scrollView.contentOffset = CGPoint(x: 0, y: 100)
    #expect(scene.stage.window.hitTest(CGPoint(x: 100, y: 250)) === scene.stage.window)
  }

  @Test func aDragOverAButtonScrollsAndCancelsTheButton() throws {
    let scene = ScrollScene()
    let button = Button(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
    scene.scrollView.addSubview(button)
    scene.stage.record(button, .touchUpInside, as: "up")
    scene.stage.record(button, .touchCancel, as: "cancel")
    try scene.stage.drag(CGPoint(x: 100, y: 50), CGPoint(x: 100, y: 30))
    #expect(scene.stage.events == ["cancel"])
    #expect(scene.scrollView.contentOffset.y == 20)
    try scene.stage.window.tap(at: CGPoint(x: 100, y: 50))
    #expect(scene.stage.events == ["cancel", "up"], "a tap still reaches the button")
  }

  @Test func aSliderInsideAScrollViewKeepsItsDrag() throws {
    let scene = ScrollScene()
    let slider = Slider(frame: CGRect(x: 0, y: 50, width: 200, height: 31))
    scene.scrollView.addSubview(slider)
    try scene.stage.drag(CGPoint(x: 14, y: 65), CGPoint(x: 50, y: 40), CGPoint(x: 100, y: 20))
    #expect(scene.scrollView.contentOffset == .zero)
    #expect(slider.value > 0.4)
  }

  @Test func aSwitchInsideAScrollViewKeepsItsDrag() throws {
    let scene = ScrollScene()
    let toggle = Switch(frame: CGRect(x: 10, y: 60, width: 0, height: 0))
    scene.scrollView.addSubview(toggle)
    try scene.stage.drag(CGPoint(x: 20, y: 70), CGPoint(x: 30, y: 40), CGPoint(x: 40, y: 70))
    #expect(scene.scrollView.contentOffset == .zero)
    #expect(toggle.isOn, "the finger lifted on the switch, which flipped")
  }

  @Test func theDelegateHearsScrolling() throws {
    final class Listener: ScrollViewDelegate {
      var log: [String] = []
      func scrollViewDidScroll(_ scrollView: ScrollView) {
        log.append("scroll \(scrollView.contentOffset.y)")
      }
      func scrollViewWillBeginDragging(_ scrollView: ScrollView) { log.append("begin") }
      func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {
        log.append("end")
      }
    }
    let scene = ScrollScene()
    let listener = Listener()
    scene.scrollView.delegate = listener
    try scene.stage.drag(CGPoint(x: 100, y: 150), CGPoint(x: 100, y: 140), CGPoint(x: 100, y: 100))
    #expect(listener.log == ["begin", "scroll 10.0", "scroll 50.0", "end"])
  }

  @Test func contentSizeTravels() {
    let scrollView = ScrollView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    let stage = Stage(scrollView)
    scrollView.contentSize = CGSize(width: 10, height: 40.5)
    #expect(stage.diffLines() == [#"render 2 contentSize="10,40.5""#])
  }
}
