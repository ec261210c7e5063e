import StagehandAnimation

extension Stack {
  /// Carries out one request; an animated change returns while its animation plays. `completion` hears how it ends.
  func run(_ request: Request, handle: InteractiveTransition?, completion: ((TransitionOutcome) -> Void)?) {
    let done: () -> Void = {
      handle?.ended(.finished)
      completion?(.finished)
    }
    switch request {
    case .push(let entry, let animated, let trims):
      runPush(entry, animated: animated, reversible: !trims, handle: handle, completion: completion)
    case .pop(let target, let animated):
      runPop(to: target.flatMap(index(of:)), animated: animated, handle: handle, completion: completion)
    case .popAll(let animated): runPop(to: -1, animated: animated, handle: handle, completion: completion)
    case .insert(let entry, let above):
      items.insert(Item(entry: entry, layer: nil), at: index(of: above) ?? items.count)
      done()
      finishChange()
    case .remove(let id):
      guard let index = index(of: id) else {
        done()
        return finishChange()
      }
      if index == items.count - 1 { return runPop(to: nil, animated: false, handle: handle, completion: completion) }
      removeSilently(at: index)
      done()
      finishChange()
    case .appear(let animated):
      runAppear(animated: animated)
      done()
    case .disappear(let animated):
      runDisappear(animated: animated)
      done()
    case .bounds(let newBounds):
      apply(bounds: newBounds)
      done()
    }
  }

  /// The layers of every content and the stage now.
  func layerSnapshot() -> LayerSnapshot {
    LayerSnapshot(
      layers: Dictionary(
        items.compactMap { item in item.layer.map { (item.id, $0) } }, uniquingKeysWith: { a, _ in a }),
      stage: stage)
  }

  /// Puts back the layers and the stage of `snapshot`: layers attached since are detached, layers detached since
  /// attached again, and every state is the one it had.
  func restore(_ snapshot: LayerSnapshot) {
    for index in items.indices {
      let id = items[index].id
      if let state = snapshot.layers[id] {
        if items[index].layer == nil { items[index].entry.content.loadLayer(size: bounds.size) }
        items[index].layer = state
      } else if items[index].layer != nil {
        items[index].entry.content.unloadLayer()
        items[index].layer = nil
      }
    }
    stage = snapshot.stage
  }

  private func runPush(
    _ entry: Entry, animated: Bool, reversible: Bool, handle: InteractiveTransition?,
    completion: ((TransitionOutcome) -> Void)?
  ) {
    let before = layerSnapshot()
    let arriving = Item(entry: entry, layer: nil)
    let leaving = items.last
    items.append(arriving)
    guard isShown else {
      handle?.ended(.finished)
      completion?(.finished)
      return finishChange()
    }
    entry.content.loadLayer(size: bounds.size)
    items[items.count - 1].layer = .identity
    let animation = build(at: items.count - 1, for: .show)
    let entry = items[items.count - 1].entry
    send(.willDisappear, to: leaving?.entry.content, animated: animated)
    send(.willAppear, to: entry.content, animated: animated, movement: .intoContainer)
    observer?.container(name, willPlay: animation, of: entry, inverse: false, from: 0)
    // A push the removing behavior trims for cannot reverse: what it covers has left the stack already.
    playingPush = animated && reversible && handle == nil ? arriving.id : nil
    playingPushCompletion = completion
    play(
      animation, appearing: arriving.id, disappearing: leaving?.id, animated: animated, handle: handle,
      restoring: before,
      completion: { [weak self] in
        guard let self else { return }
        playingPush = nil
        playingPushCompletion = nil
        send(.didDisappear, to: leaving?.entry.content, animated: animated)
        send(.didAppear, to: entry.content, animated: animated, movement: .intoContainer)
        completion?(.finished)
      },
      cancelled: { [weak self] in
        guard let self, let index = index(of: arriving.id) else { return }
        playingPush = nil
        playingPushCompletion = nil
        let item = items.remove(at: index)
        let dropped = reproject()
        sendCancelEvents(arriving: item.entry.content, leaving: leaving?.entry.content)
        if item.layer != nil { item.entry.content.unloadLayer() }
        if !projected.contains(item.id) { Membership.leave(item.entry.content) }
        completion?(.cancelled)
        endCancelled(dropped)
      })
  }

  /// The events of a cancelled change (UIKit's order): the content that was to arrive is told it disappears, the one
  /// that was to leave that it appears again; neither moves into or out of the container.
  private func sendCancelEvents(arriving: (any Content)?, leaving: (any Content)?) {
    send(.willDisappear, to: arriving, animated: true)
    send(.willAppear, to: leaving, animated: true)
    send(.didDisappear, to: arriving, animated: true)
    send(.didAppear, to: leaving, animated: true)
  }

