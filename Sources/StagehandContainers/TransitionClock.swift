/// The time source that drives a container's transitions, in seconds.
///
/// A container reads `now` when an animation starts and is told, through `observe`, every time the clock moves, so
/// that it can end the animation at the right moment. Tests use `ManualClock`; a program uses `SystemClock` and calls
/// its `tick()` once per frame.
public protocol TransitionClock: AnyObject {
  /// The current time, in seconds.
  var now: Double { get }
  /// Calls `observer` every time the clock moves, for as long as `owner` lives. The clock holds `owner` weakly and
  /// forgets the observer once `owner` is gone, so a container that is dropped leaves nothing behind.
  func observe(for owner: AnyObject, _ observer: @escaping () -> Void)
}

/// The observers of a clock, each with the owner it lives as long as.
struct ClockObservers {
  private var entries: [(owner: Weak, observer: () -> Void)] = []

  private struct Weak {
    weak var object: AnyObject?
  }

  /// How many observers have a live owner.
  var count: Int { entries.filter { $0.owner.object != nil }.count }

  mutating func add(_ owner: AnyObject, _ observer: @escaping () -> Void) {
    entries.append((Weak(object: owner), observer))
  }

  /// Forgets the observers whose owner is gone, and returns the others, to be called once this access has ended (an
  /// observer may start observing the same clock).
  mutating func live() -> [() -> Void] {
    entries.removeAll { $0.owner.object == nil }
    return entries.map(\.observer)
  }
}

/// A clock that moves only when told to: every test is deterministic.
public final class ManualClock: TransitionClock {
  /// The current time.
  public private(set) var now: Double
  private var observers = ClockObservers()

  /// Creates a clock at `start` seconds.
  public init(start: Double = 0) {
    now = start
  }

  /// How many observers the clock keeps (those whose owner lives).
  public var observerCount: Int { observers.count }

  /// Calls `observer` every time the clock moves, for as long as `owner` lives.
  public func observe(for owner: AnyObject, _ observer: @escaping () -> Void) { observers.add(owner, observer) }

  /// Moves the clock forward by `seconds` (negative or non-finite amounts are ignored) and tells the observers.
  public func advance(by seconds: Double) {
    guard seconds.isFinite, seconds > 0 else { return }
    now += seconds
    for observer in observers.live() { observer() }
  }
}

/// The monotonic clock of the system; `tick()` tells the observers that time has passed.
public final class SystemClock: TransitionClock {
  private let clock = ContinuousClock()
  private let start: ContinuousClock.Instant
  private var observers = ClockObservers()

  /// Creates a clock that counts from now.
  public init() {
    start = clock.now
  }

  /// The time of the frame last given to ``tick(at:)``, until a ``tick()`` without one.
  private var frameTime: Double?
  /// The latest time the clock has shown: a frame's timestamp never takes it back.
  private var latest = 0.0

  /// Seconds since the clock was created; after ``tick(at:)``, the time of that frame, so that a request made
  /// between two frames (a pop on a key press) starts from what the screen shows.
  public var now: Double {
    if let frameTime { return frameTime }
    latest = max(latest, seconds(since: start, to: clock.now))
    return latest
  }

  private func seconds(since start: ContinuousClock.Instant, to instant: ContinuousClock.Instant) -> Double {
    let elapsed = start.duration(to: instant).components
    return Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18
  }

  /// Calls `observer` every time `tick()` is called, for as long as `owner` lives.
  public func observe(for owner: AnyObject, _ observer: @escaping () -> Void) { observers.add(owner, observer) }

  /// Tells the observers that time has passed; call it once per frame. The clock reads the live time from then on.
  public func tick() {
    frameTime = nil
    for observer in observers.live() { observer() }
  }

  /// Tells the observers that the frame shown at `frame` (the display's timestamp for it, as a vsync callback gives)
  /// is due: the containers sample their transitions at that time, and ``now`` stays there until the next tick. A
  /// timestamp earlier than the last frame's is taken as the last frame's: time never runs back.
  public func tick(at frame: ContinuousClock.Instant) {
    latest = max(latest, seconds(since: start, to: frame))
    frameTime = latest
    for observer in observers.live() { observer() }
  }
}
