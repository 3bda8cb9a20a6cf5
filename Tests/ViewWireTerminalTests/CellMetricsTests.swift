import Testing

@testable import ViewWireTerminal

/// The terminal's scale: 8.5 × 21 points a cell, a view covers the cells whose centres it holds.
struct CellMetricsTests {
  @Test func windowSizeOfATerminal() {
    #expect(CellMetrics.windowSize(columns: 80, rows: 40) == ("680", "840"))
    #expect(CellMetrics.windowSize(columns: 81, rows: 24) == ("688.5", "504"))
  }

  @Test func centreOfACell() {
    #expect(CellMetrics.centre(column: 0, row: 0) == ("4.25", "10.5"))
    #expect(CellMetrics.centre(column: 10, row: 3) == ("89.25", "73.5"))
  }

  struct Span: Sendable {
    let start: Double
    let length: Double
    let columns: Range<Int>
    let rows: Range<Int>
  }

  static let spans: [Span] = [
    // 200 points from 240: columns' centres 242.25...437.75, rows' 241.5...430.5.
    Span(start: 240, length: 200, columns: 28..<52, rows: 11..<21),
    Span(start: 0, length: 680, columns: 0..<80, rows: 0..<32),
    // A cell's centre on the edge belongs to the view that starts there.
    Span(start: 4.25, length: 8.5, columns: 0..<1, rows: 0..<1),
    Span(start: 0, length: 4, columns: 0..<0, rows: 0..<0),
    Span(start: 0, length: 0, columns: 0..<0, rows: 0..<0),
    Span(start: -20, length: 30, columns: -2..<1, rows: -1..<0),
  ]

  @Test(arguments: spans) func cellsCovered(span: Span) {
    #expect(CellMetrics.columns(x: span.start, width: span.length) == span.columns)
    #expect(CellMetrics.rows(y: span.start, height: span.length) == span.rows)
  }
}
