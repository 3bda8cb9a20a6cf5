public import ViewWireProtocol

/// A mirror kept in step with the server across hash mismatches, as PROTOCOL.md section 7 asks:
/// a client whose hash differs sends `resync` and replaces its mirror with the full frame that
/// answers it.
///
/// This is the one code path every client here uses (the `viewwire` console and
/// `ViewWireSession`), so a test that drives the library checks what the console shows. The
/// caller feeds it every server line and sends `resync` when told to:
///
/// ```
/// frame 7 end hash=...   (mirror disagrees)  -> .resyncNeeded: send `resync`, once
/// frame 8 begin           (still waiting)     -> .skipped, and so is every line up to...
/// frame 9 begin full      (the answer)        -> .buffered: the mirror is replaced at its end
/// frame 9 end hash=...                        -> .applied
/// ```
///
/// Lines between the mismatch and the full frame are skipped rather than applied: the mirror is
/// known to be wrong, so applying diffs to it would only raise more mismatches, and the full frame
/// carries everything they changed.
public struct MirrorSync: Sendable {
  /// What one server line did.
  public enum Event: Sendable, Equatable {
    /// Not a frame line (a reply, a trace, a greeting): the caller handles it.
    case other
    /// A frame line, buffered until its frame's `end`.
    case buffered
    /// A frame's `end`: the frame was applied and its hash and view count check out.
    case applied(sequence: Int, views: Int)
    /// A frame line skipped while waiting for the full frame after a mismatch.
    case skipped
    /// The mirror disagrees with the server: the caller sends `resync` now. Comes once per
    /// mismatch; lines up to the full frame that answers it are then skipped.
    case resyncNeeded(Mirror.Failure)
    /// The full frame that should have replaced the mirror did not check out either. A full
    /// frame stands alone, so asking again would bring the same frame and loop; nothing is to be
    /// sent, and the mirror waits for the next full frame (after `open` or `snapshot`).
    case unrecoverable(Mirror.Failure)
  }

  /// The client's copy of the tree; exact after every `.applied`.
  public private(set) var mirror = Mirror()
  /// How many `resync`s this client was told to send, so tests can assert none were needed.
  public private(set) var resyncCount = 0
  /// Whether a mismatch was found and no full frame has replaced the mirror since.
  public private(set) var isAwaitingFullFrame = false
  /// Whether the frame being read is the full frame that ends a wait; its failure is
  /// `.unrecoverable` rather than another resync.
  private var isRepairing = false

  /// Starts with an empty mirror, as a new connection does.
  public init() {}

  /// Forgets a frame the lost connection cut before its `end`: the mirror stays as the last
  /// whole frame left it, and `mirror.sequence` is what a `resume` names (PROTOCOL.md section 15).
  public mutating func connectionLost() {
    mirror.dropUnfinishedFrame()
  }

  /// Feeds one server line and says what it did; on `.resyncNeeded` the caller sends `resync`.
  public mutating func consume(_ line: ServerLine) -> Event {
    if isAwaitingFullFrame {
      switch line {
      case .frameBegin(_, isFull: true):
        isAwaitingFullFrame = false
        isRepairing = true
      case .frameBegin, .frameEnd, .remove, .create, .move, .layout, .shift, .render:
        return .skipped
      default:
        return .other
      }
    }
    do {
      guard try mirror.consume(line) else { return .other }
    } catch {
      isAwaitingFullFrame = true
      if isRepairing {
        isRepairing = false
        return .unrecoverable(error)
      }
      resyncCount += 1
      return .resyncNeeded(error)
    }
    guard case .frameEnd(let sequence, _, let views) = line else { return .buffered }
    isRepairing = false
    return .applied(sequence: sequence, views: views)
  }
}
