import Foundation
import Testing
import ViewWireDiff
import ViewWireKit

/// Reactive binding of view-model values to view properties (seed 003): values arrive at once,
/// in the frame of the command that changed them, and stop when the binding's owner goes away.
struct BindingTests {
  /// A window holding one view, whose first frame was already taken.
  final class Stage {
    let window = Window(size: CGSize(width: 100, height: 100))
    let view = View(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    let label = Label(frame: CGRect(x: 0, y: 20, width: 50, height: 20))
    let engine: DiffEngine

    init() {
      window.addSubview(view)
      window.addSubview(label)
      engine = DiffEngine(window: window)
      _ = engine.makeFrame()
    }
  }

  /// A controller that binds a shared view model in `viewDidLoad`, as seed 003's does.
  final class BoundController: ViewController {
    let alpha: BehaviorRelay<CGFloat>
    let disposeBag = DisposeBag()

    init(alpha: BehaviorRelay<CGFloat>) {
      self.alpha = alpha
      super.init(nibName: nil, bundle: nil)
    }

    override func viewDidLoad() {
      super.viewDidLoad()
      alpha.bind(to: view.rx.alpha).disposed(by: disposeBag)
    }
  }

  @Test func bindingSendsTheCurrentValueAtOnce() {
    let stage = Stage()
    let relay = BehaviorRelay<CGFloat>(value: 0.25)
    let bag = DisposeBag()
    relay.bind(to: stage.view.rx.alpha).disposed(by: bag)
    #expect(stage.view.alpha == 0.25)
    #expect(stage.engine.nextDiffLines() == ["render 2 alpha=0.25"])
  }

  @Test func aNewValueReachesTheViewInTheFrameOfTheChange() {
    let stage = Stage()
    let relay = BehaviorRelay<CGFloat>(value: 1)
    let bag = DisposeBag()
    relay.bind(to: stage.view.rx.alpha).disposed(by: bag)
    #expect(stage.engine.nextDiffLines() == [], "the first value equals the view's: nothing to send")
    relay.accept(0.5)
    #expect(stage.view.alpha == 0.5, "delivered synchronously, before any frame is taken")
    relay.accept(0.75)
    #expect(stage.engine.nextDiffLines() == ["render 2 alpha=0.75"], "both changes coalesce")
  }

  @Test func mappedValuesBindToOptionalProperties() {
    let stage = Stage()
    let count = BehaviorRelay(value: 3)
    let bag = DisposeBag()
    count.map { "\($0) items" }.bind(to: stage.label.rx.text).disposed(by: bag)
    #expect(stage.label.text == "3 items")
    count.accept(4)
    #expect(stage.label.text == "4 items")
  }

  @Test func disposingStopsUpdates() {
    let stage = Stage()
    let relay = BehaviorRelay<CGFloat>(value: 1)
    let binding = relay.bind(to: stage.view.rx.alpha)
    relay.accept(0.5)
    binding.dispose()
    #expect(binding.isDisposed)
    relay.accept(0.1)
    #expect(stage.view.alpha == 0.5)
    binding.dispose()  // a second dispose is harmless
  }

  @Test func releasingTheBagStopsUpdates() {
    let stage = Stage()
    let relay = BehaviorRelay<CGFloat>(value: 1)
    var bag: DisposeBag? = DisposeBag()
    relay.bind(to: stage.view.rx.alpha).disposed(by: bag!)
    #expect(bag?.count == 1)
    bag = nil
    #expect(relay.observerCount == 0, "the relay no longer holds the binding")
    relay.accept(0.3)
    #expect(stage.view.alpha == 1)
    #expect(stage.engine.nextDiffLines() == [])
  }

  @Test func bindingsStopWhenTheirControllerGoesAway() {
    let window = Window(size: CGSize(width: 100, height: 100))
    let relay = BehaviorRelay<CGFloat>(value: 0.5)
    var controller: BoundController? = BoundController(alpha: relay)
    weak let weakController = controller
    window.rootViewController = controller
    let rootView: View = controller!.view
    #expect(rootView.alpha == 0.5)
    relay.accept(0.6)
    #expect(rootView.alpha == 0.6)
    window.rootViewController = nil
    controller = nil
    #expect(weakController == nil, "nothing the binding holds keeps the controller alive")
    relay.accept(0.9)
    #expect(rootView.alpha == 0.6, "the controller's bag went with it")
  }

  @Test func observersHearValuesInSubscriptionOrder() {
    let relay = BehaviorRelay(value: 0)
    let bag = DisposeBag()
    var heard: [String] = []
    for name in ["a", "b", "c", "d", "e", "f"] {
      relay.subscribe { heard.append("\(name)\($0)") }.disposed(by: bag)
    }
    heard = []
    relay.accept(1)
    #expect(heard == ["a1", "b1", "c1", "d1", "e1", "f1"], "frames list changes in this order")
  }

  @Test func aBindingNeverKeepsItsViewAlive() {
    let relay = BehaviorRelay<CGFloat>(value: 1)
    let bag = DisposeBag()
    var view: View? = View()
    weak let weakView = view
    relay.bind(to: view!.rx.alpha).disposed(by: bag)
    view = nil
    #expect(weakView == nil)
    relay.accept(0.5)  // dropped, no crash
  }
}
