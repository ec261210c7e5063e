import StagehandPlugins

/// The limits of stagehand_plugin.h (sections 6 and 8), which decoding enforces as the descriptor reader does, and
/// the limits of the cache's own free-form texts.
enum BinaryLimits {
  /// Any string of a descriptor (SH_MAX_STRING_LENGTH).
  static let string = 1024
  /// Names and the version (SH_MAX_NAME_LENGTH).
  static let name = 64
  /// The plugin id (SH_MAX_ID_LENGTH).
  static let id = 128
  /// Styles per plugin (SH_MAX_STYLES).
  static let styles = 256
  /// Parameters per style (SH_MAX_PARAMETERS).
  static let parameters = 16
  /// Presets per style (SH_MAX_PRESETS).
  static let presets = 64
  /// Labels per enum parameter (SH_MAX_LABELS).
  static let labels = 64
  /// Paths and free-form messages (loader messages, problems, notes); longer ones are cut when written.
  static let text = 4096
}

extension PluginInfo {
  /// Appends the plugin's description.
  func write(to writer: inout BinaryWriter) {
    writer.writeString(id)
    writer.writeString(version)
    writer.writeString(name)
    writer.writeString(author)
    writer.writeString(license)
    writer.writeString(description)
    writer.writeString(abiVersion)
    writer.writeArray(styles) { $1.write(to: &$0) }
  }

  /// Reads a plugin's description, checking every rule that the descriptor reader checks when it loads a plugin,
  /// so that what comes out of a cache is as safe to use as what comes out of a library.
  init(from reader: inout BinaryReader) throws(CacheError) {
    let id = try reader.readString(limit: BinaryLimits.id, "the plugin id")
    guard Names.isPluginID(id) else { throw reader.invalid("plugin id '\(id)': \(Names.pluginIDRule)") }
    let version = try reader.readString(limit: BinaryLimits.name, "the version of \(id)")
    guard Names.isSemanticVersion(version) else {
      throw reader.invalid("version '\(version)' of \(id): \(Names.versionRule)")
    }
    let name = try reader.readString(limit: BinaryLimits.string, "the name of \(id)")
    let author = try reader.readString(limit: BinaryLimits.string, "the author of \(id)")
    let license = try reader.readString(limit: BinaryLimits.string, "the license of \(id)")
    let description = try reader.readString(limit: BinaryLimits.string, "the description of \(id)")
    let abiVersion = try reader.readString(limit: 16, "the ABI version of \(id)")
    guard ByteGrammar.isABIVersion(abiVersion) else {
      throw reader.invalid("ABI version '\(abiVersion)' of \(id) is not major.minor")
    }
    let styles = try reader.readArray(limit: BinaryLimits.styles, minimumElementSize: 28, "the styles of \(id)") {
      (reader: inout BinaryReader) throws(CacheError) in try StyleInfo(from: &reader)
    }
    guard !styles.isEmpty else { throw reader.invalid("plugin \(id) has no style; it needs 1 to 256") }
    if let repeated = Self.firstRepeatedName(styles) {
      throw reader.invalid("plugin \(id) has two styles or presets named '\(repeated)'")
    }
    for style in styles {
      guard let fallback = style.reducedMotionFallback else { continue }
      guard abiVersion != "1.0" else {
        throw reader.invalid(
          "style \(style.name) of \(id) has a reduced-motion fallback, but its plugin declares ABI 1.0")
      }
      let reference = FallbackReference(fallback)
      guard reference.plugin == nil || reference.plugin == id else { continue }
      let own = [style.name] + style.presets.map(\.name)
      let exists = styles.contains { $0.name == reference.name || $0.presets.contains { $0.name == reference.name } }
      guard exists, !own.contains(reference.name) else {
        throw reader.invalid(
          "style \(style.name) of \(id) has the reduced-motion fallback '\(fallback)', which names "
            + (exists ? "the style itself or one of its presets" : "no style or preset of the plugin"))
      }
    }
    self.init(
      id: id, version: version, name: name, author: author, license: license, description: description,
      abiVersion: abiVersion, styles: styles)
  }

  /// The first style or preset name used twice: styles and presets share one namespace.
  private static func firstRepeatedName(_ styles: [StyleInfo]) -> String? {
    let total = styles.reduce(0) { $0 + 1 + $1.presets.count }
    return withUnsafeTemporaryAllocation(of: String.self, capacity: total) { names in
      var count = 0
      for style in styles {
        names.initializeElement(at: count, to: style.name)
        count += 1
        for preset in style.presets {
          names.initializeElement(at: count, to: preset.name)
          count += 1
        }
      }
      defer { names.deinitialize() }
      return firstRepeated(count: count) { names[$0] }
    }
  }
}

