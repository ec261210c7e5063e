import StagehandAnimation

extension Stack {
  /// The resting state of the content at `index` in the current bounds: the top rests where its own transition left
  /// it, a content below where the transition of the content above it left it.
  func restingState(at index: Int) -> LayerState {
    if index == items.count - 1 { return build(at: index, for: .rest).finalStates.appearing }
    return build(at: index + 1, for: .rest).finalStates.disappearing
  }

  /// The resting state of the stage: where the top's transition left it.
  func restingStage() -> LayerState {
    items.isEmpty ? .identity : build(at: items.count - 1, for: .rest).finalStates.stage
  }

  /// Creates the layer of the content at `index`, in its resting state.
  func attachLayer(at index: Int) {
    items[index].entry.content.loadLayer(size: bounds.size)
    items[index].layer = restingState(at: index)
  }

  /// Changes the bounds now and lays every attached layer out again for them.
  func apply(bounds newBounds: Rect) {
    bounds = newBounds
    for index in items.indices where items[index].layer != nil {
      items[index].layer = restingState(at: index)
    }
    stage = restingStage()
  }

  /// Drops the layers of hidden contents; they are rebuilt, in the same state, when they are shown again.
  public func handleMemoryPressure() {
    for index in items.indices.dropLast()
    where items[index].layer != nil && !participants.contains(items[index].id) {
      items[index].entry.content.unloadLayer()
      items[index].layer = nil
    }
  }
}
