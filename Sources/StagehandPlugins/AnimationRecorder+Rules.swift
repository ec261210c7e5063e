import CStagehandPlugin
import StagehandAnimation

/// The header's rules for each host function (stagehand_plugin.h, sections 8 and 9): a call that breaks one is
/// refused with its status and a message that names the call, the value and what to do, and changes nothing.
extension AnimationRecorder {
  func beginStep(_ duration: Double, _ curve: Int32) -> PluginStatus {
    if let status = finite("begin_step", [("duration", duration)]) { return status }
    guard duration >= 0 else { return invalid("begin_step: duration \(duration) is negative") }
    let named: [Int32: TimingCurve] = [
      Int32(SH_CURVE_LINEAR): .linear, Int32(SH_CURVE_EASE_IN): .easeIn, Int32(SH_CURVE_EASE_OUT): .easeOut,
      Int32(SH_CURVE_EASE_IN_OUT): .easeInOut,
    ]
    guard let timing = named[curve] else { return invalid("begin_step: curve \(curve) is not an SH_CURVE_* value") }
    guard steps.count < Int(SH_MAX_STEPS) else {
      return refuse(.limit, "begin_step: more than \(SH_MAX_STEPS) steps")
    }
    steps.append(PendingStep(duration: duration, curve: timing))
    return .ok
  }

  func setBezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> PluginStatus {
    guard !steps.isEmpty else { return refuse(.noStep, "set_bezier before any begin_step") }
    do {
      steps[steps.count - 1].curve = try TimingCurve(x1: x1, y1: y1, x2: x2, y2: y2)
      return .ok
    } catch {
      return invalid("set_bezier: \(error)")
    }
  }

  /// The refusal of a change before any step, or past SH_MAX_CHANGES; nil when neither.
  func refusedChange(_ call: String) -> PluginStatus? {
    guard !steps.isEmpty else { return refuse(.noStep, "\(call) before any begin_step") }
    guard changeCount < Int(SH_MAX_CHANGES) else {
      return refuse(.limit, "\(call): more than \(SH_MAX_CHANGES) changes")
    }
    return nil
  }

  /// Records one change after the checks every change shares: a step exists, the layer is known, the limit holds.
  func change(_ call: String, _ rawLayer: Int32, _ numbers: [(String, Double)], _ make: (LayerID) -> LayerChange?)
    -> PluginStatus
  {
    guard !steps.isEmpty else { return refuse(.noStep, "\(call) before any begin_step") }
    guard let layer = LayerID(rawValue: Int(rawLayer)) else {
      return invalid("\(call): layer \(rawLayer) is not an SH_LAYER_* value")
    }
    if let status = finite("\(call) of the \(layer) layer", numbers) { return status }
    if let status = refusedChange(call) { return status }
    guard let change = make(layer) else { return .invalidArgument }
    let index = steps.count - 1
    if case .rotate = change {
      guard steps[index].rotated.insert(layer).inserted else {
        return invalid("rotate: the \(layer) layer is already rotated in this step; rotate it once per step")
      }
    }
    steps[index].changes.append(Step.Change(layer, change, interval: steps[index].interval))
    changeCount += 1
    return .ok
  }

  func setInterval(_ start: Double, _ end: Double) -> PluginStatus {
    guard !steps.isEmpty else { return refuse(.noStep, "set_interval before any begin_step") }
    do {
      steps[steps.count - 1].interval = try ChangeInterval(start: start, end: end)
      return .ok
    } catch {
      return invalid("set_interval: \(error)")
    }
  }

  func setSpring(_ mass: Double, _ stiffness: Double, _ damping: Double, _ velocity: Double) -> PluginStatus {
    guard !steps.isEmpty else { return refuse(.noStep, "set_spring before any begin_step") }
    do {
      let spring = try Spring(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: velocity)
      steps[steps.count - 1].curve = TimingCurve(spring)
      return .ok
    } catch {
      return invalid("set_spring: \(error)")
    }
  }

  /// Records a clip change after checking that `layer` is a content layer.
  func clipChange(_ call: String, _ layer: Int32, _ numbers: [(String, Double)], _ change: LayerChange) -> PluginStatus
  {
    self.change(call, layer, numbers) { id in
      guard id != .stage else {
        _ = invalid("\(call): the stage has no clip; clip the appearing or disappearing layer")
        return nil
      }
      return change
    }
  }

  func setOnTop(_ rawLayer: Int32, _ when: Int32) -> PluginStatus {
    guard !steps.isEmpty else { return refuse(.noStep, "set_on_top before any begin_step") }
    guard let layer = LayerID(rawValue: Int(rawLayer)), layer != .stage else {
      return invalid("set_on_top: layer \(rawLayer) is not SH_LAYER_APPEARING or SH_LAYER_DISAPPEARING")
    }
    guard when == Int32(SH_STEP_START) || when == Int32(SH_STEP_END) else {
      return invalid("set_on_top: when \(when) is not SH_STEP_START or SH_STEP_END")
    }
    if let status = refusedChange("set_on_top") { return status }
    if when == Int32(SH_STEP_START) {
      steps[steps.count - 1].onTopAtStart = layer
    } else {
      steps[steps.count - 1].onTopAtEnd = layer
    }
    changeCount += 1
    return .ok
  }

  func rotate(_ layer: Int32, _ angle: Double, _ ax: Double, _ ay: Double, _ az: Double) -> PluginStatus {
    change("rotate", layer, [("angle", angle), ("axis x", ax), ("axis y", ay), ("axis z", az)]) { _ in
      let axis = Vector3(x: ax, y: ay, z: az)
      guard axis.length > 0 else {
        _ = invalid("rotate: the axis (0, 0, 0) has no direction")
        return nil
      }
      return .rotate(angle: angle, axis: axis)
    }
  }

  func scale(_ layer: Int32, _ sx: Double, _ sy: Double, _ sz: Double) -> PluginStatus {
    change("scale", layer, [("sx", sx), ("sy", sy), ("sz", sz)]) { _ in
      for (name, factor) in [("sx", sx), ("sy", sy), ("sz", sz)] where !(1 / factor).isFinite {
        _ = invalid("scale: \(name) is \(factor), which cannot be undone; use a non-zero factor")
        return nil
      }
      return .scale(Vector3(x: sx, y: sy, z: sz))
    }
  }

  func fade(_ layer: Int32, _ delta: Double) -> PluginStatus {
    change("fade", layer, [("delta", delta)]) { id in
      guard id != .stage else {
        _ = invalid("fade: the stage has no opacity; fade the appearing or disappearing layer")
        return nil
      }
      return .fade(delta)
    }
  }

  /// `change_dim` (ABI 1.3): a content layer's dim, refused on the stage as a fade is.
  func dim(_ layer: Int32, _ delta: Double) -> PluginStatus {
    change("change_dim", layer, [("ddim", delta)]) { id in
      guard id != .stage else {
        _ = invalid(
          "change_dim: the stage has no dim (it has no pixels of its own); dim the appearing or "
            + "disappearing layer")
        return nil
      }
      return .dim(delta)
    }
  }

  func changePerspective(_ delta: Double) -> PluginStatus {
    change("change_perspective", Int32(SH_LAYER_STAGE), [("delta", delta)]) { _ in
      guard perspective + delta >= -1e-12 else {
        _ = invalid("change_perspective: the perspective would become \(perspective + delta), below 0")
        return nil
      }
      perspective += delta
      return .changePerspective(delta)
    }
  }

  func report(_ message: String?) -> PluginStatus {
    guard let message else { return invalid("report: the message is NULL") }
    reported = message
    return .ok
  }

}
