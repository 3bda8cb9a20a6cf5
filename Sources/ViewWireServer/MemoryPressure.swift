/// Decides when the daemon's resident memory calls for a memory warning: once when it rises
/// above the soft limit, then not again until it has fallen below `rearmFraction` of the limit
/// (PROTOCOL.md section 5, "Memory warnings").
///
/// Without the margin, memory that stays above the limit (what no controller can release) would
/// warn every session at every check, and each would drop and rebuild its hidden views every
/// second for nothing; a reading that hovers at the limit would do the same.
struct MemoryPressure {
  /// The soft limit in bytes: a reading above it warns.
  let limit: Int
  /// A reading below this many bytes re-arms the warning.
  let rearmLevel: Int
  /// Whether a warning went out and memory has not fallen below `rearmLevel` since.
  private(set) var hasWarned = false

  init(limit: Int, rearmFraction: Double = 0.9) {
    self.limit = limit
    self.rearmLevel = Int(Double(limit) * rearmFraction)
  }

  /// Takes one reading of resident memory in bytes; returns whether to warn now.
  mutating func shouldWarn(resident: Int) -> Bool {
    if hasWarned {
      if resident < rearmLevel { hasWarned = false }
      return false
    }
    guard resident > limit else { return false }
    hasWarned = true
    return true
  }
}
