extension Animation {
  /// The states of every layer at `time` seconds from the start.
  ///
  /// Times before 0 or after `duration` are clamped; NaN is taken as 0.
  public func sample(at time: Double) -> LayerStates {
    guard let (index, progress) = locate(time) else { return initialStates }
    var states = startStates[index]
    Animation.apply(steps[index], timeProgress: progress, to: &states)
    return states
  }

  /// The state of one layer at `time` seconds from the start, as `sample(at:)` would give it.
  public func sample(_ layer: LayerID, at time: Double) -> LayerState {
    guard let (index, progress) = locate(time) else { return initialStates[layer] }
    let step = steps[index]
    var state = startStates[index][layer]
    let whole = step.curve.value(at: progress)
    for change in step.changes where change.layer == layer {
      let c = change.interval.isWhole ? whole : step.curve.value(at: change.interval.localProgress(progress))
      Animation.apply(change.change, progress: c, to: &state)
    }
    return state
  }

  /// The step in progress at `time` and the fraction of it that has passed, or `nil` before the first step has begun.
  @inline(__always)
  func locate(_ time: Double) -> (index: Int, progress: Double)? {
    let t = time.isNaN ? 0 : min(max(time, 0), duration)
    // The number of steps that have begun: a forward animation counts steps starting at t, a reversed one does not.
    var low = 0
    var high = startTimes.count
    while low < high {
      let mid = (low + high) / 2
      let begun = isReversed ? startTimes[mid] < t : startTimes[mid] <= t
      if begun { low = mid + 1 } else { high = mid }
    }
    // At the very end of a reversed animation, a step of positive length that starts there without moving the clock
    // (0.5 s after 5e120 s) has run: it mirrors a forward step that had not begun to change anything at 0.
    if isReversed, t == duration {
      while low < steps.count, steps[low].duration > 0, startTimes[low] + steps[low].duration == startTimes[low] {
        low += 1
      }
    }
    guard low > 0 else { return nil }
    let index = low - 1
    let step = steps[index]
    let start = startTimes[index]
    // A step too short to move the clock (38 + 2.8e-173 is 38) is instantaneous, like a zero-length one: otherwise,
    // as the last step, it was at progress 0 at the very end, and sample(at: duration) missed its changes.
    guard step.duration > 0, start + step.duration > start else { return (index, 1) }
    let p = min(max((t - start) / step.duration, 0), 1)
    return (index, p)
  }

  /// Applies every change of `step` at the step's time progress `p` (0 at its start, 1 at its end): each change at
  /// the curve's value for its own interval.
  static func apply(_ step: borrowing Step, timeProgress p: Double, to states: inout LayerStates) {
    let whole = step.curve.value(at: p)
    step.changes.withUnsafeBufferPointer { changes in
      for change in changes {
        let c = change.interval.isWhole ? whole : step.curve.value(at: change.interval.localProgress(p))
        apply(change, progress: c, to: &states)
      }
    }
  }

  /// Applies every change of `step` at curve progress `c` (0 = not at all, 1 = fully), whatever their intervals.
  static func apply(_ step: Step, progress c: Double, to states: inout LayerStates) {
    for change in step.changes { apply(change, progress: c, to: &states) }
  }

  /// Applies one change of a step at curve progress `c`.
  @inline(__always)
  static func apply(_ change: Step.Change, progress c: Double, to states: inout LayerStates) {
    switch change.change {
    case .backdrop(let delta):
      states.backdrop = states.backdrop.adding(delta, times: c)
      return
    case .swapDrawOrder:
      if c >= 1 { states.onTop = states.below }
      return
    default: break
    }
    // A switch rather than the subscript: writing through the subscript's accessor costs more than the change.
    switch change.layer {
    case .appearing: apply(change.change, progress: c, to: &states.appearing)
    case .disappearing: apply(change.change, progress: c, to: &states.disappearing)
    case .stage: apply(change.change, progress: c, to: &states.stage)
    }
  }

