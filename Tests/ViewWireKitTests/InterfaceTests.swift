import Foundation
import Testing
import ViewWireKit

/// Interface files (seed 000's Interface Builder section): classes by name from a registry,
/// properties, outlets connected by name, and `awakeFromNib` after every outlet is connected.
struct InterfaceTests {
  /// A root view with outlets; its views log their `awakeFromNib` here.
  final class CardView: View, DefaultInitializableView {
    @Outlet var square: View!
    @Outlet var title: Label!
    var awakeLog: [String] = []

    override func awakeFromNib() {
      super.awakeFromNib()
      awakeLog.append("CardView square=\(square != nil) title=\(title?.text ?? "nil")")
    }
  }

  /// A subview that logs its wake-up into the root `CardView`, with what the root's outlets held.
  final class AwakeView: View, DefaultInitializableView {
    override func awakeFromNib() {
      super.awakeFromNib()
      var root: View = self
      while let parent = root.superview { root = parent }
      guard let card = root as? CardView else { return }
      card.awakeLog.append("\(accessibilityIdentifier ?? "?") square=\(card.square != nil)")
    }
  }

  /// An owner with an outlet of its own.
  final class Owner {
    @Outlet var title: Label!
  }

  static func registry() -> InterfaceRegistry {
    let registry = InterfaceRegistry()
    registry.register(CardView.self)
    registry.register(AwakeView.self)
    return registry
  }

  static let card = """
    class: CardView
    frame: [0, 0, 200, 300]
    backgroundColor: "#eeeeee"
    subviews:
      - class: AwakeView
        identifier: first
        frame: [10, 10, 50, 50]
        subviews:
          - class: AwakeView
            identifier: nested
      - class: View
        outlet: square
        identifier: square
        frame: [20, 100, 80, 80]
        backgroundColor: red
        cornerRadius: 8
      - class: Label
        outlet: title
        ownerOutlet: title
        text: Hello
        textColor: "#00ff0080"
        font: {size: 24, weight: bold}
        textAlignment: center
      - class: AwakeView
        identifier: last
    """

  /// One line per view: depth, class, frame and the properties it travels with.
  static func snapshot(_ view: View, depth: Int = 0) -> [String] {
    let frame = view.frame
    let properties = view.renderProperties.map { "\($0.key)=\($0.value.wireText)" }
    let line =
      String(repeating: "  ", count: depth)
      + ([
        view.wireClassName, "\(Int(frame.minX)) \(Int(frame.minY)) \(Int(frame.width)) \(Int(frame.height))",
      ]
      + properties).joined(separator: " ")
    return [line] + view.subviews.flatMap { snapshot($0, depth: depth + 1) }
  }

