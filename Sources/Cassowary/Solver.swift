/// An incremental Cassowary solver (Badros, Borning & Stuckey, 2001).
///
/// Constraints are kept in a simplex tableau in solved form, so adding or removing one constraint
/// costs a few pivots rather than a full solve, and changing the value of an edit variable (a
/// window being resized, a view being dragged) is re-optimised with the dual simplex method
/// starting from the previous optimum — nothing is rebuilt. The solution minimises the
/// strength-weighted violation of the non-required constraints while satisfying every required
/// one exactly.
///
/// Typical use:
/// ```swift
/// let solver = Solver()
/// try solver.addConstraint(x + width == windowWidth)
/// try solver.addEditVariable(windowWidth, strength: .strong)
/// try solver.suggestValue(windowWidth, 390)
/// solver.updateVariables()  // x.value, width.value now hold the solution
/// ```
///
/// Every throwing call leaves the solver unchanged when it throws. Not `Sendable`: a solver is a
/// mutable object that lives in one isolation domain along with its variables.
public final class Solver {
  /// The tableau symbols a constraint introduced: `marker` identifies its row (for removal and,
  /// for edits, for shifting the constant); `other` is the second error symbol of a non-required
  /// constraint, or `.invalid`.
  struct Tag {
    var marker: Symbol
    var other: Symbol
  }

  struct ConstraintEntry {
    let constraint: Constraint
    let tag: Tag
  }

  struct VariableEntry {
    let variable: Variable
    let symbol: Symbol
  }

  struct EditEntry {
    let tag: Tag
    let constraint: Constraint
    var constant: Double
  }

  private var constraints: [ObjectIdentifier: ConstraintEntry] = [:]
  private var rows: [Symbol: Row] = [:]
  private var variables: [ObjectIdentifier: VariableEntry] = [:]
  private var edits: [ObjectIdentifier: EditEntry] = [:]
  private var infeasibleRows: [Symbol] = []
  private var objective = Row()
  private var artificial: Row?
  private var nextSymbolID = 1

  /// An empty solver.
  public init() {}

  // MARK: - Constraints

  /// Adds a constraint and re-optimises.
  ///
  /// - Throws: ``SolverError/duplicateConstraint`` if this object was already added;
  ///   ``SolverError/unsatisfiableConstraint`` if it is required and conflicts with the required
  ///   constraints already present (the solver is left as it was).
  public func addConstraint(_ constraint: Constraint) throws(SolverError) {
    let key = ObjectIdentifier(constraint)
    guard constraints[key] == nil else { throw .duplicateConstraint }

    let (row, tag) = makeRow(for: constraint)
    var subject = chooseSubject(row, tag)

    // A row of dummies only is a required equality that is either redundant (constant 0) or in
    // conflict with the existing required equalities.
    if !subject.isValid && row.isAllDummies {
      guard nearZero(row.constant) else { throw .unsatisfiableConstraint }
      subject = tag.marker
    }

    if subject.isValid {
      row.solve(for: subject)
      substitute(subject, row)
      rows[subject] = row
    } else {
      guard try addWithArtificialVariable(row) else {
        // The artificial phase only pivoted the existing system into an equivalent basis; the
        // rejected row was dropped, so restoring optimality is all that is left to do.
        try optimize(objective)
        throw .unsatisfiableConstraint
      }
    }

    constraints[key] = ConstraintEntry(constraint: constraint, tag: tag)
    try optimize(objective)
  }

  /// Removes a constraint previously added and re-optimises; the solution is the one the
  /// remaining constraints alone would give.
  ///
  /// - Throws: ``SolverError/unknownConstraint`` if the constraint is not in the solver.
  public func removeConstraint(_ constraint: Constraint) throws(SolverError) {
    guard let entry = constraints.removeValue(forKey: ObjectIdentifier(constraint)) else {
      throw .unknownConstraint
    }
    let tag = entry.tag
    removeErrorTerms(tag, strength: constraint.strength)

    // If the marker is basic its row is the constraint; otherwise pivot the marker into the basis
    // through the row that keeps the tableau feasible, then drop that row.
    if rows.removeValue(forKey: tag.marker) == nil {
      guard let leaving = markerLeavingRow(tag.marker), let row = rows.removeValue(forKey: leaving)
      else { throw .internalSolverError("failed to find leaving row for a constraint marker") }
      row.solve(for: leaving, tag.marker)
      substitute(tag.marker, row)
    }
    try optimize(objective)
  }

