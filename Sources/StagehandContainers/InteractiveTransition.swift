import StagehandAnimation

/// How a container's change ended: it played to its end, or it was cancelled and the container is as it was before.
public enum TransitionOutcome: String, Hashable, Sendable {
  /// The change happened.
  case finished
  /// The change was undone (an interactive transition cancelled, a pop that reversed a push, a queued request that
  /// no longer applies after a cancel): the container is as it was before it.
  case cancelled
}

/// A transition whose progress the caller drives: an interactive push, pop or placeholder change, or a playing
/// transition grabbed where it stands.
///
/// Set `progress` from a finger, a scroll wheel or a scrubber, then call `finish(velocity:spring:)` or
/// `cancel(velocity:spring:)`: the rest plays by itself on a `ReleaseSpring` that starts at the release velocity, in
/// progress per second. Sampling at progress p shows the states the transition shows at time p × T when it plays;
/// with `scrubsLinearly` each step's curve is taken as linear (the content follows the finger), and the spring goes
/// on with the same mapping, so nothing jumps at the release.
///
/// A handle belongs to its container and is used on the container's thread (see the container's concurrency note):
/// it is not `Sendable`. A request that waits its turn in the queue gives a handle that keeps the progress and the
/// end it is given until the request starts.
public final class InteractiveTransition {
  /// Where the transition stands.
  public enum Phase: Hashable, Sendable {
    /// Its request waits for the transition ahead of it.
    case waiting
    /// The caller drives its progress.
    case interactive
    /// It springs to its end (`.finished`) or back to its start (`.cancelled`).
    case settling(TransitionOutcome)
    /// It has ended.
    case ended(TransitionOutcome)
  }

  /// Whether each step's curve is taken as linear while the caller drives the progress (and while it springs).
  public let scrubsLinearly: Bool
  /// The progress now, 0 at the start of the transition and 1 at its end.
  ///
  /// Not checked for exclusive access at run time, nor are `phase` and `player`: `update(progress:)` reads or writes
  /// all three once per pointer move, and each check cost more than the rest of that method. Unchecked is sound
  /// because no access to them lasts: they are private to this file (or read-only outside it), and are only read and
  /// assigned, never passed `inout` nor changed by a mutating method, so no two accesses can overlap.
  @exclusivity(unchecked) public private(set) var progress: Double
  /// Where the transition stands.
  @exclusivity(unchecked) public private(set) var phase = Phase.waiting
  /// The animation the transition plays, once it has started: a gesture reads its direction of motion from it.
  public private(set) var animation: Animation?

  /// The player that drives the transition, while it does: `nil` before it starts and once it has ended.
  ///
  /// Unowned and unchecked, not weak: `update(progress:)` reads it once per pointer move, and a weak reference costs
  /// a load through the player's side table there, and a slower release of the player everywhere. It is sound
  /// because it never outlives the player: the player clears it (`detach()`) when it lets the handle go (a cancel, a
  /// new animation) and in its `deinit`, and `ended(_:)` clears it; a handle kept by the caller after its container
  /// is gone has ended (the container's `deinit` ends it) and reaches no player.
  ///
  /// Held as an `Unmanaged` reference, which is what `unowned(unsafe)` is, so that `update(progress:)` can call the
  /// player without retaining and releasing it (`_withUnsafeGuaranteedRef`): two atomic operations per pointer move.
  @exclusivity(unchecked) private var player: Unmanaged<TransitionPlayer>?
  private var pendingEnd: (outcome: TransitionOutcome, velocity: Double, spring: ReleaseSpring)?
  /// Takes a waiting request out of its container's queue.
  var withdraw: (() -> Void)?
  /// Called once, when the transition ends.
  private var observers: [(TransitionOutcome) -> Void] = []

  init(scrubsLinearly: Bool, progress: Double = 0) {
    self.scrubsLinearly = scrubsLinearly
    self.progress = progress
  }

  /// How the transition ended, once it has.
  public var outcome: TransitionOutcome? {
    if case .ended(let outcome) = phase { outcome } else { nil }
  }

  /// The velocity of the progress now, in progress per second: 0 while the caller holds it.
  public var velocity: Double {
    guard case .settling = phase, let player else { return 0 }
    return player.takeUnretainedValue().velocity
  }

  /// Moves the transition to `progress`, clamped to [0, 1] (NaN is ignored). Has an effect while the caller drives
  /// it, or while its request waits (it then starts there).
  public func update(progress newValue: Double) {
    guard !newValue.isNaN else { return }
    let value = min(max(newValue, 0), 1)
    switch phase {
    case .waiting: progress = value
    case .interactive:
      progress = value
      player?._withUnsafeGuaranteedRef { $0.setProgress(value, from: self) }
    case .settling, .ended: break
    }
  }

  /// Lets the transition play to its end: from the progress now to 1 on `spring`, starting at `velocity` (progress
  /// per second; a flick towards the end is positive). A waiting request starts and then finishes so.
  public func finish(velocity: Double = 0, spring: ReleaseSpring = .default) {
    end(.finished, velocity: velocity, spring: spring)
  }

  /// Lets the transition play back to its start: from the progress now to 0 on `spring`, starting at `velocity`
  /// (progress per second; a flick back towards the start is negative). When it has settled, the container is as it
  /// was before the transition began. A waiting request is taken out of the queue and ends cancelled at once.
  public func cancel(velocity: Double = 0, spring: ReleaseSpring = .default) {
    end(.cancelled, velocity: velocity, spring: spring)
  }

  private func end(_ outcome: TransitionOutcome, velocity: Double, spring: ReleaseSpring) {
    switch phase {
    case .waiting:
      if outcome == .cancelled, let withdraw {
        self.withdraw = nil
        withdraw()
      } else {
        pendingEnd = (outcome, velocity.isFinite ? velocity : 0, spring)
      }
    case .interactive:
      player?.takeUnretainedValue().end(outcome, velocity: velocity.isFinite ? velocity : 0, spring: spring)
    case .settling, .ended: break
    }
  }

  /// Calls `body` when the transition ends (at once if it has).
  func whenEnded(_ body: @escaping (TransitionOutcome) -> Void) {
    if let outcome { body(outcome) } else { observers.append(body) }
  }

  /// Lets go of the player, which no longer drives this transition (see `player`).
  func detach() { player = nil }

  func attach(to player: TransitionPlayer, animation: Animation) {
    self.player = Unmanaged.passUnretained(player)
    self.animation = animation
    withdraw = nil
    phase = .interactive
  }

  func takePendingEnd() -> (outcome: TransitionOutcome, velocity: Double, spring: ReleaseSpring)? {
    defer { pendingEnd = nil }
    return pendingEnd
  }

  func progressChanged(_ value: Double) {
    progress = value
    if case .settling = phase { return }
    phase = .interactive
  }

  func settling(toward outcome: TransitionOutcome) { phase = .settling(outcome) }

  /// Held again at `value` by a grab, also while it springs: the caller drives it, and finishes or cancels it anew.
  func grabbed(at value: Double) {
    progress = value
    phase = .interactive
  }

  /// Marks the transition ended and tells whoever waits.
  func ended(_ outcome: TransitionOutcome) {
    guard self.outcome == nil else { return }
    player = nil
    progress = outcome == .finished ? 1 : 0
    phase = .ended(outcome)
    withdraw = nil
    let observers = self.observers
    self.observers = []
    for observer in observers { observer(outcome) }
  }
}
