/// Why a ``Solver`` call was rejected. Every throwing call leaves the solver exactly as it was
/// before the call, so callers can report the error and carry on with the remaining constraints.
///
/// The cases carry no payload because the offending constraint or variable is the argument the
/// caller just passed (and those types are not `Sendable`, which `Error` requires).
public enum SolverError: Error, Sendable, Hashable {
  /// ``Solver/addConstraint(_:)`` was given a constraint object that is already in the solver.
  case duplicateConstraint
  /// A required constraint conflicts with the required constraints already in the solver.
  case unsatisfiableConstraint
  /// ``Solver/removeConstraint(_:)`` was given a constraint that is not in the solver.
  case unknownConstraint
  /// ``Solver/addEditVariable(_:strength:)`` was given a variable that is already editable.
  case duplicateEditVariable
  /// ``Solver/suggestValue(_:_:)`` or ``Solver/removeEditVariable(_:)`` was given a variable that
  /// is not an edit variable.
  case unknownEditVariable
  /// An edit variable was requested with ``Strength/required``: a suggestion must be allowed to
  /// lose against required constraints, otherwise a bad suggestion would make the system
  /// unsatisfiable.
  case badRequiredStrength
  /// The tableau reached a state the algorithm rules out (an unbounded objective or a row with no
  /// pivot). Indicates a solver bug, never a caller error; the message says which step failed.
  case internalSolverError(String)
}
