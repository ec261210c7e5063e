import StagehandAnimation

extension Stack {
  /// Shows `content` on top with the forward animation of `transition`; `completion` hears how the push ended.
  public func push(
    _ content: any Content, with transition: Transition, duration: RequestedDuration = .intrinsic,
    animated: Bool = true,
    completion: ((TransitionOutcome) -> Void)? = nil
  ) throws(ContainerError) {
    try push(content, with: transition, duration: duration, animated: animated, handle: nil, completion: completion)
  }

  /// Pushes `content` interactively: the push starts (once what is queued has run) held at progress 0, and the caller
  /// drives it with the handle returned, then finishes or cancels it. A cancelled push leaves the stack as it was.
  public func pushInteractively(
    _ content: any Content, with transition: Transition, duration: RequestedDuration = .intrinsic,
    scrubsLinearly: Bool = true, completion: ((TransitionOutcome) -> Void)? = nil
  ) throws(ContainerError) -> InteractiveTransition {
    let handle = InteractiveTransition(scrubsLinearly: scrubsLinearly)
    try push(content, with: transition, duration: duration, animated: true, handle: handle, completion: completion)
    return handle
  }

  private func push(
    _ content: any Content, with transition: Transition, duration: RequestedDuration, animated: Bool,
    handle: InteractiveTransition?, completion: ((TransitionOutcome) -> Void)?
  ) throws(ContainerError) {
    let entry = Entry(content, transition: transition, duration: duration)
    try checkNew(entry)
    projected.append(ObjectIdentifier(content))
    request(.push(entry, animated: animated, trims: trimProjection()), handle: handle, completion: completion)
  }

  /// Hides the top content with the inverse of the transition it was pushed with, built now; `completion` hears how
  /// the pop ended.
  ///
  /// If that content's push is still playing, it reverses from where it stands: a grab of the push followed by a
  /// cancel that retraces it. The push then ends `.cancelled` and the pop `.finished`.
  public func pop(animated: Bool = true, completion: ((TransitionOutcome) -> Void)? = nil) throws(ContainerError) {
    try checkPop()
    projected.removeLast()
    if animated && canReversePlayingPush {
      reversePlayingPush(completion: completion)
    } else {
      request(.pop(to: nil, animated: animated), completion: completion)
    }
  }

  /// Pops the top interactively: the pop starts (once what is queued has run) held at progress 0, and the caller
  /// drives it with the handle returned, then finishes or cancels it. A cancelled pop leaves the stack as it was.
  public func popInteractively(
    scrubsLinearly: Bool = true, completion: ((TransitionOutcome) -> Void)? = nil
  ) throws(ContainerError) -> InteractiveTransition {
    try checkPop()
    let handle = InteractiveTransition(scrubsLinearly: scrubsLinearly)
    projected.removeLast()
    request(.pop(to: nil, animated: true), handle: handle, completion: completion)
    return handle
  }

  private func checkPop() throws(ContainerError) {
    guard !projected.isEmpty else { throw .empty(operation: "pop", container: name) }
    if behavior == .fixedRoot && projected.count == 1 { throw .rootIsFixed(operation: "pop the root", container: name) }
  }

  /// Whether a pop of the top now reverses the push that plays: nothing else waits, and the push is the top's and
  /// plays by itself.
  var canReversePlayingPush: Bool {
    queue.isEmpty && isShown && playingPush != nil && playingPush == items.last?.id && player.elapsed != nil
  }

  /// Pops every content above the one at `index`: those between leave silently, and only the top's inverse plays.
  public func pop(
    to index: Int, animated: Bool = true, completion: ((TransitionOutcome) -> Void)? = nil
  ) throws(ContainerError) {
    try checkPop(to: index)
    guard index < projected.count - 1 else {
      completion?(.finished)  // nothing to pop
      return
    }
    if index == projected.count - 2 && animated && canReversePlayingPush {
      projected.removeLast()
      return reversePlayingPush(completion: completion)
    }
    let target = projected[index]
    projected.removeSubrange((index + 1)...)
    request(.pop(to: target, animated: animated), completion: completion)
  }

  /// Pops every content above the one at `index` interactively (those between leave silently when it finishes, and
  /// stay when it is cancelled). Popping to the top itself is refused with `indexOutOfRange`.
  public func popInteractively(
    to index: Int, scrubsLinearly: Bool = true, completion: ((TransitionOutcome) -> Void)? = nil
  ) throws(ContainerError) -> InteractiveTransition {
    try checkPop(to: index)
    guard index < projected.count - 1 else {
      throw .indexOutOfRange(index: index, valid: 0...(projected.count - 2), container: name)
    }
    let handle = InteractiveTransition(scrubsLinearly: scrubsLinearly)
    let target = projected[index]
    projected.removeSubrange((index + 1)...)
    request(.pop(to: target, animated: true), handle: handle, completion: completion)
    return handle
  }

