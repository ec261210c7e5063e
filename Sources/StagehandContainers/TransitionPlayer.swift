import StagehandAnimation

/// Plays one animation at a time on a clock: writes the sampled states as time passes and calls a completion when it
/// ends, finished or cancelled. An animation can start part-way (to reverse another one from where it stands), be
/// driven by hand (an interactive transition: its progress is set from outside), be grabbed while it plays (it then
/// holds where it stands), and end with a spring on its progress. A change of several slots plays as one: the
/// longest of its animations leads, and the others (its followers) are sampled at the same time, each clamped to its
/// own duration, so that one progress, one grab and one spring drive them all.
final class TransitionPlayer {
  /// An animation played alongside the one that leads: sampled at the lead's time, clamped to its own duration.
  struct Follower {
    var animation: Animation
    /// What is sampled while held or settling: `animation`, or it with linear curves.
    var scrubbed: Animation
    var update: (LayerStates) -> Void

    init(_ animation: Animation, update: @escaping (LayerStates) -> Void) {
      self.animation = animation
      scrubbed = animation
      self.update = update
    }
  }

  private let clock: any TransitionClock
  private var current: Playing?
  /// Where the lead animation's states are sampled: memory of the player's own, allocated once, so that its address
  /// stays the same for the player's life (see `states`).
  private let storage: UnsafeMutablePointer<LayerStates>

  /// The states of the lead animation at the last sample, written in place at every tick and every progress set:
  /// a container reads the layers of the transition that plays from here rather than copying them into its own
  /// storage (an interactive update then copies no `LayerStates` and calls no closure). Kept after the animation
  /// ends, until the next one starts.
  ///
  /// Read where they are (`player.states.stage` reads the stage alone), and at a fixed address: `appearingAddress`
  /// and the others stay valid, and show each new sample, as long as the player lives. Memory reached through a pointer has no
  /// exclusivity check either, so a reader may set the progress while it holds the address.
  var states: LayerStates {
    unsafeAddress { UnsafePointer(storage) }
  }

  /// Where `states.appearing` is kept, valid as long as the player lives (worked out once, not per read).
  let appearingAddress: UnsafePointer<LayerState>
  /// Where `states.disappearing` is kept, valid as long as the player lives.
  let disappearingAddress: UnsafePointer<LayerState>
  /// Where `states.stage` is kept, valid as long as the player lives.
  let stageAddress: UnsafePointer<LayerState>

  private struct Playing {
    var animation: Animation
    /// What progress is sampled from while held or settling: `animation`, or it with linear curves.
    var scrubbed: Animation
    var motion: Motion
    var handle: InteractiveTransition?
    /// Told the states after each sample, if the owner does not read `states`.
    var update: ((LayerStates) -> Void)?
    var completion: (TransitionOutcome, LayerStates) -> Void
    /// The animations played alongside (none but in a change of several slots).
    var followers: [Follower] = []
    /// The step of `scrubbed` that the player's states were last sampled in by `hold`, `nil` when they were written
    /// otherwise since (see `Animation.sample(_:atProgress:into:after:)`).
    var sampledStep: Animation.SampledStep?

    /// Holds the animation at `progress` and samples it into `states`, if `handle` holds it; returns whether it
    /// did, and whether anyone is to be told (an owner's `update` closure, followers). One mutating call, so that
    /// `setProgress` reaches the playing state once (each read through the optional is an exclusivity check and a
    /// test of whether it is nil).
    mutating func hold(
      at progress: Double, by handle: InteractiveTransition, into states: UnsafeMutablePointer<LayerStates>
    ) -> Hold {
      guard self.handle === handle, case .held = motion else { return .notHeld }
      motion = .held(progress: progress)
      // Through pointers: `scrubbed.sample(atProgress:into:)` copied the whole animation to the stack first.
      let previous = sampledStep
      let sampled = withUnsafePointer(to: &scrubbed) { scrubbed in
        Animation.sample(scrubbed, atProgress: progress, into: states, after: previous)
      }
      sampledStep = sampled
      return update == nil && followers.isEmpty ? .held : .heldAndTold
    }

    /// Writes the followers' states at `time` into the lead animation: played with their curves, or `scrubbed`.
    func updateFollowers(at time: Double, scrubbed: Bool) {
      for follower in followers {
        follower.update((scrubbed ? follower.scrubbed : follower.animation).sample(at: time))
      }
    }
  }

  /// What `Playing.hold(at:by:into:)` did.
  private enum Hold {
    /// Nothing: the animation is not held, or not by that handle.
    case notHeld
    /// It sampled the animation at the progress, and no one else is to be told (a stack reads `states`).
    case held
    /// It sampled the animation at the progress, and the owner's `update` closure or followers are to be told.
    case heldAndTold
  }

