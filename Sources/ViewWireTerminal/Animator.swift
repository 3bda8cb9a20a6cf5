public import ViewWireClient
import ViewWireProtocol

/// Plays the animations frames announce (PROTOCOL.md, "Animations"), as cells allow.
///
/// A frame that sets a view's `anim` to `"SERIAL DURATION DELAY CURVE"` asks the client to show
/// that view's changes in the frame moving from what it showed before to the new values: after
/// `DELAY` seconds, over `DURATION`, along the CSS curve named. Numbers (the layout, `alpha`,
/// `radius`, `value`...) and colours are interpolated; other values take their new value when the
/// animation starts. The mirror keeps only final values (the hash is over them); the animator
/// keeps, for each animating view, where it comes from, and gives the rasteriser the view as it
/// is at a moment (`nodes(at:)`). A frame that changes an animating view without setting `anim`
/// shows it at once, and a full frame is never animated, as the spec says.
public struct Animator: Sendable {
  struct Track: Sendable {
    var from: Mirror.Node
    var to: Mirror.Node
    var start: Double
    var duration: Double
    var curve: String
  }

  private var tracks: [Int: Track] = [:]

  /// No animation playing.
  public init() {}

  /// Whether any view is still moving (or waiting for its delay) at `now`.
  public func isAnimating(at now: Double) -> Bool {
    tracks.values.contains { now < $0.start + $0.duration }
  }

  /// Takes the frame that turned `old` into `new`, applied at `now` (seconds on any steady clock).
  public mutating func frameApplied(old: Mirror, new: Mirror, isFull: Bool, now: Double) {
    let shown = nodes(at: now)
    var next: [Int: Track] = [:]
    for (id, node) in new.nodes {
      guard let before = old.nodes[id] else { continue }
      if !isFull, let anim = node.string("anim"), node.properties["anim"] != before.properties["anim"] {
        let parts = anim.split(separator: " ")
        guard parts.count == 4, let duration = CanonicalNumber.parse(parts[1]),
          let delay = CanonicalNumber.parse(parts[2]), duration > 0
        else { continue }
        next[id] = Track(
          from: shown[id] ?? before, to: node, start: now + max(0, delay), duration: duration,
          curve: String(parts[3]))
      } else if let track = tracks[id], node == track.to, now < track.start + track.duration {
        next[id] = track  // not touched by this frame: it keeps moving
      }
    }
    tracks = next
  }

  /// Drops the animations that have ended by `now`.
  public mutating func prune(at now: Double) {
    tracks = tracks.filter { now < $0.value.start + $0.value.duration }
  }

  /// The animating views as they look at `now`, by id; views not listed show their mirror's state.
  public func nodes(at now: Double) -> [Int: Mirror.Node] {
    var result: [Int: Mirror.Node] = [:]
    for (id, track) in tracks {
      if now < track.start {
        result[id] = track.from
        continue
      }
      let progress = Self.ease(track.curve, min(1, (now - track.start) / track.duration))
      var node = track.to
      node.frame = zip(track.from.frame, track.to.frame).map { Self.mix($0, $1, progress) ?? $1 }
      for (key, value) in track.to.properties {
        guard let before = track.from.properties[key] else { continue }
        node.properties[key] = Self.mix(before, value, progress) ?? value
      }
      result[id] = node
    }
    return result
  }

  /// Two wire values at `progress` between them: numbers and colours mix, anything else is nil.
  static func mix(_ from: String, _ to: String, _ progress: Double) -> String? {
    if let a = WireColor(wireText: from), let b = WireColor(wireText: to), from.hasPrefix("#") {
      func channel(_ x: UInt8, _ y: UInt8) -> UInt8 {
        UInt8((Double(x) + (Double(y) - Double(x)) * progress).rounded())
      }
      return WireColor(
        red: channel(a.red, b.red), green: channel(a.green, b.green), blue: channel(a.blue, b.blue),
        alpha: channel(a.alpha, b.alpha)
      ).wireText
    }
    if let a = CanonicalNumber.parse(from), let b = CanonicalNumber.parse(to) {
      return CanonicalNumber.format(a + (b - a) * progress)
    }
    return nil
  }

  /// The CSS timing function of that name at `t` (0...1): `cubic-bezier` with its standard
  /// control points, solved for x by bisection.
  static func ease(_ curve: String, _ t: Double) -> Double {
    let controls: (Double, Double, Double, Double)
    switch curve {
    case "easeIn": controls = (0.42, 0, 1, 1)
    case "easeOut": controls = (0, 0, 0.58, 1)
    case "easeInOut": controls = (0.42, 0, 0.58, 1)
    default: return t
    }
    func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
      3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s
    }
    var low = 0.0
    var high = 1.0
    for _ in 0..<30 {
      let middle = (low + high) / 2
      if bezier(middle, controls.0, controls.2) < t { low = middle } else { high = middle }
    }
    return bezier((low + high) / 2, controls.1, controls.3)
  }
}
