import Foundation

/// A bill split between people with a tip, in cents so that sums come out exact. This is the
/// model both apps share; it knows nothing of views.
public struct Bill: Equatable, Sendable {
  /// What the bill says, before the tip.
  public var amountCents: Int
  /// The tip, in percent of the amount.
  public var percent: Int
  /// How many people share the total; at least 1.
  public var people: Int

  /// A bill of `amountCents` with a `percent` tip shared by `people`.
  public init(amountCents: Int, percent: Int, people: Int) {
    self.amountCents = amountCents
    self.percent = percent
    self.people = max(1, people)
  }

  /// The tip, rounded half up to the cent.
  public var tip: Int { (amountCents * percent + 50) / 100 }
  /// The amount and the tip.
  public var total: Int { amountCents + tip }
  /// Each person's share, rounded up to the cent so that the shares cover the total.
  public var perPerson: Int { (total + people - 1) / people }

  /// Reads what a user typed: "42", "42.5", "42.50" or "42,50"; `nil` for anything else, so a
  /// half-typed amount shows dashes rather than a wrong sum.
  public static func cents(from text: String) -> Int? {
    let text = text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: ".")
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count), let whole = Int(parts[0]), whole >= 0, whole < 1_000_000
    else { return nil }
    guard parts.count == 2 else { return whole * 100 }
    let fraction = parts[1]
    guard fraction.count <= 2, fraction.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
    let padded = fraction.padding(toLength: 2, withPad: "0", startingAt: 0)
    return whole * 100 + (Int(padded) ?? 0)
  }

  /// Cents as "$12.34": the same on every machine, whatever its locale, so transcripts match.
  public static func format(_ cents: Int) -> String {
    let fraction = cents % 100
    return "$\(cents / 100)." + (fraction < 10 ? "0" : "") + "\(fraction)"
  }
}
