/// Why a value given to the animation model was rejected.
///
/// Each message names the value, says why it is wrong and what to do instead.
public enum AnimationError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A number that must be finite was NaN or infinite.
  case nonFinite(value: String, Double)
  /// A step's duration was negative.
  case negativeDuration(Double)
  /// A requested duration was negative.
  case negativeRequestedDuration(Double)
  /// A timing curve's x1 or x2 lay outside [0, 1].
  case curveOutOfRange(name: String, value: Double)
  /// A scale factor was zero, which no later step could undo.
  case zeroScale(layer: LayerID, axis: String)
  /// A rotation axis had zero length.
  case zeroRotationAxis(layer: LayerID)
  /// One step rotated one layer twice.
  case twoRotationsInOneStep(layer: LayerID)
  /// A perspective change targeted a layer other than the stage.
  case perspectiveOnContentLayer(LayerID)
  /// Container bounds were empty.
  case emptyBounds(Rect)
  /// A change interval was not within 0 <= start < end <= 1.
  case intervalOutOfRange(start: Double, end: Double)
  /// A clip change targeted the stage.
  case clipOnStage
  /// A dim change targeted the stage.
  case dimOnStage
  /// A backdrop or draw-order change targeted a content layer.
  case stageChangeOnContentLayer(LayerID, what: String)
  /// A draw-order change was in a step that takes time.
  case drawOrderInTimedStep
  /// A spring's mass, stiffness or damping was not positive.
  case springOutOfRange(name: String, value: Double)

  /// A message that says what was wrong, why, and what to do.
  public var description: String {
    switch self {
    case .nonFinite(let name, let value):
      "\(name) is \(value), but it must be a finite number"
    case .negativeDuration(let value):
      "step duration \(value) s is negative; use 0 for an instant step or a positive number of seconds"
    case .negativeRequestedDuration(let value):
      "requested duration \(value) s is negative; ask for a positive number of seconds, 0, or the intrinsic duration"
    case .curveOutOfRange(let name, let value):
      "timing curve \(name) = \(value) is outside [0, 1]; x1 and x2 must lie in [0, 1] so that the curve is a function of time"
    case .zeroScale(let layer, let axis):
      "scale of the \(layer) layer along \(axis) is 0 or too small to invert, so it cannot be reversed; use a small non-zero factor such as 0.001"
    case .zeroRotationAxis(let layer):
      "rotation axis of the \(layer) layer has zero length; give a non-zero axis such as (0, 1, 0)"
    case .twoRotationsInOneStep(let layer):
      "a step rotates the \(layer) layer twice; rotate it once per step and put further rotations in their own steps"
    case .perspectiveOnContentLayer(let layer):
      "perspective can only change on the stage, not on the \(layer) layer"
    case .emptyBounds(let rect):
      "bounds \(rect.size.width) x \(rect.size.height) are empty; width and height must be positive"
    case .intervalOutOfRange(let start, let end):
      "change interval [\(start), \(end)] is not within the step; give 0 <= start < end <= 1"
    case .clipOnStage:
      "the stage has no clip; clip the appearing or disappearing layer"
    case .dimOnStage:
      "the stage has no dim (it has no pixels of its own); dim the appearing or disappearing layer"
    case .stageChangeOnContentLayer(let layer, let what):
      "\(what) belongs to the stage, not to the \(layer) layer"
    case .drawOrderInTimedStep:
      "a draw-order change must be in an instant step (duration 0); put it at the start or the end of its step"
    case .springOutOfRange(let name, let value):
      "spring \(name) \(value) is not positive; mass, stiffness and damping must be finite and above 0"
    }
  }
}
