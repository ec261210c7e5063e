import StagehandAnimation

extension Stack {
  /// Carries out one request; an animated change returns while its animation plays.
  func run(_ request: Request) {
    switch request {
    case .push(let entry, let animated, let trims): runPush(entry, animated: animated, reversible: !trims)
    case .pop(let target, let animated): runPop(to: target.flatMap(index(of:)), animated: animated)
    case .popAll(let animated): runPop(to: -1, animated: animated)
    case .insert(let entry, let above):
      items.insert(Item(entry: entry, layer: nil), at: index(of: above) ?? items.count)
      finishChange()
    case .remove(let id):
      guard let index = index(of: id) else { return finishChange() }
      if index == items.count - 1 { return runPop(to: nil, animated: false) }
      removeSilently(at: index)
      finishChange()
    case .appear(let animated): runAppear(animated: animated)
    case .disappear(let animated): runDisappear(animated: animated)
    case .bounds(let newBounds): apply(bounds: newBounds)
    }
  }

  private func runPush(_ entry: Entry, animated: Bool, reversible: Bool) {
    let arriving = Item(entry: entry, layer: nil)
    let leaving = items.last
    items.append(arriving)
    guard isShown else { return finishChange() }
    entry.content.loadLayer()
    items[items.count - 1].layer = .identity
    let animation = build(at: items.count - 1, for: .show)
    let entry = items[items.count - 1].entry
    send(.willDisappear, to: leaving?.entry.content, animated: animated)
    send(.willAppear, to: entry.content, animated: animated, movement: .intoContainer)
    observer?.container(name, willPlay: animation, of: entry, inverse: false, from: 0)
    // A push the removing behavior trims for cannot reverse: what it covers has left the stack already.
    playingPush = animated && reversible ? arriving.id : nil
    play(animation, appearing: arriving.id, disappearing: leaving?.id, animated: animated) { [weak self] in
      guard let self else { return }
      playingPush = nil
      send(.didDisappear, to: leaving?.entry.content, animated: animated)
      send(.didAppear, to: entry.content, animated: animated, movement: .intoContainer)
    }
  }

  /// Pops down to the content at `target` (-1 empties the stack, `nil` pops one).
  private func runPop(to target: Int?, animated: Bool) {
    guard let topIndex = items.indices.last else { return finishChange() }
    let targetIndex = target ?? topIndex - 1
    for index in stride(from: topIndex - 1, to: targetIndex, by: -1) { removeSilently(at: index) }
    let leaving = items[items.count - 1]
    guard isShown else {
      removeSilently(at: items.count - 1)
      return finishChange()
    }
    let revealedIndex = items.count - 2
    // The revealed content, and the one that will be `capacity` deep, get their layers back first.
    for index in [revealedIndex, revealedIndex - capacity + 1] where index >= 0 && items[index].layer == nil {
      attachLayer(at: index)
    }
    let revealed = revealedIndex >= 0 ? items[revealedIndex] : nil
    let animation = build(at: items.count - 1, for: .hide)
    startPop(of: leaving, revealing: revealed, animation: animation, from: 0, animated: animated)
  }

  /// Reverses the push that is playing from where it stands: the inverse starts where the forward is now.
  ///
  /// It runs outside the queue, so it holds the queue while it starts: a request made from the events it sends waits
  /// for it.
  func reversePlayingPush() {
    guard let elapsed = player.elapsed, let pushed = items.last else { return request(.pop(to: nil, animated: true)) }
    holdingQueue {
      player.cancel()
      playingPush = nil
      let revealed = items.count >= 2 ? items[items.count - 2] : nil
      let animation = build(at: items.count - 1, for: .reverse)
      startPop(
        of: pushed, revealing: revealed, animation: animation, from: animation.duration - elapsed, animated: true)
    }
  }

  private func startPop(
    of leaving: Item, revealing revealed: Item?, animation: Animation, from offset: Double, animated: Bool
  ) {
    send(.willDisappear, to: leaving.entry.content, animated: animated, movement: .outOfContainer)
    send(.willAppear, to: revealed?.entry.content, animated: animated)
    observer?.container(name, willPlay: animation, of: leaving.entry, inverse: true, from: offset)
    play(
      animation, appearing: revealed?.id, disappearing: leaving.id, from: offset, animated: animated,
      ended: { [weak self] in if let self, let index = index(of: leaving.id) { removeSilently(at: index) } }
    ) { [weak self] in
      guard let self else { return }
      send(.didDisappear, to: leaving.entry.content, animated: animated, movement: .outOfContainer)
      send(.didAppear, to: revealed?.entry.content, animated: animated)
    }
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
  /// goes. When it ends, `ended` updates the stack (a popped content leaves), the layers settle to the capacity,
  /// `completion` sends the closing events, and the queue goes on.
  private func play(
    _ animation: Animation, appearing: ObjectIdentifier?, disappearing: ObjectIdentifier?, from offset: Double = 0,
    animated: Bool, ended: @escaping () -> Void = {}, completion: @escaping () -> Void
  ) {
    participants = Set([appearing, disappearing].compactMap { $0 })
    let write: (LayerStates) -> Void = { [weak self] states in
      guard let self else { return }
      for (id, state) in [(appearing, states.appearing), (disappearing, states.disappearing)] {
        if let id, let index = index(of: id), items[index].layer != nil { items[index].layer = state }
      }
      stage = states.stage
      backdrop = states.backdrop
      raised = states.onTop == .appearing ? appearing : disappearing
    }
    player.play(animation, from: offset, animated: animated, update: write) { [weak self] states in
      guard let self else { return }
      // The closing events may request a change (an observer pushing from didShow): it joins the queue, and runs
      // once every closing event has been sent.
      holdingQueue {
        write(states)
        participants = []
        raised = nil
        backdrop = .none
        ended()
        settleLayers()
        completion()
      }
    }
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
