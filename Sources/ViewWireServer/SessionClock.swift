import Foundation
import ViewWireKit
import ViewWireLoop

/// A session's time, backed by the event loop's timers.
///
/// It runs the kit's timed work (long presses, delayed actions) and, after each piece of work,
/// tells the connection to send what it changed: timers are the only source of frames that no
/// command asked for.
final class SessionClock: Scheduler {
  private let loop: EventLoop
  private var timers: [Int: LoopTimer] = [:]
  private var nextID = 0
  /// Called after scheduled work ran, so its changes reach the client.
  var onWork: (() -> Void)?

  init(loop: EventLoop) {
    self.loop = loop
  }

  /// Seconds since the loop started, for touch timestamps.
  var now: TimeInterval { TimeInterval(loop.nowMilliseconds) / 1000 }

  func schedule(after delay: TimeInterval, _ work: @escaping () -> Void) -> ScheduledWork {
    nextID += 1
    let id = nextID
    let timer = loop.makeTimer()
    timers[id] = timer
    timer.start(afterMilliseconds: UInt64(max(0, delay) * 1000)) { [weak self] in
      guard let self else { return }
      self.timers.removeValue(forKey: id)?.close()
      work()
      self.onWork?()
    }
    return ScheduledWork { [weak self] in self?.timers.removeValue(forKey: id)?.close() }
  }

  /// Cancels everything, when the session ends.
  func cancelAll() {
    for timer in timers.values { timer.close() }
    timers = [:]
  }
}
