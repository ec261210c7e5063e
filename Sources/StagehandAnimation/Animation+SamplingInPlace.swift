extension Animation {
  /// Writes the states of every layer at `time` seconds from the start into `states`, as `sample(at:)` gives them.
  ///
  /// For a caller that keeps the states where it reads them (a container's transition, sampled once per frame): the
  /// states are built in place rather than returned and copied, so the cost does not grow with a second copy of
  /// every layer. Times before 0 or after `duration` are clamped; NaN is taken as 0.
  public func sample(at time: Double, into states: inout LayerStates) {
    guard let (index, progress) = locate(time) else {
      states = initialStates
      return
    }
    states = startStates[index]
    steps.withUnsafeBufferPointer { steps in
      Animation.apply(steps[index], timeProgress: progress, to: &states)
    }
  }

  /// Writes the states at `progress` (0 at the start, 1 at the end) into `states`, as `sample(atProgress:)` gives
  /// them. Progress outside [0, 1] is clamped, NaN is taken as 0.
  public func sample(atProgress progress: Double, into states: inout LayerStates) {
    sample(at: time(atProgress: progress), into: &states)
  }
}
