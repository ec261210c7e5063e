/// A value that threads share under a POSIX mutex, with a condition variable so that a thread can wait until the
/// value allows it to go on: a monitor.
///
/// A POSIX mutex rather than `Synchronization.Mutex`, for ThreadSanitizer's sake (see ``Locked``). Every change that
/// another thread may wait for goes through ``update(_:)``, which wakes every waiting thread.
package final class Monitor<Value: Sendable>: @unchecked Sendable {
  private let mutex = SystemMutex()
  private let changed = SystemCondition()
  /// Read and written only with `mutex` held.
  private var value: Value

  /// A monitor around `value`.
  package init(_ value: Value) {
    self.value = value
  }

  /// Runs `body` with the value, the lock held, then wakes every thread waiting in ``wait(until:then:)`` to look at
  /// the value again.
  package func update<Result>(_ body: (inout Value) -> Result) -> Result {
    mutex.lock()
    defer {
      changed.broadcast()
      mutex.unlock()
    }
    return body(&value)
  }

  /// Waits, the lock released meanwhile, until `ready` holds for the value, then runs `body` with it, the lock held,
  /// and wakes the other waiting threads when `body` changed it (it returns `true` as its second result).
  package func wait<Result>(until ready: (Value) -> Bool, then body: (inout Value) -> (Result, changed: Bool)) -> Result
  {
    mutex.lock()
    defer { mutex.unlock() }
    while !ready(value) { changed.wait(releasing: mutex) }
    let (result, didChange) = body(&value)
    if didChange { changed.broadcast() }
    return result
  }
}