  private enum Motion {
    /// Plays by itself with its curves: `offset` seconds into the animation at `start` on the clock.
    case timed(start: Double, offset: Double)
    /// Held at a progress the caller sets.
    case held(progress: Double)
    /// Springs to its end (1, finished) or back to its start (0, cancelled) from `start` on the clock.
    case settling(ProgressMotion, start: Double, outcome: TransitionOutcome)
  }

  /// What the clock holds weakly for this player, so that the player itself is never referenced weakly: a weak
  /// reference gives an object a side table, and every retain and release of it (one per progress set) then takes
  /// the slow path.
  private let clockToken = ClockToken()

  /// Owned by its player alone, so it goes when the player goes.
  private final class ClockToken {
    /// Unowned and unchecked: it is read only through the token, which lives exactly as long as the player.
    unowned(unsafe) var player: TransitionPlayer?
  }

  init(clock: any TransitionClock) {
    self.clock = clock
    storage = .allocate(capacity: 1)
    storage.initialize(to: .identity)
    let states = UnsafePointer(storage)
    appearingAddress = states.pointer(to: \.appearing)!
    disappearingAddress = states.pointer(to: \.disappearing)!
    stageAddress = states.pointer(to: \.stage)!
    clockToken.player = self
    // The token held weakly: once the player is gone (even during a tick of the clock that released it), the token
    // is too, and nothing is called. The player is held strongly for the tick, which may release its container.
    clock.observe(for: clockToken) { [weak clockToken] in
      guard let player = clockToken?.player else { return }
      player.tick()
    }
  }

  /// A handle reaches its player through an unowned reference: the player lets go of the handle it drives before
  /// it goes, so that no handle is left pointing at it. The states' memory goes with the player.
  deinit {
    current?.handle?.detach()
    storage.deinitialize(count: 1)
    storage.deallocate()
  }

  /// Whether an animation is playing (by itself, held, or settling).
  var isPlaying: Bool { current != nil }

  /// The time within the playing animation, in seconds, while it plays by itself.
  var elapsed: Double? {
    guard let current, case .timed(let start, let offset) = current.motion else { return nil }
    return min(offset + clock.now - start, current.animation.duration)
  }

  /// The progress of the playing animation: the time played over the duration, or the progress set or sprung.
  var progress: Double? {
    guard let current else { return nil }
    switch current.motion {
    case .timed(let start, let offset):
      let duration = current.animation.duration
      return duration > 0 ? min(max((offset + clock.now - start) / duration, 0), 1) : 1
    case .held(let progress): return progress
    case .settling(let motion, let start, _): return motion.position(at: clock.now - start)
    }
  }

  /// The velocity of the progress now, in progress per second.
  var velocity: Double {
    guard let current else { return 0 }
    switch current.motion {
    case .timed: return current.animation.duration > 0 ? 1 / current.animation.duration : 0
    case .held: return 0
    case .settling(let motion, let start, _): return motion.velocity(at: clock.now - start)
    }
  }

  /// Whether the playing animation is held by the caller.
  var isHeld: Bool {
    if case .held = current?.motion { true } else { false }
  }

  /// The handle of the playing animation, if it was started interactively or grabbed.
  var handle: InteractiveTransition? { current?.handle }

  /// Plays `animation` from `offset` seconds into it; `update` receives the states at each tick, `completion` the
  /// outcome and the final states. A non-animated change, or an animation of no duration, completes at once.
  ///
  /// `followers` play alongside, from the same time; `animation` must be the longest (it says when all have ended).
  func play(
    _ animation: Animation, from offset: Double = 0, animated: Bool, followers: [Follower] = [],
    update: ((LayerStates) -> Void)?, completion: @escaping (TransitionOutcome, LayerStates) -> Void
  ) {
    guard animated, animation.duration > 0, offset < animation.duration else {
      completion(.finished, animation.finalStates)
      return
    }
    start(
      Playing(
        animation: animation, scrubbed: animation, motion: .timed(start: clock.now, offset: max(offset, 0)),
        handle: nil, update: update, completion: completion, followers: followers))
    write(animation.sample(at: max(offset, 0)))
    current?.updateFollowers(at: max(offset, 0), scrubbed: false)
  }

  /// Makes `playing` the animation that plays; a handle the one before had is let go (it drives nothing now).
  private func start(_ playing: Playing) {
    current?.handle?.detach()
    current = playing
  }

