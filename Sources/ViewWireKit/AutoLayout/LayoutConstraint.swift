internal import Cassowary
public import Foundation
internal import ViewWireProtocol

/// How important a constraint is (UIKit's `UILayoutPriority`): 1...1000, where 1000 must hold.
///
/// A struct rather than a bare number so seed code's `.required`, `.defaultHigh`,
/// `UILayoutPriority(rawValue: 999)` and `priority - 1` all read as they do in UIKit.
public struct LayoutPriority: RawRepresentable, Hashable, Comparable, Sendable,
  ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral
{
  /// The UIKit priority number.
  public var rawValue: Float

  /// A priority of `rawValue` (clipped to 1...1000 when solved).
  public init(rawValue: Float) { self.rawValue = rawValue }
  /// A priority of `rawValue`, as UIKit spells it without a label.
  public init(_ rawValue: Float) { self.rawValue = rawValue }
  /// A literal priority, so `constraint.priority = 750` reads as in UIKit.
  public init(floatLiteral value: Float) { self.rawValue = value }
  /// A literal priority, so `constraint.priority = 750` reads as in UIKit.
  public init(integerLiteral value: Int) { self.rawValue = Float(value) }

  /// Must hold; a conflict among required constraints breaks one and reports it.
  public static let required = LayoutPriority(1000)
  /// Compression resistance of controls: content is squeezed only by something stronger.
  public static let defaultHigh = LayoutPriority(750)
  /// Content hugging of controls: they grow only when something stronger pulls.
  public static let defaultLow = LayoutPriority(250)
  /// The weakest useful priority, for "if nothing else matters" preferences.
  public static let fittingSizeLevel = LayoutPriority(50)

  /// Orders by number, so a higher priority compares greater.
  public static func < (lhs: LayoutPriority, rhs: LayoutPriority) -> Bool { lhs.rawValue < rhs.rawValue }
  /// `rhs` above `lhs`, as UIKit's `.defaultHigh + 1` reads; clipped to 1...1000 only when solved.
  public static func + (lhs: LayoutPriority, rhs: Float) -> LayoutPriority {
    LayoutPriority(lhs.rawValue + rhs)
  }
  /// `rhs` below `lhs`: `.required - 1` is the usual way to make a constraint optional yet stronger than
  /// everything else.
  public static func - (lhs: LayoutPriority, rhs: Float) -> LayoutPriority {
    LayoutPriority(lhs.rawValue - rhs)
  }

  /// The solver strength: UIKit priorities map onto Cassowary strengths geometrically.
  var strength: Strength { Strength(priority: Double(rawValue)) }
}

/// The geometric attribute a constraint relates (UIKit's `NSLayoutConstraint.Attribute`).
public enum LayoutAttribute: String, Hashable, Sendable {
  /// Edges, sizes and centres of the item's rectangle. `leading` and `trailing` are `left` and `right`: the
  /// kit lays out left to right only.
  case left, right, top, bottom, leading, trailing, width, height, centerX, centerY
  /// The baseline of a view's first or last line of text (a label's lines, a text field's one line); a view
  /// without text, and a text field's last baseline, use the bottom.
  case firstBaseline, lastBaseline
  /// No attribute: the second item of a constant constraint such as `width == 100`.
  case notAnAttribute
}

/// How the two sides of a constraint compare (UIKit's `NSLayoutConstraint.Relation`).
public enum LayoutRelation: String, Hashable, Sendable {
  /// `<=`, `==` and `>=`, with the first item on the left.
  case lessThanOrEqual, equal, greaterThanOrEqual

  var symbol: String {
    switch self {
    case .lessThanOrEqual: "<="
    case .equal: "=="
    case .greaterThanOrEqual: ">="
    }
  }
}

/// Something constraints can position: a view or a layout guide.
///
/// Both have a rectangle in window coordinates that the solver finds; a guide's rectangle is
/// never drawn, it only gives constraints something to attach to.
public protocol LayoutItem: AnyObject {
  /// The view whose hierarchy this item belongs to (the view itself, or the guide's owner).
  var layoutOwnerView: View? { get }
  /// The unknowns for this item's rectangle in window coordinates.
  var layoutVariables: LayoutVariables { get }
  /// How the item is named in constraint descriptions and `explain` output.
  var layoutName: String { get }
}

