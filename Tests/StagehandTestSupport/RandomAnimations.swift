import StagehandAnimation

/// Random values of the animation model, for seeded tests of its laws.
extension SeededGenerator {
  /// A random timing curve: one of the named curves, or a Bezier with x in [0, 1] and y in [-0.5, 1.5].
  public mutating func timingCurve() -> TimingCurve {
    switch Int.random(in: 0..<6, using: &self) {
    case 0: return .linear
    case 1: return .easeIn
    case 2: return .easeOut
    case 3: return .easeInOut
    default:
      return try! TimingCurve(
        x1: .random(in: 0...1, using: &self), y1: .random(in: -0.5...1.5, using: &self),
        x2: .random(in: 0...1, using: &self), y2: .random(in: -0.5...1.5, using: &self))
    }
  }

  /// A random vector with components in `range`.
  public mutating func vector(in range: ClosedRange<Double>) -> Vector3 {
    Vector3(
      x: .random(in: range, using: &self), y: .random(in: range, using: &self), z: .random(in: range, using: &self))
  }

  /// A random non-zero scale factor, of either sign, with magnitude in [0.25, 3].
  public mutating func scaleFactor() -> Double {
    let magnitude = Double.random(in: 0.25...3, using: &self)
    return Int.random(in: 0..<8, using: &self) == 0 ? -magnitude : magnitude
  }

  /// A random change of a random kind to `layer`; rotations only when `allowRotation`.
  public mutating func change(of layer: LayerID, allowRotation: Bool) -> Step.Change {
    var kinds = [0, 2, 3, 4]
    if allowRotation { kinds.append(1) }
    if layer == .stage { kinds.append(5) }
    switch kinds.randomElement(using: &self)! {
    case 0: return Step.Change(layer, .translate(vector(in: -500...500)))
    case 1:
      var axis = vector(in: -1...1)
      if axis.length < 1e-3 { axis = .yAxis }
      return Step.Change(layer, .rotate(angle: .random(in: -2 * .pi...2 * .pi, using: &self), axis: axis))
    case 2: return Step.Change(layer, .scale(Vector3(x: scaleFactor(), y: scaleFactor(), z: scaleFactor())))
    case 3: return Step.Change(layer, .fade(.random(in: -1...1, using: &self)))
    case 4:
      return Step.Change(
        layer, .moveAnchor(Point(x: .random(in: -0.5...0.5, using: &self), y: .random(in: -0.5...0.5, using: &self))))
    default: return Step.Change(layer, .changePerspective(.random(in: -1...1, using: &self) / 500))
    }
  }

  /// A random step: instant about one time in four, else lasting 0.01 to 2 s, with one to four changes.
  public mutating func step() -> Step {
    let duration = Int.random(in: 0..<4, using: &self) == 0 ? 0 : Double.random(in: 0.01...2, using: &self)
    var rotated: Set<LayerID> = []
    var changes: [Step.Change] = []
    for _ in 0..<Int.random(in: 1...4, using: &self) {
      let layer = LayerID.allCases.randomElement(using: &self)!
      let change = change(of: layer, allowRotation: !rotated.contains(layer))
      if case .rotate = change.change { rotated.insert(layer) }
      changes.append(change)
    }
    return try! Step(duration: duration, curve: timingCurve(), changes: changes)
  }

  /// A random animation of one to eight steps, starting with every layer at rest.
  public mutating func animation() -> Animation {
    Animation(steps: (0..<Int.random(in: 1...8, using: &self)).map { _ in step() })
  }
}
