public import ViewWireClient
public import ViewWireProtocol

/// Typed reads of a mirrored view's render properties, which the mirror keeps as wire text
/// (PROTOCOL.md section 6: a value's form gives its type).
extension Mirror.Node {
  /// A colour property (`bg`, `textColor`...), nil when absent or not a colour.
  public func colour(_ key: String) -> WireColor? {
    properties[key].flatMap { WireColor(wireText: $0) }
  }

  /// A number property (`alpha`, `font`, `value`...), nil when absent or not a number.
  public func number(_ key: String) -> Double? {
    properties[key].flatMap { CanonicalNumber.parse($0) }
  }

  /// A bool property; nil when absent.
  public func flag(_ key: String) -> Bool? {
    switch properties[key] {
    case "true": return true
    case "false": return false
    default: return nil
    }
  }

  /// A string property with its quotes and escapes undone.
  public func string(_ key: String) -> String? {
    properties[key].flatMap { RawWords.unquote($0) }
  }

  /// Two numbers written `"A,B"` (`offset`, `contentSize`).
  public func pair(_ key: String) -> (Double, Double)? {
    guard let text = string(key) else { return nil }
    let parts = text.split(separator: ",").compactMap { CanonicalNumber.parse($0) }
    return parts.count == 2 ? (parts[0], parts[1]) : nil
  }

  /// The frame as numbers, as sent: a negative width or height stays negative (such a view
  /// paints nothing of its own, section 14).
  public var rect: PointRect {
    let numbers = frame.map { CanonicalNumber.parse($0) ?? 0 }
    guard numbers.count == 4 else { return PointRect(x: 0, y: 0, width: 0, height: 0) }
    return PointRect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
  }
}

/// A rectangle in points.
public struct PointRect: Equatable, Sendable {
  /// The left edge.
  public var x: Double
  /// The top edge.
  public var y: Double
  /// The width.
  public var width: Double
  /// The height.
  public var height: Double

  /// A rectangle from its origin and size.
  public init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// The same area with a non-negative width and height.
  public var standardized: PointRect {
    PointRect(
      x: width < 0 ? x + width : x, y: height < 0 ? y + height : y, width: abs(width), height: abs(height))
  }

  /// The cells whose centres lie inside.
  public var cells: CellRect {
    CellRect(
      columns: CellMetrics.columns(x: x, width: width), rows: CellMetrics.rows(y: y, height: height))
  }
}

/// A rectangle of cells: the columns and rows it spans.
public struct CellRect: Equatable, Sendable {
  /// The columns, left to right.
  public var columns: Range<Int>
  /// The rows, top to bottom.
  public var rows: Range<Int>

  /// A rectangle from its spans.
  public init(columns: Range<Int>, rows: Range<Int>) {
    self.columns = columns
    self.rows = rows
  }

  /// Whether it holds no cell.
  public var isEmpty: Bool { columns.isEmpty || rows.isEmpty }

  /// The cells both rectangles hold.
  public func intersection(_ other: CellRect) -> CellRect {
    func clamp(_ a: Range<Int>, _ b: Range<Int>) -> Range<Int> {
      let low = max(a.lowerBound, b.lowerBound)
      return low..<max(low, min(a.upperBound, b.upperBound))
    }
    return CellRect(columns: clamp(columns, other.columns), rows: clamp(rows, other.rows))
  }

  /// Whether the cell lies inside.
  public func contains(_ column: Int, _ row: Int) -> Bool {
    columns.contains(column) && rows.contains(row)
  }
}