  /// Applies one change at curve progress `c`.
  ///
  /// Translation, opacity, anchor and perspective move linearly with `c`; scale moves linearly from its value at the
  /// step's start to that value times the factor; rotation turns by `c` times the angle about the fixed axis, given in container coordinates (the change applies after
  /// the rotation the layer already has).
  @inline(__always)
  static func apply(_ change: LayerChange, progress c: Double, to state: inout LayerState) {
    switch change {
    case .translate(let v):
      state.translation = state.translation + v * c
    case .rotate(let angle, let axis):
      state.rotation = Rotation(angle: angle * c, unitAxis: axis) * state.rotation
    case .scale(let k):
      // (1 - c) + k * c, not 1 + (k - 1) * c: at c = 1 it is k exactly, where the other form cancels a small k
      // against 1 (a factor of 5.5e-307 ended as 0, and 1e-10 off by 1e-7 relative, so no inverse came back to rest).
      state.scale = Vector3(
        x: state.scale.x * ((1 - c) + k.x * c),
        y: state.scale.y * ((1 - c) + k.y * c),
        z: state.scale.z * ((1 - c) + k.z * c))
    case .fade(let d):
      state.opacity += d * c
    case .moveAnchor(let d):
      state.anchor = Point(x: state.anchor.x + d.x * c, y: state.anchor.y + d.y * c)
    case .changePerspective(let d):
      state.perspective += d * c
    case .inset(let i):
      state.clip.insets = state.clip.insets.adding(i, times: c)
    case .cornerRadius(let d):
      state.clip.cornerRadius += d * c
    case .ellipse(let centre, let radii):
      state.clip.ellipseCentre = Point(
        x: state.clip.ellipseCentre.x + centre.x * c, y: state.clip.ellipseCentre.y + centre.y * c)
      state.clip.ellipseRadii = Point(
        x: state.clip.ellipseRadii.x + radii.x * c, y: state.clip.ellipseRadii.y + radii.y * c)
    case .wedge(let centre, let start, let sweep):
      state.clip.wedgeCentre = Point(
        x: state.clip.wedgeCentre.x + centre.x * c, y: state.clip.wedgeCentre.y + centre.y * c)
      state.clip.wedgeStart += start * c
      state.clip.wedgeSweep += sweep * c
    case .dim(let d):
      state.dim += d * c
    case .backdrop, .swapDrawOrder:
      break  // changes of the whole set of states, applied by `apply(_:progress:to:)` of a step's change
    }
  }
}

extension Animation {
  /// Whether the duration and every layer's state at every moment are finite: each change a builder makes may be
  /// finite while their sum is not (a translation by 1e308, twice), and a curve that overshoots multiplies a change
  /// mid-step (a rotation by -1e308 on a curve that dips to -10).
  ///
  /// The ends cover the sums: a state that overflows in one step stays infinite, or becomes NaN, in every later one
  /// (changes add up and scale factors are finite and non-zero), and the durations are not negative, so a finite total
  /// has finite partial sums. Within a step, every change is linear in the curve's value, which stays within the hull
  /// of the curve's control values (0, y1, y2, 1): the states at the two ends of that range bound every sample.
  public var isFinite: Bool {
    guard duration.isFinite, initialStates.isFinite, finalStates.isFinite else { return false }
    for (index, step) in steps.enumerated() {
      let (lowest, highest) = step.curve.range
      guard lowest < 0 || highest > 1 else { continue }  // within [0, 1]: between the step's ends, checked above
      for progress in [lowest, highest] {
        var states = startStates[index]
        Self.apply(step, progress: progress, to: &states)
        guard states.isFinite else { return false }
      }
    }
    return true
  }

  /// Whether every layer's scale, at the start of every step and at the end, is a normal number (at least
  /// `Double.leastNormalMagnitude` in magnitude, and finite), so that playing the inverted steps brings it back.
  ///
  /// Each scale factor a builder gives has a finite reciprocal, but their product may not: two factors of 1e-200
  /// shrink a layer to 0, and a product in the subnormal range keeps too few bits to be undone.
  public var keepsScalesReversible: Bool {
    func normal(_ states: LayerStates) -> Bool {
      LayerID.allCases.allSatisfy { layer in
        let scale = states[layer].scale
        return scale.x.isNormal && scale.y.isNormal && scale.z.isNormal
      }
    }
    return normal(initialStates) && startStates.allSatisfy(normal) && normal(finalStates)
  }
}

extension LayerStates {
  /// Whether every number of every layer is finite.
  public var isFinite: Bool {
    backdrop.isFinite && appearing.isFinite && disappearing.isFinite && stage.isFinite
  }
}

extension LayerState {
  /// Whether every number of the state is finite, its clip's included.
  public var isFinite: Bool {
    // A chain of comparisons rather than an array: this runs for every layer of every build.
    translation.x.isFinite && translation.y.isFinite && translation.z.isFinite && rotation.w.isFinite
      && rotation.x.isFinite && rotation.y.isFinite && rotation.z.isFinite && scale.x.isFinite && scale.y.isFinite
      && scale.z.isFinite && anchor.x.isFinite && anchor.y.isFinite && opacity.isFinite && perspective.isFinite
      && clip.isFinite && dim.isFinite
  }
}
