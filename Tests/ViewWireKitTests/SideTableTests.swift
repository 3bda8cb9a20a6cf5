import Foundation
import Testing
import ViewWireKit

/// Issue 14, "Cheaper per input": the objects every tap and drag retains and releases (the
/// window, the touched view, the controller that is the target of the action, its root view)
/// must not have a side table, or each retain and release of them takes the runtime's slow path.
/// The first weak reference ever made to an object gives it one for good, so these tests run the
/// input and then look at each object's reference count word; the kit's references that replace
/// weak ones must still read nil, never dangle, once their object is gone.
struct SideTableTests {
  /// Whether `object`'s reference counts moved to a side table: the inline word (after the
  /// isa pointer) then holds the table's address with its top two bits set (the runtime's
  /// `UseSlowRC` and `SideTableMark`, bits 63 and 62 on 64-bit platforms).
  static func hasSideTable(_ object: AnyObject) -> Bool {
    let word = Unmanaged.passUnretained(object).toOpaque().load(
      fromByteOffset: MemoryLayout<Int>.size, as: UInt64.self)
    return word >> 62 == 0b11
  }

  final class Probe {}

  @Test func theProbeSeesTheSideTableAWeakReferenceMakes() {
    let object = Probe()
    #expect(!Self.hasSideTable(object))
    weak let reference = object
    #expect(reference === object)
    #expect(Self.hasSideTable(object))
  }

  @Test func aCheckedUnownedReferenceMakesNoSideTableAndReadsNilOnceTheObjectIsGone() {
    var object: Probe? = Probe()
    let box = UnownedBox(object)
    #expect(box.object === object)
    #expect(box.refers(to: object))
    #expect(!Self.hasSideTable(object!))
    object = nil
    #expect(box.object == nil)
  }

  // MARK: The tap and the drag

  final class SwitchController: ViewController {
    let toggle = Switch(frame: CGRect(x: 10, y: 10, width: 51, height: 31))
    var changes = 0
    override func viewDidLoad() {
      super.viewDidLoad()
      view.addSubview(toggle)
      toggle.addTarget(self, action: SwitchController.toggled, for: .valueChanged)
    }
    func toggled(_ sender: Switch) { changes += 1 }
  }

  @Test func aTapOnASwitchLeavesTheWindowTheSwitchAndItsTargetWithoutSideTables() throws {
    let window = Window(size: CGSize(width: 320, height: 480))
    window.scheduler = ManualScheduler()
    let controller = SwitchController()
    window.rootViewController = controller
    window.layoutIfNeeded()
    for _ in 0..<2 { try window.tap(at: CGPoint(x: 30, y: 25)) }
    #expect(controller.changes == 2)
    #expect(controller.toggle.isOn == false)
    #expect(!Self.hasSideTable(window))
    #expect(!Self.hasSideTable(controller.toggle))
    #expect(!Self.hasSideTable(controller))
    #expect(!Self.hasSideTable(controller.view))
  }

  final class PanController: ViewController {
    let square = View(frame: CGRect(x: 100, y: 100, width: 100, height: 100))
    var moves = 0
    override func viewDidLoad() {
      super.viewDidLoad()
      view.addSubview(square)
      view.addGestureRecognizer(PanGestureRecognizer(target: self, action: PanController.handlePan))
    }
    func handlePan(_ recognizer: PanGestureRecognizer) {
      moves += 1
      square.center = recognizer.location(in: view)
    }
  }

  @Test func aDragLeavesTheWindowTheViewsAndTheTargetWithoutSideTables() throws {
    let window = Window(size: CGSize(width: 320, height: 480))
    window.scheduler = ManualScheduler()
    let controller = PanController()
    window.rootViewController = controller
    window.layoutIfNeeded()
    try window.touchDown(at: CGPoint(x: 150, y: 150))
    for y in stride(from: 160, through: 300, by: 20) { try window.touchMove(to: CGPoint(x: 150, y: y)) }
    try window.touchUp(at: CGPoint(x: 150, y: 300))
    #expect(controller.moves > 2)
    #expect(controller.square.center == CGPoint(x: 150, y: 300))
    #expect(!Self.hasSideTable(window))
    #expect(!Self.hasSideTable(controller.square))
    #expect(!Self.hasSideTable(controller))
    #expect(!Self.hasSideTable(controller.view))
  }

