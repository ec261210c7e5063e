import StagehandAnimation

extension Placeholder {
  /// What a cancelled change of a slot puts back: the content it held, with its layer, and its stage.
  struct SlotSnapshot {
    var current: Item?
    var stage: LayerState
  }

  /// Carries out one request in `slot`; an animated change returns while its animation plays.
  func run(_ queued: Queued, in slot: Slot) {
    let handle = queued.handle
    let completion = queued.completion
    switch queued.request {
    case .set(let entry, let animated):
      runSet(entry, animated: animated, handle: handle, completion: completion, in: slot)
    case .clear(let animated): runClear(animated: animated, handle: handle, completion: completion, in: slot)
    case .appear(let animated):
      slot.shown = true
      if let current = slot.current {
        if current.layer == nil {
          current.entry.content.loadLayer(size: slot.bounds.size)
          let final = build(&slot.current!.entry, in: slot, for: .rest).finalStates
          slot.current?.layer = final.appearing
          slot.stage = final.stage
        }
        send(.willAppear, to: current.entry.content, animated: animated)
        send(.didAppear, to: current.entry.content, animated: animated)
      }
      ended(.finished, handle, completion)
    case .disappear(let animated):
      slot.shown = false
      if let current = slot.current {
        send(.willDisappear, to: current.entry.content, animated: animated)
        send(.didDisappear, to: current.entry.content, animated: animated)
      }
      ended(.finished, handle, completion)
    case .bounds(let bounds):
      relayout(slot, in: bounds)
      ended(.finished, handle, completion)
    case .rearrangement(let change):
      // `drain(_:)` hands these to `arrive(at:slot:)`; none reaches here.
      arrive(at: change, slot: slot)
    }
  }

  private func ended(
    _ outcome: TransitionOutcome, _ handle: InteractiveTransition?, _ completion: ((TransitionOutcome) -> Void)?
  ) {
    handle?.ended(outcome)
    completion?(outcome)
  }

  /// Sets `entry` in `slot` over what it holds; the arriving content is told it moves into the placeholder
  /// (`movement`), except when it moves from another slot (`.none`).
  func runSet(
    _ entry: Entry, animated: Bool, handle: InteractiveTransition?, completion: ((TransitionOutcome) -> Void)?,
    in slot: Slot, movement: LifecycleEvent.Movement = .intoContainer
  ) {
    let old = slot.current
    guard slot.shown else {
      if let old { leave(old) }
      slot.current = (entry, nil)
      return ended(.finished, handle, completion)
    }
    let before = SlotSnapshot(current: old, stage: slot.stage)
    entry.content.loadLayer(size: slot.bounds.size)
    slot.leaving = old
    slot.current = (entry, .identity)
    let animation = build(&slot.current!.entry, in: slot, for: .show)
    let entry = slot.current!.entry
    send(.willDisappear, to: old?.entry.content, animated: animated, movement: .outOfContainer)
    send(.willAppear, to: entry.content, animated: animated, movement: movement)
    observer?.container(name, willPlay: animation, of: entry, inverse: false, from: 0)
    play(
      animation, in: slot, animated: animated, handle: handle,
      finished: { [weak self, weak slot] in
        guard let self, let slot else { return }
        if let old { leave(old) }
        slot.leaving = nil
        send(.didDisappear, to: old?.entry.content, animated: animated, movement: .outOfContainer)
        send(.didAppear, to: entry.content, animated: animated, movement: movement)
        completion?(.finished)
      },
      cancelled: { [weak self, weak slot] in
        guard let self, let slot else { return }
        let arriving = slot.current
        restore(before, in: slot)
        let dropped = reproject(slot)
        if let arriving { leave(arriving) }
        sendCancelEvents(arriving: entry.content, leaving: old?.entry.content)
        completion?(.cancelled)
        endCancelled(dropped)
      })
  }