  private func checkPop(to index: Int) throws(ContainerError) {
    guard projected.indices.contains(index) else {
      throw .indexOutOfRange(index: index, valid: projected.isEmpty ? nil : 0...(projected.count - 1), container: name)
    }
  }

  /// Pops every content above the root.
  public func popToRoot(
    animated: Bool = true, completion: ((TransitionOutcome) -> Void)? = nil
  ) throws(ContainerError) {
    guard !projected.isEmpty else { throw .empty(operation: "pop to the root", container: name) }
    try pop(to: 0, animated: animated, completion: completion)
  }

  /// Empties the stack: the top leaves with its inverse, the others silently. Refused when the root is fixed.
  public func popAll(
    animated: Bool = true, completion: ((TransitionOutcome) -> Void)? = nil
  ) throws(ContainerError) {
    guard behavior != .fixedRoot else { throw .rootIsFixed(operation: "pop all", container: name) }
    guard !projected.isEmpty else {
      completion?(.finished)  // nothing to pop
      return
    }
    projected.removeAll()
    request(.popAll(animated: animated), completion: completion)
  }

  /// Takes hold of the transition that plays, where it stands: it stops moving, with no jump in any layer, and the
  /// handle returned drives it from there (it scrubs with the curves it played with, unless it was interactive
  /// already). `nil` when nothing plays.
  public func grab() -> InteractiveTransition? {
    let handle = player.grab()
    if handle != nil { playingPush = nil }
    return handle
  }

  /// The interactive transition that plays, if one was started interactively or grabbed.
  public var interactiveTransition: InteractiveTransition? { player.handle }

  /// Inserts `content` at `index`, never animated; a later pop of it plays the inverse of `transition`. Inserting at
  /// the top is a push without animation.
  public func insert(
    _ content: any Content, at index: Int, with transition: Transition, duration: RequestedDuration = .intrinsic,
    completion: ((TransitionOutcome) -> Void)? = nil
  ) throws(ContainerError) {
    guard (0...projected.count).contains(index) else {
      throw .indexOutOfRange(index: index, valid: 0...projected.count, container: name)
    }
    if behavior == .fixedRoot && index == 0 && !projected.isEmpty {
      throw .rootIsFixed(operation: "insert below the root", container: name)
    }
    let entry = Entry(content, transition: transition, duration: duration)
    try checkNew(entry)
    let above = index < projected.count ? projected[index] : nil
    projected.insert(ObjectIdentifier(content), at: index)
    trimProjection()
    request(
      above.map { .insert(entry, below: $0) } ?? .push(entry, animated: false, trims: false), completion: completion)
  }

  /// Removes the content at `index`, never animated.
  public func remove(at index: Int, completion: ((TransitionOutcome) -> Void)? = nil) throws(ContainerError) {
    guard projected.indices.contains(index) else {
      throw .indexOutOfRange(index: index, valid: projected.isEmpty ? nil : 0...(projected.count - 1), container: name)
    }
    if behavior == .fixedRoot && index == 0 { throw .rootIsFixed(operation: "remove the root", container: name) }
    request(.remove(projected.remove(at: index)), completion: completion)
  }

  /// Shows the stack: its top content is built with its transition applied instantly and receives the appearance
  /// events.
  public func appear(animated: Bool = false) { request(.appear(animated: animated)) }

  /// Hides the stack: its top content receives the disappearance events.
  public func disappear(animated: Bool = false) { request(.disappear(animated: animated)) }

  /// Changes the container's bounds (a resize or a rotation). While a transition plays, the change waits until it ends;
  /// then every attached layer is laid out again for the new bounds.
  public func setBounds(_ newBounds: Rect, completion: ((TransitionOutcome) -> Void)? = nil) throws(ContainerError) {
    do {
      _ = try newBounds.validatedAsBounds()
    } catch {
      throw .invalidBounds(newBounds, underlying: error)
    }
    request(.bounds(newBounds), completion: completion)
  }

  /// Checks that `entry` may join: its content is in no container (this one included) and its transition builds.
  func checkNew(_ entry: Entry) throws(ContainerError) {
    let id = ObjectIdentifier(entry.content)
    if projected.contains(id) {
      throw .alreadyInContainer(content: entry.content.name, container: name, requestedBy: name)
    }
    if let other = Membership.otherOwner(of: entry.content, than: self) {
      throw .alreadyInContainer(content: entry.content.name, container: other, requestedBy: name)
    }
    do {
      _ = try builder.forward(entry.transition, in: context(for: entry))
    } catch {
      throw .transition(entry.transition, underlying: error)
    }
    _ = Membership.join(entry.content, container: self, name: name)
  }

