import Foundation
import Testing
import ViewWireApps
import ViewWireDiff
import ViewWireKit

/// A daemon opens apps for thousands of sessions: closing one must free its controllers and
/// views, or every `open` leaks. Each demo app is opened in a window with a diff engine (as a
/// session holds them), used, and closed; nothing of it may survive.
struct AppReleaseTests {
  static let appNames = DemoApps.all.map(\.name)

  @Test(arguments: appNames)
  func closingAnAppReleasesItsControllersAndViews(_ name: String) throws {
    let window = Window(size: CGSize(width: 390, height: 844))
    let clock = ManualScheduler()
    window.scheduler = clock
    let engine = DiffEngine(window: window)
    weak var controller: ViewController?
    weak var rootView: View?
    var released: [() -> Bool] = []
    do {
      let app = try #require(DemoApps.all.first { $0.name == name })
      let made = app.makeRootViewController(window.traitCollection)
      window.rootViewController = made
      _ = engine.makeFrame()
      // Some input, so recognizers, controls and focus have run: a tap on every view's centre.
      var views: [View] = [window]
      var index = 0
      while index < views.count {
        views += views[index].subviews
        index += 1
      }
      for view in views.dropFirst() where view.window != nil {
        let center = view.convert(CGPoint(x: view.bounds.midX, y: view.bounds.midY), to: nil)
        _ = try? window.tap(at: center)
        _ = engine.makeFrame()
      }
      controller = made
      rootView = made.view
      for view in views {
        weak let weakView = view
        released.append { weakView == nil }
      }
    }
    window.rootViewController = nil
    _ = engine.makeFrame()
    // Timed work the app started (an animation's completion, as UIKit runs it even for a view
    // that left the window) holds its views until it runs.
    clock.advance(by: 60)
    #expect(controller == nil, "\(name): the root controller outlived its app")
    #expect(rootView == nil, "\(name): the root view outlived its app")
    #expect(released.dropFirst().filter { !$0() }.count == 0, "\(name): views outlived their app")
  }

  /// A session that goes with its app open (the client disconnects) sends no frame after the
  /// close: the window, the app's controller and views must go anyway.
  @Test(arguments: appNames)
  func droppingASessionWithItsAppOpenReleasesEverything(_ name: String) throws {
    weak var window: Window?
    weak var controller: ViewController?
    weak var rootView: View?
    do {
      let session = Window(size: CGSize(width: 390, height: 844))
      let clock = ManualScheduler()
      session.scheduler = clock
      let engine = DiffEngine(window: session)
      let app = try #require(DemoApps.all.first { $0.name == name })
      let made = app.makeRootViewController(session.traitCollection)
      session.rootViewController = made
      _ = engine.makeFrame()
      (window, controller, rootView) = (session, made, made.view)
      session.rootViewController = nil  // as Session.tearDown closes the app; no frame follows
      clock.advance(by: 60)
    }
    #expect(window == nil, "\(name): the window outlived its session")
    #expect(controller == nil, "\(name): the root controller outlived its session")
    #expect(rootView == nil, "\(name): the root view outlived its session")
  }
}
