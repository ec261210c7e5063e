import StagehandAnimation

/// CSS keyframes of a transition: `@keyframes` rules for the stage, each content layer, its clips, the backdrop and
/// the draw order, with a keyframe at every step boundary and the step's own `cubic-bezier` as its timing function.
///
/// The page is built so that a browser applies the rules of section 9 of stagehand_plugin.h itself:
///
/// - a container of the bounds' size clips everything (`overflow: hidden`);
/// - in it, the backdrop: an element filling the container, behind everything, not moved by the stage, with the
///   backdrop's colour as `background-color` and its opacity as `opacity` (each clamped to [0, 1]);
/// - one copy of the stage per content, each carrying the stage's transform with its perspective about the stage's
///   anchor (`matrix3d`, `transform-origin`, `transform-style: preserve-3d`), so that the stage transforms the content
///   layer it holds in 3D; the copy of the content on top has the higher `z-index` (animated, with a step at each
///   change of the draw order), so it is drawn on top whatever the depths;
/// - in each stage copy, the content layer: `matrix3d` about its anchor (`transform-origin`), `opacity`,
///   `backface-visibility: hidden` (layers are one-sided), and its clip's ellipse as `clip-path: ellipse()`; in it, the
///   content's picture, with no transform of its own (so in the layer's coordinates), cut by the clip's rectangle as
///   `clip-path: inset(... round ...)`: CSS allows one clip path per element, and the two nested clip the picture to
///   the intersection. Corner radii are clamped as the renderer clamps them (`Clip.visibleCornerRadius`); the dim
///   (ABI 1.3) is `filter: brightness()` on the picture (`CSSExport+Dim.swift`);
/// - the disappearing layer has `visibility: hidden` at 100% only: at the animation's end and after it, the
///   disappearing content is not drawn (section 9, "The end"); CSS interpolates `visibility` discretely, showing it
///   at every earlier moment.
///
/// The model's z axis points away from the viewer and CSS's towards it: every matrix is conjugated by a flip of z.
/// The stage's perspective is written into its `matrix3d` (as `perspective()` would be) rather than as the
/// `perspective` property: CSS interpolates a matrix's perspective term linearly, as the model does its strength,
/// where the property would interpolate the camera distance.
public struct CSSExport: Sendable {
  /// The keyframes exported.
  public var timeline: ExportTimeline
  /// What the stylesheet's first comment says it is, e.g. `flip axis=vertical, forward, 0.6 s`.
  public var title: String
  /// The prefix of every class and keyframes name.
  public var prefix: String

  /// An export of `timeline`, described by `title`, with names prefixed by `prefix` (letters, digits and `-`).
  public init(_ timeline: ExportTimeline, title: String, prefix: String = "sh") {
    self.timeline = timeline
    self.title = title
    self.prefix = prefix
  }

  /// The fraction of the duration (in percent) between the two keyframes of an instant step: CSS merges keyframes
  /// at one offset, so the later one sits this much after the earlier one, and a step timing function makes the jump
  /// at the side the model shows (after the jump in a forward animation, before it in a reversed one).
  public static let jumpOffset = 0.0001

