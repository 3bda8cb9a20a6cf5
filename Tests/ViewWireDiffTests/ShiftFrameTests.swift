import Foundation
import Testing
import ViewWireDiff
import ViewWireKit
import ViewWireProtocol

/// `shift` lines (PROTOCOL.md section 6, version 2): a run of at least eight consecutive siblings
/// moved by one offset, sizes kept, is one line; anything else is sent as `layout` lines. Each
/// case is a list of twenty rows, 10 points tall, stacked by a table that lays them out by index
/// (ids 3...22 under the list, id 2); the mirror applies the frame and must match the server's
/// tree and hash exactly.
struct ShiftFrameTests {
  /// A list that stacks its rows by index, as a table does.
  final class Stack: View {
    var rowHeight: CGFloat = 10
    override func layoutSubviews() {
      for (index, row) in subviews.enumerated() {
        row.frame = CGRect(x: 0, y: CGFloat(index) * rowHeight, width: 50, height: rowHeight)
      }
    }
  }

  private static func makeList(shiftLines: Bool = true) throws -> (Window, DiffEngine, Stack, ReferenceMirror)
  {
    let window = Window(size: CGSize(width: 100, height: 400))
    let list = Stack(frame: CGRect(x: 0, y: 0, width: 100, height: 400))
    window.addSubview(list)
    for _ in 0..<20 { list.addSubview(View()) }
    let engine = DiffEngine(window: window)
    engine.sendsShiftLines = shiftLines
    var mirror = ReferenceMirror()
    try mirror.apply(engine.makeFrame()!)
    return (window, engine, list, mirror)
  }

  struct Case: Sendable, CustomStringConvertible {
    let description: String
    let change: @Sendable (Stack) -> Void
    let lines: [String]
  }

  static let cases: [Case] = [
    Case(
      description: "remove the fourth: sixteen rows move up",
      change: { $0.subviews[3].removeFromSuperview() },
      lines: ["remove 6", "shift 2 3 16 0 -10"]),
    Case(
      description: "insert at the front: twenty rows move down",
      change: { $0.insertSubview(View(), at: 0) },
      lines: ["create 23 View 2 0", "layout 23 0 0 50 10", "shift 2 1 20 0 10"]),
    Case(
      description: "remove the thirteenth: seven rows move, below the threshold",
      change: { $0.subviews[12].removeFromSuperview() },
      lines: [
        "remove 15", "layout 16 0 120 50 10", "layout 17 0 130 50 10", "layout 18 0 140 50 10",
        "layout 19 0 150 50 10", "layout 20 0 160 50 10", "layout 21 0 170 50 10", "layout 22 0 180 50 10",
      ]),
    Case(
      description: "insert in the middle of a list that also resizes one row below it",
      change: { list in
        list.insertSubview(View(), at: 2)
        list.layoutIfNeeded()
        list.subviews[11].frame.size.width = 60
      },
      lines: [
        "create 23 View 2 2", "layout 23 0 20 50 10", "layout 13 0 110 60 10", "shift 2 3 8 0 10",
        "shift 2 12 9 0 10",
      ]),
    Case(
      description: "taller rows: sizes change, so every row gets a layout line",
      change: { list in
        list.rowHeight = 10.125
        list.setNeedsLayout()
      },
      lines: (0..<20).map { index in
        "layout \(index + 3) 0 \(CanonicalNumber.format(Double(index) * 10.125)) 50 10.125"
      }),
    Case(
      description: "every row moved right by a half",
      change: { list in
        for row in list.subviews { row.frame.origin.x += 0.5 }
      },
      lines: ["shift 2 0 20 0.5 0"]),
    Case(
      description: "every row moved by the same fraction",
      change: { list in
        for row in list.subviews { row.frame.origin.y += 0.25 }
      },
      lines: ["shift 2 0 20 0 0.25"]),
  ]

  @Test(arguments: cases)
  func framesForMovingRunsOfAListOfTwenty(_ testCase: Case) throws {
    let (window, engine, list, sent) = try Self.makeList()
    var mirror = sent
    testCase.change(list)
    try mirror.expectNextFrame(
      of: engine, window: window, lines: testCase.lines, context: testCase.description)
  }

  /// A session that speaks version 1 gets the same change as `layout` lines, and the same hash.
  @Test func versionOneSessionsGetLayoutLines() throws {
    let (window, engine, list, sent) = try Self.makeList(shiftLines: false)
    let (_, newer, newerList, _) = try Self.makeList()
    var mirror = sent
    list.subviews[3].removeFromSuperview()
    newerList.subviews[3].removeFromSuperview()
    let frame = try #require(engine.makeFrame())
    let lines = Array(frame.lines.dropFirst().dropLast())
    #expect(lines.count == 17 && lines.allSatisfy { !$0.hasPrefix("shift") })
    #expect(lines.last == "layout 22 0 180 50 10")
    try mirror.apply(frame)
    try mirror.expectEqual(to: window, engine: engine, context: "version 1")
    #expect(frame.hash == newer.makeFrame()?.hash)
  }
}
