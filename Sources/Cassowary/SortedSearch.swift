extension RandomAccessCollection where Index == Int {
  /// Binary search in elements sorted by `key`, each key at most once: the index of the element
  /// whose key is `target` and `true`, or the index where such an element would be inserted and
  /// `false`. The solver's one binary search (a row's cells by symbol id, packed or not, and the
  /// edit entries by variable).
  ///
  /// Not swift-algorithms' `partitioningIndex(where:)`, which the rest of the package uses:
  /// Cassowary depends on nothing (README, the module graph), and this stops at the match, as the
  /// three loops it replaces did, where a lower bound always halves the range down to one element
  /// and then compares again; a row's cells are mostly looked up for a symbol the row holds (the
  /// column index lists the rows that mention it).
  @inline(__always)
  func sortedPosition<Key: Comparable>(of target: Key, by key: (Element) -> Key) -> (index: Int, found: Bool)
  {
    var low = startIndex
    var high = endIndex
    while low < high {
      let middle = (low &+ high) >> 1
      let probe = key(self[middle])
      if probe < target {
        low = middle &+ 1
      } else if probe > target {
        high = middle
      } else {
        return (middle, true)
      }
    }
    return (low, false)
  }
}
