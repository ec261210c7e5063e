import CStagehandPlugin
import StagehandAnimation

/// One call a builder made to a host function with its own handle: what the plugin process records while a builder
/// runs, and what the host replays into a recorder of its own (see `BuildRecording`).
///
/// Every entry of the host table goes through `AnimationRecorder.apply(_:)` with one of these, so a call replayed
/// in the host meets exactly the checks it met in the plugin process.
public enum HostCall: Hashable, Sendable {
  /// `begin_step`.
  case beginStep(duration: Double, curve: Int32)
  /// `set_bezier`.
  case setBezier(Double, Double, Double, Double)
  /// `translate`.
  case translate(layer: Int32, Double, Double, Double)
  /// `rotate`.
  case rotate(layer: Int32, angle: Double, Double, Double, Double)
  /// `scale`.
  case scale(layer: Int32, Double, Double, Double)
  /// `fade`.
  case fade(layer: Int32, Double)
  /// `move_anchor`.
  case moveAnchor(layer: Int32, Double, Double)
  /// `change_perspective`.
  case changePerspective(Double)
  /// `report` with its message (nil for a NULL message), cut at SH_MAX_STRING_LENGTH bytes.
  case report(String?)
  /// `set_interval`.
  case setInterval(Double, Double)
  /// `set_spring`.
  case setSpring(mass: Double, stiffness: Double, damping: Double, velocity: Double)
  /// `change_inset`.
  case changeInset(layer: Int32, Double, Double, Double, Double)
  /// `change_corner_radius`.
  case changeCornerRadius(layer: Int32, Double)
  /// `change_ellipse`.
  case changeEllipse(layer: Int32, Double, Double, Double, Double)
  /// `set_on_top`.
  case setOnTop(layer: Int32, when: Int32)
  /// `change_backdrop`.
  case changeBackdrop(Double, Double, Double, Double)
  /// `change_wedge` (ABI 1.2).
  case changeWedge(layer: Int32, Double, Double, Double, Double)
  /// `change_dim` (ABI 1.3).
  case changeDim(layer: Int32, Double)

  /// Whether two calls are the same call: the same kind, integers and message, and numbers of the same bits (a NaN a
  /// builder passed is the same NaN when the call is replayed).
  public static func == (a: HostCall, b: HostCall) -> Bool {
    let (x, y) = (a.fields, b.fields)
    return x.kind == y.kind && x.integers == y.integers && a.message == b.message
      && x.numbers.0.bitPattern == y.numbers.0.bitPattern && x.numbers.1.bitPattern == y.numbers.1.bitPattern
      && x.numbers.2.bitPattern == y.numbers.2.bitPattern && x.numbers.3.bitPattern == y.numbers.3.bitPattern
  }

  /// Hashes what `==` compares.
  public func hash(into hasher: inout Hasher) {
    let (kind, integers, numbers) = fields
    hasher.combine(kind)
    hasher.combine(integers.0)
    hasher.combine(integers.1)
    for number in [numbers.0, numbers.1, numbers.2, numbers.3] { hasher.combine(number.bitPattern) }
    hasher.combine(message)
  }

  /// The message of a `report`.
  private var message: String? {
    if case .report(let message) = self { return message }
    return nil
  }

