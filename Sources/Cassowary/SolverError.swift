/// Why a ``Solver`` call was rejected. Every throwing call leaves the solver exactly as it was
/// before the call, so callers can report the error and carry on with the remaining constraints.
///
/// Each case carries the description of the offending constraint or variable (as
/// ``Constraint/description`` or ``Variable/description`` prints it), so a log line or a reply to a
/// client can name what was rejected without the caller threading it through. It is text rather
/// than the object because `Error` must be `Sendable` and constraints refer to mutable variables.
public enum SolverError: Error, Sendable, Hashable {
  /// ``Solver/addConstraint(_:)`` was given a constraint object that is already in the solver.
  case duplicateConstraint(String)
  /// A required constraint conflicts with the required constraints already in the solver.
  case unsatisfiableConstraint(String)
  /// ``Solver/removeConstraint(_:)`` was given a constraint that is not in the solver.
  case unknownConstraint(String)
  /// ``Solver/addEditVariable(_:strength:)`` was given a variable that is already editable.
  case duplicateEditVariable(String)
  /// ``Solver/suggestValue(_:_:)`` or ``Solver/removeEditVariable(_:)`` was given a variable that
  /// is not an edit variable.
  case unknownEditVariable(String)
  /// An edit variable was requested with ``Strength/required``: a suggestion must be allowed to
  /// lose against required constraints, otherwise a bad suggestion would make the system
  /// unsatisfiable.
  case badRequiredStrength(String)
  /// The tableau reached a state the algorithm rules out (an unbounded objective or a row with no
  /// pivot). Indicates a solver bug, never a caller error; the message says which step failed.
  case internalSolverError(String)
}

extension SolverError: CustomStringConvertible {
  /// One line for logs and error replies, naming the constraint or variable involved.
  public var description: String {
    switch self {
    case .duplicateConstraint(let c): "duplicate constraint: \(c)"
    case .unsatisfiableConstraint(let c): "unsatisfiable required constraint: \(c)"
    case .unknownConstraint(let c): "unknown constraint: \(c)"
    case .duplicateEditVariable(let v): "duplicate edit variable: \(v)"
    case .unknownEditVariable(let v): "unknown edit variable: \(v)"
    case .badRequiredStrength(let v): "edit variable \(v) cannot be required"
    case .internalSolverError(let message): "internal solver error: \(message)"
    }
  }
}
