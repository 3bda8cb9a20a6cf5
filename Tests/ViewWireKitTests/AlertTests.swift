import Foundation
import Testing
import ViewWireDiff
import ViewWireKit

/// Alerts, action sheets and the presentation styles that leave the screen below in view.
struct AlertTests {
  final class Screen: ViewController {
    var events: [String] = []
    override func viewWillDisappear(_ animated: Bool) { events.append("willDisappear") }
    override func viewWillAppear(_ animated: Bool) { events.append("willAppear") }
  }

  func stage() -> (Window, Screen) {
    let window = Window(size: CGSize(width: 390, height: 844))
    let screen = Screen()
    window.rootViewController = screen
    window.prepareFrame()
    screen.events = []
    return (window, screen)
  }

  @Test func anAlertShowsOverTheScreenAndATapDismissesItThenRunsTheHandler() throws {
    let (window, screen) = stage()
    let alert = AlertController(title: "Delete?", message: "It cannot be undone.", preferredStyle: .alert)
    var handled: [String] = []
    alert.addAction(
      AlertAction(title: "Delete", style: .destructive) { action in handled.append(action.title!) })
    alert.addAction(AlertAction(title: "Cancel", style: .cancel))
    screen.present(alert, animated: true)
    window.prepareFrame()
    #expect(screen.view.window === window, "the screen below stays in view")
    #expect(screen.events.isEmpty, "and hears no disappearance")
    let view = alert.view!
    #expect(view.frame == window.bounds)
    let buttons = view.subviews[0].subviews.compactMap { $0 as? Button }
    #expect(buttons.map { $0.title(for: .normal) } == ["Cancel", "Delete"], "cancel on the left of two")
    #expect(buttons.map(\.accessibilityIdentifier) == ["alert-cancel", "alert-delete"])
    #expect(buttons[0].frame.width == 135 && buttons[1].frame.minX == 135)
    let box = view.subviews[0]
    #expect(box.frame.width == 270 && box.frame.midX == 195)
    let delete = buttons[1].convert(CGPoint(x: 10, y: 10), to: nil)
    try window.tap(at: delete)
    window.prepareFrame()
    #expect(handled == ["Delete"])
    #expect(alert.viewIfLoaded?.window == nil && screen.presentedViewController == nil)
    #expect(screen.events.isEmpty)
  }

  @Test func anActionSheetPutsCancelInItsOwnGroupAtTheBottom() {
    let (window, screen) = stage()
    let sheet = AlertController(title: nil, message: nil, preferredStyle: .actionSheet)
    sheet.addAction(AlertAction(title: "Cancel", style: .cancel))
    sheet.addAction(AlertAction(title: "Share", style: .default))
    sheet.addAction(AlertAction(title: "Delete", style: .destructive))
    screen.present(sheet, animated: true)
    window.prepareFrame()
    let boxes = sheet.view.subviews
    #expect(boxes.count == 2)
    #expect(boxes[1].frame == CGRect(x: 8, y: 844 - 8 - 57, width: 374, height: 57))
    #expect(boxes[0].frame == CGRect(x: 8, y: 844 - 8 - 65 - 114, width: 374, height: 114))
    #expect(boxes[0].subviews.compactMap { ($0 as? Button)?.title(for: .normal) } == ["Share", "Delete"])
  }

  @Test func anAlertAsksForTextInFieldsTheFirstOfWhichTakesTheKeyboard() throws {
    let (window, screen) = stage()
    let alert = AlertController(title: "Sign in", message: "to the server", preferredStyle: .alert)
    alert.addTextField { $0.placeholder = "Name" }
    alert.addTextField { field in
      field.placeholder = "Password"
      field.isSecureTextEntry = true
      field.accessibilityIdentifier = "password"
    }
    var signedIn: [String] = []
    alert.addAction(AlertAction(title: "Cancel", style: .cancel))
    alert.addAction(
      AlertAction(title: "Sign In", style: .default) { [unowned alert] _ in
        signedIn = alert.textFields!.map { $0.text ?? "" }
      })
    #expect(alert.textFields?.map(\.accessibilityIdentifier) == ["alert-field-1", "password"])
    screen.present(alert, animated: true)
    window.prepareFrame()
    let fields = alert.textFields!
    #expect(fields[0].isFirstResponder, "the first field has the keyboard as soon as the alert shows")
    #expect(fields.allSatisfy { $0.superview === alert.view.subviews[0] })
    #expect(fields[0].frame == CGRect(x: 16, y: fields[0].frame.minY, width: 238, height: 30))
    #expect(fields[1].frame.minY == fields[0].frame.maxY + 8)
    let buttons = alert.view.subviews[0].subviews.compactMap { $0 as? Button }
    #expect(buttons.allSatisfy { $0.frame.minY == fields[1].frame.maxY + 20 }, "buttons below the fields")
    try window.insertText("ada")
    try window.tap(at: fields[1].convert(CGPoint(x: 10, y: 10), to: nil))
    try window.insertText("secret")
    try window.tap(at: buttons[1].convert(CGPoint(x: 10, y: 10), to: nil))
    window.prepareFrame()
    #expect(signedIn == ["ada", "secret"])
    #expect(screen.presentedViewController == nil)
  }

