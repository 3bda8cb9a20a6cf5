/// Where a binding writes its values: one property of one object, held weakly (RxCocoa's
/// `Binder`).
///
/// Holding the target weakly means a binding never keeps a view alive: once the view is gone,
/// values are dropped.
public struct Binder<Value> {
  let apply: (Value) -> Void

  /// A binder that calls `binding` with the target and each value while the target lives.
  public init<Target: AnyObject>(_ target: Target, binding: @escaping (Target, Value) -> Void) {
    apply = { [weak target] value in
      guard let target else { return }
      binding(target, value)
    }
  }
}

/// The reactive face of an object: `view.rx.alpha` is a binder for `view.alpha` (RxCocoa's
/// `Reactive`).
///
/// Any writable property is reachable through dynamic member lookup, so seed code's
/// `subview1.rx.alpha` and `label.rx.text` need no hand-written extension per property.
@dynamicMemberLookup
public struct Reactive<Base: AnyObject> {
  /// The object whose properties the binders write.
  public let base: Base

  /// The reactive face of `base`; `base.rx` is the usual way to get one, this is for types that cannot adopt
  /// ``ReactiveCompatible``.
  public init(_ base: Base) {
    self.base = base
  }

  /// A binder that writes `keyPath` of the base object.
  public subscript<Value>(dynamicMember keyPath: ReferenceWritableKeyPath<Base, Value>) -> Binder<Value> {
    Binder(base) { base, value in base[keyPath: keyPath] = value }
  }
}

/// Objects with a `rx` face (RxSwift's `ReactiveCompatible`).
public protocol ReactiveCompatible: AnyObject {}

extension ReactiveCompatible {
  /// Binders for this object's properties.
  public var rx: Reactive<Self> { Reactive(self) }
}

extension View: ReactiveCompatible {}
