import StagehandAnimation
import StagehandPlugins

extension PluginChecker {
  /// A translation of a layer (a content or the stage) by more than this share of the container's width (along x)
  /// or height (along y) is large motion: with reduced motion asked for, a style without a reduced-motion fallback
  /// should not make it (section 9, "Layout direction, display scale and reduced motion").
  public static let largestReducedMotion = 0.5

  /// Warns when a style without a reduced-motion fallback still moves a layer across more than
  /// `largestReducedMotion` of the container in a build with SH_CONTEXT_REDUCE_MOTION set: the host has nothing else
  /// to play. A style with a fallback is not checked here (the host plays the fallback instead). Once per style.
  mutating func checkReducedMotion(_ style: StyleInfo, _ pairs: [Built]) {
    guard style.reducedMotionFallback == nil else { return }
    for built in pairs where built.reducesMotion {
      let width = built.bounds.size.width
      let height = built.bounds.size.height
      for (direction, animation) in [("forward", built.forward), ("inverse", built.inverse)] {
        guard let (layer, share, axis) = Self.largestMove(animation, width: width, height: height),
          share > Self.largestReducedMotion
        else { continue }
        let percent = Int((share * 100).rounded())
        add(
          CheckFinding(
            .warning, section: 9, style: style.name,
            "with reduced motion asked for (SH_CONTEXT_REDUCE_MOTION), the \(direction) animation of \(built.what) "
              + "moves the \(layer) layer across \(percent) % of the container's \(axis), more than "
              + "\(Int(Self.largestReducedMotion * 100)) %, and the style names no reduced-motion fallback; name one "
              + "(reduced_motion_fallback, for example cross-dissolve) or, when the flag is set, keep the layers "
              + "within \(Int(Self.largestReducedMotion * 100)) % of the container"))
        return
      }
    }
  }

  /// The layer translated farthest from rest in `animation` (sampled at every twentieth of it), as a share of the
  /// container's width (x) or height (y); nil for a container with no width or height.
  static func largestMove(_ animation: Animation, width: Double, height: Double)
    -> (layer: String, share: Double, axis: String)?
  {
    guard width > 0, height > 0 else { return nil }
    var largest: (layer: String, share: Double, axis: String)?
    for i in 0...20 {
      let states = animation.sample(at: animation.duration * Double(i) / 20)
      for (name, layer) in [("appearing", LayerID.appearing), ("disappearing", .disappearing), ("stage", .stage)] {
        let t = states[layer].translation
        for (share, axis) in [(abs(t.x) / width, "width"), (abs(t.y) / height, "height")]
        where share > (largest?.share ?? -1) {
          largest = (name, share, axis)
        }
      }
    }
    return largest
  }
}
