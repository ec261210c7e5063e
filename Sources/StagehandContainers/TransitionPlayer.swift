import StagehandAnimation

/// Plays one animation at a time on a clock: writes the sampled states as time passes and calls a completion when it
/// ends. An animation can start part-way (to reverse another one from where it stands) and be replaced while playing.
final class TransitionPlayer {
  private let clock: any TransitionClock
  private var current: Playing?

  private struct Playing {
    var animation: Animation
    var start: Double
    var offset: Double
    var update: (LayerStates) -> Void
    var completion: (LayerStates) -> Void
  }

  init(clock: any TransitionClock) {
    self.clock = clock
    clock.observe(for: self) { [weak self] in self?.tick() }
  }

  /// Whether an animation is playing.
  var isPlaying: Bool { current != nil }

  /// The time within the playing animation, in seconds.
  var elapsed: Double? { current.map { min($0.offset + clock.now - $0.start, $0.animation.duration) } }

  /// Plays `animation` from `offset` seconds into it; `update` receives the states at each tick, `completion` the
  /// final states. A non-animated change, or an animation of no duration, completes at once.
  func play(
    _ animation: Animation, from offset: Double = 0, animated: Bool, update: @escaping (LayerStates) -> Void,
    completion: @escaping (LayerStates) -> Void
  ) {
    guard animated, animation.duration > 0, offset < animation.duration else {
      completion(animation.finalStates)
      return
    }
    current = Playing(
      animation: animation, start: clock.now, offset: max(offset, 0), update: update, completion: completion)
    update(animation.sample(at: max(offset, 0)))
  }

  /// Stops the playing animation without completing it.
  func cancel() { current = nil }

  private func tick() {
    guard let playing = current else { return }
    let t = playing.offset + clock.now - playing.start
    if t >= playing.animation.duration {
      current = nil
      playing.completion(playing.animation.finalStates)
    } else {
      playing.update(playing.animation.sample(at: t))
    }
  }
}