  /// Whether this constraint object is currently in the solver.
  public func hasConstraint(_ constraint: Constraint) -> Bool {
    constraints[ObjectIdentifier(constraint)] != nil
  }

  // MARK: - Edit variables

  /// Makes `variable` editable with ``suggestValue(_:_:)``; suggestions compete with the other
  /// constraints at `strength`. Until the first suggestion the variable is pulled towards 0.
  ///
  /// - Throws: ``SolverError/duplicateEditVariable`` if it is already editable;
  ///   ``SolverError/badRequiredStrength`` for a required strength.
  public func addEditVariable(_ variable: Variable, strength: Strength) throws(SolverError) {
    let key = ObjectIdentifier(variable)
    guard edits[key] == nil else { throw .duplicateEditVariable }
    guard !strength.isRequired else { throw .badRequiredStrength }
    let constraint = Constraint(Expression(variable), .equal, strength: strength)
    try addConstraint(constraint)
    guard let entry = constraints[ObjectIdentifier(constraint)] else {
      throw .internalSolverError("edit constraint missing after it was added")
    }
    edits[key] = EditEntry(tag: entry.tag, constraint: constraint, constant: 0)
  }

  /// Stops `variable` from being editable and removes its edit constraint.
  ///
  /// - Throws: ``SolverError/unknownEditVariable`` if it is not an edit variable.
  public func removeEditVariable(_ variable: Variable) throws(SolverError) {
    guard let entry = edits.removeValue(forKey: ObjectIdentifier(variable)) else {
      throw .unknownEditVariable
    }
    try removeConstraint(entry.constraint)
  }

  /// Whether `variable` is currently an edit variable.
  public func hasEditVariable(_ variable: Variable) -> Bool {
    edits[ObjectIdentifier(variable)] != nil
  }

  /// Suggests a value for an edit variable and re-optimises incrementally with the dual simplex
  /// method: only the edit constraint's constant changes, so the previous basis stays optimal
  /// (only possibly infeasible) and is repaired by a few dual pivots instead of a rebuild.
  ///
  /// Call ``updateVariables()`` afterwards to read the result.
  ///
  /// - Throws: ``SolverError/unknownEditVariable`` if `variable` is not an edit variable.
  public func suggestValue(_ variable: Variable, _ value: Double) throws(SolverError) {
    let key = ObjectIdentifier(variable)
    guard var entry = edits[key] else { throw .unknownEditVariable }
    let delta = value - entry.constant
    entry.constant = value
    edits[key] = entry

    let tag = entry.tag
    if let row = rows[tag.marker] {
      // The positive error is basic: only its own row moves.
      if row.add(-delta) < 0 { infeasibleRows.append(tag.marker) }
    } else if let row = rows[tag.other] {
      if row.add(delta) < 0 { infeasibleRows.append(tag.other) }
    } else {
      // Both errors are parametric: every row that mentions the marker shifts by its coefficient.
      for (symbol, row) in rows {
        let coefficient = row.coefficient(for: tag.marker)
        if coefficient != 0 && row.add(delta * coefficient) < 0 && symbol.isRestricted {
          infeasibleRows.append(symbol)
        }
      }
    }
    try dualOptimize()
  }

  // MARK: - Results

  /// Copies the current solution into every ``Variable/value`` the solver knows about.
  public func updateVariables() {
    for entry in variables.values {
      entry.variable.value = rows[entry.symbol]?.constant ?? 0
    }
  }

  /// Removes every constraint and edit variable, as if newly created.
  public func reset() {
    constraints = [:]
    rows = [:]
    variables = [:]
    edits = [:]
    infeasibleRows = []
    objective = Row()
    artificial = nil
    nextSymbolID = 1
  }

  // MARK: - Tableau construction

  private func newSymbol(_ kind: Symbol.Kind) -> Symbol {
    defer { nextSymbolID += 1 }
    return Symbol(id: nextSymbolID, kind: kind)
  }

  private func symbol(for variable: Variable) -> Symbol {
    let key = ObjectIdentifier(variable)
    if let entry = variables[key] { return entry.symbol }
    let symbol = newSymbol(.external)
    variables[key] = VariableEntry(variable: variable, symbol: symbol)
    return symbol
  }

