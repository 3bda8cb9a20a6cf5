// UIKit's names for the kit's types, so seed code ports with the fewest changes: `UIView`,
// `UIViewController`, `UIColor` and friends compile as written. New code may use either name.

public typealias UIResponder = Responder
public typealias UIView = View
public typealias UIWindow = Window
public typealias UIViewController = ViewController
public typealias UIColor = Color
public typealias UIEdgeInsets = EdgeInsets
public typealias UITraitCollection = TraitCollection
