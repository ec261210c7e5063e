import CStagehandPlugin
import StagehandAnimation

/// A plugin library opened, validated and ready to build: its description, and for each style a libffi call
/// interface prepared at load time from the style's parameters.
public final class LoadedPlugin: Sendable {
  /// The library file, as given.
  public let file: String
  /// What the plugin says about itself.
  public let info: PluginInfo
  private let styles: [LoadedStyle]
  private let entry: Entry

  struct LoadedStyle: @unchecked Sendable {
    let builders: DescriptorReader.Builders
    let call: CallInterface
  }

  /// The entry function and the descriptor it returned when the library was loaded.
  struct Entry: @unchecked Sendable {
    let function: sh_plugin_entry
    let descriptor: UnsafePointer<sh_plugin>
  }

  private init(file: String, info: PluginInfo, styles: [LoadedStyle], entry: Entry) {
    self.file = file
    self.info = info
    self.styles = styles
    self.entry = entry
  }

  /// Whether the entry, called again now, returns the descriptor it returned at load (section 5 of the header: it
  /// MUST return the same pointer on every call). For the validator.
  public var entryReturnsTheSameDescriptor: Bool {
    entry.function() == entry.descriptor
  }

  /// Opens the library at `path` with `RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE`, reads and validates its descriptor,
  /// and prepares a call interface for every builder. The library stays loaded for the life of the process.
  ///
  /// This trusts the path: the registry uses `load(_:descriptor:)`, which loads a file it has opened and checked.
  public static func load(_ path: String) throws(PluginError) -> LoadedPlugin {
    if let problem = ELFHeader.problem(path: path) {
      throw PluginError(file: path, reason: .cannotOpen(loaderMessage: problem))
    }
    switch LibraryHandle.open(path) {
    case .success(let handle): return try load(handle, file: path)
    case .failure(let message): throw PluginError(file: path, reason: .cannotOpen(loaderMessage: message.text))
    }
  }

  /// Loads the library behind the open file `descriptor`, as `load(_:)` does; `path` is the name used in messages.
  ///
  /// The library is opened through `/proc/self/fd`, so the file loaded is the one the caller opened and checked, even
  /// if its path has been renamed or replaced since. The caller keeps the descriptor and may close it afterwards.
  public static func load(_ path: String, descriptor: Int32) throws(PluginError) -> LoadedPlugin {
    switch LibraryHandle.open(descriptor: descriptor, name: path) {
    case .success(let handle): return try load(handle, file: path)
    case .failure(let message):
      throw PluginError(file: path, reason: .cannotOpen(loaderMessage: message.text))
    }
  }

  private static func load(_ handle: LibraryHandle, file path: String) throws(PluginError) -> LoadedPlugin {
    guard let symbol = handle.symbol(SH_PLUGIN_ENTRY_NAME) else {
      throw PluginError(file: path, reason: .missingEntry(symbol: SH_PLUGIN_ENTRY_NAME))
    }
    guard handle.contains(symbol) else {
      throw PluginError(file: path, reason: .pointsOutsideLibrary(function: "the entry \(SH_PLUGIN_ENTRY_NAME)"))
    }
    let entry = unsafeBitCast(symbol, to: sh_plugin_entry.self)
    guard let descriptor = entry() else { throw PluginError(file: path, reason: .nullDescriptor) }
    var reader = DescriptorReader(file: path)
    let (info, builders) = try reader.read(descriptor)
    var styles: [LoadedStyle] = []
    for (style, builder) in zip(info.styles, builders) {
      for (name, function) in [("builder", builder.forward), ("inverse_builder", builder.inverse)] {
        guard let function else { continue }
        guard handle.contains(unsafeBitCast(function, to: UnsafeRawPointer.self)) else {
          throw PluginError(
            file: path, plugin: info.id, style: style.name, reason: .pointsOutsideLibrary(function: name))
        }
      }
      let arguments: [FFIArgument] = [.pointer, .pointer, .pointer] + style.parameters.map(\.type.ffiArgument)
      guard let call = CallInterface(arguments: arguments) else {
        throw PluginError(file: path, plugin: info.id, style: style.name, reason: .cannotPrepareCall)
      }
      styles.append(LoadedStyle(builders: builder, call: call))
    }
    return LoadedPlugin(
      file: path, info: info, styles: styles, entry: Entry(function: entry, descriptor: descriptor))
  }