  /// Builds the tableau row for a constraint in terms of the current parametric symbols, adding
  /// a slack for inequalities and error symbols (weighted in the objective) for non-required
  /// constraints. The constant is made non-negative so that a restricted subject keeps the
  /// tableau feasible.
  private func makeRow(for constraint: Constraint) -> (Row, Tag) {
    let expression = constraint.expression
    let row = Row(constant: expression.constant)
    for term in expression.terms where !nearZero(term.coefficient) {
      let symbol = symbol(for: term.variable)
      if let basic = rows[symbol] {
        row.insert(basic, term.coefficient)
      } else {
        row.insert(symbol, term.coefficient)
      }
    }

    var tag = Tag(marker: .invalid, other: .invalid)
    let strength = constraint.strength.value
    let required = constraint.strength.isRequired
    switch constraint.relation {
    case .lessOrEqual, .greaterOrEqual:
      let sign: Double = constraint.relation == .lessOrEqual ? 1 : -1
      let slack = newSymbol(.slack)
      tag.marker = slack
      row.insert(slack, sign)
      if !required {
        let error = newSymbol(.error)
        tag.other = error
        row.insert(error, -sign)
        objective.insert(error, strength)
      }
    case .equal:
      if required {
        let dummy = newSymbol(.dummy)
        tag.marker = dummy
        row.insert(dummy)
      } else {
        let plus = newSymbol(.error)
        let minus = newSymbol(.error)
        tag.marker = plus
        tag.other = minus
        row.insert(plus, -1)
        row.insert(minus, 1)
        objective.insert(plus, strength)
        objective.insert(minus, strength)
      }
    }

    if row.constant < 0 { row.reverseSign() }
    return (row, tag)
  }

  /// The symbol to make basic for a new row: an external variable if there is one (unrestricted,
  /// so always feasible), else the constraint's own slack or error if its coefficient is negative
  /// (solving for it keeps a non-negative constant). `.invalid` means an artificial variable is
  /// needed.
  private func chooseSubject(_ row: Row, _ tag: Tag) -> Symbol {
    if let external = row.cells.first(where: { $0.symbol.kind == .external }) { return external.symbol }
    for candidate in [tag.marker, tag.other] where candidate.isPivotable {
      if row.coefficient(for: candidate) < 0 { return candidate }
    }
    return .invalid
  }

  /// Phase one of the simplex method for one row: adds it with an artificial basic variable and
  /// minimises that variable. Returns whether the row is satisfiable; on failure the row is
  /// dropped again and the rest of the tableau is an equivalent re-pivoting of what it was.
  private func addWithArtificialVariable(_ row: Row) throws(SolverError) -> Bool {
    let art = newSymbol(.slack)
    rows[art] = Row(copying: row)
    artificial = Row(copying: row)
    defer { artificial = nil }
    try optimize(artificial!)
    let artificialValue = artificial!.constant

    if let artRow = rows.removeValue(forKey: art) {
      // Still basic: the artificial variable could not be driven to zero unless its value is 0.
      // The constraint's own symbols have only ever appeared in this row, so dropping it removes
      // the constraint completely.
      guard nearZero(artificialValue) else { return false }
      if artRow.cells.isEmpty { return true }
      let entering = anyPivotableSymbol(artRow)
      guard entering.isValid else { return false }
      artRow.solve(for: art, entering)
      substitute(entering, artRow)
      rows[entering] = artRow
    }
    // The artificial variable is parametric (so zero): remove its column.
    for row in rows.values { row.remove(art) }
    objective.remove(art)
    return true
  }

  private func anyPivotableSymbol(_ row: Row) -> Symbol {
    row.cells.first { $0.symbol.isPivotable }?.symbol ?? .invalid
  }

  /// Replaces `symbol` everywhere by `row` and records rows that became infeasible.
  private func substitute(_ symbol: Symbol, _ row: Row) {
    for (basic, other) in rows {
      other.substitute(symbol, row)
      if basic.isRestricted && other.constant < 0 {
        infeasibleRows.append(basic)
      }
    }
    objective.substitute(symbol, row)
    artificial?.substitute(symbol, row)
  }

  private func removeErrorTerms(_ tag: Tag, strength: Strength) {
    for symbol in [tag.marker, tag.other] where symbol.kind == .error {
      if let row = rows[symbol] {
        objective.insert(row, -strength.value)
      } else {
        objective.insert(symbol, -strength.value)
      }
    }
  }

  // MARK: - Simplex

