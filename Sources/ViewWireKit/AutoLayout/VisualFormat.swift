public import Foundation

extension LayoutConstraint {
  /// Options for visual format strings (UIKit's `NSLayoutConstraint.FormatOptions`): align every
  /// view named in the string on one attribute across the layout direction.
  public struct FormatOptions: OptionSet, Hashable, Sendable {
    /// UIKit's bits: each option is `1 << ` the raw value of UIKit's layout attribute, so a number copied
    /// from seed code means the same here.
    public let rawValue: UInt
    /// Options from UIKit's raw bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// Lines up the left edges of a vertical format's views.
    public static let alignAllLeft = FormatOptions(rawValue: 1 << 1)
    /// Lines up the right edges of a vertical format's views.
    public static let alignAllRight = FormatOptions(rawValue: 1 << 2)
    /// Lines up the tops of a horizontal format's views.
    public static let alignAllTop = FormatOptions(rawValue: 1 << 3)
    /// Lines up the bottoms of a horizontal format's views.
    public static let alignAllBottom = FormatOptions(rawValue: 1 << 4)
    /// Lines up the leading edges of a vertical format's views (the left: the kit lays out left to right
    /// only).
    public static let alignAllLeading = FormatOptions(rawValue: 1 << 5)
    /// Lines up the trailing edges of a vertical format's views (the right).
    public static let alignAllTrailing = FormatOptions(rawValue: 1 << 6)
    /// Lines up the horizontal centres of a vertical format's views.
    public static let alignAllCenterX = FormatOptions(rawValue: 1 << 9)
    /// Lines up the vertical centres of a horizontal format's views.
    public static let alignAllCenterY = FormatOptions(rawValue: 1 << 10)
    /// Lines up the last text baselines of a horizontal format's views; a view without text uses its bottom.
    public static let alignAllLastBaseline = FormatOptions(rawValue: 1 << 11)
    /// Lines up the first text baselines of a horizontal format's views; a view without text uses its bottom.
    public static let alignAllFirstBaseline = FormatOptions(rawValue: 1 << 12)

    var attributes: [LayoutAttribute] {
      let table: [(FormatOptions, LayoutAttribute)] = [
        (.alignAllLeft, .left), (.alignAllRight, .right), (.alignAllTop, .top), (.alignAllBottom, .bottom),
        (.alignAllLeading, .leading), (.alignAllTrailing, .trailing), (.alignAllCenterX, .centerX),
        (.alignAllCenterY, .centerY), (.alignAllLastBaseline, .lastBaseline),
        (.alignAllFirstBaseline, .firstBaseline),
      ]
      return table.filter { contains($0.0) }.map(\.1)
    }
  }

  /// The standard space between sibling views that a bare `-` means.
  public static let standardSpacing: CGFloat = 8
  /// The standard space between a view and its superview's edge that `|-` means.
  public static let standardSuperviewSpacing: CGFloat = 20

  /// Constraints from a visual format string (UIKit's
  /// `constraints(withVisualFormat:options:metrics:views:)`), inactive until activated.
  ///
  /// UIKit raises an exception for a bad string; a server must not die of one app's typo, so this
  /// returns no constraints and logs the parse error (with its position) to standard error. Call
  /// ``visualFormatConstraints(_:options:metrics:views:)`` to get the error as a value.
  public static func constraints(
    withVisualFormat format: String, options: FormatOptions = [], metrics: [String: Any]?,
    views: [String: Any]
  ) -> [LayoutConstraint] {
    do {
      return try visualFormatConstraints(format, options: options, metrics: metrics, views: views)
    } catch {
      FileHandle.standardError.write(Data("NSLayoutConstraint: \(error)\n".utf8))
      return []
    }
  }

  /// Constraints from a visual format string, or the parse error naming its position.
  ///
  /// The grammar is Apple's (Auto Layout Guide, "Visual Format String Grammar"):
  /// `(H:|V:)? (| connection)? [view] (connection [view])* (connection |)?`, where a connection
  /// is empty (flush), `-` (standard space) or `-predicates-`, and a view may carry
  /// `(predicate, ...)` on its width (H) or height (V). A predicate is
  /// `(==|<=|>=)? (number|metric|viewName) (@ (number|metric))?`.
  public static func visualFormatConstraints(
    _ format: String, options: FormatOptions = [], metrics: [String: Any]? = nil, views: [String: Any]
  ) throws(VisualFormatError) -> [LayoutConstraint] {
    var parser = VisualFormatParser(format: format, metrics: metrics ?? [:], views: views)
    return try parser.parse(options: options)
  }
}

/// A visual format string that does not parse, with the position of the offending character.
public struct VisualFormatError: Error, Equatable, CustomStringConvertible, Sendable {
  /// What was expected or wrong, in words.
  public let message: String
  /// The string that failed.
  public let format: String
  /// The offset (in characters) where parsing stopped.
  public let position: Int

  /// One line: the message, the position, and the string with a caret-free marker `⟨here⟩`.
  public var description: String {
    let characters = Array(format)
    let before = String(characters[..<min(position, characters.count)])
    let after = String(characters[min(position, characters.count)...])
    return "\(message) at position \(position): \(before)⟨here⟩\(after)"
  }
}