  /// The removing behavior keeps no more than `capacity` contents; returns whether it dropped any.
  @discardableResult
  func trimProjection() -> Bool {
    guard behavior == .removing && projected.count > capacity else { return false }
    projected.removeFirst(projected.count - capacity)
    return true
  }

  /// Runs `request` now if nothing plays, else after what is queued.
  func request(
    _ request: Request, handle: InteractiveTransition? = nil, completion: ((TransitionOutcome) -> Void)? = nil
  ) {
    queue.append(Queued(request: request, handle: handle, completion: pending.track(completion)))
    handle?.withdraw = { [weak self, weak handle] in
      guard let self, let handle, let index = queue.firstIndex(where: { $0.handle === handle }) else { return }
      let queued = queue.remove(at: index)
      let dropped = reproject()
      if case .push(let entry, _, _) = queued.request, !projected.contains(ObjectIdentifier(entry.content)) {
        Membership.leave(entry.content)
      }
      handle.ended(.cancelled)
      queued.completion?(.cancelled)
      endCancelled(dropped)
    }
    runQueue()
  }

  /// Checks the queued requests again against the stack as it is (after a cancelled change): `projected` becomes
  /// what they will leave, and those that no longer apply leave the queue; returns them, to end `.cancelled` with
  /// `endCancelled(_:)` once the change that was cancelled has reported its own end.
  func reproject() -> [Queued] {
    var projection = items.map(\.id)
    var kept: [Queued] = []
    var dropped: [Queued] = []
    for queued in queue {
      if apply(queued.request, to: &projection) { kept.append(queued) } else { dropped.append(queued) }
    }
    queue = kept
    projected = projection
    return dropped
  }

  /// Ends requests taken out of the queue, `.cancelled`; a content they were to bring in that the stack will not
  /// hold leaves it.
  func endCancelled(_ dropped: [Queued]) {
    for queued in dropped {
      switch queued.request {
      case .push(let entry, _, _), .insert(let entry, _):
        if !projected.contains(ObjectIdentifier(entry.content)) && index(of: ObjectIdentifier(entry.content)) == nil {
          Membership.leave(entry.content)
        }
      default: break
      }
      queued.handle?.ended(.cancelled)
      queued.completion?(.cancelled)
    }
  }

  /// Applies `request` to `projection` as it will run; `false` when it no longer applies.
  private func apply(_ request: Request, to projection: inout [ObjectIdentifier]) -> Bool {
    func trim() {
      if behavior == .removing && projection.count > capacity { projection.removeFirst(projection.count - capacity) }
    }
    switch request {
    case .push(let entry, _, _):
      let id = ObjectIdentifier(entry.content)
      guard !projection.contains(id) else { return false }
      projection.append(id)
      trim()
    case .pop(nil, _):
      guard !projection.isEmpty, !(behavior == .fixedRoot && projection.count == 1) else { return false }
      projection.removeLast()
    case .pop(let target?, _):
      guard let index = projection.firstIndex(of: target), index < projection.count - 1 else { return false }
      projection.removeSubrange((index + 1)...)
    case .popAll:
      projection.removeAll()
    case .insert(let entry, let below):
      // The content it was to go below has gone (a cancelled push took it away): it no longer applies, rather than
      // landing on top unseen.
      let id = ObjectIdentifier(entry.content)
      guard !projection.contains(id), let index = projection.firstIndex(of: below) else { return false }
      projection.insert(id, at: index)
      trim()
    case .remove(let id):
      guard let index = projection.firstIndex(of: id), !(behavior == .fixedRoot && index == 0) else { return false }
      projection.remove(at: index)
    case .appear, .disappear, .bounds: break
    }
    return true
  }

  /// Runs queued requests, in order, until one starts an animation or none is left.
  func runQueue() {
    guard !isDraining else { return }
    isDraining = true
    defer { isDraining = false }
    while !player.isPlaying, !queue.isEmpty {
      let next = queue.removeFirst()
      next.handle?.withdraw = nil
      run(next.request, handle: next.handle, completion: next.completion)
    }
  }

  /// Runs `body` with the queue held: a request made meanwhile (from a lifecycle handler or an observer) joins the
  /// queue and runs after it, never nested inside the change that `body` makes. The outermost hold runs the queue
  /// when it lets go.
  func holdingQueue(_ body: () -> Void) {
    guard !isDraining else { return body() }
    isDraining = true
    body()
    isDraining = false
    runQueue()
  }
}