  /// The stylesheet: the layout classes and the `@keyframes` rules.
  ///
  /// Markup (`page` writes it): `<div class="P-container"><div class="P-backdrop"></div>` then, for each content
  /// layer X (`appearing`, `disappearing`), `<div class="P-stage P-holds-X"><div class="P-layer P-X"><img
  /// class="P-content P-X-inset"></div></div>`, the one that shows the content brought in (`P-appearing` in a
  /// forward animation, `P-disappearing` in an inverse) last; then `</div>`.
  public func stylesheet() -> String {
    let p = prefix
    let size = timeline.bounds.size
    let seconds = "\(timeline.duration.exportNumber)s"
    let frames = timeline.keyframes
    var css = "/* stagehand export: \(title.replacingCommentEnd) */\n"
    css += """
      .\(p)-container { position: relative; width: \(size.width.exportNumber)px; \
      height: \(size.height.exportNumber)px; overflow: hidden; }
      .\(p)-backdrop { position: absolute; left: 0; top: 0; width: 100%; height: 100%; z-index: 0; opacity: 0; }
      .\(p)-stage { position: absolute; left: 0; top: 0; width: 100%; height: 100%; \
      transform-style: preserve-3d; animation: \(p)-stage \(seconds) linear both; }
      .\(p)-layer { position: absolute; left: 0; top: 0; width: 100%; height: 100%; \
      backface-visibility: hidden; -webkit-backface-visibility: hidden; }
      .\(p)-content { position: absolute; left: 0; top: 0; width: 100%; height: 100%; display: block; }
      .\(p)-appearing { animation: \(p)-appearing \(seconds) linear both; }
      .\(p)-disappearing { animation: \(p)-disappearing \(seconds) linear both; }

      """
    var rules = [keyframes(of: .stage), keyframes(of: .disappearing), keyframes(of: .appearing)]
    if frames.contains(where: { $0.states.backdrop != .none }) {
      css += ".\(p)-backdrop { animation: \(p)-backdrop \(seconds) linear both; }\n"
      rules.append(backdropKeyframes())
    }
    for layer in [LayerID.disappearing, .appearing] {
      if frames.allSatisfy({ $0.states.onTop == frames[0].states.onTop }) {
        css += ".\(p)-holds-\(layer) { z-index: \(frames[0].states.onTop == layer ? 2 : 1); }\n"
      } else {
        css +=
          ".\(p)-holds-\(layer) { animation: \(p)-stage \(seconds) linear both, "
          + "\(p)-order-\(layer) \(seconds) linear both; }\n"
        rules.append(orderKeyframes(of: layer))
      }
      var contentAnimations: [String] = []
      if frames.contains(where: { Self.hasInset($0.states[layer].clip) }) {
        contentAnimations.append("\(p)-\(layer)-inset \(seconds) linear both")
        rules.append(insetKeyframes(of: layer))
      }
      if frames.contains(where: { Self.hasWedge($0.states[layer].clip) }) {
        contentAnimations.append("\(p)-\(layer)-wedge \(seconds) linear both")
        css += wedgeDeclarations(of: layer)
        rules.append(wedgeKeyframes(of: layer))
      }
      if hasDim(layer) {
        contentAnimations.append("\(p)-\(layer)-dim \(seconds) linear both")
        rules.append(dimKeyframes(of: layer))
      }
      if !contentAnimations.isEmpty {
        css += ".\(p)-\(layer)-inset { animation: \(contentAnimations.joined(separator: ", ")); }\n"
      }
    }
    return css + rules.joined()
  }

  /// Whether a clip cuts with its rectangle (insets or a corner radius).
  static func hasInset(_ clip: Clip) -> Bool { clip.insets != .zero || clip.cornerRadius != 0 }

  /// Whether a clip cuts with its ellipse (moved or resized from the initial one).
  static func hasEllipse(_ clip: Clip) -> Bool {
    clip.ellipseCentre != Clip.none.ellipseCentre || clip.ellipseRadii != Clip.none.ellipseRadii
  }

