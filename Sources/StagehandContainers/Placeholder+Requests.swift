import StagehandAnimation

extension Placeholder {
  /// Shows `content` in `slot` with the forward animation of `transition`, over the content the slot held;
  /// `completion` hears how the change ended.
  public func set(
    _ content: any Content, inSlot slot: Int, with transition: Transition, duration: RequestedDuration = .intrinsic,
    animated: Bool = true, completion: ((TransitionOutcome) -> Void)? = nil
  ) throws(ContainerError) {
    let entry = try checkSet(content, inSlot: slot, with: transition, duration: duration)
    request(.set(entry, animated: animated), in: slot, completion: completion)
  }

  /// Sets `content` in `slot` interactively: the change starts (once what is queued in the slot has run) held at
  /// progress 0, and the caller drives it with the handle returned, then finishes or cancels it. A cancelled set
  /// leaves the slot as it was, and `content` has left the placeholder.
  public func setInteractively(
    _ content: any Content, inSlot slot: Int, with transition: Transition, duration: RequestedDuration = .intrinsic,
    scrubsLinearly: Bool = true, completion: ((TransitionOutcome) -> Void)? = nil
  ) throws(ContainerError) -> InteractiveTransition {
    let entry = try checkSet(content, inSlot: slot, with: transition, duration: duration)
    let handle = InteractiveTransition(scrubsLinearly: scrubsLinearly)
    request(.set(entry, animated: true), in: slot, handle: handle, completion: completion)
    return handle
  }

  /// Empties `slot`: its content leaves with the inverse of the transition it was set with; `completion` hears how
  /// the change ended.
  public func clear(
    slot: Int, animated: Bool = true, completion: ((TransitionOutcome) -> Void)? = nil
  ) throws(ContainerError) {
    try checkClear(slot)
    request(.clear(animated: animated), in: slot, completion: completion)
  }

  /// Empties `slot` interactively: the inverse starts (once what is queued in the slot has run) held at progress 0,
  /// and the caller drives it with the handle returned, then finishes or cancels it. A cancelled clear leaves the
  /// content in the slot, as it was.
  public func clearInteractively(
    slot: Int, scrubsLinearly: Bool = true, completion: ((TransitionOutcome) -> Void)? = nil
  ) throws(ContainerError) -> InteractiveTransition {
    try checkClear(slot)
    let handle = InteractiveTransition(scrubsLinearly: scrubsLinearly)
    request(.clear(animated: true), in: slot, handle: handle, completion: completion)
    return handle
  }

  /// Takes hold of the transition that plays in `slot`, where it stands: it stops moving, with no jump in any layer,
  /// and the handle returned drives it from there (it scrubs with the curves it played with, unless it was
  /// interactive already). `nil` when nothing plays in the slot.
  public func grab(slot: Int) throws(ContainerError) -> InteractiveTransition? {
    try checkSlot(slot)
    return slots[slot].player.grab()
  }

  /// The interactive transition that plays in `slot`, if one was started interactively or grabbed.
  public func interactiveTransition(inSlot slot: Int) -> InteractiveTransition? {
    slots.indices.contains(slot) ? slots[slot].player.handle : nil
  }

  /// Shows the placeholder: the content of every slot is built with its transition applied instantly.
  public func appear(animated: Bool = false) {
    guard !isShown else { return }
    isShown = true
    for slot in slots.indices { request(.appear(animated: animated), in: slot) }
  }

  /// Hides the placeholder.
  public func disappear(animated: Bool = false) {
    guard isShown else { return }
    isShown = false
    for slot in slots.indices { request(.disappear(animated: animated), in: slot) }
  }

  func checkSlot(_ slot: Int) throws(ContainerError) {
    guard slots.indices.contains(slot) else {
      throw .slotOutOfRange(slot: slot, slots: slots.count, container: name)
    }
  }

