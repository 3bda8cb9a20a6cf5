public import Foundation

/// Marks anchors on the horizontal axis, so an x anchor cannot be tied to a y anchor.
public enum XAxis {}
/// Marks anchors on the vertical axis.
public enum YAxis {}
/// Marks width and height anchors, which alone accept constant sizes and multipliers.
public enum Dimension {}

/// One attribute of a view or guide, used to build constraints (UIKit's `NSLayoutAnchor`).
///
/// The phantom `Axis` makes mixing axes a compile error, as UIKit's anchor subclasses do.
public struct LayoutAnchor<Axis> {
  /// The item whose attribute this is.
  public let item: any LayoutItem
  /// Which attribute.
  public let attribute: LayoutAttribute

  init(_ item: any LayoutItem, _ attribute: LayoutAttribute) {
    self.item = item
    self.attribute = attribute
  }

  private func make(
    _ relation: LayoutRelation, _ other: LayoutAnchor<Axis>, multiplier: CGFloat = 1, constant: CGFloat
  ) -> LayoutConstraint {
    LayoutConstraint(
      item: item, attribute: attribute, relatedBy: relation, toItem: other.item,
      attribute: other.attribute, multiplier: multiplier, constant: constant)
  }

  /// `self == anchor + constant` (inactive until activated).
  public func constraint(equalTo anchor: LayoutAnchor<Axis>, constant: CGFloat = 0) -> LayoutConstraint {
    make(.equal, anchor, constant: constant)
  }
  /// `self >= anchor + constant`.
  public func constraint(greaterThanOrEqualTo anchor: LayoutAnchor<Axis>, constant: CGFloat = 0)
    -> LayoutConstraint
  { make(.greaterThanOrEqual, anchor, constant: constant) }
  /// `self <= anchor + constant`.
  public func constraint(lessThanOrEqualTo anchor: LayoutAnchor<Axis>, constant: CGFloat = 0)
    -> LayoutConstraint
  { make(.lessThanOrEqual, anchor, constant: constant) }
}

extension LayoutAnchor where Axis == Dimension {
  /// `self == anchor * multiplier + constant`.
  public func constraint(equalTo anchor: LayoutAnchor<Axis>, multiplier: CGFloat, constant: CGFloat = 0)
    -> LayoutConstraint
  { make(.equal, anchor, multiplier: multiplier, constant: constant) }
  /// `self >= anchor * multiplier + constant`.
  public func constraint(
    greaterThanOrEqualTo anchor: LayoutAnchor<Axis>, multiplier: CGFloat, constant: CGFloat = 0
  ) -> LayoutConstraint { make(.greaterThanOrEqual, anchor, multiplier: multiplier, constant: constant) }
  /// `self <= anchor * multiplier + constant`.
  public func constraint(
    lessThanOrEqualTo anchor: LayoutAnchor<Axis>, multiplier: CGFloat, constant: CGFloat = 0
  ) -> LayoutConstraint { make(.lessThanOrEqual, anchor, multiplier: multiplier, constant: constant) }
  /// `self == constant`.
  public func constraint(equalToConstant constant: CGFloat) -> LayoutConstraint { sized(.equal, constant) }
  /// `self >= constant`.
  public func constraint(greaterThanOrEqualToConstant constant: CGFloat) -> LayoutConstraint {
    sized(.greaterThanOrEqual, constant)
  }
  /// `self <= constant`.
  public func constraint(lessThanOrEqualToConstant constant: CGFloat) -> LayoutConstraint {
    sized(.lessThanOrEqual, constant)
  }

  private func sized(_ relation: LayoutRelation, _ constant: CGFloat) -> LayoutConstraint {
    LayoutConstraint(
      item: item, attribute: attribute, relatedBy: relation, toItem: nil, attribute: .notAnAttribute,
      multiplier: 1, constant: constant)
  }

  private func make(
    _ relation: LayoutRelation, _ other: LayoutAnchor<Axis>, multiplier: CGFloat, constant: CGFloat
  ) -> LayoutConstraint {
    LayoutConstraint(
      item: item, attribute: attribute, relatedBy: relation, toItem: other.item,
      attribute: other.attribute, multiplier: multiplier, constant: constant)
  }
}

