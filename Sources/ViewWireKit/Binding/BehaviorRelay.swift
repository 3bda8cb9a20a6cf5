/// A value that view code observes and binds to view properties (RxRelay's `BehaviorRelay`).
///
/// Seed 003 binds a view model's values to views with RxSwift:
/// `viewModel.alpha.bind(to: subview1.rx.alpha).disposed(by: disposeBag)`. That line compiles as
/// written against this type. Delivery is synchronous, so a value accepted while the server
/// handles a command reaches the bound views before that command's frame is taken, and the
/// change travels in the same frame.
///
/// Observers are called in the order they subscribed. That is why this is a small type of our
/// own and not OpenCombine's `CurrentValueSubject`: that subject keeps its subscribers in a
/// `Set`, so two bindings of one value would change their views in an order that differs from
/// one daemon run to the next, and so would the order of the frame's render lines.
public final class BehaviorRelay<Element> {
  private var observers: [(id: Int, onNext: (Element) -> Void)] = []
  private var nextObserverID = 0

  /// Creates a relay holding `value`; bindings receive it as soon as they are made.
  public init(value: Element) {
    self.value = value
  }

  /// The current value.
  public private(set) var value: Element

  /// Stores a new value and sends it to every observer, in subscription order, synchronously.
  public func accept(_ value: Element) {
    self.value = value
    // A copy: an observer may dispose of itself or subscribe others while being called.
    for observer in observers { observer.onNext(value) }
  }

  /// The relay as an observable, to transform with `map` before binding.
  public func asObservable() -> Observable<Element> {
    Observable { [self] onNext in subscribe(onNext: onNext) }
  }

  /// Sends the current value and every later one to `binder` until the result is disposed.
  public func bind(to binder: Binder<Element>) -> Disposable {
    subscribe(onNext: binder.apply)
  }

  /// Sends the current value and every later one to a binder of an optional property, such as
  /// `label.rx.text`.
  public func bind(to binder: Binder<Element?>) -> Disposable {
    subscribe { binder.apply($0) }
  }

  /// Calls `onNext` with the current value and every later one until the result is disposed.
  ///
  /// The relay holds `onNext` until then, so a binding that is neither disposed nor in a bag
  /// lives as long as the relay.
  public func subscribe(onNext: @escaping (Element) -> Void) -> Disposable {
    nextObserverID += 1
    let id = nextObserverID
    observers.append((id, onNext))
    onNext(value)
    return Disposable { [weak self] in self?.observers.removeAll { $0.id == id } }
  }

  /// The relay's values, transformed; for example a number shown as a label's text.
  public func map<Result>(_ transform: @escaping (Element) -> Result) -> Observable<Result> {
    asObservable().map(transform)
  }

  /// The number of live subscriptions, for tests of disposal.
  public var observerCount: Int { observers.count }
}

/// A sequence of values over time that can be transformed and bound (RxSwift's `Observable`).
public struct Observable<Element> {
  private let subscribeHandler: (@escaping (Element) -> Void) -> Disposable

  /// An observable that, for each subscriber, runs `subscribe` with its callback and returns
  /// what stops the callback.
  public init(subscribe: @escaping (@escaping (Element) -> Void) -> Disposable) {
    subscribeHandler = subscribe
  }

  /// The values, transformed by `transform`.
  public func map<Result>(_ transform: @escaping (Element) -> Result) -> Observable<Result> {
    Observable<Result> { onNext in subscribeHandler { onNext(transform($0)) } }
  }

  /// Sends every value to `binder` until the result is disposed.
  public func bind(to binder: Binder<Element>) -> Disposable {
    subscribe(onNext: binder.apply)
  }

  /// Sends every value to a binder of an optional property, such as `label.rx.text`.
  public func bind(to binder: Binder<Element?>) -> Disposable {
    subscribe { binder.apply($0) }
  }

  /// Calls `onNext` with every value until the result is disposed.
  public func subscribe(onNext: @escaping (Element) -> Void) -> Disposable {
    subscribeHandler(onNext)
  }
}

/// A running binding or subscription; disposing it stops the values (RxSwift's `Disposable`).
public final class Disposable {
  private var disposeHandler: (() -> Void)?

  /// A disposable that runs `dispose` once, on the first `dispose()`.
  public init(_ dispose: @escaping () -> Void) {
    disposeHandler = dispose
  }

  /// Stops the binding; later values no longer reach its target. Safe to call twice.
  public func dispose() {
    let handler = disposeHandler
    disposeHandler = nil
    handler?()
  }

  /// Ties the binding's life to `bag`: it stops when the bag is released, normally with the
  /// controller or view that owns the bag.
  public func disposed(by bag: DisposeBag) {
    bag.insert(self)
  }

  /// Whether the binding was stopped.
  public var isDisposed: Bool { disposeHandler == nil }
}

/// Owns bindings and stops them all when it is released (RxSwift's `DisposeBag`).
///
/// Keep one as a stored property of the controller that makes the bindings: when the controller
/// goes away (its app closed, the client gone) the bag goes with it, and the view model's later
/// values stop reaching views that nobody shows.
public final class DisposeBag {
  private var disposables: [Disposable] = []

  /// An empty bag; bindings join it through `disposed(by:)`.
  public init() {}

  func insert(_ disposable: Disposable) {
    disposables.append(disposable)
  }

  /// The number of bindings the bag owns.
  public var count: Int { disposables.count }

  deinit {
    for disposable in disposables { disposable.dispose() }
  }
}
