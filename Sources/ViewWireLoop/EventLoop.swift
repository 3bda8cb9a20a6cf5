internal import CLibUV
internal import Glibc

/// A libuv event loop that owns its handles: TCP listeners and connections, timers, signal
/// watchers.
///
/// **Threading.** Everything except `execute(_:)` and `stop()` requested through `execute` must
/// be called on the thread that calls `run()`, and every callback runs on it. `execute(_:)` is
/// the one door in from other threads: it queues the work and wakes the loop with `uv_async_send`.
public final class EventLoop: @unchecked Sendable {
  let raw: UnsafeMutablePointer<uv_loop_t>
  /// Every open handle, so `stop()` can close them all. Loop thread only.
  private var openHandles: [ObjectIdentifier: LoopHandle] = [:]
  private var wakeUp: WakeUpHandle?
  private let queueLock = Lock()
  private var queuedWork: [@Sendable () -> Void] = []
  private var acceptsWork = true
  private var isStopping = false
  /// What every connection of this loop reads into (see `ReadBuffer`). Loop thread only.
  lazy var readBuffer = ReadBuffer()
  /// Work `afterNextPoll(_:)` queued since the loop last prepared to poll: it waits for that poll.
  /// Loop thread only.
  private var waitingForPoll: [() -> Void] = []
  /// Work queued before the poll now running or just run: the check phase after it runs it.
  private var dueAfterPoll: [() -> Void] = []
  /// The prepare, check and idle handles behind `afterNextPoll(_:)`, made on first use.
  private var turnPhases: TurnPhases?

  /// Creates a loop; nothing runs until `run()`.
  public init() throws(LoopError) {
    // Writing to a socket the peer has reset must be an error code, not a fatal signal.
    vw_ignore_sigpipe()
    raw = .allocate(capacity: 1)
    let status = uv_loop_init(raw)
    guard status == 0 else {
      raw.deallocate()
      throw LoopError(code: status)
    }
    let wakeUp = WakeUpHandle(loop: self)
    try LoopError.check(
      uv_async_init(raw, wakeUp.typed(uv_async_t.self)) { async in
        guard let async, let data = async.pointee.data else { return }
        Unmanaged<WakeUpHandle>.fromOpaque(data).takeUnretainedValue().loop.runQueuedWork()
      })
    wakeUp.opened()
    self.wakeUp = wakeUp
  }

  deinit {
    raw.deallocate()
  }

  /// Runs callbacks on the calling thread until `stop()` has closed every handle.
  public func run() {
    uv_run(raw, UV_RUN_DEFAULT)
    // Handles closed by stop() finish closing in the loop; anything left is closed here.
    if !openHandles.isEmpty { stop() }
    while uv_loop_close(raw) == Int32(UV_EBUSY.rawValue) {
      uv_run(raw, UV_RUN_NOWAIT)
    }
    // The wake-up handle holds its loop, as every handle does, and the loop held the handle:
    // left as it was, neither was ever freed, and the address sanitizer's leak check made the
    // daemon exit 1 after a clean SIGTERM (issue 13). The handle is closed by now.
    queueLock.withLock { wakeUp = nil }
  }

  /// Closes every handle, which lets `run()` return. Loop thread only; from another thread use
  /// `execute { loop.stop() }`.
  public func stop() {
    isStopping = true
    waitingForPoll = []
    dueAfterPoll = []
    queueLock.withLock { acceptsWork = false }
    for handle in Array(openHandles.values) { handle.close() }
  }

  /// Whether `stop()` was called.
  public var isStopped: Bool { isStopping }

  /// Runs `work` on the loop thread soon. Safe from any thread; ignored once the loop stopped.
  ///
  /// - Returns: whether the work was queued; false once the loop stopped (the work is dropped).
  @discardableResult
  public func execute(_ work: @escaping @Sendable () -> Void) -> Bool {
    // Sending under the lock keeps the async handle alive: stop() refuses work, under the same
    // lock, before it closes the handle.
    queueLock.withLock {
      guard acceptsWork, let wakeUp else { return false }
      queuedWork.append(work)
      uv_async_send(wakeUp.typed(uv_async_t.self))
      return true
    }
  }