  /// Checks that `content` may be set in `slot` (it is in no container, this one included, and its transition
  /// builds in the slot's bounds), lets it join, and returns its entry.
  private func checkSet(
    _ content: any Content, inSlot slot: Int, with transition: Transition, duration: RequestedDuration
  ) throws(ContainerError) -> Entry {
    try checkSlot(slot)
    let id = ObjectIdentifier(content)
    // A content is in the placeholder from its set until it has left: also while its set waits in a queue (the
    // slots play on their own, so another slot could show it while this one does).
    let present = holds(id)
    if present {
      throw .alreadyInContainer(content: content.name, container: name, requestedBy: name)
    }
    if let other = Membership.otherOwner(of: content, than: self) {
      throw .alreadyInContainer(content: content.name, container: other, requestedBy: name)
    }
    do {
      _ = try builder.forward(transition, in: presentation.context(bounds: slots[slot].bounds, duration: duration))
    } catch {
      throw .transition(transition, underlying: error)
    }
    _ = Membership.join(content, container: self, name: name)
    slots[slot].projected = id
    return Entry(content, transition: transition, duration: duration)
  }

  private func checkClear(_ slot: Int) throws(ContainerError) {
    try checkSlot(slot)
    guard slots[slot].projected != nil else { throw .empty(operation: "clear slot \(slot)", container: name) }
    slots[slot].projected = nil
  }

  /// Queues `request` in the slot at `index`, and runs it now if nothing plays there. A waiting interactive request
  /// cancelled by its handle leaves the queue and ends `.cancelled`.
  func request(
    _ request: Request, in index: Int, handle: InteractiveTransition? = nil,
    completion: ((TransitionOutcome) -> Void)? = nil
  ) {
    let slot = slots[index]
    slot.queue.append(Queued(request: request, handle: handle, completion: pending.track(completion)))
    handle?.withdraw = { [weak self, weak slot, weak handle] in
      guard let self, let slot, let handle, let index = slot.queue.firstIndex(where: { $0.handle === handle }) else {
        return
      }
      let queued = slot.queue.remove(at: index)
      let dropped = reproject(slot)
      if case .set(let entry, _) = queued.request { leave((entry, nil)) }
      handle.ended(.cancelled)
      queued.completion?(.cancelled)
      endCancelled(dropped)
    }
    drain(slot)
  }

  /// Runs the slot's queued requests until one starts an animation or none is left.
  func drain(_ slot: Slot) {
    guard !slot.isDraining else { return }
    slot.isDraining = true
    defer { slot.isDraining = false }
    while !slot.player.isPlaying, slot.waiting == nil, !slot.queue.isEmpty {
      let next = slot.queue.removeFirst()
      next.handle?.withdraw = nil
      if case .rearrangement(let change) = next.request {
        arrive(at: change, slot: slot)
      } else {
        run(next, in: slot)
      }
    }
  }

  /// Checks the slot's queued requests again against the slot as it is (after a cancelled change): `projected`
  /// becomes what they will leave, and those that no longer apply (a clear of a slot that will be empty, a set of
  /// the content the slot holds) leave the queue; returns them, to end `.cancelled` with `endCancelled(_:)` once the
  /// change that was cancelled has reported its own end.
  func reproject(_ slot: Slot) -> [Queued] {
    var projection = slot.current.map { ObjectIdentifier($0.entry.content) }
    if let waiting = slot.waiting { projection = waiting.target(ofSlot: index(of: slot)).map(ObjectIdentifier.init) }
    var kept: [Queued] = []
    var dropped: [Queued] = []
    for queued in slot.queue {
      switch queued.request {
      case .set(let entry, _):
        let id = ObjectIdentifier(entry.content)
        guard projection != id else {
          dropped.append(queued)
          continue
        }
        projection = id
      case .clear:
        guard projection != nil else {
          dropped.append(queued)
          continue
        }
        projection = nil
      case .rearrangement(let change):
        projection = change.target(ofSlot: index(of: slot)).map(ObjectIdentifier.init)
      case .appear, .disappear, .bounds: break
      }
      kept.append(queued)
    }
    slot.queue = kept
    slot.projected = projection
    return dropped
  }

  /// The index of `slot`.
  func index(of slot: Slot) -> Int { slots.firstIndex { $0 === slot }! }

  /// Ends requests taken out of a queue, `.cancelled`.
  func endCancelled(_ dropped: [Queued]) {
    for queued in dropped {
      queued.handle?.ended(.cancelled)
      queued.completion?(.cancelled)
    }
  }
}
