import Foundation
import Testing
import ViewWireKit

/// Every controller transition calls the callbacks in UIKit's documented order (issue 3 item 8).
///
/// Each case builds a window, brings it to a starting state, forgets what that traced, runs one
/// transition and a frame (the layout pass and the work waiting on it), and compares every
/// `lifecycle` and `memory` trace line with the expected sequence. UIKit's orders used here:
/// a push ends the old top's appearance before the new top's (`B viewWillDisappear`, `A
/// viewWillAppear`, `B viewDidDisappear`, `A viewDidAppear` for a pop), a full-screen
/// presentation the other way round (the presented controller's `viewDidAppear` comes before the
/// covered one's `viewDidDisappear`); `addChild` calls `willMove(toParent:)` and
/// `removeFromParent` calls `didMove(toParent: nil)` themselves; a child added to a visible
/// parent hears its appearance callbacks when its view enters the window.
///
/// A second table says where each view is when its controller hears an appearance callback:
/// UIKit calls `viewWillAppear` before the view is added to a view hierarchy and
/// `viewDidDisappear` after it left the window; `viewDidAppear` and `viewWillDisappear` find it in
/// the window.
struct LifecycleTests {
  final class A: ViewController {}
  final class B: ViewController {}
  final class C: ViewController {}

  /// The window and the controllers a case works on.
  final class Stage {
    let window = Window(size: CGSize(width: 100, height: 200))
    let a = A()
    let b = B()
    let c = C()
    /// The last navigation controller `navigation(pushing:)` or `stack()` made.
    var navigationStack: NavigationController?
    var lines: [String] = []
    /// Each appearance callback with where the controller's view was when it came.
    var placements: [String] = []

    init() {
      window.traceSink = { [unowned self] kind, detail in
        guard kind == "lifecycle" || kind == "memory" else { return }
        self.lines.append(kind == "memory" ? "memory \(detail)" : detail)
        if kind == "lifecycle", let placement = self.placement(at: detail) {
          self.placements.append("\(detail): \(placement)")
        }
      }
    }

    /// Where the view of the controller named in `line` is, when `line` is an appearance callback.
    private func placement(at line: String) -> String? {
      let words = line.split(separator: " ").map(String.init)
      let callbacks = ["viewWillAppear", "viewDidAppear", "viewWillDisappear", "viewDidDisappear"]
      guard words.count == 2, callbacks.contains(words[1]) else { return nil }
      let controllers: [String: ViewController?] = [
        "A": a, "B": b, "C": c, "NavigationController": navigationStack,
      ]
      guard let controller = controllers[words[0]] ?? nil, let view = controller.viewIfLoaded else {
        return "not loaded"
      }
      if view.window != nil { return "in the window" }
      return view.superview == nil ? "in no view" : "in a view outside the window"
    }

    /// A navigation controller with `a` at its root, not shown yet.
    func stack() -> NavigationController {
      let navigation = NavigationController(rootViewController: a)
      navigationStack = navigation
      return navigation
    }

    /// Shows `controller` as the root and lets it finish appearing.
    func show(_ controller: ViewController) {
      window.rootViewController = controller
      window.prepareFrame()
    }

    /// A navigation controller with `a` at its root, on screen.
    func navigation(pushing more: [ViewController] = []) -> NavigationController {
      let navigation = stack()
      show(navigation)
      for controller in more {
        navigation.pushViewController(controller, animated: false)
        window.prepareFrame()
      }
      return navigation
    }

    /// `a` as the root, covered by `b`, which it presented.
    func aPresentingB() {
      show(a)
      a.present(b, animated: false)
      window.prepareFrame()
    }

    /// `a` on screen with `c` as a child whose view is inside `a`'s.
    func parentWithChild() {
      show(a)
      a.addChild(c)
      a.view.addSubview(c.view)
      c.didMove(toParent: a)
      window.prepareFrame()
    }
  }

