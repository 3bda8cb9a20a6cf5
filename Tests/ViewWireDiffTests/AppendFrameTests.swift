import Foundation
import Testing
import ViewWireDiff
import ViewWireKit
import ViewWireProtocol

/// `DiffEngine.appendFrame(to:)` writes a frame straight into a client's output: it must append
/// exactly the bytes `makeFrame()?.encode(into:)` appends, keep what the output held before,
/// and leave the output as it was when nothing changed.
struct AppendFrameTests {
  /// One of two identical windows, each with its own engine, changed in step.
  private final class Scene {
    let window = Window(size: CGSize(width: 320, height: 480))
    let label = Label(frame: CGRect(x: 0, y: 0, width: 200, height: 20))
    let box = View(frame: CGRect(x: 10, y: 40, width: 100, height: 100))
    let engine: DiffEngine

    init() {
      label.text = "before"
      window.addSubview(label)
      window.addSubview(box)
      engine = DiffEngine(window: window)
    }
  }

  /// The changes applied to both scenes, one frame each; the last changes nothing.
  private static var steps: [(Scene) -> Void] {
    [
      { _ in },  // the first frame: a full one
      { $0.label.text = "say \"hi\"" },
      { $0.box.frame = CGRect(x: 20, y: 40, width: 100, height: 100) },
      {
        let child = Label(frame: CGRect(x: 1, y: 2, width: 30, height: 10))
        child.text = "new"
        $0.box.addSubview(child)
        $0.label.text = "café"
      },
      { $0.box.subviews.first?.removeFromSuperview() },
      {
        $0.label.text = "x"; $0.label.text = "café"
      },  // set back: nothing to send
      { _ in },
    ]
  }

  @Test func appendsTheBytesAnEncodedFrameHas() throws {
    let (framed, appended) = (Scene(), Scene())
    var mirror = ReferenceMirror()
    var sent = 0
    for step in Self.steps {
      step(framed)
      step(appended)
      var expected: [UInt8] = Array("ok earlier\n".utf8)
      let frame = framed.engine.makeFrame()
      frame?.encode(into: &expected)
      var output: [UInt8] = Array("ok earlier\n".utf8)
      let sequence = appended.engine.appendFrame(to: &output)
      #expect(output == expected)
      #expect(sequence == frame?.sequence)
      #expect(appended.engine.hash == framed.engine.hash)
      if let frame {
        sent += 1
        try mirror.apply(frame)
        #expect(mirror.hashFromScratch() == appended.engine.hash)
      }
    }
    #expect(sent == 5)
    #expect(appended.engine.sequence == 5)
  }

  @Test func aFrameOfNothingLeavesTheOutputAsItWas() throws {
    let scene = Scene()
    var output: [UInt8] = []
    #expect(scene.engine.appendFrame(to: &output) == 1)
    #expect(String(decoding: output, as: UTF8.self).hasPrefix("frame 1 begin full\n"))
    output = Array("ok ping\n".utf8)
    #expect(scene.engine.appendFrame(to: &output) == nil)
    #expect(output == Array("ok ping\n".utf8))
    scene.label.text = "after"
    #expect(scene.engine.appendFrame(to: &output) == 2)
    let text = String(decoding: output, as: UTF8.self)
    #expect(text.hasPrefix("ok ping\nframe 2 begin\nrender 2 text=\"after\"\nframe 2 end hash="))
  }
}