private struct VisualFormatParser {
  let characters: [Character]
  let format: String
  let metrics: [String: Any]
  let views: [String: Any]
  var index = 0

  init(format: String, metrics: [String: Any], views: [String: Any]) {
    self.format = format
    characters = Array(format)
    self.metrics = metrics
    self.views = views
  }

  /// One predicate: relation, a constant or a view, and a priority.
  struct Predicate {
    var relation: LayoutRelation = .equal
    var constant: CGFloat = 0
    var view: View?
    var priority: LayoutPriority = .required
  }

  private func fail(_ message: String) -> VisualFormatError {
    VisualFormatError(message: message, format: format, position: index)
  }

  private var current: Character? { index < characters.count ? characters[index] : nil }

  private mutating func skipSpaces() {
    while let c = current, c == " " { index += 1 }
  }

  private mutating func take(_ c: Character) -> Bool {
    skipSpaces()
    guard current == c else { return false }
    index += 1
    return true
  }

  private mutating func identifier() -> String? {
    skipSpaces()
    guard let first = current, first.isLetter || first == "_" else { return nil }
    var name = ""
    while let c = current, c.isLetter || c.isNumber || c == "_" {
      name.append(c)
      index += 1
    }
    return name
  }

  private mutating func number() -> CGFloat? {
    skipSpaces()
    let start = index
    if current == "-" || current == "+" { index += 1 }
    var digits = ""
    while let c = current, c.isNumber || c == "." {
      digits.append(c)
      index += 1
    }
    guard !digits.isEmpty, let value = Double(digits) else {
      index = start
      return nil
    }
    return CGFloat(characters[start] == "-" ? -value : value)
  }

  private func metric(_ name: String) -> CGFloat? {
    switch metrics[name] {
    case let value as CGFloat: value
    case let value as Double: CGFloat(value)
    case let value as Int: CGFloat(value)
    case let value as Float: CGFloat(value)
    case let value as NSNumber: CGFloat(value.doubleValue)
    default: nil
    }
  }

  private mutating func view(named name: String, at position: Int) throws(VisualFormatError) -> View {
    guard let view = views[name] as? View else {
      throw VisualFormatError(
        message: "'\(name)' is not a key in the views dictionary", format: format, position: position)
    }
    return view
  }

  /// `number | metricName` (and, where `allowView`, `viewName`).
  private mutating func predicate(allowView: Bool) throws(VisualFormatError) -> Predicate {
    var result = Predicate()
    skipSpaces()
    let pairs: [(String, LayoutRelation)] = [
      ("==", .equal), ("<=", .lessThanOrEqual), (">=", .greaterThanOrEqual),
    ]
    for (text, relation) in pairs
    where index + 1 < characters.count && String(characters[index...index + 1]) == text {
      result.relation = relation
      index += 2
      break
    }
    if let value = number() {
      result.constant = value
    } else {
      let start = index
      guard let name = identifier() else { throw fail("Expected a number, metric or view name") }
      if let value = metric(name) {
        result.constant = value
      } else if allowView {
        result.view = try view(named: name, at: start)
      } else {
        throw VisualFormatError(
          message: "'\(name)' is not a key in the metrics dictionary", format: format, position: start)
      }
    }
    if take("@") {
      if let value = number() {
        result.priority = LayoutPriority(Float(value))
      } else {
        let start = index
        guard let name = identifier(), let value = metric(name) else {
          throw VisualFormatError(
            message: "Expected a priority (number or metric) after '@'", format: format, position: start)
        }
        result.priority = LayoutPriority(Float(value))
      }
      guard (1...1000).contains(result.priority.rawValue) else {
        throw fail("A priority must be between 1 and 1000")
      }
    }
    return result
  }

  /// `( predicate (, predicate)* )`, the opening parenthesis already taken.
  private mutating func predicateList(allowView: Bool) throws(VisualFormatError) -> [Predicate] {
    var list = [try predicate(allowView: allowView)]
    while take(",") { list.append(try predicate(allowView: allowView)) }
    guard take(")") else { throw fail("Expected ',' or ')' to end the predicate list") }
    return list
  }

  /// A connection after `-`: `number`, `metric`, or `(predicates)`, then `-`; or nothing
  /// (the standard space). Returns nil for the standard space.
  private mutating func connection() throws(VisualFormatError) -> [Predicate]? {
    skipSpaces()
    if take("(") {
      let list = try predicateList(allowView: false)
      guard take("-") else { throw fail("Expected '-' after the spacing predicates") }
      return list
    }
    if current == "[" || current == "|" { return nil }
    var predicate = Predicate()
    if let value = number() {
      predicate.constant = value
    } else if let name = identifier() {
      guard let value = metric(name) else {
        throw VisualFormatError(
          message: "'\(name)' is not a key in the metrics dictionary", format: format,
          position: index - name.count)
      }
      predicate.constant = value
    } else {
      throw fail("Expected a number, metric, '(' or a view after '-'")
    }
    guard take("-") else { throw fail("Expected '-' after the spacing") }
    return [predicate]
  }

