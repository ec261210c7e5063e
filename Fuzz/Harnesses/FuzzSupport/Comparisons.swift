import StagehandAnimation

/// Stops the fuzzer with `message` when `condition` is false: libFuzzer saves the input that did it.
public func check(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
  if !condition() { fail(message()) }
}

/// Stops the fuzzer with `message`.
public func fail(_ message: String) -> Never {
  fatalError("invariant broken: \(message)")
}

/// The numbers a layer state holds, its clip's included.
public func numbers(_ s: LayerState) -> [Double] {
  [
    s.translation.x, s.translation.y, s.translation.z, s.rotation.w, s.rotation.x, s.rotation.y, s.rotation.z,
    s.scale.x, s.scale.y, s.scale.z, s.anchor.x, s.anchor.y, s.opacity, s.perspective, s.clip.insets.top,
    s.clip.insets.right, s.clip.insets.bottom, s.clip.insets.left, s.clip.cornerRadius, s.clip.ellipseCentre.x,
    s.clip.ellipseCentre.y, s.clip.ellipseRadii.x, s.clip.ellipseRadii.y, s.clip.wedgeCentre.x, s.clip.wedgeCentre.y,
    s.clip.wedgeStart, s.clip.wedgeSweep, s.dim,
  ]
}

/// The largest absolute difference between the states of the same layers and the backdrops; NaN when either holds a
/// NaN, infinite when the draw orders differ.
public func difference(_ a: LayerStates, _ b: LayerStates) -> Double {
  guard a.onTop == b.onTop else { return .infinity }
  var worst = 0.0
  let backdrops = zip(
    [a.backdrop.red, a.backdrop.green, a.backdrop.blue, a.backdrop.opacity],
    [b.backdrop.red, b.backdrop.green, b.backdrop.blue, b.backdrop.opacity])
  for (x, y) in backdrops {
    let d = abs(x - y)
    if d.isNaN { return .nan }
    worst = Swift.max(worst, d)
  }
  for layer in LayerID.allCases {
    for (x, y) in zip(numbers(a[layer]), numbers(b[layer])) {
      let d = abs(x - y)
      if d.isNaN { return .nan }
      worst = Swift.max(worst, d)
    }
  }
  return worst
}

/// The largest magnitude of any number the states hold (mid-step, a curve that overshoots far, with a control value of
/// 1e79, multiplies a change by as much: the rounding of the samples is measured against that).
public func magnitude(_ states: LayerStates...) -> Double {
  var largest = 0.0
  for state in states {
    for layer in LayerID.allCases {
      for value in numbers(state[layer]) where value.isFinite { largest = Swift.max(largest, abs(value)) }
    }
  }
  return largest
}

/// The largest magnitude of any number the animations hold at the start of a step or at their ends, or that a step
/// changes (a rotation by 1e9 radians is lawful, but rounds to 1e-7 of a radian), against which rounding errors are
/// measured.
public func magnitude(_ animations: Animation...) -> Double {
  var largest = 0.0
  for animation in animations {
    var states = [animation.initialStates, animation.finalStates]
    var time = 0.0
    for step in animation.steps {
      time += step.duration
      states.append(animation.sample(at: time))
      for change in step.changes { largest = Swift.max(largest, magnitude(change.change)) }
    }
    for state in states {
      for layer in LayerID.allCases { largest = numbers(state[layer]).reduce(largest) { Swift.max($0, abs($1)) } }
    }
  }
  return largest
}

/// The largest magnitude of the numbers a change holds.
func magnitude(_ change: LayerChange) -> Double {
  let values: [Double]
  switch change {
  case .translate(let v): values = [v.x, v.y, v.z]
  case .rotate(let angle, _): values = [angle]
  case .scale(let k): values = [k.x, k.y, k.z, 1 / k.x, 1 / k.y, 1 / k.z]
  case .fade(let d), .changePerspective(let d), .cornerRadius(let d), .dim(let d): values = [d]
  case .moveAnchor(let p): values = [p.x, p.y]
  case .inset(let i): values = [i.top, i.right, i.bottom, i.left]
  case .ellipse(let c, let r): values = [c.x, c.y, r.x, r.y]
  case .wedge(let c, let start, let sweep): values = [c.x, c.y, start, sweep]
  case .backdrop(let b): values = [b.red, b.green, b.blue, b.opacity]
  case .swapDrawOrder: values = []
  }
  return values.reduce(0) { Swift.max($0, abs($1)) }
}
