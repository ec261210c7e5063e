/// One change to one layer, relative to its state at the start of the step.
public enum LayerChange: Hashable, Sendable {
  /// Moves the layer by a vector, in points.
  case translate(Vector3)
  /// Turns the layer by an angle in radians about an axis through its anchor point, in container coordinates; a
  /// step stores the axis normalized to length 1.
  case rotate(angle: Double, axis: Vector3)
  /// Multiplies the layer's scale by non-zero factors, about its anchor point.
  case scale(Vector3)
  /// Adds to the layer's opacity.
  case fade(Double)
  /// Moves the anchor point by a vector in unit coordinates of the layer.
  case moveAnchor(Point)
  /// Adds to the stage's perspective strength (`1 / camera distance`).
  case changePerspective(Double)

  /// The change that undoes this one.
  public var inverted: LayerChange {
    switch self {
    case .translate(let v): .translate(-v)
    case .rotate(let angle, let axis): .rotate(angle: -angle, axis: axis)
    case .scale(let s): .scale(Vector3(x: 1 / s.x, y: 1 / s.y, z: 1 / s.z))
    case .fade(let d): .fade(-d)
    case .moveAnchor(let d): .moveAnchor(Point(x: -d.x, y: -d.y))
    case .changePerspective(let d): .changePerspective(-d)
    }
  }
}

/// A segment of an animation: a duration, a timing curve, and changes to layers that run in parallel.
///
/// Changes are relative to each layer's state at the step's start. A step of duration 0 applies its changes instantly
/// (a setup step).
public struct Step: Hashable, Sendable {
  /// One change and the layer it applies to.
  public struct Change: Hashable, Sendable {
    /// The layer that changes.
    public var layer: LayerID
    /// What changes.
    public var change: LayerChange

    /// Pairs a change with its layer.
    public init(_ layer: LayerID, _ change: LayerChange) {
      self.layer = layer
      self.change = change
    }
  }

  /// The duration in seconds, zero or positive.
  public private(set) var duration: Double
  /// How time progress maps to the progress of the changes.
  public let curve: TimingCurve
  /// The changes, in the order they were given; changes to one layer compose in that order.
  public let changes: [Change]

  /// Creates a step, rejecting non-finite numbers, negative durations, zero scales, zero rotation axes,
  /// perspective changes of a content layer, and two rotations of one layer (rotations about different axes do not
  /// run in parallel in any reversible way).
  public init(duration: Double, curve: TimingCurve = .easeInOut, changes: [Change]) throws(AnimationError) {
    guard duration.isFinite else { throw .nonFinite(value: "step duration", duration) }
    guard duration >= 0 else { throw .negativeDuration(duration) }
    var rotated: Set<LayerID> = []
    var changes = changes
    for (i, change) in changes.enumerated() {
      try Step.validate(change)
      if case .rotate(let angle, let axis) = change.change {
        changes[i].change = .rotate(angle: angle, axis: axis.normalized)
      }
      if case .rotate = change.change, !rotated.insert(change.layer).inserted {
        throw .twoRotationsInOneStep(layer: change.layer)
      }
    }
    self.duration = duration
    self.curve = curve
    self.changes = changes
  }

  private init(unchecked duration: Double, curve: TimingCurve, changes: [Change]) {
    self.duration = duration
    self.curve = curve
    self.changes = changes
  }

  /// The step that undoes this one when played forwards: same duration, reversed curve, inverted changes in reverse
  /// order.
  public var inverted: Step {
    Step(
      unchecked: duration, curve: curve.reversed(),
      changes: changes.reversed().map { Change($0.layer, $0.change.inverted) })
  }

  /// The same step with the appearing and disappearing layers exchanged.
  public var swapped: Step {
    Step(unchecked: duration, curve: curve, changes: changes.map { Change($0.layer.swapped, $0.change) })
  }

  /// The same step with its duration multiplied by `factor`, which the caller keeps finite and non-negative.
  func scaled(by factor: Double) -> Step {
    var step = self
    step.duration = duration * factor
    return step
  }

  private static func validate(_ c: Change) throws(AnimationError) {
    let name = "\(c.layer) layer"
    func finite(_ v: Double, _ what: String) throws(AnimationError) {
      guard v.isFinite else { throw .nonFinite(value: "\(what) of the \(name)", v) }
    }
    func finite(_ v: Vector3, _ what: String) throws(AnimationError) {
      try finite(v.x, "\(what) x")
      try finite(v.y, "\(what) y")
      try finite(v.z, "\(what) z")
    }
    switch c.change {
    case .translate(let v): try finite(v, "translation")
    case .rotate(let angle, let axis):
      try finite(angle, "rotation angle")
      try finite(axis, "rotation axis")
      guard axis.length > 0 else { throw .zeroRotationAxis(layer: c.layer) }
    case .scale(let s):
      try finite(s, "scale")
      for (axis, value) in [("x", s.x), ("y", s.y), ("z", s.z)] where !(1 / value).isFinite {
        throw .zeroScale(layer: c.layer, axis: axis)
      }
    case .fade(let d): try finite(d, "opacity change")
    case .moveAnchor(let d):
      try finite(d.x, "anchor x")
      try finite(d.y, "anchor y")
    case .changePerspective(let d):
      try finite(d, "perspective change")
      guard c.layer == .stage else { throw .perspectiveOnContentLayer(c.layer) }
    }
  }
}
