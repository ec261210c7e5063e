import StagehandAnimation

/// Random values of the animation model, for seeded tests of its laws.
extension SeededGenerator {
  /// A random timing curve: one of the named curves, a spring (under-, critically or overdamped), or a Bezier with x
  /// in [0, 1] and y in [-0.5, 1.5].
  public mutating func timingCurve() -> TimingCurve {
    switch Int.random(in: 0..<8, using: &self) {
    case 0: return .linear
    case 1: return .easeIn
    case 2: return .easeOut
    case 3: return .easeInOut
    case 4: return TimingCurve(spring())
    default: return bezierCurve()
    }
  }

  /// A random cubic Bezier curve with x in [0, 1] and y in [-0.5, 1.5].
  public mutating func bezierCurve() -> TimingCurve {
    switch Int.random(in: 0..<2, using: &self) {
    case 0: return [.linear, .easeIn, .easeOut, .easeInOut].randomElement(using: &self)!
    default:
      return try! TimingCurve(
        x1: .random(in: 0...1, using: &self), y1: .random(in: -0.5...1.5, using: &self),
        x2: .random(in: 0...1, using: &self), y2: .random(in: -0.5...1.5, using: &self))
    }
  }

  /// A random spring: mass 0.5 to 2, stiffness 20 to 400, a damping ratio from 0.1 to 3 (one time in eight exactly
  /// critical), an initial velocity from -5 to 5.
  public mutating func spring() -> Spring {
    let mass = Double.random(in: 0.5...2, using: &self)
    let stiffness = Double.random(in: 20...400, using: &self)
    let ratio = Int.random(in: 0..<8, using: &self) == 0 ? 1 : Double.random(in: 0.1...3, using: &self)
    let damping = ratio * 2 * (stiffness * mass).squareRoot()
    return try! Spring(
      mass: mass, stiffness: stiffness, damping: damping, initialVelocity: .random(in: -5...5, using: &self))
  }

  /// A random change interval: the whole step half the time, else a random part of it.
  public mutating func interval() -> ChangeInterval {
    guard Bool.random(using: &self) else { return .whole }
    let a = Double.random(in: 0...0.9, using: &self)
    return try! ChangeInterval(start: a, end: Double.random(in: (a + 0.05)...1, using: &self))
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

  /// A random change of a random kind to `layer`, over a random interval; rotations only when `allowRotation`.
  public mutating func change(of layer: LayerID, allowRotation: Bool) -> Step.Change {
    var change = change(kindOf: layer, allowRotation: allowRotation)
    change.interval = interval()
    return change
  }

  /// A random change of a random kind to `layer`, over the whole step.
  mutating func change(kindOf layer: LayerID, allowRotation: Bool) -> Step.Change {
    var kinds = [0, 2, 4]
    if allowRotation { kinds.append(1) }
    if layer == .stage { kinds += [5, 9] } else { kinds += [3, 6, 7, 8, 10, 11] }
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
    case 5: return Step.Change(layer, .changePerspective(.random(in: -1...1, using: &self) / 500))
    case 6:
      return Step.Change(
        layer,
        .inset(
          Insets(
            top: .random(in: -0.5...0.5, using: &self), right: .random(in: -0.5...0.5, using: &self),
            bottom: .random(in: -0.5...0.5, using: &self), left: .random(in: -0.5...0.5, using: &self))))
    case 7: return Step.Change(layer, .cornerRadius(.random(in: -50...50, using: &self)))
    case 8:
      return Step.Change(
        layer,
        .ellipse(
          centre: Point(x: .random(in: -0.5...0.5, using: &self), y: .random(in: -0.5...0.5, using: &self)),
          radii: Point(x: .random(in: -1...1, using: &self), y: .random(in: -1...1, using: &self))))
    case 10:
      return Step.Change(
        layer,
        .wedge(
          centre: Point(x: .random(in: -0.5...0.5, using: &self), y: .random(in: -0.5...0.5, using: &self)),
          start: .random(in: -2 * .pi...2 * .pi, using: &self), sweep: .random(in: -2 * .pi...2 * .pi, using: &self)))
    case 11: return Step.Change(layer, .dim(.random(in: -1.5...1.5, using: &self)))
    default:
      return Step.Change(
        layer,
        .backdrop(
          Backdrop(
            red: .random(in: -1...1, using: &self), green: .random(in: -1...1, using: &self),
            blue: .random(in: -1...1, using: &self), opacity: .random(in: -1...1, using: &self))))
    }
  }

  /// A random step: instant about one time in four, else lasting 0.01 to 2 s, with one to four changes; an instant
  /// step exchanges the draw order one time in three.
  public mutating func step() -> Step {
    let duration = Int.random(in: 0..<4, using: &self) == 0 ? 0 : Double.random(in: 0.01...2, using: &self)
    if duration == 0, Int.random(in: 0..<3, using: &self) == 0 {
      return try! Step(duration: 0, curve: .linear, changes: [Step.Change(.stage, .swapDrawOrder)])
    }
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
