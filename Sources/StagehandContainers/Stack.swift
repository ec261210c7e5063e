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
  ///
  /// Not checked for exclusive access at run time: the layers lent to a display loop read it once per frame, where the
  /// check cost as much as the rest of the read. Sound because it is only ever read and assigned whole (never passed
  /// `inout` nor changed in part), so no two accesses to it can overlap.
  @exclusivity(unchecked) public internal(set) var bounds: Rect
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
    get { live == nil ? restingStageAddress.pointee : player.states.stage }
    set { restingStageAddress.pointee = newValue }
  }
  /// Where the stage's state is kept when no transition plays (while one plays, `player.states` holds it): memory of
  /// the stack's own, at one address for its life, so that a ``BorrowedLayer`` can refer to it.
  let restingStageAddress: UnsafeMutablePointer<LayerState>
  /// Where the stage's state now is kept: the player's while a transition plays, else the stack's.
  var stageAddress: UnsafePointer<LayerState> {
    live == nil ? UnsafePointer(restingStageAddress) : player.stageAddress
  }
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
    /// The state of the content's layer while it is attached (`isAttached`); while a transition plays, a content
    /// taking part in it has its state in the player (``liveState(at:)`` reads the right one). Not optional, so that
    /// a ``BorrowedLayer`` can refer to it where it is.
    var state: LayerState
    /// Whether the content's layer is attached.
    var isAttached: Bool
    var id: ObjectIdentifier { ObjectIdentifier(entry.content) }

    init(entry: Entry, layer: LayerState?) {
      self.entry = entry
      state = layer ?? .identity
      isAttached = layer != nil
    }

    /// The state of the content's layer, `nil` when detached.
    var layer: LayerState? {
      get { isAttached ? state : nil }
      set {
        isAttached = newValue != nil
        if let newValue { state = newValue }
      }
    }
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
    restingStageAddress = .allocate(capacity: 1)
    restingStageAddress.initialize(to: .identity)
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
    restingStageAddress.deinitialize(count: 1)
    restingStageAddress.deallocate()
  }

  /// The entries, bottom first.
  public var entries: [Entry] { items.map(\.entry) }
  /// The contents, bottom first.
  public var contents: [any Content] { items.map(\.entry.content) }
  /// The content on top.
  public var top: (any Content)? { items.last?.entry.content }
  /// Whether a transition is playing.
  public var isAnimating: Bool { player.isPlaying }
  /// Whether `content`'s layer is attached.
  public func hasLayer(_ content: any Content) -> Bool {
    items.first { $0.id == ObjectIdentifier(content) }?.layer != nil
  }

  func context(for entry: Entry) -> TransitionContext {
    presentation.context(bounds: bounds, duration: entry.duration)
  }

  func index(of id: ObjectIdentifier) -> Int? { items.firstIndex { $0.id == id } }
}
