import StagehandAnimation

// The dim of a content layer (ABI 1.3) in CSS: `filter: brightness(1 - d)` on the content's picture. brightness()
// multiplies each colour component by its amount and keeps the alpha, which is what the renderer does to the
// premultiplied picture (black of opacity d over the layer's own pixels); a filter applies before the element's clip
// path and mask, and the layer's opacity applies after it, in the order of section 9. A filter function's amount is
// interpolated between keyframes, so the keyframes animate it directly, clamped to [0, 1] as the renderer draws it;
// a step in which the dim crosses 0 or 1 is sampled like the other clamps (`ExportTimeline`).

extension CSSExport {
  /// Whether `layer` is dimmed at any keyframe.
  func hasDim(_ layer: LayerID) -> Bool {
    timeline.keyframes.contains { $0.states[layer].dim != 0 }
  }

  /// The `@keyframes` rule of the dim of `layer`: `filter: brightness(1 - d)`, d clamped to [0, 1].
  func dimKeyframes(of layer: LayerID) -> String {
    rule("\(layer)-dim") { "filter: brightness(\((1 - $0[layer].visibleDim).exportNumber))" }
  }
}
