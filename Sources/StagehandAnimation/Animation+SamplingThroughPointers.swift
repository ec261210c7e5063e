extension Animation {
  /// Which step of an animation a set of states was last sampled in, as
  /// ``Animation/sample(_:atProgress:into:after:)`` returns it: given back to the next call on the same states, it
  /// lets a sample within the same step write only what that step changes.
  public struct SampledStep: Hashable, Sendable {
    /// The index of the step.
    let index: Int
    /// The address of the animation's start states: a mark is not taken for another animation's (while both live).
    let origin: UInt
  }

  /// Writes the states of the animation `animation` points to at `progress` (0 at the start, 1 at the end) into the
  /// memory `states` points to, as `sample(atProgress:into:)` does, and returns the step they were sampled in (`nil`
  /// before the first step), to pass to the next call.
  ///
  /// For a container's interactive transition, sampled once per pointer move into states it keeps at a fixed
  /// address. Both are reached through pointers, and nothing is copied that the sample does not change:
  ///
  /// - A method called on an animation (1,456 bytes) stored in a larger value made the caller copy the whole animation
  ///   to the stack first, once per update.
  /// - Given the mark the previous call returned, a sample within the same step writes only the numbers that step
  ///   changes (the others hold the step's start states already) instead of copying every layer's state (705 bytes).
  ///
  /// Both stored hundreds of bytes on every update, just before the states were read again.
  ///
  /// Pass `nil` for `previous` when the states may hold anything else: the first time, or after they were written
  /// otherwise. A mark applies only to this animation and to the states it was returned with, unchanged since; the
  /// states written are then the same, to the bit, as `sample(atProgress:into:)` writes. Progress outside [0, 1] is
  /// clamped, NaN is taken as 0.
  public static func sample(
    _ animation: UnsafePointer<Animation>, atProgress progress: Double, into states: UnsafeMutablePointer<LayerStates>,
    after previous: SampledStep?
  ) -> SampledStep? {
    let time = animation.pointee.time(atProgress: progress)
    guard let (index, stepProgress) = animation.pointee.locate(time) else {
      states.pointee = animation.pointee.initialStates
      return nil
    }
    return animation.pointee.startStates.withUnsafeBufferPointer { starts in
      animation.pointee.steps.withUnsafeBufferPointer { steps in
        let start = starts.baseAddress! + index
        let step = steps.baseAddress! + index
        let mark = SampledStep(index: index, origin: UInt(bitPattern: starts.baseAddress))
        if previous == mark {
          restore(step, from: start, to: states)
        } else {
          states.pointee = start.pointee
        }
        step.pointee.changes.withUnsafeBufferPointer { changes in
          apply(changes, on: step.pointer(to: \.curve)!, timeProgress: stepProgress, to: states)
        }
        return mark
      }
    }
  }

  /// Applies `changes`, those of a step on `curve`, at the step's time progress `p` to the states `states` points to,
  /// as `apply(_:timeProgress:to:)` does, in the same order and with the same arithmetic.
  ///
  /// Through pointers, and declared to release nothing (`@_effects(releasenone)`, which holds: it writes numbers into
  /// the states and calls math functions, and every value it reads is plain data). Given `step.pointee`, the compiler
  /// copied the step (120 bytes) and retained its changes; and before a call it knew nothing about, it retained both
  /// arrays of the animation and the changes, whose memory a caller reading them through pointers does not own: three
  /// retains and releases per update.
  @inline(never)
  @_effects(releasenone)
  static func apply(
    _ changes: UnsafeBufferPointer<Step.Change>, on curve: UnsafePointer<TimingCurve>, timeProgress p: Double,
    to states: UnsafeMutablePointer<LayerStates>
  ) {
    let whole = curve.pointee.value(at: p)
    for change in changes {
      let c = change.interval.isWhole ? whole : curve.pointee.value(at: change.interval.localProgress(p))
      apply(change, progress: c, to: &states.pointee)
    }
  }

  /// Puts back from `start` every number that a change of `step` writes, so that applying the step's changes again
  /// gives what they give from a copy of `start`: all are restored before any is applied, since two changes of one
  /// number add up.
  static func restore(
    _ step: UnsafePointer<Step>, from start: UnsafePointer<LayerStates>, to states: UnsafeMutablePointer<LayerStates>
  ) {
    step.pointee.changes.withUnsafeBufferPointer { changes in
      for change in changes {
        switch (change.change, change.layer) {
        case (.backdrop, _): states.pointee.backdrop = start.pointee.backdrop
        case (.swapDrawOrder, _): states.pointee.onTop = start.pointee.onTop
        // A switch rather than the subscript, as `apply(_:progress:to:)` of a change does.
        case (_, .appearing):
          restore(change.change, from: start.pointer(to: \.appearing)!, to: &states.pointee.appearing)
        case (_, .disappearing):
          restore(change.change, from: start.pointer(to: \.disappearing)!, to: &states.pointee.disappearing)
        case (_, .stage): restore(change.change, from: start.pointer(to: \.stage)!, to: &states.pointee.stage)
        }
      }
    }
  }

  /// Puts back from `start` the numbers of one layer's state that `change` writes.
  @inline(__always)
  static func restore(_ change: LayerChange, from start: UnsafePointer<LayerState>, to state: inout LayerState) {
    switch change {
    case .translate: state.translation = start.pointee.translation
    case .rotate: state.rotation = start.pointee.rotation
    case .scale: state.scale = start.pointee.scale
    case .fade: state.opacity = start.pointee.opacity
    case .moveAnchor: state.anchor = start.pointee.anchor
    case .changePerspective: state.perspective = start.pointee.perspective
    case .inset: state.clip.insets = start.pointee.clip.insets
    case .cornerRadius: state.clip.cornerRadius = start.pointee.clip.cornerRadius
    case .ellipse:
      state.clip.ellipseCentre = start.pointee.clip.ellipseCentre
      state.clip.ellipseRadii = start.pointee.clip.ellipseRadii
    case .wedge:
      state.clip.wedgeCentre = start.pointee.clip.wedgeCentre
      state.clip.wedgeStart = start.pointee.clip.wedgeStart
      state.clip.wedgeSweep = start.pointee.clip.wedgeSweep
    case .dim: state.dim = start.pointee.dim
    case .backdrop, .swapDrawOrder: break  // of the whole set of states, restored by `restore(_:from:to:)` of a step
    }
  }
}
