public import Foundation
import ViewWireProtocol

/// Where a view's `draw(_:)` paints (Core Graphics' `CGContext`, the subset UIKit code uses).
///
/// Nothing is rasterised on the server: each call appends a command of PROTOCOL.md section 6
/// ("Drawing commands"), and the list travels as the view's `draw` render property for the
/// client to paint. The calls mirror Core Graphics so drawing code ports unchanged; the commands
/// mirror an HTML canvas so a thin client paints them one to one.
///
/// `@unchecked Sendable` only so it can be the task-local current context: a context is made
/// for one `draw(_:)` call and used on that call's thread alone.
public final class GraphicsContext: @unchecked Sendable {
  /// The commands so far, one wire line each.
  public private(set) var commands: [String] = []

  private var fillColor = Color.black
  private var strokeColor = Color.black
  private var lineWidth: CGFloat = 1

  /// Creates an empty context; the kit makes one per `draw(_:)`.
  public init() {}

  /// The commands as the `draw` property's text: one command per line.
  public var commandText: String { commands.joined(separator: "\n") }

  // MARK: State

  /// Sets the colour later fills use (`CGContext.setFillColor`).
  public func setFillColor(_ color: Color) {
    guard color != fillColor else { return }
    fillColor = color
    append("fill \(color.wireColor.wireText)")
  }

  /// Sets the colour later strokes use (`CGContext.setStrokeColor`).
  public func setStrokeColor(_ color: Color) {
    guard color != strokeColor else { return }
    strokeColor = color
    append("stroke \(color.wireColor.wireText)")
  }

  /// Sets the width later strokes use (`CGContext.setLineWidth`).
  public func setLineWidth(_ width: CGFloat) {
    guard width != lineWidth else { return }
    lineWidth = width
    append("width \(number(width))")
  }

  // MARK: Building the path

  /// Empties the current path (`CGContext.beginPath`): the next paint starts afresh.
  public func beginPath() {
    path = []
  }

  /// Starts a subpath at `point`.
  public func move(to point: CGPoint) { addToPath("move \(number(point.x)) \(number(point.y))") }

  /// Adds a straight line from the current point to `point`.
  public func addLine(to point: CGPoint) { addToPath("line \(number(point.x)) \(number(point.y))") }

  /// Adds a cubic Bézier curve to `point`.
  public func addCurve(to point: CGPoint, control1: CGPoint, control2: CGPoint) {
    addToPath(
      "curve \(number(control1.x)) \(number(control1.y)) \(number(control2.x)) \(number(control2.y)) "
        + "\(number(point.x)) \(number(point.y))")
  }

  /// Adds a quadratic Bézier curve to `point`.
  public func addQuadCurve(to point: CGPoint, control: CGPoint) {
    addToPath("quad \(number(control.x)) \(number(control.y)) \(number(point.x)) \(number(point.y))")
  }

  /// Closes the current subpath.
  public func closePath() { addToPath("close") }

  /// Adds a rectangle as a closed subpath.
  public func addRect(_ rect: CGRect) { addToPath("rect \(numbers(rect))") }

  /// Adds the ellipse inscribed in `rect`.
  public func addEllipse(in rect: CGRect) { addToPath("ellipse \(numbers(rect))") }

  /// Adds a rectangle with rounded corners (what `UIBezierPath(roundedRect:cornerRadius:)` adds).
  public func addRoundedRect(_ rect: CGRect, cornerRadius: CGFloat) {
    addToPath("rrect \(numbers(rect)) \(number(max(0, cornerRadius)))")
  }

  /// Adds the segments of `path`.
  public func addPath(_ path: BezierPath) {
    self.path += path.elements
  }

  // MARK: Painting

  /// How `drawPath(using:)` paints (Core Graphics' `CGPathDrawingMode`, non-zero winding).
  public enum PathDrawingMode: Sendable {
    /// Fill the path (`paint fill` on the wire), stroke its outline (`paint stroke`) or both, fill first
    /// (`paint both`).
    case fill, stroke, fillStroke
  }

  /// Paints the current path and empties it.
  public func drawPath(using mode: PathDrawingMode) {
    guard !path.isEmpty else { return }
    commands += path
    path = []
    switch mode {
    case .fill: append("paint fill")
    case .stroke: append("paint stroke")
    case .fillStroke: append("paint both")
    }
  }