  mutating func parse(options: LayoutConstraint.FormatOptions) throws(VisualFormatError) -> [LayoutConstraint]
  {
    var vertical = false
    skipSpaces()
    if current == "H" || current == "V", index + 1 < characters.count, characters[index + 1] == ":" {
      vertical = current == "V"
      index += 2
    } else if current == "H" || current == "V", index + 1 < characters.count, characters[index + 1] != "[" {
      index += 1
      throw fail("Expected ':' after '\(characters[index - 1])' to specify the orientation")
    }
    let (leading, trailing, size): (LayoutAttribute, LayoutAttribute, LayoutAttribute) =
      vertical ? (.top, .bottom, .height) : (.leading, .trailing, .width)
    var result: [LayoutConstraint] = []
    var placed: [View] = []
    var startsAtSuperview = false
    /// The spacing before the next view: nil = flush, [] = standard, else predicates.
    var pending: [Predicate]?? = .none

    func spacingConstraints(
      from first: any LayoutItem, _ firstAttribute: LayoutAttribute, to second: any LayoutItem,
      _ secondAttribute: LayoutAttribute, _ predicates: [Predicate]
    ) -> [LayoutConstraint] {
      predicates.map { p in
        let constraint = LayoutConstraint(
          item: second, attribute: secondAttribute, relatedBy: p.relation, toItem: first,
          attribute: firstAttribute, multiplier: 1, constant: p.constant)
        constraint.priority = p.priority
        return constraint
      }
    }

    if take("|") {
      startsAtSuperview = true
      if take("-") {
        let spacing = try connection()
        pending = .some(spacing ?? [Predicate(constant: LayoutConstraint.standardSuperviewSpacing)])
      } else {
        pending = .some(nil)
      }
    }
    while true {
      skipSpaces()
      guard take("[") else {
        if placed.isEmpty { throw fail("Expected '[' to start a view") }
        break
      }
      let nameStart = index
      guard let name = identifier() else { throw fail("Expected a view name after '['") }
      let view = try view(named: name, at: nameStart)
      if take("(") {
        for p in try predicateList(allowView: true) {
          let constraint = LayoutConstraint(
            item: view, attribute: size, relatedBy: p.relation, toItem: p.view,
            attribute: p.view == nil ? .notAnAttribute : size, multiplier: 1, constant: p.constant)
          constraint.priority = p.priority
          result.append(constraint)
        }
      }
      guard take("]") else { throw fail("Expected ']' to end the view (or '(' for its predicates)") }
      // Space from the previous view, or from the superview's leading edge.
      if let previous = placed.last {
        let predicates: [Predicate] =
          switch pending {
          case .some(.some(let list)): list
          case .some(.none): [Predicate()]
          case .none: [Predicate()]
          }
        result += spacingConstraints(from: previous, trailing, to: view, leading, predicates)
      } else if startsAtSuperview {
        guard let superview = view.superview else { throw fail("'\(name)' has no superview for '|'") }
        let predicates: [Predicate] =
          switch pending {
          case .some(.some(let list)): list
          default: [Predicate()]
          }
        result += spacingConstraints(from: superview, leading, to: view, leading, predicates)
      }
      placed.append(view)
      pending = .none
      // The connection after this view.
      skipSpaces()
      if take("-") {
        let spacing = try connection()
        skipSpaces()
        let isSuperview = current == "|"
        if let spacing {
          pending = .some(spacing)
        } else {
          pending = .some([
            Predicate(
              constant: isSuperview
                ? LayoutConstraint.standardSuperviewSpacing : LayoutConstraint.standardSpacing)
          ])
        }
        if current != "[" && current != "|" { throw fail("Expected a view or '|' after the connection") }
      } else {
        pending = .some(nil)
      }
      skipSpaces()
      if take("|") {
        guard let superview = view.superview else { throw fail("'\(name)' has no superview for '|'") }
        let predicates: [Predicate] =
          switch pending {
          case .some(.some(let list)): list
          default: [Predicate()]
          }
        result += spacingConstraints(from: view, trailing, to: superview, trailing, predicates)
        skipSpaces()
        guard current == nil else { throw fail("Nothing may follow the closing '|'") }
        break
      }
      if current == nil {
        if case .some(.some) = pending { throw fail("Expected a view or '|' after the connection") }
        break
      }
    }
    skipSpaces()
    guard current == nil else { throw fail("Unexpected character") }
    for attribute in options.attributes {
      let crossAxis: Set<LayoutAttribute> =
        vertical
        ? [.left, .right, .leading, .trailing, .centerX]
        : [.top, .bottom, .centerY, .firstBaseline, .lastBaseline]
      guard crossAxis.contains(attribute) else {
        throw VisualFormatError(
          message: "Options align \(attribute.rawValue), which is along the layout direction", format: format,
          position: 0)
      }
      for (a, b) in zip(placed, placed.dropFirst()) {
        result.append(
          LayoutConstraint(
            item: a, attribute: attribute, relatedBy: .equal, toItem: b, attribute: attribute, multiplier: 1,
            constant: 0))
      }
    }
    return result
  }
}
