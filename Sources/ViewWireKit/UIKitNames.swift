// UIKit's names for the kit's types, so seed code ports with the fewest changes: `UIView`,
// `UIViewController`, `UIColor` and friends compile as written. New code may use either name.

/// UIKit's name for ``Responder``.
public typealias UIResponder = Responder
/// UIKit's name for ``View``.
public typealias UIView = View
/// UIKit's name for ``Window``.
public typealias UIWindow = Window
/// UIKit's name for ``ViewController``.
public typealias UIViewController = ViewController
/// UIKit's name for ``NavigationController``.
public typealias UINavigationController = NavigationController
/// UIKit's name for ``NavigationBar``.
public typealias UINavigationBar = NavigationBar
/// UIKit's name for ``Color``.
public typealias UIColor = Color
/// UIKit's name for ``EdgeInsets``.
public typealias UIEdgeInsets = EdgeInsets
/// UIKit's name for ``TraitCollection``.
public typealias UITraitCollection = TraitCollection
/// UIKit's name for ``Control``.
public typealias UIControl = Control
/// UIKit's name for ``Action``.
public typealias UIAction = Action
/// UIKit's name for ``Label``.
public typealias UILabel = Label
/// UIKit's name for ``Button``.
public typealias UIButton = Button
/// UIKit's name for ``TextField``.
public typealias UITextField = TextField
/// UIKit's name for ``TextFieldDelegate``.
public typealias UITextFieldDelegate = TextFieldDelegate
/// UIKit's name for ``Font``.
public typealias UIFont = Font
/// UIKit's name for ``TextAlignment``.
public typealias NSTextAlignment = TextAlignment
/// UIKit's name for ``Touch``.
public typealias UITouch = Touch
/// UIKit's name for ``GestureRecognizer``.
public typealias UIGestureRecognizer = GestureRecognizer
/// UIKit's name for ``GestureRecognizerDelegate``.
public typealias UIGestureRecognizerDelegate = GestureRecognizerDelegate
/// UIKit's name for ``TapGestureRecognizer``.
public typealias UITapGestureRecognizer = TapGestureRecognizer
/// UIKit's name for ``PanGestureRecognizer``.
public typealias UIPanGestureRecognizer = PanGestureRecognizer
/// UIKit's name for ``LongPressGestureRecognizer``.
public typealias UILongPressGestureRecognizer = LongPressGestureRecognizer
/// UIKit's name for ``SwipeGestureRecognizer``.
public typealias UISwipeGestureRecognizer = SwipeGestureRecognizer
/// UIKit's name for ``BezierPath``.
public typealias UIBezierPath = BezierPath
/// UIKit's name for ``Switch``.
public typealias UISwitch = Switch
/// UIKit's name for ``Slider``.
public typealias UISlider = Slider
/// UIKit's name for ``Image``.
public typealias UIImage = Image
/// UIKit's name for ``ImageView``.
public typealias UIImageView = ImageView
/// UIKit's name for ``ScrollView``.
public typealias UIScrollView = ScrollView
/// UIKit's name for ``ScrollViewDelegate``.
public typealias UIScrollViewDelegate = ScrollViewDelegate
/// UIKit's name for ``LayoutConstraint``.
public typealias NSLayoutConstraint = LayoutConstraint
/// UIKit's name for ``LayoutPriority``.
public typealias UILayoutPriority = LayoutPriority
/// UIKit's name for ``LayoutGuide``.
public typealias UILayoutGuide = LayoutGuide
/// UIKit's `NSLayoutAnchor`: one generic struct here, its `Axis` parameter doing the work of UIKit's anchor
/// subclasses.
public typealias NSLayoutAnchor<Axis> = LayoutAnchor<Axis>
/// UIKit's `NSLayoutXAxisAnchor`: the anchor generic over ``XAxis``.
public typealias NSLayoutXAxisAnchor = LayoutAnchor<XAxis>
/// UIKit's `NSLayoutYAxisAnchor`: the anchor generic over ``YAxis``.
public typealias NSLayoutYAxisAnchor = LayoutAnchor<YAxis>
/// UIKit's `NSLayoutDimension`: the anchor generic over ``Dimension``, the one that takes constant sizes and
/// multipliers.
public typealias NSLayoutDimension = LayoutAnchor<Dimension>
/// UIKit's name for ``StackView``.
public typealias UIStackView = StackView
/// UIKit's name for ``TraitCollection/UserInterfaceStyle``.
public typealias UIUserInterfaceStyle = TraitCollection.UserInterfaceStyle
/// UIKit's name for ``TraitCollection/SizeClass``.
public typealias UIUserInterfaceSizeClass = TraitCollection.SizeClass
/// UIKit's name for ``ContentSizeCategory``.
public typealias UIContentSizeCategory = ContentSizeCategory