/// The four unknowns of one item's rectangle, in window coordinates.
///
/// Not final: a view's Auto Layout state (`ViewLayoutState`) is its variables too, so a
/// constrained view has one object for both instead of two (a 64-byte chunk less per view, for
/// as long as the session lasts); a guide has an object of this class.
public class LayoutVariables {
  /// Each is made on first use, so a view whose state exists only for a priority or its margins
  /// makes no solver variables. Unnamed: the kit shows them nowhere (its reports name
  /// constraints by their items and attributes), and a named `Variable` keeps its name in the
  /// solver's side table, an entry per variable for as long as the view lived (an unnamed one is
  /// a 32-byte object, its value only).
  lazy var minX = Variable()
  lazy var minY = Variable()
  lazy var width = Variable()
  lazy var height = Variable()

  init() {}

  /// The solved rectangle.
  var rect: CGRect { CGRect(x: minX.value, y: minY.value, width: width.value, height: height.value) }
}

/// One linear relation between two items' attributes (UIKit's `NSLayoutConstraint`):
/// `firstItem.firstAttribute relation secondItem.secondAttribute * multiplier + constant`.
///
/// Activating it installs it on the nearest common ancestor of its items, and the window's
/// layout pass hands it to the window's one solver. Changing `constant` or `priority` of an
/// active constraint replaces just that constraint in the solver at the next layout pass.
public final class LayoutConstraint {
  // An idle session keeps every constraint its views made (a stacks session about a hundred),
  // so the object is kept to 72 bytes (an 80-byte malloc chunk; it was 120, a 128-byte chunk,
  // then 88, a 96-byte one): the items are plain weak references with their kind in a flag byte
  // rather than 16-byte existentials, the identifier and a multiplier other than 1 are one
  // reference to a shared `ConstraintDetails` (nil for most constraints) rather than a
  // `String?` and a `CGFloat`, the host the engine retains for a multiplier is in the engine's
  // table, and the small fields come last, side by side (a class's stored properties are laid
  // out in the order they are declared).

  /// The items, weak as in UIKit: the views hold their constraints (a view keeps those
  /// installed on it), so a strong reference back would keep closed apps' trees alive.
  private weak var firstObject: AnyObject?
  private weak var secondObject: AnyObject?

  /// Added to the right side; changing it on an active constraint re-solves only this one.
  public var constant: CGFloat {
    didSet { if constant != oldValue { noteChange() } }
  }

  /// The identifier and a multiplier other than 1, nil for neither (most constraints); shared
  /// by every constraint that carries the same literal identifier and multiplier 1 (a stack
  /// view's `UISV-fill`...).
  private var details: ConstraintDetails?

  /// The view this constraint is installed on while active (the items' common ancestor).
  weak var installedOn: View?
  /// The solver's version of this constraint while the window's engine has it.
  var solverConstraint: Constraint?

  /// How important this constraint is against others; defaults to required.
  public var priority: LayoutPriority = .required {
    didSet { if priority != oldValue { noteChange() } }
  }
  /// The attribute of `firstItem` that is constrained.
  public let firstAttribute: LayoutAttribute
  /// How the left side compares with the right.
  public let relation: LayoutRelation
  /// The attribute of `secondItem`, `.notAnAttribute` for a constant constraint.
  public let secondAttribute: LayoutAttribute
  /// The items' kinds (two bits each) and `isBroken`, in one byte.
  private var flags: UInt8

  /// Whether the engine holding this constraint broke it in a conflict.
  var isBroken: Bool {
    get { flags & Self.brokenFlag != 0 }
    set { flags = newValue ? flags | Self.brokenFlag : flags & ~Self.brokenFlag }
  }
  private static let brokenFlag: UInt8 = 0x10
  private var firstKind: LayoutItemKind { LayoutItemKind(rawValue: flags & 3) ?? .other }
  private var secondKind: LayoutItemKind { LayoutItemKind(rawValue: (flags >> 2) & 3) ?? .other }

  /// The item on the left of the relation (weak, as in UIKit).
  public var firstItem: (any LayoutItem)? { firstObject.map { firstKind.item($0) } }
  /// The item on the right, nil for a constant constraint; weak like `firstItem`.
  public var secondItem: (any LayoutItem)? { secondObject.map { secondKind.item($0) } }

  /// The factor applied to the second attribute.
  public var multiplier: CGFloat { details?.multiplier ?? 1 }

  /// A name shown in descriptions, conflict reports and `explain` output.
  public var identifier: String? {
    get { details?.text }
    set { details = ConstraintDetails.make(text: newValue, multiplier: multiplier) }
  }

  /// Gives the constraint `shared` as its identifier: the shared object itself when the
  /// multiplier is 1 (a stack view's constraints), otherwise one of its own with both.
  func setSharedIdentifier(_ shared: ConstraintDetails) {
    let multiplier = self.multiplier
    details = multiplier == 1 ? shared : ConstraintDetails(text: shared.text, multiplier: multiplier)
  }

