import StagehandAnimation

extension Placeholder {
  /// Notes that `slot` has reached `change` in its queue: the slot waits until every slot of the change has, then
  /// the change runs.
  func arrive(at change: Rearrangement, slot: Slot) {
    change.arrived.insert(index(of: slot))
    guard change.arrived.count == change.targets.count else {
      slot.waiting = change
      return
    }
    let involved = change.targets.keys.sorted().map { slots[$0] }
    // The other slots take the requests their parts' events make into their queues, and run them afterwards.
    let wasDraining = involved.map(\.isDraining)
    for other in involved {
      other.waiting = nil
      other.isDraining = true
    }
    hand(over: change)
    for (other, draining) in zip(involved, wasDraining) where other !== slot { other.isDraining = draining }
    slot.isDraining = wasDraining[involved.firstIndex { $0 === slot }!]
    for (other, draining) in zip(involved, wasDraining) where other !== slot && !draining { drain(other) }
  }

  /// Runs `change`, whose slots are all idle: the contents that move to another slot leave theirs at once (with
  /// their disappearance events, their layers dropped), then each slot plays its part.
  private func hand(over change: Rearrangement) {
    let order = change.targets.keys.sorted()
    let targeted = Set(change.targets.values.compactMap { $0.map { ObjectIdentifier($0.content) } })
    var moved: Set<ObjectIdentifier> = []
    for index in order {
      let slot = slots[index]
      guard let current = slot.current, targeted.contains(ObjectIdentifier(current.entry.content)),
        change.target(ofSlot: index).map(ObjectIdentifier.init) != ObjectIdentifier(current.entry.content)
      else { continue }
      moved.insert(ObjectIdentifier(current.entry.content))
      slot.current = nil
      // A hidden placeholder keeps its layers: the one of a content that moves goes all the same, and the content
      // gets a new one at the size of its new slot when it is shown there.
      if slot.shown { send(.willDisappear, to: current.entry.content, animated: change.animated) }
      if current.layer != nil { current.entry.content.unloadLayer() }
      if slot.shown { send(.didDisappear, to: current.entry.content, animated: change.animated) }
    }
    for index in order {
      let slot = slots[index]
      // Each part keeps the change until it ends (the change holds no slot, so no cycle).
      let part: (TransitionOutcome) -> Void = { change.partEnded($0) }
      switch change.targets[index] {
      case .some(.some(let entry)):
        let movement: LifecycleEvent.Movement = moved.contains(ObjectIdentifier(entry.content)) ? .none : .intoContainer
        runSet(entry, animated: change.animated, handle: nil, completion: part, in: slot, movement: movement)
      case .some(.none), .none:
        if slot.current != nil {
          runClear(animated: change.animated, handle: nil, completion: part, in: slot)
        } else {
          part(.finished)
        }
      }
    }
  }
}