  /// The forward animation of the style at `styleIndex`, built in `bounds` at its intrinsic duration.
  ///
  /// `values` holds one value per parameter, in order, of the parameter's type and within its range.
  public func forward(styleIndex: Int, values: [ParameterValue], in bounds: Rect) throws(PluginError) -> Animation {
    try forward(styleIndex: styleIndex, values: values, in: TransitionContext(bounds: bounds))
  }

  /// The forward animation of the style at `styleIndex`, built in `context` (its bounds, layout direction, display
  /// scale and reduced-motion setting; not its duration) at its intrinsic duration.
  public func forward(styleIndex: Int, values: [ParameterValue], in context: TransitionContext) throws(PluginError)
    -> Animation
  {
    let steps = try record(styleIndex, style(styleIndex).builders.forward, values, context, startingFrom: .identity)
    return try finite(Animation(steps: steps), styleIndex, "forward")
  }

  /// The inverse animation of the style at `styleIndex`, built in `bounds` at its intrinsic duration: in it, the
  /// appearing layer is the content revealed again, and the disappearing layer the content that leaves.
  ///
  /// Without an inverse builder it is the forward animation with the two content layers exchanged, played backwards.
  /// With one, it starts where that reversal starts and must bring the revealed content, the stage and the backdrop
  /// to rest (the end-state rule); the leaving content may end anywhere, since it is not drawn once the pop has ended.
  public func inverse(styleIndex: Int, values: [ParameterValue], in bounds: Rect) throws(PluginError) -> Animation {
    try inverse(styleIndex: styleIndex, values: values, in: TransitionContext(bounds: bounds))
  }

  /// The inverse animation of the style at `styleIndex`, built in `context` (not its duration).
  public func inverse(styleIndex: Int, values: [ParameterValue], in context: TransitionContext) throws(PluginError)
    -> Animation
  {
    // Checked like any build: replaying a finite forward animation backwards has overflowed before (a rotation by
    // 1e33 radians made a quaternion of length 5e273 and an infinite inverse).
    let derived = try finite(
      forward(styleIndex: styleIndex, values: values, in: context).swappedAndReversed(), styleIndex, "inverse")
    guard let inverseBuilder = try style(styleIndex).builders.inverse else { return derived }
    let start = derived.initialStates
    let steps = try record(styleIndex, inverseBuilder, values, context, startingFrom: start)
    let animation = try finite(Animation(steps: steps, initialStates: start), styleIndex, "inverse")
    let backdrop = animation.finalStates.backdrop
    let backdropOff = [backdrop.red, backdrop.green, backdrop.blue, backdrop.opacity].map(abs).max() ?? 0
    guard backdropOff <= 1e-9 else {
      throw error(
        styleIndex,
        .buildFailed(
          status: Int32(SH_ERROR_FAILED),
          message: "the inverse builder leaves the backdrop \(backdropOff) away from none; it must bring the "
            + "revealed content, the stage and the backdrop back to rest (the end-state rule)"))
    }
    for layer in [LayerID.appearing, .stage] {
      let end = animation.finalStates[layer]
      let rest = LayerState.identity
      let clip = end.clip
      let deviations = [
        end.translation.x - rest.translation.x, end.translation.y, end.translation.z, end.rotation.x, end.rotation.y,
        end.rotation.z, abs(end.rotation.w) - 1, end.scale.x - 1, end.scale.y - 1, end.scale.z - 1,
        end.anchor.x - 0.5, end.anchor.y - 0.5, end.opacity - 1, end.perspective, clip.insets.top,
        clip.insets.right, clip.insets.bottom, clip.insets.left, clip.cornerRadius, clip.ellipseCentre.x - 0.5,
        clip.ellipseCentre.y - 0.5, clip.ellipseRadii.x - 1, clip.ellipseRadii.y - 1,
      ]
      // A NaN anywhere is off by NaN (Array.max() keeps a NaN only when it comes first).
      let offBy = deviations.contains(where: \.isNaN) ? .nan : deviations.map(abs).max() ?? 0
      guard offBy <= 1e-9 else {
        throw error(
          styleIndex,
          .buildFailed(
            status: Int32(SH_ERROR_FAILED),
            message: "the inverse builder leaves the \(layer) layer \(offBy) away from its initial state; it must "
              + "bring the revealed content, the stage and the backdrop back to rest (the end-state rule)"))
      }
    }
    return animation
  }

