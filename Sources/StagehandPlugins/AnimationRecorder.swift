import CStagehandPlugin
import StagehandAnimation

/// Records the host-function calls of one builder call as steps, refusing any call that breaks the header's rules.
///
/// The builder receives a pointer to the recorder as its opaque `sh_builder *` handle.
final class AnimationRecorder {
  struct PendingStep {
    var duration: Double
    var curve: TimingCurve
    var changes: [Step.Change] = []
    var rotated: Set<LayerID> = []
  }

  private(set) var steps: [PendingStep] = []
  private var changeCount = 0
  private var perspective: Double
  /// The first call the recorder refused, with its status and why.
  private(set) var refusal: (status: Int32, message: String)?
  /// The last message the builder gave to `report`.
  private(set) var reported: String?

  init(initialPerspective: Double) {
    perspective = initialPerspective
  }

  /// Records a refusal (the first one is kept) and returns its status.
  private func refuse(_ status: Int32, _ message: String) -> Int32 {
    if refusal == nil { refusal = (status, message) }
    return status
  }

  private func invalid(_ message: String) -> Int32 { refuse(Int32(SH_ERROR_INVALID_ARGUMENT), message) }

  private func finite(_ call: String, _ values: [(String, Double)]) -> Int32? {
    for (name, value) in values where !value.isFinite {
      return invalid("\(call): \(name) is \(value), but it must be finite")
    }
    return nil
  }

  func beginStep(_ duration: Double, _ curve: Int32) -> Int32 {
    if let status = finite("begin_step", [("duration", duration)]) { return status }
    guard duration >= 0 else { return invalid("begin_step: duration \(duration) is negative") }
    let named: [Int32: TimingCurve] = [
      Int32(SH_CURVE_LINEAR): .linear, Int32(SH_CURVE_EASE_IN): .easeIn, Int32(SH_CURVE_EASE_OUT): .easeOut,
      Int32(SH_CURVE_EASE_IN_OUT): .easeInOut,
    ]
    guard let timing = named[curve] else { return invalid("begin_step: curve \(curve) is not an SH_CURVE_* value") }
    guard steps.count < Int(SH_MAX_STEPS) else {
      return refuse(Int32(SH_ERROR_LIMIT), "begin_step: more than \(SH_MAX_STEPS) steps")
    }
    steps.append(PendingStep(duration: duration, curve: timing))
    return Int32(SH_OK)
  }

  func setBezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Int32 {
    guard !steps.isEmpty else { return refuse(Int32(SH_ERROR_NO_STEP), "set_bezier before any begin_step") }
    do {
      steps[steps.count - 1].curve = try TimingCurve(x1: x1, y1: y1, x2: x2, y2: y2)
      return Int32(SH_OK)
    } catch {
      return invalid("set_bezier: \(error)")
    }
  }

  /// Records one change after the checks every change shares: a step exists, the layer is known, the limit holds.
  func change(_ call: String, _ rawLayer: Int32, _ numbers: [(String, Double)], _ make: (LayerID) -> LayerChange?)
    -> Int32
  {
    guard !steps.isEmpty else { return refuse(Int32(SH_ERROR_NO_STEP), "\(call) before any begin_step") }
    guard let layer = LayerID(rawValue: Int(rawLayer)) else {
      return invalid("\(call): layer \(rawLayer) is not an SH_LAYER_* value")
    }
    if let status = finite("\(call) of the \(layer) layer", numbers) { return status }
    guard changeCount < Int(SH_MAX_CHANGES) else {
      return refuse(Int32(SH_ERROR_LIMIT), "\(call): more than \(SH_MAX_CHANGES) changes")
    }
    guard let change = make(layer) else { return Int32(SH_ERROR_INVALID_ARGUMENT) }
    let index = steps.count - 1
    if case .rotate = change {
      guard steps[index].rotated.insert(layer).inserted else {
        return invalid("rotate: the \(layer) layer is already rotated in this step; rotate it once per step")
      }
    }
    steps[index].changes.append(Step.Change(layer, change))
    changeCount += 1
    return Int32(SH_OK)
  }

