import StagehandAnimation

/// What a stack needs to be rebuilt after a restart: its settings and, for every content, the transition it was shown
/// with, so that every pop is still the inverse of its push.
public struct StackSnapshot: Hashable, Sendable, Codable {
  /// One entry: the content's name, and the transition and duration it was shown with.
  public struct SavedEntry: Hashable, Sendable, Codable {
    /// The content's name, which the app maps back to a content.
    public var content: String
    /// The transition it was shown with.
    public var transition: Transition
    /// The duration it was shown with.
    public var duration: RequestedDuration
    /// The transition its push actually played (its reduced-motion fallback, perhaps), nil if it was never shown.
    public var played: Transition?
    /// Whether motion was reduced when it was played (nil when it was not).
    public var playedReducingMotion: Bool?
  }

  /// The stack's name.
  public var name: String
  /// Its capacity.
  public var capacity: Int
  /// Its behavior.
  public var behavior: Stack.Behavior
  /// Its bounds.
  public var bounds: Rect
  /// The entries, bottom first.
  public var entries: [SavedEntry]
  /// Its layout direction and reduced motion (nil in a snapshot of an older version: the defaults).
  public var presentation: PresentationSettings?
}

extension Stack {
  /// The stack's settings and entries as they are now (requests still queued are not included).
  public func snapshot() -> StackSnapshot {
    StackSnapshot(
      name: name, capacity: capacity, behavior: behavior, bounds: bounds,
      entries: items.map {
        StackSnapshot.SavedEntry(
          content: $0.entry.content.name, transition: $0.entry.transition, duration: $0.entry.duration,
          played: $0.entry.played, playedReducingMotion: $0.entry.played == nil ? nil : $0.entry.playedReducingMotion)
      }, presentation: presentation)
  }

  /// A hidden stack rebuilt from `snapshot`, with the contents `content` gives for the saved names; show it with
  /// `appear()`. Fails, creating nothing, when a content is missing or a transition no longer builds.
  public static func restore(
    _ snapshot: StackSnapshot, builder: any TransitionBuilding, clock: any TransitionClock,
    content: (String) -> (any Content)?
  ) throws(ContainerError) -> Stack {
    let stack = try Stack(
      name: snapshot.name, builder: builder, clock: clock, bounds: snapshot.bounds, capacity: snapshot.capacity,
      behavior: snapshot.behavior, presentation: snapshot.presentation ?? PresentationSettings())
    var resolved: [Entry] = []
    for saved in snapshot.entries {
      guard let found = content(saved.content) else { throw .missingContent(saved.content, container: snapshot.name) }
      resolved.append(Entry(found, transition: saved.transition, duration: saved.duration))
    }
    // On an error the new stack is released, and with it the contents it had taken.
    for entry in resolved {
      try stack.insert(entry.content, at: stack.projected.count, with: entry.transition, duration: entry.duration)
    }
    // A hidden stack runs its inserts at once: each item is there to take back what its push played.
    let saved = Dictionary(
      zip(resolved.map { ObjectIdentifier($0.content) }, snapshot.entries), uniquingKeysWith: { first, _ in first })
    for index in stack.items.indices {
      guard let entry = saved[stack.items[index].id] else { continue }
      stack.items[index].entry.played = entry.played
      stack.items[index].entry.playedReducingMotion = entry.playedReducingMotion ?? false
    }
    return stack
  }
}
