import CStagehandPlugin

/// Reads a plugin's C descriptor into Swift values, checking every rule of stagehand_plugin.h before anything is
/// used: versions, struct sizes, strings, names, ranges, presets. The descriptor is only read, never kept.
struct DescriptorReader {
  /// The largest struct size accepted, to bound how far past a struct the stride of an array may reach.
  static let maximumStructSize = 4096

  /// The size of `sh_style` in ABI 1.0: its fields end at `inverse_builder`, where 1.1 appended
  /// `reduced_motion_fallback` (section 4 of stagehand_plugin.h).
  static let styleSize10 = MemoryLayout<sh_style>.offset(of: \sh_style.reduced_motion_fallback)!

  let file: String
  private var pluginID: String?
  /// The ABI minor version the plugin declared: it decides which fields a struct must have, and which are read.
  private var minor = 0
  private var style: String?
  private var parameter: String?

  init(file: String) {
    self.file = file
  }

  /// A style's builders, as they came out of the descriptor.
  struct Builders {
    let forward: @convention(c) () -> Void
    let inverse: (@convention(c) () -> Void)?
  }

  private func error(_ reason: PluginError.Reason) -> PluginError {
    PluginError(file: file, plugin: pluginID, style: style, parameter: parameter, reason: reason)
  }

  /// Reads and validates the whole descriptor.
  mutating func read(_ descriptor: UnsafePointer<sh_plugin>) throws(PluginError) -> (PluginInfo, [Builders]) {
    let raw = UnsafeRawPointer(descriptor)
    let major = Int(raw.loadUnaligned(as: UInt16.self))
    let minor = Int(raw.loadUnaligned(fromByteOffset: 2, as: UInt16.self))
    guard major == Int(SH_ABI_MAJOR) else { throw error(.abiMajorMismatch(found: major, supported: Int(SH_ABI_MAJOR))) }
    guard minor <= Int(SH_ABI_MINOR) else { throw error(.abiMinorTooNew(found: minor, supported: Int(SH_ABI_MINOR))) }
    self.minor = minor
    let size = Int(raw.loadUnaligned(fromByteOffset: 4, as: UInt32.self))
    try checkSize(size, of: "sh_plugin", minimum: MemoryLayout<sh_plugin>.size)
    let plugin = raw.loadUnaligned(as: sh_plugin.self)

    let id = try string(plugin.id, "id", limit: Int(SH_MAX_ID_LENGTH))
    guard Names.isPluginID(id) else {
      throw error(.badName(field: "id", value: id, rule: Names.pluginIDRule))
    }
    pluginID = id
    let version = try string(plugin.version, "version", limit: Int(SH_MAX_NAME_LENGTH))
    guard Names.isSemanticVersion(version) else {
      throw error(.badName(field: "version", value: version, rule: Names.versionRule))
    }
    let name = try string(plugin.name, "name")
    let author = try string(plugin.author, "author")
    let license = try string(plugin.license, "license")
    let description = try string(plugin.description, "description")

    let styleCount = Int(plugin.style_count)
    guard (1...Int(SH_MAX_STYLES)).contains(styleCount) else {
      throw error(.badCount(field: "style_count", count: styleCount, allowed: 1...Int(SH_MAX_STYLES)))
    }
    var styles: [StyleInfo] = []
    var builders: [Builders] = []
    var names: Set<String> = []  // styles and presets share one namespace
    let styleElements = try elements(
      plugin.styles, count: styleCount, "sh_style", "styles",
      minor == 0 ? Self.styleSize10 : MemoryLayout<sh_style>.size)
    for (index, element) in styleElements.enumerated() {
      let (info, builder) = try readStyle(style(at: element), index: index)
      for taken in [info.name] + info.presets.map(\.name) where !names.insert(taken).inserted {
        style = info.name
        throw error(.duplicateName(field: "style or preset name", value: taken))
      }
      styles.append(info)
      builders.append(builder)
    }
    try checkFallbacks(styles)
    let info = PluginInfo(
      id: id, version: version, name: name, author: author, license: license, description: description,
      abiVersion: "\(major).\(minor)", styles: styles)
    return (info, builders)
  }