  @Test func aGoodFileBuildsTheTreeAndConnectsOutlets() throws {
    let owner = Owner()
    let root = try Interface(name: "Card", yaml: Self.card).instantiate(
      owner: owner, registry: Self.registry())
    #expect(
      Self.snapshot(root) == [
        "CardView 0 0 200 300 bg=#eeeeeeff",
        "  AwakeView 10 10 50 50 ident=\"first\"",
        "    AwakeView 0 0 0 0 ident=\"nested\"",
        "  View 20 100 80 80 bg=#ff0000ff ident=\"square\" radius=8",
        "  Label 0 0 0 0 align=\"center\" font=24 text=\"Hello\" textColor=#00ff0080 weight=\"bold\"",
        "  AwakeView 0 0 0 0 ident=\"last\"",
      ])
    let card = try #require(root as? CardView)
    #expect(card.square === root.subviews[1])
    #expect(card.title === root.subviews[2])
    #expect(owner.title === root.subviews[2], "ownerOutlet connects to the owner")
  }

  @Test func everyViewAwakesInFileOrderAfterAllOutletsAreConnected() throws {
    let root = try Interface(name: "Card", yaml: Self.card).instantiate(
      owner: Owner(), registry: Self.registry())
    let card = try #require(root as? CardView)
    #expect(
      card.awakeLog == [
        "CardView square=true title=Hello",
        "first square=true",
        "nested square=true",
        "last square=true",
      ])
  }

  struct BadFile: CustomTestStringConvertible, Sendable {
    let name: String
    let yaml: String
    let kind: InterfaceError.Kind
    let description: String
    var testDescription: String { name }
  }

  static let badFiles: [BadFile] = [
    BadFile(
      name: "missing outlet", yaml: "class: CardView\nsubviews:\n  - class: View\n    outlet: squar\n",
      kind: .missingOutlet("squar"),
      description:
        "Bad.yaml: line 4 (root.subviews[0]): CardView has no outlet 'squar' (declare `@Outlet var squar: View!`)"
    ),
    BadFile(
      name: "mistyped outlet", yaml: "class: CardView\nsubviews:\n  - class: Button\n    outlet: title\n",
      kind: .outletTypeMismatch("title"),
      description: "Bad.yaml: line 4 (root.subviews[0]): outlet 'title' of CardView holds Label, not Button"),
    BadFile(
      name: "owner outlet without an owner", yaml: "class: View\nownerOutlet: title\n",
      kind: .missingOutlet("title"),
      description:
        "Bad.yaml: line 2 (root): ownerOutlet 'title' needs an owner, and the file was loaded without one"),
    BadFile(
      name: "unknown class", yaml: "class: CardView\nsubviews:\n  - class: Lable\n",
      kind: .unknownClass("Lable"),
      description:
        "Bad.yaml: line 3 (root.subviews[0]): unknown class 'Lable'; register it with InterfaceRegistry (known: AwakeView, Button, CardView, ImageView, Label, ScrollView, Slider, Switch, TextField, View)"
    ),
    BadFile(
      name: "property of another class", yaml: "class: View\ntext: hi\n", kind: .badProperty("text"),
      description: "Bad.yaml: line 2 (root): View.text: View has no property 'text' an interface file can set"
    ),
    BadFile(
      name: "bad colour", yaml: "class: View\nbackgroundColor: \"#12\"\n",
      kind: .badProperty("backgroundColor"),
      description:
        "Bad.yaml: line 2 (root): View.backgroundColor: '#12' is not a colour (a name such as red, or #RRGGBB or #RRGGBBAA)"
    ),
    BadFile(
      name: "bad frame", yaml: "class: View\nframe: [1, 2, 3]\n", kind: .badProperty("frame"),
      description:
        "Bad.yaml: line 2 (root): View.frame: expected [x, y, width, height], got a list or mapping"),
    BadFile(
      name: "no class", yaml: "frame: [1, 2, 3, 4]\n", kind: .malformed,
      description: "Bad.yaml: line 1 (root): a view needs a 'class'"),
    BadFile(
      name: "not a mapping", yaml: "- View\n", kind: .malformed,
      description: "Bad.yaml: file: the file must be a mapping with a 'class'"),
  ]

  @Test(arguments: badFiles)
  func aBadFileFailsWithAMessageNamingThePlace(_ file: BadFile) {
    #expect {
      _ = try Interface(name: "Bad", yaml: file.yaml).instantiate(registry: Self.registry())
    } throws: { error in
      guard let error = error as? InterfaceError else { return false }
      #expect(error.kind == file.kind)
      #expect(error.description == file.description)
      return true
    }
  }

  @Test func aFailedLoadWakesNothing() throws {
    let yaml = "class: CardView\nsubviews:\n  - class: AwakeView\n  - class: View\n    outlet: nope\n"
    #expect(throws: InterfaceError.self) {
      _ = try Interface(name: "Bad", yaml: yaml).instantiate(registry: Self.registry())
    }
  }

  /// A controller with a nib name loads its view from the file, with itself as the owner.
  final class NibController: ViewController {
    @Outlet var title2: Label!
  }

  @Test func aControllerWithANibNameLoadsItsViewFromTheFile() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("interfaces-\(UUID())")
    let interfaces = directory.appendingPathComponent("Interfaces")
    try FileManager.default.createDirectory(at: interfaces, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try "class: View\nsubviews:\n  - class: Label\n    ownerOutlet: title2\n    text: From a file\n"
      .write(to: interfaces.appendingPathComponent("Screen.yaml"), atomically: true, encoding: .utf8)
    let bundle = try #require(Bundle(path: directory.path))
    let controller = NibController(interfaceNamed: "Screen", bundle: bundle)
    #expect(!controller.isViewLoaded)
    let view: View = controller.view
    #expect(view.subviews.count == 1)
    #expect(controller.title2?.text == "From a file")
    #expect(throws: InterfaceError.self) { try Interface(named: "Missing", bundle: bundle) }
  }
}
