import StagehandAnimation

/// One content's layer as a container keeps it, lent to a closure: the states are read where the container holds
/// them, not copied.
///
/// The borrowing form of ``PresentedLayer``, for a display loop that reads the layers every frame:
/// ``Stack/forEachBorrowedLayer(_:)`` and ``Stack/forEachBorrowedLayerToDraw(_:)`` give one to their closure for
/// each layer. It refers to the stack's storage (the playing transition's states, sampled in place, or the items'),
/// so it exists only during that call: it is noncopyable and borrowed, and cannot be kept or stored. Reading
/// ``state`` or ``stage`` costs no copy of a `LayerState` (`layer.state.opacity` reads one number); to keep a layer,
/// take ``presentedLayer``, a copy.
///
/// If the closure changes the stack (a request, an interactive update), the layers it is given next may show the
/// stack before or after that change; memory stays valid either way.
public struct BorrowedLayer: ~Copyable {
  /// The content. Unowned: the stack that lends the layer holds it for the call.
  private unowned(unsafe) let owner: any Content
  /// Where the state of the layer is kept.
  private let stateAddress: UnsafePointer<LayerState>
  /// Where the state of the container's stage is kept.
  private let stageAddress: UnsafePointer<LayerState>
  /// The container's bounds.
  public let bounds: Rect

  init(
    content: any Content, state: UnsafePointer<LayerState>, stage: UnsafePointer<LayerState>, bounds: Rect
  ) {
    owner = content
    stateAddress = state
    stageAddress = stage
    self.bounds = bounds
  }

  /// The content.
  public var content: any Content { owner }

  /// The state of its layer now, read in place.
  public var state: LayerState {
    unsafeAddress { stateAddress }
  }

  /// The state of the container's stage now, read in place.
  public var stage: LayerState {
    unsafeAddress { stageAddress }
  }

  /// The layer ready to draw, as ``PresentedLayer/drawn`` gives it.
  public var drawn: DrawnLayer { DrawnLayer(state, stage: stage, bounds: bounds) }

  /// A copy of the layer that may be kept: the same content, states and bounds.
  public var presentedLayer: PresentedLayer {
    PresentedLayer(content: owner, state: state, stage: stage, bounds: bounds)
  }
}
