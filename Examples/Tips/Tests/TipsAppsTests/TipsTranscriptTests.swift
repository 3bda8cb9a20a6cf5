import Foundation
import Testing
import TipsApps
import ViewWireClient
import ViewWireTesting

/// Every transcript in `Transcripts/` replayed against a server inside the test process, and
/// the two apps driven command by command through a scripted session.
struct TipsTranscriptTests {
  static let transcripts: [URL] = {
    let folder = Bundle.module.url(forResource: "Transcripts", withExtension: nil)!
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasSuffix(".vwt") }.sorted().map { folder.appendingPathComponent($0) }
  }()

  @Test(arguments: transcripts)
  func replays(_ transcript: URL) throws {
    let server = try TestServer(apps: TipsApps.all)
    defer { server.stop() }
    try server.replay(transcriptAt: transcript)
  }

  /// Taps segment `index` of the segmented control `identifier`, whose segments divide its width
  /// equally (PROTOCOL.md, "Controls' geometry"); the control's parent is the window-sized root
  /// view, so its frame is in window coordinates.
  private func tapSegment(_ index: Int, of count: Int, _ identifier: String, in session: ViewWireSession)
    throws
  {
    let frame = try #require(session.view(identifier)).frame.compactMap(Double.init)
    #expect(frame.count == 4)
    let x = frame[0] + frame[2] * (Double(index) + 0.5) / Double(count)
    _ = try session.tap(x: x, y: frame[1] + frame[3] / 2)
  }

  @Test func aBillSplitsWithTheChosenTip() throws {
    let server = try TestServer(apps: TipsApps.all)
    defer { server.stop() }
    let session = try server.session()
    _ = try session.open("tips")
    #expect(session.text(of: "per-person") == "– each")
    _ = try session.tap("@bill")
    _ = try session.type("42.50")
    #expect(session.text(of: "tip") == "Tip: $6.38")  // 15% by default, rounded half up
    try tapSegment(2, of: 3, "percent", in: session)
    #expect(session.text(of: "percent", "selected") == "2")
    #expect(session.text(of: "total") == "Total: $51.00")
    // The stepper's right half adds one person (PROTOCOL.md, "Controls' geometry").
    let stepper = try #require(session.view("people")).frame.compactMap(Double.init)
    _ = try session.tap(x: stepper[0] + stepper[2] * 0.75, y: stepper[1] + stepper[3] / 2)
    _ = try session.tap(x: stepper[0] + stepper[2] * 0.75, y: stepper[1] + stepper[3] / 2)
    #expect(session.text(of: "people-count") == "3 people")
    #expect(session.text(of: "per-person") == "$17.00 each")
    _ = try session.tap("@bill")
    _ = try session.key(.backspace)  // 42.5 is the same amount
    #expect(session.text(of: "bill") == "42.5")
    #expect(session.text(of: "per-person") == "$17.00 each")
    _ = try session.key(.backspace)
    _ = try session.key(.backspace)  // 42 at 20%, among three
    #expect(session.text(of: "per-person") == "$16.80 each")
  }

  @Test func theBarButtonSavesTheBillAndATapMarksItPaid() throws {
    let server = try TestServer(apps: TipsApps.all)
    defer { server.stop() }
    let session = try server.session()
    _ = try session.open("bills")
    _ = try session.tap("@amount")
    _ = try session.type("20")
    _ = try session.tap("@bar-add")
    _ = try session.tap("@amount")
    _ = try session.type("10")
    _ = try session.tap("@bar-add")
    #expect(session.text(of: "sum") == "Unpaid: $34.50")
    // A tap on the first row's label reaches its cell, as a finger there would.
    let label = try session.waitForView(withText: "$20.00 + 15% = $23.00")
    let point = centre(of: label, in: session)
    _ = try session.tap(x: point.x, y: point.y)
    #expect(session.text(of: "sum") == "Unpaid: $11.50")
    _ = try session.tap("@bar-clear")
    #expect(session.text(of: "sum") == "Unpaid: $0.00")
  }

  /// The centre of `node` in window coordinates: frames are in the parent's coordinates, so
  /// add the origins up to the window (a table's rows are not scrolled here).
  private func centre(of node: ViewWireClient.Mirror.Node, in session: ViewWireSession) -> (
    x: Double, y: Double
  ) {
    let size = node.frame.compactMap(Double.init)
    var origin = (x: 0.0, y: 0.0)
    var next: Int? = node.id
    while let id = next, let view = session.mirror.nodes[id] {
      origin.x += Double(view.frame[0]) ?? 0
      origin.y += Double(view.frame[1]) ?? 0
      next = view.parent
    }
    return (origin.x + size[2] / 2, origin.y + size[3] / 2)
  }
}

/// The model's arithmetic, which the transcripts only sample.
struct BillTests {
  @Test(arguments: [
    ("42", 4200), ("42.5", 4250), ("42.50", 4250), ("42,05", 4205), (" 7 ", 700), ("0.99", 99),
  ])
  func readsAmounts(_ text: String, _ cents: Int) {
    #expect(Bill.cents(from: text) == cents)
  }

  @Test(arguments: ["", "4x", "1.234", ".", "-3", "1.2.3", "1e3"])
  func refusesWhatIsNotAnAmount(_ text: String) {
    #expect(Bill.cents(from: text) == nil)
  }

  @Test func sharesCoverTheTotal() {
    let bill = Bill(amountCents: 10000, percent: 15, people: 3)
    #expect(bill.tip == 1500)
    #expect(bill.total == 11500)
    #expect(bill.perPerson == 3834)
    #expect(bill.perPerson * 3 >= bill.total)
    #expect(Bill.format(5) == "$0.05")
    #expect(Bill.format(123_450) == "$1234.50")
  }
}