  /// The call's kind, its two integers and its numbers, in a fixed shape for the wire: one kind byte, two 32-bit
  /// integers, four doubles (a `report`'s message travels apart).
  package var fields: (kind: UInt8, integers: (Int32, Int32), numbers: (Double, Double, Double, Double)) {
    switch self {
    case .beginStep(let d, let c): (1, (c, 0), (d, 0, 0, 0))
    case .setBezier(let a, let b, let c, let d): (2, (0, 0), (a, b, c, d))
    case .translate(let l, let x, let y, let z): (3, (l, 0), (x, y, z, 0))
    case .rotate(let l, let a, let x, let y, let z): (4, (l, 0), (a, x, y, z))
    case .scale(let l, let x, let y, let z): (5, (l, 0), (x, y, z, 0))
    case .fade(let l, let d): (6, (l, 0), (d, 0, 0, 0))
    case .moveAnchor(let l, let x, let y): (7, (l, 0), (x, y, 0, 0))
    case .changePerspective(let d): (8, (0, 0), (d, 0, 0, 0))
    case .report(let message): (9, (message == nil ? 0 : 1, 0), (0, 0, 0, 0))
    case .setInterval(let s, let e): (10, (0, 0), (s, e, 0, 0))
    case .setSpring(let m, let k, let d, let v): (11, (0, 0), (m, k, d, v))
    case .changeInset(let l, let t, let r, let b, let left): (12, (l, 0), (t, r, b, left))
    case .changeCornerRadius(let l, let d): (13, (l, 0), (d, 0, 0, 0))
    case .changeEllipse(let l, let x, let y, let rx, let ry): (14, (l, 0), (x, y, rx, ry))
    case .setOnTop(let l, let w): (15, (l, w), (0, 0, 0, 0))
    case .changeBackdrop(let r, let g, let b, let o): (16, (0, 0), (r, g, b, o))
    case .changeWedge(let l, let x, let y, let start, let sweep): (17, (l, 0), (x, y, start, sweep))
    case .changeDim(let l, let d): (18, (l, 0), (d, 0, 0, 0))
    }
  }

  /// The call of `fields` (the message of a `report` given apart), or nil for an unknown kind.
  package init?(
    kind: UInt8, integers: (Int32, Int32), numbers n: (Double, Double, Double, Double), message: String?
  ) {
    let (i, j) = integers
    switch kind {
    case 1: self = .beginStep(duration: n.0, curve: i)
    case 2: self = .setBezier(n.0, n.1, n.2, n.3)
    case 3: self = .translate(layer: i, n.0, n.1, n.2)
    case 4: self = .rotate(layer: i, angle: n.0, n.1, n.2, n.3)
    case 5: self = .scale(layer: i, n.0, n.1, n.2)
    case 6: self = .fade(layer: i, n.0)
    case 7: self = .moveAnchor(layer: i, n.0, n.1)
    case 8: self = .changePerspective(n.0)
    case 9: self = .report(i == 0 ? nil : message ?? "")
    case 10: self = .setInterval(n.0, n.1)
    case 11: self = .setSpring(mass: n.0, stiffness: n.1, damping: n.2, velocity: n.3)
    case 12: self = .changeInset(layer: i, n.0, n.1, n.2, n.3)
    case 13: self = .changeCornerRadius(layer: i, n.0)
    case 14: self = .changeEllipse(layer: i, n.0, n.1, n.2, n.3)
    case 15: self = .setOnTop(layer: i, when: j)
    case 16: self = .changeBackdrop(n.0, n.1, n.2, n.3)
    case 17: self = .changeWedge(layer: i, n.0, n.1, n.2, n.3)
    case 18: self = .changeDim(layer: i, n.0)
    default: return nil
    }
  }
}

