public import Foundation

/// The drawing attributes UIKit code reaches through `view.layer`: corner radius, border and
/// clipping. It holds no state of its own; every property reads and writes its view, so the view
/// stays the one source of what travels to clients.
public final class Layer {
  private unowned let view: View

  init(view: View) {
    self.view = view
  }

  /// The radius of the rounded corners.
  public var cornerRadius: CGFloat = 0 {
    didSet { view.setRenderProperty(.radius, cornerRadius == 0 ? nil : .number(Double(cornerRadius))) }
  }

  /// The width of the border, drawn inside the bounds.
  public var borderWidth: CGFloat = 0 {
    didSet { view.setRenderProperty(.border, borderWidth == 0 ? nil : .number(Double(borderWidth))) }
  }

  /// The colour of the border.
  public var borderColor: Color? {
    didSet { view.setRenderColor(.borderColor, borderColor) }
  }

  /// Whether sublayers are clipped: the same as the view's `clipsToBounds`.
  public var masksToBounds: Bool {
    get { view.clipsToBounds }
    set { view.clipsToBounds = newValue }
  }
}

extension Color {
  /// The colour itself: on iOS a `CGColor`, here the same value, so `layer.borderColor =
  /// color.cgColor` reads as in UIKit.
  public var cgColor: Color { self }
}
