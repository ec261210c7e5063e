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
    change.handle?.withdraw = nil
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

  /// One slot's part of a change of several slots: the content that arrives in it (none for a clear), the one it
  /// replaces, and the animation that plays between them.
  private struct Part {
    let index: Int
    let arriving: Entry?
    let leaving: Item?
    let animation: Animation
    let movement: LifecycleEvent.Movement
  }

  /// Runs `change`, whose slots are all idle: the contents that move to another slot leave theirs at once (with
  /// their disappearance events, their layers dropped), then every slot plays its part, all on one player (the
  /// change is grabbed, finished and cancelled as a whole). A cancel gives every slot back as it was.
  private func hand(over change: Rearrangement) {
    let order = change.targets.keys.sorted()
    let before = order.map { SlotSnapshot(current: slots[$0].current, stage: slots[$0].stage) }
    let targeted = Set(change.targets.values.compactMap { $0.map { ObjectIdentifier($0.content) } })
    var moved: [(index: Int, content: any Content)] = []
    for index in order {
      let slot = slots[index]
      guard let current = slot.current, targeted.contains(ObjectIdentifier(current.entry.content)),
        change.target(ofSlot: index).map(ObjectIdentifier.init) != ObjectIdentifier(current.entry.content)
      else { continue }
      moved.append((index, current.entry.content))
      slot.current = nil
      // A hidden placeholder keeps its layers: the one of a content that moves goes all the same, and the content
      // gets a new one at the size of its new slot when it is shown there.
      if slot.shown { send(.willDisappear, to: current.entry.content, animated: change.animated) }
      if current.layer != nil { current.entry.content.unloadLayer() }
      if slot.shown { send(.didDisappear, to: current.entry.content, animated: change.animated) }
    }
    let movedIDs = Set(moved.map { ObjectIdentifier($0.content) })
    var parts: [Part] = []
    for index in order {
      let slot = slots[index]
      let target = change.targets[index] ?? nil
      let old = slot.current
      // A content the slot holds already stays (a change queued behind a cancelled one may find it there).
      guard target.map({ ObjectIdentifier($0.content) }) != old.map({ ObjectIdentifier($0.entry.content) }) else {
        continue
      }
      guard slot.shown else {
        if let old { leave(old) }
        slot.current = target.map { ($0, nil) }
        continue
      }
      slot.leaving = old
      if let entry = target {
        entry.content.loadLayer(size: slot.bounds.size)
        slot.current = (entry, .identity)
        let animation = build(&slot.current!.entry, in: slot, for: .show)
        let entry = slot.current!.entry
        let movement: LifecycleEvent.Movement =
          movedIDs.contains(ObjectIdentifier(entry.content)) ? .none : .intoContainer
        send(.willDisappear, to: old?.entry.content, animated: change.animated, movement: .outOfContainer)
        send(.willAppear, to: entry.content, animated: change.animated, movement: movement)
        observer?.container(name, willPlay: animation, of: entry, inverse: false, from: 0)
        parts.append(Part(index: index, arriving: entry, leaving: old, animation: animation, movement: movement))
      } else if var leaving = old {
        slot.current = nil
        let animation = build(&leaving.entry, in: slot, for: .hide)
        slot.leaving = leaving
        send(.willDisappear, to: leaving.entry.content, animated: change.animated, movement: .outOfContainer)
        observer?.container(name, willPlay: animation, of: leaving.entry, inverse: true, from: 0)
        parts.append(Part(index: index, arriving: nil, leaving: leaving, animation: animation, movement: .none))
      }
    }
    guard let lead = parts.indices.max(by: { parts[$0].animation.duration < parts[$1].animation.duration }) else {
      return change.end(.finished)
    }
    let followers = parts.indices.filter { $0 != lead }.map { part in
      TransitionPlayer.Follower(parts[part].animation, update: writer(for: slots[parts[part].index]))
    }
    let player = slots[order[0]].ownPlayer
    for index in order { slots[index].driver = player }
    // The player keeps this closure while the change plays: it holds the placeholder weakly (the slots own the
    // player), and the parts hold contents and animations, never a slot.
    let end: (TransitionOutcome, LayerStates) -> Void = { [weak self] outcome, _ in
      guard let self else { return }
      let involved = order.map { slots[$0] }
      let outer = involved.map { !$0.isDraining }
      for slot in involved {
        slot.driver = nil
        slot.isDraining = true
        slot.leavingOnTop = false
        slot.backdrop = .none
      }
      if outcome == .finished {
        finish(parts, of: change)
      } else {
        cancel(parts, of: change, restoring: zip(order, before).map { ($0, $1) }, moved: moved)
      }
      for (slot, outer) in zip(involved, outer) where outer {
        slot.isDraining = false
        drain(slot)
      }
    }
    let write = writer(for: slots[parts[lead].index])
    if let handle = change.handle, change.animated {
      player.begin(parts[lead].animation, held: handle, followers: followers, update: write, completion: end)
    } else {
      player.play(
        parts[lead].animation, animated: change.animated, followers: followers, update: write, completion: end)
    }
  }

  /// Ends a change of several slots that played to its end: each part's final states, then its closing events.
  private func finish(_ parts: [Part], of change: Rearrangement) {
    for part in parts {
      let slot = slots[part.index]
      writer(for: slot)(part.animation.finalStates)
      slot.leavingOnTop = false
      slot.backdrop = .none
      if let old = part.leaving { leave(old) }
      slot.leaving = nil
    }
    for part in parts {
      send(.didDisappear, to: part.leaving?.entry.content, animated: change.animated, movement: .outOfContainer)
      send(.didAppear, to: part.arriving?.content, animated: change.animated, movement: part.movement)
    }
    change.end(.finished)
  }

  /// Undoes a change of several slots that was cancelled: every slot it touched holds again what it held (entries,
  /// layer states, stages); the contents that moved get a layer in their own slot again, and those that were to
  /// arrive from outside leave the placeholder. Events: each part's cancel events (UIKit's order), then the contents
  /// that moved are told they appear again in their own slots.
  private func cancel(
    _ parts: [Part], of change: Rearrangement, restoring before: [(Int, SlotSnapshot)],
    moved: [(index: Int, content: any Content)]
  ) {
    for (index, snapshot) in before { restore(snapshot, in: slots[index]) }
    var dropped: [Queued] = []
    for (index, _) in before { dropped += reproject(slots[index]) }
    let movedIDs = Set(moved.map { ObjectIdentifier($0.content) })
    for part in parts {
      guard let arriving = part.arriving?.content else { continue }
      arriving.unloadLayer()
      if !movedIDs.contains(ObjectIdentifier(arriving)) && !holds(ObjectIdentifier(arriving)) {
        Membership.leave(arriving)
      }
    }
    for (index, content) in moved where slots[index].current?.layer != nil {
      content.loadLayer(size: slots[index].bounds.size)
    }
    for part in parts {
      sendCancelEvents(arriving: part.arriving?.content, leaving: part.leaving?.entry.content)
    }
    for (_, content) in moved {
      send(.willAppear, to: content, animated: true)
      send(.didAppear, to: content, animated: true)
    }
    change.end(.cancelled)
    endCancelled(dropped)
  }
}
