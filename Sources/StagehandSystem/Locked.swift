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
  private let mutex = SystemMutex()
  /// Read and written only while `mutex` is held.
  private var value: Value

  /// A lock around `value`.
  package init(_ value: Value) {
    self.value = value
  }

  /// Runs `body` with the value while holding the lock, and returns what it returns.
  package func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure)
    -> Result
  {
    mutex.lock()
    defer { mutex.unlock() }
    return try body(&value)
  }
}

/// A POSIX mutex in memory of its own, allocated once and never moved as `pthread_mutex_t` requires; destroyed with
/// its owner.
struct SystemMutex: ~Copyable {
  /// The mutex, for `pthread_cond_wait`.
  let pointer: UnsafeMutablePointer<pthread_mutex_t>

  init() {
    pointer = .allocate(capacity: 1)
    pointer.initialize(to: pthread_mutex_t())
    pthread_mutex_init(pointer, nil)
  }

  deinit {
    pthread_mutex_destroy(pointer)
    pointer.deinitialize(count: 1)
    pointer.deallocate()
  }

  /// Waits until no other thread holds the mutex, and takes it.
  func lock() { pthread_mutex_lock(pointer) }

  /// Gives the mutex back.
  func unlock() { pthread_mutex_unlock(pointer) }
}

/// A POSIX condition variable in memory of its own, allocated once and never moved as `pthread_cond_t` requires;
/// destroyed with its owner.
struct SystemCondition: ~Copyable {
  private let pointer: UnsafeMutablePointer<pthread_cond_t>

  init() {
    pointer = .allocate(capacity: 1)
    pointer.initialize(to: pthread_cond_t())
    pthread_cond_init(pointer, nil)
  }

  deinit {
    pthread_cond_destroy(pointer)
    pointer.deinitialize(count: 1)
    pointer.deallocate()
  }

  /// Releases `mutex`, which the calling thread holds, until another thread broadcasts (or the wait ends spuriously),
  /// then takes it again: callers wait in a loop over their condition.
  func wait(releasing mutex: borrowing SystemMutex) { pthread_cond_wait(pointer, mutex.pointer) }

  /// Wakes every thread waiting.
  func broadcast() { pthread_cond_broadcast(pointer) }
}