  /// The UIKit initialiser: `item1.attr1 relation item2.attr2 * multiplier + constant`.
  public init(
    item view1: any LayoutItem, attribute attr1: LayoutAttribute, relatedBy relation: LayoutRelation,
    toItem view2: (any LayoutItem)?, attribute attr2: LayoutAttribute, multiplier: CGFloat,
    constant c: CGFloat
  ) {
    firstObject = view1
    firstAttribute = attr1
    self.relation = relation
    secondObject = view2
    flags = LayoutItemKind(view1).rawValue | LayoutItemKind(view2).rawValue << 2
    secondAttribute = view2 == nil ? .notAnAttribute : attr2
    details = ConstraintDetails.make(text: nil, multiplier: multiplier)
    constant = c
  }

  /// Whether the constraint takes part in layout. Setting it installs or removes it.
  public var isActive: Bool {
    get { installedOn != nil }
    set {
      if newValue { install() } else { uninstall() }
    }
  }

  /// Activates all of `constraints` (UIKit's `NSLayoutConstraint.activate`).
  public static func activate(_ constraints: [LayoutConstraint]) {
    for constraint in constraints { constraint.isActive = true }
  }

  /// Deactivates all of `constraints` (UIKit's `NSLayoutConstraint.deactivate`).
  public static func deactivate(_ constraints: [LayoutConstraint]) {
    for constraint in constraints { constraint.isActive = false }
  }

  private func install() {
    guard installedOn == nil, let host = commonAncestor() else { return }
    installedOn = host
    host.layoutState.installed.append(self)
    host.window?.autoLayoutEngine.add(self)
  }

  private func uninstall() {
    guard let host = installedOn else { return }
    host.layoutState.installed.removeAll { $0 === self }
    installedOn = nil
    host.window?.autoLayoutEngine.remove(self)
  }

  private func noteChange() {
    guard let engine = installedOn?.window?.layoutEngine else { return }
    engine.replace(self)
  }

  /// The nearest view containing both items; the first item's view when they share none
  /// (UIKit throws there; we keep the constraint so the conflict shows up in a report instead).
  private func commonAncestor() -> View? {
    guard let first = firstItem?.layoutOwnerView else { return nil }
    guard let second = secondItem?.layoutOwnerView else { return first }
    var candidate: View? = first
    while let view = candidate {
      if second === view || second.isDescendant(of: view) { return view }
      candidate = view.superview
    }
    var top = first
    while let parent = top.superview { top = parent }
    return top
  }

  /// The expression of `attribute` of `item` in the solver's unknowns.
  static func expression(_ item: any LayoutItem, _ attribute: LayoutAttribute) -> Cassowary.Expression {
    let v = item.layoutVariables
    switch attribute {
    case .left, .leading: return Cassowary.Expression(v.minX)
    case .right, .trailing: return v.minX + v.width
    case .top: return Cassowary.Expression(v.minY)
    case .bottom: return v.minY + v.height
    case .width: return Cassowary.Expression(v.width)
    case .height: return Cassowary.Expression(v.height)
    case .centerX: return v.minX + Cassowary.Expression(v.width) * 0.5
    case .centerY: return v.minY + Cassowary.Expression(v.height) * 0.5
    case .firstBaseline:
      let view = item as? View
      if let offset = view?.firstBaselineOffsetFromTop { return v.minY + Double(offset) }
      return v.minY + v.height
    case .lastBaseline:
      let view = item as? View
      if let offset = view?.lastBaselineOffsetFromBottom { return v.minY + v.height - Double(offset) }
      return v.minY + v.height
    case .notAnAttribute: return Cassowary.Expression(0)
    }
  }

  /// The view whose coordinates a position multiplier scales in (the view the constraint is
  /// installed on), when the constraint needs its origin; nil when the multiplier is 1 or the
  /// attributes are sizes. The engine keeps it in the solver, so its origin is an unknown that
  /// follows it wherever it moves, not a number taken when the constraint was made.
  var multiplierOriginHost: View? {
    guard multiplier != 1, secondItem != nil, Self.axisIsHorizontal(secondAttribute) != nil else {
      return nil
    }
    return installedOn ?? commonAncestor()
  }

  /// Whether a position attribute lies on the horizontal axis; nil for sizes.
  private static func axisIsHorizontal(_ attribute: LayoutAttribute) -> Bool? {
    switch attribute {
    case .left, .leading, .right, .trailing, .centerX: return true
    case .top, .bottom, .centerY, .firstBaseline, .lastBaseline: return false
    case .width, .height, .notAnAttribute: return nil
    }
  }

