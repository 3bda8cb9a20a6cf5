import CounterApps
import Foundation
import Testing
import ViewWireTesting

/// Every transcript in Transcripts/, replayed over TCP against a server in this test process that
/// serves this package's apps. A transcript says what a client sends and what it must read back;
/// the replay also applies every frame to a mirror and checks the frame's hash.
struct CounterTranscriptTests {
  static let transcripts: [URL] = {
    let folder = Bundle.module.url(forResource: "Transcripts", withExtension: nil)!
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasSuffix(".vwt") }.sorted().map { folder.appendingPathComponent($0) }
  }()

  @Test func thereAreTranscripts() {
    #expect(Self.transcripts.map(\.lastPathComponent) == ["counter.vwt", "todo.vwt"])
  }

  @Test(arguments: transcripts)
  func replays(_ transcript: URL) throws {
    let server = try TestServer(apps: CounterApps.all)
    defer { server.stop() }
    try server.replay(transcriptAt: transcript)
  }

  /// The same app driven from Swift: the scripting calls read the client's mirror of the window.
  @Test func theCounterCountsAndResets() throws {
    let server = try TestServer(apps: CounterApps.all)
    defer { server.stop() }
    let session = try server.session()
    defer { session.close() }
    _ = try session.open("counter")
    #expect(session.text(of: "count") == "0")
    for _ in 0..<3 { _ = try session.tap("@increment") }
    #expect(session.text(of: "count") == "3")
    _ = try session.tap("@reset")
    #expect(session.text(of: "count") == "0")
  }
}
