import StagehandAnimation

/// Turns pointer samples (a position and a timestamp) into the progress and velocity of an interactive transition,
/// along the transition's own direction of motion; toolkit-neutral (SDL, GTK, a game loop, the terminal feed it).
///
/// The direction comes from the animation (`init(animation:bounds:)`): the content layer whose translation changes
/// most from the start (after its setup steps) to the end gives the direction and the distance of progress 0 to 1,
/// so a push from the right is dragged right to left, and the same push built right to left is dragged left to right.
/// An animation without translation (a turn, a fade) is dragged across the bounds' width, towards the side a turn
/// about the vertical axis brings its layer from (`towards` otherwise, the trailing-to-leading default).
///
/// Decision rule (`shouldFinish`): finish when the release velocity along the direction is above
/// `velocityThreshold` (progress per second), cancel when it is below its negative, and otherwise finish past half way.
public struct GestureTracker: Sendable {
  /// The unit direction of the drag on screen, in points (y grows downwards).
  public let direction: Point
  /// How far the pointer travels, in points, for the progress to go from 0 to 1.
  public let distance: Double
  /// The velocity beyond which a release finishes (or, negative, cancels) whatever the progress, in progress per
  /// second.
  public var velocityThreshold: Double
  /// How far back the velocity looks, in seconds.
  public var velocityWindow: Double

  private var start: Point?
  private var samples: [(time: Double, progress: Double)] = []

  /// A tracker along `direction` (normalized here; a zero vector is taken as (1, 0)) over `distance` points.
  public init(direction: Point, distance: Double, velocityThreshold: Double = 0.5, velocityWindow: Double = 0.1) {
    let length = (direction.x * direction.x + direction.y * direction.y).squareRoot()
    self.direction =
      length > 0 && length.isFinite ? Point(x: direction.x / length, y: direction.y / length) : Point(x: 1, y: 0)
    self.distance = distance > 0 && distance.isFinite ? distance : 1
    self.velocityThreshold = velocityThreshold
    self.velocityWindow = velocityWindow
  }

  /// A tracker along the motion of `animation` in `bounds`; `towards` is the fallback direction of an animation that
  /// does not translate its contents (a turn about the vertical axis picks its sign from the turn).
  public init(animation: Animation, bounds: Rect, towards fallback: Point = Point(x: -1, y: 0)) {
    let first = animation.sample(at: 0)
    let last = animation.finalStates
    var best = Vector3(x: 0, y: 0, z: 0)
    for layer in [LayerID.appearing, .disappearing] {
      let start = first[layer].translation
      let end = last[layer].translation
      let moved = Vector3(x: end.x - start.x, y: end.y - start.y, z: 0)
      if moved.x * moved.x + moved.y * moved.y > best.x * best.x + best.y * best.y { best = moved }
    }
    let length = (best.x * best.x + best.y * best.y).squareRoot()
    if length > 1e-9 {
      self.init(direction: Point(x: best.x, y: best.y), distance: length)
      return
    }
    var direction = fallback
    // The appearing layer's turn at the start, from which it turns back to rest.
    let turn = first.appearing.rotation
    if turn.angle > 1e-9, abs(turn.axis.y) > 0.5, last.appearing.rotation.angle < turn.angle {
      direction = Point(x: turn.axis.y > 0 ? -1 : 1, y: 0)
    }
    self.init(direction: direction, distance: bounds.size.width)
  }

  /// The progress now, in [0, 1].
  public var progress: Double { samples.last?.progress ?? 0 }

  /// Starts tracking at `position`, at `time` seconds, from progress 0.
  public mutating func begin(at position: Point, time: Double) {
    begin(at: position, time: time, progress: 0)
  }

  /// Starts tracking at `position`, at `time` seconds, from `progress` (clamped to [0, 1]; NaN is taken as 0): for a
  /// transition grabbed or scrubbed part of the way, so that the pointer takes it on from where it stands and can
  /// drag it back below where the drag began.
  public mutating func begin(at position: Point, time: Double, progress: Double) {
    let from = progress.isNaN ? 0 : min(max(progress, 0), 1)
    start = Point(
      x: position.x - direction.x * distance * from, y: position.y - direction.y * distance * from)
    samples = [(time, from)]
  }

  /// Follows the pointer to `position` at `time` and returns the progress: the distance moved along the direction
  /// over `distance`, clamped to [0, 1].
  @discardableResult
  public mutating func move(to position: Point, time: Double) -> Double {
    guard let start else {
      begin(at: position, time: time)
      return 0
    }
    let along = (position.x - start.x) * direction.x + (position.y - start.y) * direction.y
    let progress = min(max(along / distance, 0), 1)
    samples.append((time, progress))
    samples.removeAll { $0.time < time - 4 * velocityWindow }
    return progress
  }

  /// The velocity of the progress, in progress per second: the slope between the oldest sample within
  /// `velocityWindow` of the last one and the last one (0 with fewer than two samples or no time between them).
  public var velocity: Double {
    guard let last = samples.last else { return 0 }
    let first = samples.first { $0.time >= last.time - velocityWindow } ?? last
    let elapsed = last.time - first.time
    return elapsed > 0 ? (last.progress - first.progress) / elapsed : 0
  }

  /// Whether a release now should finish the transition (else cancel it), by the decision rule above.
  public var shouldFinish: Bool {
    if velocity > velocityThreshold { return true }
    if velocity < -velocityThreshold { return false }
    return progress > 0.5
  }

  /// Ends `transition` by the decision rule, with the velocity now.
  public func release(_ transition: InteractiveTransition, spring: ReleaseSpring = .default) {
    if shouldFinish {
      transition.finish(velocity: velocity, spring: spring)
    } else {
      transition.cancel(velocity: velocity, spring: spring)
    }
  }
}
