import Foundation
import Testing
import ViewWireDiff
import ViewWireKit

/// Custom drawing: what `draw(_:)` code encodes to (PROTOCOL.md section 6, "Drawing commands"),
/// and how redraws travel.
struct DrawingTests {
  struct Case: CustomTestStringConvertible, Sendable {
    let name: String
    let draw: @Sendable (CGRect) -> Void
    let commands: [String]
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(name: "nothing", draw: { _ in }, commands: []),
    Case(
      name: "a filled rectangle",
      draw: { rect in
        let context = UIGraphicsGetCurrentContext()!
        context.setFillColor(.red)
        context.fill(rect)
      }, commands: ["fill #ff0000ff", "rect 0 0 80 40", "paint fill"]),
    Case(
      name: "black is the starting colour and is not repeated",
      draw: { _ in
        let context = UIGraphicsGetCurrentContext()!
        context.setFillColor(.black)
        context.setLineWidth(1)
        context.fillEllipse(in: CGRect(x: 1, y: 2, width: 3, height: 4))
      }, commands: ["ellipse 1 2 3 4", "paint fill"]),
    Case(
      name: "a stroked ellipse with a width",
      draw: { _ in
        let context = UIGraphicsGetCurrentContext()!
        context.setStrokeColor(.blue)
        context.setLineWidth(2.5)
        context.strokeEllipse(in: CGRect(x: 10, y: 10, width: 20, height: 20))
      }, commands: ["stroke #0000ffff", "width 2.5", "ellipse 10 10 20 20", "paint stroke"]),
    Case(
      name: "a path with lines and curves, filled and stroked",
      draw: { _ in
        let context = UIGraphicsGetCurrentContext()!
        context.move(to: CGPoint(x: 0, y: 0))
        context.addLine(to: CGPoint(x: 10, y: 0))
        context.addQuadCurve(to: CGPoint(x: 10, y: 10), control: CGPoint(x: 15, y: 5))
        context.addCurve(
          to: CGPoint(x: 0, y: 10), control1: CGPoint(x: 7, y: 12), control2: CGPoint(x: 3, y: 12))
        context.closePath()
        context.drawPath(using: .fillStroke)
      },
      commands: ["move 0 0", "line 10 0", "quad 15 5 10 10", "curve 7 12 3 12 0 10", "close", "paint both"]),
    Case(
      name: "a path dropped by beginPath never travels",
      draw: { _ in
        let context = UIGraphicsGetCurrentContext()!
        context.addRect(CGRect(x: 0, y: 0, width: 5, height: 5))
        context.beginPath()
        context.addRect(CGRect(x: 1, y: 1, width: 2, height: 2))
        context.strokePath()
        context.addRect(CGRect(x: 9, y: 9, width: 9, height: 9))  // never painted
      }, commands: ["rect 1 1 2 2", "paint stroke"]),
    Case(
      name: "painting an empty path sends nothing",
      draw: { _ in
        let context = UIGraphicsGetCurrentContext()!
        context.fillPath()
      }, commands: []),
    Case(
      name: "bezier paths with UIColor's setFill and setStroke",
      draw: { _ in
        Color.green.setFill()
        UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 80, height: 40), cornerRadius: 8).fill()
        Color.white.setStroke()
        let check = UIBezierPath()
        check.lineWidth = 3
        check.move(to: CGPoint(x: 20, y: 20))
        check.addLine(to: CGPoint(x: 30, y: 30))
        check.stroke()
        UIBezierPath(ovalIn: CGRect(x: 60, y: 10, width: 10, height: 10)).fill()
      },
      commands: [
        "fill #00ff00ff", "rrect 0 0 80 40 8", "paint fill", "stroke #ffffffff", "width 3", "move 20 20",
        "line 30 30", "paint stroke", "ellipse 60 10 10 10", "paint fill",
      ]),
    Case(
      name: "text with a font and a colour, quoted inside the property",
      draw: { _ in
        "Say \"hi\"".draw(at: CGPoint(x: 4, y: 5.25), font: .boldSystemFont(ofSize: 12), color: .red)
      }, commands: ["fill #ff0000ff", "text 4 5.25 12 bold \"Say \\\"hi\\\"\""]),
    Case(
      name: "line segments",
      draw: { _ in
        UIGraphicsGetCurrentContext()!.strokeLineSegments(between: [
          CGPoint(x: 0, y: 0), CGPoint(x: 1, y: 1), CGPoint(x: 2, y: 2), CGPoint(x: 3, y: 3),
        ])
      }, commands: ["move 0 0", "line 1 1", "move 2 2", "line 3 3", "paint stroke"]),
  ]

  @Test(arguments: cases)
  func drawingEncodesTheseCommands(_ testCase: Case) throws {
    let window = Window(size: CGSize(width: 200, height: 200))
    let view = SketchView(frame: CGRect(x: 10, y: 10, width: 80, height: 40))
    view.body = testCase.draw
    window.addSubview(view)
    let engine = DiffEngine(window: window)
    let frame = try #require(engine.makeFrame())
    let expected = testCase.commands.isEmpty ? nil : testCase.commands.joined(separator: "\n")
    #expect(
      view.renderProperties["draw"].map { if case .string(let text) = $0 { text } else { "?" } } == expected)
    let drawLines = frame.lines.filter { $0.contains("draw=") }
    #expect(drawLines.count == (expected == nil ? 0 : 1))
  }

  @Test func theFirstFrameCarriesTheDrawingInTheViewsRenderLine() throws {
    let window = Window(size: CGSize(width: 200, height: 200))
    let view = SketchView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    view.body = { rect in
      Color.red.setFill()
      UIGraphicsGetCurrentContext()?.fill(rect)
    }
    window.addSubview(view)
    let engine = DiffEngine(window: window)
    let frame = try #require(engine.makeFrame())
    #expect(frame.lines.contains(#"render 2 draw="fill #ff0000ff\nrect 0 0 10 10\npaint fill""#))
  }

  @Test func setNeedsDisplaySendsOnlyTheNewCommands() throws {
    let window = Window(size: CGSize(width: 200, height: 200))
    let view = Gauge(frame: CGRect(x: 0, y: 0, width: 100, height: 10))
    view.backgroundColor = .white
    window.addSubview(view)
    let engine = DiffEngine(window: window)
    _ = engine.makeFrame()
    #expect(view.draws == 1)
    view.level = 0.5
    #expect(engine.nextDiffLines() == [#"render 2 draw="fill #34c759ff\nrect 0 0 50 10\npaint fill""#])
    #expect(view.draws == 2)
    view.setNeedsDisplay()
    view.setNeedsDisplay()
    #expect(engine.makeFrame() == nil, "redrawn the same: nothing to send")
    #expect(view.draws == 3, "two requests, one draw")
    #expect(engine.makeFrame() == nil)
    #expect(view.draws == 3, "no request, no draw")
  }

  @Test func aResizeRedrawsAViewThatDraws() throws {
    let window = Window(size: CGSize(width: 200, height: 200))
    let view = Gauge(frame: CGRect(x: 0, y: 0, width: 100, height: 10))
    window.addSubview(view)
    let engine = DiffEngine(window: window)
    _ = engine.makeFrame()
    view.frame.size.width = 200
    #expect(
      engine.nextDiffLines() == [
        "layout 2 0 0 200 10", #"render 2 draw="fill #34c759ff\nrect 0 0 50 10\npaint fill""#,
      ])
  }

  @Test func aViewThatNeverDrawsSendsNoDrawProperty() throws {
    let window = Window(size: CGSize(width: 200, height: 200))
    let plain = View(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    window.addSubview(plain)
    let engine = DiffEngine(window: window)
    let frame = try #require(engine.makeFrame())
    #expect(!frame.lines.contains { $0.contains("draw=") })
    plain.setNeedsDisplay()
    plain.frame.size = CGSize(width: 20, height: 20)
    #expect(engine.makeFrame()?.lines.contains { $0.contains("draw=") } == false)
  }

  @Test func noContextOutsideDraw() {
    #expect(UIGraphicsGetCurrentContext() == nil)
    Color.red.setFill()  // harmless without a context
  }
}

private final class SketchView: View {
  var body: (CGRect) -> Void = { _ in }
  override func draw(_ rect: CGRect) { body(rect) }
}

/// A bar filled to `level` of its width.
private final class Gauge: View {
  var draws = 0
  var level: CGFloat = 0.25 {
    didSet { setNeedsDisplay() }
  }

  override func draw(_ rect: CGRect) {
    draws += 1
    Color.systemGreen.setFill()
    UIGraphicsGetCurrentContext()?.fill(CGRect(x: 0, y: 0, width: rect.width * level, height: rect.height))
  }
}
