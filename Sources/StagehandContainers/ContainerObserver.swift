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
}

/// One content's layer as a renderer draws it.
public struct PresentedLayer {
  /// The content.
  public var content: any Content
  /// The state of its layer now.
  public var state: LayerState
}
