import StagehandAnimation

/// Something a container can show: it creates its layer lazily, when it is about to be shown, may drop it when
/// hidden, and receives lifecycle events.
///
/// A content is in at most one container at a time, which keeps it alive while it is there.
public protocol Content: AnyObject {
  /// A name for messages, e.g. `settings`.
  var name: String { get }
  /// Creates the content's layer; called only when the content is about to be shown.
  func loadLayer()
  /// Creates the content's layer at the size it will be shown at (the container's, or the slot's, bounds): what the
  /// containers call. By default it calls ``loadLayer()``, so a content implements whichever it needs.
  func loadLayer(size: Size)
  /// Drops the content's layer; called when it is hidden and the container lets layers go (capacity, memory pressure).
  func unloadLayer()
  /// Receives a lifecycle event.
  func receive(_ event: LifecycleEvent)
}

extension Content {
  /// Does nothing: a content without a layer of its own.
  public func loadLayer() {}
  /// Calls ``loadLayer()``.
  public func loadLayer(size: Size) { loadLayer() }
  /// Does nothing.
  public func unloadLayer() {}
}

/// A lifecycle event sent to a content around a change of what a container shows.
public struct LifecycleEvent: Hashable, Sendable, CustomStringConvertible {
  /// The four events, in the order a content receives them when it is shown then hidden.
  public enum Kind: String, Hashable, Sendable {
    /// The content is about to be shown.
    case willAppear
    /// The content is shown.
    case didAppear
    /// The content is about to be hidden.
    case willDisappear
    /// The content is hidden.
    case didDisappear
  }

  /// How the content moves relative to its container.
  public enum Movement: String, Hashable, Sendable {
    /// It stays in the container (it is covered, revealed, or the container itself appears or disappears).
    case none
    /// It is being pushed or inserted into the container.
    case intoContainer
    /// It is being popped or removed from the container.
    case outOfContainer
  }

  /// Which event.
  public var kind: Kind
  /// Whether the change is animated.
  public var animated: Bool
  /// Whether the content moves into or out of its container.
  public var movement: Movement

  /// Creates an event.
  public init(_ kind: Kind, animated: Bool, movement: Movement = .none) {
    self.kind = kind
    self.animated = animated
    self.movement = movement
  }

  /// E.g. `willAppear(animated, into)`.
  public var description: String {
    let moving =
      switch movement {
      case .none: ""
      case .intoContainer: ", into"
      case .outOfContainer: ", out of"
      }
    return "\(kind.rawValue)(\(animated ? "animated" : "not animated")\(moving))"
  }
}

/// What a container keeps for each content: the content, and the transition and duration it was shown with, so that
/// it leaves with the exact inverse of that transition.
public struct Entry {
  /// The content.
  public let content: any Content
  /// The style (or preset) and parameter values the content was shown with.
  public var transition: Transition
  /// The duration it was shown with.
  public var duration: RequestedDuration
  /// The transition its forward animation actually played: `transition`, or its reduced-motion fallback when the
  /// container reduced motion (`TransitionBuilding.played(_:in:)`); nil until it has been shown. Its inverse is built
  /// from it, so that the content leaves with the inverse of what was played.
  public internal(set) var played: Transition?
  /// Whether the container reduced motion when `played` was played.
  public internal(set) var playedReducingMotion = false
  /// The container's layout direction when `played` was played: a push reversed while it plays keeps it.
  public internal(set) var playedLayoutDirection = LayoutDirection.leftToRight

  /// Creates an entry.
  public init(_ content: any Content, transition: Transition, duration: RequestedDuration = .intrinsic) {
    self.content = content
    self.transition = transition
    self.duration = duration
  }
}

/// How a container presents its transitions: the layout direction and whether motion is reduced. Every transition
/// is built with the settings of the moment it starts.
public struct PresentationSettings: Hashable, Sendable, Codable {
  /// Which side is leading: directional styles follow it.
  public var layoutDirection: LayoutDirection
  /// Whether the user asked for reduced motion: styles play their reduced-motion fallbacks.
  public var reducesMotion: Bool

  /// Creates settings; the defaults are left to right, with full motion.
  public init(layoutDirection: LayoutDirection = .leftToRight, reducesMotion: Bool = false) {
    self.layoutDirection = layoutDirection
    self.reducesMotion = reducesMotion
  }

  /// The context of a transition in `bounds` lasting `duration`, with these settings.
  func context(bounds: Rect, duration: RequestedDuration) -> TransitionContext {
    TransitionContext(
      bounds: bounds, duration: duration, layoutDirection: layoutDirection, reducesMotion: reducesMotion)
  }
}
