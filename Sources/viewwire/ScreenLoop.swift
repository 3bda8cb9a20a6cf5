import Foundation
import Glibc
import ViewWireClient
import ViewWireProtocol
import ViewWireTerminal

/// The screen's state and its one loop: input, server lines and signals in; commands and
/// redrawn cells out. A dropped connection is resumed (`ResumingLink`) with "reconnecting…" on
/// the status line meanwhile.
struct ScreenLoop {
  private let link: ResumingLink
  private var session: Int
  private var app: String?
  private let encoder: ScreenEncoder
  private var sync = MirrorSync()
  private var decoder = InputDecoder()
  private var input = ScreenInput()
  private var size = TerminalMode.size()
  /// What the terminal shows now; nil when unknown (the next draw writes every cell).
  private var shown: CellGrid?
  private var showsStatus = false
  private var lastError: String?
  /// The apps offered while none is open (the reply to `apps`), in the server's order.
  private var menu: [(name: String, title: String)] = []
  private var pendingApps: [(name: String, title: String)] = []
  private var hasOpenApp = false
  private var animator = Animator()
  /// Whether the frame being read is full (never animated).
  private var frameIsFull = false
  /// Whether the status line showed before a drop put "reconnecting…" on it.
  private var showedStatusBeforeDrop = false

  init(link: ResumingLink, app: String?, mode: ScreenEncoder.ColourMode) {
    self.link = link
    session = link.session
    self.app = app
    encoder = ScreenEncoder(mode: mode)
  }

  /// Runs until the user quits (returns) or the connection ends (throws).
  mutating func run() throws {
    start()
    draw()
    while true {
      var descriptors = [
        pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
        pollfd(fd: link.inbox.wakeDescriptor, events: Int16(POLLIN), revents: 0),
        pollfd(fd: SignalPipe.descriptors.read, events: Int16(POLLIN), revents: 0),
      ]
      // A lone ESC is the Escape key if nothing follows it within 50 ms; an animation draws
      // about 30 times a second.
      let animating = animator.isAnimating(at: Self.now)
      let timeout: Int32 = decoder.hasPending ? (animating ? 33 : 50) : (animating ? 33 : -1)
      let ready = poll(&descriptors, nfds_t(descriptors.count), timeout)
      if ready < 0 && errno != EINTR { throw ScreenFailure.closed(String(cString: strerror(errno))) }
      if animating {
        animator.prune(at: Self.now)
        draw()
      }
      if ready == 0 {
        if decoder.hasPending, try handle(decoder.flush()) { return }
        continue
      }
      for signal in SignalPipe.drain() {
        if signal == SIGWINCH {
          try resize()
        } else {
          return
        }
      }
      if descriptors[0].revents != 0 {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = read(STDIN_FILENO, &buffer, buffer.count)
        if count == 0 { return }
        if count > 0, try handle(decoder.feed(buffer[0..<count])) { return }
      }
      let (lines, closed) = link.inbox.take()
      var changed = false
      for line in lines { changed = try receive(line) || changed }
      if changed { draw() }
      if closed { try reconnect() }
    }
  }

  /// Says what the screen is and opens its app (or asks for the list): a new session's start.
  private func start() {
    let window = CellMetrics.windowSize(columns: size.columns, rows: size.rows)
    link.send("hello idiom=terminal size=\(window.width)x\(window.height)")
    if let app {
      link.send("open \(Quoting.quote(app))")
    } else {
      link.send("apps")
    }
  }

  /// The connection ended: resumes the session, with "reconnecting…" on the status line until
  /// it is back; throws when the session is over (a quit, a shutdown) or the daemon stays away.
  private mutating func reconnect() throws {
    sync.connectionLost()
    guard link.shouldResume else { throw ScreenFailure.closed(nil) }
    showedStatusBeforeDrop = showsStatus
    showsStatus = true
    lastError = "reconnecting…"
    draw()
    do {
      try link.reconnect(lastFrame: sync.isAwaitingFullFrame ? 0 : sync.mirror.sequence)
    } catch {
      throw ScreenFailure.closed("\(error)")
    }
  }

  /// Acts on decoded input; true when the user asked to quit.
  private mutating func handle(_ events: [InputEvent]) throws -> Bool {
    for event in events {
      if !hasOpenApp, !menu.isEmpty, case .mouse(let report) = event, report.kind == .press {
        if let choice = AppMenu.app(atRow: report.row, of: menu.map(\.name)) {
          link.send("open \(Quoting.quote(choice))")
        }
        continue
      }
      if case .mouse(let report) = event, case .wheel(let up) = report.kind, !input.isDragging {
        try scroll(report, up: up)
        continue
      }
      for action in input.actions(for: event) {
        switch action {
        case .send(let line): link.send(line)
        case .toggleStatus:
          showsStatus.toggle()
          draw()
        case .quit: return true
        }
      }
    }
    return false
  }

