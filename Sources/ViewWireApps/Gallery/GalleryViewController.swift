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
    galleryView.toggle.addTarget(self, action: GalleryViewController.toggleChanged, for: .valueChanged)
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

  func toggleChanged(_ sender: UISwitch) {
    galleryView.toggleLabel.text = sender.isOn ? "On" : "Off"
    galleryView.imageView.image = UIImage(named: sender.isOn ? "heart" : "star")
    galleryView.imageView.accessibilityLabel = sender.isOn ? "Heart" : "Star"
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
