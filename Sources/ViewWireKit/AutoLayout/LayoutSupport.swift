public import Foundation

/// What covers the top or the bottom of a controller's view, as anchors (UIKit's
/// `UILayoutSupport`, the type of `topLayoutGuide` and `bottomLayoutGuide` before iOS 11).
///
/// Seed 004 pins its stack view with `topAnchor.constraint(equalTo: topLayoutGuide.bottomAnchor,
/// constant: 8)`, which puts it 8 points below a navigation bar. The guides are views onto the
/// view's safe area, which is how UIKit reimplemented them: the top guide runs from the view's
/// top to the safe area's top, the bottom guide from the safe area's bottom to the view's bottom.
public struct LayoutSupport {
  /// The guide's extent in points (the navigation bar's height under a navigation bar).
  public let length: CGFloat
  /// The guide's top edge.
  public let topAnchor: LayoutAnchor<YAxis>
  /// The guide's bottom edge: for the top guide, where uncovered content starts.
  public let bottomAnchor: LayoutAnchor<YAxis>
}

extension ViewController {
  /// The area a navigation bar (or any container's top bar) covers; its `bottomAnchor` is the
  /// safe area's top. Deprecated in UIKit in favour of `view.safeAreaLayoutGuide`, kept so code
  /// written against it (seed 004) compiles unchanged.
  public var topLayoutGuide: LayoutSupport {
    LayoutSupport(
      length: view.safeAreaInsets.top, topAnchor: view.topAnchor,
      bottomAnchor: view.safeAreaLayoutGuide.topAnchor)
  }

  /// The area covered at the bottom (a toolbar); its `topAnchor` is the safe area's bottom.
  public var bottomLayoutGuide: LayoutSupport {
    LayoutSupport(
      length: view.safeAreaInsets.bottom, topAnchor: view.safeAreaLayoutGuide.bottomAnchor,
      bottomAnchor: view.bottomAnchor)
  }
}