  /// The style at `element`, copied up to its declared struct_size and no further (section 4): the fields past it are
  /// zero. A plugin that declares minor 0 gets no 1.1 field, even when its struct is large enough to hold one (it
  /// declared that it uses nothing newer; a 1.0 host would not see the field either).
  private func style(at element: UnsafeRawPointer) -> sh_style {
    let declared = Int(element.loadUnaligned(as: UInt32.self))  // checked by elements(_:count:_:_:_:)
    var style = sh_style()
    withUnsafeMutableBytes(of: &style) { bytes in
      bytes.copyMemory(from: UnsafeRawBufferPointer(start: element, count: min(declared, bytes.count)))
    }
    if minor < 1 { style.reduced_motion_fallback = nil }
    return style
  }

  /// Checks each fallback that names a style or preset of this plugin: it must exist, and must be neither the style
  /// itself nor one of its presets. One of another plugin is resolved when it is played.
  private mutating func checkFallbacks(_ styles: [StyleInfo]) throws(PluginError) {
    for info in styles {
      guard let fallback = info.reducedMotionFallback else { continue }
      style = info.name
      parameter = nil
      let reference = FallbackReference(fallback)
      guard reference.plugin == nil || reference.plugin == pluginID else { continue }
      let own = [info.name] + info.presets.map(\.name)
      guard !own.contains(reference.name) else {
        throw error(
          .badFallback(
            value: fallback,
            problem: reference.name == info.name
              ? "names the style itself" : "names '\(reference.name)', a preset of the style itself"))
      }
      guard styles.contains(where: { $0.name == reference.name || $0.presets.contains { $0.name == reference.name } })
      else {
        let names = styles.flatMap { [$0.name] + $0.presets.map(\.name) }.filter { !own.contains($0) }
        throw error(
          .badFallback(
            value: fallback,
            problem: "names no style or preset of this plugin (the others are: "
              + (names.isEmpty ? "none" : names.joined(separator: ", ")) + ")"))
      }
    }
  }

  private mutating func readStyle(_ s: sh_style, index: Int) throws(PluginError) -> (StyleInfo, Builders) {
    style = nil
    parameter = nil
    let name = try self.name(s.name, "styles[\(index)].name")
    style = name
    let summary = try string(s.summary, "summary")
    guard s.default_duration.isFinite, s.default_duration >= 0 else {
      throw error(.badDefaultDuration(s.default_duration))
    }
    let known = UInt32(SH_STYLE_USES_3D) | UInt32(SH_STYLE_SYMMETRIC)
    guard s.flags & ~known == 0 else { throw error(.reservedFlags(s.flags & ~known)) }
    guard let forward = s.builder else { throw error(.missingBuilder) }

    let parameterCount = Int(s.parameter_count)
    guard parameterCount <= Int(SH_MAX_PARAMETERS) else {
      throw error(.badCount(field: "parameter_count", count: parameterCount, allowed: 0...Int(SH_MAX_PARAMETERS)))
    }
    var parameters: [ParameterInfo] = []
    let parameterSize = MemoryLayout<sh_parameter>.size
    for element in try elements(s.parameters, count: parameterCount, "sh_parameter", "parameters", parameterSize) {
      let info = try readParameter(element.loadUnaligned(as: sh_parameter.self))
      guard !parameters.contains(where: { $0.symbol == info.symbol }) else {
        throw error(.duplicateName(field: "parameter symbol", value: info.symbol))
      }
      parameters.append(info)
      parameter = nil
    }

    let presetCount = Int(s.preset_count)
    guard presetCount <= Int(SH_MAX_PRESETS) else {
      throw error(.badCount(field: "preset_count", count: presetCount, allowed: 0...Int(SH_MAX_PRESETS)))
    }
    var presets: [PresetInfo] = []
    for element in try elements(s.presets, count: presetCount, "sh_preset", "presets", MemoryLayout<sh_preset>.size) {
      presets.append(try readPreset(element.loadUnaligned(as: sh_preset.self), parameters: parameters))
    }

    let fallback = try s.reduced_motion_fallback.map { (pointer) throws(PluginError) in
      let text = try string(pointer, "reduced_motion_fallback")
      guard FallbackReference.isValid(text) else {
        throw error(.badFallback(value: text, problem: "is not valid: \(FallbackReference.rule)"))
      }
      return text
    }
    let info = StyleInfo(
      name: name, summary: summary, defaultDuration: s.default_duration,
      uses3D: s.flags & UInt32(SH_STYLE_USES_3D) != 0, isSymmetric: s.flags & UInt32(SH_STYLE_SYMMETRIC) != 0,
      hasInverseBuilder: s.inverse_builder != nil, parameters: parameters, presets: presets,
      reducedMotionFallback: fallback)
    return (info, Builders(forward: forward, inverse: s.inverse_builder))
  }

