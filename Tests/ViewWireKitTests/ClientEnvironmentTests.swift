import Foundation
import Testing

@testable import ViewWireKit

/// `Window.withClientEnvironment`, which the server wraps around every command: it binds nothing
/// for a client that stated no traits while no binding is in force, and app code must read the
/// window's locale and traits all the same, nested in other bindings, nested in another
/// client's command (a `resume` runs the adopted connection's lines inside its own), or in a task
/// that inherited a binding that has ended since.
struct ClientEnvironmentTests {
  /// What app code reads in the environment.
  struct Seen: Equatable, Sendable {
    let traits: TraitCollection
    let locale: String

    static var now: Seen { Seen(traits: TraitCollection.current, locale: Localization.locale) }
  }

  /// Runs `body` on a thread of its own, outside any task, as the server's loops run commands
  /// (tests run in tasks, where the environment is always read).
  static func onThread(_ body: @escaping @Sendable () -> [Seen]) -> [Seen] {
    let done = DispatchSemaphore(value: 0)
    let lock = NSLock()
    nonisolated(unsafe) var seen: [Seen] = []
    let thread = Thread {
      let result = body()
      lock.withLock { seen = result }
      done.signal()
    }
    thread.start()
    done.wait()
    return lock.withLock { seen }
  }

  static let french: TraitCollection = {
    var traits = TraitCollection()
    traits.locale = "fr"
    traits.userInterfaceStyle = .dark
    return traits
  }()

  static let size = CGSize(width: 390, height: 844)

  @Test func aDefaultClientReadsTheDefaultsOutsideAnyBinding() {
    let seen = Self.onThread {
      let window = Window(size: Self.size)
      return [window.withClientEnvironment { Seen.now }, Seen.now]
    }
    let defaults = Seen(traits: TraitCollection(), locale: "en")
    #expect(seen == [defaults, defaults])
  }

  @Test func aClientWithTraitsReadsItsOwn() {
    let seen = Self.onThread {
      let window = Window(size: Self.size)
      window.updateTraits(Self.french)
      return [window.withClientEnvironment { Seen.now }, Seen.now]
    }
    #expect(seen == [Seen(traits: Self.french, locale: "fr"), Seen(traits: TraitCollection(), locale: "en")])
  }

  @Test func aDefaultClientInsideOtherBindingsReadsTheDefaults() {
    let seen = Self.onThread {
      let french = Window(size: Self.size)
      french.updateTraits(Self.french)
      let plain = Window(size: Self.size)
      // Another client's command around this one's, as `resume` nests them; and bindings made
      // directly.
      let nested = french.withClientEnvironment { plain.withClientEnvironment { Seen.now } }
      let inBindings = Localization.withLocale("de") {
        TraitCollection.withCurrent(Self.french) {
          (plain.withClientEnvironment { Seen.now }, plain.withCurrentTraits { Seen.now })
        }
      }
      return [nested, inBindings.0, inBindings.1]
    }
    let defaults = Seen(traits: TraitCollection(), locale: "en")
    #expect(seen == [defaults, defaults, Seen(traits: TraitCollection(), locale: "de")])
  }

  @Test func aTaskThatInheritedAnEndedBindingReadsTheWindows() async {
    nonisolated(unsafe) let window = Window(size: Self.size)
    let task = Localization.withLocale("fr") {
      TraitCollection.withCurrent(Self.french) {
        Task { window.withClientEnvironment { Seen.now } }
      }
    }
    #expect(await task.value == Seen(traits: TraitCollection(), locale: "en"))
  }
}
