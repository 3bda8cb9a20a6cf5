import Foundation
import Testing
import ViewWireTesting

/// The `tips-server` executable itself, as a subprocess: it serves this package's apps and no
/// others, and leaves with status 0 on SIGTERM.
struct TipsServerTests {
  @Test func servesTheseAppsAndStopsOnSIGTERM() throws {
    let daemon = try DaemonProcess(executable: DaemonProcess.builtExecutable(named: "tips-server"))
    let session = try daemon.session()
    let apps = try session.run("apps")
    #expect(apps.field("count") == "2")
    _ = try session.open("tips")
    #expect(session.text(of: "per-person") == "– each")
    #expect(daemon.stop() == 0)
  }
}
