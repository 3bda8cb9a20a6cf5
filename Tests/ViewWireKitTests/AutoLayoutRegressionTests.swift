import Foundation
import Testing
import ViewWireKit

// Regressions found by audits of the Auto Layout work, one suite per finding: a second app in
// the same window, a broken constraint coming back, position multipliers, illegal constraints.

/// A window outlives the apps it shows: the session opens one app after another in the same
/// window, so a tree laid out by constraints must lay out the same the second time, when the
/// first tree's constraints have left the solver.
struct AutoLayoutReopenTests {
  /// A root view with a stack view pinned by VFL and a height anchor, as seed 004's login.
  final class StackRootView: View {
    let field = TextField()
    let stack: StackView

    required init() {
      stack = StackView(arrangedSubviews: [field])
      super.init()
      stack.translatesAutoresizingMaskIntoConstraints = false
      stack.axis = .vertical
      addSubview(stack)
      var constraints = NSLayoutConstraint.constraints(
        withVisualFormat: "|-[stack]-|", options: [], metrics: nil, views: ["stack": stack])
      constraints.append(field.heightAnchor.constraint(equalToConstant: 30))
      constraints.append(stack.topAnchor.constraint(equalTo: safeAreaLayoutGuide.topAnchor, constant: 8))
      NSLayoutConstraint.activate(constraints)
    }
  }

  final class StackController: ViewController {
    override func loadView() { view = StackRootView() }
    var root: StackRootView { view as! StackRootView }
  }

  @Test func aSecondTreeInTheSameWindowLaysOutAsTheFirst() {
    let window = Window(size: CGSize(width: 390, height: 844))
    var traces: [String] = []
    window.traceSink = { kind, detail in traces.append("\(kind) \(detail)") }
    var frames: [String] = []
    for _ in 0..<3 {
      let controller = StackController()
      window.rootViewController = nil
      window.rootViewController = NavigationController(rootViewController: controller)
      window.prepareFrame()
      frames.append("\(text(controller.root.stack.frame)) / \(text(controller.root.field.frame))")
    }
    #expect(frames == Array(repeating: "20 52 350 30 / 0 0 350 30", count: 3))
    #expect(traces.filter { $0.hasPrefix("layout") } == [])
  }
}

/// A constraint broken in a conflict is not lost: UIKit re-adds it once the constraint it
/// conflicted with is deactivated.
struct AutoLayoutConflictRecoveryTests {
  @Test func aBrokenConstraintComesBackWhenItsRivalGoes() {
    let window = Window(size: CGSize(width: 320, height: 480))
    var traces: [String] = []
    window.traceSink = { kind, detail in traces.append("\(kind) \(detail)") }
    let box = View()
    box.translatesAutoresizingMaskIntoConstraints = false
    window.addSubview(box)
    let narrow = box.widthAnchor.constraint(equalToConstant: 100)
    let wide = box.widthAnchor.constraint(equalToConstant: 200)
    NSLayoutConstraint.activate([
      box.leftAnchor.constraint(equalTo: window.leftAnchor),
      box.topAnchor.constraint(equalTo: window.topAnchor),
      box.heightAnchor.constraint(equalToConstant: 10), narrow, wide,
    ])
    window.prepareFrame()
    #expect(text(box.frame) == "0 0 100 10")
    #expect(traces.contains { $0.contains("Will attempt to recover by breaking constraint") })
    narrow.isActive = false
    window.prepareFrame()
    #expect(text(box.frame) == "0 0 200 10")
  }

  /// Changing the winner's constant is a replacement, not a removal: the rival stays broken.
  @Test func theWinnersNewConstantKeepsItsPlace() {
    let window = Window(size: CGSize(width: 320, height: 480))
    let box = View()
    box.translatesAutoresizingMaskIntoConstraints = false
    window.addSubview(box)
    let narrow = box.widthAnchor.constraint(equalToConstant: 100)
    NSLayoutConstraint.activate([
      box.leftAnchor.constraint(equalTo: window.leftAnchor),
      box.topAnchor.constraint(equalTo: window.topAnchor),
      box.heightAnchor.constraint(equalToConstant: 10), narrow,
      box.widthAnchor.constraint(equalToConstant: 200),
    ])
    window.prepareFrame()
    narrow.constant = 120
    window.prepareFrame()
    #expect(text(box.frame) == "0 0 120 10")
  }
}