  /// Runs `work` on the loop thread once the loop has polled for I/O again and run every callback
  /// that poll found (other connections' reads, new connections, signals, `execute` work): in the
  /// check phase after the next poll that begins after this call. Loop thread only.
  ///
  /// Why not `execute`: its wake-up is itself an I/O event of the next poll, ready from the
  /// moment the work is queued, so a connection that became readable after that (while a cut
  /// turn's replies were written, say) was served after the work (issue 14: a client pinging
  /// beside a flood waited for the flood's next turn too in about half its round trips). Here
  /// the poll does not block while work waits (an idle handle makes it a zero-timeout poll), and
  /// work queued during the check phase waits for the next poll too, so items run in turns, one
  /// per poll, in the order queued.
  public func afterNextPoll(_ work: @escaping () -> Void) {
    guard !isStopping else { return }
    if waitingForPoll.isEmpty, dueAfterPoll.isEmpty {
      if turnPhases == nil { turnPhases = TurnPhases(loop: self) }
      turnPhases?.start()
    }
    waitingForPoll.append(work)
  }

  /// Right before the poll (prepare phase): what waited for a poll now has one.
  fileprivate func pollBegins() {
    if dueAfterPoll.isEmpty {
      swap(&dueAfterPoll, &waitingForPoll)
    } else {
      dueAfterPoll += waitingForPoll
      waitingForPoll.removeAll(keepingCapacity: true)
    }
  }

  /// Right after the poll's callbacks (check phase): runs what was queued before the poll.
  fileprivate func pollEnded() {
    var due: [() -> Void] = []
    swap(&due, &dueAfterPoll)
    for work in due { work() }
    if waitingForPoll.isEmpty, dueAfterPoll.isEmpty { turnPhases?.stop() }
  }

  /// Runs the loop on a new thread of its own (a pthread, not a Swift task: the cooperative
  /// pool has too few threads to give one to a loop for good), until `stop()`; `join()` waits
  /// for it.
  ///
  /// - Parameter name: the thread's name, as `top -H` and debuggers show it (15 bytes at most).
  public func runOnNewThread(name: String) -> LoopThread {
    LoopThread(name: name) { [self] in self.run() }
  }

  /// How many processors this process may run on: its affinity mask (`taskset`, a cgroup's
  /// cpuset), or the online processors when the mask cannot be read. The daemon's default
  /// number of loops.
  public static var availableProcessors: Int { Int(vw_available_processors()) }

  private func runQueuedWork() {
    // libuv merges several sends into one callback, so take the whole queue.
    let work = queueLock.withLock { () -> [@Sendable () -> Void] in
      defer { queuedWork = [] }
      return queuedWork
    }
    for item in work { item() }
  }

  /// The loop's clock in milliseconds, updated once per loop iteration.
  public var nowMilliseconds: UInt64 { uv_now(raw) }

  // MARK: Handle bookkeeping

  func register(_ handle: LoopHandle) { openHandles[ObjectIdentifier(handle)] = handle }
  func unregister(_ handle: LoopHandle) { openHandles[ObjectIdentifier(handle)] = nil }
}

/// Base of every handle wrapper: owns the libuv handle's memory and keeps itself alive while the
/// handle is open, so a callback always finds its object.
///
/// libuv may touch a handle until its close callback, so the memory is freed only there.
public class LoopHandle {
  /// The loop this handle belongs to.
  public let loop: EventLoop
  let memory: UnsafeMutableRawPointer
  /// Whether `close()` was called. Unchecked for exclusivity at run time (a plain flag, read
  /// before every write and stop, stored once): a checked access cost each reply about 80
  /// instructions.
  @exclusivity(unchecked) public private(set) var isClosed = false

  init(loop: EventLoop, type: uv_handle_type) {
    self.loop = loop
    memory = .allocate(byteCount: uv_handle_size(type), alignment: 16)
    memory.initializeMemory(as: UInt8.self, repeating: 0, count: uv_handle_size(type))
  }

  /// The handle as libuv's type for it.
  func typed<T>(_ type: T.Type) -> UnsafeMutablePointer<T> { memory.assumingMemoryBound(to: type) }
  var handle: UnsafeMutablePointer<uv_handle_t> { typed(uv_handle_t.self) }

  /// Called once the `uv_*_init` call succeeded: from now on the handle must be closed.
  func opened() {
    handle.pointee.data = Unmanaged.passRetained(self).toOpaque()
    loop.register(self)
  }

  /// Frees memory for a handle whose init failed (and that libuv therefore never saw).
  func abandon() {
    isClosed = true
    memory.deallocate()
  }

