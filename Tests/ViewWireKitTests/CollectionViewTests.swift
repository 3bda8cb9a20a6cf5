import Foundation
import Testing
import ViewWireDiff
import ViewWireKit

/// Collection views: the flow layout's lines, reuse under scrolling, selection and updates.
struct CollectionViewTests {
  final class Items: CollectionViewDataSource, CollectionViewDelegateFlowLayout {
    var sections: [[String]]
    var sizes: [IndexPath: CGSize] = [:]
    var calls: [String] = []

    init(_ sections: [[String]]) { self.sections = sections }

    func numberOfSections(in collectionView: CollectionView) -> Int { sections.count }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
      sections[section].count
    }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
      -> CollectionViewCell
    {
      let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "item", for: indexPath) as! LabelCell
      cell.label.text = sections[indexPath.section][indexPath.item]
      return cell
    }
    func collectionView(
      _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewFlowLayout,
      sizeForItemAt indexPath: IndexPath
    ) -> CGSize { sizes[indexPath] ?? collectionViewLayout.itemSize }
    func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {
      calls.append("didSelect \(indexPath.section).\(indexPath.item)")
    }
  }

  final class LabelCell: CollectionViewCell {
    let label = Label()
    required init(reuseIdentifier: String) {
      super.init(reuseIdentifier: reuseIdentifier)
      contentView.addSubview(label)
      selectedBackgroundColor = .systemBlue
    }
    override func layoutSubviews() {
      super.layoutSubviews()
      label.frame = contentView.bounds
    }
  }

  /// A 320×400 window whose collection (#2) fills it: 100×100 items, three to a line.
  final class Stage {
    let window = Window(size: CGSize(width: 320, height: 400))
    let layout = CollectionViewFlowLayout()
    let collection: CollectionView
    let items: Items
    let engine: DiffEngine

    init(_ items: Items) {
      self.items = items
      layout.itemSize = CGSize(width: 100, height: 100)
      collection = CollectionView(
        frame: CGRect(x: 0, y: 0, width: 320, height: 400), collectionViewLayout: layout)
      collection.register(LabelCell.self, forCellWithReuseIdentifier: "item")
      collection.dataSource = items
      collection.delegate = items
      window.addSubview(collection)
      engine = DiffEngine(window: window)
      _ = engine.makeFrame()
    }

    var visibleTexts: [String] { collection.visibleCells.map { ($0 as! LabelCell).label.text ?? "" } }
  }

  static func numbered(_ count: Int) -> [String] { (0..<count).map { "item \($0)" } }

  struct LineCase: CustomTestStringConvertible, Sendable {
    let name: String
    let widths: [CGFloat]
    /// The x of each item.
    let xs: [CGFloat]
    let lineCount: Int
    var testDescription: String { name }
  }

  /// UIKit's flow: as many items as fit with 10 points between them, then the spacing grows so
  /// the line spans the 320 points; a line of one item is centred.
  static let lineCases: [LineCase] = [
    LineCase(
      name: "three fit exactly with 10 between", widths: [100, 100, 100], xs: [0, 110, 220], lineCount: 1),
    LineCase(name: "two spread to both ends", widths: [100, 100], xs: [0, 220], lineCount: 1),
    LineCase(name: "one alone is centred", widths: [200], xs: [60], lineCount: 1),
    LineCase(
      name: "the fourth wraps; a last line of one is centred", widths: [100, 100, 100, 100],
      xs: [0, 110, 220, 110],
      lineCount: 2),
    LineCase(
      name: "a wide item takes a line of its own", widths: [150, 300, 50], xs: [85, 10, 135], lineCount: 3),
  ]

  /// Sideways, the flow turns a quarter: columns fill top to bottom (three 100-point items in the
  /// 400-point height, spread to both ends), sit 10 points apart, and the content grows to the
  /// right; a scroll to the right end shows the last columns and reuses the first's cells.
  @Test func aHorizontalFlowFillsColumnsAndScrollsSideways() {
    let stage = Stage(Items([Self.numbered(12)]))
    stage.layout.scrollDirection = .horizontal
    stage.collection.layoutIfNeeded()
    let frames = (0..<12).map { stage.collection.frameForItem(at: IndexPath(item: $0, section: 0)) }
    #expect(
      frames[0..<4].map(\.origin) == [
        CGPoint(x: 0, y: 0), CGPoint(x: 0, y: 150), CGPoint(x: 0, y: 300), CGPoint(x: 110, y: 0),
      ])
    #expect(stage.collection.contentSize == CGSize(width: 430, height: 400))
    #expect(stage.visibleTexts == (0..<9).map { "item \($0)" }, "three columns fit in 320 points")
    let made = stage.collection.createdCellCount
    stage.collection.scrollToItem(at: IndexPath(item: 11, section: 0), at: .right, animated: false)
    stage.collection.layoutIfNeeded()
    #expect(stage.collection.contentOffset == CGPoint(x: 110, y: 0))
    #expect(stage.visibleTexts == (3..<12).map { "item \($0)" })
    #expect(stage.collection.createdCellCount == made, "the first column's cells show the last column")
    #expect(stage.collection.indexPathForItem(at: CGPoint(x: 340, y: 160)) == IndexPath(item: 10, section: 0))
  }

  /// The same placement as a table's `scrollToRow`, as in UIKit: under a 40-point bar and above
  /// a 30-point home indicator, `.top` puts the item's line just below the bar, `.bottom` just
  /// above the indicator; the last item's `.bottom` is the end of the content, which counts the
  /// indicator, even asked before the layout that grows the content size.
  @Test func scrollToItemPlacesTheItemWithinTheSafeArea() {
    let stage = Stage(Items([Self.numbered(100)]))
    stage.window.updateSafeAreaInsets(EdgeInsets(top: 40, left: 0, bottom: 30, right: 0))
    let item30 = IndexPath(item: 30, section: 0)
    stage.collection.scrollToItem(at: IndexPath(item: 99, section: 0), at: .bottom, animated: false)
    #expect(stage.collection.contentOffset.y == 3400, "40 + 34 lines + 33 gaps of 10 + 30 − 400")
    stage.collection.layoutIfNeeded()
    #expect(stage.collection.contentOffset.y == stage.collection.maximumContentOffset.y)
    #expect(stage.collection.frameForItem(at: item30).minY == 1140, "line 10: 40 + 10 × 110")
    stage.collection.scrollToItem(at: item30, at: .top, animated: false)
    #expect(stage.collection.contentOffset.y == 1100, "its top 40 below the bounds' top")
    stage.collection.scrollToItem(at: item30, at: .bottom, animated: false)
    #expect(stage.collection.contentOffset.y == 870, "its bottom (1240) at 400 − 30")
    stage.collection.scrollToItem(at: item30, at: .centeredVertically, animated: false)
    #expect(stage.collection.contentOffset.y == 985, "its middle (1190) at (40 + 370) / 2")
  }

  @Test(arguments: lineCases) func flowLayoutLines(_ line: LineCase) {
    let items = Items([line.widths.indices.map { "\($0)" }])
    for (index, width) in line.widths.enumerated() {
      items.sizes[IndexPath(item: index, section: 0)] = CGSize(width: width, height: 40)
    }
    let stage = Stage(items)
    let xs = line.widths.indices.map {
      stage.collection.frameForItem(at: IndexPath(item: $0, section: 0)).minX
    }
    #expect(xs == line.xs)
    #expect(stage.collection.contentSize.height == CGFloat(line.lineCount * 40 + (line.lineCount - 1) * 10))
  }

  @Test func itemsShorterThanTheirLineAreCentredInItAndSectionsStackWithTheirInsets() {
    let items = Items([["a", "b"], ["c"]])
    items.sizes[IndexPath(item: 0, section: 0)] = CGSize(width: 100, height: 60)
    items.sizes[IndexPath(item: 1, section: 0)] = CGSize(width: 100, height: 20)
    let stage = Stage(items)
    stage.layout.sectionInset = EdgeInsets(top: 5, left: 10, bottom: 5, right: 10)
    stage.collection.layoutIfNeeded()
    #expect(
      stage.collection.frameForItem(at: IndexPath(item: 1, section: 0))
        == CGRect(x: 210, y: 25, width: 100, height: 20))
    #expect(
      stage.collection.frameForItem(at: IndexPath(item: 0, section: 1))
        == CGRect(x: 110, y: 75, width: 100, height: 100))
    #expect(stage.collection.contentSize.height == 180)
  }

  @Test func scrollingThousandsOfItemsReusesAScreenfulOfCells() {
    let stage = Stage(Items([Self.numbered(3000)]))
    #expect(stage.visibleTexts == Self.numbered(12), "four lines of three overlap 400 points")
    var offset: CGFloat = 0
    while offset < stage.collection.contentSize.height - 400 {
      offset += 137
      stage.collection.contentOffset = CGPoint(
        x: 0, y: min(offset, stage.collection.contentSize.height - 400))
      _ = stage.engine.makeFrame()
    }
    #expect(stage.collection.createdCellCount <= 15, "five lines of three at most overlap the screen")
    #expect(stage.visibleTexts.last == "item 2999")
  }

  @Test func scrollingByOneLineSendsTheThreeItemsThatCameIntoView() {
    let stage = Stage(Items([Self.numbered(300)]))
    stage.collection.contentOffset = CGPoint(x: 0, y: 110)
    let lines = stage.engine.nextDiffLines()
    #expect(lines.filter { $0.hasPrefix("layout ") }.count == 3)
    #expect(lines.filter { $0.contains(" text=") }.count == 3)
    #expect(!lines.contains { $0.hasPrefix("create ") || $0.hasPrefix("remove ") })
  }

  @Test func aTapSelectsAnItemAndShowsItsSelectedBackground() throws {
    let stage = Stage(Items([Self.numbered(30)]))
    try stage.window.tap(at: CGPoint(x: 150, y: 150))
    #expect(stage.collection.indexPathsForSelectedItems == [IndexPath(item: 4, section: 0)])
    #expect(stage.items.calls == ["didSelect 0.4"])
    let cell = stage.collection.cellForItem(at: IndexPath(item: 4, section: 0))!
    #expect(stage.engine.nextDiffLines() == ["render \(stage.engine.id(of: cell)!) bg=#007affff"])
    try stage.window.tap(at: CGPoint(x: 105, y: 150))
    #expect(
      stage.collection.indexPathsForSelectedItems == [IndexPath(item: 4, section: 0)],
      "between items: nothing")
  }

  @Test func insertingAndDeletingItemsReflowsTheSection() {
    let stage = Stage(Items([Self.numbered(30)]))
    stage.collection.selectItem(at: IndexPath(item: 5, section: 0), animated: false, scrollPosition: .none)
    stage.collection.performBatchUpdates({
      stage.items.sections[0].remove(at: 0)
      stage.items.sections[0].insert("new", at: 2)
      stage.collection.deleteItems(at: [IndexPath(item: 0, section: 0)])
      stage.collection.insertItems(at: [IndexPath(item: 2, section: 0)])
    })
    stage.collection.layoutIfNeeded()
    #expect(stage.visibleTexts == ["item 1", "item 2", "new"] + (3...11).map { "item \($0)" })
    #expect(
      stage.collection.indexPathsForSelectedItems == [IndexPath(item: 5, section: 0)], "item 5 stayed at 5")
  }

  /// UIKit's `collectionViewLayout` may be replaced at any time, and items inserted before the
  /// next layout pass: the new layout has computed no frames yet, and the update lays it out whole
  /// rather than reflowing a section it does not have.
  @Test func itemsInsertedRightAfterTheLayoutIsReplacedAreLaidOutByTheNewLayout() {
    let stage = Stage(Items([Self.numbered(4)]))
    let wide = CollectionViewFlowLayout()
    wide.itemSize = CGSize(width: 300, height: 50)
    stage.collection.collectionViewLayout = wide
    stage.items.sections[0].append("new")
    stage.collection.insertItems(at: [IndexPath(item: 4, section: 0)])
    stage.collection.layoutIfNeeded()
    #expect(
      stage.collection.frameForItem(at: IndexPath(item: 4, section: 0))
        == CGRect(x: 10, y: 240, width: 300, height: 50))
    #expect(stage.visibleTexts == Self.numbered(4) + ["new"])
  }
}
