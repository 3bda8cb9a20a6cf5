public import Foundation

/// Where the kit's timed work runs: long presses, delayed work, animation completions.
///
/// The kit has no clock of its own. The server gives each window a scheduler backed by the
/// event loop's timers; tests give it a `ManualScheduler` they advance by hand.
public protocol Scheduler: AnyObject {
  /// Seconds since an arbitrary start, for touch timestamps.
  var now: TimeInterval { get }
  /// Runs `work` once after `delay` seconds, on the window's thread.
  func schedule(after delay: TimeInterval, _ work: @escaping () -> Void) -> ScheduledWork
}

/// Work a scheduler will run; cancelling it is safe after it ran.
public struct ScheduledWork {
  private let cancelHandler: () -> Void

  /// Lets each scheduler say how its work is withdrawn: a loop timer closes, a manual queue drops
  /// the entry.
  public init(cancel: @escaping () -> Void) {
    cancelHandler = cancel
  }

  /// Stops the work from running, if it has not run yet.
  public func cancel() { cancelHandler() }
}

/// A scheduler whose time moves only when told, for deterministic tests.
public final class ManualScheduler: Scheduler {
  /// Starts at 0 and moves only with `advance(by:)`, so a test sees the same timestamps every run.
  public private(set) var now: TimeInterval = 0
  private var queue: [(due: TimeInterval, order: Int, work: () -> Void)] = []
  private var nextOrder = 0

  /// Starts at time 0 with nothing waiting, so every test begins from the same state.
  public init() {}

  /// Queues `work` until `advance(by:)` reaches its due time, so the test, not a clock, decides
  /// when it runs.
  public func schedule(after delay: TimeInterval, _ work: @escaping () -> Void) -> ScheduledWork {
    nextOrder += 1
    let order = nextOrder
    queue.append((now + max(0, delay), order, work))
    return ScheduledWork { [weak self] in self?.queue.removeAll { $0.order == order } }
  }

  /// Moves time forward by `seconds`, running due work in time order.
  public func advance(by seconds: TimeInterval) {
    let target = now + max(0, seconds)
    while let index = queue.indices.filter({ queue[$0].due <= target }).min(by: {
      (queue[$0].due, queue[$0].order) < (queue[$1].due, queue[$1].order)
    }) {
      let item = queue.remove(at: index)
      now = max(now, item.due)
      item.work()
    }
    now = target
  }

  /// The number of pieces of work waiting.
  public var pendingCount: Int { queue.count }
}
