import Foundation
import Testing
import ViewWireKit

/// Intrinsic content sizes from the deterministic text measurement (half an em per Latin
/// character, lines 1.2 em rounded up) size controls that constraints only position; hugging and
/// compression resistance decide who gives way.
struct AutoLayoutIntrinsicTests {
  private func row(_ width: CGFloat, _ left: Label, _ right: Label) -> Window {
    let window = Window(size: CGSize(width: width, height: 100))
    for label in [left, right] {
      label.translatesAutoresizingMaskIntoConstraints = false
      window.addSubview(label)
    }
    NSLayoutConstraint.activate([
      left.leadingAnchor.constraint(equalTo: window.leadingAnchor),
      right.leadingAnchor.constraint(equalTo: left.trailingAnchor, constant: 10),
      right.trailingAnchor.constraint(equalTo: window.trailingAnchor),
      left.topAnchor.constraint(equalTo: window.topAnchor),
      right.firstBaselineAnchor.constraint(equalTo: left.firstBaselineAnchor),
    ])
    return window
  }

  @Test func controlsTakeTheirIntrinsicSizeWhenOnlyPositioned() {
    let window = Window(size: CGSize(width: 320, height: 480))
    let label = Label()
    label.text = "Name"
    let button = Button()
    button.setTitle("Log in", for: .normal)
    let field = TextField()
    field.placeholder = "Username"
    var previous: NSLayoutYAxisAnchor = window.topAnchor
    for view in [label, button, field] as [View] {
      view.translatesAutoresizingMaskIntoConstraints = false
      window.addSubview(view)
      NSLayoutConstraint.activate([
        view.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 10),
        view.topAnchor.constraint(equalTo: previous, constant: 4),
      ])
      previous = view.bottomAnchor
    }
    window.prepareFrame()
    #expect(
      [label, button, field].map { text($0.frame) } == ["10 4 34 21", "10 29 61 30", "10 63 84 35"])
    // A longer text grows the label at the next layout pass.
    label.text = "Full name"
    window.prepareFrame()
    #expect(text(label.frame) == "10 4 77 21")
  }

  /// A superview that counts its layout passes, to see who asks for one.
  private final class CountingView: View {
    var passes = 0
    override func layoutSubviews() { passes += 1 }
  }

  /// `invalidateIntrinsicContentSize` speaks to Auto Layout, as UIKit documents: a label that
  /// keeps its own frame changes text without laying its superview out again, while a label
  /// placed by constraints has its superview laid out (and re-solved) at the next pass.
  @Test(arguments: [(byConstraints: false, passes: 0), (byConstraints: true, passes: 1)])
  func aChangedIntrinsicSizeLaysOutTheSuperviewOnlyUnderConstraints(byConstraints: Bool, passes: Int) {
    let window = Window(size: CGSize(width: 320, height: 480))
    let container = CountingView(frame: CGRect(x: 0, y: 0, width: 320, height: 100))
    let label = Label(frame: CGRect(x: 8, y: 8, width: 200, height: 21))
    label.text = "Name"
    container.addSubview(label)
    window.addSubview(container)
    if byConstraints {
      label.translatesAutoresizingMaskIntoConstraints = false
      NSLayoutConstraint.activate([
        label.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: 8),
        label.topAnchor.constraint(equalTo: container.topAnchor, constant: 8),
      ])
    }
    window.prepareFrame()
    container.passes = 0
    label.text = "Full name"
    window.prepareFrame()
    #expect(container.passes == passes)
    #expect(text(label.frame) == (byConstraints ? "8 8 77 21" : "8 8 200 21"))
  }

  static let squeezeCases:
    [(name: String, width: CGFloat, setUp: @Sendable (Label, Label) -> Void, frames: String)] = [
      (
        "room to spare: the lower hugging grows (equal: the later one)", 200, { _, _ in },
        "0 0 34 21 | 44 0 156 21"
      ),
      (
        "room to spare: the left label hugs less and grows", 200,
        { left, _ in left.setContentHuggingPriority(LayoutPriority(200), for: .horizontal) },
        "0 0 113 21 | 123 0 77 21"
      ),
      (
        "too little room: the left label shrinks to nothing, then the right one", 80,
        { left, _ in left.setContentCompressionResistancePriority(LayoutPriority(700), for: .horizontal) },
        "0 0 0 21 | 10 0 70 21"
      ),
      (
        "too little room: the right label gives way", 80,
        { _, right in right.setContentCompressionResistancePriority(LayoutPriority(700), for: .horizontal) },
        "0 0 34 21 | 44 0 36 21"
      ),
    ]

  @Test(arguments: 0..<squeezeCases.count)
  func huggingAndCompressionResistanceDecideWhoGivesWay(index: Int) {
    let entry = Self.squeezeCases[index]
    let left = Label()
    left.text = "Name"
    let right = Label()
    right.text = "Elsewhere"
    let window = row(entry.width, left, right)
    entry.setUp(left, right)
    window.prepareFrame()
    #expect("\(text(left.frame)) | \(text(right.frame))" == entry.frames, "\(entry.name)")
  }

  @Test func baselinesAlignTextOfDifferentSizes() {
    let small = Label()
    small.text = "a"
    small.font = .systemFont(ofSize: 10)
    let big = Label()
    big.text = "b"
    big.font = .systemFont(ofSize: 30)
    let window = row(200, big, small)
    window.prepareFrame()
    // 30 pt: line 36, ascent 24+3 = 27; 10 pt: line 12, ascent 8+1 = 9; 27 - 9 = 18.
    #expect(big.frame.minY == 0 && big.frame.height == 36)
    #expect(small.frame.minY == 18)
  }
}
