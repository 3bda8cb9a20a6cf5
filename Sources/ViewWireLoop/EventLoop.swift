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
