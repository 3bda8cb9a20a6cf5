import Foundation
import Testing
import ViewWireKit

/// The visual format language, checked against Apple's grammar: each good string lays out three
/// views in a 320×200 container; each bad one is a clear error naming where it stopped.
struct AutoLayoutVisualFormatTests {
  final class Scene {
    let window = Window(size: CGSize(width: 320, height: 200))
    let container = View(frame: CGRect(x: 0, y: 0, width: 320, height: 200))
    let a = Label()
    let b = Label()
    let c = View()
    var views: [String: Any] { ["a": a, "b": b, "c": c] }

    init() {
      window.addSubview(container)
      a.text = "Name"  // intrinsic 34×21
      b.text = "Elsewhere"  // intrinsic 77×21
      for view in [a, b, c] {
        view.translatesAutoresizingMaskIntoConstraints = false
        container.addSubview(view)
      }
    }

    func frames() -> String { [a, b, c].map { text($0.frame) }.joined(separator: " | ") }
  }

  /// Vertical positions and c's size are fixed by `V:` strings so each row shows one H: string.
  static let goodCases: [(formats: [String], options: LayoutConstraint.FormatOptions, frames: String)] = [
    (
      ["|-[a]-[b]-[c]-|", "V:|[a]", "V:|[b]", "V:|[c(10)]"], [],
      "20 0 34 21 | 62 0 77 21 | 147 0 153 10"
    ),
    (
      ["H:|-50-[a]-m-[b][c(==a)]-(>=0)-|", "V:|-m-[a]-[b]-(m@750)-[c(5)]"], [],
      "50 12 34 21 | 96 41 77 21 | 173 74 34 5"
    ),
    (
      ["|[a(>=70,<=100)][c(b)]", "|[b(40)]", "V:|[a(30)]-0-[c(20)]", "V:|[b]"], [],
      "0 0 70 30 | 0 0 40 21 | 70 30 40 20"
    ),
    (
      ["|-(m@1000)-[a]-(>=4,<=6)-[b]-[c(8@999)]", "V:|-40-[a]", "V:[c(8)]"], [.alignAllCenterY],
      "12 40 34 21 | 50 40 77 21 | 135 46.5 8 8"
    ),
    (
      ["V:|[a]-[b]-[c(9)]-(>=0)-|", "H:|[a]", "H:|[c(1)]"], [.alignAllLeading],
      "0 0 34 21 | 0 29 77 21 | 0 58 1 9"
    ),
  ]

  @Test(arguments: 0..<goodCases.count)
  func goodStringsLayOutAsTheirPicture(index: Int) throws {
    let entry = Self.goodCases[index]
    let scene = Scene()
    for (number, format) in entry.formats.enumerated() {
      let options: LayoutConstraint.FormatOptions = number == 0 ? entry.options : []
      NSLayoutConstraint.activate(
        try NSLayoutConstraint.visualFormatConstraints(
          format, options: options, metrics: ["m": 12], views: scene.views))
    }
    scene.window.prepareFrame()
    #expect(scene.frames() == entry.frames, "\(entry.formats)")
  }

  static let badCases: [(format: String, error: String)] = [
    ("V|[a]|", "Expected ':' after 'V' to specify the orientation at position 1: V⟨here⟩|[a]|"),
    ("|[a][x]|", "'x' is not a key in the views dictionary at position 5: |[a][⟨here⟩x]|"),
    ("|[a(>=50]|", "Expected ',' or ')' to end the predicate list at position 8: |[a(>=50⟨here⟩]|"),
    ("|-q-[a]", "'q' is not a key in the metrics dictionary at position 2: |-⟨here⟩q-[a]"),
    ("[a]-", "Expected a number, metric, '(' or a view after '-' at position 4: [a]-⟨here⟩"),
    ("[a(50@2000)]", "A priority must be between 1 and 1000 at position 10: [a(50@2000⟨here⟩)]"),
    ("|-10[a]", "Expected '-' after the spacing at position 4: |-10⟨here⟩[a]"),
    ("", "Expected '[' to start a view at position 0: ⟨here⟩"),
    ("[a]|[b]", "Nothing may follow the closing '|' at position 4: [a]|⟨here⟩[b]"),
    ("[a(b@x)]", "Expected a priority (number or metric) after '@' at position 5: [a(b@⟨here⟩x)]"),
  ]

  @Test(arguments: 0..<badCases.count)
  func badStringsAreClearErrorsNamingThePosition(index: Int) {
    let entry = Self.badCases[index]
    let scene = Scene()
    #expect(throws: (any Error).self) {
      try NSLayoutConstraint.visualFormatConstraints(entry.format, metrics: ["m": 12], views: scene.views)
    }
    do {
      _ = try NSLayoutConstraint.visualFormatConstraints(entry.format, metrics: ["m": 12], views: scene.views)
    } catch {
      #expect(error.description == entry.error)
    }
    // The UIKit-named call never raises: it returns nothing.
    #expect(
      NSLayoutConstraint.constraints(
        withVisualFormat: entry.format, options: [], metrics: nil, views: scene.views
      )
      .isEmpty)
  }
}