  /// Pops down to the content at `target` (-1 empties the stack, `nil` pops one).
  private func runPop(
    to target: Int?, animated: Bool, handle: InteractiveTransition?, completion: ((TransitionOutcome) -> Void)?
  ) {
    guard let topIndex = items.indices.last else {
      handle?.ended(.finished)
      completion?(.finished)
      return finishChange()
    }
    let targetIndex = target ?? topIndex - 1
    guard isShown else {
      for index in stride(from: topIndex, to: targetIndex, by: -1) { removeSilently(at: index) }
      handle?.ended(.finished)
      completion?(.finished)
      return finishChange()
    }
    let before = layerSnapshot()
    // The contents between leave silently; they stay members of the stack until the pop finishes, so that a cancel
    // can put them back.
    var setAside: [(index: Int, item: Item)] = []
    for index in stride(from: topIndex - 1, to: targetIndex, by: -1) {
      let item = items.remove(at: index)
      if item.layer != nil { item.entry.content.unloadLayer() }
      setAside.append((index, item))
    }
    let leaving = items[items.count - 1]
    let revealedIndex = items.count - 2
    // The revealed content, and the one that will be `capacity` deep, get their layers back first.
    for index in [revealedIndex, revealedIndex - capacity + 1] where index >= 0 && items[index].layer == nil {
      attachLayer(at: index)
    }
    let revealed = revealedIndex >= 0 ? items[revealedIndex] : nil
    let animation = build(at: items.count - 1, for: .hide)
    startPop(
      of: leaving, revealing: revealed, animation: animation, from: 0, animated: animated, handle: handle,
      restoring: before, setAside: setAside, completion: completion)
  }

  /// Reverses the push that is playing from where it stands: the push is grabbed, then cancelled by retracing it,
  /// which plays the inverse from where the forward is now. Cancelling that pop in turn (after grabbing it) leaves the
  /// push finished.
  ///
  /// It runs outside the queue, so it holds the queue while it starts: a request made from the events it sends waits
  /// for it.
  func reversePlayingPush(completion: ((TransitionOutcome) -> Void)?) {
    guard let elapsed = player.elapsed, !items.isEmpty else {
      return request(.pop(to: nil, animated: true), completion: completion)
    }
    let completion = pending.track(completion)
    holdingQueue {
      player.cancel()
      // The push stops where it stands: its states become the items' (the reversal starts from them).
      if let live {
        adopt(player.states, appearing: live.appearing, disappearing: live.disappearing)
        self.live = nil
      }
      playingPush = nil
      let pushCompletion = playingPushCompletion
      playingPushCompletion = nil
      let revealed = items.count >= 2 ? items[items.count - 2] : nil
      let animation = build(at: items.count - 1, for: .reverse)
      // A cancel of the reversal leaves the push finished: the states the push ends in.
      var pushed = layerSnapshot()
      pushed.layers[items[items.count - 1].id] = animation.initialStates.disappearing
      if let revealed, revealed.layer != nil { pushed.layers[revealed.id] = animation.initialStates.appearing }
      pushed.stage = animation.initialStates.stage
      startPop(
        of: items[items.count - 1], revealing: revealed, animation: animation, from: animation.duration - elapsed,
        animated: true, handle: nil, restoring: pushed, setAside: [], completion: completion,
        pushCompletion: pushCompletion)
    }
  }

  private func startPop(
    of leaving: Item, revealing revealed: Item?, animation: Animation, from offset: Double, animated: Bool,
    handle: InteractiveTransition?, restoring before: LayerSnapshot, setAside: [(index: Int, item: Item)],
    completion: ((TransitionOutcome) -> Void)?, pushCompletion: ((TransitionOutcome) -> Void)? = nil
  ) {
    send(.willDisappear, to: leaving.entry.content, animated: animated, movement: .outOfContainer)
    send(.willAppear, to: revealed?.entry.content, animated: animated)
    observer?.container(name, willPlay: animation, of: leaving.entry, inverse: true, from: offset)
    play(
      animation, appearing: revealed?.id, disappearing: leaving.id, from: offset, animated: animated, handle: handle,
      restoring: before,
      ended: { [weak self] in
        guard let self else { return }
        if let index = index(of: leaving.id) { removeSilently(at: index) }
        for (_, item) in setAside where !projected.contains(item.id) { Membership.leave(item.entry.content) }
      },
      completion: { [weak self] in
        guard let self else { return }
        send(.didDisappear, to: leaving.entry.content, animated: animated, movement: .outOfContainer)
        send(.didAppear, to: revealed?.entry.content, animated: animated)
        pushCompletion?(.cancelled)
        completion?(.finished)
      },
      cancelled: { [weak self] in
        guard let self else { return }
        let top = items.count
        for (index, item) in setAside.reversed() { items.insert(item, at: min(index, top - 1)) }
        restore(before)
        let dropped = reproject()
        sendCancelEvents(arriving: revealed?.entry.content, leaving: leaving.entry.content)
        pushCompletion?(.finished)
        completion?(.cancelled)
        endCancelled(dropped)
      })
  }

