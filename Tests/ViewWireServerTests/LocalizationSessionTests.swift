import Foundation
import Testing
import ViewWireClient
import ViewWireProtocol

/// Each session's strings follow its own `hello locale=` (PROTOCOL.md section 3), even when
/// sessions in different languages interleave on one daemon.
@Suite struct LocalizationSessionTests {
  @Test func interleavedSessionsEachGetTheirOwnLanguage() throws {
    let daemon = try Daemon()
    defer { daemon.stop() }
    // `back` is the navigation bar's back button, hidden at the root: the kit's own word, which
    // UIKit localises and the kit looks up in the apps' tables.
    let cases: [(locale: String, button: String, empty: String, back: String)] = [
      ("en", "Login", "Enter a username and a password", "\u{2039} Back"),
      ("fr", "Connexion", "Saisissez un nom d’utilisateur et un mot de passe", "\u{2039} Retour"),
      ("ru", "Войти", "Введите имя пользователя и пароль", "\u{2039} Назад"),
      ("de", "Login", "Enter a username and a password", "\u{2039} Back"),  // no German table: English
    ]
    let sessions = try cases.map { _ in try daemon.session() }
    for (session, item) in zip(sessions, cases) {
      try session.run("hello locale=\(item.locale)")
      try session.run("open login")
    }
    // Taps alternate between sessions, so each lookup runs right after another language's.
    for (session, item) in zip(sessions, cases) {
      try session.run("tap @login")
      #expect(session.view("login")?.properties["text"] == "\"\(item.button)\"", "\(item.locale)")
      #expect(session.view("result")?.properties["text"] == "\"\(item.empty)\"", "\(item.locale)")
      #expect(session.text(of: "back") == item.back, "\(item.locale)")
    }
  }
}
