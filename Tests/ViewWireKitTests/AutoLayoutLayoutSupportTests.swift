import Foundation
import Testing
import ViewWireKit

/// `topLayoutGuide` and `bottomLayoutGuide` (UIKit's `UILayoutSupport`): seed 004 pins its stack
/// 8 points below the top guide, which under a navigation bar is the bar's bottom.
struct AutoLayoutLayoutSupportTests {
  final class PinnedController: ViewController {
    let top = View()
    let bottom = View()

    override func viewDidLoad() {
      super.viewDidLoad()
      for box in [top, bottom] {
        box.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(box)
      }
      NSLayoutConstraint.activate([
        top.topAnchor.constraint(equalTo: topLayoutGuide.bottomAnchor, constant: 8),
        top.leftAnchor.constraint(equalTo: view.leftAnchor),
        top.widthAnchor.constraint(equalToConstant: 10),
        top.heightAnchor.constraint(equalToConstant: 10),
        bottom.bottomAnchor.constraint(equalTo: bottomLayoutGuide.topAnchor),
        bottom.leftAnchor.constraint(equalTo: view.leftAnchor),
        bottom.widthAnchor.constraint(equalToConstant: 10),
        bottom.heightAnchor.constraint(equalToConstant: 10),
      ])
    }
  }

  @Test func theTopGuideEndsAtTheNavigationBarAndFollowsTheSafeArea() {
    let window = Window(size: CGSize(width: 320, height: 480))
    let controller = PinnedController()
    window.rootViewController = NavigationController(rootViewController: controller)
    window.prepareFrame()
    #expect(controller.topLayoutGuide.length == 44)
    #expect(controller.bottomLayoutGuide.length == 0)
    #expect(text(controller.top.frame) == "0 52 10 10")
    #expect(text(controller.bottom.frame) == "0 470 10 10")

    controller.additionalSafeAreaInsets = EdgeInsets(top: 10, left: 0, bottom: 20, right: 0)
    window.prepareFrame()
    #expect(controller.topLayoutGuide.length == 54)
    #expect(text(controller.top.frame) == "0 62 10 10")
    #expect(text(controller.bottom.frame) == "0 450 10 10")
  }
}

/// UIKit gives every view the part of its superview's safe-area insets that overlaps it, so a
/// subview pinned to its own safe area stays clear of a navigation bar too.
struct SafeAreaPropagationTests {
  final class InsetController: ViewController {
    let panel = View()
    let label = View()

    override func viewDidLoad() {
      super.viewDidLoad()
      panel.frame = CGRect(x: 0, y: 20, width: 320, height: 200)
      view.addSubview(panel)
      label.translatesAutoresizingMaskIntoConstraints = false
      panel.addSubview(label)
      NSLayoutConstraint.activate([
        label.topAnchor.constraint(equalTo: panel.safeAreaLayoutGuide.topAnchor),
        label.leftAnchor.constraint(equalTo: panel.leftAnchor),
        label.widthAnchor.constraint(equalToConstant: 10), label.heightAnchor.constraint(equalToConstant: 10),
      ])
    }
  }

  @Test func aSubviewIsInsetByWhatTheBarCoversOfIt() {
    let window = Window(size: CGSize(width: 320, height: 480))
    let controller = InsetController()
    window.rootViewController = NavigationController(rootViewController: controller)
    window.prepareFrame()
    #expect(controller.view.safeAreaInsets.top == 44)
    #expect(controller.panel.safeAreaInsets.top == 24, "the bar covers 24 of the panel's 200 points")
    #expect(text(controller.label.frame) == "0 24 10 10")
    controller.panel.frame.origin.y = 100
    window.prepareFrame()
    #expect(controller.panel.safeAreaInsets.top == 0)
    #expect(text(controller.label.frame) == "0 0 10 10")
  }
}
