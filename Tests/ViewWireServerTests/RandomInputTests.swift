import Foundation
import Testing
import ViewWireClient
import ViewWireProtocol

/// A thousand random input events in every demo app, over real TCP: the client library checks
/// every frame's hash against its mirror (it throws on the first disagreement), and at the end
/// the mirror holds exactly the tree the server prints (issue 4: the client renders nothing
/// wrong).
@Suite struct RandomInputTests {
  static let events = 1000

  @Test func everyDemoSurvivesAThousandRandomEventsWithAnExactMirror() throws {
    let daemon = try Daemon()
    defer { daemon.stop() }
    let lister = try daemon.session()
    let apps = try lister.run("apps").lines.compactMap { line -> String? in
      guard case .app(let name, _) = ServerLine.parse(line) else { return nil }
      return name
    }
    #expect(apps.count >= 2)
    for (index, app) in apps.enumerated() {
      let session = try daemon.session()
      try session.run("open \(app)")
      var random = SplitMix(seed: UInt64(index) &+ 41)
      var errors = 0
      for step in 0..<Self.events {
        let command = Self.randomCommand(&random, mirror: session.mirror)
        let reply: ViewWireSession.Reply
        do {
          reply = try session.send(command)
        } catch {
          Issue.record("\(app) step \(step) `\(command)`: \(error)")
          break
        }
        if !reply.isOK { errors += 1 }
        if case .error(let kind, _, _) = reply.terminal {
          #expect(kind == "client", "\(app) step \(step) `\(command)`: \(reply.lines.last ?? "")")
        }
      }
      // The server's own printout of its tree agrees with the mirror, view for view.
      let printed = try session.run("tree").lines.compactMap { line -> String? in
        guard case .tree(_, let id, let className) = ServerLine.parse(line) else { return nil }
        return "\(id) \(className)"
      }
      #expect(printed == session.mirror.depthFirst.map { "\($0.id) \($0.className)" }, "\(app)")
      #expect(errors < Self.events / 2, "\(app): most random events are valid input")
    }
  }

  /// One random command a person could type: taps at points and at views, drags, finger
  /// sequences, text, keys and resizes.
  static func randomCommand(_ random: inout SplitMix, mirror: Mirror) -> String {
    func number(_ range: ClosedRange<Int>) -> Int {
      range.lowerBound + Int(random.next() % UInt64(range.count))
    }
    switch random.next() % 10 {
    case 0, 1: return "tap \(number(0...400)) \(number(0...850))"
    case 2:
      let identified = mirror.depthFirst.filter { $0.properties["ident"] != nil }
      guard !identified.isEmpty else { return "ping" }
      let node = identified[number(0...(identified.count - 1))]
      return "tap #\(node.id)"
    case 3, 4:
      return
        "drag \(number(0...400)) \(number(0...850)) \(number(0...400)) \(number(0...850)) steps=\(number(1...6))"
    case 5: return "text \"\(["a", "bob", "é ü", "12345", "💡"][number(0...4)])\""
    case 6: return "key \(["return", "backspace", "tab", "escape"][number(0...3)])"
    case 7: return "resize \(number(200...1000)) \(number(300...1000))"
    case 8: return ["down 195 422", "move 200 300", "up 200 300"][number(0...2)]
    default: return ["snapshot", "resync", "tree", "ping"][number(0...3)]
    }
  }
}
