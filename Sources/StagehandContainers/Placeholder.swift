import StagehandAnimation

/// A container of N slots, each showing at most one content: setting a slot plays the forward animation of a
/// transition over the content it held, which leaves when the animation ends; clearing a slot plays the inverse of the
/// transition its content was set with. Slots can be filled before the placeholder is shown.
///
/// Each slot has its own bounds and plays on its own; requests made while a slot's transition plays are queued for
/// that slot and run in order after it.
public final class Placeholder {
  /// The name used in messages.
  public let name: String
  /// Hears what the placeholder shows and hides.
  public weak var observer: (any ContainerObserver)?
  /// Whether the placeholder is shown.
  public private(set) var isShown = false
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

  private let builder: any TransitionBuilding
  private var slots: [Slot]

  private final class Slot {
    let bounds: Rect
    let player: TransitionPlayer
    var current: (entry: Entry, layer: LayerState?)?
    var leaving: (entry: Entry, layer: LayerState?)?
    var stage = LayerState.identity
    var backdrop = Backdrop.none
    /// Whether the playing transition draws the leaving content over the arriving one.
    var leavingOnTop = false
    var projected: ObjectIdentifier?
    /// Whether the slot's changes are visible: set when the placeholder's appearance reaches this slot's queue.
    var shown = false
    var queue: [Request] = []
    var isDraining = false

    init(bounds: Rect, clock: any TransitionClock) {
      self.bounds = bounds
      player = TransitionPlayer(clock: clock)
    }
  }

  private enum Request {
    case set(Entry, animated: Bool)
    case clear(animated: Bool)
    case appear(animated: Bool)
    case disappear(animated: Bool)
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

