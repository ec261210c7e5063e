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
  /// Moves the edges of a content layer's clip rectangle inwards, in unit coordinates of the layer.
  case inset(Insets)
  /// Adds to the corner radius of a content layer's clip rectangle, in points.
  case cornerRadius(Double)
  /// Moves the centre of a content layer's clip ellipse (unit coordinates) and adds to its radii (half-diagonals).
  case ellipse(centre: Point, radii: Point)
  /// Moves the centre of a content layer's clip wedge (unit coordinates) and turns its first edge and adds to its
  /// sweep (radians), ABI 1.2.
  case wedge(centre: Point, start: Double, sweep: Double)
  /// Adds to a content layer's dim (black over its own pixels, ABI 1.3).
  case dim(Double)
  /// Adds to the backdrop's colour and opacity (a change of the stage).
  case backdrop(Backdrop)
  /// Exchanges which content layer is drawn on top (a change of the stage, only in an instant step); its own inverse.
  case swapDrawOrder

  /// The change that undoes this one.
  public var inverted: LayerChange {
    switch self {
    case .translate(let v): .translate(-v)
    case .rotate(let angle, let axis): .rotate(angle: -angle, axis: axis)
    case .scale(let s): .scale(Vector3(x: 1 / s.x, y: 1 / s.y, z: 1 / s.z))
    case .fade(let d): .fade(-d)
    case .moveAnchor(let d): .moveAnchor(Point(x: -d.x, y: -d.y))
    case .changePerspective(let d): .changePerspective(-d)
    case .inset(let i): .inset(-i)
    case .cornerRadius(let d): .cornerRadius(-d)
    case .ellipse(let c, let r): .ellipse(centre: Point(x: -c.x, y: -c.y), radii: Point(x: -r.x, y: -r.y))
    case .wedge(let c, let start, let sweep): .wedge(centre: Point(x: -c.x, y: -c.y), start: -start, sweep: -sweep)
    case .dim(let d): .dim(-d)
    case .backdrop(let b): .backdrop(-b)
    case .swapDrawOrder: .swapDrawOrder
    }
  }
}

/// The part [start, end] of its step over which a change runs, as fractions of the step's duration.
///
/// Both ends are rounded to a multiple of 2^-40, which makes `1 - v` exact: reversing an interval twice gives back
/// the very same one.
public struct ChangeInterval: Hashable, Sendable, CustomStringConvertible {
  /// When the change begins, from 0 (the step's start).
  public let start: Double
  /// When the change is complete, up to 1 (the step's end).
  public let end: Double

  /// The whole step.
  public static let whole = ChangeInterval(unchecked: 0, 1)

  /// Creates an interval, rejecting non-finite ends and any but 0 <= start < end <= 1.
  public init(start: Double, end: Double) throws(AnimationError) {
    guard start.isFinite else { throw .nonFinite(value: "interval start", start) }
    guard end.isFinite else { throw .nonFinite(value: "interval end", end) }
    let s = Self.quantized(start)
    let e = Self.quantized(end)
    guard 0 <= s, s < e, e <= 1 else { throw .intervalOutOfRange(start: start, end: end) }
    self.init(unchecked: s, e)
  }

  private init(unchecked start: Double, _ end: Double) {
    self.start = start
    self.end = end
  }

  private static func quantized(_ v: Double) -> Double {
    let grid = 1_099_511_627_776.0  // 2^40
    return (v * grid).rounded() / grid
  }

  /// The interval of the inverted step: [1 - end, 1 - start].
  public var reversed: ChangeInterval { ChangeInterval(unchecked: 1 - end, 1 - start) }

  /// Whether it spans the whole step.
  public var isWhole: Bool { start == 0 && end == 1 }

  /// The change's own time progress at the step's time progress `p`, clamped to [0, 1].
  @inline(__always)
  public func localProgress(_ p: Double) -> Double {
    if p <= start { return 0 }
    if p >= end { return 1 }
    return min(max((p - start) / (end - start), 0), 1)
  }

  /// `[start, end]`.
  public var description: String { "[\(start), \(end)]" }
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
    /// The part of the step over which the change runs.
    public var interval: ChangeInterval

    /// Pairs a change with its layer, running over `interval` of the step.
    public init(_ layer: LayerID, _ change: LayerChange, interval: ChangeInterval = .whole) {
      self.layer = layer
      self.change = change
      self.interval = interval
    }
  }

  /// The duration in seconds, zero or positive.
  public private(set) var duration: Double
  /// How time progress maps to the progress of the changes.
  public let curve: TimingCurve
  /// The changes, in the order they were given; changes to one layer compose in that order.
  public let changes: [Change]

  /// Creates a step, rejecting non-finite numbers, negative durations, zero scales, zero rotation axes,
  /// perspective, backdrop and draw-order changes of a content layer, clip changes of the stage, draw-order changes
  /// in a step that takes time, and two rotations of one layer (rotations about different axes do not run in
  /// parallel in any reversible way).
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
      if case .swapDrawOrder = change.change, duration > 0 { throw .drawOrderInTimedStep }
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
      changes: changes.reversed().map { Change($0.layer, $0.change.inverted, interval: $0.interval.reversed) })
  }

  /// The same step with `curve` in place of its own.
  func withCurve(_ curve: TimingCurve) -> Step {
    Step(unchecked: duration, curve: curve, changes: changes)
  }

  /// The same step with the appearing and disappearing layers exchanged.
  public var swapped: Step {
    Step(
      unchecked: duration, curve: curve,
      changes: changes.map { Change($0.layer.swapped, $0.change, interval: $0.interval) })
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
    case .inset(let i):
      try finite(i.top, "clip top inset")
      try finite(i.right, "clip right inset")
      try finite(i.bottom, "clip bottom inset")
      try finite(i.left, "clip left inset")
      guard c.layer != .stage else { throw .clipOnStage }
    case .cornerRadius(let d):
      try finite(d, "clip corner radius")
      guard c.layer != .stage else { throw .clipOnStage }
    case .ellipse(let centre, let radii):
      try finite(centre.x, "clip ellipse centre x")
      try finite(centre.y, "clip ellipse centre y")
      try finite(radii.x, "clip ellipse radius x")
      try finite(radii.y, "clip ellipse radius y")
      guard c.layer != .stage else { throw .clipOnStage }
    case .wedge(let centre, let start, let sweep):
      try finite(centre.x, "clip wedge centre x")
      try finite(centre.y, "clip wedge centre y")
      try finite(start, "clip wedge start")
      try finite(sweep, "clip wedge sweep")
      guard c.layer != .stage else { throw .clipOnStage }
    case .dim(let d):
      try finite(d, "dim change")
      guard c.layer != .stage else { throw .dimOnStage }
    case .backdrop(let b):
      try finite(b.red, "backdrop red")
      try finite(b.green, "backdrop green")
      try finite(b.blue, "backdrop blue")
      try finite(b.opacity, "backdrop opacity")
      guard c.layer == .stage else { throw .stageChangeOnContentLayer(c.layer, what: "the backdrop") }
    case .swapDrawOrder:
      guard c.layer == .stage else { throw .stageChangeOnContentLayer(c.layer, what: "the draw order") }
    }
  }
}
