// UIKit's names for the newer controls, beside the kit's other aliases in UIKitNames.swift.

/// UIKit's name for ``SegmentedControl``.
public typealias UISegmentedControl = SegmentedControl
/// UIKit's name for ``Stepper``.
public typealias UIStepper = Stepper
/// UIKit's name for ``ActivityIndicatorView``.
public typealias UIActivityIndicatorView = ActivityIndicatorView
/// UIKit's name for ``ProgressView``.
public typealias UIProgressView = ProgressView
/// UIKit's name for ``AlertController``.
public typealias UIAlertController = AlertController
/// UIKit's name for ``AlertAction``.
public typealias UIAlertAction = AlertAction
/// UIKit's name for ``ViewController/ModalPresentationStyle``.
public typealias UIModalPresentationStyle = ViewController.ModalPresentationStyle
/// UIKit's name for ``TabBarController``.
public typealias UITabBarController = TabBarController
/// UIKit's name for ``TabBarControllerDelegate``.
public typealias UITabBarControllerDelegate = TabBarControllerDelegate
/// UIKit's name for ``TabBar``.
public typealias UITabBar = TabBar
/// UIKit's name for ``TabBarItem``.
public typealias UITabBarItem = TabBarItem
/// UIKit's name for ``BarButtonItem``.
public typealias UIBarButtonItem = BarButtonItem
/// UIKit's name for ``NavigationItem``.
public typealias UINavigationItem = NavigationItem
