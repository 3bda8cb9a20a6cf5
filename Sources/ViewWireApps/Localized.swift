import Foundation
import ViewWireKit

/// Seed code's `NSLocalizedString`, answering in the locale of the session it runs for.
///
/// Foundation's own function reads the process's one language and `Bundle.main`; this one,
/// declared in the apps' module, shadows it there, so seed lines such as
/// `NSLocalizedString("Username", comment: "")` compile unchanged and look the key up in this
/// module's tables (`Strings/LANGUAGE.lproj/Localizable.strings`) for the client's
/// `hello locale=`.
func NSLocalizedString(
  _ key: String, tableName: String? = nil, bundle: Bundle = .module, value: String = "", comment: String
) -> String {
  Localization.string(key, table: tableName, bundle: bundle, value: value)
}
