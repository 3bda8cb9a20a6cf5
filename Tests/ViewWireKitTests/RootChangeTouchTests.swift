import Foundation
import Testing
import ViewWireKit

/// Taking the touched view out of the window in the middle of a touch (a session's `close` or
/// `open` replacing the root view controller, an app removing the view) cancels the touch, as
/// UIKit does: recognizers and the view see it cancelled, and no finger is down afterwards
/// (PROTOCOL.md section 8).
struct RootChangeTouchTests {
  /// A view that records the touch callbacks it gets.
  final class RecordingView: View {
    var events: [String] = []
    override func touchesBegan(_ touch: Touch) { events.append("began") }
    override func touchesMoved(_ touch: Touch) { events.append("moved") }
    override func touchesEnded(_ touch: Touch) { events.append("ended") }
    override func touchesCancelled(_ touch: Touch) { events.append("cancelled") }
  }

  final class Screen: ViewController {
    override func loadView() { view = RecordingView() }
  }

  struct Replacement: CustomTestStringConvertible, Sendable {
    let name: String
    let next: @Sendable () -> ViewController?
    var testDescription: String { name }
  }

  static let replacements = [
    Replacement(name: "close (no root)", next: { nil }),
    Replacement(name: "open (another root)", next: { Screen() }),
  ]

  @Test(arguments: replacements)
  func replacingTheRootCancelsTheTouchInProgress(_ replacement: Replacement) throws {
    let window = Window(size: CGSize(width: 100, height: 100))
    let screen = Screen()
    window.rootViewController = screen
    window.prepareFrame()
    let view = try #require(screen.view as? RecordingView)
    let pan = PanGestureRecognizer()
    pan.cancelsTouchesInView = false
    var states: [GestureRecognizer.State] = []
    pan.addAction { states.append($0.state) }
    view.addGestureRecognizer(pan)

    try window.touchDown(at: CGPoint(x: 50, y: 50))
    try window.touchMove(to: CGPoint(x: 60, y: 50))
    window.rootViewController = replacement.next()

    #expect(states == [.began, .cancelled])
    #expect(view.events == ["began", "moved", "cancelled"])
    #expect(!window.isTouching)
    #expect(throws: InputError.notInDrag) { try window.touchMove(to: CGPoint(x: 70, y: 50)) }
    #expect(throws: InputError.notInDrag) { try window.touchUp(at: CGPoint(x: 70, y: 50)) }
    #expect(view.events == ["began", "moved", "cancelled"], "the old tree hears nothing more")
  }

  /// A view removed from its superview mid-drag (an app's `removeFromSuperview`, a `back`) takes
  /// the touch with it: the pan hears `cancelled` and the window has no finger down.
  @Test func removingTheTouchedViewsAncestorCancelsTheTouch() throws {
    let window = Window(size: CGSize(width: 100, height: 100))
    let screen = ViewController()
    window.rootViewController = screen
    let container = View(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    let view = RecordingView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    container.addSubview(view)
    screen.view.addSubview(container)
    window.prepareFrame()
    let pan = PanGestureRecognizer()
    pan.cancelsTouchesInView = false
    var states: [GestureRecognizer.State] = []
    pan.addAction { states.append($0.state) }
    view.addGestureRecognizer(pan)

    try window.touchDown(at: CGPoint(x: 50, y: 50))
    try window.touchMove(to: CGPoint(x: 60, y: 50))
    container.removeFromSuperview()

    #expect(states == [.began, .cancelled])
    #expect(view.events == ["began", "moved", "cancelled"])
    #expect(!window.isTouching)
    #expect(throws: InputError.notInDrag) { try window.touchMove(to: CGPoint(x: 70, y: 50)) }
    #expect(throws: InputError.notInDrag) { try window.touchUp(at: CGPoint(x: 70, y: 50)) }
    #expect(view.events == ["began", "moved", "cancelled"], "the removed view hears nothing more")
  }

  /// Removing a view the finger is not on leaves the touch alone.
  @Test func removingAnotherViewKeepsTheTouch() throws {
    let window = Window(size: CGSize(width: 100, height: 100))
    let screen = ViewController()
    window.rootViewController = screen
    let view = RecordingView(frame: CGRect(x: 0, y: 0, width: 100, height: 50))
    let other = View(frame: CGRect(x: 0, y: 50, width: 100, height: 50))
    screen.view.addSubview(view)
    screen.view.addSubview(other)
    window.prepareFrame()

    try window.touchDown(at: CGPoint(x: 50, y: 20))
    other.removeFromSuperview()
    try window.touchMove(to: CGPoint(x: 60, y: 20))
    try window.touchUp(at: CGPoint(x: 60, y: 20))
    #expect(view.events == ["began", "moved", "ended"])
  }
}