  func rotate(_ layer: Int32, _ angle: Double, _ ax: Double, _ ay: Double, _ az: Double) -> Int32 {
    change("rotate", layer, [("angle", angle), ("axis x", ax), ("axis y", ay), ("axis z", az)]) { _ in
      let axis = Vector3(x: ax, y: ay, z: az)
      guard axis.length > 0 else {
        _ = invalid("rotate: the axis (0, 0, 0) has no direction")
        return nil
      }
      return .rotate(angle: angle, axis: axis)
    }
  }

  func scale(_ layer: Int32, _ sx: Double, _ sy: Double, _ sz: Double) -> Int32 {
    change("scale", layer, [("sx", sx), ("sy", sy), ("sz", sz)]) { _ in
      for (name, factor) in [("sx", sx), ("sy", sy), ("sz", sz)] where !(1 / factor).isFinite {
        _ = invalid("scale: \(name) is \(factor), which cannot be undone; use a non-zero factor")
        return nil
      }
      return .scale(Vector3(x: sx, y: sy, z: sz))
    }
  }

  func fade(_ layer: Int32, _ delta: Double) -> Int32 {
    change("fade", layer, [("delta", delta)]) { id in
      guard id != .stage else {
        _ = invalid("fade: the stage has no opacity; fade the appearing or disappearing layer")
        return nil
      }
      return .fade(delta)
    }
  }

  func changePerspective(_ delta: Double) -> Int32 {
    change("change_perspective", Int32(SH_LAYER_STAGE), [("delta", delta)]) { _ in
      guard perspective + delta >= -1e-12 else {
        _ = invalid("change_perspective: the perspective would become \(perspective + delta), below 0")
        return nil
      }
      perspective += delta
      return .changePerspective(delta)
    }
  }

  func report(_ message: UnsafePointer<CChar>?) -> Int32 {
    guard let message else { return invalid("report: the message is NULL") }
    var bytes: [UInt8] = []
    while bytes.count < Int(SH_MAX_STRING_LENGTH), case let byte = UInt8(bitPattern: message[bytes.count]), byte != 0 {
      bytes.append(byte)
    }
    reported = String(decoding: bytes, as: UTF8.self)
    return Int32(SH_OK)
  }

  /// The recorded steps as validated model steps.
  func finishedSteps() throws(AnimationError) -> [Step] {
    try steps.map { (pending) throws(AnimationError) in
      try Step(duration: pending.duration, curve: pending.curve, changes: pending.changes)
    }
  }
}

/// The recorder behind a builder handle.
@inline(__always)
private func recorder(_ handle: OpaquePointer?) -> AnimationRecorder? {
  handle.map { Unmanaged<AnimationRecorder>.fromOpaque(UnsafeRawPointer($0)).takeUnretainedValue() }
}

private let invalidHandle = Int32(SH_ERROR_INVALID_ARGUMENT)

/// The table of host functions every builder receives; each entry forwards to the recorder behind the handle.
let hostFunctions = sh_host(
  struct_size: UInt32(MemoryLayout<sh_host>.size),
  abi_major: UInt16(SH_ABI_MAJOR),
  abi_minor: UInt16(SH_ABI_MINOR),
  begin_step: { recorder($0)?.beginStep($1, $2) ?? invalidHandle },
  set_bezier: { recorder($0)?.setBezier($1, $2, $3, $4) ?? invalidHandle },
  translate: { handle, layer, dx, dy, dz in
    recorder(handle)?.change("translate", layer, [("dx", dx), ("dy", dy), ("dz", dz)]) { _ in
      .translate(Vector3(x: dx, y: dy, z: dz))
    } ?? invalidHandle
  },
  rotate: { recorder($0)?.rotate($1, $2, $3, $4, $5) ?? invalidHandle },
  scale: { recorder($0)?.scale($1, $2, $3, $4) ?? invalidHandle },
  fade: { recorder($0)?.fade($1, $2) ?? invalidHandle },
  move_anchor: { handle, layer, dx, dy in
    recorder(handle)?.change("move_anchor", layer, [("dx", dx), ("dy", dy)]) { _ in
      .moveAnchor(Point(x: dx, y: dy))
    } ?? invalidHandle
  },
  change_perspective: { recorder($0)?.changePerspective($1) ?? invalidHandle },
  report: { recorder($0)?.report($1) ?? invalidHandle }
)