  func runClear(
    animated: Bool, handle: InteractiveTransition?, completion: ((TransitionOutcome) -> Void)?, in slot: Slot
  ) {
    guard var old = slot.current else { return ended(.finished, handle, completion) }
    let before = SlotSnapshot(current: old, stage: slot.stage)
    slot.current = nil
    guard slot.shown else {
      leave(old)
      return ended(.finished, handle, completion)
    }
    slot.leaving = old
    let animation = build(&old.entry, in: slot, for: .hide)
    send(.willDisappear, to: old.entry.content, animated: animated, movement: .outOfContainer)
    observer?.container(name, willPlay: animation, of: old.entry, inverse: true, from: 0)
    play(
      animation, in: slot, animated: animated, handle: handle,
      finished: { [weak self, weak slot] in
        guard let self, let slot else { return }
        leave(old)
        slot.leaving = nil
        send(.didDisappear, to: old.entry.content, animated: animated, movement: .outOfContainer)
        completion?(.finished)
      },
      cancelled: { [weak self, weak slot] in
        guard let self, let slot else { return }
        restore(before, in: slot)
        let dropped = reproject(slot)
        sendCancelEvents(arriving: nil, leaving: old.entry.content)
        completion?(.cancelled)
        endCancelled(dropped)
      })
  }

  /// Puts the slot back as `snapshot`: the content it held, with the very layer state it had, and its stage.
  func restore(_ snapshot: SlotSnapshot, in slot: Slot) {
    slot.current = snapshot.current
    slot.leaving = nil
    slot.stage = snapshot.stage
  }

  /// The events of a cancelled change (UIKit's order): the content that was to arrive is told it disappears, the one
  /// that was to leave that it appears again; neither moves into or out of the placeholder.
  func sendCancelEvents(arriving: (any Content)?, leaving: (any Content)?) {
    send(.willDisappear, to: arriving, animated: true)
    send(.willAppear, to: leaving, animated: true)
    send(.didDisappear, to: arriving, animated: true)
    send(.didAppear, to: leaving, animated: true)
  }

  /// Plays `animation` in `slot`, driven by `handle` when it is interactive. When it finishes, the final states are
  /// written and `finished` ends the change; when it is cancelled, `cancelled` puts the slot back. Either way the
  /// slot's queue goes on once the closing events have been sent.
  private func play(
    _ animation: Animation, in slot: Slot, animated: Bool, handle: InteractiveTransition?,
    finished: @escaping () -> Void, cancelled: @escaping () -> Void
  ) {
    let write = writer(for: slot)
    let end: (TransitionOutcome, LayerStates) -> Void = { [weak self, weak slot] outcome, states in
      guard let slot else { return }
      // A request made from the closing events joins the slot's queue and runs once they have all been sent.
      let outer = !slot.isDraining
      slot.isDraining = true
      if outcome == .finished { write(states) }
      slot.leavingOnTop = false
      slot.backdrop = .none
      if outcome == .finished { finished() } else { cancelled() }
      if outer {
        slot.isDraining = false
        self?.drain(slot)
      }
    }
    if let handle, animated {
      slot.player.begin(animation, held: handle, update: write, completion: end)
    } else {
      slot.player.play(animation, animated: animated, update: write) { outcome, states in
        handle?.ended(outcome)
        end(outcome, states)
      }
    }
  }

  /// The closure that writes sampled states into `slot`: in a forward animation the arriving content is appearing;
  /// in a clear, the leaving one is disappearing.
  ///
  /// The slot owns its player, which keeps this closure while the animation plays: it holds the slot weakly, so that
  /// a placeholder let go of mid-transition is freed, slots and all (a strong reference was a cycle).
  func writer(for slot: Slot) -> (LayerStates) -> Void {
    { [weak slot] states in
      guard let slot else { return }
      if slot.current?.layer != nil { slot.current?.layer = states.appearing }
      if slot.leaving?.layer != nil { slot.leaving?.layer = states.disappearing }
      slot.stage = states.stage
      slot.backdrop = states.backdrop
      slot.leavingOnTop = states.onTop == .disappearing
    }
  }

  /// Lets `item` go: its layer is dropped, and it leaves the placeholder unless a slot will hold it.
  func leave(_ item: Item) {
    if item.layer != nil { item.entry.content.unloadLayer() }
    if !slots.contains(where: { $0.projected == ObjectIdentifier(item.entry.content) }) {
      Membership.leave(item.entry.content)
    }
  }

  func build(_ entry: inout Entry, in slot: Slot, for purpose: BuildPurpose) -> Animation {
    StagehandContainers.build(
      &entry, for: purpose, in: slot.bounds, settings: presentation, with: builder, container: name,
      observer: observer)
  }

  func send(
    _ kind: LifecycleEvent.Kind, to content: (any Content)?, animated: Bool, movement: LifecycleEvent.Movement = .none
  ) {
    deliver(kind, to: content, animated: animated, movement: movement, container: name, observer: observer)
  }
}