/// The anchors every layout item offers.
extension LayoutItem {
  /// The leading edge; the kit lays out left to right only, so it is the left edge.
  public var leadingAnchor: LayoutAnchor<XAxis> { LayoutAnchor(self, .leading) }
  /// The trailing edge, the right edge in the kit's left-to-right layout.
  public var trailingAnchor: LayoutAnchor<XAxis> { LayoutAnchor(self, .trailing) }
  /// The left edge.
  public var leftAnchor: LayoutAnchor<XAxis> { LayoutAnchor(self, .left) }
  /// The right edge.
  public var rightAnchor: LayoutAnchor<XAxis> { LayoutAnchor(self, .right) }
  /// The horizontal centre.
  public var centerXAnchor: LayoutAnchor<XAxis> { LayoutAnchor(self, .centerX) }
  /// The top edge.
  public var topAnchor: LayoutAnchor<YAxis> { LayoutAnchor(self, .top) }
  /// The bottom edge.
  public var bottomAnchor: LayoutAnchor<YAxis> { LayoutAnchor(self, .bottom) }
  /// The vertical centre.
  public var centerYAnchor: LayoutAnchor<YAxis> { LayoutAnchor(self, .centerY) }
  /// The width; a ``Dimension`` anchor, so it also takes constants and multipliers.
  public var widthAnchor: LayoutAnchor<Dimension> { LayoutAnchor(self, .width) }
  /// The height; a ``Dimension`` anchor, so it also takes constants and multipliers.
  public var heightAnchor: LayoutAnchor<Dimension> { LayoutAnchor(self, .height) }
}

extension View {
  /// The baseline of the first line of text: a view's bottom unless it shows text.
  public var firstBaselineAnchor: LayoutAnchor<YAxis> { LayoutAnchor(self, .firstBaseline) }
  /// The baseline of the last line of text.
  public var lastBaselineAnchor: LayoutAnchor<YAxis> { LayoutAnchor(self, .lastBaseline) }
}

/// A rectangle constraints can attach to without a view (UIKit's `UILayoutGuide`): spacers,
/// margins and the safe area.
open class LayoutGuide: LayoutItem {
  /// The view the guide belongs to; its constraints live in that view's hierarchy.
  public internal(set) weak var owningView: View?
  /// A name for descriptions.
  open var identifier: String = ""
  /// The solver's unknowns for the guide's rectangle, made once with the guide so its constraints always
  /// refer to the same ones.
  public let layoutVariables: LayoutVariables
  /// Insets tying a system guide (margins, safe area) to its owner; nil for guides apps add.
  var systemInsets: (() -> EdgeInsets)?
  /// Which of its owner's system guides this is, nil for guides apps add.
  var systemGuide: SystemGuide?

  /// The guides a view makes for itself.
  enum SystemGuide { case margins, safeArea }

  /// A guide that belongs to no view yet: add it to one with `addLayoutGuide(_:)` before constraining it, so
  /// its constraints have a hierarchy to live in.
  public init() { layoutVariables = LayoutVariables() }

  /// The owning view, through which the guide's constraints find their window and solver.
  public var layoutOwnerView: View? { owningView }
  /// `UILayoutGuide(OWNER)`, or the identifier in place of `UILayoutGuide`, as UIKit's constraint
  /// descriptions and `explain` lines name a guide.
  public var layoutName: String {
    let owner = owningView?.layoutName ?? "nil"
    return identifier.isEmpty ? "UILayoutGuide(\(owner))" : "\(identifier)(\(owner))"
  }
  /// The guide's solved rectangle in its owning view's coordinates.
  public var layoutFrame: CGRect {
    guard let owner = owningView else { return layoutVariables.rect }
    let origin = owner.convert(layoutVariables.rect.origin, from: nil)
    return CGRect(origin: origin, size: layoutVariables.rect.size)
  }
}

