/// An ordered list of steps that moves the stage, the appearing and the disappearing layers.
///
/// An animation starts from `initialStates` (every layer at rest for a freshly built one), lasts the sum of its steps'
/// durations, can be sampled at any time for the state of every layer, rescaled to a requested duration, and
/// reversed exactly: `reversed().sample(at: t)` equals `sample(at: duration - t)` for every `t` in [0, duration].
///
/// Instant steps make a state jump. At the exact time of a jump, an animation built forwards shows the state after
/// it; a reversed animation shows the state before it, which is the same moment seen from the other side. So
/// `sample(at: 0)` of a forward animation includes its leading setup steps, and `finalStates` (after every step,
/// trailing instant ones included) may differ from `sample(at: duration)` of a reversed one.
public struct Animation: Hashable, Sendable {
  /// The steps, in playing order.
  public let steps: [Step]
  /// The states of the layers before the first step.
  public let initialStates: LayerStates
  /// Whether this animation was made by reversing one; it decides which side of an instant step a sample at its
  /// exact time sees.
  public let isReversed: Bool
  /// The sum of the steps' durations, in seconds.
  public let duration: Double
  /// The states of the layers after every step.
  public let finalStates: LayerStates

  /// The start time of each step.
  let startTimes: [Double]
  /// The states of the layers at the start of each step.
  let startStates: [LayerStates]

  /// Creates an animation from steps, starting from `initialStates`.
  public init(steps: [Step], initialStates: LayerStates = .identity) {
    self.init(steps: steps, initialStates: initialStates, isReversed: false)
  }

  init(steps: [Step], initialStates: LayerStates, isReversed: Bool) {
    self.steps = steps
    self.initialStates = initialStates
    self.isReversed = isReversed
    var time = 0.0
    var states = initialStates
    var startTimes: [Double] = []
    var startStates: [LayerStates] = []
    startTimes.reserveCapacity(steps.count)
    startStates.reserveCapacity(steps.count)
    for step in steps {
      startTimes.append(time)
      startStates.append(states)
      Animation.apply(step, progress: 1, to: &states)
      time += step.duration
    }
    self.startTimes = startTimes
    self.startStates = startStates
    self.duration = time
    self.finalStates = states
  }

  /// An animation with no steps: every layer stays in `states`.
  public static func still(_ states: LayerStates = .identity) -> Animation {
    Animation(steps: [], initialStates: states)
  }
}

extension Animation {
  /// The animation that plays this one backwards: it starts from `finalStates`, plays the inverted steps in reverse
  /// order with reversed curves, and ends in `initialStates`.
  public func reversed() -> Animation {
    Animation(steps: steps.reversed().map(\.inverted), initialStates: finalStates, isReversed: !isReversed)
  }

  /// The same animation with the appearing and disappearing layers exchanged.
  public func swapped() -> Animation {
    Animation(steps: steps.map(\.swapped), initialStates: initialStates.swapped, isReversed: isReversed)
  }

  /// `swapped().reversed()` built at once: the inverse a host derives from a forward animation (the content layers
  /// exchanged, played backwards), without making the swapped animation first.
  public func swappedAndReversed() -> Animation {
    Animation(
      steps: steps.reversed().map { $0.swapped.inverted }, initialStates: finalStates.swapped,
      isReversed: !isReversed)
  }
}
