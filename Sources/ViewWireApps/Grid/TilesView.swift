import Foundation
import ViewWireKit

// The grid demo: numbered tiles in a collection view with a flow layout, and the newer controls
// around it. The root view builds everything in init and lays it out in layoutSubviews; the
// controller keeps the tile count and the selection and answers the controls.

/// One tile: its number on a colour of its own.
final class TileCell: UICollectionViewCell {
  static let palette: [UIColor] = [
    UIColor(red: 1, green: 0.8, blue: 0.8), UIColor(red: 0.8, green: 1, blue: 0.8),
    UIColor(red: 0.8, green: 0.85, blue: 1), UIColor(red: 1, green: 0.95, blue: 0.75),
  ]

  let numberLabel: UILabel = {
    let label = UILabel()
    label.font = .systemFont(ofSize: 15, weight: .semibold)
    label.textAlignment = .center
    return label
  }()

  required init(reuseIdentifier: String) {
    super.init(reuseIdentifier: reuseIdentifier)
    selectedBackgroundColor = .systemBlue
    contentView.addSubview(numberLabel)
  }

  /// Shows tile `number`.
  func show(_ number: Int) {
    numberLabel.text = "\(number)"
    backgroundColor = Self.palette[number % Self.palette.count]
  }

  override func layoutSubviews() {
    super.layoutSubviews()
    numberLabel.frame = contentView.bounds
  }
}

/// The controls above the grid: tile size, tile count, scroll progress and a busy spinner.
final class TilesView: UIView {
  let sizeControl: UISegmentedControl = {
    let control = UISegmentedControl(items: ["Small", "Medium", "Large"])
    control.selectedSegmentIndex = 1
    control.accessibilityIdentifier = "size"
    return control
  }()
  let countStepper: UIStepper = {
    let stepper = UIStepper()
    stepper.maximumValue = 10_000
    stepper.accessibilityIdentifier = "count"
    return stepper
  }()
  let countLabel: UILabel = {
    let label = UILabel()
    label.font = .systemFont(ofSize: 15)
    label.accessibilityIdentifier = "count-label"
    return label
  }()
  let spinner: UIActivityIndicatorView = {
    let spinner = UIActivityIndicatorView(style: .medium)
    spinner.accessibilityIdentifier = "busy"
    return spinner
  }()
  let progressView: UIProgressView = {
    let bar = UIProgressView(progressViewStyle: .default)
    bar.accessibilityIdentifier = "progress"
    return bar
  }()
  let layout: UICollectionViewFlowLayout = {
    let layout = UICollectionViewFlowLayout()
    layout.sectionInset = UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
    return layout
  }()
  lazy var collectionView: UICollectionView = {
    let collection = UICollectionView(frame: .zero, collectionViewLayout: layout)
    collection.accessibilityIdentifier = "grid"
    collection.allowsMultipleSelection = true
    return collection
  }()

  required init() {
    super.init()
    backgroundColor = .white
    for view in [sizeControl, countStepper, countLabel, spinner, progressView, collectionView] {
      addSubview(view)
    }
  }

  override func layoutSubviews() {
    super.layoutSubviews()
    let top = safeAreaInsets.top + 8
    sizeControl.frame = CGRect(x: 8, y: top, width: bounds.width - 16, height: UISegmentedControl.height)
    let row = top + 40
    countStepper.frame.origin = CGPoint(x: 8, y: row)
    countLabel.frame = CGRect(x: 110, y: row, width: bounds.width - 150, height: 32)
    spinner.center = CGPoint(x: bounds.width - 18, y: row + 16)
    progressView.frame = CGRect(x: 8, y: row + 40, width: bounds.width - 16, height: UIProgressView.height)
    let gridTop = row + 52
    collectionView.frame = CGRect(x: 0, y: gridTop, width: bounds.width, height: bounds.height - gridTop)
  }
}
