import StagehandAnimation

/// One keyframe of an exported animation: the states of the three layers at a step boundary, and the timing curve
/// that leads to the next keyframe.
public struct ExportKeyframe: Hashable, Sendable {
  /// The time from the animation's start, in seconds.
  public var time: Double
  /// The states of the layers at `time`.
  public var states: LayerStates
  /// The curve of the step that starts here; `nil` for the last keyframe and for the first of two coincident ones
  /// (an instant step: the states jump).
  public var curve: TimingCurve?

  /// Creates a keyframe.
  public init(time: Double, states: LayerStates, curve: TimingCurve?) {
    self.time = time
    self.states = states
    self.curve = curve
  }
}

/// The animation of a transition as keyframes at its step boundaries: what the CSS and JSON exports write.
///
/// Between two keyframes, every change of the step in progress has moved by the fraction its curve gives, so a
/// player that interpolates translation, scale, opacity, anchor and perspective linearly and rotation along the
/// shortest arc (as CSS does for `matrix3d`) between the two keyframes, timed by the step's cubic-bezier, shows the
/// model's states exactly. A step that turns a layer by half a turn or more is cut into pieces that each turn less
/// (a piece of a cubic Bezier is a cubic Bezier: `TimingCurve.pieces`), with keyframes at the cuts in the model's
/// states; past `mostPieces` pieces it is refused (`ExportError.turnTooLarge`). An instant step gives two keyframes
/// at one time: the states before it, then the states after it.
public struct ExportTimeline: Sendable {
  /// The container's bounds, in points.
  public var bounds: Rect
  /// The duration, in seconds.
  public var duration: Double
  /// Whether the animation is an inverse (a pop): then its disappearing layer shows the content drawn on top.
  public var inverse: Bool
  /// Whether a sample at the exact time of an instant step shows the states after it (a forward animation) or before
  /// it (a reversed one).
  public var showsLaterSide: Bool
  /// The keyframes, in time order; the first at 0, the last at `duration`.
  public var keyframes: [ExportKeyframe]
  /// The animation exported, for sampling between keyframes.
  public let animation: Animation

  /// The keyframes of `animation`, drawn in `bounds`; `inverse` says whether it is an inverse (which decides the
  /// layer drawn on top). Fails when a step turns a layer so far that even `mostPieces` pieces turn it by half a turn
  /// or more each.
  public init(_ animation: Animation, bounds: Rect, inverse: Bool) throws(ExportError) {
    self.animation = animation
    self.bounds = bounds
    self.duration = animation.duration
    self.inverse = inverse
    self.showsLaterSide = !animation.isReversed
    var keyframes: [ExportKeyframe] = []
    var states = animation.initialStates
    var time = 0.0
    for (index, step) in animation.steps.enumerated() {
      let end = Animation(steps: [step], initialStates: states).finalStates
      if step.duration > 0 {
        guard let pieces = Self.pieces(of: step) else {
          let (layer, angle) =
            step.changes.compactMap { change -> (LayerID, Double)? in
              if case .rotate(let angle, _) = change.change { return (change.layer, angle) }
              return nil
            }.max { abs($0.1) < abs($1.1) } ?? (.appearing, 0)
          throw .turnTooLarge(layer: layer, step: index + 1, angle: angle)
        }
        for piece in pieces {
          let start = piece.startTime == 0 ? states : animation.sample(at: time + step.duration * piece.startTime)
          Self.append(
            ExportKeyframe(time: time + step.duration * piece.startTime, states: start, curve: piece.curve),
            to: &keyframes)
        }
        time += step.duration
        Self.append(ExportKeyframe(time: time, states: end, curve: nil), to: &keyframes)
      }
      states = end
    }
    // Instant steps at the very end (or an animation of instant steps only) jump to the final states.
    Self.append(ExportKeyframe(time: time, states: states, curve: nil), to: &keyframes)
    if keyframes.count == 1 { keyframes.insert(ExportKeyframe(time: 0, states: states, curve: nil), at: 0) }
    // A reversed animation shows, at 0, the states before its leading instant steps.
    if animation.isReversed, let first = keyframes.first, first.time == 0, first.states != animation.initialStates {
      keyframes.insert(ExportKeyframe(time: 0, states: animation.initialStates, curve: nil), at: 0)
    }
    self.keyframes = keyframes
  }

  /// Appends `keyframe`, merged with the last one when it is the same moment in the same states.
  private static func append(_ keyframe: ExportKeyframe, to keyframes: inout [ExportKeyframe]) {
    if let last = keyframes.last, last.time == keyframe.time, last.states == keyframe.states {
      keyframes[keyframes.count - 1].curve = keyframe.curve ?? last.curve
      return
    }
    keyframes.append(keyframe)
  }

  /// The states at `time`, as the model samples them.
  public func states(at time: Double) -> LayerStates { animation.sample(at: time) }

  /// The layer that shows the content the forward animation brings in, which is drawn on top.
  public var topLayer: LayerID { Scene.layerOfTo(inverse: inverse) }
}

/// Why a transition cannot be exported.
public enum ExportError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A step turns a layer so far, or with a curve so steep, that even cut into `ExportTimeline.mostPieces` pieces one
  /// piece turns it by half a turn or more, which keyframes interpolated along the shortest arc cannot show.
  case turnTooLarge(layer: LayerID, step: Int, angle: Double)

  /// One line for the user: what, why, and what to do.
  public var description: String {
    switch self {
    case .turnTooLarge(let layer, let step, let angle):
      "step \(step) turns the \(layer) layer by \(angle.exportNumber) radians, too far for CSS keyframes (turned "
        + "along the shortest arc) even in \(ExportTimeline.mostPieces) pieces; split that turn into steps of less "
        + "than half a turn in the style, or use `stagehand render` for this style"
    }
  }
}
