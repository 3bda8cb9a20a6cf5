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
    var lines: [String] = []

    init() {
      window.traceSink = { [unowned self] kind, detail in
        guard kind == "lifecycle" || kind == "memory" else { return }
        self.lines.append(kind == "memory" ? "memory \(detail)" : detail)
      }
    }

    /// Shows `controller` as the root and lets it finish appearing.
    func show(_ controller: ViewController) {
      window.rootViewController = controller
      window.prepareFrame()
    }

    /// A navigation controller with `a` at its root, on screen.
    func navigation(pushing more: [ViewController] = []) -> NavigationController {
      let navigation = NavigationController(rootViewController: a)
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
        "memory A released its view", "B didReceiveMemoryWarning",
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
        "A didReceiveMemoryWarning", "memory A released its view", "B didReceiveMemoryWarning",
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
}