  /// For a position attribute, the host's origin on its axis as a solver unknown.
  private func hostOrigin(on attribute: LayoutAttribute) -> Cassowary.Expression? {
    guard let horizontal = Self.axisIsHorizontal(attribute), let host = multiplierOriginHost else {
      return nil
    }
    let v = host.layoutVariables
    return Cassowary.Expression(horizontal ? v.minX : v.minY)
  }

  /// Why the constraint cannot be solved at all, or nil: a constant or multiplier that is not a
  /// finite number (it would poison every value the solver computes), or items in different
  /// windows (no solver holds both). UIKit raises an exception for both.
  var illegality: String? {
    if !constant.isFinite { return "the constant is not a finite number" }
    if !multiplier.isFinite { return "the multiplier is not a finite number" }
    if let first = firstItem?.layoutOwnerView, let second = secondItem?.layoutOwnerView,
      first.window !== second.window
    {
      return "its items are in different windows, with no common ancestor"
    }
    return nil
  }

  /// The solver constraint for the current constant, multiplier and priority.
  func makeSolverConstraint() -> Constraint? {
    guard let firstItem else { return nil }
    let lhs = Self.expression(firstItem, firstAttribute)
    var rhs = Cassowary.Expression(Double(constant))
    if let secondItem {
      rhs = Self.expression(secondItem, secondAttribute) * Double(multiplier) + Double(constant)
      if multiplier != 1, let origin = hostOrigin(on: secondAttribute) {
        // UIKit multiplies positions in the coordinates of the view the constraint is installed
        // on, not the window's: a - o == m (b - o) + c, so a == m b + (1 - m) o + c.
        rhs = rhs + origin * Double(1 - multiplier)
      }
    }
    let relation: Relation =
      switch self.relation {
      case .equal: .equal
      case .lessThanOrEqual: .lessOrEqual
      case .greaterThanOrEqual: .greaterOrEqual
      }
    return Constraint(lhs, relation, rhs, strength: priority.strength)
  }
}

/// What class a layout item is, so a plain object reference (8 bytes) gives back the item
/// without a dynamic cast, where an `any LayoutItem` takes 16 (the reference and its witness
/// table): every item the kit makes is a view or a guide.
enum LayoutItemKind: UInt8 {
  case view, guide, other

  init(_ item: (any LayoutItem)?) {
    self = item is View ? .view : item is LayoutGuide ? .guide : .other
  }

  /// `object` as the item it is; `object` must have been an item of this kind.
  func item(_ object: AnyObject) -> any LayoutItem {
    switch self {
    case .view: unsafeDowncast(object, to: View.self)
    case .guide: unsafeDowncast(object, to: LayoutGuide.self)
    case .other: object as! any LayoutItem
    }
  }
}

/// A constraint's identifier and multiplier, one immutable object that constraints with the
/// same literal identifier and multiplier 1 share: 8 bytes in each constraint instead of a
/// 16-byte `String?` and an 8-byte `CGFloat` that is 1 for nearly every constraint.
final class ConstraintDetails: Sendable {
  /// The identifier, nil for none.
  let text: String?
  /// The factor applied to the second attribute (exactly as given, NaN included).
  let multiplier: CGFloat

  init(text: String?, multiplier: CGFloat = 1) {
    self.text = text
    self.multiplier = multiplier
  }

  /// The details for `text` and `multiplier`; nil when there is neither an identifier nor a
  /// multiplier other than 1.
  static func make(text: String?, multiplier: CGFloat) -> ConstraintDetails? {
    guard text != nil || multiplier != 1 else { return nil }
    return ConstraintDetails(text: text, multiplier: multiplier)
  }
}

extension LayoutConstraint: CustomStringConvertible {
  /// UIKit's debug form: `<NSLayoutConstraint 'id' Label#name.width == 100 (active)>`.
  public var description: String {
    var text = "<NSLayoutConstraint"
    if let identifier { text += " '\(identifier)'" }
    text += " \(firstItem?.layoutName ?? "nil").\(firstAttribute.rawValue) \(relation.symbol) "
    var rhs = ""
    if let secondItem {
      rhs = "\(secondItem.layoutName).\(secondAttribute.rawValue)"
      if multiplier != 1 { rhs += " * \(CanonicalNumber.format(Double(multiplier)))" }
      if constant > 0 { rhs += " + \(CanonicalNumber.format(Double(constant)))" }
      if constant < 0 { rhs += " - \(CanonicalNumber.format(Double(-constant)))" }
    } else {
      rhs = CanonicalNumber.format(Double(constant))
    }
    text += rhs
    if priority != .required { text += " @\(CanonicalNumber.format(Double(CGFloat(priority.rawValue))))" }
    if isBroken { text += " (broken)" } else if isActive { text += " (active)" }
    return text + ">"
  }
}
