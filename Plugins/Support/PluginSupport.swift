// Helpers for writing a Stagehand plugin in Swift against stagehand_plugin.h alone.
//
// These files are compiled into every built-in plugin (each plugin directory links to them), so each library gets its
// own private copy: plugins share no Swift module with each other or with the host, and no Swift value crosses the
// C boundary. Everything the descriptor points to is allocated once and never freed, as the header requires.

import CStagehandPlugin

/// A C string for the descriptor: a Swift string literal is stored NUL-terminated in the library's constant data.
func cString(_ literal: StaticString) -> UnsafePointer<CChar> {
  UnsafeRawPointer(literal.utf8Start).assumingMemoryBound(to: CChar.self)
}

/// A copy of `items` that lives as long as the process, for the descriptor's arrays.
func permanent<T>(_ items: [T]) -> UnsafePointer<T>? {
  guard !items.isEmpty else { return nil }
  let storage = UnsafeMutablePointer<T>.allocate(capacity: items.count)
  storage.initialize(from: items, count: items.count)
  return UnsafePointer(storage)
}

/// A parameter declaration, typed by the C type its builder argument takes: `Int32` for enum and integer
/// parameters, `Double` for decimal ones, `Bool` for booleans (section 13 of the header). The `style` functions
/// (PluginSupport+Styles.swift) accept a builder only if its signature matches these types.
struct Parameter<CValue> {
  /// The descriptor entry.
  let descriptor: sh_parameter
}

/// An enum parameter whose labels are `labels` and whose default is the label at `defaultIndex`.
func enumParameter(
  _ symbol: StaticString, labels: [StaticString], defaultIndex: Int, description: StaticString
) -> Parameter<Int32> {
  Parameter(
    descriptor: sh_parameter(
      struct_size: UInt32(MemoryLayout<sh_parameter>.size), symbol: cString(symbol), type: Int32(SH_PARAM_ENUM),
      minimum: 0, maximum: Double(labels.count - 1), default_value: Double(defaultIndex),
      label_count: UInt32(labels.count), labels: permanent(labels.map { Optional(cString($0)) }), unit: nil,
      description: cString(description)))
}

/// An integer parameter.
func intParameter(
  _ symbol: StaticString, range: ClosedRange<Int32>, defaultValue: Int32, unit: StaticString?,
  description: StaticString
) -> Parameter<Int32> {
  Parameter(
    descriptor: sh_parameter(
      struct_size: UInt32(MemoryLayout<sh_parameter>.size), symbol: cString(symbol), type: Int32(SH_PARAM_INT),
      minimum: Double(range.lowerBound), maximum: Double(range.upperBound), default_value: Double(defaultValue),
      label_count: 0, labels: nil, unit: unit.map(cString), description: cString(description)))
}

/// A boolean parameter.
func boolParameter(_ symbol: StaticString, defaultValue: Bool, description: StaticString) -> Parameter<Bool> {
  Parameter(
    descriptor: sh_parameter(
      struct_size: UInt32(MemoryLayout<sh_parameter>.size), symbol: cString(symbol), type: Int32(SH_PARAM_BOOL),
      minimum: 0, maximum: 1, default_value: defaultValue ? 1 : 0, label_count: 0, labels: nil, unit: nil,
      description: cString(description)))
}

/// A decimal parameter.
func doubleParameter(
  _ symbol: StaticString, range: ClosedRange<Double>, defaultValue: Double, unit: StaticString,
  description: StaticString
) -> Parameter<Double> {
  Parameter(
    descriptor: sh_parameter(
      struct_size: UInt32(MemoryLayout<sh_parameter>.size), symbol: cString(symbol), type: Int32(SH_PARAM_DOUBLE),
      minimum: range.lowerBound, maximum: range.upperBound, default_value: defaultValue, label_count: 0, labels: nil,
      unit: cString(unit), description: cString(description)))
}

/// The three fixed arguments of every builder (section 13): the context, the host table and the builder handle.
typealias BuilderContext = UnsafePointer<sh_context>?
/// The host table a builder receives.
typealias BuilderHost = UnsafePointer<sh_host>?
/// The opaque handle a builder passes to every host function.
typealias BuilderHandle = OpaquePointer?