  /// The forward animation, like `forward(styleIndex:values:in:)`, but calling the builder with `call` instead of
  /// libffi; benchmarks use it to measure what libffi adds against a direct call of the same builder.
  @_spi(Benchmarking)
  public func forward(
    styleIndex: Int, values: [ParameterValue], in bounds: Rect, calling call: @escaping DirectBuilderCall
  ) throws(PluginError) -> Animation {
    let builder = try style(styleIndex).builders.forward
    return Animation(
      steps: try record(
        styleIndex, builder, values, TransitionContext(bounds: bounds), startingFrom: .identity, calling: call))
  }

  /// `animation`, or a typed error when its duration or one of its states is not finite, or a layer's scale falls
  /// out of the range where it can be undone.
  private func finite(_ animation: Animation, _ styleIndex: Int, _ which: String) throws(PluginError) -> Animation {
    guard animation.isFinite else {
      throw error(
        styleIndex,
        .buildFailed(
          status: Int32(SH_ERROR_INVALID_ARGUMENT),
          message: "the \(which) animation adds up to a duration or a state that is not finite; every change was "
            + "finite, but together they overflow"))
    }
    guard animation.keepsScalesReversible else {
      throw error(
        styleIndex,
        .buildFailed(
          status: Int32(SH_ERROR_INVALID_ARGUMENT),
          message: "the \(which) animation scales a layer to less than \(Double.leastNormalMagnitude) (or to 0), which "
            + "no inverse can undo; every factor was non-zero, but together they shrink the layer too far"))
    }
    return animation
  }

  /// The loaded style at `index`, or a typed error when the plugin has no such style.
  private func style(_ index: Int) throws(PluginError) -> LoadedStyle {
    guard styles.indices.contains(index) else {
      throw PluginError(
        file: file, plugin: info.id,
        reason: .buildFailed(
          status: Int32(SH_ERROR_INVALID_ARGUMENT),
          message: "the plugin has no style \(index); it has \(info.styles.count)"))
    }
    return styles[index]
  }

  private func error(_ styleIndex: Int, _ reason: PluginError.Reason) -> PluginError {
    PluginError(
      file: file, plugin: info.id, style: info.styles.indices.contains(styleIndex) ? info.styles[styleIndex].name : nil,
      reason: reason)
  }

