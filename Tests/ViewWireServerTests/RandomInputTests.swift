import Foundation
import Testing
import ViewWireClient
import ViewWireProtocol

/// A thousand random input events in every demo app, over real TCP (issue 4: the telnet-style
/// client renders nothing wrong after a thousand random events in the demos, checked by its own
/// hash).
///
/// The session checks every frame's hash through `MirrorSync`, the code the `viewwire` console
/// runs, which would repair a mismatch with `resync`; so the test asserts that no resync was ever
/// needed, and that the mirror's text snapshot equals the server's `tree` printout line for line
/// (every view, frame and property as wire text) along the way and at the end.
@Suite struct RandomInputTests {
  static let events = 1000
  /// How often, in events, the mirror is compared with the server's printout on the way.
  static let checkEvery = 250

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
      defer { session.close() }
      try session.open(app)
      var random = SplitMix(seed: UInt64(index) &+ 41)
      var errors = 0
      var sent = 0
      for step in 0..<Self.events {
        let command = Self.randomCommand(&random, mirror: session.mirror)
        let reply: ViewWireSession.Reply
        do {
          reply = try session.send(command)
        } catch {
          Issue.record("\(app) step \(step) `\(command)`: \(error)")
          break
        }
        sent += 1
        if !reply.isOK { errors += 1 }
        if case .error(let kind, _, _) = reply.terminal {
          #expect(kind == "client", "\(app) step \(step) `\(command)`: \(reply.lines.last ?? "")")
        }
        if (step + 1) % Self.checkEvery == 0, step + 1 < Self.events {
          #expect(session.snapshot() == (try session.tree()), "\(app) after \(step + 1) events")
        }
      }
      #expect(sent == Self.events, "\(app)")
      // Every frame checked out by its hash: the mirror never had to be repaired.
      #expect(session.resyncCount == 0, "\(app)")
      // The server's own printout of its tree agrees with the mirror, line for line.
      #expect(session.snapshot() == (try session.tree()), "\(app)")
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
