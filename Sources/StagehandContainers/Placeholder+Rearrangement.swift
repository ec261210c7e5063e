import StagehandAnimation

/// A change of several slots at once: a move, a swap, `setContents`. It joins the queue of every slot it changes and
/// runs when each of them has reached it, so that a content taken out of one slot and shown in another is never in
/// two slots at once; its parts then play together on one player (one progress, one grab, one spring), and the change
/// ends, finished or cancelled as a whole, when they have.
final class Rearrangement {
  /// What each slot it changes will hold: an entry (with the transition to show it with), or `nil` for empty.
  let targets: [Int: Entry?]
  let animated: Bool
  /// The handle that drives the change when it was started interactively.
  let handle: InteractiveTransition?
  /// The slots that have reached the change in their queues.
  var arrived: Set<Int> = []
  private var remaining: Int
  private var outcome = TransitionOutcome.finished
  private var completion: ((TransitionOutcome) -> Void)?

  init(
    targets: [Int: Entry?], animated: Bool, handle: InteractiveTransition? = nil,
    completion: ((TransitionOutcome) -> Void)?
  ) {
    self.targets = targets
    self.animated = animated
    self.handle = handle
    self.remaining = targets.count
    self.completion = completion
  }

  /// The content `slot` will hold once the change has run.
  func target(ofSlot slot: Int) -> (any Content)? { targets[slot].flatMap { $0?.content } }

  /// Whether the change shows `id` in one of its slots.
  func shows(_ id: ObjectIdentifier) -> Bool {
    targets.values.contains { $0.map { ObjectIdentifier($0.content) } == id }
  }

  /// Notes that one slot's part of a group of requests ended (`setBounds(_:completion:)` of every slot): the group
  /// ends `.cancelled` if any part was cancelled, `.finished` otherwise.
  func partEnded(_ part: TransitionOutcome) {
    if part == .cancelled { outcome = .cancelled }
    remaining -= 1
    if remaining == 0 { completion.take()?(outcome) }
  }

  /// Ends the whole change with `outcome`: its handle, then its completion.
  func end(_ outcome: TransitionOutcome) {
    remaining = 0
    handle?.ended(outcome)
    completion.take()?(outcome)
  }
}

extension Placeholder {
  /// Moves the content of slot `from` to slot `to`: it leaves `from` at once (which is left empty) and arrives in
  /// `to` with the forward animation of `transition`, over the content `to` held, which leaves the placeholder. A
  /// later clear of `to` plays the inverse of `transition`, the transition it was last shown with.
  ///
  /// The move waits until both slots have run what is queued in them, and both are busy until it ends. The content
  /// moved stays in the placeholder: it is told it disappears from `from` (`willDisappear`, `didDisappear`) and
  /// appears in `to` (`willAppear` before the animation, `didAppear` after it), never that it moves into or out of
  /// the container. Its layer is dropped and created again at the size of `to`. Grabbed (`grab(slot:)` of either
  /// slot) and cancelled, the move gives both slots back as they were: the content returns to `from`, with a layer
  /// at its size again, and the one `to` held stays. `completion` hears how the change ended.
  public func move(
    fromSlot from: Int, toSlot to: Int, with transition: Transition, duration: RequestedDuration = .intrinsic,
    animated: Bool = true, completion: ((TransitionOutcome) -> Void)? = nil
  ) throws(ContainerError) {
    let targets = try moveTargets(from, to, transition: transition, duration: duration)
    rearrange(targets, animated: animated, completion: completion)
  }

  /// Swaps the contents of slots `a` and `b`: each leaves its slot at once and arrives in the other with the forward
  /// animation of `transition` (a swap with an empty slot is a move). Events and layers as for a move; a later clear
  /// plays the inverse of `transition`, and a cancel gives both slots back. `completion` hears how the change ended,
  /// once both slots have played.
  public func swap(
    slot a: Int, with b: Int, transition: Transition, duration: RequestedDuration = .intrinsic,
    animated: Bool = true, completion: ((TransitionOutcome) -> Void)? = nil
  ) throws(ContainerError) {
    let targets = try swapTargets(a, b, transition: transition, duration: duration)
    rearrange(targets, animated: animated, completion: completion)
  }

  /// Replaces the contents of every slot at once: `contents` gives one content (or `nil`, for empty) per slot. Each
  /// slot whose content changes plays its part: a content arrives with the forward animation of `transition` over
  /// the one it replaces, and a slot left empty plays the inverse of the transition its content was set with. A
  /// content already in the placeholder may be listed for another slot: it moves there, as with
  /// ``move(fromSlot:toSlot:with:duration:animated:completion:)``. A content listed for the slot that holds it stays,
  /// with no animation and the transition it was set with. The contents no slot lists leave the placeholder.
  ///
  /// The change waits until every slot it changes has run what is queued in it; its parts play together, as one
  /// change, and `completion` hears how it ended once they have. Grabbed and cancelled, it gives every slot it
  /// changes back as it was, and the contents it brought leave the placeholder.
  public func setContents(
    _ contents: [(any Content)?], with transition: Transition, duration: RequestedDuration = .intrinsic,
    animated: Bool = true, completion: ((TransitionOutcome) -> Void)? = nil
  ) throws(ContainerError) {
    let targets = try contentsTargets(contents, transition: transition, duration: duration)
    rearrange(targets, animated: animated, completion: completion)
  }

