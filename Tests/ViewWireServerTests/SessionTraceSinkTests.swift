import Foundation
import Logging
import Testing
import ViewWireKit
import ViewWireLoop

@testable import ViewWireServer

/// The window's trace sink refers to its session unretained (a weak reference gave every session
/// a side table, and each retain of it the slow path): the session takes the sink away when it
/// goes, so a window that outlives it never calls into freed memory.
struct SessionTraceSinkTests {
  @Test func theSessionTakesItsTraceSinkAwayWhenItGoes() throws {
    let loop = try EventLoop()
    let clock = SessionClock(loop: loop, manual: true)
    let logger = SessionLogger(base: Logger(label: "test"), sessionID: 1)
    let window: Window
    weak var gone: Session?
    do {
      let session = Session(
        id: 1, windowSize: CGSize(width: 100, height: 100), apps: [:], clock: clock, logger: logger)
      session.isTracing = true
      window = session.window
      gone = session
      window.trace("layout", "held")
      #expect(session.drainTraces() == ["layout held"])
      #expect(window.traceSink != nil)
    }
    #expect(gone == nil)
    #expect(window.traceSink == nil)
    window.trace("layout", "after the session")
  }
}