extension StyleInfo {
  /// Appends the style's description.
  func write(to writer: inout BinaryWriter) {
    writer.writeString(name)
    writer.writeString(summary)
    writer.writeDouble(defaultDuration)
    writer.writeBool(uses3D)
    writer.writeBool(isSymmetric)
    writer.writeBool(hasInverseBuilder)
    writer.writeArray(parameters) { $1.write(to: &$0) }
    writer.writeArray(presets) { $1.write(to: &$0) }
    writer.writeOptional(reducedMotionFallback) { $0.writeString($1) }
  }

  /// Reads a style's description, checking its name, duration, parameters, presets and the grammar of its
  /// reduced-motion fallback (the plugin checks what a fallback of the same plugin names).
  init(from reader: inout BinaryReader) throws(CacheError) {
    let name = try readName(&reader, "a style name")
    let summary = try reader.readString(limit: BinaryLimits.string, "the summary of style \(name)")
    let duration = try reader.readDouble()
    guard duration.isFinite, duration >= 0 else {
      throw reader.invalid("style \(name) has default duration \(duration); it must be finite and 0 or more")
    }
    let uses3D = try reader.readBool()
    let isSymmetric = try reader.readBool()
    let hasInverseBuilder = try reader.readBool()
    let parameters = try reader.readArray(
      limit: BinaryLimits.parameters, minimumElementSize: 38, "the parameters of style \(name)"
    ) { (reader: inout BinaryReader) throws(CacheError) in try ParameterInfo(from: &reader) }
    if let repeated = firstRepeated(count: parameters.count, { parameters[$0].symbol }) {
      throw reader.invalid("style \(name) has two parameters named '\(repeated)'")
    }
    let presets = try reader.readArray(
      limit: BinaryLimits.presets, minimumElementSize: 12, "the presets of style \(name)"
    ) { (reader: inout BinaryReader) throws(CacheError) in try PresetInfo(from: &reader, parameters: parameters) }
    let fallback = try reader.readOptional { (reader: inout BinaryReader) throws(CacheError) in
      try reader.readString(limit: BinaryLimits.string, "the reduced-motion fallback of style \(name)")
    }
    if let fallback, !FallbackReference.isValid(fallback) {
      throw reader.invalid("style \(name) has the reduced-motion fallback '\(fallback)': \(FallbackReference.rule)")
    }
    self.init(
      name: name, summary: summary, defaultDuration: duration, uses3D: uses3D, isSymmetric: isSymmetric,
      hasInverseBuilder: hasInverseBuilder, parameters: parameters, presets: presets, reducedMotionFallback: fallback)
  }
}

extension ParameterInfo {
  /// The numbers of the parameter types, as in stagehand_plugin.h (SH_PARAM_ENUM to SH_PARAM_BOOL).
  private static let typeCodes: [(ParameterType, UInt8)] = [(.enum, 1), (.int, 2), (.double, 3), (.bool, 4)]

  /// Appends the parameter's description.
  func write(to writer: inout BinaryWriter) {
    writer.writeString(symbol)
    writer.writeUInt8(Self.typeCodes.first { $0.0 == type }!.1)
    writer.writeDouble(minimum)
    writer.writeDouble(maximum)
    writer.writeDouble(defaultValue)
    writer.writeArray(labels) { $0.writeString($1) }
    writer.writeOptional(unit) { $0.writeString($1) }
    writer.writeString(description)
  }

