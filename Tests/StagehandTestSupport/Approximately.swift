import StagehandAnimation

/// The larger of two differences, NaN when either is NaN: a NaN anywhere makes every `< tolerance` check fail
/// (`Swift.max(x, .nan)` returns `x`, so a NaN after the first value used to vanish).
public func worse(_ a: Double, _ b: Double) -> Double {
  a.isNaN || b.isNaN ? .nan : a > b ? a : b
}

/// `worst`, made `worse` by the difference between `x` and `y`.
@inline(__always)
func accumulate(_ worst: inout Double, _ x: Double, _ y: Double) {
  worst = worse(worst, (x - y).magnitude)
}

/// The largest absolute difference between two layer states, over every number they hold (a field added to
/// `LayerState` or `Clip` must be added here, or the law tests do not see it: `everyFieldCounts` checks).
///
/// Written without arrays or closures: the law tests call it millions of times in a debug build, where building an
/// array of pairs for each call took most of their time.
public func maxDifference(_ a: LayerState, _ b: LayerState) -> Double {
  var worst = 0.0
  accumulate(&worst, a.translation.x, b.translation.x)
  accumulate(&worst, a.translation.y, b.translation.y)
  accumulate(&worst, a.translation.z, b.translation.z)
  accumulate(&worst, a.rotation.w, b.rotation.w)
  accumulate(&worst, a.rotation.x, b.rotation.x)
  accumulate(&worst, a.rotation.y, b.rotation.y)
  accumulate(&worst, a.rotation.z, b.rotation.z)
  accumulate(&worst, a.scale.x, b.scale.x)
  accumulate(&worst, a.scale.y, b.scale.y)
  accumulate(&worst, a.scale.z, b.scale.z)
  accumulate(&worst, a.anchor.x, b.anchor.x)
  accumulate(&worst, a.anchor.y, b.anchor.y)
  accumulate(&worst, a.opacity, b.opacity)
  accumulate(&worst, a.perspective, b.perspective)
  accumulate(&worst, a.clip.insets.top, b.clip.insets.top)
  accumulate(&worst, a.clip.insets.right, b.clip.insets.right)
  accumulate(&worst, a.clip.insets.bottom, b.clip.insets.bottom)
  accumulate(&worst, a.clip.insets.left, b.clip.insets.left)
  accumulate(&worst, a.clip.cornerRadius, b.clip.cornerRadius)
  accumulate(&worst, a.clip.ellipseCentre.x, b.clip.ellipseCentre.x)
  accumulate(&worst, a.clip.ellipseCentre.y, b.clip.ellipseCentre.y)
  accumulate(&worst, a.clip.ellipseRadii.x, b.clip.ellipseRadii.x)
  accumulate(&worst, a.clip.ellipseRadii.y, b.clip.ellipseRadii.y)
  accumulate(&worst, a.clip.wedgeCentre.x, b.clip.wedgeCentre.x)
  accumulate(&worst, a.clip.wedgeCentre.y, b.clip.wedgeCentre.y)
  accumulate(&worst, a.clip.wedgeStart, b.clip.wedgeStart)
  accumulate(&worst, a.clip.wedgeSweep, b.clip.wedgeSweep)
  accumulate(&worst, a.dim, b.dim)
  return worst
}

/// The largest absolute difference between the states of the same layers.
///
/// The backdrop counts like a layer's numbers; a different draw order is infinitely different.
public func maxDifference(_ a: LayerStates, _ b: LayerStates) -> Double {
  guard a.onTop == b.onTop else { return .infinity }
  var worst = 0.0
  accumulate(&worst, a.backdrop.red, b.backdrop.red)
  accumulate(&worst, a.backdrop.green, b.backdrop.green)
  accumulate(&worst, a.backdrop.blue, b.backdrop.blue)
  accumulate(&worst, a.backdrop.opacity, b.backdrop.opacity)
  for layer in LayerID.allCases { worst = worse(worst, maxDifference(a[layer], b[layer])) }
  return worst
}

/// The largest difference, over `samples` evenly spaced times and both ends, between `reversed.sample(at: t)` and
/// `forward.sample(at: T - t)`: 0 for an exact reversal.
public func inverseLawError(forward: Animation, reversed: Animation, samples: Int = 100) -> Double {
  let total = forward.duration
  var worst = abs(reversed.duration - total)
  for i in 0...samples {
    let t = total * Double(i) / Double(samples)
    worst = worse(worst, maxDifference(reversed.sample(at: t), forward.sample(at: total - t)))
  }
  return worst
}
