public import Foundation

/// A named picture from the built-in set every client can draw (UIKit's `UIImage`).
///
/// The server draws nothing, so an image is its name and its size; the client shows the named
/// picture (PROTOCOL.md section 6, "Controls' geometry", lists the names).
public struct Image: Hashable, Sendable {
  /// The name on the wire, the `image` render property.
  public let name: String
  /// The size an image view takes by itself (`sizeToFit`).
  public let size: CGSize

  /// The built-in images with their sizes.
  public static let builtIn: [String: CGSize] = Dictionary(uniqueKeysWithValues: builtInList)

  /// The built-in images in a list, which `init(named:)` searches: eight short names compared
  /// in place cost less than hashing the name for the dictionary (a gallery's tap names an
  /// image; issue 14, "Cheaper per input").
  static let builtInList: [(name: String, size: CGSize)] = [
    ("star", CGSize(width: 24, height: 24)), ("heart", CGSize(width: 24, height: 24)),
    ("circle", CGSize(width: 24, height: 24)), ("square", CGSize(width: 24, height: 24)),
    ("checkmark", CGSize(width: 24, height: 24)), ("person", CGSize(width: 24, height: 24)),
    ("gear", CGSize(width: 24, height: 24)), ("photo", CGSize(width: 120, height: 80)),
  ]

  /// The built-in image called `name`, or nil, as `UIImage(named:)` answers for a missing file.
  public init?(named name: String) {
    guard let index = Self.builtInList.firstIndex(where: { $0.name == name }) else { return nil }
    self.name = name
    self.size = Self.builtInList[index].size
  }

  /// The same as `init(named:)`: the built-in set stands in for SF Symbols too.
  public init?(systemName name: String) {
    self.init(named: name)
  }
}

/// Shows a named image (UIKit's `UIImageView`); the name travels as `image`.
open class ImageView: View {
  /// The image shown; nil shows nothing. Unchecked for exclusivity at run time, as the kit's
  /// view state is.
  @exclusivity(unchecked) open var image: Image? {
    didSet {
      setRenderProperty(.image, image.map { .string($0.name) })
      invalidateIntrinsicContentSize()
    }
  }

  /// Creates an image view as big as `image`, as `UIImageView(image:)` does.
  public init(image: Image?) {
    super.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
    isUserInteractionEnabled = false
    self.image = image
    setRenderProperty(.image, image.map { .string($0.name) })
  }

  public override init(frame: CGRect) {
    super.init(frame: frame)
    isUserInteractionEnabled = false
  }

  /// An image view with no image (View's required `init()`).
  public required init() {
    super.init()
    isUserInteractionEnabled = false
  }

  open override func sizeThatFits(_ size: CGSize) -> CGSize { image?.size ?? .zero }

  open override var intrinsicContentSize: CGSize {
    image?.size ?? CGSize(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric)
  }
}