  private mutating func readParameter(_ p: sh_parameter) throws(PluginError) -> ParameterInfo {
    let symbol = try name(p.symbol, "parameter symbol")
    parameter = symbol
    let type: ParameterType
    switch p.type {
    case Int32(SH_PARAM_ENUM): type = .enum
    case Int32(SH_PARAM_INT): type = .int
    case Int32(SH_PARAM_DOUBLE): type = .double
    case Int32(SH_PARAM_BOOL): type = .bool
    default: throw error(.unknownParameterType(p.type))
    }
    let (minimum, maximum, defaultValue) = (p.minimum, p.maximum, p.default_value)
    func bad(_ rule: String) -> PluginError {
      error(.badRange(minimum: minimum, defaultValue: defaultValue, maximum: maximum, rule: rule))
    }
    guard minimum.isFinite, maximum.isFinite, defaultValue.isFinite else { throw bad("all three must be finite") }
    guard minimum <= defaultValue, defaultValue <= maximum else { throw bad("minimum <= default <= maximum") }

    var labels: [String] = []
    let labelCount = Int(p.label_count)
    if type == .enum {
      guard (1...Int(SH_MAX_LABELS)).contains(labelCount) else {
        throw error(.badCount(field: "label_count", count: labelCount, allowed: 1...Int(SH_MAX_LABELS)))
      }
      guard let array = p.labels else { throw error(.missingArray(field: "labels")) }
      for i in 0..<labelCount {
        let label = try name(array[i], "label \(i)")
        guard !labels.contains(label) else { throw error(.duplicateName(field: "enum label", value: label)) }
        labels.append(label)
      }
      guard minimum == 0, maximum == Double(labelCount - 1), defaultValue == defaultValue.rounded() else {
        throw bad("an enum's range is 0 to label_count - 1 (\(labelCount - 1)) and its default a label index")
      }
    } else {
      guard labelCount == 0 else {
        throw error(.badCount(field: "label_count", count: labelCount, allowed: 0...0))
      }
      guard p.labels == nil else { throw error(.unexpectedArray(field: "labels", type: type.rawValue)) }
    }
    switch type {
    case .int:
      let int32 = Double(Int32.min)...Double(Int32.max)
      guard [minimum, maximum, defaultValue].allSatisfy({ $0 == $0.rounded() && int32.contains($0) }) else {
        throw bad("an integer parameter's values must be integers within the range of int32_t")
      }
    case .bool:
      guard minimum == 0, maximum == 1, defaultValue == 0 || defaultValue == 1 else {
        throw bad("a boolean's range is 0 to 1 and its default 0 or 1")
      }
    case .enum, .double: break
    }
    let unit = try p.unit.map { (u) throws(PluginError) in try string(u, "unit") }
    let description = try string(p.description, "description")
    return ParameterInfo(
      symbol: symbol, type: type, minimum: minimum, maximum: maximum, defaultValue: defaultValue, labels: labels,
      unit: unit, description: description)
  }