/// Per-view Auto Layout state, kept in one object so `View` needs a single stored property; it is
/// also the view's solver variables (`layoutVariables`), made on first use. The margins and
/// safe-area guides are found among `guides` (they are the ones with `systemGuide` set) rather
/// than kept in fields of their own.
///
/// 81 bytes, a 96-byte malloc chunk (it was 113, a 128-byte one): the guides and margins other
/// than the default, which few views have, are one reference to an `Extras` object made for
/// those views only (a stacks session keeps a dozen of these objects for its life).
package final class ViewLayoutState: LayoutVariables {
  var installed: [LayoutConstraint] = []
  var hugging: (horizontal: LayoutPriority, vertical: LayoutPriority) = (.defaultLow, .defaultLow)
  var compression: (horizontal: LayoutPriority, vertical: LayoutPriority) = (.defaultHigh, .defaultHigh)
  /// The guides and margins, nil while there are no guides and the margins are the default.
  private var extras: Extras?

  /// What few views have: guides of their own, margins other than 8 points.
  private final class Extras {
    var guides: [LayoutGuide] = []
    var layoutMargins = ViewLayoutState.defaultMargins
  }

  private static let defaultMargins = EdgeInsets(top: 8, left: 8, bottom: 8, right: 8)

  /// The guides this view owns, in the order they were added.
  var guides: [LayoutGuide] {
    get { extras?.guides ?? [] }
    set {
      if extras == nil {
        guard !newValue.isEmpty else { return }
        extras = Extras()
      }
      extras!.guides = newValue
    }
  }

  /// Space content keeps from the edges (8 points on every side unless set).
  var layoutMargins: EdgeInsets {
    get { extras?.layoutMargins ?? Self.defaultMargins }
    set {
      if extras == nil {
        guard newValue != Self.defaultMargins else { return }
        extras = Extras()
      }
      extras!.layoutMargins = newValue
    }
  }

  /// The owner's guide of `kind` (margins or safe area), if it was made.
  func systemGuide(_ kind: LayoutGuide.SystemGuide) -> LayoutGuide? {
    guides.first { $0.systemGuide == kind }
  }
}

/// The axis of a priority or a stack (UIKit's `NSLayoutConstraint.Axis`).
public enum LayoutAxis: Hashable, Sendable {
  /// Left to right (`horizontal`) or top to bottom (`vertical`).
  case horizontal, vertical
}

extension View: LayoutItem {
  /// The view itself: its own constraints live in its hierarchy.
  public var layoutOwnerView: View? { self }
  /// The solver's unknowns for the view's rectangle in window coordinates, made on first use so views that no
  /// constraint mentions cost nothing.
  public var layoutVariables: LayoutVariables { layoutState }
  /// `CLASS#IDENT` when the view has an accessibility identifier, else its class: the name constraint
  /// descriptions and `explain` lines use, so a person can find the view in `tree` output.
  public var layoutName: String {
    if let id = accessibilityIdentifier { return "\(wireClassName)#\(id)" }
    return wireClassName
  }

  /// Whether the view's frame, as set by code, is a fixed input to constraints (true, the
  /// default) or the solver decides it (false, for views positioned by constraints).
  ///
  /// Reading it makes no Auto Layout state: every label reads it when its text changes
  /// (`invalidateIntrinsicContentSize`), and each read gave a frame-positioned label an object
  /// of state it never used (an allocation per updated row of a table, and memory per view).
  public var translatesAutoresizingMaskIntoConstraints: Bool {
    get { translatesAutoresizingMaskStorage }
    set {
      guard newValue != translatesAutoresizingMaskIntoConstraints else { return }
      translatesAutoresizingMaskStorage = newValue
      window?.layoutEngine?.itemModeChanged(self)
    }
  }

  /// The constraints installed on this view (whose items it is the common ancestor of).
  public var constraints: [LayoutConstraint] { layoutStateStorage?.installed ?? [] }

  /// Activates `constraint` (UIKit's old `addConstraint`).
  public func addConstraint(_ constraint: LayoutConstraint) { constraint.isActive = true }
  /// Activates `constraints`.
  public func addConstraints(_ constraints: [LayoutConstraint]) { LayoutConstraint.activate(constraints) }
  /// Deactivates `constraint`.
  public func removeConstraint(_ constraint: LayoutConstraint) { constraint.isActive = false }
  /// Deactivates `constraints`.
  public func removeConstraints(_ constraints: [LayoutConstraint]) {
    LayoutConstraint.deactivate(constraints)
  }

  /// How strongly the view resists growing past its intrinsic size on `axis`.
  public func contentHuggingPriority(for axis: LayoutAxis) -> LayoutPriority {
    axis == .horizontal ? layoutState.hugging.horizontal : layoutState.hugging.vertical
  }
  /// Sets how strongly the view resists growing past its intrinsic size.
  public func setContentHuggingPriority(_ priority: LayoutPriority, for axis: LayoutAxis) {
    if axis == .horizontal {
      layoutState.hugging.horizontal = priority
    } else {
      layoutState.hugging.vertical = priority
    }
    invalidateIntrinsicContentSize()
  }
  /// How strongly the view resists shrinking below its intrinsic size on `axis`.
  public func contentCompressionResistancePriority(for axis: LayoutAxis) -> LayoutPriority {
    axis == .horizontal ? layoutState.compression.horizontal : layoutState.compression.vertical
  }
  /// Sets how strongly the view resists shrinking below its intrinsic size.
  public func setContentCompressionResistancePriority(_ priority: LayoutPriority, for axis: LayoutAxis) {
    if axis == .horizontal {
      layoutState.compression.horizontal = priority
    } else {
      layoutState.compression.vertical = priority
    }
    invalidateIntrinsicContentSize()
  }