  /// Fills the current path and empties it.
  public func fillPath() { drawPath(using: .fill) }

  /// Strokes the current path and empties it.
  public func strokePath() { drawPath(using: .stroke) }

  /// Fills `rect` with the fill colour (the current path is replaced, as in Core Graphics).
  public func fill(_ rect: CGRect) {
    beginPath()
    addRect(rect)
    fillPath()
  }

  /// Strokes `rect` with the stroke colour and width.
  public func stroke(_ rect: CGRect) {
    beginPath()
    addRect(rect)
    strokePath()
  }

  /// Fills the ellipse inscribed in `rect`.
  public func fillEllipse(in rect: CGRect) {
    beginPath()
    addEllipse(in: rect)
    fillPath()
  }

  /// Strokes the ellipse inscribed in `rect`.
  public func strokeEllipse(in rect: CGRect) {
    beginPath()
    addEllipse(in: rect)
    strokePath()
  }

  /// Strokes straight segments between consecutive pairs of `points`.
  public func strokeLineSegments(between points: [CGPoint]) {
    beginPath()
    var index = 0
    while index + 1 < points.count {
      move(to: points[index])
      addLine(to: points[index + 1])
      index += 2
    }
    strokePath()
  }

  /// Draws `text` with its top-left corner at `point`, in `color` (the fill colour when nil).
  ///
  /// Clients draw with their own fonts; the server sizes text by `TextMeasure`, so a view that
  /// places text by its measured width looks the same on every client.
  public func drawText(_ text: String, at point: CGPoint, font: Font, color: Color? = nil) {
    if let color { setFillColor(color) }
    append(
      "text \(number(point.x)) \(number(point.y)) \(number(font.pointSize)) \(font.weight.rawValue) "
        + Quoting.quote(text))
  }

  // MARK: Encoding

  /// The path being built: sent only when it is painted, so a path dropped by `beginPath()`
  /// never reaches the client, and every `paint` empties the client's path as the spec says.
  private var path: [String] = []

  /// Drops a path that was built and never painted, as Core Graphics does at the end of drawing.
  func commitPendingPath() { path = [] }

  private func addToPath(_ command: String) {
    path.append(command)
  }

  private func append(_ command: String) {
    commands.append(command)
  }

  private func number(_ value: CGFloat) -> String { CanonicalNumber.format(Double(value)) }

  private func numbers(_ rect: CGRect) -> String {
    let rect = rect.standardized
    return "\(number(rect.minX)) \(number(rect.minY)) \(number(rect.width)) \(number(rect.height))"
  }

  // MARK: The current context

  /// The context of the `draw(_:)` running on this thread, if any.
  @TaskLocal static var current: GraphicsContext?
}

/// The context the running `draw(_:)` paints into, as in UIKit; nil outside `draw(_:)`.
public func UIGraphicsGetCurrentContext() -> GraphicsContext? {
  GraphicsContext.current
}

/// Core Graphics' name for the drawing context.
public typealias CGContext = GraphicsContext

extension Color {
  /// Makes this the fill colour of the current context (`UIColor.setFill()`).
  public func setFill() { GraphicsContext.current?.setFillColor(self) }

  /// Makes this the stroke colour of the current context (`UIColor.setStroke()`).
  public func setStroke() { GraphicsContext.current?.setStrokeColor(self) }

  /// Makes this the fill and stroke colour of the current context (`UIColor.set()`).
  public func set() {
    setFill()
    setStroke()
  }
}

extension String {
  /// Draws the string at `point` in the current context (`NSString.draw(at:withAttributes:)`,
  /// with the font and colour given directly since Linux has no UIKit attribute keys).
  public func draw(
    at point: CGPoint, font: Font = .systemFont(ofSize: Font.systemFontSize), color: Color = .black
  ) {
    GraphicsContext.current?.drawText(self, at: point, font: font, color: color)
  }
}

extension View {
  /// Runs `draw(_:)` into a fresh context and stores the commands as the `draw` property.
  func display() {
    needsDisplay = false
    let context = GraphicsContext()
    GraphicsContext.$current.withValue(context) { draw(bounds) }
    context.commitPendingPath()
    setRenderProperty(.draw, context.commands.isEmpty ? nil : .string(context.commandText))
  }
}
