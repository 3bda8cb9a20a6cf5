public import Foundation

// Geometry uses Foundation's CGFloat, CGPoint, CGSize and CGRect, so seed code reads as on iOS.
// These helpers are the few UIKit conveniences Foundation on Linux lacks.

extension CGRect {
  /// The centre point, as UIKit code often needs it. Inlinable: `tap @IDENT` asks it for the
  /// named view on every tap.
  @inlinable public var center: CGPoint { CGPoint(x: midX, y: midY) }

  /// The rectangle with `insets` taken off each side.
  public func inset(by insets: EdgeInsets) -> CGRect {
    CGRect(
      x: origin.x + insets.left, y: origin.y + insets.top,
      width: max(0, size.width - insets.left - insets.right),
      height: max(0, size.height - insets.top - insets.bottom))
  }

  /// `contains(_:)`, inlined for a rectangle of positive size that is not null (every view's
  /// bounds, nearly): the same comparisons, `minX <= x < maxX` and `minY <= y < maxY`, without
  /// Foundation's call and its standardizing (about 40 instructions, for each view a tap
  /// hit-tests). Any other rectangle goes to `contains(_:)`.
  /// Inlinable, so the server's tap checks its point against the window the same way.
  @inlinable @inline(__always) package func containsPoint(_ point: CGPoint) -> Bool {
    let x = origin.x
    let y = origin.y
    let width = size.width
    let height = size.height
    guard width > 0, height > 0, x != .infinity, y != .infinity, !x.isNaN, !y.isNaN else {
      return contains(point)
    }
    return point.x >= x && point.x < x + width && point.y >= y && point.y < y + height
  }
}

/// Insets for each edge of a rectangle (UIKit's `UIEdgeInsets`).
public struct EdgeInsets: Hashable, Sendable {
  /// Space kept clear at the top, such as under a navigation bar.
  public var top: CGFloat
  /// Space kept clear on the left, such as a margin.
  public var left: CGFloat
  /// Space kept clear at the bottom, such as above an on-screen keyboard.
  public var bottom: CGFloat
  /// Space kept clear on the right, such as a margin.
  public var right: CGFloat

  /// Takes every edge in UIKit's order (top, left, bottom, right), so seed code ports unchanged.
  public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }

  /// No inset on any edge.
  public static let zero = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
}
