import Foundation
import Testing
import ViewWireDiff
import ViewWireKit
import ViewWireProtocol

/// The exact lines the engine sends when children of a long list are swapped, removed, appended,
/// moved within their parent or to another parent. These snapshots were taken before the engine
/// stopped re-hashing every child's place and searching the whole list for every moved child
/// (the commit that made a reorder cost O(change)); the frames must stay
/// byte for byte the same, and the mirror and hash exact.
struct ReorderFrameTests {
  /// A window with one list of `count` children (ids 3...) under a parent (id 2), sent.
  private static func makeList(_ count: Int) throws -> (Window, DiffEngine, View, ReferenceMirror) {
    let window = Window(size: CGSize(width: 100, height: 100))
    let list = View()
    window.addSubview(list)
    for index in 0..<count { list.addSubview(View(frame: CGRect(x: 0, y: index, width: 10, height: 1))) }
    let engine = DiffEngine(window: window)
    var mirror = ReferenceMirror()
    try mirror.apply(engine.makeFrame()!)
    return (window, engine, list, mirror)
  }

  struct Case: Sendable, CustomStringConvertible {
    let description: String
    let change: @Sendable (View) -> Void
    let lines: [String]
  }

  static let cases: [Case] = [
    Case(
      description: "swap the second and the second-last",
      change: { $0.exchangeSubview(at: 1, withSubviewAt: 8) },
      lines: ["move 11 2 1", "move 4 2 8"]),
    // An exchange with at least two children between takes the engine's short path (it does
    // not walk the children between); its lines are the general walk's, worked out from its
    // longest ordered run: the children between stay, the two move.
    Case(
      description: "swap the first and the last",
      change: { $0.exchangeSubview(at: 0, withSubviewAt: 9) },
      lines: ["move 12 2 0", "move 3 2 9"]),
    Case(
      description: "swap two with two between",
      change: { $0.exchangeSubview(at: 2, withSubviewAt: 5) },
      lines: ["move 8 2 2", "move 5 2 5"]),
    // With one child between, the run is one child long and the general walk keeps the last.
    Case(
      description: "swap two with one between",
      change: { $0.exchangeSubview(at: 2, withSubviewAt: 4) },
      lines: ["move 7 2 2", "move 6 2 3"]),
    Case(
      description: "remove the fourth", change: { $0.subviews[3].removeFromSuperview() },
      lines: ["remove 6"]),
    Case(
      description: "append two",
      change: { list in
        list.addSubview(View(frame: CGRect(x: 1, y: 2, width: 3, height: 4)))
        list.addSubview(View())
      },
      lines: ["create 13 View 2 10", "create 14 View 2 11", "layout 13 1 2 3 4"]),
    Case(
      description: "insert at the front and in the middle",
      change: { list in
        list.insertSubview(View(), at: 0)
        list.insertSubview(View(), at: 6)
      },
      lines: ["create 13 View 2 0", "create 14 View 2 6"]),
    Case(
      description: "bring the first to the front, send the last to the back",
      change: { list in
        list.bringSubviewToFront(list.subviews[0])
        list.sendSubviewToBack(list.subviews[8])
      },
      lines: ["move 12 2 0", "move 3 2 9"]),
    Case(
      description: "reverse",
      change: { list in
        for index in 0..<5 { list.exchangeSubview(at: index, withSubviewAt: 9 - index) }
      },
      lines: [
        "move 12 2 0", "move 11 2 1", "move 10 2 2", "move 9 2 3", "move 8 2 4", "move 7 2 5", "move 6 2 6",
        "move 5 2 7", "move 4 2 8",
      ]),
    Case(
      description: "move the third into the fifth, then remove the sixth",
      change: { list in
        list.subviews[4].addSubview(list.subviews[2])
        list.subviews[4].removeFromSuperview()
      },
      lines: ["remove 8", "move 5 7 0"]),
    Case(
      description: "remove every other, then append one",
      change: { list in
        for view in list.subviews.enumerated().filter({ $0.offset % 2 == 1 }).map(\.element) {
          view.removeFromSuperview()
        }
        list.addSubview(View())
      },
      lines: ["remove 4", "remove 6", "remove 8", "remove 10", "remove 12", "create 13 View 2 5"]),
    Case(
      description: "clear from the back, keep the first, re-add the last",
      change: { list in
        let last = list.subviews[9]
        for view in list.subviews.dropFirst().reversed() { view.removeFromSuperview() }
        list.addSubview(last)
      },
      lines: [
        "remove 11", "remove 10", "remove 9", "remove 8", "remove 7", "remove 6", "remove 5", "remove 4",
      ]),
    Case(
      description: "move the second and third into the first, remove the rest but the last",
      change: { list in
        let (first, second, third) = (list.subviews[0], list.subviews[1], list.subviews[2])
        for view in list.subviews[3..<9] { view.removeFromSuperview() }
        first.addSubview(third)
        first.addSubview(second)
      },
      lines: [
        "remove 6", "remove 7", "remove 8", "remove 9", "remove 10", "remove 11", "move 5 3 0", "move 4 3 1",
      ]),
  ]

  /// A view created in the list adopts one of the list's own children, taking it out of the
  /// client's list before the place where the next child goes: that next child's index must
  /// count without it. (Found by 3,000 seeds of the property test.)
  @Test func aCreatedChildThatAdoptsASiblingKeepsLaterIndexesRight() throws {
    let (window, engine, list, sent) = try Self.makeList(4)
    var mirror = sent
    let (adopter, next) = (View(), View())
    list.insertSubview(adopter, at: 3)
    list.insertSubview(next, at: 4)
    adopter.addSubview(list.subviews[0])
    try mirror.expectNextFrame(
      of: engine, window: window,
      lines: ["create 7 View 2 3", "move 3 7 0", "create 8 View 2 3"],
      context: "adopted sibling")
  }

  @Test(arguments: cases)
  func framesForReorderingAListOfTen(_ testCase: Case) throws {
    let (window, engine, list, sent) = try Self.makeList(10)
    var mirror = sent
    testCase.change(list)
    try mirror.expectNextFrame(
      of: engine, window: window, lines: testCase.lines, context: testCase.description)
  }
}