  deinit {
    Membership.leaveAll(of: ObjectIdentifier(self))
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

  /// The backdrop behind the contents of `slot` now: the playing transition's, none at rest.
  public func backdrop(ofSlot slot: Int) -> Backdrop { slots.indices.contains(slot) ? slots[slot].backdrop : .none }

  /// The stage state of `slot` now.
  public func stage(ofSlot slot: Int) -> LayerState { slots.indices.contains(slot) ? slots[slot].stage : .identity }

  /// Whether `slot` is playing a transition.
  public func isAnimating(slot: Int) -> Bool { slots.indices.contains(slot) && slots[slot].player.isPlaying }

  /// Shows `content` in `slot` with the forward animation of `transition`, over the content the slot held.
  public func set(
    _ content: any Content, inSlot slot: Int, with transition: Transition, duration: RequestedDuration = .intrinsic,
    animated: Bool = true
  ) throws(ContainerError) {
    try checkSlot(slot)
    let entry = Entry(content, transition: transition, duration: duration)
    let id = ObjectIdentifier(content)
    let present = slots.contains {
      $0.projected == id || $0.current.map { ObjectIdentifier($0.entry.content) } == id
        || $0.leaving.map { ObjectIdentifier($0.entry.content) } == id
    }
    if present {
      throw .alreadyInContainer(content: content.name, container: name, requestedBy: name)
    }
    if let other = Membership.otherOwner(of: content, than: self) {
      throw .alreadyInContainer(content: content.name, container: other, requestedBy: name)
    }
    do {
      _ = try builder.forward(transition, in: presentation.context(bounds: slots[slot].bounds, duration: duration))
    } catch {
      throw .transition(transition, underlying: error)
    }
    _ = Membership.join(content, container: self, name: name)
    slots[slot].projected = id
    request(.set(entry, animated: animated), in: slot)
  }

  /// Empties `slot`: its content leaves with the inverse of the transition it was set with.
  public func clear(slot: Int, animated: Bool = true) throws(ContainerError) {
    try checkSlot(slot)
    guard slots[slot].projected != nil else { throw .empty(operation: "clear slot \(slot)", container: name) }
    slots[slot].projected = nil
    request(.clear(animated: animated), in: slot)
  }

  /// Shows the placeholder: the content of every slot is built with its transition applied instantly.
  public func appear(animated: Bool = false) {
    guard !isShown else { return }
    isShown = true
    for slot in slots.indices { request(.appear(animated: animated), in: slot) }
  }

  /// Hides the placeholder.
  public func disappear(animated: Bool = false) {
    guard isShown else { return }
    isShown = false
    for slot in slots.indices { request(.disappear(animated: animated), in: slot) }
  }

  private func checkSlot(_ slot: Int) throws(ContainerError) {
    guard slots.indices.contains(slot) else {
      throw .slotOutOfRange(slot: slot, slots: slots.count, container: name)
    }
  }

  private func request(_ request: Request, in index: Int) {
    slots[index].queue.append(request)
    drain(slots[index])
  }

  /// Runs the slot's queued requests until one starts an animation or none is left.
  private func drain(_ slot: Slot) {
    guard !slot.isDraining else { return }
    slot.isDraining = true
    defer { slot.isDraining = false }
    while !slot.player.isPlaying, !slot.queue.isEmpty {
      run(slot.queue.removeFirst(), in: slot)
    }
  }

  private func run(_ request: Request, in slot: Slot) {
    switch request {
    case .set(let entry, let animated): runSet(entry, animated: animated, in: slot)
    case .clear(let animated): runClear(animated: animated, in: slot)
    case .appear(let animated):
      slot.shown = true
      guard let current = slot.current else { return }
      if current.layer == nil {
        current.entry.content.loadLayer()
        let final = build(&slot.current!.entry, in: slot, for: .rest).finalStates
        slot.current?.layer = final.appearing
        slot.stage = final.stage
      }
      send(.willAppear, to: current.entry.content, animated: animated)
      send(.didAppear, to: current.entry.content, animated: animated)
    case .disappear(let animated):
      slot.shown = false
      guard let current = slot.current else { return }
      send(.willDisappear, to: current.entry.content, animated: animated)
      send(.didDisappear, to: current.entry.content, animated: animated)
    }
  }

  private func runSet(_ entry: Entry, animated: Bool, in slot: Slot) {
    let old = slot.current
    guard slot.shown else {
      if let old { leave(old) }
      slot.current = (entry, nil)
      return
    }
    entry.content.loadLayer()
    slot.leaving = old
    slot.current = (entry, .identity)
    let animation = build(&slot.current!.entry, in: slot, for: .show)
    let entry = slot.current!.entry
    send(.willDisappear, to: old?.entry.content, animated: animated, movement: .outOfContainer)
    send(.willAppear, to: entry.content, animated: animated, movement: .intoContainer)
    observer?.container(name, willPlay: animation, of: entry, inverse: false, from: 0)
    play(animation, in: slot, animated: animated) { [weak self, weak slot] in
      guard let self, let slot else { return }
      if let old { leave(old) }
      slot.leaving = nil
      send(.didDisappear, to: old?.entry.content, animated: animated, movement: .outOfContainer)
      send(.didAppear, to: entry.content, animated: animated, movement: .intoContainer)
    }
  }

  private func runClear(animated: Bool, in slot: Slot) {
    guard var old = slot.current else { return }
    slot.current = nil
    guard slot.shown else { return leave(old) }
    slot.leaving = old
    let animation = build(&old.entry, in: slot, for: .hide)
    send(.willDisappear, to: old.entry.content, animated: animated, movement: .outOfContainer)
    observer?.container(name, willPlay: animation, of: old.entry, inverse: true, from: 0)
    play(animation, in: slot, animated: animated) { [weak self, weak slot] in
      guard let self, let slot else { return }
      leave(old)
      slot.leaving = nil
      send(.didDisappear, to: old.entry.content, animated: animated, movement: .outOfContainer)
    }
  }

  private func play(_ animation: Animation, in slot: Slot, animated: Bool, completion: @escaping () -> Void) {
    // In a forward animation the arriving content is appearing; in a clear, the leaving one is disappearing.
    // The slot owns its player, which keeps these closures while the animation plays: they hold the slot weakly, so
    // that a placeholder let go of mid-transition is freed, slots and all (a strong reference was a cycle).
    let write: (LayerStates) -> Void = { [weak slot] states in
      guard let slot else { return }
      if slot.current?.layer != nil { slot.current?.layer = states.appearing }
      if slot.leaving?.layer != nil { slot.leaving?.layer = states.disappearing }
      slot.stage = states.stage
      slot.backdrop = states.backdrop
      slot.leavingOnTop = states.onTop == .disappearing
    }
    slot.player.play(animation, animated: animated, update: write) { [weak self, weak slot] _, states in
      guard let slot else { return }
      // A request made from the closing events joins the slot's queue and runs once they have all been sent.
      let outer = !slot.isDraining
      slot.isDraining = true
      write(states)
      slot.leavingOnTop = false
      slot.backdrop = .none
      completion()
      if outer {
        slot.isDraining = false
        self?.drain(slot)
      }
    }
  }

  private func leave(_ item: (entry: Entry, layer: LayerState?)) {
    if item.layer != nil { item.entry.content.unloadLayer() }
    if !slots.contains(where: { $0.projected == ObjectIdentifier(item.entry.content) }) {
      Membership.leave(item.entry.content)
    }
  }

  private func build(_ entry: inout Entry, in slot: Slot, for purpose: BuildPurpose) -> Animation {
    StagehandContainers.build(
      &entry, for: purpose, in: slot.bounds, settings: presentation, with: builder, container: name,
      observer: observer)
  }

  func send(
    _ kind: LifecycleEvent.Kind, to content: (any Content)?, animated: Bool, movement: LifecycleEvent.Movement = .none
  ) {
    deliver(kind, to: content, animated: animated, movement: movement, container: name, observer: observer)
  }

}
