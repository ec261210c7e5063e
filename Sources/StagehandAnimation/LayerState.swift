/// Names one of the layers an animation moves.
public enum LayerID: Int, CaseIterable, Hashable, Sendable, CustomStringConvertible {
  /// The layer of the content being shown.
  case appearing = 0
  /// The layer of the content being hidden.
  case disappearing = 1
  /// The stage: the container's own layer, which holds the perspective and transforms both content layers.
  case stage = 2

  /// The name used in messages and files: `appearing`, `disappearing` or `stage`.
  public var description: String {
    switch self {
    case .appearing: "appearing"
    case .disappearing: "disappearing"
    case .stage: "stage"
    }
  }

  /// The layer that plays this one's part once appearing and disappearing are swapped.
  public var swapped: LayerID {
    switch self {
    case .appearing: .disappearing
    case .disappearing: .appearing
    case .stage: .stage
    }
  }
}

/// The state of one layer at one moment.
///
/// Every content layer fills the container bounds. Rotation and scale apply about the anchor point, whatever
/// translation has built up, and the translation applies last.
///
/// Opacity clamping rule: `opacity` is stored unclamped, so that fades add up and reverse exactly even when a style
/// overshoots; renderers use `visibleOpacity`, which clamps it to [0, 1]. The dim (ABI 1.3) follows the same rule:
/// `dim` unclamped, `visibleDim` drawn.
public struct LayerState: Hashable, Sendable {
  /// The translation, in points.
  public var translation: Vector3 = .zero
  /// The rotation about the anchor point.
  public var rotation: Rotation = .identity
  /// The scale factors along each axis, about the anchor point.
  public var scale: Vector3 = .one
  /// The anchor point in unit coordinates of the layer: (0.5, 0.5) is its centre.
  public var anchor = Point(x: 0.5, y: 0.5)
  /// The opacity, unclamped (see `visibleOpacity`).
  public var opacity: Double = 1
  /// The strength of the perspective given to sublayers, `1 / camera distance` in points; 0 means none.
  /// Only the stage's perspective is used.
  public var perspective: Double = 0
  /// The part of a content layer that is drawn; the stage's is always `.none`.
  public var clip: Clip = .none
  /// The dim of a content layer (ABI 1.3), unclamped (see `visibleDim`): black of this opacity over the layer's own
  /// pixels. 0, none, at rest; the stage's is always 0.
  public var dim: Double = 0

  /// The state of a layer at rest: no translation, rotation or scaling, centred anchor, opaque, no perspective, no
  /// clip, no dim.
  public static let identity = LayerState()

  /// Creates the identity state.
  public init() {}

  /// The opacity a renderer shows: `opacity` clamped to [0, 1].
  public var visibleOpacity: Double { min(max(opacity, 0), 1) }

  /// The dim a renderer shows: `dim` clamped to [0, 1]. A renderer multiplies each premultiplied colour component of
  /// the layer's picture by `1 - visibleDim` and keeps its alpha, before the opacity and the clip apply.
  public var visibleDim: Double { min(max(dim, 0), 1) }

  /// The transform of this layer for a layer that fills `bounds`: rotation and scale about the anchor point,
  /// then the translation.
  public func transform(in bounds: Rect) -> Transform3D {
    let a = bounds.point(atUnit: anchor)
    let anchorVector = Vector3(x: a.x, y: a.y, z: 0)
    return Transform3D.translation(translation + anchorVector) * .rotation(rotation) * .scale(scale)
      * .translation(-anchorVector)
  }
}

/// The states of the stage, the appearing and the disappearing layers at one moment.
public struct LayerStates: Hashable, Sendable {
  /// The state of the appearing layer.
  public var appearing: LayerState
  /// The state of the disappearing layer.
  public var disappearing: LayerState
  /// The state of the stage.
  public var stage: LayerState
  /// The colour behind both contents.
  public var backdrop: Backdrop
  /// The content layer drawn above the other one: `.appearing` or `.disappearing`.
  public var onTop: LayerID

  /// Creates the states of the three layers, the backdrop and the draw order.
  public init(
    appearing: LayerState = .identity, disappearing: LayerState = .identity, stage: LayerState = .identity,
    backdrop: Backdrop = .none, onTop: LayerID = .appearing
  ) {
    self.appearing = appearing
    self.disappearing = disappearing
    self.stage = stage
    self.backdrop = backdrop
    self.onTop = onTop
  }

  /// The content layer drawn below the other one.
  public var below: LayerID { onTop == .appearing ? .disappearing : .appearing }

  /// Every layer at rest, no backdrop, the appearing content on top.
  public static let identity = LayerStates()

  /// The state of `layer`.
  public subscript(layer: LayerID) -> LayerState {
    get {
      switch layer {
      case .appearing: appearing
      case .disappearing: disappearing
      case .stage: stage
      }
    }
    _modify {
      switch layer {
      case .appearing: yield &appearing
      case .disappearing: yield &disappearing
      case .stage: yield &stage
      }
    }
  }

  /// The same states with the appearing and disappearing layers exchanged.
  public var swapped: LayerStates {
    LayerStates(
      appearing: disappearing, disappearing: appearing, stage: stage, backdrop: backdrop, onTop: onTop.swapped)
  }
}
