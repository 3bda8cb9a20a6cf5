/// The bounds a size puts on a width and a height variable, as one object the solver holds:
/// Auto Layout's intrinsic content size (`width <= w` at the hugging strength, `width >= w` at
/// the compression strength, the same for the height, and `width >= 0`, `height >= 0` required).
///
/// Why not six ``Constraint``s: a layout engine keeps these for every view it lays out, for as
/// long as the view is shown, and six constraint objects with their terms arrays, a list to
/// find them again and six solver entries were about 620 bytes a view (a quarter of an idle
/// login session's layout; BENCHMARKS.md, Stop 15). One object and one entry are about 160.
///
/// The solver builds each bound's row from a ``Constraint`` made as the six constraints were
/// made (`Expression(terms: [variable], constant: 0 + value * -1)`, the relation and the
/// strength), adds them in that order and removes them in that order, so the tableau, and every
/// value it gives, is the one the six constraints gave, bit for bit. A bound that cannot be
/// added (a required one in conflict) is left out, as a constraint the solver refused would be.
///
/// Immutable, apart from the solver's bookkeeping; not `Sendable`, its variables are mutable.
public final class SizeBounds {
  /// The variables bounded.
  public let width: Variable
  /// See ``width``.
  public let height: Variable
  /// The intrinsic width, nil for none (then only `width >= 0` bounds it).
  public var widthValue: Double? { hasWidth ? storedWidth : nil }
  /// The intrinsic height, nil for none (then only `height >= 0` bounds it).
  public var heightValue: Double? { hasHeight ? storedHeight : nil }
  private let storedWidth: Double
  private let storedHeight: Double
  /// The strengths of `width <= w`, `width >= w`, `height <= h` and `height >= h`.
  private let strengths: (Strength, Strength, Strength, Strength)
  /// Per bound, in the order added: the tag's two symbols as `PackedRows.pack` packs them, 0
  /// (the invalid symbol) while the bound is not in a solver.
  private var tags: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0)
  /// Where the solver holding it keeps its entry (see ``Constraint``'s `solverIndex`).
  var solverIndex: Int32 = -1
  private let hasWidth: Bool
  private let hasHeight: Bool

  /// How many bounds there can be: four for the lengths, two for `>= 0`.
  static let boundCount = 6

  /// Bounds of `width` and `height` by an intrinsic size: `widthValue` (nil for none) with the
  /// strengths of `width <= width` (hugging) and `width >= width` (compression), the same for
  /// the height; `width >= 0` and `height >= 0` are required in any case.
  public init(
    width: Variable, height: Variable, widthValue: Double?, heightValue: Double?,
    widthHugging: Strength, widthCompression: Strength, heightHugging: Strength, heightCompression: Strength
  ) {
    self.width = width
    self.height = height
    storedWidth = widthValue ?? 0
    storedHeight = heightValue ?? 0
    hasWidth = widthValue != nil
    hasHeight = heightValue != nil
    strengths = (widthHugging, widthCompression, heightHugging, heightCompression)
  }

  /// Whether the bound at `index` exists: the lengths of an axis with an intrinsic length, and
  /// the two `>= 0`.
  func hasBound(_ index: Int) -> Bool {
    switch index {
    case 0, 1: hasWidth
    case 2, 3: hasHeight
    default: true
    }
  }

  /// The constraint the bound at `index` stands for, made exactly as the six constraints were
  /// made (same terms, same constant bits, same strength), so its row is theirs.
  func constraint(_ index: Int) -> Constraint {
    let variable = index == 0 || index == 1 || index == 4 ? width : height
    let value: Double
    let relation: Relation
    let strength: Strength
    switch index {
    case 0: (value, relation, strength) = (storedWidth, .lessOrEqual, strengths.0)
    case 1: (value, relation, strength) = (storedWidth, .greaterOrEqual, strengths.1)
    case 2: (value, relation, strength) = (storedHeight, .lessOrEqual, strengths.2)
    case 3: (value, relation, strength) = (storedHeight, .greaterOrEqual, strengths.3)
    default: (value, relation, strength) = (0, .greaterOrEqual, .required)
    }
    return Constraint(
      Expression(terms: [Term(variable)], constant: 0 + value * -1), relation, strength: strength)
  }

  /// The bound's tag in the solver holding it; an invalid marker when it is not held.
  func tag(_ index: Int) -> Solver.Tag {
    let packed = withUnsafeBytes(of: tags) { $0.load(fromByteOffset: index * 8, as: UInt64.self) }
    return Solver.Tag(
      marker: PackedRows.unpack(UInt32(truncatingIfNeeded: packed)),
      other: PackedRows.unpack(UInt32(truncatingIfNeeded: packed >> 32)))
  }

  /// Records the bound's tag (`.invalid` markers: not held).
  func setTag(_ index: Int, _ tag: Solver.Tag) {
    let packed = UInt64(PackedRows.pack(tag.marker)) | UInt64(PackedRows.pack(tag.other)) << 32
    withUnsafeMutableBytes(of: &tags) { $0.storeBytes(of: packed, toByteOffset: index * 8, as: UInt64.self) }
  }

  /// Whether the bound is in the solver holding this object.
  func isHeld(_ index: Int) -> Bool { tag(index).marker.isValid }
}
