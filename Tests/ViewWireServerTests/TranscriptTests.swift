import Foundation
import Testing
import ViewWireClient
import ViewWireProtocol

/// Every transcript in Protocol/transcripts, replayed against the real daemon over TCP.
/// Replaying also applies every frame to a mirror and checks its hash.
@Suite struct TranscriptTests {
  static let transcripts: [String] = {
    let directory = Daemon.packageRoot.appendingPathComponent("Protocol/transcripts")
    let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return files.filter { $0.hasSuffix(".vwt") }.sorted()
  }()

  @Test func thereAreTranscripts() {
    #expect(Self.transcripts.count >= 4)
  }

  @Test(arguments: transcripts)
  func replays(_ name: String) throws {
    let daemon = try Daemon()
    defer { daemon.stop() }
    let url = Daemon.packageRoot.appendingPathComponent("Protocol/transcripts").appendingPathComponent(name)
    let transcript = try Transcript(parsing: String(contentsOf: url, encoding: .utf8), name: name)
    do {
      try TranscriptReplayer(port: daemon.port, timeout: 10).replay(transcript)
    } catch {
      Issue.record("\(error)")
    }
  }

  @Test func aReplayerReportsTheFirstMismatchWithItsLine() throws {
    let daemon = try Daemon()
    defer { daemon.stop() }
    let transcript = try Transcript(
      parsing: "< hello viewwire protocol=2 session={S} size=390x844\n> ping\n\n< ok pong\n",
      name: "wrong.vwt")
    #expect {
      try TranscriptReplayer(port: daemon.port, timeout: 5).replay(transcript)
    } throws: { error in
      guard let failure = error as? TranscriptReplayer.Failure else { return false }
      return failure.line == 4 && failure.got == "ok ping" && failure.expected == "ok pong"
    }
  }
}
