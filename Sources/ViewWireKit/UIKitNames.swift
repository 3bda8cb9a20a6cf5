// UIKit's names for the kit's types, so seed code ports with the fewest changes: `UIView`,
// `UIViewController`, `UIColor` and friends compile as written. New code may use either name.

public typealias UIResponder = Responder
public typealias UIView = View
public typealias UIWindow = Window
public typealias UIViewController = ViewController
public typealias UINavigationController = NavigationController
public typealias UINavigationBar = NavigationBar
public typealias UIColor = Color
public typealias UIEdgeInsets = EdgeInsets
public typealias UITraitCollection = TraitCollection
public typealias UIControl = Control
public typealias UIAction = Action
public typealias UILabel = Label
public typealias UIButton = Button
public typealias UITextField = TextField
public typealias UITextFieldDelegate = TextFieldDelegate
public typealias UIFont = Font
public typealias NSTextAlignment = TextAlignment
public typealias UITouch = Touch
public typealias UIGestureRecognizer = GestureRecognizer
public typealias UIGestureRecognizerDelegate = GestureRecognizerDelegate
public typealias UITapGestureRecognizer = TapGestureRecognizer
public typealias UIPanGestureRecognizer = PanGestureRecognizer
public typealias UILongPressGestureRecognizer = LongPressGestureRecognizer
public typealias UISwipeGestureRecognizer = SwipeGestureRecognizer
public typealias UIBezierPath = BezierPath
public typealias UISwitch = Switch
public typealias UISlider = Slider
public typealias UIImage = Image
public typealias UIImageView = ImageView
public typealias UIScrollView = ScrollView
public typealias UIScrollViewDelegate = ScrollViewDelegate
