import Foundation
import Testing
import ViewWireDiff
import ViewWireKit
import ViewWireProtocol

/// The `render` line a label's new text sends, byte for byte, for text that takes the quoting
/// fast path (printable ASCII with nothing to escape) and text that does not. The expected lines
/// were taken before `Quoting.quote` gained its fast path; the hash must match the mirror's.
struct LabelTextFrameTests {
  @Test(arguments: [
    ("pretty red table !!!", #"render 2 text="pretty red table !!!""#),
    ("", #"render 2 text="""#),
    ("~ `{x}` = 1; #2", #"render 2 text="~ `{x}` = 1; #2""#),
    ("say \"hi\"", #"render 2 text="say \"hi\"""#),
    ("back\\slash", #"render 2 text="back\\slash""#),
    ("tab\there", #"render 2 text="tab\there""#),
    ("del\u{7F}", #"render 2 text="del\u{7f}""#),
    ("café 😀", "render 2 text=\"café 😀\""),
    ("line\u{2028}break", #"render 2 text="line\u{2028}break""#),
  ])
  func aNewTextSendsOneRenderLine(_ text: String, _ line: String) throws {
    let window = Window(size: CGSize(width: 200, height: 100))
    let label = Label(frame: CGRect(x: 0, y: 0, width: 200, height: 20))
    label.text = "before"
    window.addSubview(label)
    let engine = DiffEngine(window: window)
    var mirror = ReferenceMirror()
    try mirror.apply(engine.makeFrame()!)
    label.text = text
    let frame = try #require(engine.makeFrame())
    #expect(Array(frame.lines.dropFirst().dropLast()) == [line])
    try mirror.apply(frame)
    #expect(mirror.hashFromScratch() == frame.hash)
  }

  /// Texts far longer than the engine's line buffers start with (a page of text in one label)
  /// make them grow in the middle of a line, when the label is created and when it changes.
  @Test(arguments: [5000, 70_000])
  func aLongTextGrowsTheLineItIsWrittenInto(_ length: Int) throws {
    let window = Window(size: CGSize(width: 200, height: 100))
    let label = Label(frame: CGRect(x: 0, y: 0, width: 200, height: 20))
    let first = String(repeating: "pretty red table ", count: length / 17)
    label.text = first
    window.addSubview(label)
    let engine = DiffEngine(window: window)
    var mirror = ReferenceMirror()
    let created = try #require(engine.makeFrame())
    #expect(created.lines.contains { $0.contains(" text=\(Quoting.quote(first))") })
    try mirror.apply(created)
    #expect(mirror.hashFromScratch() == created.hash)
    let second = String(repeating: "say \"hi\" ", count: length / 9)
    label.text = second
    let changed = try #require(engine.makeFrame())
    #expect(Array(changed.lines.dropFirst().dropLast()) == ["render 2 text=\(Quoting.quote(second))"])
    try mirror.apply(changed)
    #expect(mirror.hashFromScratch() == changed.hash)
  }
}
