import StagehandAnimation

/// The layer states of one frame, whether they come from an inverse animation (which decides which layer shows
/// which content), and whether the animation has ended (then the disappearing content is not drawn).
public struct FrameStates: Hashable, Sendable {
  /// The states of the three layers, the backdrop and the draw order.
  public var states: LayerStates
  /// Whether the states are an inverse animation's.
  public var inverse: Bool
  /// Whether the frame is at or after the animation's end: the disappearing layer is then not drawn, and the
  /// appearing content shows alone over the backdrop (section 9 of stagehand_plugin.h, "The end").
  public var ended: Bool

  /// Creates the states of a frame; `ended` says whether it lies at or after the animation's end.
  public init(_ states: LayerStates, inverse: Bool, ended: Bool = false) {
    self.states = states
    self.inverse = inverse
    self.ended = ended
  }

  /// The frame of `animation` at `time` seconds: its states there, ended at and after its duration.
  public init(_ animation: Animation, at time: Double, inverse: Bool) {
    self.init(animation.sample(at: time), inverse: inverse, ended: !(time < animation.duration))
  }

  /// The content layers drawn, back to front: the one below, then the one on top; without the disappearing layer
  /// once the animation has ended.
  public var drawnLayers: [LayerID] {
    let order = [states.below, states.onTop]
    return ended ? order.filter { $0 != .disappearing } : order
  }

  /// The layer that shows the content the forward animation brings in: the appearing layer of a forward animation,
  /// the disappearing layer of an inverse.
  public static func layerOfTo(inverse: Bool) -> LayerID { inverse ? .disappearing : .appearing }

  /// The most frames one rendering or JSON timeline may have: 10 minutes at 60 frames per second.
  public static let frameBudget = 36_000

  /// How many frames show an animation of `duration` seconds at `fps` frames per second: `duration * fps`, rounded,
  /// and at least 2 (the start and the end); 1 for an instant animation, which shows its end; at most one more than
  /// `frameBudget`.
  public static func frameCount(duration: Double, fps: Int) -> Int {
    guard duration > 0 else { return 1 }
    let count = (duration * Double(fps)).rounded()
    return count >= Double(frameBudget) ? frameBudget + 1 : max(Int(count), 2)
  }
}
