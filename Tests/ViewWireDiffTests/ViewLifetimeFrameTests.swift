import Foundation
import Testing
import ViewWireDiff
import ViewWireKit
import ViewWireProtocol

/// Views taken out of the window and changed before the next frame, and windows that go away
/// with changes still queued: the client ends up exact, and nothing keeps anything alive.
struct ViewLifetimeFrameTests {
  /// A list that stacks its rows by index, 10 points each.
  final class Stack: View {
    override func layoutSubviews() {
      for (index, row) in subviews.enumerated() {
        row.frame = CGRect(x: 0, y: CGFloat(index) * 10, width: 50, height: 10)
      }
    }
  }

  private static func makeList() throws -> (Window, DiffEngine, Stack, ReferenceMirror) {
    let window = Window(size: CGSize(width: 100, height: 400))
    let list = Stack(frame: CGRect(x: 0, y: 0, width: 100, height: 400))
    window.addSubview(list)
    for _ in 0..<20 { list.addSubview(View()) }
    let engine = DiffEngine(window: window)
    var mirror = ReferenceMirror()
    try mirror.apply(engine.makeFrame()!)
    return (window, engine, list, mirror)
  }

  /// Cell reuse in one turn: take the list out, insert a row, put it back. The new row is
  /// created and the twenty below it shift, at indexes the client's list has.
  @Test func aListChangedWhileOutOfTheWindowSendsItsChanges() throws {
    let (window, engine, list, sent) = try Self.makeList()
    var mirror = sent
    list.removeFromSuperview()
    list.insertSubview(View(), at: 0)
    window.addSubview(list)
    try mirror.expectNextFrame(
      of: engine, window: window,
      lines: ["create 23 View 2 0", "layout 23 0 0 50 10", "shift 2 1 20 0 10"],
      context: "list changed while out")
  }

  @Test func aRowRecolouredWhileOutOfTheWindowSendsItsColour() throws {
    let (window, engine, list, sent) = try Self.makeList()
    var mirror = sent
    let row = list.subviews[3]
    row.removeFromSuperview()
    row.backgroundColor = .red
    list.insertSubview(row, at: 3)
    try mirror.expectNextFrame(
      of: engine, window: window, lines: ["render 6 bg=#ff0000ff"], context: "row recoloured while out")
  }

  /// A window dropped with changes still queued (its own, and a row's) frees everything.
  @Test func aWindowDroppedWithQueuedChangesFreesItsViews() throws {
    weak var gone: Window?
    weak var row: View?
    weak var root: View?
    do {
      let window = Window(size: CGSize(width: 100, height: 100))
      let content = View()
      let child = View()
      content.addSubview(child)
      window.addSubview(content)
      let engine = DiffEngine(window: window)
      _ = engine.makeFrame()
      child.backgroundColor = .red  // queued: no frame follows
      content.removeFromSuperview()  // queues the window itself
      (gone, row, root) = (window, child, content)
    }
    #expect(gone == nil, "the window leaked")
    #expect(root == nil, "the removed root leaked")
    #expect(row == nil, "a queued row leaked")
  }

  /// A view the app keeps after its window went records nothing for the dead window.
  @Test func aViewThatOutlivesItsWindowLetsGoOfItsTracker() throws {
    var kept: View?
    weak var gone: Window?
    do {
      let window = Window(size: CGSize(width: 100, height: 100))
      let row = View()
      window.addSubview(row)
      let engine = DiffEngine(window: window)
      _ = engine.makeFrame()
      (kept, gone) = (row, window)
    }
    #expect(gone == nil)
    kept?.backgroundColor = .blue
    weak let row = kept
    kept = nil
    #expect(row == nil, "the view leaked through a dead window's tracker")
  }
}
