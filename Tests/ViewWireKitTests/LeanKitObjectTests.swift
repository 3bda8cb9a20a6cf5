import Foundation
import Testing

@testable import ViewWireKit

/// The kit objects of an idle session kept small (issue 14, "Lean sessions", stop 14): what
/// few views set lives in the side storage or a box made on first use, and each such value
/// behaves as the inline field did.
struct LeanKitObjectTests {
  /// A class's instance size as the Swift runtime allocates it (its metadata's `InstanceSize`,
  /// after the kind, the superclass, the flags and the address point, without Objective-C
  /// interop): what `swift_allocObject` asks malloc for.
  static func instanceSize(_ type: AnyClass) -> Int {
    let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
    return Int(metadata.load(fromByteOffset: 24, as: UInt32.self))
  }

  /// A 16-byte header and one `Int`: checks that the runtime's field is read where it is.
  private final class Probe { var value = 0 }

  @Test func theViewsOfALoginScreenFitTheirMallocChunks() {
    #expect(Self.instanceSize(Probe.self) == 24)
    // glibc's chunks are the size plus 8, rounded up to 16: 376 is a 384-byte chunk (it was
    // 408, a 416-byte one) and every subclass moves down by the same 32 bytes.
    #expect(Self.instanceSize(View.self) <= 376)
    #expect(Self.instanceSize(Label.self) <= 504)
    #expect(Self.instanceSize(TextField.self) <= 496)
    // The layout state: its 4 variables, the installed constraints, the priorities and the
    // guides, 88 bytes (a 96-byte chunk; 113 with the margins and a flag inline, a 128-byte one).
    #expect(Self.instanceSize(ViewLayoutState.self) <= 88)
    #expect(Self.instanceSize(ViewSideStorage.self) <= 136)
  }

  @Test func aLayerIsMadeOnceWhenAskedAndKeepsItsSettings() {
    let view = View()
    #expect(view.renderProperties["radius"] == nil)
    let layer = view.layer
    #expect(view.layer === layer, "the same layer every time")
    layer.cornerRadius = 5
    #expect(view.layer.cornerRadius == 5)
    #expect(view.renderProperties["radius"] == .number(5))
    // The side storage it lives in survives other values coming and going.
    view.tag = 3
    view.tag = 0
    #expect(view.layer === layer)
    #expect(view.layer.cornerRadius == 5)
  }

  @Test func gestureRecognizersAreAddedAndRemovedInOrderAndTheirStorageGoes() {
    let view = View()
    #expect(view.gestureRecognizers.isEmpty)
    let tap = TapGestureRecognizer()
    let pan = PanGestureRecognizer()
    view.addGestureRecognizer(tap)
    view.addGestureRecognizer(pan)
    #expect(view.gestureRecognizers.map(ObjectIdentifier.init) == [tap, pan].map(ObjectIdentifier.init))
    #expect(tap.view === view)
    #expect(view.hasGestureRecognizers)
    // Moving one to another view takes it from the first.
    let other = View()
    other.addGestureRecognizer(tap)
    #expect(view.gestureRecognizers.map(ObjectIdentifier.init) == [ObjectIdentifier(pan)])
    #expect(other.gestureRecognizers.first === tap)
    view.removeGestureRecognizer(pan)
    #expect(view.gestureRecognizers.isEmpty)
    #expect(!view.hasGestureRecognizers)
    #expect(other.hasGestureRecognizers)
    #expect(pan.view == nil)
    // Removing one the view does not have changes nothing.
    view.removeGestureRecognizer(tap)
    #expect(tap.view === other)
    #expect(view.sideStorageIfMade == nil, "a view with nothing set holds no side storage")
  }

  @Test func aRootViewsControllerIsItsNextResponderUntilReplaced() {
    let controller = ViewController()
    let first = View()
    controller.view = first
    #expect(first.owningViewController === controller)
    #expect(first.next === controller)
    let second = View()
    controller.view = second
    #expect(first.owningViewController == nil)
    #expect(first.next == nil)
    #expect(first.sideStorageIfMade == nil)
    #expect(second.next === controller)
  }

  @Test func theControllerIsHeldWeakly() {
    let view = View()
    do {
      let controller = ViewController()
      controller.view = view
      #expect(view.owningViewController === controller)
    }
    #expect(view.owningViewController == nil)
    #expect(view.next == nil)
  }

