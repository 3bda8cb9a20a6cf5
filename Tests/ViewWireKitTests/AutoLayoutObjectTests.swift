import Foundation
import Testing
import ViewWireKit

/// A constraint keeps its items, kinds and identifier in compact fields (issue 14, lean
/// sessions: an idle stacks session holds about a hundred of them); what an app reads back is
/// what it gave, as `NSLayoutConstraint` documents it.
struct AutoLayoutObjectTests {
  @Test func itemsComeBackAsGivenAndAreWeak() {
    let host = View()
    var label: Label? = Label()
    let guide = LayoutGuide()
    host.addSubview(label!)
    host.addLayoutGuide(guide)
    let toGuide = label!.leadingAnchor.constraint(equalTo: guide.leadingAnchor, constant: 4)
    let constant = label!.widthAnchor.constraint(equalToConstant: 10)
    #expect(toGuide.firstItem === label)
    #expect(toGuide.firstItem is Label)
    #expect(toGuide.secondItem === guide)
    #expect(toGuide.secondItem is LayoutGuide)
    #expect(toGuide.firstAttribute == .leading && toGuide.secondAttribute == .leading)
    #expect(constant.secondItem == nil && constant.secondAttribute == .notAnAttribute)
    // The items are weak, as in UIKit: a view that goes away leaves nil behind.
    label!.removeFromSuperview()
    label = nil
    #expect(toGuide.firstItem == nil)
    #expect(constant.firstItem == nil)
    #expect(toGuide.secondItem === guide)
  }

  @Test func aConstraintIsSeventyTwoBytes() {
    let view = View()
    let constraint = view.heightAnchor.constraint(equalToConstant: 20)
    // Two weak items, the constant, the details (identifier and multiplier), the host it is
    // installed on, the solver's constraint, then the priority and four one-byte fields: with
    // the 16-byte header, 72 bytes, an 80-byte malloc chunk (88 bytes needed a 96-byte one).
    #expect(
      Mirror(reflecting: constraint).children.map(\.label) == [
        "firstObject", "secondObject", "constant", "details", "installedOn", "solverConstraint",
        "priority", "firstAttribute", "relation", "secondAttribute", "flags",
      ])
    #expect(LeanKitObjectTests.instanceSize(LayoutConstraint.self) == 72)
  }

  @Test func aViewsLayoutStateIsEightyOneBytes() {
    let view = View()
    view.translatesAutoresizingMaskIntoConstraints = false
    let state = view.layoutVariables
    // Four variables, the installed list, two priority pairs, the extras (guides and margins
    // other than the default: nil here) and a flag: a 96-byte chunk (margins and guides in the
    // object made it 113 bytes, a 128-byte one).
    #expect(Mirror(reflecting: state).children.compactMap(\.label).contains("extras"))
    #expect(LeanKitObjectTests.instanceSize(ViewLayoutState.self) <= 88)
    // Margins and guides read back as set, and the default margins come back without extras.
    #expect(view.layoutMargins == EdgeInsets(top: 8, left: 8, bottom: 8, right: 8))
    #expect(view.layoutGuides.isEmpty)
    let guide = LayoutGuide()
    view.addLayoutGuide(guide)
    view.layoutMargins = EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
    #expect(view.layoutGuides.count == 1 && view.layoutGuides[0] === guide)
    #expect(view.layoutMargins == EdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
    view.removeLayoutGuide(guide)
    #expect(view.layoutGuides.isEmpty)
    #expect(view.layoutMargins == EdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
  }

  @Test func aMultiplierIsKeptBesideTheIdentifier() {
    let view = View()
    let other = View()
    let plain = view.widthAnchor.constraint(equalTo: other.widthAnchor)
    #expect(plain.multiplier == 1)
    let half = view.widthAnchor.constraint(equalTo: other.widthAnchor, multiplier: 0.5, constant: 3)
    #expect(half.multiplier == 0.5 && half.constant == 3)
    half.identifier = "half"
    #expect(half.multiplier == 0.5 && half.identifier == "half")
    half.identifier = nil
    #expect(half.multiplier == 0.5 && half.identifier == nil)
    let odd = LayoutConstraint(
      item: view, attribute: .width, relatedBy: .equal, toItem: other, attribute: .width,
      multiplier: -0.0, constant: 0)
    #expect(odd.multiplier == 0 && odd.multiplier.sign == .minus)
  }

  @Test func anIdentifierIsKeptAsSet() {
    let view = View()
    let constraint = view.heightAnchor.constraint(equalToConstant: 20)
    #expect(constraint.identifier == nil)
    constraint.identifier = "row height"
    #expect(constraint.identifier == "row height")
    #expect(constraint.description.contains("'row height'"))
    constraint.identifier = nil
    #expect(constraint.identifier == nil)
    #expect(!constraint.description.contains("'"))
  }

  @Test func aStackNamesItsConstraintsByDistribution() throws {
    let scene = AutoLayoutStackViewTests.Scene()
    scene.window.prepareFrame()
    // Installed on the stack: its own constraints, and the scene's width and height (unnamed).
    func stackOwn() -> [LayoutConstraint] { scene.stack.constraints.filter { $0.identifier != nil } }
    #expect(stackOwn().count == scene.stack.constraints.count - 2)
    #expect(stackOwn().count >= 8)
    #expect(stackOwn().allSatisfy { $0.identifier == "UISV-fill" })
    scene.stack.distribution = .fillEqually
    scene.window.prepareFrame()
    #expect(stackOwn().count == scene.stack.constraints.count - 2)
    #expect(stackOwn().allSatisfy { $0.identifier == "UISV-fillEqually" })
    // An app's own name on one of them stays its own, and the others keep theirs.
    let renamed = try #require(stackOwn().first)
    renamed.identifier = "mine"
    #expect(renamed.identifier == "mine")
    #expect(stackOwn().filter { $0.identifier == "UISV-fillEqually" }.count == stackOwn().count - 1)
    // Proportional shares are multipliers: each constraint keeps its own beside the shared name.
    scene.stack.distribution = .fillProportionally
    scene.window.prepareFrame()
    #expect(stackOwn().allSatisfy { $0.identifier == "UISV-fillProportionally" })
    #expect(stackOwn().contains { $0.multiplier != 1 })
  }

  @Test func aViewMakesEachSystemGuideOnce() {
    let view = View()
    let margins = view.layoutMarginsGuide
    let safeArea = view.safeAreaLayoutGuide
    #expect(view.layoutMarginsGuide === margins)
    #expect(view.safeAreaLayoutGuide === safeArea)
    #expect(margins !== safeArea)
    #expect(margins.identifier == "UIViewLayoutMarginsGuide")
    #expect(safeArea.identifier == "UIViewSafeAreaLayoutGuide")
    // An app's guide with the same name is not taken for the system's.
    let own = LayoutGuide()
    own.identifier = "UIViewLayoutMarginsGuide"
    view.addLayoutGuide(own)
    #expect(view.layoutMarginsGuide === margins)
    #expect(view.layoutGuides.count == 3)
  }
}
