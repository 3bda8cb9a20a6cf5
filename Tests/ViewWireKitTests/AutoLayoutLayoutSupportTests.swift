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
