import Foundation
import Testing
import ViewWireApps
import ViewWireDiff
import ViewWireKit

/// The gallery's switch, whose tap is issue 14's measure of a server's cost per input: its
/// action is a closure now (a curried method reference allocated on every tap), and must still
/// name the state in the label, swap the image and say which it shows, every time, and leave
/// nothing alive when the app closes.
struct GallerySwitchTests {
  @Test func eachTapOfTheSwitchFlipsTheLabelTheImageAndItsAccessibilityLabel() throws {
    let window = Window(size: CGSize(width: 390, height: 844))
    window.scheduler = ManualScheduler()
    let engine = DiffEngine(window: window)
    let app = try #require(DemoApps.all.first { $0.name == "gallery" })
    weak var controller: ViewController?
    do {
      let made = app.makeRootViewController(window.traitCollection)
      controller = made
      window.rootViewController = made
      _ = engine.makeFrame()
      let toggle = try #require(window.view(withIdentifier: "switch") as? Switch)
      let label = try #require(window.view(withIdentifier: "switchLabel") as? Label)
      let image = try #require(window.view(withIdentifier: "image") as? ImageView)
      #expect(label.text == "Off" && image.image?.name == "star" && image.accessibilityLabel == "Star")
      for (isOn, text, name, spoken) in [
        (true, "On", "heart", "Heart"), (false, "Off", "star", "Star"), (true, "On", "heart", "Heart"),
      ] {
        try window.tap(at: toggle.convert(CGPoint(x: toggle.bounds.midX, y: toggle.bounds.midY), to: nil))
        #expect(toggle.isOn == isOn)
        #expect(label.text == text)
        #expect(image.image?.name == name)
        #expect(image.accessibilityLabel == spoken)
        let lines = try #require(engine.makeFrame()).lines
        #expect(
          lines.contains("render \(image.wireID) a11y-label=\"\(spoken)\" image=\"\(name)\""), "\(lines)")
      }
    }
    window.rootViewController = nil
    _ = engine.makeFrame()
    #expect(controller == nil, "the switch's action kept the gallery's controller alive")
  }
}
