// Small statistics helpers for the benchmarks: monotonic time, medians and percentiles.
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Monotonic time in nanoseconds.
@inline(__always)
public func nowNanoseconds() -> UInt64 {
  var time = timespec()
  clock_gettime(CLOCK_MONOTONIC, &time)
  return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// The value below which `fraction` of `sorted` lies (nearest rank); 0 for none.
public func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
  guard !sorted.isEmpty else { return 0 }
  let rank = Int((fraction * Double(sorted.count)).rounded(.up)) - 1
  return sorted[max(0, min(sorted.count - 1, rank))]
}

/// The median of `values` (0 for none).
public func median(_ values: [Double]) -> Double {
  percentile(values.sorted(), 0.5)
}

/// `text` padded to `width` characters, on the left when `right`.
public func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
  let gap = String(repeating: " ", count: max(0, width - text.count))
  return right ? gap + text : text + gap
}
