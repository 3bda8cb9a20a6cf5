import Foundation
import ViewWireKit
import ViewWireLoop

/// A session's time: the event loop's timers, or a manual clock that only `clock advance` moves
/// (PROTOCOL.md section 5, "Clocks").
///
/// It runs the kit's timed work (long presses, animation completions, delayed actions). On the
/// real clock it tells the connection, after each piece of work, to send what it changed: timers
/// are the only source of frames that no command asked for. On a manual clock the work runs
/// inside the `clock advance` command, whose reply sends the frame.
final class SessionClock: Scheduler {
  private let loop: EventLoop

  /// A piece of work waiting for its time; on the real clock it also has the timer that runs it.
  private struct Pending {
    var due: TimeInterval
    var work: () -> Void
    var timer: LoopTimer?
  }

  private var pending: [Int: Pending] = [:]
  private var nextID = 0
  /// Called after scheduled work ran on the real clock, so its changes reach the client.
  var onWork: (() -> Void)?

  /// Whether the clock moves only when told.
  private(set) var isManual = false
  private var manualNow: TimeInterval = 0

  init(loop: EventLoop, manual: Bool = false) {
    self.loop = loop
    isManual = manual
  }

  /// Seconds: since the loop started on the real clock, since the switch on a manual one.
  var now: TimeInterval { isManual ? manualNow : loopNow }

  private var loopNow: TimeInterval { TimeInterval(loop.nowMilliseconds) / 1000 }

  func schedule(after delay: TimeInterval, _ work: @escaping () -> Void) -> ScheduledWork {
    nextID += 1
    let id = nextID
    // The work runs later, outside the command that scheduled it: it keeps that command's locale.
    let locale = Localization.locale
    var entry = Pending(due: now + max(0, delay), work: { Localization.withLocale(locale, work) }, timer: nil)
    if !isManual { entry.timer = startTimer(id: id, after: max(0, delay)) }
    pending[id] = entry
    return ScheduledWork { [weak self] in self?.pending.removeValue(forKey: id)?.timer?.close() }
  }

  private func startTimer(id: Int, after delay: TimeInterval) -> LoopTimer {
    let timer = loop.makeTimer()
    timer.start(afterMilliseconds: UInt64((delay * 1000).rounded(.up))) { [weak self] in
      guard let self, let entry = self.pending.removeValue(forKey: id) else { return }
      entry.timer?.close()
      entry.work()
      self.onWork?()
    }
    return timer
  }

  /// Switches to a manual clock reading 0; waiting work keeps the delay it had left.
  func switchToManual() {
    guard !isManual else { return }
    let elapsed = loopNow
    for (id, entry) in pending {
      entry.timer?.close()
      pending[id] = Pending(due: max(0, entry.due - elapsed), work: entry.work, timer: nil)
    }
    isManual = true
    manualNow = 0
  }

  /// Moves a manual clock forward by `seconds`, running due work in time order (work scheduled
  /// by that work runs too if it falls due in time).
  func advance(by seconds: TimeInterval) {
    precondition(isManual, "only a manual clock advances")
    let target = manualNow + max(0, seconds)
    while let (id, entry) = pending.filter({ $0.value.due <= target }).min(by: {
      ($0.value.due, $0.key) < ($1.value.due, $1.key)
    }) {
      pending.removeValue(forKey: id)
      manualNow = max(manualNow, entry.due)
      entry.work()
    }
    manualNow = target
  }

  /// Cancels everything, when the session ends.
  func cancelAll() {
    for entry in pending.values { entry.timer?.close() }
    pending = [:]
  }
}
