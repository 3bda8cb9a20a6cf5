public import Foundation

/// Why the window refused an input event.
public enum InputError: Error, Equatable, Sendable {
  /// `text` or `key` with no focused text field.
  case noFocus
  /// A move or lift with no finger down.
  case notInDrag
  /// A point outside the window.
  case outsideWindow
}

/// The keys a client can press.
public enum Key: Sendable {
  /// The keys the protocol's `key` command names; the rest arrive as `text`.
  case `return`, backspace, tab, escape
}

/// The finger that is down and who watches it.
struct TouchSequence {
  /// Variable only so `touchUp` can ask whether it holds the last reference (`spareTouch`).
  var touch: Touch
  /// Recognizers on the hit view and its ancestors, innermost first, enabled at touch-down.
  let recognizers: [GestureRecognizer]
  /// Whether a recognizer took the touch from the view.
  var viewCancelled = false
}

extension Window {
  // MARK: Touches

  /// A finger goes down at `point` (window coordinates). Returns the view hit.
  ///
  /// Recognizers on the hit view and its ancestors see the touch first, then the view. A tap
  /// recognizer on an ancestor of an enabled control stays out of the way, as in UIKit, where a
  /// button's own tap wins over a single-tap recognizer on its superview.
  @discardableResult
  public func touchDown(at point: CGPoint, tapCount: Int = 1, timestamp: TimeInterval? = nil)
    throws(InputError)
    -> View?
  {
    guard bounds.containsPoint(point) else { throw .outsideWindow }
    if let sequence = touchSequence { cancel(sequence) }
    let hit = hitTest(point)
    let now = timestamp ?? currentTime
    let touch: Touch
    if let spare = spareTouch {
      spareTouch = nil
      spare.reuse(at: point, tapCount: tapCount, timestamp: now, view: hit)
      touch = spare
    } else {
      touch = Touch(at: point, tapCount: tapCount, timestamp: now, view: hit, window: self)
    }
    var recognizers: [GestureRecognizer] = []
    // Up the tree through unretained references, which the tree holds (`superviewReference`):
    // a retain and release of each ancestor were slow, side-table operations. Most ancestors
    // have no recognizer: for them the list is not read at all (iterating an empty one
    // retained and released its storage), and whether the hit view is an enabled control is
    // asked only once one is found.
    var hitIsEnabledControl: Bool?
    var current = hit.map(Unmanaged.passUnretained)
    while let reference = current {
      unowned(unsafe) let view = reference.takeUnretainedValue()
      if view.hasGestureRecognizers {
        for recognizer in view.gestureRecognizers where recognizer.isEnabled {
          if let tap = recognizer as? TapGestureRecognizer, tap.numberOfTapsRequired == 1,
            view !== hit
          {
            if hitIsEnabledControl == nil { hitIsEnabledControl = (hit as? Control)?.isEnabled == true }
            if hitIsEnabledControl == true { continue }
          }
          recognizers.append(recognizer)
        }
      }
      current = view.superviewReference
    }
    let sequence = TouchSequence(touch: touch, recognizers: recognizers)
    touchSequence = sequence
    deliver(touch, to: sequence)
    return hit
  }

  /// The finger moves to `point`; it may leave the window.
  public func touchMove(to point: CGPoint, timestamp: TimeInterval? = nil) throws(InputError) {
    guard let sequence = touchSequence else { throw .notInDrag }
    sequence.touch.update(to: point, timestamp: timestamp ?? currentTime, phase: .moved)
    deliver(sequence.touch, to: sequence)
  }

  /// The finger lifts at `point`, ending the touch.
  public func touchUp(at point: CGPoint, timestamp: TimeInterval? = nil) throws(InputError) {
    guard var sequence = touchSequence else { throw .notInDrag }
    sequence.touch.update(to: point, timestamp: timestamp ?? currentTime, phase: .ended)
    deliver(sequence.touch, to: sequence)
    finish(sequence)
    // Kept for the next touch-down only when no one else holds it (no recognizer's
    // `lastTouch`, no app): the sequence here is then its one reference.
    if spareTouch == nil, touchSequence == nil, isKnownUniquelyReferenced(&sequence.touch) {
      spareTouch = sequence.touch
    }
  }

