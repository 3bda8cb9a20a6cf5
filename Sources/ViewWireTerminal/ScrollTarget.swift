public import ViewWireClient

/// Where a mouse wheel scrolls: the innermost scroll view under a point.
///
/// The protocol scrolls a scroll view by a drag that starts inside it (PROTOCOL.md, "Controls'
/// geometry"); a terminal's wheel has no drag, so the screen sends one (`drag X Y X Y2`) when the
/// pointer is over a scroll view, and nothing elsewhere, where a drag would move whatever lies
/// under the pointer (the square) instead of scrolling.
public enum ScrollTarget {
  /// Whether the point (window points) lies inside a visible scroll view (a view with
  /// `contentSize`), with every ancestor containing it, as hit testing requires.
  public static func isOverScrollView(_ mirror: Mirror, x: Double, y: Double) -> Bool {
    guard let root = mirror.rootID else { return false }
    return search(root, in: mirror, originX: 0, originY: 0, x: x, y: y)
  }

  private static func search(
    _ id: Int, in mirror: Mirror, originX: Double, originY: Double, x: Double, y: Double
  )
    -> Bool
  {
    guard let node = mirror.nodes[id], node.flag("hidden") != true, (node.number("alpha") ?? 1) >= 0.01 else {
      return false
    }
    let frame = node.rect
    let left = originX + frame.x
    let top = originY + frame.y
    guard x >= left, x < left + frame.width, y >= top, y < top + frame.height else { return false }
    if node.properties["contentSize"] != nil { return true }
    let offset = node.pair("offset") ?? (0, 0)
    return node.children.contains {
      search($0, in: mirror, originX: left - offset.0, originY: top - offset.1, x: x, y: y)
    }
  }
}
