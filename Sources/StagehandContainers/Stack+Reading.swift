import StagehandAnimation

extension Stack {
  /// The contents whose layers are attached, bottom first (the order to draw them in), with their states now: the
  /// stack's order, except that the content a playing transition puts on top is drawn last (ABI 1.1's draw order).
  /// Draw `backdrop` first, behind them all.
  ///
  /// A content the capacity keeps attached below a transition takes no part in it: draw ``layersToDraw`` instead.
  /// ``forEachPresentedLayer(_:)`` gives the same layers without making an array, and ``forEachBorrowedLayer(_:)``
  /// without copying their states either.
  public var presentedLayers: [PresentedLayer] {
    var layers: [PresentedLayer] = []
    layers.reserveCapacity(items.count)
    forEachPresentedLayer { layers.append($0) }
    return layers
  }

  /// What a frame draws, bottom first, over ``backdrop``: while a transition plays, the layers it moves (the
  /// appearing and the disappearing contents, in its draw order), never another attached content, which would show
  /// through the gaps of a flip; at rest, the top content's layer. Each carries its ready transform, quad and
  /// opacity (``PresentedLayer/drawn``). ``forEachLayerToDraw(_:)`` gives the same layers without making an array,
  /// and ``forEachBorrowedLayerToDraw(_:)`` without copying their states either.
  public var layersToDraw: [PresentedLayer] {
    var layers: [PresentedLayer] = []
    layers.reserveCapacity(2)
    forEachLayerToDraw { layers.append($0) }
    return layers
  }

  /// Calls `body` with each layer of ``presentedLayers``, in the same order, without making an array: for a display
  /// loop that reads the layers every frame and should allocate nothing.
  public func forEachPresentedLayer(_ body: (PresentedLayer) throws -> Void) rethrows {
    try forEachBorrowedLayer { try body($0.presentedLayer) }
  }

  /// Calls `body` with each layer of ``layersToDraw``, in the same order (bottom first), without making an array.
  public func forEachLayerToDraw(_ body: (PresentedLayer) throws -> Void) rethrows {
    try forEachBorrowedLayerToDraw { try body($0.presentedLayer) }
  }

  /// Calls `body` with each layer of ``presentedLayers``, in the same order, lent where the stack keeps it: the
  /// cheapest way to read the layers every frame (no array, no copy of a state).
  ///
  /// A ``BorrowedLayer`` exists only during the call that receives it; take its ``BorrowedLayer/presentedLayer`` to
  /// keep a copy. While a transition plays, its ``BorrowedLayer/state`` and ``BorrowedLayer/stage`` are the states
  /// the transition last sampled (an interactive update writes them in place).
  public func forEachBorrowedLayer(_ body: (borrowing BorrowedLayer) throws -> Void) rethrows {
    try lend(toDraw: false, body)
  }

  /// Calls `body` with each layer of ``layersToDraw``, in the same order (bottom first), lent where the stack keeps
  /// it, as ``forEachBorrowedLayer(_:)`` does.
  public func forEachBorrowedLayerToDraw(_ body: (borrowing BorrowedLayer) throws -> Void) rethrows {
    try lend(toDraw: true, body)
  }

  /// Lends `body` the attached layers, in draw order (the raised one last): every one, or with `toDraw` those of the
  /// transition that plays (the top one at rest). Allocates nothing and copies no state.
  ///
  /// The items are read from a copy of the array (a retain, not a copy of its elements): `body` may change the stack
  /// (a push makes a new array then) while the layers lent point into this one, which stays alive until the end.
  private func lend(toDraw: Bool, _ body: (borrowing BorrowedLayer) throws -> Void) rethrows {
    let items = self.items
    guard !items.isEmpty else { return }
    // Read once, not once per layer.
    let live = live
    let raised = raised
    let stage = stageAddress
    let bounds = bounds
    // To draw: at rest the top layer alone; while a transition plays, the layers of its participants only (which
    // are the contents in `live` then, compared without hashing).
    let onlyTop = toDraw && participants.isEmpty
    let onlyParticipants = toDraw && !participants.isEmpty
    try items.withUnsafeBufferPointer { buffer in
      var raisedIndex: Int?
      for index in (onlyTop ? buffer.count - 1 : 0)..<buffer.count {
        let item = buffer.baseAddress! + index
        guard item.pointee.isAttached else { continue }
        let id = ObjectIdentifier(item.pointee.entry.content)
        if onlyParticipants {
          let takesPart = live.map { id == $0.appearing || id == $0.disappearing } ?? participants.contains(id)
          guard takesPart else { continue }
        }
        if raised != nil && id == raised && raisedIndex == nil {
          raisedIndex = index
          continue
        }
        try body(layer(of: item, live: live, stage: stage, bounds: bounds))
      }
      if let raisedIndex {
        try body(layer(of: buffer.baseAddress! + raisedIndex, live: live, stage: stage, bounds: bounds))
      }
    }
  }

  /// The layer of `item` lent: its state where it is kept now (the player's for a content taking part in the
  /// transition that plays, else the item's).
  private func layer(
    of item: UnsafePointer<Item>, live: (appearing: ObjectIdentifier?, disappearing: ObjectIdentifier?)?,
    stage: UnsafePointer<LayerState>, bounds: Rect
  ) -> BorrowedLayer {
    let content = item.pointee.entry.content
    let id = ObjectIdentifier(content)
    let state: UnsafePointer<LayerState>
    if let live, id == live.appearing {
      state = player.appearingAddress
    } else if let live, id == live.disappearing {
      state = player.disappearingAddress
    } else {
      state = item.pointer(to: \.state)!
    }
    return BorrowedLayer(content: content, state: state, stage: stage, bounds: bounds)
  }

  /// The state of the layer of the content at `index` now, `nil` when detached: the playing transition's for a
  /// content taking part in it, else its item's.
  func liveState(at index: Int) -> LayerState? {
    guard items[index].isAttached else { return nil }
    if let live {
      let id = items[index].id
      if id == live.appearing { return player.states.appearing }
      if id == live.disappearing { return player.states.disappearing }
    }
    return items[index].state
  }
}
