import Foundation
import Testing
import ViewWireKit
import ViewWireProtocol

/// The numbers PROTOCOL.md section 14 ("The look") gives clients, checked against the kit that
/// lays views out with them: a change to either side that forgets the other fails here, before
/// two clients draw a control somewhere the server does not hit-test it.
struct LookConstantsTests {
  /// Section 14, "Text": a field's text area is inset 8 points left and right, and its intrinsic
  /// size is the text's width + 16 by L + 14; a button's title is the text's width + 16 by L + 12.
  @Test(arguments: [("Username", 17.0), ("", 17.0), ("中文", 20.0), ("a", 13.0)])
  func textInsetsAreTheOnesTheSpecGives(_ text: String, _ size: Double) {
    let field = TextField()
    field.font = .systemFont(ofSize: CGFloat(size))
    field.text = text
    let width = TextMeasure.width(of: text, size: CGFloat(size)).rounded(.up)
    let line = TextMeasure.lineHeight(CGFloat(size))
    #expect(field.intrinsicContentSize == CGSize(width: width + 16, height: line + 14))
    let button = Button(type: .system)
    button.titleLabel?.font = .systemFont(ofSize: CGFloat(size))
    button.setTitle(text, for: .normal)
    #expect(button.intrinsicContentSize == CGSize(width: width + 16, height: line + 12))
  }

  /// Section 14, "Controls", and section 6, "Controls' geometry".
  @Test func controlGeometry() {
    #expect(Switch.size == CGSize(width: 51, height: 31))
    #expect(Switch().bounds.size == CGSize(width: 51, height: 31))
    #expect(Slider.thumbSize == 28)
    let slider = Slider(frame: CGRect(x: 0, y: 0, width: 228, height: 31))
    slider.value = 0.25
    // The thumb's centre is at 14 + f × (W − 28), centred vertically.
    #expect(slider.thumbRect.midX == 14 + 0.25 * 200)
    #expect(slider.thumbRect.midY == 15.5)
    #expect(NavigationBar.height == 44)
  }

  /// Section 14's colours that stand for UIKit's: each is the kit's own colour on the wire.
  @Test(arguments: [
    (Color.placeholderText, "#3c3c434d"), (Color.systemBlue, "#007affff"),
    (Color.systemGreen, "#34c759ff"), (Color(white: 0.97), "#f7f7f7ff"), (Color.white, "#ffffffff"),
  ])
  func colours(_ color: Color, _ wire: String) {
    #expect(color.wireColor.wireText == wire)
  }

  /// Defaults the client assumes for absent keys are what the kit starts with: a label, a
  /// button and a field send their font, weight and colour; a label's alignment and line count,
  /// a field's border style, and a view's background are absent at their defaults.
  @Test func defaultsOfAbsentKeys() {
    let label = Label()
    #expect(label.renderProperties["font"] == .number(17))
    #expect(label.renderProperties["weight"] == .string("regular"))
    #expect(label.renderProperties["textColor"] == .color(Color.black.wireColor))
    #expect(label.renderProperties["align"] == nil && label.textAlignment == .left)
    #expect(label.renderProperties["lines"] == nil && label.numberOfLines == 1)
    let field = TextField()
    #expect(field.renderProperties["borderStyle"] == nil && field.borderStyle == .none)
    #expect(field.renderProperties["text"] == .string(""))
    let view = View()
    #expect(view.renderProperties.isEmpty)
    #expect(Switch().renderProperties["on"] == .bool(false))
    #expect(Switch().renderProperties["onTint"] == nil)
    #expect(Slider().renderProperties["value"] == .number(0))
    let scroll = ScrollView()
    #expect(scroll.renderProperties["clips"] == .bool(true))
    #expect(NavigationBar().renderProperties["bg"] == .color(WireColor(wireText: "#f7f7f7ff")!))
  }

  /// Section 14, "Image views": the design boxes the image commands are drawn in.
  @Test func builtInImageSizes() {
    for name in ["star", "heart", "circle", "square", "checkmark", "person", "gear"] {
      #expect(Image(named: name)?.size == CGSize(width: 24, height: 24))
    }
    #expect(Image(named: "photo")?.size == CGSize(width: 120, height: 80))
    #expect(Image.builtIn.count == 8)
  }

  /// Section 14, "The newer controls": the sizes their command lists are drawn in, and the keys
  /// the client reads from them at rest.
  @Test func newerControls() {
    let segments = SegmentedControl(items: ["Small", "Medium", "Large"])
    #expect(segments.bounds.size == CGSize(width: 3 * (39 + 24), height: 32))
    #expect(segments.renderProperties["segments"] == .string("Small\nMedium\nLarge"))
    #expect(segments.renderProperties["selected"] == .number(-1))
    let stepper = Stepper()
    #expect(stepper.bounds.size == CGSize(width: 94, height: 32))
    #expect(stepper.renderProperties["value"] == .number(0))
    #expect(stepper.renderProperties["min"] == .number(0))
    #expect(stepper.renderProperties["max"] == .number(100))
    #expect(stepper.renderProperties["wraps"] == nil)
    stepper.wraps = true
    #expect(stepper.renderProperties["wraps"] == .bool(true))
    stepper.wraps = false
    #expect(stepper.renderProperties["wraps"] == nil)
    #expect(ProgressView().bounds.height == 4)
    #expect(ProgressView().renderProperties["progress"] == .number(0))
    #expect(ActivityIndicatorView(style: .medium).bounds.size == CGSize(width: 20, height: 20))
    #expect(ActivityIndicatorView(style: .large).bounds.size == CGSize(width: 37, height: 37))
    #expect(ActivityIndicatorView().renderProperties["animating"] == .bool(false))
    #expect(ActivityIndicatorView().renderProperties["hidden"] == .bool(true))
  }

  /// Section 14, "Tables, collection views, alerts, tab bars": the colours and sizes of the
  /// ordinary views the server sends for them.
  @Test(arguments: [
    (TableViewCell.selectedBackgroundColor, "#d1d1d6ff"),
    (TableViewHeaderFooterView.defaultBackgroundColor, "#f2f2f7ff"),
    (Color(white: 0, alpha: 0.4), "#00000066"),
    (Color.systemRed, "#ff3b30ff"), (Color.gray, "#808080ff"),
  ])
  func sentViewColours(_ color: Color, _ wire: String) {
    #expect(color.wireColor.wireText == wire)
  }

  @Test func sentViewGeometry() {
    #expect(TableViewCell.accessoryWidth == 38)
    #expect(TableViewCell().renderProperties["bg"] == .color(WireColor(wireText: "#ffffffff")!))
    #expect(TabBar.height == 49)
  }
}