  /// Keeps `sampled` as the states now and tells the owner, if it asked to be told.
  private func write(_ sampled: LayerStates) {
    current?.sampledStep = nil
    storage.pointee = sampled
    current?.update?(sampled)
  }

  /// Starts `animation` held by `handle`, at the progress the handle was given while it waited (0 by default).
  /// `followers` are driven alongside (see `play`).
  func begin(
    _ animation: Animation, held handle: InteractiveTransition, followers: [Follower] = [],
    update: ((LayerStates) -> Void)?, completion: @escaping (TransitionOutcome, LayerStates) -> Void
  ) {
    let scrubbed = handle.scrubsLinearly ? animation.withLinearCurves() : animation
    var followers = followers
    if handle.scrubsLinearly {
      for index in followers.indices { followers[index].scrubbed = followers[index].animation.withLinearCurves() }
    }
    start(
      Playing(
        animation: animation, scrubbed: scrubbed, motion: .held(progress: handle.progress), handle: handle,
        update: update, completion: completion, followers: followers))
    handle.attach(to: self, animation: animation)
    write(scrubbed.sample(atProgress: handle.progress))
    current?.updateFollowers(at: animation.time(atProgress: handle.progress), scrubbed: true)
    if let end = handle.takePendingEnd() { self.end(end.outcome, velocity: end.velocity, spring: end.spring) }
  }

  /// Holds the playing animation where it stands and returns its handle (a new one, which scrubs with the curves it
  /// played with, so that nothing moves, unless it was interactive already); `nil` when nothing plays.
  func grab() -> InteractiveTransition? {
    guard let playing = current, let progress else { return nil }
    let handle = playing.handle ?? InteractiveTransition(scrubsLinearly: false, progress: progress)
    if playing.handle == nil { handle.attach(to: self, animation: playing.animation) }
    current?.handle = handle
    if case .timed = playing.motion {
      current?.scrubbed = playing.animation
      current?.sampledStep = nil
      for index in playing.followers.indices {
        current?.followers[index].scrubbed = playing.followers[index].animation
      }
    }
    current?.motion = .held(progress: progress)
    handle.grabbed(at: progress)
    return handle
  }

  /// Sets the progress of a held animation and writes its states.
  ///
  /// This runs once per pointer move, so it copies nothing it can read in place: the playing state is not copied (a
  /// copy retains and releases both animations and both closures), the states are sampled straight into `states`,
  /// and the owner's closure is called only if it has one (a stack reads `states` instead).
  func setProgress(_ progress: Double, from handle: InteractiveTransition) {
    guard current?.hold(at: progress, by: handle, into: storage) == .heldAndTold else { return }
    if current?.update != nil { current?.update?(storage.pointee) }
    guard current?.followers.isEmpty == false, let lead = current?.animation else { return }
    current?.updateFollowers(at: lead.time(atProgress: progress), scrubbed: true)
  }

  /// Lets a held animation go: it springs to its end or back to its start, starting at `velocity`.
  func end(_ outcome: TransitionOutcome, velocity: Double, spring: ReleaseSpring) {
    guard let playing = current, case .held(let progress) = playing.motion else { return }
    let motion = ProgressMotion(
      from: progress, to: outcome == .finished ? 1 : 0, initialVelocity: velocity, spring: spring)
    current?.motion = .settling(motion, start: clock.now, outcome: outcome)
    playing.handle?.settling(toward: outcome)
    if motion.duration <= 0 { complete(outcome) }
  }

  /// Stops the playing animation without completing it; its handle, if it had one, drives nothing from now on.
  func cancel() {
    current?.handle?.detach()
    current = nil
  }

  private func complete(_ outcome: TransitionOutcome) {
    guard let playing = current else { return }
    current = nil
    let states = outcome == .finished ? playing.animation.finalStates : playing.scrubbed.sample(atProgress: 0)
    playing.handle?.ended(outcome)
    playing.completion(outcome, states)
  }

  private func tick() {
    guard let playing = current else { return }
    switch playing.motion {
    case .timed(let start, let offset):
      let t = offset + clock.now - start
      if t >= playing.animation.duration {
        complete(.finished)
      } else {
        write(playing.animation.sample(at: t))
        playing.updateFollowers(at: t, scrubbed: false)
      }
    case .held: break
    case .settling(let motion, let start, let outcome):
      let t = clock.now - start
      if t >= motion.duration {
        complete(outcome)
      } else {
        let progress = motion.position(at: t)
        playing.handle?.progressChanged(progress)
        write(playing.scrubbed.sample(atProgress: progress))
        playing.updateFollowers(at: playing.animation.time(atProgress: progress), scrubbed: true)
      }
    }
  }
}
