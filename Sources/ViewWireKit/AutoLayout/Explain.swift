internal import Foundation
internal import ViewWireProtocol

extension View {
  /// Readable lines saying what decides this view's frame: whether constraints or its own frame
  /// do, its frame, its intrinsic size with hugging and compression resistance, and every active
  /// constraint that mentions it (UIKit's debug descriptions), for the protocol's `explain`.
  public func explainLayout() -> [String] {
    var lines: [String] = []
    // Origin and size as stored, as `layout` lines send them: minX and width would normalise a
    // negative size and disagree with the frame the client holds (PROTOCOL.md section 5, "Explain").
    let f = frame
    let frameText = [f.origin.x, f.origin.y, f.size.width, f.size.height].map {
      CanonicalNumber.format(Double($0))
    }.joined(separator: " ")
    let mode =
      translatesAutoresizingMaskIntoConstraints
      ? "its own frame (translatesAutoresizingMaskIntoConstraints)" : "constraints"
    lines.append("\(layoutName) frame \(frameText) set by \(mode)")
    if !translatesAutoresizingMaskIntoConstraints {
      let size = intrinsicContentSize
      if size.width != View.noIntrinsicMetric || size.height != View.noIntrinsicMetric {
        func metric(_ value: CGFloat) -> String {
          value == View.noIntrinsicMetric ? "none" : CanonicalNumber.format(Double(value))
        }
        func priority(_ value: LayoutPriority) -> String {
          CanonicalNumber.format(Double(CGFloat(value.rawValue)))
        }
        lines.append(
          "intrinsic size \(metric(size.width))x\(metric(size.height)), hugging "
            + "\(priority(contentHuggingPriority(for: .horizontal)))/\(priority(contentHuggingPriority(for: .vertical)))"
            + ", compression resistance "
            + "\(priority(contentCompressionResistancePriority(for: .horizontal)))/"
            + "\(priority(contentCompressionResistancePriority(for: .vertical)))")
      }
    }
    let constraints = window?.layoutEngine?.constraints(affecting: self) ?? []
    var guides: [LayoutGuide] = []
    for constraint in constraints {
      lines.append(constraint.description)
      for item in [constraint.firstItem, constraint.secondItem] {
        if let guide = item as? LayoutGuide, guide.systemInsets != nil,
          !guides.contains(where: { $0 === guide })
        {
          guides.append(guide)
        }
      }
    }
    for guide in guides {
      if let insets = guide.systemInsets?() {
        let text = [insets.top, insets.left, insets.bottom, insets.right].map {
          CanonicalNumber.format(Double($0))
        }
        .joined(separator: " ")
        lines.append("\(guide.layoutName) is its owner's bounds inset by \(text) (top left bottom right)")
      }
    }
    if !translatesAutoresizingMaskIntoConstraints && constraints.isEmpty {
      lines.append("no active constraint mentions this view: its layout is ambiguous")
    }
    return lines
  }
}
