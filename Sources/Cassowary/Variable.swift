/// An unknown that the solver assigns a value to.
///
/// `Variable` is a class because constraints refer to the *same* unknown from many places (a view's
/// `left` appears in its own width constraint and in its neighbour's spacing constraint); identity,
/// not the name, is what makes two terms refer to one unknown. The name is only for diagnostics.
///
/// It is deliberately not `Sendable`: `value` is written by ``Solver/updateVariables()`` and a
/// solver and its variables belong to one isolation domain (typically one layout pass).
public final class Variable {
  /// A label for descriptions and debugging; two variables with the same name are still distinct.
  public let name: String

  /// The value from the last ``Solver/updateVariables()`` (0 until then). Reading it never solves:
  /// solving is explicit so a layout pass can batch many edits into one update.
  ///
  /// Exclusivity is not checked at run time: ``Solver/updateVariables()`` writes every variable
  /// after each resize step, and the dynamic check (a thread-local access set per write) cost more
  /// than the solving itself on small layouts. Variables are not `Sendable`, so the overlapping
  /// accesses the check guards against cannot come from another thread.
  @exclusivity(unchecked) public var value: Double

  /// Creates an unknown; `value` starts at `value` and is overwritten by the solver.
  public init(_ name: String = "", value: Double = 0) {
    self.name = name
    self.value = value
  }
}

extension Variable: CustomStringConvertible {
  /// The name, or `v` and a number from the object's identity when the name is empty, so two unnamed
  /// variables in one message can still be told apart.
  public var description: String {
    name.isEmpty ? "v\(UInt(bitPattern: ObjectIdentifier(self).hashValue))" : name
  }
}
