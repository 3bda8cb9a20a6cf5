internal import Glibc

/// A mutex over `pthread_mutex_t`, for the little state several event loops share.
///
/// `Synchronization.Mutex` is invisible to ThreadSanitizer on Linux with this toolchain and
/// causes false race reports; a plain pthread mutex is seen correctly.
public final class Lock: @unchecked Sendable {
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

  /// A new, unlocked mutex.
  public init() {
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// Runs `body` holding the mutex. Never call back into code that may take the same lock.
  public func withLock<T>(_ body: () throws -> T) rethrows -> T {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body()
  }
}
