import Foundation
import ViewWireKit

/// Wires the gallery's controls: the switch swaps the image, the slider fills the gauge, a row of
/// the scroll view names itself when tapped, and the button animates the box across and back and
/// retitles itself when the box lands.
final class GalleryViewController: UIViewController {
  var galleryView: GalleryView { view as! GalleryView }

  override func loadView() {
    view = GalleryView(frame: .zero)
    title = "Gallery"
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    // A closure action, not `addTarget(self, action: GalleryViewController.toggleChanged, ...)`:
    // calling a curried method reference binds the controller into a new closure, a heap
    // allocation and its release, on every tap (issue 14, "Cheaper per input").
    galleryView.toggle.addAction(UIAction { [weak self] _ in self?.toggleChanged() }, for: .valueChanged)
    galleryView.slider.addTarget(self, action: GalleryViewController.sliderChanged, for: .valueChanged)
    galleryView.animateButton.addTarget(self, action: GalleryViewController.animate, for: .touchUpInside)
    for row in galleryView.rows {
      row.addTarget(self, action: GalleryViewController.rowTapped, for: .touchUpInside)
    }
  }

  override func viewDidLayoutSubviews() {
    super.viewDidLayoutSubviews()
    if !isBoxAway { galleryView.box.frame = galleryView.boxStart }
  }

  private var isBoxAway = false

  /// The switch changed: the label says its state, the image and its spoken name follow.
  func toggleChanged() {
    // `galleryView` casts the root view each time it is read: once is enough, and the switch
    // is read through it rather than captured by the action (a retain of its own per tap).
    let gallery = galleryView
    let isOn = gallery.toggle.isOn
    gallery.toggleLabel.text = isOn ? "On" : "Off"
    gallery.imageView.image = UIImage(named: isOn ? "heart" : "star")
    gallery.imageView.accessibilityLabel = isOn ? "Heart" : "Star"
  }

  func sliderChanged(_ sender: UISlider) {
    galleryView.gauge.level = CGFloat(sender.value)
  }

  func rowTapped(_ sender: UIButton) {
    galleryView.statusLabel.text = "Tapped \(sender.title(for: .normal) ?? "")"
  }

  func animate() {
    let gallery = galleryView
    isBoxAway.toggle()
    let away = isBoxAway
    gallery.animateButton.isEnabled = false
    UIView.animate(
      withDuration: 0.5, delay: 0, options: [.curveEaseInOut],
      animations: {
        gallery.box.frame = away ? gallery.boxEnd : gallery.boxStart
        gallery.box.alpha = away ? 0.5 : 1
      },
      completion: { _ in
        gallery.animateButton.isEnabled = true
        gallery.animateButton.setTitle(away ? "Back" : "Animate", for: .normal)
      })
  }
}
