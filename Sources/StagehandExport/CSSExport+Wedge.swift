import StagehandAnimation

// The wedge of a clip (ABI 1.2) in CSS: a mask on the content's picture (in the layer's coordinates, like the inset
// rectangle's clip-path), `mask-image: conic-gradient(from START at CX CY, #000 SWEEP, transparent SWEEP)`. A
// conic gradient's angles are those of the model: 0 points up, they grow clockwise, and they are measured in the
// element's pixels, which are the layer's points. A gradient itself is not interpolated between keyframes, so its four
// numbers are registered custom properties (`@property`, typed `<angle>` and `<length>`), which are, and the keyframes
// animate those.

extension CSSExport {
  /// Whether a clip cuts with its wedge (moved, turned or swept from the initial one).
  static func hasWedge(_ clip: Clip) -> Bool {
    clip.wedgeCentre != Clip.none.wedgeCentre || clip.wedgeStart != 0 || clip.wedgeSweep != Clip.fullTurn
  }

  /// The names of the custom properties of the wedge of `layer`: centre x, centre y, start and sweep.
  func wedgeProperties(of layer: LayerID) -> (x: String, y: String, start: String, sweep: String) {
    let base = "--\(prefix)-\(layer)-wedge"
    return (base + "-x", base + "-y", base + "-start", base + "-sweep")
  }

  /// The `@property` registrations of the wedge's numbers and the mask of the picture of `layer`.
  func wedgeDeclarations(of layer: LayerID) -> String {
    let names = wedgeProperties(of: layer)
    let centre = Clip.none.wedgeCentre
    let size = timeline.bounds.size
    var css = ""
    for (name, syntax, initial) in [
      (names.x, "<length>", "\((centre.x * size.width).exportNumber)px"),
      (names.y, "<length>", "\((centre.y * size.height).exportNumber)px"),
      (names.start, "<angle>", "0rad"), (names.sweep, "<angle>", "\(Clip.fullTurn.exportNumber)rad"),
    ] {
      css += "@property \(name) { syntax: '\(syntax)'; inherits: false; initial-value: \(initial); }\n"
    }
    let mask =
      "conic-gradient(from var(\(names.start)) at var(\(names.x)) var(\(names.y)), #000 var(\(names.sweep)), "
      + "transparent var(\(names.sweep)))"
    css += ".\(prefix)-\(layer)-inset { -webkit-mask-image: \(mask); mask-image: \(mask); }\n"
    return css
  }

  /// The `@keyframes` rule of the wedge of `layer`: its centre in pixels of the layer, its start, and its sweep
  /// clamped to [0, 2 pi] as the renderer draws it.
  func wedgeKeyframes(of layer: LayerID) -> String {
    let names = wedgeProperties(of: layer)
    let bounds = Rect(origin: .zero, size: timeline.bounds.size)
    return rule("\(layer)-wedge") { states in
      let clip = states[layer].clip
      let centre = clip.wedgeCentre(in: bounds)
      let sweep = min(max(clip.wedgeSweep, 0), Clip.fullTurn)
      return "\(names.x): \(centre.x.exportNumber)px; \(names.y): \(centre.y.exportNumber)px; "
        + "\(names.start): \(clip.wedgeStart.exportNumber)rad; \(names.sweep): \(sweep.exportNumber)rad"
    }
  }
}
