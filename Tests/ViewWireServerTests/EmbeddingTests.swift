import Foundation
import Testing
import ViewWireClient
import ViewWireKit
import ViewWireProtocol
import ViewWireTesting

/// The server as app authors embed it (issue 12, item 1): `ViewWireTesting.TestServer` serves
/// an app list of the test's own inside the test process, over real TCP; `DaemonProcess` runs
/// the `viewwired` executable, which is `ViewWireApplication(apps:).main()` with the demo apps.
struct EmbeddingTests {
  /// An app that exists only in this test: a label that counts taps on a button.
  final class TapCounterController: ViewController {
    var taps = 0
    let label = Label()
    let button = Button(type: .system)

    override func viewDidLoad() {
      super.viewDidLoad()
      label.accessibilityIdentifier = "taps"
      label.text = "0"
      label.frame = CGRect(x: 10, y: 10, width: 100, height: 20)
      button.accessibilityIdentifier = "more"
      button.setTitle("More", for: .normal)
      button.frame = CGRect(x: 10, y: 40, width: 100, height: 44)
      view.addSubview(label)
      view.addSubview(button)
      button.addTarget(self, action: TapCounterController.more, for: .touchUpInside)
    }

    func more() {
      taps += 1
      label.text = "\(taps)"
    }
  }

  static let apps = [
    AppDescriptor(name: "tap-counter", title: "Counts taps") { _ in TapCounterController() }
  ]

  @Test func aTestServerServesTheTestsOwnApps() throws {
    let server = try TestServer(apps: Self.apps)
    defer { server.stop() }
    let session = try server.session()
    defer { session.close() }
    let apps = try session.run("apps")
    #expect(apps.isOK)
    #expect(apps.lines.contains { $0.hasPrefix("app tap-counter ") })
    #expect(apps.lines.contains { $0.hasPrefix("app square ") } == false, "no demo app unless listed")
    _ = try session.open("tap-counter")
    _ = try session.tap("@more")
    _ = try session.tap("@more")
    #expect(session.text(of: "taps") == "2")
  }

  @Test func aTestServerReplaysATranscript() throws {
    let server = try TestServer(apps: Self.apps)
    defer { server.stop() }
    let transcript = try Transcript(
      parsing: """
        < hello viewwire protocol=2 session={S} size=390x844
        > open tap-counter
        < frame 1 begin full
        <... frame 1 end hash={H} views={N}
        < ok open app=tap-counter
        > tap @more
        < frame 2 begin
        <... render {L} text="1"
        <... ok tap view={B}

        """, name: "tap-counter.vwt")
    let bindings = try server.replay(transcript)
    #expect(bindings["N"] == "4")
  }

  @Test func twoTestServersInOneProcessAreIndependent() throws {
    let first = try TestServer(apps: Self.apps)
    let second = try TestServer(apps: Self.apps)
    #expect(first.port != second.port)
    first.stop()
    let session = try second.session()
    _ = try session.open("tap-counter")
    session.close()
    second.stop()
  }

  @Test func theDaemonExecutableIsTheLibraryCallAndStopsCleanlyOnSIGTERM() throws {
    let daemon = try DaemonProcess(executable: DaemonProcess.builtExecutable(named: "viewwired"))
    let session = try daemon.session()
    let apps = try session.run("apps")
    #expect(apps.lines.contains { $0.hasPrefix("app square ") })
    #expect(daemon.stop() == 0)
  }
}
