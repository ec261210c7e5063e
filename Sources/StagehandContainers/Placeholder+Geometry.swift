import StagehandAnimation

extension Placeholder {
  /// Changes the bounds of `slot` (a resize or a rotation). While the slot's transition plays (or is driven
  /// interactively), the change waits until it ends, as every request of the slot does; then the slot's content is
  /// laid out again for the new bounds: it rests where its transition leaves it there. A later clear builds its
  /// inverse in the new bounds. `completion` hears when the change was made.
  public func setBounds(
    _ bounds: Rect, ofSlot slot: Int, completion: ((TransitionOutcome) -> Void)? = nil
  ) throws(ContainerError) {
    try checkSlot(slot)
    try checkBounds(bounds)
    request(.bounds(bounds), in: slot, completion: completion)
  }

  /// Changes the bounds of every slot: `bounds` gives one rectangle per slot. Each slot changes when its own
  /// transition has ended, as with ``setBounds(_:ofSlot:completion:)``; `completion` hears when every slot has
  /// changed.
  public func setBounds(_ bounds: [Rect], completion: ((TransitionOutcome) -> Void)? = nil) throws(ContainerError) {
    guard bounds.count == slots.count else {
      throw .slotCountMismatch(
        operation: "change the bounds of every slot", given: bounds.count, slots: slots.count, container: name)
    }
    for rect in bounds { try checkBounds(rect) }
    let group = Rearrangement(
      targets: Dictionary(uniqueKeysWithValues: bounds.indices.map { ($0, nil) }), animated: false,
      completion: pending.track(completion))
    for (slot, rect) in bounds.enumerated() {
      request(.bounds(rect), in: slot, completion: { group.partEnded($0) })
    }
  }

  private func checkBounds(_ bounds: Rect) throws(ContainerError) {
    do {
      _ = try bounds.validatedAsBounds()
    } catch {
      throw .invalidBounds(bounds, underlying: error)
    }
  }

  /// Changes the bounds of `slot` now and lays its content out again for them.
  func relayout(_ slot: Slot, in bounds: Rect) {
    slot.bounds = bounds
    guard slot.current?.layer != nil else { return }
    let final = build(&slot.current!.entry, in: slot, for: .rest).finalStates
    slot.current?.layer = final.appearing
    slot.stage = final.stage
  }
}
