import StagehandAnimation

/// Changes of several slots started interactively: a move, a swap or a `setContents` held at progress 0 once each slot
/// it changes has run what is queued in it, driven by the caller through the handle returned, then finished or
/// cancelled. All its parts follow the one progress: each slot shows its part at the same time into the change, the
/// longest part setting the change's duration.
extension Placeholder {
  /// Moves the content of slot `from` to slot `to` interactively: as
  /// ``move(fromSlot:toSlot:with:duration:animated:completion:)``, held at progress 0 until the caller drives it. A
  /// cancelled move gives both slots back as they were: the content returns to `from`.
  public func moveInteractively(
    fromSlot from: Int, toSlot to: Int, with transition: Transition, duration: RequestedDuration = .intrinsic,
    scrubsLinearly: Bool = true, completion: ((TransitionOutcome) -> Void)? = nil
  ) throws(ContainerError) -> InteractiveTransition {
    let targets = try moveTargets(from, to, transition: transition, duration: duration)
    return rearrangeInteractively(targets, scrubsLinearly: scrubsLinearly, completion: completion)
  }

  /// Swaps the contents of slots `a` and `b` interactively: as ``swap(slot:with:transition:duration:animated:completion:)``,
  /// held at progress 0 until the caller drives it. A cancelled swap gives both slots back as they were.
  public func swapInteractively(
    slot a: Int, with b: Int, transition: Transition, duration: RequestedDuration = .intrinsic,
    scrubsLinearly: Bool = true, completion: ((TransitionOutcome) -> Void)? = nil
  ) throws(ContainerError) -> InteractiveTransition {
    let targets = try swapTargets(a, b, transition: transition, duration: duration)
    return rearrangeInteractively(targets, scrubsLinearly: scrubsLinearly, completion: completion)
  }

  /// Replaces the contents of every slot interactively: as ``setContents(_:with:duration:animated:completion:)``,
  /// held at progress 0 until the caller drives it. A cancelled change gives every slot back as it was, and the
  /// contents it brought leave the placeholder. When no slot changes, the handle returned has ended `.finished`.
  public func setContentsInteractively(
    _ contents: [(any Content)?], with transition: Transition, duration: RequestedDuration = .intrinsic,
    scrubsLinearly: Bool = true, completion: ((TransitionOutcome) -> Void)? = nil
  ) throws(ContainerError) -> InteractiveTransition {
    let targets = try contentsTargets(contents, transition: transition, duration: duration)
    return rearrangeInteractively(targets, scrubsLinearly: scrubsLinearly, completion: completion)
  }

  private func rearrangeInteractively(
    _ targets: [Int: Entry?], scrubsLinearly: Bool, completion: ((TransitionOutcome) -> Void)?
  ) -> InteractiveTransition {
    let handle = InteractiveTransition(scrubsLinearly: scrubsLinearly)
    rearrange(targets, animated: true, handle: handle, completion: completion)
    return handle
  }

  /// Takes a change of several slots that waits (its handle was cancelled before it started) out of every queue:
  /// the slots' queues are checked again without it, the contents it would have brought leave the placeholder, and
  /// it ends `.cancelled`.
  func withdraw(_ change: Rearrangement) {
    let involved = change.targets.keys.sorted().map { slots[$0] }
    for slot in involved {
      slot.queue.removeAll { queued in
        if case .rearrangement(let other) = queued.request { other === change } else { false }
      }
      if slot.waiting === change { slot.waiting = nil }
    }
    var dropped: [Queued] = []
    for slot in involved { dropped += reproject(slot) }
    for case let entry? in change.targets.values where !holds(ObjectIdentifier(entry.content)) {
      Membership.leave(entry.content)
    }
    change.end(.cancelled)
    endCancelled(dropped)
    for slot in involved { drain(slot) }
  }
}
