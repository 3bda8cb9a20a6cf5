public import Foundation

// Geometry uses Foundation's CGFloat, CGPoint, CGSize and CGRect, so seed code reads as on iOS.
// These helpers are the few UIKit conveniences Foundation on Linux lacks.

extension CGRect {
  /// The centre point, as UIKit code often needs it.
  public var center: CGPoint { CGPoint(x: midX, y: midY) }

  /// The rectangle with `insets` taken off each side.
  public func inset(by insets: EdgeInsets) -> CGRect {
    CGRect(
      x: origin.x + insets.left, y: origin.y + insets.top,
      width: max(0, size.width - insets.left - insets.right),
      height: max(0, size.height - insets.top - insets.bottom))
  }
}

/// Insets for each edge of a rectangle (UIKit's `UIEdgeInsets`).
public struct EdgeInsets: Hashable, Sendable {
  public var top: CGFloat
  public var left: CGFloat
  public var bottom: CGFloat
  public var right: CGFloat

  public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }

  /// No inset on any edge.
  public static let zero = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
}
