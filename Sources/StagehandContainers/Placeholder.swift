import StagehandAnimation

/// A container of N slots, each showing at most one content: setting a slot plays the forward animation of a
/// transition over the content it held, which leaves when the animation ends; clearing a slot plays the inverse of the
/// transition its content was set with. Slots can be filled before the placeholder is shown.
///
/// A content is in the placeholder from the moment its set is accepted until it has left (also while that set waits
/// in a slot's queue): setting it in another slot meanwhile is refused with `alreadyInContainer`.
///
/// Each slot has its own bounds and plays on its own; requests made while a slot's transition plays (or is driven
/// interactively, or springs to its end) are queued for that slot and run in order after it. A set, a clear, a move,
/// a swap or a `setContents` can be started interactively (`setInteractively`, `clearInteractively`,
/// `moveInteractively`, `swapInteractively`, `setContentsInteractively`), and a transition that plays can be grabbed
/// (`grab(slot:)`); a cancelled change leaves every slot it touched as it was, and the requests queued behind it are
/// checked again against the slots as they are then: those that no longer apply end `.cancelled`.
///
/// A slot's geometry change (`setBounds(_:ofSlot:completion:)`) waits in its queue like any request. A change of
/// several slots (a move, a swap, `setContents`) waits until each slot it changes has run what was queued before it,
/// then plays as one transition (one progress, one grab, one end) and keeps those slots busy until it has ended; a
/// content that moves is never in two slots at once.
///
/// Concurrency: as for `Stack`, a placeholder, its contents, its observer and its clock belong to one thread or actor,
/// which makes every request, ticks the clock, and receives every event and completion. A placeholder released in
/// the middle of a change calls the completions still waiting with `.cancelled`, and sends no more events.
public final class Placeholder {
  /// The name used in messages.
  public let name: String
  /// Hears what the placeholder shows and hides.
  public weak var observer: (any ContainerObserver)?
  /// Whether the placeholder is shown.
  public internal(set) var isShown = false
  /// The layout direction and reduced motion every transition is built with, read when it starts (a transition that
  /// plays keeps the settings it started with).
  public var presentation: PresentationSettings
  /// Which side is leading: directional styles follow it, when a slot is set and when it is cleared.
  public var layoutDirection: LayoutDirection {
    get { presentation.layoutDirection }
    set { presentation.layoutDirection = newValue }
  }
  /// Whether motion is reduced: setting and clearing slots play the styles' reduced-motion fallbacks. Each content
  /// remembers what its set played, and clearing it plays the inverse of that; if reduced motion was turned on after
  /// a full-motion set, clearing plays the inverse of that style's fallback.
  public var reducesMotion: Bool {
    get { presentation.reducesMotion }
    set { presentation.reducesMotion = newValue }
  }

  let builder: any TransitionBuilding
  var slots: [Slot]
  /// The completions of the requests that have not ended.
  let pending = PendingCompletions()

  /// A content in a slot, with its layer (`nil` when it has none).
  typealias Item = (entry: Entry, layer: LayerState?)

  final class Slot {
    var bounds: Rect
    /// The slot's own player.
    let ownPlayer: TransitionPlayer
    /// The player of the change of several slots this slot takes part in while it plays (one player drives all
    /// its parts, so that they are grabbed, finished and cancelled together).
    var driver: TransitionPlayer?
    /// What plays in the slot: the change of several slots it takes part in, or its own transition.
    var player: TransitionPlayer { driver ?? ownPlayer }
    var current: Item?
    var leaving: Item?
    var stage = LayerState.identity
    var backdrop = Backdrop.none
    /// Whether the playing transition draws the leaving content over the arriving one.
    var leavingOnTop = false
    /// The content the slot will hold once its queued requests have run.
    var projected: ObjectIdentifier?
    /// Whether the slot's changes are visible: set when the placeholder's appearance reaches this slot's queue.
    var shown = false
    var queue: [Queued] = []
    var isDraining = false
    /// The change of several slots this slot has reached in its queue, waiting for the other slots to reach it.
    var waiting: Rearrangement?

    init(bounds: Rect, clock: any TransitionClock) {
      self.bounds = bounds
      ownPlayer = TransitionPlayer(clock: clock)
    }
  }

