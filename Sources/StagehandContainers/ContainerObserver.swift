import StagehandAnimation

/// Hears what a container shows and hides, in the order of the lifecycle events, and which animation it plays.
///
/// Every method has an empty default, so an observer implements only what it needs.
public protocol ContainerObserver: AnyObject {
  /// `content` is about to be shown.
  func container(_ name: String, willShow content: any Content, animated: Bool)
  /// `content` is shown.
  func container(_ name: String, didShow content: any Content, animated: Bool)
  /// `content` is about to be hidden.
  func container(_ name: String, willHide content: any Content, animated: Bool)
  /// `content` is hidden.
  func container(_ name: String, didHide content: any Content, animated: Bool)
  /// The container is about to play `animation`, the forward animation of `entry`'s transition or its inverse,
  /// starting `offset` seconds into it.
  func container(_ name: String, willPlay animation: Animation, of entry: Entry, inverse: Bool, from offset: Double)
  /// The builder failed to build the forward animation of `entry`'s transition (or its inverse) when it was about to
  /// play, although the transition was checked when it was requested: a style that fails in this geometry, a plugin
  /// library changed since. The change then happens without animation (a still animation of length 0), so the
  /// container stays consistent; `error` says why.
  func container(_ name: String, couldNotBuild entry: Entry, inverse: Bool, error: any Error)
}

extension ContainerObserver {
  /// Does nothing.
  public func container(_ name: String, willShow content: any Content, animated: Bool) {}
  /// Does nothing.
  public func container(_ name: String, didShow content: any Content, animated: Bool) {}
  /// Does nothing.
  public func container(_ name: String, willHide content: any Content, animated: Bool) {}
  /// Does nothing.
  public func container(_ name: String, didHide content: any Content, animated: Bool) {}
  /// Does nothing.
  public func container(
    _ name: String, willPlay animation: Animation, of entry: Entry, inverse: Bool, from offset: Double
  ) {}
  /// Does nothing.
  public func container(_ name: String, couldNotBuild entry: Entry, inverse: Bool, error: any Error) {}
}

/// Sends a lifecycle event to `content` (when there is one), then tells the observer of the container `name`.
func deliver(
  _ kind: LifecycleEvent.Kind, to content: (any Content)?, animated: Bool, movement: LifecycleEvent.Movement,
  container name: String, observer: (any ContainerObserver)?
) {
  guard let content else { return }
  content.receive(LifecycleEvent(kind, animated: animated, movement: movement))
  switch kind {
  case .willAppear: observer?.container(name, willShow: content, animated: animated)
  case .didAppear: observer?.container(name, didShow: content, animated: animated)
  case .willDisappear: observer?.container(name, willHide: content, animated: animated)
  case .didDisappear: observer?.container(name, didHide: content, animated: animated)
  }
}

/// Which animation of an entry a container needs.
enum BuildPurpose {
  /// The forward animation that shows the entry now: the transition `played(_:in:)` gives in the current context,
  /// which the entry then remembers.
  case show
  /// The forward animation the entry was shown with, in the current geometry and layout direction, for the states it
  /// rests in: its played transition, with the reduced motion it was played with.
  case rest
  /// The inverse that hides the entry now: the inverse of what `played(_:in:)` gives, in the current context, for
  /// the transition the entry played. So the pop of a content pushed with reduced motion is the inverse of the
  /// fallback it played; and if reduced motion was turned on after a full-motion push, the pop plays the inverse of
  /// that style's fallback.
  case hide
  /// The inverse of the very animation the entry's push is playing, to reverse it from where it stands: its played
  /// transition, with the reduced motion and layout direction it was played with (the bounds cannot have changed:
  /// a geometry change waits for the transition playing).
  case reverse
}

/// The animation of `entry` for `purpose` in `bounds` with `settings`; for `.show`, the entry remembers the
/// transition played. Should the builder fail although the transition was checked when it was requested, the
/// observer of the container `name` hears why, and the change happens without animation rather than not at all.
func build(
  _ entry: inout Entry, for purpose: BuildPurpose, in bounds: Rect, settings: PresentationSettings,
  with builder: any TransitionBuilding, container name: String, observer: (any ContainerObserver)?
) -> Animation {
  var context = settings.context(bounds: bounds, duration: entry.duration)
  let inverse: Bool
  do {
    let transition: Transition
    switch purpose {
    case .show:
      inverse = false
      transition = try builder.played(entry.transition, in: context)
      entry.played = transition
      entry.playedReducingMotion = context.reducesMotion
      entry.playedLayoutDirection = context.layoutDirection
    case .rest:
      inverse = false
      context.reducesMotion = entry.played == nil ? settings.reducesMotion : entry.playedReducingMotion
      transition = try builder.played(entry.played ?? entry.transition, in: context)
    case .reverse:
      inverse = true
      if entry.played != nil {
        context.reducesMotion = entry.playedReducingMotion
        context.layoutDirection = entry.playedLayoutDirection
      }
      transition = try builder.played(entry.played ?? entry.transition, in: context)
    case .hide:
      inverse = true
      transition = try builder.played(entry.played ?? entry.transition, in: context)
    }
    return try inverse ? builder.inverse(transition, in: context) : builder.forward(transition, in: context)
  } catch {
    observer?.container(name, couldNotBuild: entry, inverse: purpose == .hide || purpose == .reverse, error: error)
    return .still()
  }
}

/// One content's layer as a renderer draws it.
public struct PresentedLayer {
  /// The content.
  public var content: any Content
  /// The state of its layer now.
  public var state: LayerState
  /// The state of the container's stage now.
  public var stage: LayerState
  /// The container's (or the slot's) bounds.
  public var bounds: Rect

  /// The layer ready to draw: its transform with the container's stage, its quad on the screen, whether it faces
  /// the viewer, its opacity and its clip (see `DrawnLayer` in StagehandAnimation). Worked out when asked for, so
  /// that listing the layers costs nothing more.
  public var drawn: DrawnLayer { DrawnLayer(state, stage: stage, bounds: bounds) }

  /// The layer of `content` in `state`, on a stage in `stage`, in a container of `bounds`.
  public init(content: any Content, state: LayerState, stage: LayerState, bounds: Rect) {
    self.content = content
    self.state = state
    self.stage = stage
    self.bounds = bounds
  }
}