  /// Closes the handle; its callbacks stop, and `didClose()` runs from the loop soon after.
  public func close() {
    guard !isClosed else { return }
    isClosed = true
    willClose()
    uv_close(handle) { handle in
      guard let handle, let data = handle.pointee.data else { return }
      let object = Unmanaged<LoopHandle>.fromOpaque(data).takeRetainedValue()
      object.loop.unregister(object)
      object.didClose()
      object.memory.deallocate()
    }
  }

  /// Runs when `close()` starts, before libuv stops the handle. Subclasses stop their work here.
  func willClose() {}
  /// Runs when libuv has finished with the handle. Subclasses report the close here.
  func didClose() {}
}

/// The async handle behind `EventLoop.execute(_:)`.
final class WakeUpHandle: LoopHandle {
  init(loop: EventLoop) { super.init(loop: loop, type: UV_ASYNC) }
}

/// The three handles behind `EventLoop.afterNextPoll(_:)`: a prepare handle marks where the poll
/// begins, a check handle runs the work after the poll's callbacks, and an idle handle, active
/// while work waits, makes the poll not block (libuv polls with a zero timeout while an idle
/// handle is active). All three are stopped while nothing waits, so an idle loop still sleeps in
/// its poll.
final class TurnPhases {
  private let prepare: PhaseHandle
  private let check: PhaseHandle
  private let idle: PhaseHandle
  private var isStarted = false

  init(loop: EventLoop) {
    // These init calls cannot fail (libuv documents them as always succeeding).
    prepare = PhaseHandle(loop: loop, type: UV_PREPARE)
    uv_prepare_init(loop.raw, prepare.typed(uv_prepare_t.self))
    prepare.opened()
    check = PhaseHandle(loop: loop, type: UV_CHECK)
    uv_check_init(loop.raw, check.typed(uv_check_t.self))
    check.opened()
    idle = PhaseHandle(loop: loop, type: UV_IDLE)
    uv_idle_init(loop.raw, idle.typed(uv_idle_t.self))
    idle.opened()
  }

  func start() {
    guard !isStarted, !prepare.isClosed, !check.isClosed, !idle.isClosed else { return }
    isStarted = true
    uv_prepare_start(prepare.typed(uv_prepare_t.self)) { handle in
      guard let handle, let data = handle.pointee.data else { return }
      Unmanaged<PhaseHandle>.fromOpaque(data).takeUnretainedValue().loop.pollBegins()
    }
    uv_check_start(check.typed(uv_check_t.self)) { handle in
      guard let handle, let data = handle.pointee.data else { return }
      Unmanaged<PhaseHandle>.fromOpaque(data).takeUnretainedValue().loop.pollEnded()
    }
    uv_idle_start(idle.typed(uv_idle_t.self)) { _ in }
  }

  func stop() {
    guard isStarted else { return }
    isStarted = false
    if !prepare.isClosed { uv_prepare_stop(prepare.typed(uv_prepare_t.self)) }
    if !check.isClosed { uv_check_stop(check.typed(uv_check_t.self)) }
    if !idle.isClosed { uv_idle_stop(idle.typed(uv_idle_t.self)) }
  }
}

/// A prepare, check or idle handle of `TurnPhases`.
final class PhaseHandle: LoopHandle {}

/// A thread running one event loop; see `EventLoop.runOnNewThread(name:)`.
public final class LoopThread: @unchecked Sendable {
  private var thread = pthread_t()
  private let lock = Lock()
  // Guarded by `lock`.
  private var joined = false

  init(name: String, body: @escaping () -> Void) {
    let box = Unmanaged.passRetained(ThreadBody(name: name, body: body)).toOpaque()
    let status = pthread_create(
      &thread, nil,
      { argument in
        guard let argument else { return nil }
        let body = Unmanaged<ThreadBody>.fromOpaque(argument).takeRetainedValue()
        vw_name_this_thread(String(body.name.prefix(15)))
        body.body()
        return nil
      }, box)
    // Only resource exhaustion fails here; a daemon without its threads cannot serve.
    precondition(status == 0, "pthread_create failed with \(status)")
  }

  /// Waits until the loop's `run()` returned. Safe to call more than once, from any thread but
  /// the loop's own.
  public func join() {
    lock.withLock {
      guard !joined else { return }
      joined = true
      pthread_join(thread, nil)
    }
  }
}

/// What a new loop thread runs, carried through `pthread_create`'s one pointer.
private final class ThreadBody {
  let name: String
  let body: () -> Void
  init(name: String, body: @escaping () -> Void) {
    self.name = name
    self.body = body
  }
}
