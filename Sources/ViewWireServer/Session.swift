import Foundation
import Logging
import ViewWireDiff
import ViewWireKit
import ViewWireProtocol

/// One client's session: its window, the open app, and the diff engine that keeps the client's
/// mirror in step. It knows nothing of sockets; the connection feeds it commands and sends what
/// it returns.
///
/// Every method that changes the tree leaves the changes recorded; `takeFrame()` turns all of
/// them into one frame, which is how changes made while handling one input are coalesced.
final class Session {
  /// The session's number, unique for the life of the daemon.
  let id: Int
  let window: Window
  let engine: DiffEngine
  private let apps: [String: AppDescriptor]
  /// The name of the open app, if any.
  @exclusivity(unchecked) private(set) var openAppName: String?
  /// Whether `trace` lines are wanted.
  var isTracing = false
  /// Trace lines waiting to be sent, in order. This and `overflow` are unchecked for exclusivity
  /// at run time: read twice per command, on the loop's thread, by accesses that call nothing.
  @exclusivity(unchecked) private(set) var pendingTraces: [String] = []
  /// How many trace lines wait at most while the client is stalled; the rest are replaced
  /// by one `overflow N lines dropped` line (PROTOCOL.md section 10).
  static let maximumHeldTraces = 1000
  /// Whether the client is stalled, asked of its connection (`ClientConnection.isStalled`, the
  /// one place the state is kept): trace lines past `maximumHeldTraces` are then dropped, since
  /// its app may trace for as long as the stall lasts.
  var isClientStalled: () -> Bool = { false }
  /// Where the overflow line stands in `pendingTraces`, and how many lines it stands for.
  @exclusivity(unchecked) private var overflow: (index: Int, dropped: Int)?
  /// The secret that resumes this session from another connection, once the client asked for
  /// it (PROTOCOL.md section 15); nil while the session ends with its connection.
  var resumeToken: ResumeToken?
  /// The last numbered command and its reply (section 16).
  var ledger = CommandLedger()
  /// The frame the client last acknowledged.
  private(set) var acknowledgedFrame = 0
  /// The session's clock, in seconds; a manual clock moves only when told.
  let clock: SessionClock
  /// The protocol version the session speaks: the greeting's until `hello version=N`. Frames
  /// hold `shift` lines only from version 2 on.
  var protocolVersion = ProtocolVersion.current {
    didSet { engine.sendsShiftLines = protocolVersion >= ProtocolVersion.shiftLines }
  }
  /// Logs every trace event at level `trace`, whether the client listens or not.
  private let logger: SessionLogger

  /// - Parameter logger: already tagged with the session's id (the server tags one logger for
  ///   the session and its connection); at level `trace`, it gets every trace event: the only witness of what runs after the client is gone, such as the
  ///   disappearance callbacks of `tearDown()`.
  init(id: Int, windowSize: CGSize, apps: [String: AppDescriptor], clock: SessionClock, logger: SessionLogger)
  {
    self.id = id
    self.apps = apps
    self.clock = clock
    self.logger = logger
    window = Window(size: windowSize)
    engine = DiffEngine(window: window)
    window.scheduler = clock
    // Unretained rather than weak: a weak reference gave the session a side table, and then
    // every retain and release of it (several per command, from its connection and dispatcher)
    // took the slow path. Safe because the window can call the sink only while the session
    // lives: `deinit` takes the sink away before the session's fields (the window among them)
    // are released, and the window, if something else still holds it, has none from then on.
    let unretained = Unmanaged.passUnretained(self)
    window.traceSink = { kind, detail in
      let session = unretained.takeUnretainedValue()
      session.logger.trace("\(kind) \(detail)")
      guard session.isTracing else { return }
      session.holdTrace("\(kind) \(detail)")
    }
  }

  /// Takes the window's trace sink away, which refers to this session unretained: the window
  /// may outlive the session (an app or a timer holding it), and must not call into it then.
  deinit {
    window.traceSink = nil
  }

