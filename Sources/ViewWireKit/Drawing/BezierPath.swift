public import Foundation
import ViewWireProtocol

/// A path built once and filled or stroked into the current context (UIKit's `UIBezierPath`).
///
/// It keeps its segments as drawing commands (PROTOCOL.md section 6), so painting it is a copy.
public final class BezierPath {
  /// The segments, as `draw` commands.
  public private(set) var elements: [String] = []

  /// The width `stroke()` uses.
  public var lineWidth: CGFloat = 1

  /// An empty path.
  public init() {}

  /// A closed rectangle.
  public convenience init(rect: CGRect) {
    self.init()
    elements.append("rect \(Self.numbers(rect))")
  }

  /// The ellipse inscribed in `rect`.
  public convenience init(ovalIn rect: CGRect) {
    self.init()
    elements.append("ellipse \(Self.numbers(rect))")
  }

  /// A rectangle whose corners are arcs of `cornerRadius`.
  public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
    self.init()
    elements.append("rrect \(Self.numbers(rect)) \(Self.number(max(0, cornerRadius)))")
  }

  /// Starts a subpath at `point`.
  public func move(to point: CGPoint) { elements.append("move \(Self.numbers(point))") }

  /// Adds a straight line to `point`.
  public func addLine(to point: CGPoint) { elements.append("line \(Self.numbers(point))") }

  /// Adds a cubic Bézier curve to `point`.
  public func addCurve(to point: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
    elements.append(
      "curve \(Self.numbers(controlPoint1)) \(Self.numbers(controlPoint2)) \(Self.numbers(point))")
  }

  /// Adds a quadratic Bézier curve to `point`.
  public func addQuadCurve(to point: CGPoint, controlPoint: CGPoint) {
    elements.append("quad \(Self.numbers(controlPoint)) \(Self.numbers(point))")
  }

  /// Closes the current subpath.
  public func close() { elements.append("close") }

  /// Appends another path's segments.
  public func append(_ path: BezierPath) { elements += path.elements }

  /// Fills the path with the current context's fill colour.
  public func fill() {
    guard let context = GraphicsContext.current else { return }
    context.beginPath()
    context.addPath(self)
    context.fillPath()
  }

  /// Strokes the path with the current context's stroke colour and this path's width.
  public func stroke() {
    guard let context = GraphicsContext.current else { return }
    context.setLineWidth(lineWidth)
    context.beginPath()
    context.addPath(self)
    context.strokePath()
  }

  private static func number(_ value: CGFloat) -> String { CanonicalNumber.format(Double(value)) }

  private static func numbers(_ point: CGPoint) -> String { "\(number(point.x)) \(number(point.y))" }

  private static func numbers(_ rect: CGRect) -> String {
    let rect = rect.standardized
    return "\(number(rect.minX)) \(number(rect.minY)) \(number(rect.width)) \(number(rect.height))"
  }
}