  // MARK: The references that replace weak ones never dangle

  @Test func aRemovedViewHasNoWindowAndAViewThatOutlivesItsWindowHasNone() {
    let kept = View(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    let child = View()
    kept.addSubview(child)
    do {
      let window = Window(size: CGSize(width: 100, height: 100))
      window.addSubview(kept)
      #expect(kept.window === window)
      #expect(child.window === window)
      kept.removeFromSuperview()
      #expect(kept.window == nil)
      #expect(child.window == nil)
      window.addSubview(kept)
      #expect(child.window === window)
    }
    // The window is gone while its subview lives on: neither names it.
    #expect(kept.superview == nil)
    #expect(kept.window == nil)
    #expect(child.window == nil)
    #expect(child.traitCollection == TraitCollection())
  }

  final class TouchKeeper: View {
    var touches: [Touch] = []
    override func touchesBegan(_ touch: Touch) { touches.append(touch) }
  }

  @Test func aTouchKeptByTheAppNamesNeitherItsViewNorItsWindowOnceTheyAreGone() throws {
    var keeper: TouchKeeper? = TouchKeeper(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
    var window: Window? = Window(size: CGSize(width: 100, height: 100))
    window!.addSubview(keeper!)
    try window!.touchDown(at: CGPoint(x: 10, y: 10))
    let touch = try #require(keeper!.touches.first)
    #expect(touch.view === keeper)
    #expect(touch.window === window)
    keeper!.removeFromSuperview()
    #expect(!window!.isTouching)
    // The change tracker's queues hold views until the next frame; none is taken here.
    window!.changes.reset()
    keeper = nil
    #expect(touch.view == nil)
    #expect(touch.window === window)
    window = nil
    #expect(touch.window == nil)
    #expect(touch.location(in: nil) == CGPoint(x: 10, y: 10))
  }

  final class Target {
    var calls = 0
    func fire(_ sender: Button) { calls += 1 }
  }

  @Test func aTargetThatIsGoneIsNotCalledAndItsRegistrationGoes() {
    let button = Button(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
    var target: Target? = Target()
    let kept = Target()
    button.addTarget(target!, action: Target.fire, for: .touchUpInside)
    button.addTarget(kept, action: Target.fire, for: .touchUpInside)
    button.sendActions(for: .touchUpInside)
    #expect(target!.calls == 1)
    #expect(!Self.hasSideTable(target!))
    target = nil
    button.sendActions(for: .touchUpInside)
    #expect(kept.calls == 2)
    #expect(button.actionCount == 1)
  }

  @Test func aRecognizerTargetThatIsGoneIsNotCalled() throws {
    let window = Window(size: CGSize(width: 100, height: 100))
    window.scheduler = ManualScheduler()
    let view = View(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    window.addSubview(view)
    final class Handler {
      var calls = 0
      func tapped() { calls += 1 }
    }
    var handler: Handler? = Handler()
    let recognizer = TapGestureRecognizer()
    recognizer.addTarget(handler!, action: Handler.tapped)
    view.addGestureRecognizer(recognizer)
    try window.tap(at: CGPoint(x: 50, y: 50))
    #expect(handler!.calls == 1)
    #expect(recognizer.actionCount == 1)
    #expect(!Self.hasSideTable(handler!))
    handler = nil
    #expect(recognizer.actionCount == 0)
    try window.tap(at: CGPoint(x: 50, y: 50))
  }

  @Test func anActionsSenderIsNilOnceTheControlIsGone() {
    var sender: Control?
    let action = Action { sender = $0.sender }
    var button: Button? = Button(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
    button!.addAction(action, for: .touchUpInside)
    button!.sendActions(for: .touchUpInside)
    #expect(sender === button)
    #expect(!Self.hasSideTable(button!))
    sender = nil
    button = nil
    #expect(action.sender == nil)
  }

  @Test func aControllerThatOutlivesItsWindowHasNoWindow() {
    let controller = SwitchController()
    var window: Window? = Window(
      size: CGSize(width: 320, height: 480), traits: TraitCollection(displayScale: 3))
    window!.rootViewController = controller
    #expect(controller.traitCollection.displayScale == 3)
    #expect(controller.view.window === window)
    window = nil
    #expect(controller.view.window == nil)
    #expect(controller.traitCollection.displayScale == TraitCollection().displayScale)
  }
}
