#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A value that threads share, read and changed only under a POSIX mutex; for the modules of this package.
///
/// Used instead of `Synchronization.Mutex`, which on Linux hands a contended lock from one thread to the next in the
/// kernel (a priority-inheriting futex, in `libswiftSynchronization.so`, which is not instrumented): ThreadSanitizer
/// then cannot see that one thread's unlock happened before the next thread's lock, and reports every access made
/// under the lock, and every object published through it, as a race (Swift 6.3.1). ThreadSanitizer intercepts
/// `pthread_mutex_lock` and `pthread_mutex_unlock`, so with this lock its reports are about real races only.
package final class Locked<Value: Sendable>: @unchecked Sendable {
  /// Allocated once and never moved, as a `pthread_mutex_t` requires.
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  /// Read and written only between `pthread_mutex_lock` and `pthread_mutex_unlock` of `mutex`.
  private var value: Value

  /// A lock around `value`.
  package init(_ value: Value) {
    self.value = value
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  /// Runs `body` with the value while holding the lock, and returns what it returns.
  package func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure)
    -> Result
  {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&value)
  }
}
