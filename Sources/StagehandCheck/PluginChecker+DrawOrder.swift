import StagehandAnimation

extension PluginChecker {
  /// Whether an inverse looks like its forward animation, as the viewer sees them: the same duration, and at the
  /// start, at each quarter and at the end the same layer states (`statesLookTheSame`) and, wherever the draw order
  /// shows (`drawOrderShows(_:in:)`), the same content on top. A forward animation draws its appearing content on
  /// top, an inverse the leaving one (the pop's roles), so a style that shows both contents overlapping at once
  /// (a cross-dissolve) is not its own inverse: the frames differ even though each layer's state is the same.
  ///
  /// An animation of no length shows no frame (the host shows the appearing content alone at once), so its draw
  /// order is not compared.
  static func inverseLooksLikeForward(_ forward: Animation, _ inverse: Animation, in bounds: Rect) -> Bool {
    guard looksTheSame(forward, inverse) else { return false }
    guard forward.duration > 0 else { return true }
    return [0, 0.25, 0.5, 0.75, 1.0].allSatisfy { fraction in
      let (x, y) = (forward.sample(at: forward.duration * fraction), inverse.sample(at: inverse.duration * fraction))
      return x.onTop == y.onTop || !drawOrderShows(x, in: bounds)
    }
  }

  /// Whether the draw order of two content layers changes what the viewer sees, in a container of `bounds`: when the
  /// stage and both contents are visible (an opacity above a millionth, a clip that leaves something) and their
  /// footprints overlap. Where they overlap, the upper content hides the lower one, wholly when it is opaque and in
  /// part when it is not, so exchanging them changes those pixels; where they do not, each is seen alone.
  ///
  /// The footprint is the bounding box of the clip rectangle's corners after the layer's transform, the depth
  /// dropped, which is what a renderer shows without a perspective. It is larger than the layer (an ellipse, a
  /// rounded corner or a turn fit in it), so the draw order is said to show rather than not when in doubt; with a
  /// perspective it is always said to show.
  static func drawOrderShows(_ states: LayerStates, in bounds: Rect) -> Bool {
    let visible = 1e-6
    guard states.stage.visibleOpacity > visible else { return false }
    var boxes: [(minX: Double, minY: Double, maxX: Double, maxY: Double)] = []
    for layer in [LayerID.appearing, .disappearing] {
      let state = states[layer]
      guard state.visibleOpacity > visible, let clip = state.clip.rectangle(in: bounds), !state.clip.isEmpty else {
        return false
      }
      if states.stage.perspective != 0 { return true }
      let t = state.transform(in: bounds)
      let corners = [
        (clip.origin.x, clip.origin.y), (clip.origin.x + clip.size.width, clip.origin.y),
        (clip.origin.x, clip.origin.y + clip.size.height),
        (clip.origin.x + clip.size.width, clip.origin.y + clip.size.height),
      ].map { (x, y) in (t.m11 * x + t.m12 * y + t.m14, t.m21 * x + t.m22 * y + t.m24) }
      guard corners.allSatisfy({ $0.0.isFinite && $0.1.isFinite }) else { return true }
      boxes.append(
        (
          corners.map(\.0).min()!, corners.map(\.1).min()!, corners.map(\.0).max()!, corners.map(\.1).max()!
        ))
    }
    // Overlapping by more than a millionth of a point each way: layers that only touch (a push) show no order.
    let (a, b) = (boxes[0], boxes[1])
    return min(a.maxX, b.maxX) - max(a.minX, b.minX) > visible && min(a.maxY, b.maxY) - max(a.minY, b.minY) > visible
  }
}
