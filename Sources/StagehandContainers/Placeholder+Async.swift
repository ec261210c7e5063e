import StagehandAnimation

/// The `async` forms of the placeholder's requests: each returns when its request ends, with how it ended; a request
/// refused throws at once, as the other forms do, and never suspends.
///
/// They resume in the caller's isolation, and the placeholder's clock must keep moving meanwhile. Cancelling the task
/// that waits does not cancel the change (as for `Stack`): the call returns how it ended.
extension Placeholder {
  /// Sets `content` in `slot` and returns once the change has ended.
  public func set(
    _ content: any Content, inSlot slot: Int, with transition: Transition, duration: RequestedDuration = .intrinsic,
    animated: Bool = true, isolation: isolated (any Actor)? = #isolation
  ) async throws(ContainerError) -> TransitionOutcome {
    try await requestOutcome(isolation: isolation) { completion throws(ContainerError) in
      try set(content, inSlot: slot, with: transition, duration: duration, animated: animated, completion: completion)
    }
  }

  /// Empties `slot` and returns once the change has ended.
  public func clear(
    slot: Int, animated: Bool = true, isolation: isolated (any Actor)? = #isolation
  ) async throws(ContainerError) -> TransitionOutcome {
    try await requestOutcome(isolation: isolation) { completion throws(ContainerError) in
      try clear(slot: slot, animated: animated, completion: completion)
    }
  }

  /// Moves the content of slot `from` to slot `to` and returns once the change has ended.
  public func move(
    fromSlot from: Int, toSlot to: Int, with transition: Transition, duration: RequestedDuration = .intrinsic,
    animated: Bool = true, isolation: isolated (any Actor)? = #isolation
  ) async throws(ContainerError) -> TransitionOutcome {
    try await requestOutcome(isolation: isolation) { completion throws(ContainerError) in
      try move(
        fromSlot: from, toSlot: to, with: transition, duration: duration, animated: animated, completion: completion)
    }
  }

  /// Swaps the contents of slots `a` and `b` and returns once both slots have played.
  public func swap(
    slot a: Int, with b: Int, transition: Transition, duration: RequestedDuration = .intrinsic,
    animated: Bool = true, isolation: isolated (any Actor)? = #isolation
  ) async throws(ContainerError) -> TransitionOutcome {
    try await requestOutcome(isolation: isolation) { completion throws(ContainerError) in
      try swap(slot: a, with: b, transition: transition, duration: duration, animated: animated, completion: completion)
    }
  }

  /// Replaces the contents of every slot and returns once every slot has played.
  public func setContents(
    _ contents: [(any Content)?], with transition: Transition, duration: RequestedDuration = .intrinsic,
    animated: Bool = true, isolation: isolated (any Actor)? = #isolation
  ) async throws(ContainerError) -> TransitionOutcome {
    try await requestOutcome(isolation: isolation) { completion throws(ContainerError) in
      try setContents(contents, with: transition, duration: duration, animated: animated, completion: completion)
    }
  }

  /// Changes the bounds of `slot` and returns once the change was made (after the slot's transition).
  public func setBounds(
    _ bounds: Rect, ofSlot slot: Int, isolation: isolated (any Actor)? = #isolation
  ) async throws(ContainerError) -> TransitionOutcome {
    try await requestOutcome(isolation: isolation) { completion throws(ContainerError) in
      try setBounds(bounds, ofSlot: slot, completion: completion)
    }
  }
}
