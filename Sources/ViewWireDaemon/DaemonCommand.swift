import ArgumentParser

/// The root command `ViewWireApplication.main()` parses: the daemon's options under the
/// executable's own name, with the abstract and discussion `--help` prints.
struct DaemonCommand: ParsableCommand {
  // Set once, before parsing, from the application's `commandName`; argument-parser reads the
  // configuration statically, so the name cannot be an instance property.
  nonisolated(unsafe) static var name = "viewwired"

  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: name,
      abstract: "Serve view-controller trees to thin clients over a TCP line protocol.",
      discussion: """
        Connect with `telnet HOST PORT`, `nc HOST PORT` or `viewwire --port PORT`, then type `help`.
        The protocol is specified in Protocol/PROTOCOL.md.
        """)
  }

  @OptionGroup var options: DaemonOptions

  init() {}

  /// Parses `arguments` (the process's own when nil), validation included. `--help` is thrown
  /// as argument-parser's clean exit, which `exit(withError:)` prints.
  ///
  /// Not `parseAsRoot`: for `--help` it returns a help command instead of this one, which the
  /// daemon took for a parser failure and crashed on.
  static func parse(_ arguments: [String]?, commandName: String) throws -> DaemonOptions {
    name = commandName
    return try parse(arguments).options
  }
}
