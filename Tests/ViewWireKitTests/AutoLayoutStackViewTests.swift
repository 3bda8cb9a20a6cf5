import Foundation
import Testing
import ViewWireKit

/// UIStackView on constraints: every distribution and alignment of three labels (34×21, 77×21
/// and a 30-point 15×36) in a 300×60 stack at (10, 10), as text snapshots of the frames.
struct AutoLayoutStackViewTests {
  final class Scene {
    let window = Window(size: CGSize(width: 320, height: 480))
    let stack = StackView()
    let labels: [Label]

    init(axis: LayoutAxis = .horizontal, length: CGFloat = 300, thickness: CGFloat = 60) {
      let texts: [(String, CGFloat)] = [("Name", 17), ("Elsewhere", 17), ("a", 30)]
      labels = texts.map { text, size in
        let label = Label()
        label.text = text
        label.font = .systemFont(ofSize: size)
        return label
      }
      for label in labels { stack.addArrangedSubview(label) }
      stack.axis = axis
      stack.translatesAutoresizingMaskIntoConstraints = false
      window.addSubview(stack)
      let horizontal = axis == .horizontal
      NSLayoutConstraint.activate([
        stack.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 10),
        stack.topAnchor.constraint(equalTo: window.topAnchor, constant: 10),
        stack.widthAnchor.constraint(equalToConstant: horizontal ? length : thickness),
        stack.heightAnchor.constraint(equalToConstant: horizontal ? thickness : length),
      ])
    }