/// A multiplier on a position scales it in the coordinates of the view the constraint is
/// installed on, as UIKit does, not in the window's: the container's own origin does not count.
struct AutoLayoutPositionMultiplierTests {
  @Test func positionsAreMultipliedInTheContainersCoordinates() {
    let window = Window(size: CGSize(width: 320, height: 480))
    let container = View(frame: CGRect(x: 10, y: 20, width: 300, height: 400))
    let box = View()
    window.addSubview(container)
    container.addSubview(box)
    box.translatesAutoresizingMaskIntoConstraints = false
    NSLayoutConstraint.activate([
      NSLayoutConstraint(
        item: box, attribute: .centerX, relatedBy: .equal, toItem: container, attribute: .centerX,
        multiplier: 0.5, constant: 0),
      NSLayoutConstraint(
        item: box, attribute: .top, relatedBy: .equal, toItem: container, attribute: .bottom,
        multiplier: 0.5, constant: 0),
      box.widthAnchor.constraint(equalToConstant: 20),
      box.heightAnchor.constraint(equalToConstant: 10),
    ])
    window.prepareFrame()
    #expect(text(box.frame) == "65 200 20 10", "centre x 75 and top 200 of the container's 150 and 400")
  }

  /// The container's origin is an unknown, not a number taken once: when it moves, a position
  /// scaled in its coordinates stays where it was relative to it.
  @Test func aMovedContainerKeepsScaledPositions() {
    let window = Window(size: CGSize(width: 320, height: 480))
    let container = View(frame: CGRect(x: 10, y: 0, width: 300, height: 400))
    let sibling = View(frame: CGRect(x: 100, y: 0, width: 10, height: 10))
    let box = View()
    window.addSubview(container)
    container.addSubview(sibling)
    container.addSubview(box)
    box.translatesAutoresizingMaskIntoConstraints = false
    NSLayoutConstraint.activate([
      NSLayoutConstraint(
        item: box, attribute: .left, relatedBy: .equal, toItem: sibling, attribute: .left, multiplier: 0.5,
        constant: 0),
      box.topAnchor.constraint(equalTo: container.topAnchor),
      box.widthAnchor.constraint(equalToConstant: 20), box.heightAnchor.constraint(equalToConstant: 10),
    ])
    window.prepareFrame()
    #expect(text(box.frame) == "50 0 20 10")
    container.frame.origin.x = 50
    window.prepareFrame()
    #expect(text(box.frame) == "50 0 20 10")
  }
}

/// What UIKit raises for, the daemon reports and survives: non-finite constants, and
/// constraints between views of different windows. A frame set to NaN leaves nothing behind.
struct AutoLayoutIllegalConstraintTests {
  @Test func nonFiniteConstantsAndForeignWindowsAreReportedAndIgnored() {
    let window = Window(size: CGSize(width: 320, height: 480))
    let other = Window(size: CGSize(width: 100, height: 100))
    var traces: [String] = []
    window.traceSink = { kind, detail in traces.append("\(kind) \(detail)") }
    let box = View()
    let stranger = View(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    box.translatesAutoresizingMaskIntoConstraints = false
    window.addSubview(box)
    other.addSubview(stranger)
    let width = box.widthAnchor.constraint(equalToConstant: .nan)
    NSLayoutConstraint.activate([
      box.leftAnchor.constraint(equalTo: window.leftAnchor),
      box.topAnchor.constraint(equalTo: window.topAnchor),
      box.heightAnchor.constraint(equalToConstant: 10), width,
      box.leftAnchor.constraint(equalTo: stranger.rightAnchor),
    ])
    window.prepareFrame()
    #expect(text(box.frame) == "0 0 0 10")
    #expect(traces.filter { $0.contains("Ignoring an illegal constraint") }.count == 2)
    width.constant = 50
    window.prepareFrame()
    #expect(text(box.frame) == "0 0 50 10", "a finite constant makes it legal again")
  }

  @Test func aContainerWhoseFrameWasNaNLaysOutAgainOnceItIsFinite() {
    let window = Window(size: CGSize(width: 320, height: 480))
    let container = View(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
    let child = View()
    window.addSubview(container)
    container.addSubview(child)
    child.translatesAutoresizingMaskIntoConstraints = false
    NSLayoutConstraint.activate([
      child.leftAnchor.constraint(equalTo: container.leftAnchor),
      child.topAnchor.constraint(equalTo: container.topAnchor),
      child.widthAnchor.constraint(equalTo: container.widthAnchor, multiplier: 0.5),
      child.heightAnchor.constraint(equalToConstant: 10),
    ])
    window.prepareFrame()
    container.frame.size.width = .nan
    window.prepareFrame()
    let solvesWithANaNFrame = window.layoutEngine?.solveCount ?? -1
    window.prepareFrame()
    #expect(
      window.layoutEngine?.solveCount == solvesWithANaNFrame, "an idle frame with a NaN frame solves nothing")
    container.frame.size.width = 200
    window.prepareFrame()
    #expect(text(child.frame) == "0 0 100 10")
  }
}