  /// Keeps a trace line for the client; while the client is stalled, only the first
  /// `maximumHeldTraces`, then one overflow line counting the rest, where the first dropped line
  /// would have been.
  private func holdTrace(_ line: String) {
    if isClientStalled() {
      if overflow != nil {
        overflow?.dropped += 1
        return
      }
      if pendingTraces.count >= Self.maximumHeldTraces {
        overflow = (pendingTraces.count, 1)
        pendingTraces.append("")  // written by drainTraces, with the final count
        return
      }
    }
    pendingTraces.append(line)
  }

  /// Hands out the trace lines collected so far.
  func drainTraces() -> [String] {
    // Asked twice per command, which traces nothing most of the time.
    if pendingTraces.isEmpty { return [] }
    if let overflow {
      pendingTraces[overflow.index] = "overflow \(overflow.dropped) lines dropped"
      self.overflow = nil
    }
    defer { pendingTraces = [] }
    return pendingTraces
  }

  // MARK: Apps

  /// The apps, sorted by name.
  var appList: [AppDescriptor] { apps.values.sorted { $0.name < $1.name } }

  /// Opens `name`, closing the open app first.
  func open(app name: String) throws(SessionError) {
    guard let app = apps[name] else { throw .unknownApp(name) }
    if openAppName != nil { close() }
    let controller = app.makeRootViewController(window.traitCollection)
    window.rootViewController = controller
    openAppName = name
  }

  /// Closes the open app; the window stays, empty.
  func close() {
    window.rootViewController = nil
    openAppName = nil
  }

  /// Tears the session down when the client goes away: visible controllers disappear.
  func tearDown() {
    close()
    // Closing queued the window's own change (its root view left), and the tracker's queues
    // hold their views: with no frame to drain them, the window would keep itself alive.
    window.changes.reset()
  }

  // MARK: Window

  func resize(to size: CGSize) throws(SessionError) {
    guard size.width > 0, size.height > 0, size.width <= 100_000, size.height <= 100_000 else {
      throw .badArgument("a window must be between 1x1 and 100000x100000 points")
    }
    window.resize(to: size)
  }

  func updateTraits(_ traits: TraitCollection) {
    window.updateTraits(traits)
  }

  // MARK: Navigation

  /// Pops the navigation stack on screen, as its back button does.
  func back() throws(SessionError) {
    try requireApp()
    guard let navigation = window.visibleNavigationController, navigation.viewControllers.count > 1 else {
      throw .atRoot
    }
    navigation.popViewController(animated: true)
  }

  // MARK: Input

  private func requireApp() throws(SessionError) {
    guard openAppName != nil else { throw .noApp }
  }

  /// Resolves a target to a point in window coordinates.
  func point(of target: TapTarget) throws(SessionError) -> CGPoint {
    switch target {
    case .point(let x, let y):
      return CGPoint(x: x, y: y)
    case .id(let id):
      guard let view = engine.view(withID: id), view.window === window else { throw .noSuchView("#\(id)") }
      return view.convert(view.bounds.center, to: nil)
    case .identifier(let identifier):
      guard let view = window.view(withIdentifier: identifier) else { throw .noSuchView("@\(identifier)") }
      return view.convert(view.bounds.center, to: nil)
    }
  }

  private func checkInside(_ point: CGPoint) throws(SessionError) {
    // `containsPoint`: the same answer as `contains`, without a call into Foundation.
    guard window.bounds.containsPoint(point) else { throw .outsideWindow(point) }
  }

  /// What decides the frame of the view at `target` (a point is hit-tested, as a tap is), with
  /// its wire id.
  func explain(_ target: TapTarget) throws(SessionError) -> (id: Int, lines: [String]) {
    try requireApp()
    var found: View?
    switch target {
    case .id(let id):
      found = engine.view(withID: id).flatMap { $0.window === window ? $0 : nil }
    case .identifier(let identifier):
      found = window.view(withIdentifier: identifier)
    case .point(let x, let y):
      let point = CGPoint(x: x, y: y)
      try checkInside(point)
      found = window.hitTest(point)
    }
    guard let view = found, let id = engine.id(of: view) else {
      switch target {
      case .id(let id): throw .noSuchView("#\(id)")
      case .identifier(let identifier): throw .noSuchView("@\(identifier)")
      case .point(let x, let y):
        throw .noSuchView("\(CanonicalNumber.format(x)) \(CanonicalNumber.format(y))")
      }
    }
    return (id, view.explainLayout())
  }

