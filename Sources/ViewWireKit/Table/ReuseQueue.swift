/// Views waiting for reuse by identifier: table cells, table headers and collection cells.
///
/// A waiting view stays a subview of its list, hidden, rather than leaving it: handed out again in
/// the same layout pass (a row scrolled away gives its cell to the row that came in), its `hidden`
/// flag goes back before the frame and never travels, and the view does not go out as a `remove`
/// and come back as a `create` with every property. The queue is a stack, as UIKit's is.
struct ReuseQueue<Element: View> {
  private var waiting: [String: [Element]] = [:]

  /// Puts `element` away, hidden, under `identifier`.
  mutating func enqueue(_ element: Element, identifier: String) {
    element.isHidden = true
    waiting[identifier, default: []].append(element)
  }

  /// The view put away last under `identifier`, shown again; nil when none waits.
  mutating func dequeue(identifier: String) -> Element? {
    guard let element = waiting[identifier]?.popLast() else { return nil }
    element.isHidden = false
    return element
  }
}
