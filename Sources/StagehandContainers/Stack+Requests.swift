import StagehandAnimation

extension Stack {
  /// Shows `content` on top with the forward animation of `transition`.
  public func push(
    _ content: any Content, with transition: Transition, duration: RequestedDuration = .intrinsic, animated: Bool = true
  ) throws(ContainerError) {
    let entry = Entry(content, transition: transition, duration: duration)
    try checkNew(entry)
    projected.append(ObjectIdentifier(content))
    request(.push(entry, animated: animated, trims: trimProjection()))
  }

  /// Hides the top content with the inverse of the transition it was pushed with, built now.
  ///
  /// If that content's push is still playing, it reverses from where it stands.
  public func pop(animated: Bool = true) throws(ContainerError) {
    guard !projected.isEmpty else { throw .empty(operation: "pop", container: name) }
    if behavior == .fixedRoot && projected.count == 1 { throw .rootIsFixed(operation: "pop the root", container: name) }
    projected.removeLast()
    if animated && canReversePlayingPush { reversePlayingPush() } else { request(.pop(to: nil, animated: animated)) }
  }

  /// Whether a pop of the top now reverses the push that plays: nothing else waits, and the push is the top's.
  var canReversePlayingPush: Bool {
    queue.isEmpty && isShown && playingPush != nil && playingPush == items.last?.id
  }

  /// Pops every content above the one at `index`: those between leave silently, and only the top's inverse plays.
  public func pop(to index: Int, animated: Bool = true) throws(ContainerError) {
    guard projected.indices.contains(index) else {
      throw .indexOutOfRange(index: index, valid: projected.isEmpty ? nil : 0...(projected.count - 1), container: name)
    }
    guard index < projected.count - 1 else { return }
    if index == projected.count - 2 && animated && canReversePlayingPush {
      projected.removeLast()
      return reversePlayingPush()
    }
    let target = projected[index]
    projected.removeSubrange((index + 1)...)
    request(.pop(to: target, animated: animated))
  }

  /// Pops every content above the root.
  public func popToRoot(animated: Bool = true) throws(ContainerError) {
    guard !projected.isEmpty else { throw .empty(operation: "pop to the root", container: name) }
    try pop(to: 0, animated: animated)
  }

  /// Empties the stack: the top leaves with its inverse, the others silently. Refused when the root is fixed.
  public func popAll(animated: Bool = true) throws(ContainerError) {
    guard behavior != .fixedRoot else { throw .rootIsFixed(operation: "pop all", container: name) }
    guard !projected.isEmpty else { return }
    projected.removeAll()
    request(.popAll(animated: animated))
  }

  /// Inserts `content` at `index`, never animated; a later pop of it plays the inverse of `transition`. Inserting at
  /// the top is a push without animation.
  public func insert(
    _ content: any Content, at index: Int, with transition: Transition, duration: RequestedDuration = .intrinsic
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
    request(above.map { .insert(entry, below: $0) } ?? .push(entry, animated: false, trims: false))
  }

  /// Removes the content at `index`, never animated.
  public func remove(at index: Int) throws(ContainerError) {
    guard projected.indices.contains(index) else {
      throw .indexOutOfRange(index: index, valid: projected.isEmpty ? nil : 0...(projected.count - 1), container: name)
    }
    if behavior == .fixedRoot && index == 0 { throw .rootIsFixed(operation: "remove the root", container: name) }
    request(.remove(projected.remove(at: index)))
  }

  /// Shows the stack: its top content is built with its transition applied instantly and receives the appearance
  /// events.
  public func appear(animated: Bool = false) { request(.appear(animated: animated)) }

  /// Hides the stack: its top content receives the disappearance events.
  public func disappear(animated: Bool = false) { request(.disappear(animated: animated)) }

  /// Changes the container's bounds (a resize or a rotation). While a transition plays, the change waits until it ends;
  /// then every attached layer is laid out again for the new bounds.
  public func setBounds(_ newBounds: Rect) throws(ContainerError) {
    do {
      _ = try newBounds.validatedAsBounds()
    } catch {
      throw .invalidBounds(newBounds, underlying: error)
    }
    request(.bounds(newBounds))
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
  func request(_ request: Request) {
    queue.append(request)
    runQueue()
  }

  /// Runs queued requests, in order, until one starts an animation or none is left.
  func runQueue() {
    guard !isDraining else { return }
    isDraining = true
    defer { isDraining = false }
    while !player.isPlaying, !queue.isEmpty {
      run(queue.removeFirst())
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
