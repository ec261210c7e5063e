import StagehandAnimation
import StagehandPlugins

extension PluginChecker {
  /// Why a content layer cannot be seen in `states`, in a container of `bounds`, with what to change; nil when it is
  /// seen. Not seen: less than fully opaque (its opacity times the stage's), dimmed at all (ABI 1.3: the host shows the
  /// content undimmed once the animation has ended, so a dim left at the end is a jump, as an opacity below 1 is, and
  /// a dim of 1 hides the content as surely as an opacity of 0), clipped away (insets that meet, an ellipse with no radius),
  /// facing away or scaled to nothing (the area its transform and the stage's give the
  /// layer, without the depth, is not positive), or wholly outside the container.
  static func whyNotSeen(_ layer: LayerID, in states: LayerStates, bounds: Rect) -> String? {
    let state = states[layer]
    let opacity = state.visibleOpacity * states.stage.visibleOpacity
    if opacity < 1 - 1e-6 {
      return "its opacity is \(opacity) (the stage's included); fade it to 1"
    }
    if state.visibleDim > 1e-6 {
      return "it is dimmed by \(state.visibleDim) (black of that opacity over it; 1 is black); bring its dim back to 0 "
        + "(is the sign of change_dim inverted, or does it dim the wrong layer?)"
    }
    if state.clip.isEmpty {
      let i = state.clip.insets
      let r = state.clip.ellipseRadii
      return "its clip leaves nothing (insets top \(i.top), right \(i.right), bottom \(i.bottom), left \(i.left) of "
        + "its size; ellipse radii \(r.x), \(r.y); wedge sweep \(state.clip.wedgeSweep) radians); bring the insets "
        + "back to 0, the radii to 1 or more and the sweep to 2 pi (are the signs of change_inset, change_ellipse or "
        + "change_wedge inverted?)"
    }
    let t = states.stage.transform(in: bounds) * state.transform(in: bounds)
    let area = t.m11 * t.m22 - t.m12 * t.m21
    if !(area > 1e-6) {
      return "it faces away from the viewer, or is scaled to nothing (its transform turns or flattens it); bring "
        + "its rotations back to whole turns and its scale to a positive size"
    }
    guard let clip = state.clip.rectangle(in: bounds) else { return nil }
    let xs = [clip.origin.x, clip.origin.x + clip.size.width]
    let ys = [clip.origin.y, clip.origin.y + clip.size.height]
    let corners = xs.flatMap { x in ys.map { y in (t.m11 * x + t.m12 * y + t.m14, t.m21 * x + t.m22 * y + t.m24) } }
    let (minX, maxX) = (corners.map(\.0).min()!, corners.map(\.0).max()!)
    let (minY, maxY) = (corners.map(\.1).min()!, corners.map(\.1).max()!)
    let overlapsX = min(maxX, bounds.origin.x + bounds.size.width) - max(minX, bounds.origin.x) > 1e-6
    let overlapsY = min(maxY, bounds.origin.y + bounds.size.height) - max(minY, bounds.origin.y) > 1e-6
    if states.stage.perspective == 0, !(overlapsX && overlapsY) {
      let v = state.translation
      return "it ends wholly outside the container (translated by \(v.x), \(v.y)); bring its translation back to 0"
    }
    return nil
  }

  /// The appearing content should be seen in full at the end of the forward animation, and the content the pop reveals at the
  /// end of the inverse (for a derived inverse, that is the forward animation's disappearing content at its start):
  /// the host shows it alone once the animation has ended. Warns (section 9) on the first build where it is not.
  mutating func checkEndVisibility(_ style: StyleInfo, _ pairs: [Built]) {
    for built in pairs {
      if let why = Self.whyNotSeen(.appearing, in: built.forward.lastFrame, bounds: built.bounds) {
        add(
          CheckFinding(
            .warning, section: 9, style: style.name,
            "at the end of the forward animation of \(built.what), the appearing content is not seen: \(why); the "
              + "host then shows it alone, so a forward animation should end with the new content in full view"))
        return
      }
      if let why = Self.whyNotSeen(.appearing, in: built.inverse.lastFrame, bounds: built.bounds) {
        add(
          CheckFinding(
            .warning, section: 9, style: style.name,
            "at the end of the inverse animation of \(built.what), the content the pop reveals (SH_LAYER_APPEARING "
              + "of the inverse) is not seen: \(why). "
              + (style.hasInverseBuilder
                ? "The inverse builder should end with it in full view"
                : "The derived inverse ends where the forward animation starts, so the forward animation should start "
                  + "with its disappearing content in full view (does a setup step of duration 0 hide it?)")))
        return
      }
    }
  }
}

extension Animation {
  /// The states of the last frame the host draws, at the animation's duration: for a derived inverse, those of the
  /// forward animation's start, its setup steps included.
  var lastFrame: LayerStates { sample(at: duration) }
}