  /// A tap: `count` touch sequences at one point with tap counts 1...count. Returns the view hit.
  @discardableResult
  public func tap(at point: CGPoint, count: Int = 1, timestamp: TimeInterval? = nil) throws(InputError)
    -> View?
  {
    var hit: View?
    for tapCount in 1...max(1, count) {
      hit = try touchDown(at: point, tapCount: tapCount, timestamp: timestamp)
      try touchUp(at: point, timestamp: timestamp)
    }
    return hit
  }

  /// Whether a finger is down.
  public var isTouching: Bool { touchSequence != nil }

  private var currentTime: TimeInterval { scheduler?.now ?? 0 }

  /// Gives `touch` to the sequence's recognizers, then to its view unless a recognizer took it.
  /// The caller passes the sequence it holds: reading the window's, even one field of it,
  /// copied it (its touch and its list retained and released) on every delivery.
  private func deliver(_ touch: Touch, to sequence: TouchSequence) {
    // Most touches have no recognizer: their list is not even copied.
    let watched = !sequence.recognizers.isEmpty
    if watched {
      let recognizers = sequence.recognizers
      // By index over the list, which holds them: an iterator retained and released each
      // recognizer (a slow, side-table operation, since views refer to them weakly) on every move.
      for index in recognizers.indices where recognizers[index].isEnabled {
        recognizers[index].deliver(touch)
      }
    }
    // A view that lost the touch hears nothing more: every move of a pan after the first, so
    // that is asked before the touch's weak reference to the view is loaded.
    guard !sequence.viewCancelled, let view = touch.view else { return }
    if watched, sequence.recognizers.contains(where: { $0.hasRecognized && $0.cancelsTouchesInView }) {
      var cancelled = sequence
      cancelled.viewCancelled = true
      touchSequence = cancelled
      view.touchesCancelled(touch)
      return
    }
    switch touch.phase {
    case .began: view.touchesBegan(touch)
    case .moved: view.touchesMoved(touch)
    case .ended: view.touchesEnded(touch)
    case .cancelled: view.touchesCancelled(touch)
    }
  }

  /// Cancels the touch in progress, if any: its recognizers and its view see it cancelled, as
  /// UIKit does when the touched view leaves the window. A view leaving the window calls this
  /// when the touched view is inside it (`open`, `close`, `back`, `removeFromSuperview`); a
  /// telnet's interrupt (Ctrl-C, PROTOCOL.md section 1.1) calls it too.
  ///
  /// - Returns: whether a touch was in progress, so a caller sends a frame only when one was.
  @discardableResult
  public func cancelTouchInProgress() -> Bool {
    guard let sequence = touchSequence else { return false }
    cancel(sequence)
    return true
  }

  private func finish(_ sequence: TouchSequence) {
    touchSequence = nil
    for recognizer in sequence.recognizers { recognizer.finishSequence() }
  }

  private func cancel(_ sequence: TouchSequence) {
    sequence.touch.phase = .cancelled
    for recognizer in sequence.recognizers { recognizer.deliver(sequence.touch) }
    if !sequence.viewCancelled { sequence.touch.view?.touchesCancelled(sequence.touch) }
    finish(sequence)
  }

  /// A recognizer recognized from a timer (a long press): the view loses the touch now.
  func gestureDidRecognizeAsynchronously(_ recognizer: GestureRecognizer) {
    guard var sequence = touchSequence, !sequence.viewCancelled, recognizer.cancelsTouchesInView,
      sequence.recognizers.contains(where: { $0 === recognizer })
    else { return }
    sequence.viewCancelled = true
    touchSequence = sequence
    sequence.touch.view?.touchesCancelled(sequence.touch)
  }

  // MARK: Keys and text

  /// The focused text field.
  public var focusedTextField: TextField? { firstResponder as? TextField }

  /// Types `text` into the focused text field or text view.
  public func insertText(_ text: String) throws(InputError) {
    if let textView = firstResponder as? TextView { return type(text, into: textView) }
    guard let field = focusedTextField else { throw .noFocus }
    // Bounded, so one client cannot make every keystroke cost a scan of a megabyte of text.
    guard field.characterCount + text.count <= TextField.maximumLength else {
      reportLimit("a text field holds at most \(TextField.maximumLength) characters")
      return
    }
    field.insertText(text)
  }