  /// A tap of `count` touches at `target`; returns the wire id the reply names (PROTOCOL.md
  /// section 5, "Taps"): the target itself when the client named a view, else the view the first
  /// touch hit.
  ///
  /// The id of the first hit is read before that touch lifts: a touch that navigates takes its
  /// view out of the window, and the later touches land on views the client has not been sent
  /// yet, so neither could be named afterwards.
  func tap(_ target: TapTarget, count: Int) throws(SessionError) -> Int? {
    try requireApp()
    let point: CGPoint
    var named: Int?
    switch target {
    case .point:
      point = try self.point(of: target)
      try checkInside(point)
    case .id(let id):
      point = try self.point(of: target)
      guard window.bounds.containsPoint(point) else {
        throw .targetOutsideWindow("#\(id)", point, window.bounds.size)
      }
      named = id
    case .identifier(let identifier):
      // One search of the tree gives both the point and the id (there were two per tap).
      guard let view = window.view(withIdentifier: identifier) else { throw .noSuchView("@\(identifier)") }
      point = view.convert(view.bounds.center, to: nil)
      guard window.bounds.containsPoint(point) else {
        throw .targetOutsideWindow("@\(identifier)", point, window.bounds.size)
      }
      named = engine.id(of: view)
    }
    var firstHit: Int?
    for tapCount in 1...max(1, count) {
      let hit = try mapInput { () throws(InputError) in
        try window.touchDown(at: point, tapCount: tapCount)
      }
      if tapCount == 1 { firstHit = hit.flatMap { engine.id(of: $0) } }
      try mapInput { () throws(InputError) in try window.touchUp(at: point) }
    }
    return named ?? firstHit
  }

  func touchDown(at point: CGPoint) throws(SessionError) -> Int? {
    try requireApp()
    try checkInside(point)
    let hit = try mapInput { () throws(InputError) in
      try window.touchDown(at: point)
    }
    return hit.flatMap { engine.id(of: $0) }
  }

  // The window knows whether a finger is down: `open` and `close` cancel the touch in progress
  // (PROTOCOL.md section 8), so a flag of the session's own would outlive it.
  func touchMove(to point: CGPoint) throws(SessionError) {
    try mapInput { () throws(InputError) in try window.touchMove(to: point) }
  }

  func touchUp(at point: CGPoint) throws(SessionError) {
    try mapInput { () throws(InputError) in try window.touchUp(at: point) }
  }

  /// A whole drag in one command: down, `steps` moves evenly spaced, up.
  func drag(from start: CGPoint, to end: CGPoint, steps: Int) throws(SessionError) -> Int? {
    let hit = try touchDown(at: start)
    for step in 1...max(1, steps) {
      let fraction = CGFloat(step) / CGFloat(max(1, steps))
      try touchMove(
        to: CGPoint(x: start.x + (end.x - start.x) * fraction, y: start.y + (end.y - start.y) * fraction))
    }
    try touchUp(at: end)
    return hit
  }

  func insertText(_ text: String) throws(SessionError) {
    try requireApp()
    try mapInput { () throws(InputError) in try window.insertText(text) }
  }

  func press(_ key: Key) throws(SessionError) {
    try requireApp()
    try mapInput { () throws(InputError) in try window.press(key) }
  }

  private func mapInput<T>(_ body: () throws(InputError) -> T) throws(SessionError) -> T {
    do {
      return try body()
    } catch {
      switch error {
      case .noFocus: throw .noFocus
      case .notInDrag: throw .notInDrag
      case .outsideWindow: throw .outsideWindow(nil)
      }
    }
  }

  // MARK: Frames

  /// The frame of everything changed since the last one, or nil when nothing changed.
  func takeFrame() -> Frame? { engine.makeFrame() }

  /// Appends the frame of everything changed since the last one to `output`, encoded; returns
  /// whether there was one (`DiffEngine.appendFrame(to:)`).
  func appendFrame(to output: inout [UInt8]) -> Bool { engine.appendFrame(to: &output) != nil }

  /// A full frame of the current tree.
  func takeFullFrame() -> Frame { engine.makeFullFrame() }

