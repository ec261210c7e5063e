import StagehandAnimation

/// A stack of contents: push shows a content with the forward animation of a transition, pop hides it with the inverse
/// of the very transition it was pushed with, built at pop time from the geometry of that moment.
///
/// Requests made while a transition plays (or is driven interactively, or springs to its end) are queued and run in
/// order after it, except a pop of the content whose push is playing: that push reverses from where it stands (a grab
/// followed by a cancel). Every request is checked when it is made, against the stack as the queued requests will
/// leave it, and refused with a `ContainerError` that leaves the stack unchanged; a request refused so never calls its
/// completion. When an interactive change is cancelled, the queued requests are checked again against the stack as
/// it is then, and those that no longer apply end `.cancelled`.
///
/// Concurrency: a stack, its contents, its observer and its clock belong to one thread or actor (a UI toolkit's main
/// thread, a game loop), which makes every request, ticks the clock, and receives every event and completion,
/// synchronously, on that thread. None of them is `Sendable`; values that cross threads are (`Transition`,
/// `Animation`, `LayerState`, `TransitionOutcome`, `ReleaseSpring`). The `async` forms of the requests resume the
/// caller when the request ends, in the caller's isolation; the stack's clock must keep ticking meanwhile. A stack
/// released in the middle of a change calls the completions still waiting with `.cancelled`, and sends no more events.
public final class Stack {
  /// What happens to contents deeper than the capacity.
  public enum Behavior: String, Hashable, Sendable, Codable {
    /// Their layers are detached; they stay in the stack.
    case `default`
    /// They leave the stack.
    case removing
    /// Like `default`, and the root can be neither removed nor replaced.
    case fixedRoot
  }

  /// The name used in messages.
  public let name: String
  /// How many contents at most keep their layers attached once a change ends (at least 1).
  public let capacity: Int
  /// What happens to contents deeper than the capacity.
  public let behavior: Behavior
  /// The container's bounds; a change requested while a transition plays waits until it ends.
  public internal(set) var bounds: Rect
  /// Hears what the stack shows and hides.
  public weak var observer: (any ContainerObserver)?
  /// The layout direction and reduced motion every transition is built with, read when it starts: a change waits for
  /// nothing, and the transition playing keeps the settings it started with, also when a pop reverses it.
  public var presentation: PresentationSettings
  /// Which side is leading: directional styles follow it, pushes and pops alike.
  public var layoutDirection: LayoutDirection {
    get { presentation.layoutDirection }
    set { presentation.layoutDirection = newValue }
  }
  /// Whether motion is reduced: pushes and pops play the styles' reduced-motion fallbacks. Each entry remembers what
  /// its push played, and its pop plays the inverse of that; if reduced motion was turned on after a full-motion
  /// push, the pop plays the inverse of that style's fallback.
  public var reducesMotion: Bool {
    get { presentation.reducesMotion }
    set { presentation.reducesMotion = newValue }
  }

