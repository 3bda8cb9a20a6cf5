import Cassowary
import Foundation
import Testing

/// Where kiwisolver (the reference Cassowary implementation, C++ behind Python) lives for the
/// cross-check: a virtualenv under `.build/kiwi-venv`, created on first use with
/// `python3 -m venv` and `pip install kiwisolver`. When python3, venv or PyPI is unavailable the
/// cross-check is skipped with the reason in its trait rather than failing.
enum KiwiReference {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
  static let venv = root.appendingPathComponent(".build/kiwi-venv")
  static let python = venv.appendingPathComponent("bin/python").path
  static let script = root.appendingPathComponent("scripts/crosscheck_kiwi.py").path

  /// Runs a program to completion (killing it after `timeout` seconds); returns whether it
  /// exited with status 0.
  static func run(_ program: String, _ arguments: [String], timeout: Double = 180) -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch { return false }
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning && Date() < deadline { usleep(50_000) }
    if process.isRunning {
      process.terminate()
      process.waitUntilExit()
      return false
    }
    return process.terminationStatus == 0
  }

  /// Whether the venv has kiwisolver, creating it if needed (once per test process).
  static let available: Bool = {
    if run(python, ["-c", "import kiwisolver"]) { return true }
    let python3 = ["/usr/bin/python3", "/usr/local/bin/python3"].first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
    guard let python3 else { return false }
    guard run(python3, ["-m", "venv", "--clear", venv.path]) else { return false }
    let pip = venv.appendingPathComponent("bin/pip").path
    guard
      run(
        pip,
        [
          "install", "-q", "--disable-pip-version-check", "--timeout", "10", "--retries", "1", "kiwisolver",
        ])
    else { return false }
    return run(python, ["-c", "import kiwisolver"])
  }()

  /// Replays `systems` (JSON, see scripts/crosscheck_kiwi.py) in kiwisolver.
  static func solve(_ systems: [[String: Any]]) throws -> [Any] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: python)
    process.arguments = [script]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    let data = try JSONSerialization.data(withJSONObject: systems)
    input.fileHandleForWriting.write(data)
    try input.fileHandleForWriting.close()
    let reply = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return try JSONSerialization.jsonObject(with: reply) as? [Any] ?? []
  }
}

/// Random solvable systems solved by both this solver and kiwisolver; the values must agree
/// within 1e-6. Required constraints are generated around a hidden witness point, so they are
/// always satisfiable; every variable also gets a preference with a random non-integer weight,
/// which makes the optimum unique in all but rare cases (ties need weights that cancel). Each
/// system is checked after it is built, after an edit variable's suggestion, and after removing
/// some constraints; kiwisolver's values at a check come from a fresh kiwisolver solver given the
/// surviving constraints (see scripts/crosscheck_kiwi.py for the kiwi removal bug that avoids),
/// while ours are the incremental solver's. Where the points differ, the optimum was not unique after all only if
/// kiwisolver's point is feasible and costs the same as ours; anything else fails.
struct KiwiCrossCheckTests {
  /// One operation in the shared format of scripts/crosscheck_kiwi.py.
  enum Op {
    case add(id: Int, terms: [(Double, Int)], constant: Double, relation: Relation, strength: Double)
    case remove(id: Int)
    case edit(variable: Int, strength: Double)
    case suggest(variable: Int, value: Double)
    case check
  }

  struct System {
    var variables: Int
    var ops: [Op]
  }

  /// Our solution at one check, with the objective (weighted violation) and worst required
  /// violation of any point under the constraints active at that check.
  struct Check {
    var values: [Double]
    var evaluate: ([Double]) -> (cost: Double, broken: Double)
  }

  static func makeSystem(seed: UInt64) -> System {
    var rng = SeededGenerator(seed: seed)
    let count = Int.random(in: 2...8, using: &rng)
    let witness = (0..<count).map { _ in Double(Int.random(in: -50...50, using: &rng)) }
    var ops: [Op] = []
    var required: [Int] = []
    var id = 0
    let relations: [Relation] = [.equal, .lessOrEqual, .greaterOrEqual]
    for _ in 0..<Int.random(in: 1...(2 * count), using: &rng) {
      var terms: [(Double, Int)] = []
      for _ in 0..<Int.random(in: 1...3, using: &rng) {
        let coefficient = Double(Int.random(in: 1...4, using: &rng)) * (Bool.random(using: &rng) ? 1 : -1)
        terms.append((coefficient, Int.random(in: 0..<count, using: &rng)))
      }
      let atWitness = terms.reduce(0) { $0 + $1.0 * witness[$1.1] }
      let relation = relations.randomElement(using: &rng)!
      let slack = relation == .equal ? 0 : Double(Int.random(in: 0...10, using: &rng))
      // terms + constant (relation) 0 holds at the witness.
      let constant = relation == .lessOrEqual ? -atWitness - slack : -atWitness + slack
      ops.append(
        .add(id: id, terms: terms, constant: constant, relation: relation, strength: Strength.required.value))
      required.append(id)
      id += 1
    }
    for variable in 0..<count {
      let target = Double(Int.random(in: -100...100, using: &rng))
      let weight = Double.random(in: 1...999, using: &rng)
      ops.append(.add(id: id, terms: [(1, variable)], constant: -target, relation: .equal, strength: weight))
      id += 1
    }
    ops.append(.check)
    ops.append(.edit(variable: 0, strength: Strength.strong.value))
    ops.append(.suggest(variable: 0, value: Double(Int.random(in: -100...100, using: &rng))))
    ops.append(.check)
    for _ in 0..<(required.count / 2) {
      ops.append(.remove(id: required.remove(at: Int.random(in: 0..<required.count, using: &rng))))
    }
    ops.append(.suggest(variable: 0, value: Double(Int.random(in: -100...100, using: &rng))))
    ops.append(.check)
    return System(variables: count, ops: ops)
  }

