import Foundation
import Testing
import ViewWireKit

/// When a view's safe area changes, UIKit tells each descendant whose insets follow from it and
/// changed (`safeAreaInsetsDidChange`, then a layout), and no other.
struct SafeAreaNotificationTests {
  /// A view that counts its safe-area changes and layouts.
  final class CountingView: View {
    var changes = 0
    var layouts = 0
    override func safeAreaInsetsDidChange() { changes += 1 }
    override func layoutSubviews() { layouts += 1 }
  }

  final class Screen: ViewController {
    /// Under the bar: it and its child are inset by what the bar covers of them.
    let panel = CountingView(frame: CGRect(x: 0, y: 20, width: 320, height: 200))
    let inner = CountingView(frame: CGRect(x: 0, y: 0, width: 320, height: 100))
    /// Far below the bar: its insets stay zero, so neither it nor its child hears anything.
    let footer = CountingView(frame: CGRect(x: 0, y: 300, width: 320, height: 100))
    let footerChild = CountingView(frame: CGRect(x: 0, y: 0, width: 320, height: 50))

    override func viewDidLoad() {
      super.viewDidLoad()
      panel.addSubview(inner)
      view.addSubview(panel)
      footer.addSubview(footerChild)
      view.addSubview(footer)
    }
  }

  @Test func descendantsWhoseInsetsChangeAreToldAndLaidOut() {
    let window = Window(size: CGSize(width: 320, height: 480))
    let screen = Screen()
    window.rootViewController = NavigationController(rootViewController: screen)
    window.prepareFrame()
    #expect(screen.panel.safeAreaInsets.top == 24 && screen.inner.safeAreaInsets.top == 24)
    #expect(screen.panel.changes == 1 && screen.inner.changes == 1, "the bar's insets reach them")
    let footerChanges = screen.footer.changes
    let footerChildChanges = screen.footerChild.changes

    let innerLayouts = screen.inner.layouts
    screen.additionalSafeAreaInsets = EdgeInsets(top: 10, left: 0, bottom: 0, right: 0)
    #expect(screen.panel.changes == 2 && screen.inner.changes == 2)
    #expect(screen.inner.safeAreaInsets.top == 34)
    window.prepareFrame()
    #expect(screen.inner.layouts == innerLayouts + 1)
    #expect(screen.footer.changes == footerChanges && screen.footerChild.changes == footerChildChanges)

    screen.additionalSafeAreaInsets = EdgeInsets(top: 10, left: 0, bottom: 100, right: 0)
    #expect(screen.footer.safeAreaInsets.bottom == 20 && screen.footerChild.safeAreaInsets.bottom == 0)
    #expect(screen.footer.changes == footerChanges + 1, "the footer reaches into the new inset")
    #expect(screen.footerChild.changes == footerChildChanges, "its child stays clear of it")
    #expect(screen.panel.changes == 2 && screen.inner.changes == 2)
  }
}
