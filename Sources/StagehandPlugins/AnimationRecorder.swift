import CStagehandPlugin
import StagehandAnimation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Records the host-function calls of one builder call as steps, refusing any call that breaks the header's rules.
///
/// The builder does not receive the recorder's address: `withBuilderHandle` gives it an opaque token that the host
/// functions check against the build running on the calling thread (see "Builder handles" below).
final class AnimationRecorder {
  struct PendingStep {
    var duration: Double
    var curve: TimingCurve
    var changes: [Step.Change] = []
    var rotated: Set<LayerID> = []
    /// The interval of the changes that follow (set_interval).
    var interval: ChangeInterval = .whole
    /// The content layer set_on_top puts on top at the step's start, and at its end.
    var onTopAtStart: LayerID?
    var onTopAtEnd: LayerID?
  }

  private(set) var steps: [PendingStep] = []
  private var changeCount = 0
  private var perspective: Double
  /// The content layer on top before the first step.
  private let initialOnTop: LayerID
  /// The first call the recorder refused, with its status and why.
  private(set) var refusal: (status: Int32, message: String)?
  /// The last message the builder gave to `report`.
  private(set) var reported: String?
  /// Every call applied so far, in order, when the recorder keeps a log (the plugin process does; see `HostCall`).
  var log: [HostCall]?

