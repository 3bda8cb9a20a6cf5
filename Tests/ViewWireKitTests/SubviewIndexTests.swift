import Foundation
import Testing

@testable import ViewWireKit

/// A view's position among its superview's subviews is kept as bookkeeping (so taking a row out
/// of a long table needs no search); whatever sequence of hierarchy calls runs, every lookup
/// must agree with a search of `subviews`, and the calls must order the subviews as they did
/// when they searched.
struct SubviewIndexTests {
  /// The hierarchy calls the property test draws from, each applied to the view and to a model
  /// array of tags that says where every view must end up.
  enum Step: CaseIterable {
    case append, insertAt, insertAbove, insertBelow, remove, bringToFront, sendToBack, exchange
    case moveToOtherParent, lookUp
  }

  /// A small seeded generator, so a failure names a sequence that can be replayed.
  struct Generator {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(max(bound, 1)))
    }
  }

  @Test(arguments: [1, 2, 3, 17, 99, 2026, 31_337, 65_537])
  func everyLookupAgreesWithASearchOfTheSubviews(seed: UInt64) {
    var random = Generator(state: seed)
    let parent = View()
    let other = View()
    var model: [Int] = []  // tags of parent.subviews, back to front
    var nextTag = 1
    var pool: [View] = []  // views made so far, in or out of the parent
    func make() -> View {
      let view = View()
      view.tag = nextTag
      nextTag += 1
      pool.append(view)
      return view
    }
    func someChild() -> View? {
      parent.subviews.isEmpty ? nil : parent.subviews[random.next(parent.subviews.count)]
    }
    for step in 0..<3000 {
      let kind = Step.allCases[random.next(Step.allCases.count)]
      switch kind {
      case .append:
        let view = random.next(3) == 0 ? (pool.randomElement(using: &random) ?? make()) : make()
        model.removeAll { $0 == view.tag }
        model.append(view.tag)
        parent.addSubview(view)
      case .insertAt:
        let view = random.next(2) == 0 ? (pool.randomElement(using: &random) ?? make()) : make()
        let index = random.next(parent.subviews.count + 2)
        if view.superview === parent, let current = model.firstIndex(of: view.tag) {
          // UIKit's and ours: moving within the parent, `index` counts before the removal.
          let clamped = max(0, min(index, model.count))
          if !(current == clamped || current == clamped - 1 && clamped == model.count) {
            model.remove(at: current)
            model.insert(view.tag, at: min(current < clamped ? clamped - 1 : clamped, model.count))
          }
        } else {
          model.removeAll { $0 == view.tag }
          model.insert(view.tag, at: max(0, min(index, model.count)))
        }
        parent.insertSubview(view, at: index)
      case .insertAbove, .insertBelow:
        guard let sibling = someChild() else { continue }
        let view = make()
        let at = model.firstIndex(of: sibling.tag)! + (kind == .insertAbove ? 1 : 0)
        model.insert(view.tag, at: at)
        if kind == .insertAbove {
          parent.insertSubview(view, aboveSubview: sibling)
        } else {
          parent.insertSubview(view, belowSubview: sibling)
        }
      case .remove:
        guard let child = someChild() else { continue }
        model.removeAll { $0 == child.tag }
        child.removeFromSuperview()
      case .bringToFront:
        guard let child = someChild() else { continue }
        model.removeAll { $0 == child.tag }
        model.append(child.tag)
        parent.bringSubviewToFront(child)
      case .sendToBack:
        guard let child = someChild() else { continue }
        model.removeAll { $0 == child.tag }
        model.insert(child.tag, at: 0)
        parent.sendSubviewToBack(child)
      case .exchange:
        let count = parent.subviews.count
        guard count > 1 else { continue }
        let (first, second) = (random.next(count), random.next(count))
        model.swapAt(first, second)
        parent.exchangeSubview(at: first, withSubviewAt: second)
      case .moveToOtherParent:
        guard let child = someChild() else { continue }
        model.removeAll { $0 == child.tag }
        other.addSubview(child)
      case .lookUp:
        break
      }
      #expect(parent.subviews.map(\.tag) == model, "seed \(seed), step \(step) (\(kind))")
      // Look up a few views in random order, so lookups also run while positions are stale.
      for _ in 0..<3 {
        guard let view = pool.randomElement(using: &random) else { break }
        let expected = view.superview === parent ? parent.subviews.firstIndex { $0 === view } : nil
        #expect(parent.indexOfSubview(view) == expected, "seed \(seed), step \(step) (\(kind))")
      }
    }
  }

  /// The changes the bookkeeping has a rule for, one at a time.
  enum Change: String, CaseIterable, Sendable {
    case removeTheLast, removeTheFirst, removeAMiddleOne, insertAtTheFront, insertInTheMiddle, append
    case exchangeTwo, bringOneToTheFront, sendOneToTheBack, moveOneToAnotherParent

    func apply(to parent: View) {
      switch self {
      case .removeTheLast: parent.subviews.last!.removeFromSuperview()
      case .removeTheFirst: parent.subviews.first!.removeFromSuperview()
      case .removeAMiddleOne: parent.subviews[4].removeFromSuperview()
      case .insertAtTheFront: parent.insertSubview(View(), at: 0)
      case .insertInTheMiddle: parent.insertSubview(View(), at: 5)
      case .append: parent.addSubview(View())
      case .exchangeTwo: parent.exchangeSubview(at: 1, withSubviewAt: 8)
      case .bringOneToTheFront: parent.bringSubviewToFront(parent.subviews[2])
      case .sendOneToTheBack: parent.sendSubviewToBack(parent.subviews[7])
      case .moveOneToAnotherParent: View().addSubview(parent.subviews[3])
      }
    }
  }

  /// After each change, every child is looked up back to front (the order that used to cost a
  /// search each) and front to back.
  @Test(arguments: Change.allCases)
  func eachChangeLeavesEveryPositionRight(change: Change) {
    for order in ["back to front", "front to back"] {
      let parent = View()
      for _ in 0..<10 { parent.addSubview(View()) }
      // Looked up once before the change, so the change meets positions that were all known.
      for child in parent.subviews { _ = parent.indexOfSubview(child) }
      change.apply(to: parent)
      let children = order == "back to front" ? Array(parent.subviews.reversed()) : parent.subviews
      for child in children {
        #expect(
          parent.indexOfSubview(child) == parent.subviews.firstIndex { $0 === child }, "\(change), \(order)")
      }
      #expect(parent.indexOfSubview(View()) == nil)
    }
  }
}

extension Array {
  fileprivate func randomElement(using random: inout SubviewIndexTests.Generator) -> Element? {
    isEmpty ? nil : self[random.next(count)]
  }
}