  /// Only the presentation holds the alert here, as in an app that presents and forgets it; the
  /// handler reads the field through an unowned capture, which UIKit's alerts allow.
  @Test func theAlertLivesUntilItsHandlerHasRun() throws {
    let (window, screen) = stage()
    var read: String?
    weak var presented: AlertController?
    do {
      let alert = AlertController(title: "Name", message: nil, preferredStyle: .alert)
      alert.addTextField()
      alert.addAction(
        AlertAction(title: "OK", style: .default) { [unowned alert] _ in read = alert.textFields?[0].text })
      screen.present(alert, animated: true)
      presented = alert
    }
    window.prepareFrame()
    try window.insertText("Kiwi")
    let ok = try #require(presented?.view.subviews[0].subviews.compactMap { $0 as? Button }.first)
    try window.tap(at: ok.convert(CGPoint(x: 10, y: 10), to: nil))
    window.prepareFrame()
    #expect(read == "Kiwi")
    #expect(presented == nil, "and is let go once it has")
  }

  @Test func anAlertWithoutFieldsHasNoTextFieldsAndASheetMayNotHaveAny() async {
    #expect(AlertController(title: "", message: nil, preferredStyle: .alert).textFields == nil)
    await #expect(processExitsWith: .failure) {
      AlertController(title: nil, message: nil, preferredStyle: .actionSheet).addTextField()
    }
  }

  @Test func aSecondCancelActionIsAProgrammerError() async {
    await #expect(processExitsWith: .failure) {
      let alert = AlertController(title: "", message: nil, preferredStyle: .alert)
      alert.addAction(AlertAction(title: "No", style: .cancel))
      alert.addAction(AlertAction(title: "Never", style: .cancel))
    }
  }

  struct StyleCase: CustomTestStringConvertible, Sendable {
    let style: ViewController.ModalPresentationStyle
    let frame: CGRect
    let belowStays: Bool
    var testDescription: String { "\(style)" }
  }

  static let styleCases: [StyleCase] = [
    StyleCase(style: .fullScreen, frame: CGRect(x: 0, y: 0, width: 390, height: 844), belowStays: false),
    StyleCase(style: .overFullScreen, frame: CGRect(x: 0, y: 0, width: 390, height: 844), belowStays: true),
    StyleCase(style: .pageSheet, frame: CGRect(x: 0, y: 40, width: 390, height: 804), belowStays: true),
    StyleCase(style: .automatic, frame: CGRect(x: 0, y: 40, width: 390, height: 804), belowStays: true),
  ]

  @Test(arguments: styleCases) func presentationStyles(_ style: StyleCase) {
    let (window, screen) = stage()
    let presented = ViewController()
    presented.modalPresentationStyle = style.style
    screen.present(presented, animated: true)
    window.prepareFrame()
    #expect(presented.view.frame == style.frame)
    #expect((screen.view.window != nil) == style.belowStays)
    #expect(screen.events == (style.belowStays ? [] : ["willDisappear"]))
    window.resize(to: CGSize(width: 844, height: 390))
    #expect(presented.view.frame.height == (style.frame.minY == 40 ? 350 : 390), "a resize keeps the style")
    screen.events = []
    presented.dismiss(animated: true)
    window.prepareFrame()
    #expect(screen.view.window === window)
    #expect(screen.events == (style.belowStays ? [] : ["willAppear"]))
  }
}
