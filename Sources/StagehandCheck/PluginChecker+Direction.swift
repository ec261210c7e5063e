import StagehandAnimation
import StagehandPlugins

extension PluginChecker {
  /// A style with a direction whose label says leading or trailing follows the layout direction (section 9): leading
  /// is the left in a left-to-right layout and the right in a right-to-left one. So, with such a value and the other
  /// parameters at their defaults, the right-to-left build (forward and inverse) must be the mirror of the
  /// left-to-right one about the container's middle (`mirrors(_:_:)`); and where the parameter also has the physical
  /// label (`left` for `leading`, `right` for `trailing`), the left-to-right build must be that label's. A builder
  /// that ignores the direction, inverts it or reads it from another field fails one of the two.
  mutating func checkLayoutDirection(_ index: Int) {
    let style = plugin.info.styles[index]
    let bounds = Self.parameterContext
    let leftToRight = TransitionContext(bounds: bounds)
    let rightToLeft = TransitionContext(bounds: bounds, layoutDirection: .rightToLeft)
    for (p, parameter) in style.parameters.enumerated() where parameter.type == .enum {
      let labels = parameter.labels.map { $0.lowercased() }
      for (l, label) in labels.enumerated() where label.contains("leading") || label.contains("trailing") {
        var values = defaults(of: style)
        values[p] = .label(Int32(l))
        let what = "with \(parameter.symbol) = \(parameter.labels[l])"
        guard let ltr = directionBuild(index, values, leftToRight, what: what),
          let rtl = directionBuild(index, values, rightToLeft, what: what)
        else { return }
        let physical = label.replacing("leading", with: "left").replacing("trailing", with: "right")
        if !Self.mirrors(ltr.forward, rtl.forward) || !Self.mirrors(ltr.inverse, rtl.inverse) {
          add(
            CheckFinding(
              .error, section: 9, style: style.name, parameter: parameter.symbol,
              "\(what), the right-to-left build is not the mirror of the left-to-right one; \(label) is the "
                + "\(physical) in a left-to-right layout and the other side in a right-to-left one: read "
                + "sh_context.layout_direction and, when it is SH_LAYOUT_RIGHT_TO_LEFT, mirror the x translations, "
                + "the rotations about z and y, the x anchors, the left and right insets and the ellipse centres"))
          return
        }
        guard let q = labels.firstIndex(of: physical), q != l else { continue }
        values[p] = .label(Int32(q))
        guard let left = directionBuild(index, values, leftToRight, what: "with \(parameter.symbol) = \(physical)")
        else { return }
        if !Self.looksTheSame(ltr.forward, left.forward, drawOrder: true) {
          add(
            CheckFinding(
              .error, section: 9, style: style.name, parameter: parameter.symbol,
              "\(what), the left-to-right build is not that of \(parameter.symbol) = \(parameter.labels[q]); "
                + "\(label) is the \(physical) in a left-to-right layout (SH_LAYOUT_LEFT_TO_RIGHT, the layout_direction "
                + "0): is the direction inverted, or read from another field than sh_context.layout_direction?"))
          return
        }
      }
    }
  }

  /// The forward and inverse animations of the style at `index` with `values` in `context`; nil (with a finding)
  /// when a build fails.
  private mutating func directionBuild(
    _ index: Int, _ values: [ParameterValue], _ context: TransitionContext, what: String
  ) -> (forward: Animation, inverse: Animation)? {
    let style = plugin.info.styles[index].name
    let layout = context.layoutDirection == .rightToLeft ? "right-to-left" : "left-to-right"
    progress("building the \(layout) animations of style '\(style)' \(what)")
    do throws(PluginError) {
      let forward = try plugin.forward(styleIndex: index, values: values, in: context)
      let inverse = try plugin.inverse(styleIndex: index, values: values, in: context)
      builds += 2
      return (forward, inverse)
    } catch {
      add(CheckFinding(.error, section: 8, style: style, "building the \(layout) animations \(what): \(error)"))
      return nil
    }
  }

  /// Whether `b` is the mirror of `a` about the container's vertical middle: the same duration and, at the start,
  /// each quarter and the end, the mirrored states (`mirrored(_:)`) in the same draw order.
  static func mirrors(_ a: Animation, _ b: Animation) -> Bool {
    guard abs(a.duration - b.duration) <= 1e-9 * max(1, a.duration) else { return false }
    return [0, 0.25, 0.5, 0.75, 1.0].allSatisfy { fraction in
      let (x, y) = (a.sample(at: a.duration * fraction), b.sample(at: b.duration * fraction))
      return x.onTop == y.onTop && statesLookTheSame(mirrored(x), y)
    }
  }

  /// The states seen in a mirror about the container's vertical middle: each layer with `mirrored(_:)`, the
  /// backdrop and the draw order as they are.
  static func mirrored(_ states: LayerStates) -> LayerStates {
    var m = states
    m.appearing = mirrored(states.appearing)
    m.disappearing = mirrored(states.disappearing)
    m.stage = mirrored(states.stage)
    return m
  }

  /// A layer's state seen in a mirror about the container's vertical middle: the x translation negated, a rotation
  /// about the mirrored axis the other way (rotations about z and y turn the other way, those about x do not), the
  /// x anchor and the ellipse's and wedge's x centres taken from the other side, the left and right insets exchanged,
  /// the wedge turning the other way.
  static func mirrored(_ state: LayerState) -> LayerState {
    var m = state
    m.translation.x = -state.translation.x
    let r = state.rotation
    m.rotation = Rotation(w: r.w, x: r.x, y: -r.y, z: -r.z)
    m.anchor.x = 1 - state.anchor.x
    let i = state.clip.insets
    m.clip.insets = Insets(top: i.top, right: i.left, bottom: i.bottom, left: i.right)
    m.clip.ellipseCentre.x = 1 - state.clip.ellipseCentre.x
    // A wedge from angle s sweeping w clockwise, seen in the mirror, sweeps w clockwise from -(s + w).
    m.clip.wedgeCentre.x = 1 - state.clip.wedgeCentre.x
    m.clip.wedgeStart = -(state.clip.wedgeStart + state.clip.wedgeSweep)
    return m
  }
}