  /// Scrolls the scroll view under the pointer by three rows a wheel notch, as a drag: the
  /// finger moves down to scroll up. Nothing happens elsewhere.
  private func scroll(_ report: MouseReport, up: Bool) throws {
    let centre = CellMetrics.centre(column: report.column, row: report.row)
    guard let x = Double(centre.x), let y = Double(centre.y),
      ScrollTarget.isOverScrollView(sync.mirror, x: x, y: y)
    else { return }
    let height = Double(size.rows) * CellMetrics.cellHeight
    let target = max(0.5, min(height - 0.5, y + (up ? 3 : -3) * CellMetrics.cellHeight))
    link.send("drag \(centre.x) \(centre.y) \(centre.x) \(CanonicalNumber.format(target)) steps=1")
  }

  /// Applies one server line; true when the screen must be drawn again.
  private mutating func receive(_ text: String) throws -> Bool {
    switch link.take(text) {
    case .pass: break
    case .swallow: return false
    case .resumed(let resumed, _):
      session = resumed
      lastError = nil
      showsStatus = showedStatusBeforeDrop
      shown = nil
      return true
    case .replaced(let replacement, let reason):
      session = replacement
      sync = MirrorSync()
      animator = Animator()
      hasOpenApp = false
      menu = []
      pendingApps = []
      lastError = "the session was gone (\(reason)): this is a new one"
      start()
      shown = nil
      return true
    }
    let line = ServerLine.parse(text)
    if case .frameBegin(_, let isFull) = line { frameIsFull = isFull }
    // The mirror before a frame's end, for the animator; taken only then, since a copy held
    // while lines are buffered would make each buffered line copy the whole buffer.
    var before: Mirror?
    if case .frameEnd = line { before = sync.mirror }
    switch sync.consume(line) {
    case .applied:
      if let before {
        animator.frameApplied(old: before, new: sync.mirror, isFull: frameIsFull, now: Self.now)
      }
      return true
    case .resyncNeeded: link.send("resync", numbered: false)
    case .unrecoverable(let failure): lastError = "mirror: \(failure)"
    case .buffered, .skipped: break
    case .other:
      switch line {
      case .app(let name, let title): pendingApps.append((name, title))
      case .ok("apps", _):
        menu = pendingApps
        pendingApps = []
        return true
      case .ok("open", let fields):
        hasOpenApp = true
        app = fields.first { $0.key == "app" }?.value ?? app
        lastError = nil
        return true
      case .ok("close", _):
        hasOpenApp = false
        return true
      case .error(_, let code, let message):
        lastError = "\(code): \(message)"
        // With no app open (a misspelt APP, say) nothing else would say why the screen is empty.
        if !hasOpenApp && menu.isEmpty { showsStatus = true }
        return showsStatus
      // A session that can be resumed outlives a bye: the close that follows resumes it.
      case .bye(let reason) where !link.shouldResume: throw ScreenFailure.closed(reason)
      default: break
      }
    }
    return false
  }

  /// Seconds on a steady clock, for animations.
  private static var now: Double { ProcessInfo.processInfo.systemUptime }

  /// Follows the terminal's new size: the server's window takes it, and every cell is redrawn.
  private mutating func resize() throws {
    let newSize = TerminalMode.size()
    guard newSize != size else { return }
    size = newSize
    let window = CellMetrics.windowSize(columns: size.columns, rows: size.rows)
    link.send("resize \(window.width) \(window.height)")
    shown = nil
    draw()
  }

  /// Draws the mirror (and the menu or the status line) with the cells that changed.
  private mutating func draw() {
    var grid = Rasterizer.grid(
      of: sync.mirror, columns: size.columns, rows: size.rows, overrides: animator.nodes(at: Self.now))
    if !hasOpenApp && !menu.isEmpty { grid = AppMenu.overlay(menu, on: grid) }
    if showsStatus {
      grid = StatusLine.overlay(
        StatusLine.text(app: hasOpenApp ? app : nil, session: session, lastError: lastError), on: grid)
    }
    let bytes = encoder.update(from: shown, to: grid)
    if !bytes.isEmpty { writeAll(bytes) }
    shown = grid
  }
}