/// A preset setting `values`, pairs of parameter symbol and value text.
func preset(_ name: StaticString, _ summary: StaticString, _ values: [(StaticString, StaticString)]) -> sh_preset {
  let entries = values.map { sh_preset_value(parameter: cString($0.0), value: cString($0.1)) }
  return sh_preset(
    struct_size: UInt32(MemoryLayout<sh_preset>.size), name: cString(name), summary: cString(summary),
    value_count: UInt32(entries.count), values: permanent(entries))
}

/// A style from its parts; the typed `style` functions of PluginSupport+Styles.swift call it, after the compiler has
/// checked the builder's signature against the parameters.
func style(
  _ name: StaticString, _ summary: StaticString, _ defaultDuration: Double, _ flags: UInt32,
  _ parameters: [sh_parameter], _ presets: [sh_preset], _ builder: sh_function,
  _ reducedMotionFallback: StaticString? = nil
) -> sh_style {
  sh_style(
    struct_size: UInt32(MemoryLayout<sh_style>.size), name: cString(name), summary: cString(summary),
    default_duration: defaultDuration, flags: flags, parameter_count: UInt32(parameters.count),
    parameters: permanent(parameters), preset_count: UInt32(presets.count), presets: permanent(presets),
    builder: builder, inverse_builder: nil, reduced_motion_fallback: reducedMotionFallback.map(cString))
}

/// The plugin descriptor, allocated once.
func plugin(
  id: StaticString, version: StaticString, name: StaticString, author: StaticString = "The Stagehand authors",
  license: StaticString = "Apache-2.0", description: StaticString, styles: [sh_style]
) -> UnsafePointer<sh_plugin> {
  permanent([
    sh_plugin(
      abi_major: UInt16(SH_ABI_MAJOR), abi_minor: UInt16(SH_ABI_MINOR),
      struct_size: UInt32(MemoryLayout<sh_plugin>.size),
      id: cString(id), version: cString(version), name: cString(name), author: cString(author),
      license: cString(license), description: cString(description), style_count: UInt32(styles.count),
      styles: permanent(styles))
  ])!
}

/// A failed host call: its status, which the builder returns.
struct BuildStatus: Error {
  let code: Int32
}

/// The host functions of one builder call, as throwing Swift methods.
struct Builder {
  let context: sh_context
  private let host: UnsafePointer<sh_host>
  private let handle: OpaquePointer?

  /// Runs `describe` with the host table of a builder call and turns its outcome into the status to return.
  static func run(
    _ context: UnsafePointer<sh_context>?, _ host: UnsafePointer<sh_host>?, _ handle: OpaquePointer?,
    _ describe: (Builder) throws(BuildStatus) -> Void
  ) -> Int32 {
    guard let context, let host else { return Int32(SH_ERROR_INVALID_ARGUMENT) }
    do {
      try describe(Builder(context: context.pointee, host: host, handle: handle))
      return Int32(SH_OK)
    } catch {
      return error.code
    }
  }

  private func check(_ status: Int32) throws(BuildStatus) {
    guard status == Int32(SH_OK) else { throw BuildStatus(code: status) }
  }

  /// Starts a step of `duration` seconds with a named curve.
  func step(_ duration: Double, _ curve: Int32 = Int32(SH_CURVE_EASE_IN_OUT)) throws(BuildStatus) {
    try check(host.pointee.begin_step(handle, duration, curve))
  }

  /// Translates a layer by (dx, dy, dz) points.
  func translate(_ layer: Int32, _ dx: Double, _ dy: Double, _ dz: Double = 0) throws(BuildStatus) {
    try check(host.pointee.translate(handle, layer, dx, dy, dz))
  }

  /// Rotates a layer by `angle` radians about (ax, ay, az).
  func rotate(_ layer: Int32, _ angle: Double, _ ax: Double, _ ay: Double, _ az: Double) throws(BuildStatus) {
    try check(host.pointee.rotate(handle, layer, angle, ax, ay, az))
  }

