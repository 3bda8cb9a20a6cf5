import Testing

@testable import ViewWireLoop

/// A loop that has run and stopped is freed with everything it held: the address-sanitized
/// daemon exited 1 after SIGTERM because the loop and its wake-up handle kept each other alive
/// (issue 13).
struct LoopReleaseTests {
  @Test func aStoppedLoopIsFreed() throws {
    weak var released: EventLoop?
    do {
      let loop = try EventLoop()
      released = loop
      let timer = loop.makeTimer()
      timer.start(afterMilliseconds: 1) { [unowned loop] in loop.stop() }
      loop.run()
    }
    #expect(released == nil, "the loop outlived its last reference")
  }
}
