import Foundation
import Testing
import ViewWireKit

/// `explainLayout()`, behind the protocol's `explain`: what decides a view's frame, as lines.
struct AutoLayoutExplainTests {
  @Test func aConstrainedLabelListsItsFrameIntrinsicSizeConstraintsAndGuides() {
    let window = Window(size: CGSize(width: 200, height: 100))
    let container = View(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
    container.layoutMargins = EdgeInsets(top: 4, left: 6, bottom: 4, right: 6)
    let label = Label()
    label.text = "Name"
    label.accessibilityIdentifier = "name"
    label.translatesAutoresizingMaskIntoConstraints = false
    window.addSubview(container)
    container.addSubview(label)
    let top = label.topAnchor.constraint(equalTo: container.layoutMarginsGuide.topAnchor)
    top.identifier = "top"
    NSLayoutConstraint.activate([
      top, label.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: 10),
    ])
    window.prepareFrame()
    #expect(
      label.explainLayout() == [
        "Label#name frame 10 4 34 21 set by constraints",
        "intrinsic size 34x21, hugging 250/250, compression resistance 750/750",
        "<NSLayoutConstraint 'top' Label#name.top == UIViewLayoutMarginsGuide(View).top (active)>",
        "<NSLayoutConstraint Label#name.leading == View.leading + 10 (active)>",
        "UIViewLayoutMarginsGuide(View) is its owner's bounds inset by 4 6 4 6 (top left bottom right)",
      ])
    #expect(
      container.explainLayout() == [
        "View frame 0 0 200 100 set by its own frame (translatesAutoresizingMaskIntoConstraints)",
        "<NSLayoutConstraint Label#name.leading == View.leading + 10 (active)>",
      ])
    let loose = View()
    loose.translatesAutoresizingMaskIntoConstraints = false
    container.addSubview(loose)
    #expect(loose.explainLayout().last == "no active constraint mentions this view: its layout is ambiguous")
  }

  /// Each optional part of the constraint form of PROTOCOL.md section 5 ("Explain"), present and
  /// left out: ` * M` only when M is not 1, ` + C` / ` - D` only when C is not 0, the constant
  /// alone without a second item, ` @P` only below 1000, and an identifier only when set.
  @Test func constraintLinesLeaveOutOnlyTheDocumentedDefaults() {
    let window = Window(size: CGSize(width: 200, height: 100))
    let box = View()
    let other = View()
    box.translatesAutoresizingMaskIntoConstraints = false
    window.addSubview(box)
    window.addSubview(other)
    let halfWidth = box.widthAnchor.constraint(equalTo: other.widthAnchor, multiplier: 0.5)
    let above = box.bottomAnchor.constraint(equalTo: other.topAnchor, constant: -5)
    let low = box.heightAnchor.constraint(greaterThanOrEqualToConstant: 10)
    low.priority = LayoutPriority(750)
    low.identifier = "low"
    let flush = box.leadingAnchor.constraint(lessThanOrEqualTo: other.leadingAnchor, constant: 0)
    NSLayoutConstraint.activate([halfWidth, above, low, flush])
    window.prepareFrame()
    #expect(
      Array(box.explainLayout().dropFirst()) == [
        "<NSLayoutConstraint View.width == View.width * 0.5 (active)>",
        "<NSLayoutConstraint View.bottom == View.top - 5 (active)>",
        "<NSLayoutConstraint 'low' View.height >= 10 @750 (active)>",
        "<NSLayoutConstraint View.leading <= View.leading (active)>",
      ])
  }

  /// A frame with a negative size is explained with the numbers its `layout` line holds.
  @Test func aNegativeSizeIsExplainedAsSet() {
    let window = Window(size: CGSize(width: 200, height: 100))
    let view = View(frame: CGRect(x: 20, y: 10, width: -10, height: 31))
    window.addSubview(view)
    #expect(
      view.explainLayout() == [
        "View frame 20 10 -10 31 set by its own frame (translatesAutoresizingMaskIntoConstraints)"
      ])
  }
}