  enum Request {
    case set(Entry, animated: Bool)
    case clear(animated: Bool)
    case appear(animated: Bool)
    case disappear(animated: Bool)
    /// A geometry change that waits for the transition playing in the slot.
    case bounds(Rect)
    /// This slot's part of a change of several slots (a move, a swap, `setContents`).
    case rearrangement(Rearrangement)
  }

  /// A request in a slot's queue, with the handle that drives it when it is interactive and the closure told how it
  /// ends.
  struct Queued {
    var request: Request
    var handle: InteractiveTransition?
    var completion: ((TransitionOutcome) -> Void)?
  }

  /// Creates a hidden placeholder with one slot per rectangle of `slots`.
  public init(
    name: String = "placeholder", builder: any TransitionBuilding, clock: any TransitionClock, slots: [Rect],
    presentation: PresentationSettings = PresentationSettings()
  ) {
    self.name = name
    self.presentation = presentation
    self.builder = builder
    self.slots = slots.map { Slot(bounds: $0, clock: clock) }
  }

  /// A placeholder released in the middle of a change: its contents leave it, and every request that has not ended
  /// (the changes that play, those queued) ends `.cancelled`, its handle and its completion alike. No event is sent.
  deinit {
    Membership.leaveAll(of: ObjectIdentifier(self))
    for slot in slots {
      slot.player.handle?.ended(.cancelled)
      slot.waiting?.handle?.ended(.cancelled)
      for queued in slot.queue {
        queued.handle?.ended(.cancelled)
        if case .rearrangement(let change) = queued.request { change.handle?.ended(.cancelled) }
      }
    }
    pending.cancelAll()
  }

  /// The number of slots.
  public var slotCount: Int { slots.count }

  /// The content shown in `slot` (the arriving one while a transition plays).
  public func content(inSlot slot: Int) -> (any Content)? {
    slots.indices.contains(slot) ? slots[slot].current?.entry.content : nil
  }

  /// The attached layers of `slot`, bottom first, with their states now: the one leaving below the one arriving,
  /// unless the playing transition draws the leaving one on top (ABI 1.1's draw order). Draw `backdrop(ofSlot:)`
  /// first, behind them.
  public func presentedLayers(inSlot slot: Int) -> [PresentedLayer] {
    guard slots.indices.contains(slot) else { return [] }
    let order = [slots[slot].leaving, slots[slot].current]
    return (slots[slot].leavingOnTop ? order.reversed() : order).compactMap { item in
      item.flatMap { item in
        item.layer.map {
          PresentedLayer(content: item.entry.content, state: $0, stage: slots[slot].stage, bounds: slots[slot].bounds)
        }
      }
    }
  }

  /// Calls `body` with each layer of ``presentedLayers(inSlot:)``, in the same order, without making an array: for a
  /// display loop that reads the layers every frame and should allocate nothing.
  public func forEachPresentedLayer(inSlot slot: Int, _ body: (PresentedLayer) throws -> Void) rethrows {
    guard slots.indices.contains(slot) else { return }
    let slot = slots[slot]
    // One item at a time, not a loop over an array literal, which would allocate.
    func layer(_ item: Item?) -> PresentedLayer? {
      guard let item, let state = item.layer else { return nil }
      return PresentedLayer(content: item.entry.content, state: state, stage: slot.stage, bounds: slot.bounds)
    }
    if let below = layer(slot.leavingOnTop ? slot.current : slot.leaving) { try body(below) }
    if let above = layer(slot.leavingOnTop ? slot.leaving : slot.current) { try body(above) }
  }

  /// The backdrop behind the contents of `slot` now: the playing transition's, none at rest.
  public func backdrop(ofSlot slot: Int) -> Backdrop { slots.indices.contains(slot) ? slots[slot].backdrop : .none }

  /// The stage state of `slot` now.
  public func stage(ofSlot slot: Int) -> LayerState { slots.indices.contains(slot) ? slots[slot].stage : .identity }

  /// Whether `slot` is playing a transition, or waits, for a change of several slots (a move, a swap,
  /// `setContents(_:with:duration:animated:completion:)`), until the other slots have ended theirs.
  public func isAnimating(slot: Int) -> Bool {
    slots.indices.contains(slot) && (slots[slot].player.isPlaying || slots[slot].waiting != nil)
  }

  /// The bounds of `slot` now (a geometry change waits for the slot's transition); `nil` for a slot that does not
  /// exist.
  public func bounds(ofSlot slot: Int) -> Rect? { slots.indices.contains(slot) ? slots[slot].bounds : nil }
}