  /// The `@keyframes` rule of one layer: its transform, its origin, and for a content layer its opacity, its clip's
  /// ellipse (when it has one) and, for the disappearing layer, its visibility.
  func keyframes(of layer: LayerID) -> String {
    var rule = "@keyframes \(prefix)-\(layer) {\n"
    let placed = placedKeyframes()
    let ellipse = layer != .stage && timeline.keyframes.contains { Self.hasEllipse($0.states[layer].clip) }
    for (index, (frame, offset, timing)) in placed.enumerated() {
      let state = frame.states[layer]
      var declarations = ["transform: \(Self.matrix3d(cssMatrix(of: layer, in: frame.states)))"]
      let origin = layer == .stage ? frame.states.stage.anchor : state.anchor
      let size = timeline.bounds.size
      declarations.append(
        "transform-origin: \((origin.x * size.width).exportNumber)px \((origin.y * size.height).exportNumber)px 0")
      if layer != .stage { declarations.append("opacity: \(state.visibleOpacity.exportNumber)") }
      if ellipse { declarations.append("clip-path: \(ellipseShape(state.clip))") }
      if layer == .disappearing {
        // The end: the last keyframe, at the duration, hides the disappearing content.
        declarations.append("visibility: \(index == placed.count - 1 ? "hidden" : "visible")")
      }
      if let timing { declarations.append("animation-timing-function: \(timing)") }
      rule += "  \(offset.exportNumber)% { \(declarations.joined(separator: "; ")); }\n"
    }
    return rule + "}\n"
  }

  /// The `@keyframes` rule of the clip rectangle of a content layer, for the picture inside the layer.
  func insetKeyframes(of layer: LayerID) -> String {
    rule("\(layer)-inset") { "clip-path: \(insetShape($0[layer].clip))" }
  }

  /// The `@keyframes` rule of the backdrop.
  func backdropKeyframes() -> String {
    rule("backdrop") { states in
      let b = states.backdrop.visible
      let rgb = [b.red, b.green, b.blue].map { ($0 * 255).exportNumber }.joined(separator: " ")
      return "background-color: rgb(\(rgb)); opacity: \(b.opacity.exportNumber)"
    }
  }

  /// The `@keyframes` rule of the `z-index` of the stage copy that holds `layer`: 2 while it is on top, else 1.
  func orderKeyframes(of layer: LayerID) -> String {
    rule("order-\(layer)") { "z-index: \($0.onTop == layer ? 2 : 1)" }
  }

  /// A `@keyframes` rule named `prefix-name` with the declarations `declarations` gives for each keyframe's states.
  func rule(_ name: String, _ declarations: (LayerStates) -> String) -> String {
    var rule = "@keyframes \(prefix)-\(name) {\n"
    for (frame, offset, timing) in placedKeyframes() {
      let timing = timing.map { "; animation-timing-function: \($0)" } ?? ""
      rule += "  \(offset.exportNumber)% { \(declarations(frame.states))\(timing); }\n"
    }
    return rule + "}\n"
  }

  /// `inset(top right bottom left round radius)` of a clip's rectangle, in pixels of the layer, as the renderer draws
  /// it: negative insets as 0, the radius clamped; insets that overlap reduced in proportion until they meet (an
  /// empty rectangle, as CSS would reduce them too).
  func insetShape(_ clip: Clip) -> String {
    let bounds = timeline.bounds
    let (w, h) = (bounds.size.width, bounds.size.height)
    var v = clip.visibleInsets
    if v.left + v.right > 1 { (v.left, v.right) = (v.left / (v.left + v.right), v.right / (v.left + v.right)) }
    if v.top + v.bottom > 1 { (v.top, v.bottom) = (v.top / (v.top + v.bottom), v.bottom / (v.top + v.bottom)) }
    let edges = [v.top * h, v.right * w, v.bottom * h, v.left * w].map { "\($0.exportNumber)px" }
    return "inset(\(edges.joined(separator: " ")) round \(clip.visibleCornerRadius(in: bounds).exportNumber)px)"
  }

  /// `ellipse(rx ry at cx cy)` of a clip's ellipse, in pixels of the layer; a radius at or below 0 as 0.
  func ellipseShape(_ clip: Clip) -> String {
    let bounds = timeline.bounds
    let (centre, rx, ry) = clip.ellipse(in: bounds)
    let x = centre.x - bounds.minX
    let y = centre.y - bounds.origin.y
    return
      "ellipse(\(max(rx, 0).exportNumber)px \(max(ry, 0).exportNumber)px at \(x.exportNumber)px \(y.exportNumber)px)"
  }

