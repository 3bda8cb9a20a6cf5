import ViewWireLoop

/// Closes the connections of one loop that sent nothing for `--idle-timeout` (PROTOCOL.md section
/// 17), with one libuv timer for the loop instead of one per connection.
///
/// A timer per connection was a `LoopTimer`, its `uv_timer_t`, a closure and a slot in the loop's
/// handle table: about 290 bytes of every idle session (issue 14, "Lean sessions"). Here a
/// connection costs one slot of a binary min-heap ordered by deadline, and two numbers it keeps
/// itself (`idleDeadline`, and `idleSlot`, its place in the heap, so that it leaves in O(log n)).
///
/// The timing is the one a timer per connection had, to the loop's millisecond: a read only stores
/// the time (`lastInputMilliseconds`); when a connection's deadline comes, it is closed if it has
/// been silent for the whole timeout, or else given a new deadline, its last input plus the
/// timeout. So input costs nothing here, and each connection is looked at once per timeout.
///
/// The heap holds its connections strongly; every way a connection stops listening to its client
/// (closed, ended, lent to another loop) calls `unwatch`.
final class IdleWatch {
  private let loop: EventLoop
  /// The timeout in the loop's milliseconds; 0 watches nothing.
  let timeoutMilliseconds: UInt64
  private var timer: LoopTimer?
  /// The deadline the timer is set for; `.max` while it is stopped.
  private var armedDeadline = UInt64.max
  /// The watched connections, the earliest deadline first.
  private var heap: [ClientConnection] = []
  /// Whether the loop shuts down: the timer is closed and is not made again.
  private var isClosed = false

  init(loop: EventLoop, timeout: Double) {
    self.loop = loop
    timeoutMilliseconds = timeout > 0 ? UInt64((min(timeout, 86_400) * 1000).rounded(.up)) : 0
  }

  /// How many connections are watched, for tests.
  var count: Int { heap.count }

  /// Starts, or starts again from now, the watch over `client`'s silence.
  func watch(_ client: ClientConnection) {
    guard timeoutMilliseconds > 0 else { return }
    client.idleDeadline = loop.nowMilliseconds &+ timeoutMilliseconds
    if client.idleSlot < 0 {
      client.idleSlot = heap.count
      heap.append(client)
      siftUp(heap.count - 1)
    } else {
      siftDown(client.idleSlot)  // its deadline only moved later
    }
    rearm()
  }

  /// Stops watching `client`; nothing when it is not watched.
  func unwatch(_ client: ClientConnection) {
    let slot = client.idleSlot
    guard slot >= 0 else { return }
    remove(at: slot)
    rearm()
  }

  /// Stops the timer for good (the loop shuts down).
  func close() {
    isClosed = true
    timer?.close()
    timer = nil
    armedDeadline = .max
  }

  /// Closes the connections silent for the whole timeout, and gives the others whose deadline
  /// came a new one.
  private func fired() {
    armedDeadline = .max
    let now = loop.nowMilliseconds
    while let first = heap.first, first.idleDeadline <= now {
      let silent = now &- first.lastInputMilliseconds
      if silent >= timeoutMilliseconds {
        remove(at: 0)
        first.closeIdle()
      } else {
        first.idleDeadline = first.lastInputMilliseconds &+ timeoutMilliseconds
        siftDown(0)
      }
    }
    rearm()
  }

  /// Sets the timer for the earliest deadline, if it is not set for it already.
  private func rearm() {
    guard let first = heap.first else {
      if armedDeadline != .max {
        timer?.stop()
        armedDeadline = .max
      }
      return
    }
    guard first.idleDeadline != armedDeadline, !isClosed else { return }
    armedDeadline = first.idleDeadline
    let timer = self.timer ?? loop.makeTimer()
    self.timer = timer
    let now = loop.nowMilliseconds
    timer.start(afterMilliseconds: first.idleDeadline > now ? first.idleDeadline - now : 0) {
      [unowned self] in self.fired()
    }
  }

  // MARK: The heap

  private func remove(at slot: Int) {
    let removed = heap[slot]
    removed.idleSlot = -1
    let last = heap.removeLast()
    guard slot < heap.count else { return }
    heap[slot] = last
    last.idleSlot = slot
    siftDown(slot)
    siftUp(last.idleSlot)
  }

  private func siftUp(_ start: Int) {
    var slot = start
    let moving = heap[slot]
    while slot > 0 {
      let parent = (slot - 1) / 2
      guard heap[parent].idleDeadline > moving.idleDeadline else { break }
      heap[slot] = heap[parent]
      heap[slot].idleSlot = slot
      slot = parent
    }
    heap[slot] = moving
    moving.idleSlot = slot
  }

  private func siftDown(_ start: Int) {
    var slot = start
    let moving = heap[slot]
    while true {
      var child = 2 * slot + 1
      guard child < heap.count else { break }
      if child + 1 < heap.count, heap[child + 1].idleDeadline < heap[child].idleDeadline { child += 1 }
      guard heap[child].idleDeadline < moving.idleDeadline else { break }
      heap[slot] = heap[child]
      heap[slot].idleSlot = slot
      slot = child
    }
    heap[slot] = moving
    moving.idleSlot = slot
  }
}
