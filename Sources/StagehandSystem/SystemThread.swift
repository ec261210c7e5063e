#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A thread of this process, started with `pthread_create` to run one closure, and joined once.
///
/// For the package's own worker threads (the renderer draws frames on several at once). Threads are started and
/// joined by the same owner; a `SystemThread` that is never joined leaks its thread's resources.
package struct SystemThread: @unchecked Sendable {
  /// The POSIX thread.
  private let thread: pthread_t

  /// Starts a thread that runs `body`, or returns `nil` when the system cannot start one (out of threads or memory):
  /// the caller then does the work itself.
  package static func start(_ body: @escaping @Sendable () -> Void) -> SystemThread? {
    let box = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
    var thread = pthread_t()
    let status = pthread_create(
      &thread, nil,
      { raw in
        Unmanaged<ThreadBody>.fromOpaque(raw!).takeRetainedValue().run()
        return nil
      }, box)
    guard status == 0 else {
      Unmanaged<ThreadBody>.fromOpaque(box).release()
      return nil
    }
    return SystemThread(thread: thread)
  }

  /// Waits until the thread has returned from its closure.
  package func join() {
    _ = pthread_join(thread, nil)
  }
}

/// The closure a new thread runs, boxed to cross `pthread_create`'s `void *` argument.
private final class ThreadBody {
  let run: @Sendable () -> Void
  init(_ run: @escaping @Sendable () -> Void) { self.run = run }
}

/// A key that gives every thread its own pointer-sized slot (`pthread_key_t`): thread-local storage the C library
/// frees with a destructor when a thread exits.
///
/// Its raw value fits in an atomic `UInt`, so a key can be created once, lazily, and published without a lock.
package struct ThreadKey: RawRepresentable, Hashable, Sendable {
  /// The `pthread_key_t`, widened.
  package let rawValue: UInt

  /// The key whose `pthread_key_t` is `rawValue`.
  package init(rawValue: UInt) { self.rawValue = rawValue }

  /// Creates a key whose slots start empty, and whose `destructor` is called with a thread's slot when the thread
  /// exits with a value in it; `nil` when the process has no keys left (`EAGAIN`) or no memory.
  package static func make(destructor: @convention(c) (UnsafeMutableRawPointer?) -> Void) -> ThreadKey? {
    var key = pthread_key_t()
    guard pthread_key_create(&key, destructor) == 0 else { return nil }
    return ThreadKey(rawValue: UInt(key))
  }

  /// Deletes the key (its slots' destructors are not called); for a key that lost a race to be published.
  package func delete() {
    _ = pthread_key_delete(pthread_key_t(truncatingIfNeeded: rawValue))
  }

  /// What the calling thread's slot holds, `nil` when it was never set on this thread.
  @inlinable package var value: UnsafeMutableRawPointer? {
    pthread_getspecific(pthread_key_t(truncatingIfNeeded: rawValue))
  }

  /// Puts `value` in the calling thread's slot; false when the system has no memory for the slot.
  package func set(_ value: UnsafeMutableRawPointer) -> Bool {
    pthread_setspecific(pthread_key_t(truncatingIfNeeded: rawValue), value) == 0
  }
}