  /// The keyframes with their offsets in percent and the timing function of the interval each one starts.
  func placedKeyframes() -> [(ExportKeyframe, Double, String?)] {
    let frames = timeline.keyframes
    let duration = timeline.duration
    var placed: [(ExportKeyframe, Double, String?)] = []
    for (index, frame) in frames.enumerated() {
      var offset = duration > 0 ? min(max(frame.time / duration * 100, 0), 100) : Double(index) * 100
      let jumpsNext = index + 1 < frames.count && frames[index + 1].time == frame.time
      let jumped = index > 0 && frames[index - 1].time == frame.time
      if jumped, let previous = placed.last {
        offset = previous.1 + Self.jumpOffset
      } else if jumpsNext && offset + Self.jumpOffset > 100 {
        offset = 100 - Self.jumpOffset
      }
      var timing: String?
      if jumpsNext {
        timing = timeline.showsLaterSide ? "step-start" : "step-end"
      } else if let curve = frame.curve?.controlPoints {
        timing =
          "cubic-bezier(\(curve.x1.exportNumber), \(curve.y1.exportNumber), "
          + "\(curve.x2.exportNumber), \(curve.y2.exportNumber))"
      }
      placed.append((frame, min(offset, 100), timing))
    }
    return placed
  }

  /// The CSS matrix of `layer` about its `transform-origin`: for a content layer its own transform, for the stage its
  /// transform after its perspective; in CSS's axes (z towards the viewer).
  func cssMatrix(of layer: LayerID, in states: LayerStates) -> Transform3D {
    let bounds = timeline.bounds
    let state = layer == .stage ? states.stage : states[layer]
    let anchor = bounds.point(atUnit: state.anchor)
    let origin = Vector3(x: anchor.x, y: anchor.y, z: 0)
    var local = Transform3D.translation(-origin) * state.transform(in: bounds) * .translation(origin)
    if layer == .stage { local = .perspective(strength: states.stage.perspective) * local }
    let flip = Transform3D.scale(Vector3(x: 1, y: 1, z: -1))
    return flip * local * flip
  }

  /// `matrix3d(...)` of `m`: CSS lists the elements column by column.
  static func matrix3d(_ m: Transform3D) -> String {
    let columns = [
      m.m11, m.m21, m.m31, m.m41, m.m12, m.m22, m.m32, m.m42, m.m13, m.m23, m.m33, m.m43, m.m14, m.m24, m.m34, m.m44,
    ]
    return "matrix3d(" + columns.map(\.exportNumber).joined(separator: ", ") + ")"
  }
}

extension Double {
  /// The number in plain decimal notation (no exponent, as CSS and JSON both read it), to 12 decimals at most.
  public var exportNumber: String {
    guard isFinite, self != 0 else { return "0" }  // -0 too
    let text = description
    guard text.contains("e") else { return text.hasSuffix(".0") ? String(text.dropLast(2)) : text }
    guard abs(self) < 1e6 else {
      // Whole numbers as digits while Int64 holds them; beyond, the exponent form (valid in CSS and JSON).
      return abs(self) < 9e18 ? String(Int64(self.rounded())) : text.replacing("e+", with: "e")
    }
    let units = Int64((abs(self) * 1e12).rounded())
    guard units != 0 else { return "0" }
    var fraction = String(units % 1_000_000_000_000)
    fraction = String(repeating: "0", count: 12 - fraction.count) + fraction
    while fraction.hasSuffix("0") { fraction.removeLast() }
    let whole = String(units / 1_000_000_000_000)
    return (self < 0 ? "-" : "") + whole + (fraction.isEmpty ? "" : "." + fraction)
  }
}

extension String {
  /// The text with `*/` broken up, for a CSS comment.
  var replacingCommentEnd: String {
    var out = ""
    var previous: Character?
    for c in self {
      if previous == "*" && c == "/" { out.append(" ") }
      out.append(c)
      previous = c
    }
    return out
  }
}
