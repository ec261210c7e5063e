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
}