  private func runAppear(animated: Bool) {
    guard !isShown else { return }
    isShown = true
    if let topIndex = items.indices.last {
      if items[topIndex].layer == nil { attachLayer(at: topIndex) }
      stage = restingStage()
      let content = items[topIndex].entry.content
      send(.willAppear, to: content, animated: animated)
      send(.didAppear, to: content, animated: animated)
    }
    finishChange()
  }

  private func runDisappear(animated: Bool) {
    guard isShown else { return }
    if let content = top {
      send(.willDisappear, to: content, animated: animated)
      send(.didDisappear, to: content, animated: animated)
    }
    isShown = false
    finishChange()
  }

  /// Plays `animation` with the given contents in the appearing and disappearing roles, writing their states as it
  /// goes; driven by `handle` when it is interactive. When it finishes, `ended` updates the stack (a popped content
  /// leaves), the layers settle to the capacity, `completion` sends the closing events, and the queue goes on. When it
  /// is cancelled, the stage and the layers of the contents that stay are put back as `before`, `cancelled` undoes the
  /// change and sends its events, and the queue goes on.
  private func play(
    _ animation: Animation, appearing: ObjectIdentifier?, disappearing: ObjectIdentifier?, from offset: Double = 0,
    animated: Bool, handle: InteractiveTransition?, restoring before: LayerSnapshot, ended: @escaping () -> Void = {},
    completion: @escaping () -> Void, cancelled: @escaping () -> Void
  ) {
    participants = Set([appearing, disappearing].compactMap { $0 })
    // The player samples the states in place and the stack reads them there while the animation plays (`live`):
    // no closure per sample, nothing copied into the items until it ends.
    live = (appearing, disappearing)
    let end: (TransitionOutcome, LayerStates) -> Void = { [weak self] outcome, states in
      guard let self else { return }
      // The closing events may request a change (an observer pushing from didShow): it joins the queue, and runs
      // once every closing event has been sent.
      holdingQueue {
        participants = []
        live = nil
        switch outcome {
        case .finished:
          adopt(states, appearing: appearing, disappearing: disappearing)
          ended()
          settleLayers()
          completion()
        case .cancelled:
          restore(before)
          cancelled()
          settleLayers()
        }
      }
    }
    if let handle, animated {
      player.begin(animation, held: handle, update: nil, completion: end)
    } else {
      player.play(animation, from: offset, animated: animated, update: nil) { outcome, states in
        handle?.ended(outcome)
        end(outcome, states)
      }
    }
  }

  /// Writes `states` into the items of the contents in the appearing and disappearing roles (those whose layers are
  /// attached) and the stage: where a transition that ends leaves them.
  func adopt(_ states: LayerStates, appearing: ObjectIdentifier?, disappearing: ObjectIdentifier?) {
    if let appearing, let index = index(of: appearing), items[index].layer != nil {
      items[index].layer = states.appearing
    }
    if let disappearing, let index = index(of: disappearing), items[index].layer != nil {
      items[index].layer = states.disappearing
    }
    stage = states.stage
  }

  /// Ends a change: layers past the capacity are detached (or their contents leave), and the queue goes on.
  func finishChange() {
    settleLayers()
    runQueue()
  }

  /// Detaches the layers past the capacity, or with the removing behavior lets their contents leave; contents taking
  /// part in a transition that plays keep theirs.
  func settleLayers() {
    if behavior == .removing && items.count > capacity {
      for index in (0..<(items.count - capacity)).reversed() where !participants.contains(items[index].id) {
        removeSilently(at: index)
      }
    }
    for index in items.indices
    where index < items.count - capacity && items[index].layer != nil && !participants.contains(items[index].id) {
      items[index].entry.content.unloadLayer()
      items[index].layer = nil
    }
  }

  /// Removes the content at `index` without any event: it is not visible, or its events were sent already.
  func removeSilently(at index: Int) {
    let item = items.remove(at: index)
    if item.layer != nil { item.entry.content.unloadLayer() }
    if !projected.contains(item.id) { Membership.leave(item.entry.content) }
  }

  /// The animation of the entry at `index` for `purpose`, in the current bounds and presentation settings.
  func build(at index: Int, for purpose: BuildPurpose) -> Animation {
    StagehandContainers.build(
      &items[index].entry, for: purpose, in: bounds, settings: presentation, with: builder, container: name,
      observer: observer)
  }

  func send(
    _ kind: LifecycleEvent.Kind, to content: (any Content)?, animated: Bool, movement: LifecycleEvent.Movement = .none
  ) {
    deliver(kind, to: content, animated: animated, movement: movement, container: name, observer: observer)
  }

}
