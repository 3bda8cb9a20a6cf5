import Testing

@testable import ViewWireServer

/// When the daemon warns: once per rise above the soft limit, re-armed only below 90% of it
/// (PROTOCOL.md section 5, "Memory warnings"). Readings are in bytes against a limit of 100.
struct MemoryPressureTests {
  struct Case: CustomTestStringConvertible, Sendable {
    let name: String
    let readings: [Int]
    /// The readings that warn.
    let warned: [Int]
    var testDescription: String { name }
  }

  static let cases = [
    Case(name: "below the limit", readings: [50, 99, 100], warned: []),
    Case(name: "a rise warns once while memory stays above", readings: [50, 120, 130, 120], warned: [120]),
    Case(name: "above from the first reading", readings: [150, 150], warned: [150]),
    Case(
      name: "a dip under the limit but not under 90% does not re-arm", readings: [120, 95, 130], warned: [120]
    ),
    Case(name: "exactly 90% does not re-arm", readings: [120, 90, 130], warned: [120]),
    Case(name: "under 90% re-arms", readings: [120, 89, 130, 89, 101], warned: [120, 130, 101]),
  ]

  @Test(arguments: cases)
  func warnsOncePerRise(_ testCase: Case) {
    var pressure = MemoryPressure(limit: 100)
    let warned = testCase.readings.filter { pressure.shouldWarn(resident: $0) }
    #expect(warned == testCase.warned)
  }
}
