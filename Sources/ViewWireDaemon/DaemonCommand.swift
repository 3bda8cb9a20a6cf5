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

  /// Parses `arguments` (the process's own when nil), validation included.
  static func parse(_ arguments: [String]?, commandName: String) throws -> DaemonOptions {
    name = commandName
    let command = try parseAsRoot(arguments)
    guard let daemon = command as? DaemonCommand else {
      // The root command has no subcommands, so the parser can only return itself.
      preconditionFailure("argument-parser returned \(type(of: command)) for the daemon's options")
    }
    return daemon.options
  }
}