  /// Reads a parameter's description, checking its type, its range against its type, and its labels.
  init(from reader: inout BinaryReader) throws(CacheError) {
    let symbol = try readName(&reader, "a parameter symbol")
    let code = try reader.readUInt8()
    guard let type = Self.typeCodes.first(where: { $0.1 == code })?.0 else {
      throw reader.invalid("parameter \(symbol) has type \(code), which is none of 1 to 4")
    }
    let minimum = try reader.readDouble()
    let maximum = try reader.readDouble()
    let defaultValue = try reader.readDouble()
    func bad(_ rule: String) -> CacheError {
      reader.invalid("parameter \(symbol): minimum \(minimum), default \(defaultValue), maximum \(maximum): \(rule)")
    }
    guard minimum.isFinite, maximum.isFinite, defaultValue.isFinite else { throw bad("all three must be finite") }
    guard minimum <= defaultValue, defaultValue <= maximum else { throw bad("minimum <= default <= maximum") }
    let labels = try reader.readArray(
      limit: BinaryLimits.labels, minimumElementSize: 4, "the labels of parameter \(symbol)"
    ) { (reader: inout BinaryReader) throws(CacheError) in try readName(&reader, "an enum label") }
    switch type {
    case .enum:
      guard !labels.isEmpty else { throw reader.invalid("enum parameter \(symbol) has no label; it needs 1 to 64") }
      if let repeated = firstRepeated(count: labels.count, { labels[$0] }) {
        throw reader.invalid("enum parameter \(symbol) has the label '\(repeated)' twice")
      }
      guard minimum == 0, maximum == Double(labels.count - 1), defaultValue == defaultValue.rounded() else {
        throw bad("an enum's range is 0 to the label count - 1 (\(labels.count - 1)) and its default a label index")
      }
    case .int:
      guard labels.isEmpty else { throw reader.invalid("integer parameter \(symbol) has labels") }
      let int32 = Double(Int32.min)...Double(Int32.max)
      guard [minimum, maximum, defaultValue].allSatisfy({ $0 == $0.rounded() && int32.contains($0) }) else {
        throw bad("an integer parameter's values must be integers within the range of int32_t")
      }
    case .double:
      guard labels.isEmpty else { throw reader.invalid("decimal parameter \(symbol) has labels") }
    case .bool:
      guard labels.isEmpty else { throw reader.invalid("boolean parameter \(symbol) has labels") }
      guard minimum == 0, maximum == 1, defaultValue == 0 || defaultValue == 1 else {
        throw bad("a boolean's range is 0 to 1 and its default 0 or 1")
      }
    }
    let unit = try reader.readOptional { (reader: inout BinaryReader) throws(CacheError) in
      try reader.readString(limit: BinaryLimits.string, "the unit of parameter \(symbol)")
    }
    let description = try reader.readString(limit: BinaryLimits.string, "the description of parameter \(symbol)")
    self.init(
      symbol: symbol, type: type, minimum: minimum, maximum: maximum, defaultValue: defaultValue, labels: labels,
      unit: unit, description: description)
  }
}

extension PresetInfo {
  /// Appends the preset's description.
  func write(to writer: inout BinaryWriter) {
    writer.writeString(name)
    writer.writeString(summary)
    writer.writeArray(values) { $1.write(to: &$0) }
  }

  /// Reads a preset's description, checking that each value names a parameter of the style once and is valid for it.
  init(from reader: inout BinaryReader, parameters: [ParameterInfo]) throws(CacheError) {
    let name = try readName(&reader, "a preset name")
    let summary = try reader.readString(limit: BinaryLimits.string, "the summary of preset \(name)")
    let values = try reader.readArray(
      limit: parameters.count, minimumElementSize: 8, "the values of preset \(name)"
    ) { (reader: inout BinaryReader) throws(CacheError) in try PresetValue(from: &reader) }
    for (index, value) in values.enumerated() {
      guard let parameter = parameters.firstIndex(where: { $0.symbol == value.parameter }) else {
        throw reader.invalid("preset \(name) sets '\(value.parameter)', which its style does not have")
      }
      guard !values[..<index].contains(where: { $0.parameter == value.parameter }) else {
        throw reader.invalid("preset \(name) sets '\(value.parameter)' twice")
      }
      if case .failure(let problem) = parameters[parameter].parse(value.value) {
        throw reader.invalid("preset \(name) sets '\(value.parameter)' to \(problem)")
      }
    }
    self.init(name: name, summary: summary, values: values)
  }
}

extension PresetValue {
  /// Appends the parameter's symbol and the value's text.
  func write(to writer: inout BinaryWriter) {
    writer.writeString(parameter)
    writer.writeString(value)
  }

  /// Reads a parameter's symbol and a value's text (the preset checks them against its style).
  init(from reader: inout BinaryReader) throws(CacheError) {
    let parameter = try reader.readString(limit: BinaryLimits.string, "a preset's parameter")
    let value = try reader.readString(limit: BinaryLimits.string, "a preset's value")
    self.init(parameter: parameter, value: value)
  }
}

/// Reads a name (`[a-z][a-z0-9-]*`, at most 64 bytes).
private func readName(_ reader: inout BinaryReader, _ what: String) throws(CacheError) -> String {
  let text = try reader.readString(limit: BinaryLimits.name, what)
  guard Names.isName(text) else { throw reader.invalid("\(what) '\(text)': \(Names.nameRule)") }
  return text
}

/// The first of `count` names (given by index) that appears twice, if any: pairwise for a few, with a set for many.
func firstRepeated(count: Int, _ name: (Int) -> String) -> String? {
  if count <= 32 {
    for index in 0..<count {
      let candidate = name(index)
      for earlier in 0..<index where name(earlier) == candidate { return candidate }
    }
    return nil
  }
  var seen = Set<String>(minimumCapacity: count)
  for index in 0..<count where !seen.insert(name(index)).inserted { return name(index) }
  return nil
}
