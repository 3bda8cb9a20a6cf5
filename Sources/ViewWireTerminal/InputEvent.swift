/// One thing a person did at the terminal, decoded from the bytes it sent.
public enum InputEvent: Equatable, Sendable {
  /// Printable text typed (consecutive characters of one read together).
  case text(String)
  /// A named key.
  case key(Key)
  /// A control character typed with Ctrl: `control("c")` for Ctrl-C (byte 0x03).
  case control(Character)
  /// A mouse report (xterm SGR mode 1006).
  case mouse(MouseReport)

  /// The keys with names of their own.
  public enum Key: Equatable, Sendable {
    /// Enter (CR or LF).
    case enter
    /// Backspace (DEL or BS).
    case backspace
    /// Tab.
    case tab
    /// Escape pressed alone.
    case escape
    /// An arrow key.
    case up, down, left, right
    /// Home, End, Delete, Insert, Page Up, Page Down.
    case home, end, delete, insert, pageUp, pageDown
    /// A function key, 1 to 12.
    case function(Int)
  }
}

/// A mouse report in cells, as xterm's SGR encoding (`CSI < B ; X ; Y M|m`) gives it.
public struct MouseReport: Equatable, Sendable {
  /// What happened.
  public enum Kind: Equatable, Sendable {
    /// A button went down.
    case press
    /// The mouse moved with a button down (mode 1002) or none (mode 1003).
    case motion
    /// A button came up.
    case release
    /// The wheel turned: up is true for away from the user.
    case wheel(up: Bool)
  }

  /// What happened.
  public var kind: Kind
  /// The button: 0 left, 1 middle, 2 right, 3 none (a motion without a button).
  public var button: Int
  /// The column, from 0 (the report counts from 1).
  public var column: Int
  /// The row, from 0.
  public var row: Int

  /// A report from its parts.
  public init(kind: Kind, button: Int, column: Int, row: Int) {
    self.kind = kind
    self.button = button
    self.column = column
    self.row = row
  }
}