  init(initialPerspective: Double, initialOnTop: LayerID = .appearing) {
    perspective = initialPerspective
    self.initialOnTop = initialOnTop
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

  /// The refusal of a change before any step, or past SH_MAX_CHANGES; nil when neither.
  private func refusedChange(_ call: String) -> Int32? {
    guard !steps.isEmpty else { return refuse(Int32(SH_ERROR_NO_STEP), "\(call) before any begin_step") }
    guard changeCount < Int(SH_MAX_CHANGES) else {
      return refuse(Int32(SH_ERROR_LIMIT), "\(call): more than \(SH_MAX_CHANGES) changes")
    }
    return nil
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
    if let status = refusedChange(call) { return status }
    guard let change = make(layer) else { return Int32(SH_ERROR_INVALID_ARGUMENT) }
    let index = steps.count - 1
    if case .rotate = change {
      guard steps[index].rotated.insert(layer).inserted else {
        return invalid("rotate: the \(layer) layer is already rotated in this step; rotate it once per step")
      }
    }
    steps[index].changes.append(Step.Change(layer, change, interval: steps[index].interval))
    changeCount += 1
    return Int32(SH_OK)
  }

  func setInterval(_ start: Double, _ end: Double) -> Int32 {
    guard !steps.isEmpty else { return refuse(Int32(SH_ERROR_NO_STEP), "set_interval before any begin_step") }
    do {
      steps[steps.count - 1].interval = try ChangeInterval(start: start, end: end)
      return Int32(SH_OK)
    } catch {
      return invalid("set_interval: \(error)")
    }
  }

  func setSpring(_ mass: Double, _ stiffness: Double, _ damping: Double, _ velocity: Double) -> Int32 {
    guard !steps.isEmpty else { return refuse(Int32(SH_ERROR_NO_STEP), "set_spring before any begin_step") }
    do {
      let spring = try Spring(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: velocity)
      steps[steps.count - 1].curve = TimingCurve(spring)
      return Int32(SH_OK)
    } catch {
      return invalid("set_spring: \(error)")
    }
  }

  /// Records a clip change after checking that `layer` is a content layer.
  func clipChange(_ call: String, _ layer: Int32, _ numbers: [(String, Double)], _ change: LayerChange) -> Int32 {
    self.change(call, layer, numbers) { id in
      guard id != .stage else {
        _ = invalid("\(call): the stage has no clip; clip the appearing or disappearing layer")
        return nil
      }
      return change
    }
  }

  func setOnTop(_ rawLayer: Int32, _ when: Int32) -> Int32 {
    guard !steps.isEmpty else { return refuse(Int32(SH_ERROR_NO_STEP), "set_on_top before any begin_step") }
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

  /// `change_dim` (ABI 1.3): a content layer's dim, refused on the stage as a fade is.
  func dim(_ layer: Int32, _ delta: Double) -> Int32 {
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

  func report(_ message: String?) -> Int32 {
    guard let message else { return invalid("report: the message is NULL") }
    reported = message
    return Int32(SH_OK)
  }

  /// The recorded steps as validated model steps. A draw-order change becomes an instant step of its own, before or
  /// after its step, when it changes which content is on top at that moment.
  func finishedSteps() throws(AnimationError) -> [Step] {
    var result: [Step] = []
    result.reserveCapacity(steps.count)
    var onTop = initialOnTop
    func order(_ wanted: LayerID?) throws(AnimationError) {
      guard let wanted, wanted != onTop else { return }
      result.append(try Step(duration: 0, curve: .linear, changes: [Step.Change(.stage, .swapDrawOrder)]))
      onTop = wanted
    }
    for pending in steps {
      try order(pending.onTopAtStart)
      result.append(try Step(duration: pending.duration, curve: pending.curve, changes: pending.changes))
      try order(pending.onTopAtEnd)
    }
    return result
  }
}

// MARK: - Builder handles
//
// The rule (stagehand_plugin.h, sections 5 and 7): a builder calls the host functions only from the thread that runs
// it, only before it returns, and only with the handle it received in that call. The host does not trust plugins to
// follow it; it enforces it, cheaply, on every host-function call:
//
// - A handle is a token, never an address: a number unique in the process (never reused), whose top byte is 0x53,
//   which no user-space address has on x86-64 or AArch64 Linux, so no pointer a plugin holds equals a token by chance
//   and a plugin that dereferences one faults at once. The host never reads through a handle; it only compares it.
// - Each thread has one slot (`BuildSlot`, reached through a pthread key) holding the token and the recorder of the
//   build running on that thread, or the token 0 and no recorder when none runs.
// - A host function accepts a call only when its handle equals the token in the calling thread's slot, and only then
//   touches a recorder. A handle kept after its builder returned (the slot was cleared, or holds a later build's
//   token), a handle used from another thread (whose slot holds another token, or none), and any other value (NULL,
//   0x1, the address of the host table, a neighbouring token) get SH_ERROR_INVALID_ARGUMENT, and nothing changes:
//   the host cannot tell which build such a call meant, so it neither records it nor counts it against any build.
// - `withBuilderHandle` fills the slot just before the builder is called and restores what the slot held before as
//   soon as it returns, whatever it returns, so a build started inside another one on the same thread would leave the
//   outer build intact.
// - Tokens come from a process-wide atomic counter in blocks of 2^16, so the usual build touches only its own
//   thread's slot (no shared cache line): a pthread_getspecific, a few loads and stores.

/// The build running on one thread, and the tokens reserved for that thread. One per thread, allocated the first time
/// the thread builds, freed when it exits.
private struct BuildSlot {
  /// The token of the build running on this thread, or 0 when none runs.
  var token: UInt64 = 0
  /// The recorder of that build, unretained: `withBuilderHandle` keeps it alive while its token is in the slot.
  var recorder: Unmanaged<AnimationRecorder>?
  /// The next token this thread hands out.
  var nextToken: UInt64 = 0
  /// The end of the block of tokens reserved for this thread: when `nextToken` reaches it, another block is taken.
  var tokenLimit: UInt64 = 0
}

/// The pthread key of every thread's `BuildSlot`, plus one; 0 until the first build of the process creates the key.
///
/// An atomic rather than a lazily initialised global, so that the host functions read it with a plain load. A thread
/// that reads 0 has never built, so there is no build it could call into.
private let buildSlotKeyPlusOne = Atomic<UInt>(0)

/// The key of every thread's `BuildSlot`, created the first time it is needed. Its destructor frees a thread's slot
/// when the thread exits.
private func buildSlotKey() -> pthread_key_t {
  let known = buildSlotKeyPlusOne.load(ordering: .acquiring)
  if known != 0 { return pthread_key_t(truncatingIfNeeded: known - 1) }
  var key = pthread_key_t()
  let status = pthread_key_create(&key) { slot in slot?.deallocate() }
  precondition(status == 0, "pthread_key_create failed with \(status): cannot track builder handles")
  let (created, existing) = buildSlotKeyPlusOne.compareExchange(
    expected: 0, desired: UInt(key) + 1, ordering: .acquiringAndReleasing)
  if created { return key }
  pthread_key_delete(key)  // another thread created the key first
  return pthread_key_t(truncatingIfNeeded: existing - 1)
}

/// How many blocks of tokens all threads have taken so far.
private let takenTokenBlocks = Atomic<UInt64>(0)

/// The top byte every token has (0x53, "S"): no user-space address has it, and no token is 0.
private let tokenTag: UInt64 = 0x53 << 56

/// How many tokens a thread takes at a time.
private let tokensPerBlock: UInt64 = 1 << 16

/// The calling thread's slot, allocated the first time the thread builds.
private func currentBuildSlot() -> UnsafeMutablePointer<BuildSlot> {
  let key = buildSlotKey()
  if let slot = pthread_getspecific(key) { return slot.assumingMemoryBound(to: BuildSlot.self) }
  let slot = UnsafeMutablePointer<BuildSlot>.allocate(capacity: 1)
  slot.initialize(to: BuildSlot())
  let status = pthread_setspecific(key, slot)
  precondition(status == 0, "pthread_setspecific failed with \(status): cannot track builder handles")
  return slot
}

extension AnimationRecorder {
  /// Calls `body` with a builder handle that reaches this recorder only from the calling thread, only until `body`
  /// returns; afterwards (and from any other thread) the host functions refuse it.
  func withBuilderHandle<Result>(_ body: (UnsafeMutableRawPointer) -> Result) -> Result {
    let slot = currentBuildSlot()
    if slot.pointee.nextToken == slot.pointee.tokenLimit {
      // Block 0 is never handed out; 2^40 blocks of 2^16 tokens fill the 56 bits below the tag.
      let block = takenTokenBlocks.add(1, ordering: .relaxed).newValue
      precondition(block < 1 << 40, "the process has used up its 2^56 builder handles")
      slot.pointee.nextToken = tokenTag | block * tokensPerBlock
      slot.pointee.tokenLimit = slot.pointee.nextToken + tokensPerBlock
    }
    let token = slot.pointee.nextToken
    slot.pointee.nextToken += 1
    let outer = (token: slot.pointee.token, recorder: slot.pointee.recorder)
    slot.pointee.token = token
    slot.pointee.recorder = Unmanaged.passUnretained(self)
    defer {
      slot.pointee.token = outer.token
      slot.pointee.recorder = outer.recorder
    }
    return withExtendedLifetime(self) { body(UnsafeMutableRawPointer(bitPattern: UInt(token))!) }
  }
}

/// Calls `body` with the recorder of the build running on the calling thread when `handle` is that build's token;
/// otherwise returns SH_ERROR_INVALID_ARGUMENT and touches nothing. It compares the handle and never reads through it.
@inline(__always)
private func withRecorder(_ handle: OpaquePointer?, _ body: (AnimationRecorder) -> Int32) -> Int32 {
  let keyPlusOne = buildSlotKeyPlusOne.load(ordering: .relaxed)
  guard keyPlusOne != 0, let raw = pthread_getspecific(pthread_key_t(truncatingIfNeeded: keyPlusOne - 1)) else {
    return Int32(SH_ERROR_INVALID_ARGUMENT)
  }
  let slot = raw.assumingMemoryBound(to: BuildSlot.self).pointee
  guard let recorder = slot.recorder, slot.token == UInt64(UInt(bitPattern: handle)) else {
    return Int32(SH_ERROR_INVALID_ARGUMENT)
  }
  // No retain: `withBuilderHandle` keeps the recorder alive while its token is in this thread's slot.
  return recorder._withUnsafeGuaranteedRef(body)
}

/// The table of host functions every builder receives; each entry forwards to the recorder of the build its handle
/// belongs to, or refuses the call (see "Builder handles").
let hostFunctions = sh_host(
  struct_size: UInt32(MemoryLayout<sh_host>.size),
  abi_major: UInt16(SH_ABI_MAJOR),
  abi_minor: UInt16(SH_ABI_MINOR),
  begin_step: { handle, duration, curve in
    withRecorder(handle) { $0.apply(.beginStep(duration: duration, curve: curve)) }
  },
  set_bezier: { handle, x1, y1, x2, y2 in withRecorder(handle) { $0.apply(.setBezier(x1, y1, x2, y2)) } },
  translate: { handle, layer, dx, dy, dz in withRecorder(handle) { $0.apply(.translate(layer: layer, dx, dy, dz)) } },
  rotate: { handle, layer, angle, ax, ay, az in
    withRecorder(handle) { $0.apply(.rotate(layer: layer, angle: angle, ax, ay, az)) }
  },
  scale: { handle, layer, sx, sy, sz in withRecorder(handle) { $0.apply(.scale(layer: layer, sx, sy, sz)) } },
  fade: { handle, layer, delta in withRecorder(handle) { $0.apply(.fade(layer: layer, delta)) } },
  move_anchor: { handle, layer, dx, dy in withRecorder(handle) { $0.apply(.moveAnchor(layer: layer, dx, dy)) } },
  change_perspective: { handle, delta in withRecorder(handle) { $0.apply(.changePerspective(delta)) } },
  report: { handle, message in withRecorder(handle) { $0.apply(.report(reportedMessage(message))) } },
  set_interval: { handle, start, end in withRecorder(handle) { $0.apply(.setInterval(start, end)) } },
  set_spring: { handle, mass, stiffness, damping, velocity in
    withRecorder(handle) {
      $0.apply(.setSpring(mass: mass, stiffness: stiffness, damping: damping, velocity: velocity))
    }
  },
  change_inset: { handle, layer, top, right, bottom, left in
    withRecorder(handle) { $0.apply(.changeInset(layer: layer, top, right, bottom, left)) }
  },
  change_corner_radius: { handle, layer, delta in
    withRecorder(handle) { $0.apply(.changeCornerRadius(layer: layer, delta)) }
  },
  change_ellipse: { handle, layer, dx, dy, drx, dry in
    withRecorder(handle) { $0.apply(.changeEllipse(layer: layer, dx, dy, drx, dry)) }
  },
  set_on_top: { handle, layer, when in withRecorder(handle) { $0.apply(.setOnTop(layer: layer, when: when)) } },
  change_backdrop: { handle, dr, dg, db, dopacity in
    withRecorder(handle) { $0.apply(.changeBackdrop(dr, dg, db, dopacity)) }
  },
  change_wedge: { handle, layer, dx, dy, dstart, dsweep in
    withRecorder(handle) { $0.apply(.changeWedge(layer: layer, dx, dy, dstart, dsweep)) }
  },
  change_dim: { handle, layer, ddim in withRecorder(handle) { $0.apply(.changeDim(layer: layer, ddim)) } }
)

/// The table of host functions, allocated once and never freed: a builder that keeps the pointer after it returns
/// (against section 5) reads a valid table, whose functions refuse its stale handle.
struct HostTable: @unchecked Sendable {
  /// The table every builder receives.
  let pointer: UnsafePointer<sh_host>
}

/// The one host table of the process.
let hostTable: HostTable = {
  let table = UnsafeMutablePointer<sh_host>.allocate(capacity: 1)
  table.initialize(to: hostFunctions)
  return HostTable(pointer: UnsafePointer(table))
}()
