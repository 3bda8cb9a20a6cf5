import Foundation
import Testing
import ViewWireKit

@testable import ViewWireApps

/// Seed 003's port survives a memory warning (issue 12, item 5): after the hidden controller's
/// view is released and loaded again, each view-model value has exactly one subscription per
/// bound view, and one tap on Fade fades once. Before `@ViewLazy` and `viewDidUnload()`, the
/// reload bound the same lazily kept subviews a second time and one tap faded twice.
struct BindingMemoryWarningTests {
  /// The binding controller, shown and then hidden under a navigation push, as seed 003's
  /// lifecycle diagram has it, so a memory warning releases its view.
  final class Stage {
    let model = MyViewModel()
    let window = Window(size: CGSize(width: 390, height: 844))
    let binding: BindingViewController
    let navigation: NavigationController

    init() {
      binding = BindingViewController(viewModel: model)
      navigation = NavigationController(rootViewController: binding)
      window.rootViewController = navigation
      window.layoutIfNeeded()
    }

    /// Covers the binding screen, warns, and comes back: the view is released and reloaded.
    func warnWhileHidden() {
      navigation.pushViewController(ViewController(), animated: false)
      window.layoutIfNeeded()
      window.simulateMemoryWarning()
      _ = navigation.popViewController(animated: false)
      window.layoutIfNeeded()
    }

    /// Taps the button that is on screen now.
    func tapFade() throws {
      let fade = try #require(find(in: window, "fade"))
      let centre = fade.convert(CGPoint(x: fade.bounds.midX, y: fade.bounds.midY), to: window)
      try window.tap(at: centre)
    }
  }

  @Test(arguments: [0, 1, 3])
  func aReloadLeavesOneBindingPerViewAndOneTapActsOnce(warnings: Int) throws {
    let stage = Stage()
    #expect(stage.model.alpha.observerCount == 2, "subview1's alpha and the label's text")
    let firstFade = try #require(find(in: stage.window, "fade"))
    for _ in 0..<warnings { stage.warnWhileHidden() }
    #expect(stage.model.alpha.observerCount == 2, "after \(warnings) reloads")
    let fade = try #require(find(in: stage.window, "fade"))
    #expect((fade === firstFade) == (warnings == 0), "a reload makes new subviews")
    try stage.tapFade()
    #expect(stage.model.alpha.value == 0.75, "one tap fades once")
    let label = try #require(find(in: stage.window, "alpha") as? Label)
    #expect(label.text == "alpha 75%")
    let square = try #require(find(in: stage.window, "subview1"))
    #expect(square.alpha == 0.75)
  }

  @Test func viewDidUnloadRunsAfterTheViewIsReleasedAndOnlyThen() {
    let stage = Stage()
    var events: [String] = []
    stage.window.traceSink = { kind, detail in
      if detail.hasPrefix("BindingViewController") { events.append("\(kind) \(detail)") }
    }
    stage.window.simulateMemoryWarning()
    #expect(!events.contains { $0.contains("viewDidUnload") }, "a view on screen stays")
    stage.warnWhileHidden()
    let released = events.firstIndex(of: "memory BindingViewController released its view")
    let unloaded = events.firstIndex(of: "lifecycle BindingViewController viewDidUnload")
    let loaded = events.firstIndex(of: "lifecycle BindingViewController viewDidLoad")
    #expect(released != nil && unloaded != nil && loaded != nil, "\(events)")
    if let released, let unloaded, let loaded { #expect(released < unloaded && unloaded < loaded) }
  }
}

/// The view in `root`'s tree with `identifier`, as a client's `@identifier` finds it.
private func find(in root: View, _ identifier: String) -> View? {
  if root.accessibilityIdentifier == identifier { return root }
  for subview in root.subviews {
    if let found = find(in: subview, identifier) { return found }
  }
  return nil
}
