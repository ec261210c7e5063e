/// The time source that drives a container's transitions, in seconds.
///
/// A container reads `now` when an animation starts and is told, through `observe`, every time the clock moves, so
/// that it can end the animation at the right moment. Tests use `ManualClock`; a program uses `SystemClock` and calls
/// its `tick()` once per frame.
public protocol TransitionClock: AnyObject {
  /// The current time, in seconds.
  var now: Double { get }
  /// Calls `observer` every time the clock moves.
  func observe(_ observer: @escaping () -> Void)
}

/// A clock that moves only when told to: every test is deterministic.
public final class ManualClock: TransitionClock {
  /// The current time.
  public private(set) var now: Double
  private var observers: [() -> Void] = []

  /// Creates a clock at `start` seconds.
  public init(start: Double = 0) {
    now = start
  }

  /// Calls `observer` every time the clock moves.
  public func observe(_ observer: @escaping () -> Void) { observers.append(observer) }

  /// Moves the clock forward by `seconds` (negative or non-finite amounts are ignored) and tells the observers.
  public func advance(by seconds: Double) {
    guard seconds.isFinite, seconds > 0 else { return }
    now += seconds
    for observer in observers { observer() }
  }
}

/// The monotonic clock of the system; `tick()` tells the observers that time has passed.
public final class SystemClock: TransitionClock {
  private let clock = ContinuousClock()
  private let start: ContinuousClock.Instant
  private var observers: [() -> Void] = []

  /// Creates a clock that counts from now.
  public init() {
    start = clock.now
  }

  /// Seconds since the clock was created.
  public var now: Double {
    let elapsed = start.duration(to: clock.now).components
    return Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18
  }

  /// Calls `observer` every time `tick()` is called.
  public func observe(_ observer: @escaping () -> Void) { observers.append(observer) }

  /// Tells the observers that time has passed; call it once per frame.
  public func tick() {
    for observer in observers { observer() }
  }
}