  let builder: any TransitionBuilding
  let player: TransitionPlayer
  /// The contents, bottom first, with their layers (`nil` when detached).
  var items: [Item] = []
  /// The stage's state now: the playing transition's while one plays.
  public internal(set) var stage: LayerState {
    get { live == nil ? restingStageState : player.states.stage }
    set { restingStageState = newValue }
  }
  /// The stage's state when no transition plays (while one plays, `player.states` holds it).
  var restingStageState = LayerState.identity
  /// The backdrop behind the contents now: the playing transition's (ABI 1.1, a fade through black), none at rest.
  public var backdrop: Backdrop { live == nil ? .none : player.states.backdrop }
  /// The content the playing transition draws on top, when it is not the upper one in the stack (a reveal draws the
  /// leaving content over the one it uncovers); `nil` at rest.
  var raised: ObjectIdentifier? {
    guard let live else { return nil }
    return player.states.onTop == .appearing ? live.appearing : live.disappearing
  }
  /// The contents in the appearing and disappearing roles of the transition that plays, `nil` at rest. While it
  /// plays, their layers' states and the stage's are the player's (`player.states`, sampled in place), not their
  /// items' (which keep the states from before it and get the final ones when it ends): an interactive update then
  /// writes nothing into the items. See ``liveState(at:)``.
  var live: (appearing: ObjectIdentifier?, disappearing: ObjectIdentifier?)?
  /// Whether the stack is shown.
  public internal(set) var isShown = false
  /// The contents as the queued requests will leave them, to check new requests against.
  var projected: [ObjectIdentifier] = []
  var queue: [Queued] = []
  /// The push that is playing, if one is: the content pushed, so that a pop of it reverses it.
  var playingPush: ObjectIdentifier?
  /// The completion of the push that is playing, which a pop that reverses it reports.
  var playingPushCompletion: ((TransitionOutcome) -> Void)?
  /// The contents taking part in the transition that plays.
  var participants: Set<ObjectIdentifier> = []
  /// Whether the queue is being run (requests made from event handlers then just join it).
  var isDraining = false
  /// The completions of the requests that have not ended.
  let pending = PendingCompletions()

  struct Item {
    var entry: Entry
    /// The state of the content's layer, `nil` when detached; while a transition plays, a content taking part in
    /// it has its state in the player (``liveState(at:)`` reads the right one).
    var layer: LayerState?
    var id: ObjectIdentifier { ObjectIdentifier(entry.content) }
  }

  /// A request waiting its turn. Contents are named by identity, not index: the stack may hold more contents when
  /// the request runs than the projection it was checked against (the removing behavior trims after each change).
  enum Request {
    /// Pushes; `trims` when the removing behavior drops a content for it, which a reversal could not bring back.
    case push(Entry, animated: Bool, trims: Bool)
    /// Pops down to the content given (one content when `nil`).
    case pop(to: ObjectIdentifier?, animated: Bool)
    case popAll(animated: Bool)
    /// Inserts below the content given.
    case insert(Entry, below: ObjectIdentifier)
    /// Removes a content; on top, that is a pop without animation.
    case remove(ObjectIdentifier)
    case appear(animated: Bool)
    case disappear(animated: Bool)
    /// A geometry change that waited for the transition playing when it was asked for.
    case bounds(Rect)
  }

  /// A request in the queue, with the handle that drives it when it is interactive and the closure told how it
  /// ends.
  struct Queued {
    var request: Request
    var handle: InteractiveTransition?
    var completion: ((TransitionOutcome) -> Void)?
  }

  /// The layers of every content and the stage at one moment: what a cancelled change restores.
  struct LayerSnapshot {
    var layers: [ObjectIdentifier: LayerState]
    var stage: LayerState
  }

  /// Creates an empty, hidden stack.
  public init(
    name: String = "stack", builder: any TransitionBuilding, clock: any TransitionClock, bounds: Rect,
    capacity: Int = 2, behavior: Behavior = .default, presentation: PresentationSettings = PresentationSettings()
  ) throws(ContainerError) {
    guard capacity >= 1 else { throw .invalidCapacity(capacity) }
    self.name = name
    self.presentation = presentation
    self.builder = builder
    self.player = TransitionPlayer(clock: clock)
    self.bounds = bounds
    self.capacity = capacity
    self.behavior = behavior
  }

  /// A stack released in the middle of a change: its contents leave it, and every request that has not ended (the
  /// change that plays, those queued) ends `.cancelled`, its handle and its completion alike. No event is sent.
  deinit {
    Membership.leaveAll(of: ObjectIdentifier(self))
    player.handle?.ended(.cancelled)
    for queued in queue { queued.handle?.ended(.cancelled) }
    pending.cancelAll()
  }

