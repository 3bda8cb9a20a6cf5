import Foundation
import Testing
import ViewWireDiff
import ViewWireKit

/// Text views: focus by tap, typing with line breaks, the delegate, and what travels.
struct TextViewTests {
  final class Recorder: TextViewDelegate {
    var events: [String] = []
    var refuseDigits = false
    func textViewDidBeginEditing(_ textView: TextView) { events.append("begin") }
    func textViewDidEndEditing(_ textView: TextView) { events.append("end") }
    func textViewDidChange(_ textView: TextView) { events.append("change") }
    func textView(_ textView: TextView, shouldChangeTextIn range: NSRange, replacementText text: String)
      -> Bool
    {
      !(refuseDigits && text.contains { $0.isNumber })
    }
  }

  @Test func aTapFocusesAndReturnAndTabTypeIntoTheText() throws {
    let window = Window(size: CGSize(width: 300, height: 300))
    let notes = TextView(frame: CGRect(x: 10, y: 10, width: 200, height: 100))
    let recorder = Recorder()
    notes.delegate = recorder
    window.addSubview(notes)
    let engine = DiffEngine(window: window)
    _ = engine.makeFrame()
    try window.tap(at: CGPoint(x: 50, y: 50))
    #expect(notes.isFirstResponder)
    try window.insertText("Dear")
    try window.press(.return)
    try window.insertText("Sir")
    try window.press(.tab)
    try window.press(.backspace)
    #expect(notes.text == "Dear\nSir")
    #expect(engine.nextDiffLines() == ["render 2 focused=true text=\"Dear\\nSir\""])
    recorder.refuseDigits = true
    try window.insertText("42")
    #expect(notes.text == "Dear\nSir", "the delegate refused")
    try window.press(.escape)
    #expect(!notes.isFirstResponder)
    #expect(recorder.events == ["begin", "change", "change", "change", "change", "change", "end"])
    #expect(throws: InputError.noFocus) { try window.insertText("x") }
  }

  @Test func aTextViewThatIsNotEditableTakesNoFocusAndCodeSendsNoChange() throws {
    let window = Window(size: CGSize(width: 300, height: 300))
    let notes = TextView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
    let recorder = Recorder()
    notes.delegate = recorder
    notes.isEditable = false
    window.addSubview(notes)
    try window.tap(at: CGPoint(x: 50, y: 50))
    #expect(!notes.isFirstResponder)
    notes.text = "set in code"
    #expect(recorder.events.isEmpty)
    #expect(notes.sizeThatFits(CGSize(width: 200, height: 0)).height == 21)
  }
}