  @Test func layoutMarginsHaveTheirDefaultUntilSetAndTheGuideFollows() throws {
    let window = Window(size: CGSize(width: 200, height: 200))
    let container = View(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
    window.addSubview(container)
    let child = View()
    child.translatesAutoresizingMaskIntoConstraints = false
    container.addSubview(child)
    #expect(container.layoutMargins == EdgeInsets(top: 8, left: 8, bottom: 8, right: 8))
    let guide = container.layoutMarginsGuide
    NSLayoutConstraint.activate([
      child.leadingAnchor.constraint(equalTo: guide.leadingAnchor),
      child.topAnchor.constraint(equalTo: guide.topAnchor),
      child.trailingAnchor.constraint(equalTo: guide.trailingAnchor),
      child.bottomAnchor.constraint(equalTo: guide.bottomAnchor),
    ])
    window.prepareFrame()
    #expect(child.frame == CGRect(x: 8, y: 8, width: 184, height: 184))
    container.layoutMargins = EdgeInsets(top: 10, left: 20, bottom: 30, right: 40)
    #expect(container.layoutMargins == EdgeInsets(top: 10, left: 20, bottom: 30, right: 40))
    window.prepareFrame()
    #expect(child.frame == CGRect(x: 20, y: 10, width: 140, height: 160))
    container.layoutMargins = EdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
    window.prepareFrame()
    #expect(child.frame == CGRect(x: 8, y: 8, width: 184, height: 184))
  }

  @Test func translatesAutoresizingMaskReadsBackWithoutMakingLayoutState() {
    let view = View()
    #expect(view.translatesAutoresizingMaskIntoConstraints)
    view.translatesAutoresizingMaskIntoConstraints = false
    #expect(!view.translatesAutoresizingMaskIntoConstraints)
    #expect(view.layoutStateIfCreated == nil, "the flag is the view's own")
    view.translatesAutoresizingMaskIntoConstraints = true
    #expect(view.translatesAutoresizingMaskIntoConstraints)
  }

  @Test func aTextFieldsKeyboardHintsDefaultToZeroAndReadBack() {
    let field = TextField()
    #expect(field.autocorrectionType == 0)
    #expect(field.autocapitalizationType == 0)
    #expect(field.keyboardType == 0)
    #expect(field.returnKeyType == 0)
    field.keyboardType = 4
    field.returnKeyType = -2
    #expect(field.keyboardType == 4)
    #expect(field.returnKeyType == -2)
    #expect(field.autocorrectionType == 0)
    #expect(field.autocapitalizationType == 0)
    field.autocorrectionType = 1
    field.autocapitalizationType = 2
    let hints: [Int] = [
      field.autocorrectionType, field.autocapitalizationType, field.keyboardType, field.returnKeyType,
    ]
    #expect(hints == [1, 2, 4, -2])
  }

  @Test func aTextFieldsDelegateIsHeldWeaklyAndReadsBack() {
    final class Delegate: TextFieldDelegate {}
    let field = TextField()
    #expect(field.delegate == nil)
    var delegate: Delegate? = Delegate()
    field.delegate = delegate
    #expect(field.delegate === delegate)
    field.keyboardType = 3
    #expect(field.delegate === delegate, "setting a hint keeps the delegate")
    delegate = nil
    #expect(field.delegate == nil)
    #expect(field.keyboardType == 3)
  }

  @Test func additionalSafeAreaInsetsDefaultToZeroAndAddToTheContainers() {
    let window = Window(size: CGSize(width: 200, height: 300))
    let controller = ViewController()
    #expect(controller.additionalSafeAreaInsets == EdgeInsets(top: 0, left: 0, bottom: 0, right: 0))
    window.rootViewController = controller
    let before = controller.view.safeAreaInsets
    controller.additionalSafeAreaInsets = EdgeInsets(top: 5, left: 1, bottom: 2, right: 3)
    #expect(controller.additionalSafeAreaInsets == EdgeInsets(top: 5, left: 1, bottom: 2, right: 3))
    #expect(controller.view.safeAreaInsets.top == before.top + 5)
    #expect(controller.view.safeAreaInsets.right == before.right + 3)
    controller.additionalSafeAreaInsets = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
    #expect(controller.view.safeAreaInsets == before)
  }

  @Test func aStackRebuildsWhenAnArrangedViewIsHiddenAndShownAgain() {
    let window = Window(size: CGSize(width: 100, height: 300))
    let first = View()
    let second = View()
    let stack = StackView(arrangedSubviews: [first, second])
    stack.axis = .vertical
    stack.distribution = .fillEqually
    stack.frame = CGRect(x: 0, y: 0, width: 100, height: 200)
    window.addSubview(stack)
    window.prepareFrame()
    #expect(first.frame.height == 100)
    second.isHidden = true
    window.prepareFrame()
    #expect(first.frame.height == 200)
    second.isHidden = false
    window.prepareFrame()
    #expect(first.frame.height == 100)
    #expect(second.frame.origin.y == 100)
  }

  @Test func classNamesAreDescribedOnceAcrossThreads() async {
    final class Described: View {}
    let names = await withTaskGroup(of: [String].self) { group in
      for _ in 0..<4 {
        group.addTask { (0..<50).map { _ in Described().wireClassName } }
      }
      var all: [String] = []
      for await batch in group { all += batch }
      return all
    }
    #expect(Set(names) == [String(describing: Described.self)])
    let view = Described()
    #expect(view.wireClassName == view.wireClassName)
  }
}