  /// Records the client's acknowledgement of frame `sequence`.
  func acknowledge(_ sequence: Int) throws(SessionError) {
    guard sequence >= 1, sequence <= engine.sequence else { throw .badAck(sequence, engine.sequence) }
    acknowledgedFrame = max(acknowledgedFrame, sequence)
  }
}

/// Why a session refused a command; each case maps to one client error code of the spec.
enum SessionError: Error {
  case unknownApp(String)
  case noApp
  case noSuchView(String)
  case outsideWindow(CGPoint?)
  /// A view named by `#ID` or `@IDENT` whose centre lies outside the window of this size.
  case targetOutsideWindow(String, CGPoint, CGSize)
  case noFocus
  case notInDrag
  case badAck(Int, Int)
  case badArgument(String)
  case atRoot
  case unsupportedVersion(Int)
  case unknownSession(String)
  case authRequired
  case badToken
  case limitReached(String)
  /// An observer's command that would change the session (section 18); the text names the verb.
  case readOnly(String)
  /// A joiner's command that belongs to the owner (section 18); the text says what and why.
  case ownerOnly(String)
  /// Another client's finger is down (section 18).
  case touchBusy
  /// `move` or `up` while the finger down is another client's (section 18).
  case fingerOfAnotherClient

  /// The spec's error code (PROTOCOL.md section 4).
  var code: ClientErrorCode {
    switch self {
    case .unknownApp: return .unknownApp
    case .noApp: return .noApp
    case .noSuchView: return .noSuchView
    case .outsideWindow, .targetOutsideWindow: return .outsideWindow
    case .noFocus: return .noFocus
    case .notInDrag: return .notInDrag
    case .badAck: return .badAck
    case .badArgument: return .badArgument
    case .atRoot: return .atRoot
    case .unsupportedVersion: return .unsupportedVersion
    case .unknownSession: return .unknownSession
    case .authRequired: return .authRequired
    case .badToken: return .badToken
    case .limitReached: return .limitReached
    case .readOnly: return .readOnly
    case .ownerOnly: return .ownerOnly
    case .touchBusy: return .touchBusy
    case .fingerOfAnotherClient: return .notInDrag
    }
  }

  /// A message a person at a telnet prompt can act on.
  var message: String {
    switch self {
    case .unknownApp(let name): return "no app named '\(name)'; 'apps' lists them"
    case .noApp: return "no app is open; 'apps' lists them, 'open NAME' opens one"
    case .noSuchView(let target): return "no view \(target) in the window"
    case .outsideWindow(let point):
      if let point {
        return
          "the point \(CanonicalNumber.format(Double(point.x))) \(CanonicalNumber.format(Double(point.y))) is outside the window"
      }
      return "the point is outside the window"
    case .targetOutsideWindow(let target, let point, let size):
      func text(_ value: CGFloat) -> String { CanonicalNumber.format(Double(value)) }
      return
        "view \(target) has its centre at \(text(point.x)) \(text(point.y)), outside the \(text(size.width))x\(text(size.height)) window"
    case .noFocus: return "no text field or text view has focus; tap one first"
    case .notInDrag: return "no finger is down; send 'down X Y' first"
    case .badAck(let sequence, let last):
      return last == 0
        ? "frame \(sequence) was never sent (none has been yet)"
        : "frame \(sequence) was never sent (the last is \(last))"
    case .badArgument(let text), .unknownSession(let text), .limitReached(let text), .ownerOnly(let text):
      return text
    case .readOnly(let verb):
      return
        "an observer cannot change the session ('\(verb)'); it may read it (tree, explain, snapshot) or quit"
    case .touchBusy:
      return "another client of this session has its finger down; try again when it lifts"
    case .fingerOfAnotherClient: return "the finger down is another client's; send 'down X Y' for your own"
    case .authRequired: return "this daemon wants its token first: auth TOKEN"
    case .badToken: return "that is not this daemon's token"
    case .atRoot: return "nothing to go back to: no navigation stack on screen holds more than its root"
    case .unsupportedVersion(let version): return ProtocolVersion.unsupportedMessage(String(version))
    }
  }
}
