public import Foundation

// A Cartography-style operator DSL (seed 003):
//
//     constrain(view, subview1) { view, subview1 in
//       subview1.edges == view.edges
//       subview1.width == view.width * 0.5 ~ .defaultHigh
//     }
//
// As in Cartography, every view on the left of a relation stops translating its frame into
// constraints (`translatesAutoresizingMaskIntoConstraints = false`), so a container that only
// appears on the right keeps the frame it has; every relation the block writes is activated.

/// The priority operator: `relation ~ priority`.
precedencegroup LayoutPriorityPrecedence {
  lowerThan: ComparisonPrecedence
  higherThan: AssignmentPrecedence
}
infix operator ~ : LayoutPriorityPrecedence

/// One attribute of a view inside a `constrain` block, with an optional factor and offset.
public struct LayoutTerm<Axis> {
  let item: any LayoutItem
  let attribute: LayoutAttribute
  var multiplier: CGFloat = 1
  var constant: CGFloat = 0

  /// Scales the term, constant included: `(view.width + 10) * 2` is twice the width plus 20. A factor on the
  /// left of a relation is moved to the right when the constraint is made, since a constraint's first item
  /// carries none.
  public static func * (lhs: LayoutTerm, rhs: CGFloat) -> LayoutTerm {
    var term = lhs
    term.multiplier *= rhs
    term.constant *= rhs
    return term
  }
  /// Divides the term by `rhs` (`view.width / 2`); `rhs` must not be zero.
  public static func / (lhs: LayoutTerm, rhs: CGFloat) -> LayoutTerm { lhs * (1 / rhs) }
  /// Adds `rhs` points: `view.top + 8`.
  public static func + (lhs: LayoutTerm, rhs: CGFloat) -> LayoutTerm {
    var term = lhs
    term.constant += rhs
    return term
  }
  /// Subtracts `rhs` points: `view.bottom - 8`.
  public static func - (lhs: LayoutTerm, rhs: CGFloat) -> LayoutTerm { lhs + -rhs }

  fileprivate func relate(_ relation: LayoutRelation, _ other: LayoutTerm?, _ value: CGFloat = 0)
    -> LayoutConstraint
  {
    // lhs.m * a + lhs.c  rel  rhs.m * b + rhs.c   =>   a rel b * (rhs.m / lhs.m) + (rhs.c - lhs.c) / lhs.m
    let factor = multiplier == 0 ? 1 : multiplier
    (item as? View)?.translatesAutoresizingMaskIntoConstraints = false
    let constraint = LayoutConstraint(
      item: item, attribute: attribute, relatedBy: relation, toItem: other?.item,
      attribute: other?.attribute ?? .notAnAttribute, multiplier: (other?.multiplier ?? 1) / factor,
      constant: ((other?.constant ?? value) - constant) / factor)
    constraint.isActive = true
    return constraint
  }

  /// Makes and activates `lhs == rhs`, and stops the left view translating its frame, as Cartography does.
  /// The constraint is returned so a caller may keep it to change its constant or deactivate it later; most
  /// ignore it.
  @discardableResult public static func == (lhs: LayoutTerm, rhs: LayoutTerm) -> LayoutConstraint {
    lhs.relate(.equal, rhs)
  }
  /// Makes and activates `lhs <= rhs`, as `==` does.
  @discardableResult public static func <= (lhs: LayoutTerm, rhs: LayoutTerm) -> LayoutConstraint {
    lhs.relate(.lessThanOrEqual, rhs)
  }
  /// Makes and activates `lhs >= rhs`, as `==` does.
  @discardableResult public static func >= (lhs: LayoutTerm, rhs: LayoutTerm) -> LayoutConstraint {
    lhs.relate(.greaterThanOrEqual, rhs)
  }
}

extension LayoutTerm where Axis == Dimension {
  /// Makes and activates `size == rhs` points. Only widths and heights take a bare number, as only dimension
  /// anchors do in UIKit.
  @discardableResult public static func == (lhs: LayoutTerm, rhs: CGFloat) -> LayoutConstraint {
    lhs.relate(.equal, nil, rhs)
  }
  /// Makes and activates `size <= rhs` points.
  @discardableResult public static func <= (lhs: LayoutTerm, rhs: CGFloat) -> LayoutConstraint {
    lhs.relate(.lessThanOrEqual, nil, rhs)
  }
  /// Makes and activates `size >= rhs` points.
  @discardableResult public static func >= (lhs: LayoutTerm, rhs: CGFloat) -> LayoutConstraint {
    lhs.relate(.greaterThanOrEqual, nil, rhs)
  }
}

/// Sets the priority of a relation written in a `constrain` block.
@discardableResult public func ~ (lhs: LayoutConstraint, rhs: LayoutPriority) -> LayoutConstraint {
  lhs.priority = rhs
  return lhs
}

/// Sets the priority of every relation of a compound (`edges`, `size`, `center`).
@discardableResult public func ~ (lhs: [LayoutConstraint], rhs: LayoutPriority) -> [LayoutConstraint] {
  for constraint in lhs { constraint.priority = rhs }
  return lhs
}

/// Several attributes at once: `edges`, `size`, `center`.
public struct LayoutCompound {
  let parts: [(any LayoutItem, LayoutAttribute, CGFloat)]