extension AnimationRecorder {
  /// Checks and records one host-function call, as the host table does for a builder; logs it first when the
  /// recorder keeps a log.
  func apply(_ call: HostCall) -> PluginStatus {
    // One call past the limit is kept, to show that the log was cut.
    if let count = log?.count, count <= HostCall.recordedLimit { log!.append(call) }
    switch call {
    case .beginStep(let duration, let curve): return beginStep(duration, curve)
    case .setBezier(let x1, let y1, let x2, let y2): return setBezier(x1, y1, x2, y2)
    case .translate(let layer, let dx, let dy, let dz):
      return change("translate", layer, [("dx", dx), ("dy", dy), ("dz", dz)]) { _ in
        .translate(Vector3(x: dx, y: dy, z: dz))
      }
    case .rotate(let layer, let angle, let ax, let ay, let az): return rotate(layer, angle, ax, ay, az)
    case .scale(let layer, let sx, let sy, let sz): return scale(layer, sx, sy, sz)
    case .fade(let layer, let delta): return fade(layer, delta)
    case .moveAnchor(let layer, let dx, let dy):
      return change("move_anchor", layer, [("dx", dx), ("dy", dy)]) { _ in .moveAnchor(Point(x: dx, y: dy)) }
    case .changePerspective(let delta): return changePerspective(delta)
    case .report(let message): return report(message)
    case .setInterval(let start, let end): return setInterval(start, end)
    case .setSpring(let mass, let stiffness, let damping, let velocity):
      return setSpring(mass, stiffness, damping, velocity)
    case .changeInset(let layer, let top, let right, let bottom, let left):
      return clipChange(
        "change_inset", layer, [("top", top), ("right", right), ("bottom", bottom), ("left", left)],
        .inset(Insets(top: top, right: right, bottom: bottom, left: left)))
    case .changeCornerRadius(let layer, let delta):
      return clipChange("change_corner_radius", layer, [("delta", delta)], .cornerRadius(delta))
    case .changeEllipse(let layer, let dx, let dy, let drx, let dry):
      return clipChange(
        "change_ellipse", layer, [("dx", dx), ("dy", dy), ("drx", drx), ("dry", dry)],
        .ellipse(centre: Point(x: dx, y: dy), radii: Point(x: drx, y: dry)))
    case .changeWedge(let layer, let dx, let dy, let dstart, let dsweep):
      return clipChange(
        "change_wedge", layer, [("dcx", dx), ("dcy", dy), ("dstart", dstart), ("dsweep", dsweep)],
        .wedge(centre: Point(x: dx, y: dy), start: dstart, sweep: dsweep))
    case .changeDim(let layer, let delta): return dim(layer, delta)
    case .setOnTop(let layer, let when): return setOnTop(layer, when)
    case .changeBackdrop(let dr, let dg, let db, let dopacity):
      return change(
        "change_backdrop", Int32(SH_LAYER_STAGE), [("dr", dr), ("dg", dg), ("db", db), ("dopacity", dopacity)]
      ) { _ in .backdrop(Backdrop(red: dr, green: dg, blue: db, opacity: dopacity)) }
    }
  }
}

/// The message a builder passed to `report`, read up to its NUL or SH_MAX_STRING_LENGTH bytes; nil for NULL.
func reportedMessage(_ message: UnsafePointer<CChar>?) -> String? {
  guard let message else { return nil }
  var bytes: [UInt8] = []
  while bytes.count < Int(SH_MAX_STRING_LENGTH), case let byte = UInt8(bitPattern: message[bytes.count]), byte != 0 {
    bytes.append(byte)
  }
  return String(decoding: bytes, as: UTF8.self)
}

/// What the plugin process sends back for one build: the status each builder returned and the host-function calls it
/// made, in order. The host replays them into recorders of its own (`LoadedPlugin.replay`), so an animation built in
/// the plugin process meets exactly the checks of an animation built in the host.
public struct BuildRecording: Hashable, Sendable {
  /// One builder's run.
  public struct Run: Hashable, Sendable {
    /// What the builder returned.
    public var status: Int32
    /// The calls it made with its handle, at most `HostCall.recordedLimit`.
    public var calls: [HostCall]
    /// Whether it made more calls than were recorded.
    public var truncated: Bool

    /// Creates a run.
    public init(status: Int32, calls: [HostCall], truncated: Bool) {
      self.status = status
      self.calls = calls
      self.truncated = truncated
    }
  }

  /// The style's builder.
  public var forward: Run?
  /// The style's inverse builder, when an inverse was asked for and the style has one (and its forward build passed).
  public var inverse: Run?

  /// Creates a recording.
  public init(forward: Run?, inverse: Run?) {
    self.forward = forward
    self.inverse = inverse
  }
}

extension HostCall {
  /// The most calls of one builder the plugin process records: far more than any animation within the header's
  /// limits needs (SH_MAX_STEPS steps, SH_MAX_CHANGES changes, a curve and an interval per step).
  package static let recordedLimit = 4096
}