  static func json(_ system: System) -> [String: Any] {
    let ops: [[Any]] = system.ops.map { op in
      switch op {
      case .add(let id, let terms, let constant, let relation, let strength):
        let symbol = relation == .equal ? "==" : relation == .lessOrEqual ? "<=" : ">="
        return ["add", id, terms.map { [$0.0, $0.1] }, constant, symbol, strength]
      case .remove(let id): return ["remove", id]
      case .edit(let variable, let strength): return ["edit", variable, strength]
      case .suggest(let variable, let value): return ["suggest", variable, value]
      case .check: return ["check"]
      }
    }
    return ["variables": system.variables, "ops": ops]
  }

  static func replay(_ system: System) throws -> [Check] {
    let variables = (0..<system.variables).map { Variable("v\($0)") }
    let solver = Solver()
    var constraints: [Int: Constraint] = [:]
    var edit: (variable: Int, strength: Double, value: Double)?
    var checks: [Check] = []
    for op in system.ops {
      switch op {
      case .add(let id, let terms, let constant, let relation, let strength):
        let expression = Expression(terms: terms.map { Term(variables[$0.1], $0.0) }, constant: constant)
        let constraint = Constraint(expression, relation, strength: Strength(strength))
        try solver.addConstraint(constraint)
        constraints[id] = constraint
      case .remove(let id):
        try solver.removeConstraint(constraints.removeValue(forKey: id)!)
      case .edit(let variable, let strength):
        try solver.addEditVariable(variables[variable], strength: Strength(strength))
        edit = (variable, strength, 0)
      case .suggest(let variable, let value):
        try solver.suggestValue(variables[variable], value)
        edit?.value = value
      case .check:
        solver.updateVariables()
        let active = Array(constraints.values)
        let currentEdit = edit
        let evaluate: ([Double]) -> (cost: Double, broken: Double) = { point in
          let saved = variables.map(\.value)
          defer { for (v, x) in zip(variables, saved) { v.value = x } }
          for (v, x) in zip(variables, point) { v.value = x }
          var cost = 0.0
          var broken = 0.0
          for c in active {
            if c.strength.isRequired {
              broken = max(broken, c.violation)
            } else {
              cost += c.strength.value * c.violation
            }
          }
          if let currentEdit {
            cost += currentEdit.strength * abs(point[currentEdit.variable] - currentEdit.value)
          }
          return (cost, broken)
        }
        checks.append(Check(values: variables.map(\.value), evaluate: evaluate))
      }
    }
    return checks
  }

  // Skipped, not failed, when the reference cannot be installed: the condition creates
  // .build/kiwi-venv with `python3 -m venv` and pip-installs kiwisolver from PyPI.
  @Test(
    .enabled(
      if: KiwiReference.available,
      "skipped: kiwisolver could not be set up in .build/kiwi-venv (needs python3 with venv and access to PyPI)"
    ))
  func agreesWithKiwisolver() throws {
    let seeds = (1...300).map { UInt64($0) &* 104_729 }
    let systems = seeds.map(Self.makeSystem)
    let theirs = try KiwiReference.solve(systems.map(Self.json))
    try #require(
      theirs.count == systems.count, "kiwisolver answered \(theirs.count) of \(systems.count) systems")
    var ties = 0
    for (index, system) in systems.enumerated() {
      let seed = seeds[index]
      guard let reference = theirs[index] as? [[Double]] else {
        Issue.record("seed \(seed): kiwisolver rejected the system: \(theirs[index])")
        continue
      }
      let ours = try Self.replay(system)
      try #require(ours.count == reference.count)
      for (step, (check, kiwiValues)) in zip(ours, reference).enumerated() {
        let differs = zip(check.values, kiwiValues).contains { abs($0 - $1) > 1e-6 * max(1, abs($1)) }
        guard differs else { continue }
        let ourPoint = check.evaluate(check.values)
        let kiwiPoint = check.evaluate(kiwiValues)
        let sameCost = abs(ourPoint.cost - kiwiPoint.cost) <= 1e-6 * max(1, abs(kiwiPoint.cost))
        #expect(ourPoint.broken < 1e-6, "seed \(seed) check \(step): our point breaks a required constraint")
        #expect(
          kiwiPoint.broken < 1e-6 && sameCost,
          "seed \(seed) check \(step): ours \(check.values) costs \(ourPoint.cost), kiwisolver \(kiwiValues) costs \(kiwiPoint.cost)"
        )
        if kiwiPoint.broken < 1e-6 && sameCost { ties += 1 }
      }
    }
    // Several optimal points need weights that cancel exactly; with random weights that is rare.
    #expect(ties <= 10, "\(ties) checks had several optimal points")
  }
}