  /// Primal simplex: pivots until no parametric symbol has a negative objective coefficient.
  /// The tableau must be feasible; feasibility is preserved by the ratio test.
  private func optimize(_ objective: Row) throws(SolverError) {
    while true {
      let entering = enteringSymbol(objective)
      guard entering.isValid else { return }
      guard let leaving = leavingRow(for: entering), let row = rows.removeValue(forKey: leaving) else {
        throw .internalSolverError("the objective is unbounded")
      }
      row.solve(for: leaving, entering)
      substitute(entering, row)
      rows[entering] = row
    }
  }

  /// Dual simplex: the basis is optimal but some restricted rows went negative after an edit;
  /// pivot each back to feasibility choosing the entering symbol that keeps optimality.
  private func dualOptimize() throws(SolverError) {
    while !infeasibleRows.isEmpty {
      // Highest id first, so the result does not depend on hash-table order.
      var index = 0
      for i in infeasibleRows.indices where infeasibleRows[i].id > infeasibleRows[index].id { index = i }
      let leaving = infeasibleRows.remove(at: index)
      guard let row = rows[leaving], !nearZero(row.constant), row.constant < 0 else { continue }
      let entering = dualEnteringSymbol(row)
      guard entering.isValid else { throw .internalSolverError("dual optimize failed") }
      rows.removeValue(forKey: leaving)
      row.solve(for: leaving, entering)
      substitute(entering, row)
      rows[entering] = row
    }
  }

  /// The lowest-id non-dummy symbol with a negative objective coefficient (Bland's rule).
  private func enteringSymbol(_ objective: Row) -> Symbol {
    objective.cells.first { $0.symbol.kind != .dummy && $0.coefficient < 0 }?.symbol ?? .invalid
  }

  private func dualEnteringSymbol(_ row: Row) -> Symbol {
    var best = Symbol.invalid
    var bestRatio = Double.infinity
    for cell in row.cells where cell.coefficient > 0 && cell.symbol.kind != .dummy {
      let ratio = objective.coefficient(for: cell.symbol) / cell.coefficient
      if ratio < bestRatio {
        bestRatio = ratio
        best = cell.symbol
      }
    }
    return best
  }

  /// The restricted row that limits how far `entering` can increase (minimum ratio test).
  private func leavingRow(for entering: Symbol) -> Symbol? {
    var best: Symbol?
    var bestRatio = Double.infinity
    for (symbol, row) in rows where symbol.isRestricted {
      let coefficient = row.coefficient(for: entering)
      guard coefficient < 0 else { continue }
      let ratio = -row.constant / coefficient
      if ratio < bestRatio || (ratio == bestRatio && symbol.id < best!.id) {
        bestRatio = ratio
        best = symbol
      }
    }
    return best
  }

  /// The row to pivot a parametric constraint marker into the basis through when removing the
  /// constraint: prefer restricted rows where the marker's coefficient is negative (minimum
  /// ratio), then restricted rows with a positive coefficient, then unrestricted rows, so the
  /// tableau stays feasible.
  ///
  /// A row whose basic symbol is a dummy comes before all of them. Such a row records a redundant
  /// required equality (`dummy2 = k * dummy1`) and must keep holding with value 0. Pivoting the
  /// marker through any other row would substitute that row's non-dummy symbols into it, turning
  /// the dummy into an ordinary non-negative unknown and silently dropping the surviving
  /// equality; pivoting through the dummy row itself hands the equality over to the survivor.
  private func markerLeavingRow(_ marker: Symbol) -> Symbol? {
    var dummy: Symbol?
    var first: Symbol?
    var second: Symbol?
    var third: Symbol?
    var r1 = Double.infinity
    var r2 = Double.infinity
    for (symbol, row) in rows {
      let c = row.coefficient(for: marker)
      if c == 0 { continue }
      if symbol.kind == .dummy {
        if dummy == nil || symbol.id < dummy!.id { dummy = symbol }
      } else if !symbol.isRestricted {
        if third == nil || symbol.id < third!.id { third = symbol }
      } else if c < 0 {
        let r = -row.constant / c
        if r < r1 || (r == r1 && symbol.id < first!.id) {
          r1 = r
          first = symbol
        }
      } else {
        let r = row.constant / c
        if r < r2 || (r == r2 && symbol.id < second!.id) {
          r2 = r
          second = symbol
        }
      }
    }
    return dummy ?? first ?? second ?? third
  }
}