  private mutating func readPreset(_ p: sh_preset, parameters: [ParameterInfo]) throws(PluginError) -> PresetInfo {
    let presetName = try name(p.name, "preset name")
    let summary = try string(p.summary, "preset '\(presetName)' summary")
    let count = Int(p.value_count)
    guard count <= parameters.count else {
      throw error(
        .badPreset(
          preset: presetName, problem: "sets \(count) values, but the style has \(parameters.count) parameters"))
    }
    guard count == 0 || p.values != nil else { throw error(.missingArray(field: "preset '\(presetName)' values")) }
    var values: [PresetValue] = []
    for i in 0..<count {
      let entry = p.values![i]
      let symbol = try string(entry.parameter, "preset '\(presetName)' value \(i) parameter")
      let text = try string(entry.value, "preset '\(presetName)' value \(i) value")
      guard let info = parameters.first(where: { $0.symbol == symbol }) else {
        let valid = parameters.map(\.symbol).joined(separator: ", ")
        throw error(
          .badPreset(
            preset: presetName,
            problem:
              "names parameter '\(symbol)', which the style does not have (it has: \(valid.isEmpty ? "none" : valid))"))
      }
      guard !values.contains(where: { $0.parameter == symbol }) else {
        throw error(.badPreset(preset: presetName, problem: "sets parameter '\(symbol)' twice"))
      }
      if case .failure(let problem) = info.parse(text) {
        throw error(.badPreset(preset: presetName, problem: "sets '\(symbol)' to a value it cannot take: \(problem)"))
      }
      values.append(PresetValue(parameter: symbol, value: text))
    }
    return PresetInfo(name: presetName, summary: summary, values: values)
  }

  // MARK: - Arrays, strings and names

  /// The addresses of `count` elements of a plugin array, walked with the first element's declared size as stride.
  private func elements<T>(
    _ base: UnsafePointer<T>?, count: Int, _ structName: String, _ field: String, _ minimum: Int
  ) throws(PluginError) -> [UnsafeRawPointer] {
    guard count > 0 else { return [] }
    guard let base else { throw error(.missingArray(field: field)) }
    let raw = UnsafeRawPointer(base)
    let stride = Int(raw.loadUnaligned(as: UInt32.self))
    try checkSize(stride, of: structName, minimum: minimum)
    var result: [UnsafeRawPointer] = []
    for i in 0..<count {
      let element = raw + i * stride
      let size = Int(element.loadUnaligned(as: UInt32.self))
      guard size == stride else {
        throw error(.inconsistentStructSize(structName: structName, first: stride, other: size))
      }
      result.append(element)
    }
    return result
  }

  private func checkSize(_ size: Int, of structName: String, minimum: Int) throws(PluginError) {
    guard size >= minimum else { throw error(.structTooSmall(structName: structName, size: size, minimum: minimum)) }
    guard size <= Self.maximumStructSize else {
      throw error(.badCount(field: "\(structName).struct_size", count: size, allowed: minimum...Self.maximumStructSize))
    }
  }

  /// A required string: non-NULL, NUL-terminated within `limit` bytes, valid UTF-8.
  private func string(
    _ pointer: UnsafePointer<CChar>?, _ field: String, limit: Int = Int(SH_MAX_STRING_LENGTH)
  ) throws(PluginError) -> String {
    guard let pointer else { throw error(.missingString(field: field)) }
    var length = 0
    while pointer[length] != 0 {
      length += 1
      guard length <= limit else { throw error(.stringTooLong(field: field, limit: limit)) }
    }
    let bytes = UnsafeRawBufferPointer(start: pointer, count: length).bindMemory(to: UInt8.self)
    guard let text = String(validating: bytes, as: UTF8.self) else { throw error(.invalidUTF8(field: field)) }
    return text
  }

  /// A required name: a string following the grammar of names.
  private func name(_ pointer: UnsafePointer<CChar>?, _ field: String) throws(PluginError) -> String {
    let text = try string(pointer, field, limit: Int(SH_MAX_NAME_LENGTH))
    guard Names.isName(text) else { throw error(.badName(field: field, value: text, rule: Names.nameRule)) }
    return text
  }
}