  /// Types into a text view unless that would pass its bound (PROTOCOL.md section 17): each
  /// keystroke resends the whole text, so an unbounded one made the server send 180 MB.
  private func type(_ text: String, into textView: TextView) {
    guard textView.characterCount + text.count <= TextView.maximumLength else {
      reportLimit("a text view holds at most \(TextView.maximumLength) characters")
      return
    }
    textView.insertText(text)
  }

  /// Presses `key` in the focused text field or text view. In a text view, as in UIKit's, return
  /// and tab type a line break and a tab.
  public func press(_ key: Key) throws(InputError) {
    if let textView = firstResponder as? TextView {
      switch key {
      case .return: type("\n", into: textView)
      case .tab: type("\t", into: textView)
      case .backspace: textView.deleteBackward()
      case .escape: textView.resignFirstResponder()
      }
      return
    }
    guard let field = focusedTextField else { throw .noFocus }
    switch key {
    case .return: field.returnKeyPressed()
    case .backspace: field.deleteBackward()
    case .escape: field.resignFirstResponder()
    case .tab:
      let fields = textFields(in: self).filter { $0.isEnabled && !$0.isHidden }
      guard let index = fields.firstIndex(where: { $0 === field }), fields.count > 1 else { return }
      fields[(index + 1) % fields.count].becomeFirstResponder()
    }
  }

  private func textFields(in view: View) -> [TextField] {
    var result: [TextField] = []
    if let field = view as? TextField { result.append(field) }
    for subview in view.subviews { result += textFields(in: subview) }
    return result
  }

  /// Tells the controllers that the daemon is short of memory (UIKit's memory warning).
  public func simulateMemoryWarning() {
    rootViewController?.receiveMemoryWarning()
  }

  // MARK: Finding views

  /// The first view, depth-first, whose accessibility identifier is `identifier`.
  ///
  /// `tap @IDENT` asks this on every tap, and the answer rarely changes between two taps: the
  /// last answer is kept with the window's `identifierGeneration`, which every change that could
  /// change any answer moves on (a view of this window given or relieved of an identifier; a
  /// subview added, removed or reordered anywhere in the window, since depth-first order picks
  /// among views that share one). While the generation stands, the same question is answered
  /// without walking the tree (about 330 instructions of each gallery tap, and a walk of the
  /// whole tree in a large one that names a view near its end).
  ///
  /// `accessibilityIdentifier` may be overridden with a getter of its own. The walk reads it for
  /// every view it passes, and keeps no answer when a view's getter disagrees with what was last
  /// set on it; a kept answer's view is asked again before it is believed.
  public func view(withIdentifier identifier: String) -> View? {
    if identifierLookupGeneration == identifierGeneration, let asked = identifierLookupKey,
      asked == identifier
    {
      guard let found = identifierLookupView else { return nil }
      let view = found.takeUnretainedValue()
      if view.accessibilityIdentifier == identifier { return view }
    }
    // By index, as `hitTest` walks: an iterator retained and released every view of the tree.
    // Each child is passed unretained, held by the local list: a retain and release per view
    // visited was a slow, side-table pair for most of them.
    var overridden = false
    func search(_ view: View) -> View? {
      let answer = view.accessibilityIdentifier
      if answer != view.storedAccessibilityIdentifier { overridden = true }
      if answer == identifier { return view }
      let children = view.subviews
      return withExtendedLifetime(children) { () -> View? in
        for index in children.indices {
          if let found = Unmanaged.passUnretained(children[index])._withUnsafeGuaranteedRef(search) {
            return found
          }
        }
        return nil
      }
    }
    let found = search(self)
    if overridden {
      identifierLookupKey = nil
    } else {
      // Unretained: the view is in this window's tree, and nothing takes it out without moving
      // the generation on, after which the reference is never read.
      identifierLookupKey = identifier
      identifierLookupView = found.map(Unmanaged.passUnretained)
      identifierLookupGeneration = identifierGeneration
    }
    return found
  }
}