    func snapshot() -> String {
      window.prepareFrame()
      return labels.map { text($0.frame) }.joined(separator: " | ")
    }
  }

  // With equal hugging (250 each) `fill` stretches the label the solver reaches first; UIKit
  // leaves that choice ambiguous too. Only the lengths' sum and the order are promised.
  @Test func everyDistributionHorizontally() {
    var lines: [String] = []
    for distribution in [
      StackView.Distribution.fill, .fillEqually, .fillProportionally, .equalSpacing, .equalCentering,
    ] {
      let scene = Scene()
      scene.stack.spacing = 10
      scene.stack.distribution = distribution
      lines.append("\(distribution): \(scene.snapshot())")
    }
    #expect(
      lines.joined(separator: "\n") == """
        fill: 0 0 34 60 | 44 0 231 60 | 285 0 15 60
        fillEqually: 0 0 93.5 60 | 103.5 0 93 60 | 206.5 0 93.5 60
        fillProportionally: 0 0 75.5 60 | 85.5 0 171 60 | 266.5 0 33.5 60
        equalSpacing: 0 0 34 60 | 121 0 77 60 | 285 0 15 60
        equalCentering: 0 0 34 60 | 116.5 0 77 60 | 285 0 15 60
        """)
  }

  @Test func everyAlignmentHorizontally() {
    var lines: [String] = []
    for alignment in [StackView.Alignment.fill, .top, .center, .bottom, .firstBaseline, .lastBaseline] {
      let scene = Scene()
      scene.stack.spacing = 10
      scene.stack.alignment = alignment
      lines.append("\(alignment): \(scene.snapshot())")
    }
    #expect(
      lines.joined(separator: "\n") == """
        fill: 0 0 34 60 | 44 0 231 60 | 285 0 15 60
        leading: 0 0 34 21 | 44 0 231 21 | 285 0 15 36
        center: 0 19.5 34 21 | 44 19.5 231 21 | 285 12 15 36
        trailing: 0 39 34 21 | 44 39 231 21 | 285 24 15 36
        firstBaseline: 0 11 34 21 | 44 11 231 21 | 285 0 15 36
        lastBaseline: 0 11 34 21 | 44 11 231 21 | 285 0 15 36
        """)
  }

  @Test func everyAlignmentVertically() {
    var lines: [String] = []
    for alignment in [StackView.Alignment.fill, .leading, .center, .trailing] {
      let scene = Scene(axis: .vertical, length: 200, thickness: 100)
      scene.stack.spacing = 4
      scene.stack.alignment = alignment
      lines.append("\(alignment): \(scene.snapshot())")
    }
    #expect(
      lines.joined(separator: "\n") == """
        fill: 0 0 100 21 | 0 25 100 135 | 0 164 100 36
        leading: 0 0 34 21 | 0 25 77 135 | 0 164 15 36
        center: 33 0 34 21 | 11.5 25 77 135 | 42.5 164 15 36
        trailing: 66 0 34 21 | 23 25 77 135 | 85 164 15 36
        """)
  }

  @Test func hiddenArrangedViewsCollapseAndComeBack() {
    let scene = Scene()
    scene.stack.spacing = 10
    scene.stack.distribution = .fillEqually
    var lines = [scene.snapshot()]
    scene.labels[1].isHidden = true
    scene.window.prepareFrame()
    lines.append(text(scene.labels[0].frame) + " | " + text(scene.labels[2].frame))
    scene.labels[1].isHidden = false
    lines.append(scene.snapshot())
    let extra = Label()
    extra.text = "x"
    scene.stack.insertArrangedSubview(extra, at: 0)
    lines.append(scene.snapshot() + " ; extra " + text(extra.frame))
    scene.stack.removeArrangedSubview(extra)
    lines.append(scene.snapshot())
    #expect(
      lines.joined(separator: "\n") == """
        0 0 93.5 60 | 103.5 0 93 60 | 206.5 0 93.5 60
        0 0 145 60 | 155 0 145 60
        0 0 93.5 60 | 103.5 0 93 60 | 206.5 0 93.5 60
        77.5 0 67.5 60 | 155 0 67.5 60 | 232.5 0 67.5 60 ; extra 0 0 67.5 60
        0 0 93.5 60 | 103.5 0 93 60 | 206.5 0 93.5 60
        """)
  }

  /// Hiding, showing, inserting or removing one arranged view swaps a bounded number of
  /// constraints (at most the view's two gaps, six constraints each in the equal distributions,
  /// and its two across the axis), whatever the stack's length (issue 14: a toggle used to rebuild the stack), and
  /// showing it again gives back the first frames.
  @Test(arguments: [StackView.Distribution.fill, .fillEqually, .equalSpacing, .equalCentering])
  func oneChangeSwapsABoundedNumberOfConstraints(_ distribution: StackView.Distribution) throws {
    for count in [8, 64] {
      let window = Window(size: CGSize(width: 320, height: 480))
      let stack = StackView()
      let labels = (0..<count).map { index -> Label in
        let label = Label()
        label.text = "\(index)"
        stack.addArrangedSubview(label)
        return label
      }
      stack.distribution = distribution
      stack.spacing = 2
      stack.translatesAutoresizingMaskIntoConstraints = false
      window.addSubview(stack)
      NSLayoutConstraint.activate([
        stack.leadingAnchor.constraint(equalTo: window.leadingAnchor),
        stack.topAnchor.constraint(equalTo: window.topAnchor),
      ])
      window.prepareFrame()
      let engine = try #require(window.layoutEngine)
      let frames = labels.map(\.frame)
      func swapped(_ change: () -> Void) -> (removed: Int, added: Int) {
        let before = Set(stack.constraints.map(ObjectIdentifier.init))
        change()
        window.prepareFrame()
        let after = Set(stack.constraints.map(ObjectIdentifier.init))
        return (before.subtracting(after).count, after.subtracting(before).count)
      }
      let middle = labels[count / 2]
      let additions = engine.solverAdditions
      let hide = swapped { middle.isHidden = true }
      let show = swapped { middle.isHidden = false }
      #expect(labels.map(\.frame) == frames, "\(distribution), \(count) views")
      let remove = swapped { stack.removeArrangedSubview(middle) }
      let insert = swapped { stack.insertArrangedSubview(middle, at: count / 2) }
      for (name, change) in [("hide", hide), ("show", show), ("remove", remove), ("insert", insert)] {
        #expect(
          change.removed <= 12 && change.added <= 12, "\(name): \(change) in \(distribution), \(count) views")
      }
      // Four changes, each a few constraints and the middle label's intrinsic size.
      #expect(engine.solverAdditions - additions <= 40, "\(distribution), \(count) views")
    }
  }
}