  struct Case: CustomTestStringConvertible, Sendable {
    let name: String
    let setUp: @Sendable (Stage) -> Void
    let transition: @Sendable (Stage) -> Void
    let expected: [String]
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "first appearance",
      setUp: { _ in },
      transition: { $0.window.rootViewController = $0.a },
      expected: [
        "A loadView", "A viewDidLoad", "A viewWillAppear", "A viewIsAppearing",
        "A viewWillLayoutSubviews", "View layoutSubviews", "A viewDidLayoutSubviews", "A viewDidAppear",
      ]),
    Case(
      name: "push",
      setUp: { _ = $0.navigation() },
      transition: { $0.a.navigationController?.pushViewController($0.b, animated: true) },
      expected: [
        "B willMove(toParent: NavigationController)", "B loadView", "B viewDidLoad",
        "A viewWillDisappear", "B viewWillAppear", "B viewIsAppearing",
        "NavigationController viewWillLayoutSubviews", "NavigationContainerView layoutSubviews",
        "NavigationController viewDidLayoutSubviews",
        "B viewWillLayoutSubviews", "View layoutSubviews", "B viewDidLayoutSubviews",
        "A viewDidDisappear", "B viewDidAppear", "B didMove(toParent: NavigationController)",
      ]),
    Case(
      name: "pop",
      setUp: { _ = $0.navigation(pushing: [$0.b]) },
      transition: { $0.b.navigationController?.popViewController(animated: true) },
      expected: [
        "B willMove(toParent: nil)", "B viewWillDisappear", "A viewWillAppear", "A viewIsAppearing",
        "NavigationController viewWillLayoutSubviews", "NavigationContainerView layoutSubviews",
        "NavigationController viewDidLayoutSubviews",
        "B viewDidDisappear", "A viewDidAppear", "B didMove(toParent: nil)",
      ]),
    Case(
      name: "pop to root from two deep",
      setUp: { _ = $0.navigation(pushing: [$0.b, $0.c]) },
      transition: { $0.c.navigationController?.popToRootViewController(animated: false) },
      expected: [
        "C willMove(toParent: nil)", "B willMove(toParent: nil)", "C viewWillDisappear",
        "A viewWillAppear", "A viewIsAppearing",
        "NavigationController viewWillLayoutSubviews", "NavigationContainerView layoutSubviews",
        "NavigationController viewDidLayoutSubviews",
        "C viewDidDisappear", "A viewDidAppear", "C didMove(toParent: nil)", "B didMove(toParent: nil)",
      ]),
    Case(
      name: "present",
      setUp: { $0.show($0.a) },
      transition: { $0.a.present($0.b, animated: true) },
      expected: [
        "B loadView", "B viewDidLoad", "A viewWillDisappear", "B viewWillAppear", "B viewIsAppearing",
        "B viewWillLayoutSubviews", "View layoutSubviews", "B viewDidLayoutSubviews",
        "B viewDidAppear", "A viewDidDisappear",
      ]),
    Case(
      name: "dismiss",
      setUp: { $0.aPresentingB() },
      transition: { $0.b.dismiss(animated: true) },
      expected: [
        "B viewWillDisappear", "A viewWillAppear", "A viewIsAppearing", "A viewDidAppear",
        "B viewDidDisappear",
      ]),
    Case(
      name: "present from inside a navigation stack",
      setUp: { _ = $0.navigation() },
      transition: { $0.a.present($0.c, animated: true) },
      expected: [
        "C loadView", "C viewDidLoad", "NavigationController viewWillDisappear", "A viewWillDisappear",
        "C viewWillAppear", "C viewIsAppearing",
        "C viewWillLayoutSubviews", "View layoutSubviews", "C viewDidLayoutSubviews",
        "C viewDidAppear", "NavigationController viewDidDisappear", "A viewDidDisappear",
      ]),
    Case(
      name: "add child",
      setUp: { $0.show($0.a) },
      transition: { stage in
        stage.a.addChild(stage.c)
        stage.a.view.addSubview(stage.c.view)
        stage.c.didMove(toParent: stage.a)
      },
      expected: [
        "C willMove(toParent: A)", "C loadView", "C viewDidLoad", "C viewWillAppear", "C viewIsAppearing",
        "C didMove(toParent: A)",
        "A viewWillLayoutSubviews", "View layoutSubviews", "A viewDidLayoutSubviews",
        "C viewWillLayoutSubviews", "View layoutSubviews", "C viewDidLayoutSubviews", "C viewDidAppear",
      ]),
    Case(
      name: "remove child",
      setUp: { $0.parentWithChild() },
      transition: { stage in
        stage.c.willMove(toParent: nil)
        stage.c.view.removeFromSuperview()
        stage.c.removeFromParent()
      },
      expected: [
        "C willMove(toParent: nil)", "C viewWillDisappear", "C viewDidDisappear", "C didMove(toParent: nil)",
        "A viewWillLayoutSubviews", "View layoutSubviews", "A viewDidLayoutSubviews",
      ]),
    Case(
      name: "parent with a child appears",
      setUp: { stage in
        stage.a.addChild(stage.c)
        stage.a.view.addSubview(stage.c.view)
        stage.c.didMove(toParent: stage.a)
      },
      transition: { $0.window.rootViewController = $0.a },
      expected: [
        "A viewWillAppear", "C viewWillAppear", "A viewIsAppearing", "C viewIsAppearing",
        "A viewWillLayoutSubviews", "View layoutSubviews", "A viewDidLayoutSubviews",
        "C viewWillLayoutSubviews", "View layoutSubviews", "C viewDidLayoutSubviews",
        "A viewDidAppear", "C viewDidAppear",
      ]),
    Case(
      name: "resize",
      setUp: { $0.parentWithChild() },
      transition: { $0.window.resize(to: CGSize(width: 200, height: 100)) },
      expected: [
        "A viewWillTransition(to: 200x100)", "C viewWillTransition(to: 200x100)",
        "A viewWillLayoutSubviews", "View layoutSubviews", "A viewDidLayoutSubviews",
      ]),
    Case(
      name: "memory warning while hidden, then reappearance",
      setUp: { _ = $0.navigation(pushing: [$0.b]) },
      transition: { stage in
        stage.window.simulateMemoryWarning()
        stage.b.navigationController?.popViewController(animated: false)
      },
      expected: [
        "NavigationController didReceiveMemoryWarning", "A didReceiveMemoryWarning",
        "memory A released its view", "A viewDidUnload", "B didReceiveMemoryWarning",
        "B willMove(toParent: nil)", "A loadView", "A viewDidLoad", "B viewWillDisappear", "A viewWillAppear",
        "A viewIsAppearing",
        "NavigationController viewWillLayoutSubviews", "NavigationContainerView layoutSubviews",
        "NavigationController viewDidLayoutSubviews",
        "A viewWillLayoutSubviews", "View layoutSubviews", "A viewDidLayoutSubviews",
        "B viewDidDisappear", "A viewDidAppear", "B didMove(toParent: nil)",
      ]),
    Case(
      name: "memory warning reaches a presented controller and spares visible views",
      setUp: { $0.aPresentingB() },
      transition: { $0.window.simulateMemoryWarning() },
      expected: [
        "A didReceiveMemoryWarning", "memory A released its view", "A viewDidUnload", "B didReceiveMemoryWarning",
      ]),
    Case(
      name: "client disconnect",
      setUp: { _ = $0.navigation(pushing: [$0.b]) },
      transition: { $0.window.rootViewController = nil },
      expected: [
        "NavigationController viewWillDisappear", "B viewWillDisappear",
        "NavigationController viewDidDisappear", "B viewDidDisappear",
      ]),
    Case(
      name: "client disconnect while presenting",
      setUp: { $0.aPresentingB() },
      transition: { $0.window.rootViewController = nil },
      expected: ["B viewWillDisappear", "B viewDidDisappear"]),
    Case(
      name: "trait change",
      setUp: { _ = $0.navigation(pushing: [$0.b]) },
      transition: { $0.window.updateTraits(TraitCollection(userInterfaceIdiom: .pad)) },
      expected: [
        "NavigationController traitCollectionDidChange", "A traitCollectionDidChange",
        "B traitCollectionDidChange",
      ]),
  ]

  @Test(arguments: cases)
  func callbacksComeInUIKitOrder(_ testCase: Case) {
    let stage = Stage()
    testCase.setUp(stage)
    stage.lines = []
    testCase.transition(stage)
    stage.window.prepareFrame()
    #expect(stage.lines == testCase.expected)
  }

  /// Where each view is at its controller's appearance callbacks: "in no view", "in a view
  /// outside the window" (inside a container's view that is not in the window) or "in the window".
  static let placementCases: [Case] = [
    Case(
      name: "first appearance",
      setUp: { _ in },
      transition: { $0.window.rootViewController = $0.a },
      expected: ["A viewWillAppear: in no view", "A viewDidAppear: in the window"]),
    Case(
      name: "first appearance of a navigation stack",
      setUp: { _ = $0.stack() },
      transition: { $0.window.rootViewController = $0.navigationStack },
      expected: [
        "NavigationController viewWillAppear: in no view", "A viewWillAppear: in no view",
        "NavigationController viewDidAppear: in the window", "A viewDidAppear: in the window",
      ]),
    Case(
      name: "push",
      setUp: { _ = $0.navigation() },
      transition: { $0.a.navigationController?.pushViewController($0.b, animated: true) },
      expected: [
        "A viewWillDisappear: in the window", "B viewWillAppear: in no view",
        "A viewDidDisappear: in no view", "B viewDidAppear: in the window",
      ]),
    Case(
      name: "pop",
      setUp: { _ = $0.navigation(pushing: [$0.b]) },
      transition: { $0.b.navigationController?.popViewController(animated: true) },
      expected: [
        "B viewWillDisappear: in the window", "A viewWillAppear: in no view",
        "B viewDidDisappear: in no view", "A viewDidAppear: in the window",
      ]),
    Case(
      name: "present",
      setUp: { $0.show($0.a) },
      transition: { $0.a.present($0.b, animated: true) },
      expected: [
        "A viewWillDisappear: in the window", "B viewWillAppear: in no view",
        "B viewDidAppear: in the window", "A viewDidDisappear: in no view",
      ]),
    Case(
      name: "dismiss",
      setUp: { $0.aPresentingB() },
      transition: { $0.b.dismiss(animated: true) },
      expected: [
        "B viewWillDisappear: in the window", "A viewWillAppear: in no view",
        "A viewDidAppear: in the window", "B viewDidDisappear: in no view",
      ]),
    Case(
      name: "client disconnect",
      setUp: { _ = $0.navigation(pushing: [$0.b]) },
      transition: { $0.window.rootViewController = nil },
      expected: [
        "NavigationController viewWillDisappear: in the window", "B viewWillDisappear: in the window",
        "NavigationController viewDidDisappear: in no view",
        "B viewDidDisappear: in a view outside the window",
      ]),
  ]

  @Test(arguments: placementCases)
  func appearanceCallbacksFindTheViewWhereUIKitDoes(_ testCase: Case) {
    let stage = Stage()
    testCase.setUp(stage)
    stage.placements = []
    testCase.transition(stage)
    stage.window.prepareFrame()
    #expect(stage.placements == testCase.expected)
  }
}