  private func relate(_ relation: LayoutRelation, _ other: LayoutCompound) -> [LayoutConstraint] {
    zip(parts, other.parts).map { mine, theirs in
      (mine.0 as? View)?.translatesAutoresizingMaskIntoConstraints = false
      let constraint = LayoutConstraint(
        item: mine.0, attribute: mine.1, relatedBy: relation, toItem: theirs.0, attribute: theirs.1,
        multiplier: 1, constant: theirs.2 - mine.2)
      constraint.isActive = true
      return constraint
    }
  }

  /// Makes and activates one `==` per part, pairing the parts in order (`edges` gives four); the offsets of
  /// an `inset(...)` compound become the constants.
  @discardableResult public static func == (lhs: LayoutCompound, rhs: LayoutCompound) -> [LayoutConstraint] {
    lhs.relate(.equal, rhs)
  }
  /// Makes and activates one `<=` per part, pairing the parts in order.
  @discardableResult public static func <= (lhs: LayoutCompound, rhs: LayoutCompound) -> [LayoutConstraint] {
    lhs.relate(.lessThanOrEqual, rhs)
  }
  /// Makes and activates one `>=` per part, pairing the parts in order.
  @discardableResult public static func >= (lhs: LayoutCompound, rhs: LayoutCompound) -> [LayoutConstraint] {
    lhs.relate(.greaterThanOrEqual, rhs)
  }
}

/// Edges moved inwards by `top`, `leading`, `bottom`, `trailing` (Cartography's `inset`).
public func inset(
  _ edges: LayoutCompound, _ top: CGFloat, _ leading: CGFloat, _ bottom: CGFloat, _ trailing: CGFloat
) -> LayoutCompound {
  let offsets = [top, leading, -bottom, -trailing]
  return LayoutCompound(parts: zip(edges.parts, offsets).map { ($0.0, $0.1, $0.2 + $1) })
}

/// Edges moved inwards by `all` on every side.
public func inset(_ edges: LayoutCompound, _ all: CGFloat) -> LayoutCompound {
  inset(edges, all, all, all, all)
}

/// A view as a `constrain` block sees it: its attributes as terms.
public struct LayoutProxy {
  /// The view behind the proxy, for code that needs it inside the block.
  public let view: View

  /// The width, a dimension term: it may equal a number.
  public var width: LayoutTerm<Dimension> { LayoutTerm(item: view, attribute: .width) }
  /// The height, a dimension term: it may equal a number.
  public var height: LayoutTerm<Dimension> { LayoutTerm(item: view, attribute: .height) }
  /// The top edge.
  public var top: LayoutTerm<YAxis> { LayoutTerm(item: view, attribute: .top) }
  /// The bottom edge.
  public var bottom: LayoutTerm<YAxis> { LayoutTerm(item: view, attribute: .bottom) }
  /// The vertical centre.
  public var centerY: LayoutTerm<YAxis> { LayoutTerm(item: view, attribute: .centerY) }
  /// The first baseline of the view's text; the bottom for a view without text.
  public var firstBaseline: LayoutTerm<YAxis> { LayoutTerm(item: view, attribute: .firstBaseline) }
  /// The last baseline of the view's text; the bottom for a view without text.
  public var lastBaseline: LayoutTerm<YAxis> { LayoutTerm(item: view, attribute: .lastBaseline) }
  /// The left edge.
  public var left: LayoutTerm<XAxis> { LayoutTerm(item: view, attribute: .left) }
  /// The right edge.
  public var right: LayoutTerm<XAxis> { LayoutTerm(item: view, attribute: .right) }
  /// The leading edge, the left one: the kit lays out left to right only.
  public var leading: LayoutTerm<XAxis> { LayoutTerm(item: view, attribute: .leading) }
  /// The trailing edge, the right one.
  public var trailing: LayoutTerm<XAxis> { LayoutTerm(item: view, attribute: .trailing) }
  /// The horizontal centre.
  public var centerX: LayoutTerm<XAxis> { LayoutTerm(item: view, attribute: .centerX) }
  /// Top, leading, bottom and trailing together.
  public var edges: LayoutCompound {
    LayoutCompound(parts: [(view, .top, 0), (view, .leading, 0), (view, .bottom, 0), (view, .trailing, 0)])
  }
  /// Width and height together.
  public var size: LayoutCompound { LayoutCompound(parts: [(view, .width, 0), (view, .height, 0)]) }
  /// Both centres together.
  public var center: LayoutCompound { LayoutCompound(parts: [(view, .centerX, 0), (view, .centerY, 0)]) }
  /// The superview, so a block can write `view.edges == view.superview!.edges`.
  public var superview: LayoutProxy? { view.superview.map(LayoutProxy.init) }
}

/// Lays out one view with a block of relations.
public func constrain(_ view: View, _ block: (LayoutProxy) -> Void) {
  block(LayoutProxy(view: view))
}

/// Lays out two views; only views on the left of a relation stop translating their frames.
public func constrain(_ first: View, _ second: View, _ block: (LayoutProxy, LayoutProxy) -> Void) {
  block(LayoutProxy(view: first), LayoutProxy(view: second))
}

/// Lays out three views.
public func constrain(
  _ first: View, _ second: View, _ third: View, _ block: (LayoutProxy, LayoutProxy, LayoutProxy) -> Void
) {
  block(LayoutProxy(view: first), LayoutProxy(view: second), LayoutProxy(view: third))
}

/// Lays out any number of views.
public func constrain(_ views: [View], _ block: ([LayoutProxy]) -> Void) {
  block(views.map(LayoutProxy.init))
}
