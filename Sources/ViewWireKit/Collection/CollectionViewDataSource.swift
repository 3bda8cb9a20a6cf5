public import Foundation

/// Supplies a collection view's sections, items and cells (UIKit's
/// `UICollectionViewDataSource`), with UIKit's method names.
///
/// As with `TableViewDataSource`, implement every method in the class that adopts the protocol:
/// a subclass's addition of a defaulted method is not seen.
public protocol CollectionViewDataSource: AnyObject {
  /// The number of sections; 1 by default.
  func numberOfSections(in collectionView: CollectionView) -> Int
  /// The number of items in `section`.
  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  /// The cell for the item, from `dequeueReusableCell(withReuseIdentifier:for:)`.
  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
    -> CollectionViewCell
}

extension CollectionViewDataSource {
  /// One section.
  public func numberOfSections(in collectionView: CollectionView) -> Int { 1 }
}

/// Hears a collection view's selection (UIKit's `UICollectionViewDelegate`); all optional.
public protocol CollectionViewDelegate: ScrollViewDelegate {
  /// Whether a tap may select the item; true by default.
  func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool
  /// The user selected the item (not called for `selectItem(at:animated:scrollPosition:)`).
  func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath)
  /// The user's tap deselected the item.
  func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath)
}

extension CollectionViewDelegate {
  /// True.
  public func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath)
    -> Bool
  {
    true
  }
  /// Nothing.
  public func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {}
  /// Nothing.
  public func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath) {}
}

/// Sizes a flow layout's items and spacing per item or section (UIKit's
/// `UICollectionViewDelegateFlowLayout`); each default is the layout's property.
public protocol CollectionViewDelegateFlowLayout: CollectionViewDelegate {
  /// The item's size.
  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewFlowLayout,
    sizeForItemAt indexPath: IndexPath
  ) -> CGSize
  /// The section's inset.
  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewFlowLayout,
    insetForSectionAt section: Int
  ) -> EdgeInsets
  /// The section's least line spacing.
  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewFlowLayout,
    minimumLineSpacingForSectionAt section: Int
  ) -> CGFloat
  /// The section's least spacing between the items of a line.
  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewFlowLayout,
    minimumInteritemSpacingForSectionAt section: Int
  ) -> CGFloat
}

extension CollectionViewDelegateFlowLayout {
  /// The layout's `itemSize`.
  public func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewFlowLayout,
    sizeForItemAt indexPath: IndexPath
  ) -> CGSize { collectionViewLayout.itemSize }
  /// The layout's `sectionInset`.
  public func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewFlowLayout,
    insetForSectionAt section: Int
  ) -> EdgeInsets { collectionViewLayout.sectionInset }
  /// The layout's `minimumLineSpacing`.
  public func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewFlowLayout,
    minimumLineSpacingForSectionAt section: Int
  ) -> CGFloat { collectionViewLayout.minimumLineSpacing }
  /// The layout's `minimumInteritemSpacing`.
  public func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewFlowLayout,
    minimumInteritemSpacingForSectionAt section: Int
  ) -> CGFloat { collectionViewLayout.minimumInteritemSpacing }
}