  /// Calls a builder through libffi with a fresh recorder and returns the steps it described.
  private func record(
    _ styleIndex: Int, _ builder: @convention(c) () -> Void, _ values: [ParameterValue],
    _ buildContext: TransitionContext,
    startingFrom start: LayerStates, calling direct: DirectBuilderCall? = nil
  ) throws(PluginError) -> [Step] {
    let style = info.styles[styleIndex]  // checked by style(_:) before the builder was taken
    guard values.count == style.parameters.count,
      zip(values, style.parameters).allSatisfy({ $0.matches($1) })
    else {
      throw error(
        styleIndex,
        .buildFailed(
          status: Int32(SH_ERROR_INVALID_ARGUMENT), message: "the host passed values that do not match the parameters"))
    }
    let recorder = AnimationRecorder(initialPerspective: start.stage.perspective, initialOnTop: start.onTop)
    let bounds = buildContext.bounds
    let scale = buildContext.displayScale
    var context = sh_context(
      struct_size: UInt32(MemoryLayout<sh_context>.size), x: bounds.origin.x, y: bounds.origin.y,
      width: bounds.size.width, height: bounds.size.height,
      flags: buildContext.reducesMotion ? UInt32(SH_CONTEXT_REDUCE_MOTION) : 0,
      layout_direction: Int32(
        buildContext.layoutDirection == .rightToLeft ? SH_LAYOUT_RIGHT_TO_LEFT : SH_LAYOUT_LEFT_TO_RIGHT),
      display_scale: scale.isFinite && scale > 0 ? scale : 1)
    let hostPointer = hostTable.pointer
    // The handle is valid on this thread only until the builder returns (AnimationRecorder.swift, "Builder handles").
    let status = recorder.withBuilderHandle { handle in
      withUnsafePointer(to: &context) { contextPointer in
        direct?(builder, contextPointer, hostPointer, handle)
          ?? styles[styleIndex].call.callBuilder(builder, contextPointer, hostPointer, handle, values)
      }
    }
    withExtendedLifetime(recorder) {}
    if status > 0 {
      let message = "the builder returned \(status), which is not a status of stagehand_plugin.h"
      throw error(
        styleIndex,
        .buildFailed(
          status: Int32(SH_ERROR_FAILED),
          message: [message, recorder.reported].compactMap { $0 }.joined(separator: "; ")))
    }
    if status != Int32(SH_OK) {
      throw error(styleIndex, .buildFailed(status: status, message: recorder.reported ?? recorder.refusal?.message))
    }
    if let refusal = recorder.refusal {
      let message = "\(refusal.message) (the builder returned SH_OK all the same)"
      throw error(styleIndex, .buildFailed(status: refusal.status, message: message))
    }
    do {
      return try recorder.finishedSteps()
    } catch {
      throw self.error(styleIndex, .buildFailed(status: Int32(SH_ERROR_INVALID_ARGUMENT), message: "\(error)"))
    }
  }
}

/// Calls a builder given as a generic function pointer with its three fixed arguments (context, host table, handle)
/// and whatever parameter arguments the caller knows; returns the builder's status.
public typealias DirectBuilderCall = (
  _ builder: @convention(c) () -> Void, _ context: UnsafeRawPointer, _ host: UnsafeRawPointer,
  _ handle: UnsafeMutableRawPointer
) -> Int32

extension CallInterface {
  /// Calls a builder with the three fixed arguments and one argument per parameter value.
  func callBuilder(
    _ builder: @convention(c) () -> Void, _ context: UnsafeRawPointer, _ host: UnsafeRawPointer,
    _ handle: UnsafeMutableRawPointer, _ values: [ParameterValue]
  ) -> Int32 {
    let count = 3 + values.count
    return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: count) { storage in
      withUnsafeTemporaryAllocation(of: UnsafeMutableRawPointer?.self, capacity: count) { pointers in
        let slots = UnsafeMutableRawPointer(storage.baseAddress!)
        slots.storeBytes(of: context, as: UnsafeRawPointer.self)
        slots.storeBytes(of: host, toByteOffset: 8, as: UnsafeRawPointer.self)
        slots.storeBytes(of: handle, toByteOffset: 16, as: UnsafeMutableRawPointer.self)
        for (i, value) in values.enumerated() {
          let offset = (3 + i) * 8
          switch value {
          case .label(let v), .int(let v): slots.storeBytes(of: v, toByteOffset: offset, as: Int32.self)
          case .double(let v): slots.storeBytes(of: v, toByteOffset: offset, as: Double.self)
          case .bool(let v): slots.storeBytes(of: v ? 1 : 0, toByteOffset: offset, as: UInt8.self)
          }
        }
        for i in 0..<count { pointers[i] = slots + i * 8 }
        return call(builder, pointers.baseAddress!)
      }
    }
  }
}

extension ParameterType {
  var ffiArgument: FFIArgument {
    switch self {
    case .enum, .int: .int32
    case .double: .double
    case .bool: .bool
    }
  }
}

extension ParameterValue {
  /// Whether the value has the parameter's type and lies within its range.
  func matches(_ parameter: ParameterInfo) -> Bool {
    let typeMatches =
      switch (self, parameter.type) {
      case (.label, .enum), (.int, .int), (.double, .double), (.bool, .bool): true
      default: false
      }
    return typeMatches && number >= parameter.minimum && number <= parameter.maximum
  }
}