  /// Space content keeps from the edges; `layoutMarginsGuide` follows it.
  public var layoutMargins: EdgeInsets {
    get { layoutState.layoutMargins }
    set {
      layoutState.layoutMargins = newValue
      setNeedsLayout()
    }
  }

  /// The guides this view owns.
  public var layoutGuides: [LayoutGuide] { layoutState.guides }

  /// Adds a guide for constraints to use (a spacer, a group's bounds).
  public func addLayoutGuide(_ guide: LayoutGuide) {
    guide.owningView = self
    layoutState.guides.append(guide)
  }

  /// Removes a guide; constraints on it should be deactivated first.
  public func removeLayoutGuide(_ guide: LayoutGuide) {
    layoutState.guides.removeAll { $0 === guide }
    guide.owningView = nil
  }

  /// The view's bounds inset by `layoutMargins`.
  public var layoutMarginsGuide: LayoutGuide {
    if let guide = layoutState.systemGuide(.margins) { return guide }
    let guide = LayoutGuide()
    guide.identifier = "UIViewLayoutMarginsGuide"
    guide.systemInsets = { [unowned self] in layoutMargins }
    guide.systemGuide = .margins
    addLayoutGuide(guide)
    return guide
  }

  /// The view's bounds inset by `safeAreaInsets` (below a navigation bar, for instance).
  public var safeAreaLayoutGuide: LayoutGuide {
    if let guide = layoutState.systemGuide(.safeArea) { return guide }
    let guide = LayoutGuide()
    guide.identifier = "UIViewSafeAreaLayoutGuide"
    guide.systemInsets = { [unowned self] in safeAreaInsets }
    guide.systemGuide = .safeArea
    addLayoutGuide(guide)
    return guide
  }

  /// One object for all Auto Layout state, created when first needed.
  var layoutState: ViewLayoutState {
    if let existing = layoutStateStorage { return existing }
    let made = ViewLayoutState()
    layoutStateStorage = made
    return made
  }
  var layoutStateIfCreated: ViewLayoutState? { layoutStateStorage }

  /// Where the first text baseline sits below the top, nil for views without text: the line's
  /// ascent (0.8 of the point size, centred in the measured line height) under the text inset.
  var firstBaselineOffsetFromTop: CGFloat? {
    func ascent(_ font: Font) -> CGFloat {
      (font.pointSize * 0.8 + (font.lineHeight - font.pointSize) / 2).rounded()
    }
    if let label = self as? Label { return ascent(label.font) }
    if let field = self as? TextField {
      return 7 + ascent(field.font ?? .systemFont(ofSize: Font.systemFontSize))
    }
    return nil
  }
  /// Where the last text baseline sits above the bottom, nil for views without text.
  var lastBaselineOffsetFromBottom: CGFloat? {
    guard let top = firstBaselineOffsetFromTop, let label = self as? Label else { return nil }
    return label.font.lineHeight - top
  }

  /// Called by `propagateWindow` for every view that moves between windows: its installed
  /// constraints leave the old window's solver and join the new one's.
  package func autoLayoutWindowChanged(from oldWindow: Window?, to newWindow: Window?) {
    guard oldWindow !== newWindow else { return }
    // As in UIKit, a view that leaves loses the constraints that tie it to views that stay.
    if let engine = oldWindow?.layoutEngine {
      for constraint in engine.constraints(affecting: self) {
        if let host = constraint.installedOn, host.window === oldWindow, host !== self,
          !host.isDescendant(of: self)
        {
          constraint.isActive = false
        }
      }
    }
    guard let state = layoutStateIfCreated, !state.installed.isEmpty else { return }
    for constraint in state.installed {
      oldWindow?.layoutEngine?.remove(constraint)
      newWindow?.autoLayoutEngine.add(constraint)
    }
  }
}