  /// The entries, bottom first.
  public var entries: [Entry] { items.map(\.entry) }
  /// The contents, bottom first.
  public var contents: [any Content] { items.map(\.entry.content) }
  /// The content on top.
  public var top: (any Content)? { items.last?.entry.content }
  /// Whether a transition is playing.
  public var isAnimating: Bool { player.isPlaying }
  /// The contents whose layers are attached, bottom first (the order to draw them in), with their states now: the
  /// stack's order, except that the content a playing transition puts on top is drawn last (ABI 1.1's draw order).
  /// Draw `backdrop` first, behind them all.
  ///
  /// A content the capacity keeps attached below a transition takes no part in it: draw ``layersToDraw`` instead.
  /// ``forEachPresentedLayer(_:)`` gives the same layers without making an array.
  public var presentedLayers: [PresentedLayer] {
    presented(items.indices, where: { _ in true })
  }
  /// What a frame draws, bottom first, over ``backdrop``: while a transition plays, the layers it moves (the
  /// appearing and the disappearing contents, in its draw order), never another attached content, which would show
  /// through the gaps of a flip; at rest, the top content's layer. Each carries its ready transform, quad and
  /// opacity (``PresentedLayer/drawn``). ``forEachLayerToDraw(_:)`` gives the same layers without making an array.
  public var layersToDraw: [PresentedLayer] {
    if participants.isEmpty { return presented(items.indices.suffix(1), where: { _ in true }) }
    return presented(items.indices, where: { participants.contains(items[$0].id) })
  }

  /// Calls `body` with each layer of ``presentedLayers``, in the same order, without making an array: for a display
  /// loop that reads the layers every frame and should allocate nothing.
  public func forEachPresentedLayer(_ body: (PresentedLayer) throws -> Void) rethrows {
    try visit(items.indices, where: { _ in true }, body)
  }

  /// Calls `body` with each layer of ``layersToDraw``, in the same order (bottom first), without making an array.
  public func forEachLayerToDraw(_ body: (PresentedLayer) throws -> Void) rethrows {
    if participants.isEmpty { return try visit(items.indices.suffix(1), where: { _ in true }, body) }
    try visit(items.indices, where: { participants.contains(items[$0].id) }, body)
  }

  /// The attached layers of the items at `indices`, in draw order: one array, the result.
  private func presented(_ indices: Range<Int>, where include: (Int) -> Bool) -> [PresentedLayer] {
    var layers: [PresentedLayer] = []
    layers.reserveCapacity(items.count)
    visit(indices, where: include) { layers.append($0) }
    return layers
  }

  /// Calls `body` with the attached layers of the items at `indices` that `include` accepts, in draw order (the
  /// raised one last). Allocates nothing.
  private func visit(
    _ indices: Range<Int>, where include: (Int) -> Bool, _ body: (PresentedLayer) throws -> Void
  ) rethrows {
    var raisedLayer: PresentedLayer?
    // Read once, not once per layer.
    let raised = raised
    let stage = stage
    for index in indices where include(index) {
      guard let state = liveState(at: index) else { continue }
      let layer = PresentedLayer(content: items[index].entry.content, state: state, stage: stage, bounds: bounds)
      if raised != nil && items[index].id == raised && raisedLayer == nil {
        raisedLayer = layer
      } else {
        try body(layer)
      }
    }
    if let raisedLayer { try body(raisedLayer) }
  }

  /// The state of the layer of the content at `index` now, `nil` when detached: the playing transition's for a
  /// content taking part in it, else its item's.
  func liveState(at index: Int) -> LayerState? {
    guard items[index].layer != nil else { return nil }
    if let live {
      let id = items[index].id
      if id == live.appearing { return player.states.appearing }
      if id == live.disappearing { return player.states.disappearing }
    }
    return items[index].layer
  }

  /// Whether `content`'s layer is attached.
  public func hasLayer(_ content: any Content) -> Bool {
    items.first { $0.id == ObjectIdentifier(content) }?.layer != nil
  }

  func context(for entry: Entry) -> TransitionContext {
    presentation.context(bounds: bounds, duration: entry.duration)
  }

  func index(of id: ObjectIdentifier) -> Int? { items.firstIndex { $0.id == id } }
}
