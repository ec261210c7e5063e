import StagehandAnimation

/// The `async` forms of the requests: each returns when its request ends, with how it ended; a request refused
/// throws at once, as the other forms do, and never suspends.
///
/// They run in the caller's isolation (`isolation`, the caller's actor by default), so a stack that belongs to the
/// main actor is used from it without crossing to another executor. The stack belongs to that thread or actor, and its clock must keep moving
/// (another task ticks it, or the display loop) for an animated request to end. Cancelling the task that waits does
/// not cancel the request: the change goes on (a change is undone by cancelling its `InteractiveTransition`, after a
/// grab), and the call returns how it ended. The call keeps the stack alive until then.
extension Stack {
  /// Pushes `content` and returns once the push has ended.
  public func push(
    _ content: any Content, with transition: Transition, duration: RequestedDuration = .intrinsic,
    animated: Bool = true, isolation: isolated (any Actor)? = #isolation
  ) async throws(ContainerError) -> TransitionOutcome {
    try await requestOutcome(isolation: isolation) { completion throws(ContainerError) in
      try push(content, with: transition, duration: duration, animated: animated, completion: completion)
    }
  }

  /// Pops the top and returns once the pop has ended.
  public func pop(
    animated: Bool = true, isolation: isolated (any Actor)? = #isolation
  ) async throws(ContainerError) -> TransitionOutcome {
    try await requestOutcome(isolation: isolation) { completion throws(ContainerError) in
      try pop(animated: animated, completion: completion)
    }
  }

  /// Pops to the content at `index` and returns once the pop has ended (at once, `.finished`, when `index` is the
  /// top).
  public func pop(
    to index: Int, animated: Bool = true, isolation: isolated (any Actor)? = #isolation
  ) async throws(ContainerError) -> TransitionOutcome {
    try await requestOutcome(isolation: isolation) { completion throws(ContainerError) in
      try pop(to: index, animated: animated, completion: completion)
    }
  }

  /// Pops to the root and returns once the pop has ended.
  public func popToRoot(
    animated: Bool = true, isolation: isolated (any Actor)? = #isolation
  ) async throws(ContainerError) -> TransitionOutcome {
    try await requestOutcome(isolation: isolation) { completion throws(ContainerError) in
      try popToRoot(animated: animated, completion: completion)
    }
  }

  /// Empties the stack and returns once the pop has ended.
  public func popAll(
    animated: Bool = true, isolation: isolated (any Actor)? = #isolation
  ) async throws(ContainerError) -> TransitionOutcome {
    try await requestOutcome(isolation: isolation) { completion throws(ContainerError) in
      try popAll(animated: animated, completion: completion)
    }
  }

}

/// Makes a request with a completion and waits for it: every request that is not refused calls its completion exactly
/// once (with `.cancelled` when its container is released first), so the call always returns.
func requestOutcome(
  isolation: isolated (any Actor)?, _ request: (@escaping (TransitionOutcome) -> Void) throws(ContainerError) -> Void
) async throws(ContainerError) -> TransitionOutcome {
  let result: Result<TransitionOutcome, ContainerError> = await withCheckedContinuation(isolation: isolation) {
    continuation in
    do throws(ContainerError) {
      try request { continuation.resume(returning: .success($0)) }
    } catch {
      continuation.resume(returning: .failure(error))
    }
  }
  return try result.get()
}