  /// What each slot of a move will hold.
  func moveTargets(
    _ from: Int, _ to: Int, transition: Transition, duration: RequestedDuration
  ) throws(ContainerError) -> [Int: Entry?] {
    let operation = "move the content of slot \(from) to slot \(to)"
    try checkPair(from, to, operation: operation)
    guard let content = projectedContent(ofSlot: from) else { throw .empty(operation: operation, container: name) }
    try checkBuilds(transition, inSlot: to, duration: duration)
    return [from: nil, to: Entry(content, transition: transition, duration: duration)]
  }

  /// What each slot of a swap will hold.
  func swapTargets(
    _ a: Int, _ b: Int, transition: Transition, duration: RequestedDuration
  ) throws(ContainerError) -> [Int: Entry?] {
    let operation = "swap the contents of slots \(a) and \(b)"
    try checkPair(a, b, operation: operation)
    let contentOfA = projectedContent(ofSlot: a)
    let contentOfB = projectedContent(ofSlot: b)
    guard contentOfA != nil || contentOfB != nil else { throw .empty(operation: operation, container: name) }
    if contentOfA != nil { try checkBuilds(transition, inSlot: b, duration: duration) }
    if contentOfB != nil { try checkBuilds(transition, inSlot: a, duration: duration) }
    return [
      a: contentOfB.map { Entry($0, transition: transition, duration: duration) },
      b: contentOfA.map { Entry($0, transition: transition, duration: duration) },
    ]
  }

  /// What each slot whose content changes will hold, once `contents` is checked; the contents that arrive from
  /// outside join the placeholder.
  func contentsTargets(
    _ contents: [(any Content)?], transition: Transition, duration: RequestedDuration
  ) throws(ContainerError) -> [Int: Entry?] {
    let operation = "set the contents of every slot"
    guard contents.count == slots.count else {
      throw .slotCountMismatch(operation: operation, given: contents.count, slots: slots.count, container: name)
    }
    var seen: Set<ObjectIdentifier> = []
    for content in contents.compactMap(\.self) where !seen.insert(ObjectIdentifier(content)).inserted {
      throw .duplicateContent(content: content.name, container: name)
    }
    let projections = slots.indices.map { projectedContent(ofSlot: $0).map(ObjectIdentifier.init) }
    var targets: [Int: Entry?] = [:]
    for (slot, content) in contents.enumerated() where content.map(ObjectIdentifier.init) != projections[slot] {
      guard let content else {
        targets[slot] = .some(nil)
        continue
      }
      if !projections.contains(ObjectIdentifier(content)) {
        if holds(ObjectIdentifier(content)) {
          throw .alreadyInContainer(content: content.name, container: name, requestedBy: name)
        }
        if let other = Membership.otherOwner(of: content, than: self) {
          throw .alreadyInContainer(content: content.name, container: other, requestedBy: name)
        }
      }
      try checkBuilds(transition, inSlot: slot, duration: duration)
      targets[slot] = Entry(content, transition: transition, duration: duration)
    }
    for case let entry? in targets.values {
      _ = Membership.join(entry.content, container: self, name: name)
    }
    return targets
  }

  private func checkPair(_ a: Int, _ b: Int, operation: String) throws(ContainerError) {
    try checkSlot(a)
    try checkSlot(b)
    guard a != b else { throw .sameSlot(operation: operation, slot: a, container: name) }
  }

  private func checkBuilds(
    _ transition: Transition, inSlot slot: Int, duration: RequestedDuration
  ) throws(ContainerError) {
    do {
      _ = try builder.forward(transition, in: presentation.context(bounds: slots[slot].bounds, duration: duration))
    } catch {
      throw .transition(transition, underlying: error)
    }
  }

  /// Queues the change of the slots of `targets` in each of their queues; each slot's projection becomes its target.
  /// `handle`, when given, drives the change (it is then animated).
  func rearrange(
    _ targets: [Int: Entry?], animated: Bool, handle: InteractiveTransition? = nil,
    completion: ((TransitionOutcome) -> Void)?
  ) {
    guard !targets.isEmpty else {
      handle?.ended(.finished)
      completion?(.finished)
      return
    }
    let change = Rearrangement(
      targets: targets, animated: animated, handle: handle, completion: pending.track(completion))
    handle?.withdraw = { [weak self, weak change] in
      guard let self, let change else { return }
      withdraw(change)
    }
    for slot in targets.keys.sorted() {
      slots[slot].projected = change.target(ofSlot: slot).map(ObjectIdentifier.init)
      slots[slot].queue.append(Queued(request: .rearrangement(change), handle: nil, completion: nil))
    }
    for slot in targets.keys.sorted() { drain(slots[slot]) }
  }

  /// The content `slot` will hold once its queued requests have run.
  func projectedContent(ofSlot slot: Int) -> (any Content)? {
    for queued in slots[slot].queue.reversed() {
      switch queued.request {
      case .set(let entry, _): return entry.content
      case .clear: return nil
      case .rearrangement(let change): return change.target(ofSlot: slot)
      case .appear, .disappear, .bounds: continue
      }
    }
    if let waiting = slots[slot].waiting { return waiting.target(ofSlot: slot) }
    return slots[slot].current?.entry.content
  }

  /// Whether `id` is in the placeholder: a slot holds it, shows it leaving, or will hold it once its queue has run.
  func holds(_ id: ObjectIdentifier) -> Bool {
    slots.contains { slot in
      slot.projected == id || slot.current.map { ObjectIdentifier($0.entry.content) } == id
        || slot.leaving.map { ObjectIdentifier($0.entry.content) } == id || slot.waiting?.shows(id) == true
        || slot.queue.contains { queued in
          switch queued.request {
          case .set(let entry, _): ObjectIdentifier(entry.content) == id
          case .rearrangement(let change): change.shows(id)
          default: false
          }
        }
    }
  }
}
