import StagehandAnimation

/// The larger of two differences, NaN when either is NaN: a NaN anywhere makes every `< tolerance` check fail
/// (`Swift.max(x, .nan)` returns `x`, so a NaN after the first value used to vanish).
public func worse(_ a: Double, _ b: Double) -> Double {
  a.isNaN || b.isNaN ? .nan : Swift.max(a, b)
}

/// The largest absolute difference between two layer states, over every number they hold.
public func maxDifference(_ a: LayerState, _ b: LayerState) -> Double {
  let pairs: [(Double, Double)] = [
    (a.translation.x, b.translation.x), (a.translation.y, b.translation.y), (a.translation.z, b.translation.z),
    (a.rotation.w, b.rotation.w), (a.rotation.x, b.rotation.x), (a.rotation.y, b.rotation.y),
    (a.rotation.z, b.rotation.z), (a.scale.x, b.scale.x), (a.scale.y, b.scale.y), (a.scale.z, b.scale.z),
    (a.anchor.x, b.anchor.x), (a.anchor.y, b.anchor.y), (a.opacity, b.opacity), (a.perspective, b.perspective),
    (a.clip.insets.top, b.clip.insets.top), (a.clip.insets.right, b.clip.insets.right),
    (a.clip.insets.bottom, b.clip.insets.bottom), (a.clip.insets.left, b.clip.insets.left),
    (a.clip.cornerRadius, b.clip.cornerRadius), (a.clip.ellipseCentre.x, b.clip.ellipseCentre.x),
    (a.clip.ellipseCentre.y, b.clip.ellipseCentre.y), (a.clip.ellipseRadii.x, b.clip.ellipseRadii.x),
    (a.clip.ellipseRadii.y, b.clip.ellipseRadii.y),
  ]
  return pairs.reduce(0) { worse($0, abs($1.0 - $1.1)) }
}

/// The largest absolute difference between the states of the same layers.
///
/// The backdrop counts like a layer's numbers; a different draw order is infinitely different.
public func maxDifference(_ a: LayerStates, _ b: LayerStates) -> Double {
  guard a.onTop == b.onTop else { return .infinity }
  let backdrop = [
    a.backdrop.red - b.backdrop.red, a.backdrop.green - b.backdrop.green, a.backdrop.blue - b.backdrop.blue,
    a.backdrop.opacity - b.backdrop.opacity,
  ].reduce(0.0) { worse($0, abs($1)) }
  return LayerID.allCases.reduce(backdrop) { worse($0, maxDifference(a[$1], b[$1])) }
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
