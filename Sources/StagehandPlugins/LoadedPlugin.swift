import CStagehandPlugin
import StagehandAnimation
import Synchronization

/// A plugin library opened, validated and ready to build: its description, and for each style a libffi call
/// interface prepared at load time from the style's parameters.
public final class LoadedPlugin: Sendable {
  /// The library file, as given.
  public let file: String
  /// What the plugin says about itself.
  public let info: PluginInfo
  private let styles: [LoadedStyle]
  private let entry: Entry
  /// Whether each builder call fills the argument registers its parameters leave unused (the validator's builds).
  private let fillsUnusedArguments: Bool

  struct LoadedStyle: @unchecked Sendable {
    let builders: DescriptorReader.Builders
    let call: CallInterface
  }

  /// The entry function and the descriptor it returned when the library was loaded.
  struct Entry: @unchecked Sendable {
    let function: sh_plugin_entry
    let descriptor: UnsafePointer<sh_plugin>
  }

  private init(file: String, info: PluginInfo, styles: [LoadedStyle], entry: Entry, fillsUnusedArguments: Bool = false)
  {
    self.file = file
    self.info = info
    self.styles = styles
    self.entry = entry
    self.fillsUnusedArguments = fillsUnusedArguments
  }

  /// The same plugin, whose builders are called with more arguments than they take: integers and doubles after the
  /// parameters, with values that change from call to call, so that every argument register the parameters leave
  /// unused holds a new value at each call. For the validator: a builder that takes a parameter with another C type
  /// than its declared one (an `int32_t` for a double) reads such a register, and two of its builds then differ every
  /// time, not only when the register happens to hold something new. Builds of well-formed builders are unchanged.
  public func fillingUnusedArguments() -> LoadedPlugin {
    LoadedPlugin(file: file, info: info, styles: styles, entry: entry, fillsUnusedArguments: true)
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
    try builds().forward(styleIndex: styleIndex, values: values, in: context)
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
    try builds().inverse(styleIndex: styleIndex, values: values, in: context)
  }

  /// The forward animation, like `forward(styleIndex:values:in:)`, but calling the builder with `call` instead of
  /// libffi; benchmarks use it to measure what libffi adds against a direct call of the same builder.
  @_spi(Benchmarking)
  public func forward(
    styleIndex: Int, values: [ParameterValue], in bounds: Rect, calling call: @escaping DirectBuilderCall
  ) throws(PluginError) -> Animation {
    let builds = builds(calling: call)
    return Animation(
      steps: try builds.record(styleIndex, .forward, values, TransitionContext(bounds: bounds), startingFrom: .identity)
    )
  }

  /// The builds of this plugin's styles, each builder called in this process through libffi (or through `direct`),
  /// with a builder handle valid on this thread only until the builder returns (AnimationRecorder.swift, "Builder
  /// handles").
  func builds(calling direct: DirectBuilderCall? = nil) -> PluginBuilds {
    PluginBuilds(file: file, info: info) { [styles, fillsUnusedArguments] styleIndex, kind, values, context, recorder in
      let style = styles[styleIndex]
      let chosen: (@convention(c) () -> Void)? = kind == .forward ? style.builders.forward : style.builders.inverse
      guard let builder = chosen else {
        return .failed  // PluginBuilds asks for an inverse builder only when the style has one
      }
      let hostPointer = hostTable.pointer
      let filler = fillsUnusedArguments ? ArgumentFiller.next() : nil
      let status = recorder.withBuilderHandle { handle in
        PluginStatus(
          rawValue: direct?(builder, context, hostPointer, handle)
            ?? style.call.callBuilder(builder, context, hostPointer, handle, values, filler: filler))
      }
      withExtendedLifetime(recorder) {}
      return status
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
  /// With `filler`, the call goes through the filled interface, and the arguments after the parameters are made from
  /// it (``ArgumentFiller``).
  func callBuilder(
    _ builder: @convention(c) () -> Void, _ context: UnsafeRawPointer, _ host: UnsafeRawPointer,
    _ handle: UnsafeMutableRawPointer, _ values: [ParameterValue], filler: UInt64? = nil
  ) -> Int32 {
    let count = 3 + values.count + (filler == nil ? 0 : Self.fillerCount)
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
        if let filler {
          for i in 0..<Self.fillerCount {
            let offset = (3 + values.count + i) * 8
            if i < Self.fillerCount / 2 {
              slots.storeBytes(of: ArgumentFiller.integer(filler, i), toByteOffset: offset, as: UInt64.self)
            } else {
              slots.storeBytes(of: ArgumentFiller.double(filler, i), toByteOffset: offset, as: Double.self)
            }
          }
        }
        for i in 0..<count { pointers[i] = slots + i * 8 }
        return call(builder, pointers.baseAddress!, filled: filler != nil)
      }
    }
  }
}

/// The values of the arguments a filled builder call adds after the parameters: a new set at each call.
enum ArgumentFiller {
  private static let calls = Atomic<UInt64>(0)

  /// The seed of the next call's values.
  static func next() -> UInt64 {
    calls.add(1, ordering: .relaxed).newValue
  }

  /// The integer argument `index` of the call with seed `seed`: its low 32 bits, what an `int32_t` parameter reads,
  /// differ from call to call.
  static func integer(_ seed: UInt64, _ index: Int) -> UInt64 {
    (seed &+ UInt64(index) &* 0x1_0000) &* 0x9E37_79B9_7F4A_7C15
  }

  /// The double argument `index` of the call with seed `seed`: finite, and different from call to call.
  static func double(_ seed: UInt64, _ index: Int) -> Double {
    Double(seed % 1_000_003) + Double(index) / 64 + 0.5
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
