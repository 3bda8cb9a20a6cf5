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
}
