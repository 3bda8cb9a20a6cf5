// UIKit's names for the table and collection types, beside the kit's other aliases in UIKitNames.swift.

/// UIKit's name for ``TableView``.
public typealias UITableView = TableView
/// UIKit's name for ``TableViewCell``.
public typealias UITableViewCell = TableViewCell
/// UIKit's name for ``TableViewHeaderFooterView``.
public typealias UITableViewHeaderFooterView = TableViewHeaderFooterView
/// UIKit's name for ``TableViewDataSource``.
public typealias UITableViewDataSource = TableViewDataSource
/// UIKit's name for ``TableViewDelegate``.
public typealias UITableViewDelegate = TableViewDelegate
/// UIKit's name for ``CollectionView``.
public typealias UICollectionView = CollectionView
/// UIKit's name for ``CollectionViewCell``.
public typealias UICollectionViewCell = CollectionViewCell
/// UIKit's name for ``CollectionViewFlowLayout``.
public typealias UICollectionViewFlowLayout = CollectionViewFlowLayout
/// UIKit's name for ``CollectionViewDataSource``.
public typealias UICollectionViewDataSource = CollectionViewDataSource
/// UIKit's name for ``CollectionViewDelegate``.
public typealias UICollectionViewDelegate = CollectionViewDelegate
/// UIKit's name for ``CollectionViewDelegateFlowLayout``.
public typealias UICollectionViewDelegateFlowLayout = CollectionViewDelegateFlowLayout
/// UIKit's name for ``TableViewController``.
public typealias UITableViewController = TableViewController