  /// Scales a layer by (sx, sy, sz).
  func scale(_ layer: Int32, _ sx: Double, _ sy: Double, _ sz: Double = 1) throws(BuildStatus) {
    try check(host.pointee.scale(handle, layer, sx, sy, sz))
  }

  /// Adds `delta` to a layer's opacity.
  func fade(_ layer: Int32, _ delta: Double) throws(BuildStatus) {
    try check(host.pointee.fade(handle, layer, delta))
  }

  /// Adds `delta` to the stage's perspective (1 / camera distance).
  func changePerspective(_ delta: Double) throws(BuildStatus) {
    try check(host.pointee.change_perspective(handle, delta))
  }

  /// Moves a layer's anchor point by (dx, dy) in unit coordinates of the layer.
  func moveAnchor(_ layer: Int32, _ dx: Double, _ dy: Double) throws(BuildStatus) {
    try check(host.pointee.move_anchor(handle, layer, dx, dy))
  }

  /// Replaces the current step's curve by the cubic Bezier curve with control points (x1, y1) and (x2, y2).
  func bezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) throws(BuildStatus) {
    try check(host.pointee.set_bezier(handle, x1, y1, x2, y2))
  }

  /// [1.1] Makes the changes that follow in this step run over [start, end] of it.
  func interval(_ start: Double, _ end: Double) throws(BuildStatus) {
    try check(host.pointee.set_interval(handle, start, end))
  }

  /// [1.1] Replaces the current step's curve by a damped spring.
  func spring(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double = 0) throws(BuildStatus) {
    try check(host.pointee.set_spring(handle, mass, stiffness, damping, initialVelocity))
  }

  /// [1.1] Moves the edges of a content layer's clip rectangle inwards, in unit coordinates of the layer.
  func inset(_ layer: Int32, top: Double = 0, right: Double = 0, bottom: Double = 0, left: Double = 0)
    throws(BuildStatus)
  {
    try check(host.pointee.change_inset(handle, layer, top, right, bottom, left))
  }

  /// [1.1] Adds `delta` points to the corner radius of a content layer's clip rectangle.
  func cornerRadius(_ layer: Int32, _ delta: Double) throws(BuildStatus) {
    try check(host.pointee.change_corner_radius(handle, layer, delta))
  }

  /// [1.1] Moves a content layer's clip ellipse by (dx, dy) and adds (drx, dry) to its radii.
  func ellipse(_ layer: Int32, dx: Double = 0, dy: Double = 0, drx: Double, dry: Double) throws(BuildStatus) {
    try check(host.pointee.change_ellipse(handle, layer, dx, dy, drx, dry))
  }

  /// [1.1] Puts a content layer on top at the start (`atEnd` false) or the end of the current step.
  func onTop(_ layer: Int32, atEnd: Bool = false) throws(BuildStatus) {
    try check(host.pointee.set_on_top(handle, layer, Int32(atEnd ? SH_STEP_END : SH_STEP_START)))
  }

  /// [1.1] Adds (dr, dg, db) to the backdrop colour and `dopacity` to its opacity.
  func backdrop(_ dr: Double, _ dg: Double, _ db: Double, opacity dopacity: Double) throws(BuildStatus) {
    try check(host.pointee.change_backdrop(handle, dr, dg, db, dopacity))
  }

  /// [1.3] Adds `delta` to a content layer's dim (black of that opacity over its own pixels, 0 to 1 when drawn).
  func dim(_ layer: Int32, _ delta: Double) throws(BuildStatus) {
    try check(host.pointee.change_dim(handle, layer, delta))
  }

  /// [1.1] Whether the container lays out right to left.
  var isRightToLeft: Bool { context.layout_direction == Int32(SH_LAYOUT_RIGHT_TO_LEFT) }

  /// [1.1] Whether the user asked for reduced motion.
  var reducesMotion: Bool { context.flags & UInt32(SH_CONTEXT_REDUCE_MOTION) != 0 }
}

let appearing = Int32(SH_LAYER_APPEARING)
let disappearing = Int32(SH_LAYER_DISAPPEARING)
let stage = Int32(SH_LAYER_STAGE)
