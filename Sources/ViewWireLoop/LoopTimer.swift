internal import CLibUV

/// A libuv timer: runs a callback on the loop thread after a delay, and optionally repeatedly.
public final class LoopTimer: LoopHandle {
  private var handler: (() -> Void)?

  init(loop: EventLoop) {
    super.init(loop: loop, type: UV_TIMER)
    uv_timer_init(loop.raw, typed(uv_timer_t.self))  // cannot fail for timers
    opened()
  }

  /// Starts (or restarts) the timer. A repeat of 0 fires once.
  public func start(
    afterMilliseconds delay: UInt64, repeatMilliseconds: UInt64 = 0, _ handler: @escaping () -> Void
  ) {
    guard !isClosed else { return }
    self.handler = handler
    uv_timer_start(
      typed(uv_timer_t.self),
      { timer in
        guard let timer, let data = timer.pointee.data else { return }
        Unmanaged<LoopTimer>.fromOpaque(data).takeUnretainedValue().handler?()
      }, delay, repeatMilliseconds)
  }

  /// Stops the timer without closing it; `start` may be called again.
  public func stop() {
    guard !isClosed else { return }
    uv_timer_stop(typed(uv_timer_t.self))
  }

  override func willClose() {
    handler = nil
  }
}

/// Watches one POSIX signal (SIGINT, SIGTERM) through `uv_signal`, so the handler runs on the
/// loop thread instead of in a signal context.
public final class SignalWatcher: LoopHandle {
  private var handler: (() -> Void)?

  init(loop: EventLoop, signal: Int32, handler: @escaping () -> Void) throws(LoopError) {
    self.handler = handler
    super.init(loop: loop, type: UV_SIGNAL)
    let status = uv_signal_init(loop.raw, typed(uv_signal_t.self))
    guard status == 0 else {
      abandon()
      throw LoopError(code: status)
    }
    opened()
    // An inherited mask may block the signal; then it would stay pending for ever.
    _ = vw_unblock_signal(signal)
    do {
      try LoopError.check(
        uv_signal_start(
          typed(uv_signal_t.self),
          { watcher, _ in
            guard let watcher, let data = watcher.pointee.data else { return }
            Unmanaged<SignalWatcher>.fromOpaque(data).takeUnretainedValue().handler?()
          }, signal))
    } catch {
      close()
      throw error
    }
  }

  override func willClose() {
    handler = nil
  }
}

extension EventLoop {
  /// A new, stopped timer. Loop thread only.
  public func makeTimer() -> LoopTimer { LoopTimer(loop: self) }

  /// Calls `handler` on the loop thread whenever `signal` arrives. Loop thread only.
  public func onSignal(_ signal: Int32, _ handler: @escaping () -> Void) throws(LoopError) -> SignalWatcher {
    try SignalWatcher(loop: self, signal: signal, handler: handler)
  }
}
