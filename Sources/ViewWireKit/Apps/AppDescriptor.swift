/// An app a daemon offers to clients: a name to `open` it by, a title, and how to build its root
/// view controller for one session.
///
/// The factory runs once per `open`, on the session's thread, with the traits the client
/// announced, so an app may pick a different controller per idiom (seed 001).
public struct AppDescriptor: Sendable {
  /// The name clients type after `open`: lowercase letters, digits and dashes.
  public let name: String
  /// A human-readable title for `apps`.
  public let title: String
  /// Builds a fresh root view controller for a session.
  public let makeRootViewController: @Sendable (TraitCollection) -> ViewController

  /// An app entry for a daemon's list.
  ///
  /// - Parameters:
  ///   - name: what clients type after `open`; keep it to lowercase letters, digits and dashes, so it travels
  ///     as one bare word.
  ///   - title: a line for people reading `apps`.
  ///   - makeRootViewController: called once per `open`, on the session's thread, with the client's traits;
  ///     it must build a new controller each time, since two sessions never share views.
  public init(
    name: String, title: String,
    makeRootViewController: @escaping @Sendable (TraitCollection) -> ViewController
  ) {
    self.name = name
    self.title = title
    self.makeRootViewController = makeRootViewController
  }
}
