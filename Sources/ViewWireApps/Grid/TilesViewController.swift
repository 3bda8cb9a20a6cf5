import Foundation
import ViewWireKit

/// The grid demo's controller: a thousand tiles the stepper adds to and takes from at the end,
/// sizes from the segmented control, the scroll position in the progress bar, and the spinner
/// turning while any tile is selected.
final class TilesViewController: UIViewController, UICollectionViewDataSource,
  UICollectionViewDelegateFlowLayout
{
  static let cellIdentifier = "tile"
  /// The tile side for each segment.
  static let sides: [CGFloat] = [60, 90, 120]

  private var count = 1000

  private var tilesView: TilesView { view as! TilesView }
  private var collectionView: UICollectionView { tilesView.collectionView }

  override func loadView() {
    view = TilesView()
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    title = "Grid"
    collectionView.register(TileCell.self, forCellWithReuseIdentifier: Self.cellIdentifier)
    collectionView.dataSource = self
    collectionView.delegate = self
    tilesView.countStepper.value = Double(count)
    tilesView.sizeControl.addTarget(self, action: TilesViewController.sizeChanged, for: .valueChanged)
    tilesView.countStepper.addTarget(self, action: TilesViewController.countChanged, for: .valueChanged)
    sizeChanged(tilesView.sizeControl)
    showCount()
  }

  // MARK: Data source and layout

  func numberOfSections(in collectionView: UICollectionView) -> Int { 1 }

  func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
    count
  }

  func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
    -> UICollectionViewCell
  {
    let cell = collectionView.dequeueReusableCell(withReuseIdentifier: Self.cellIdentifier, for: indexPath)
    (cell as! TileCell).show(indexPath.item + 1)
    return cell
  }

  // MARK: Delegate

  func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
    updateSpinner()
  }

  func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) {
    updateSpinner()
  }

  func scrollViewDidScroll(_ scrollView: UIScrollView) {
    let range = scrollView.contentSize.height - scrollView.bounds.height
    tilesView.progressView.progress = range > 0 ? Float(scrollView.contentOffset.y / range) : 0
  }

  // MARK: Actions

  private func sizeChanged(_ sender: UISegmentedControl) {
    let side = Self.sides[max(0, sender.selectedSegmentIndex)]
    tilesView.layout.itemSize = CGSize(width: side, height: side)
  }

  /// Adds tiles at the end or takes them from it, as many as the stepper moved.
  private func countChanged(_ sender: UIStepper) {
    let target = Int(sender.value)
    if target > count {
      let added = (count..<target).map { IndexPath(item: $0, section: 0) }
      count = target
      collectionView.insertItems(at: added)
    } else if target < count {
      let removed = (target..<count).map { IndexPath(item: $0, section: 0) }
      count = target
      collectionView.deleteItems(at: removed)
      updateSpinner()
    }
    showCount()
  }

  private func showCount() {
    tilesView.countLabel.text = "\(count) tiles"
  }

  private func updateSpinner() {
    if collectionView.indexPathsForSelectedItems.isEmpty {
      tilesView.spinner.stopAnimating()
    } else {
      tilesView.spinner.startAnimating()
    }
  }
}
