import StagehandPlugins

extension PluginError {
  /// Appends the error: the file, the plugin, style and parameter when known, and the reason. Texts longer than the
  /// cache's limits (4,096 bytes for the file and messages, 1,024 for names) are cut, so that the error reads back.
  func write(to writer: inout BinaryWriter) {
    writer.writeString(file, clippedTo: BinaryLimits.text)
    for part in [plugin, style, parameter] {
      writer.writeOptional(part) { $0.writeString($1, clippedTo: BinaryLimits.string) }
    }
    reason.write(to: &writer)
  }

  /// Reads an error, checking that every text is valid UTF-8 within its limit and every range is well formed.
  init(from reader: inout BinaryReader) throws(CacheError) {
    let file = try reader.readString(limit: BinaryLimits.text, "the file of a plugin error")
    var parts: [String?] = []
    for what in ["the plugin of a plugin error", "the style of a plugin error", "the parameter of a plugin error"] {
      parts.append(
        try reader.readOptional { (reader: inout BinaryReader) throws(CacheError) in
          try reader.readString(limit: BinaryLimits.string, what)
        })
    }
    let reason = try Reason(from: &reader)
    self.init(file: file, plugin: parts[0], style: parts[1], parameter: parts[2], reason: reason)
  }
}

extension PluginError.Reason {
  /// Appends a tag that names the case, then the case's values in order.
  func write(to writer: inout BinaryWriter) {
    func text(_ value: String) { writer.writeString(value, clippedTo: BinaryLimits.text) }
    switch self {
    case .cannotOpen(let message): writer.writeUInt8(0); text(message)
    case .missingEntry(let symbol): writer.writeUInt8(1); text(symbol)
    case .nullDescriptor: writer.writeUInt8(2)
    case .abiMajorMismatch(let found, let supported):
      writer.writeUInt8(3); writer.writeInt(found); writer.writeInt(supported)
    case .abiMinorTooNew(let found, let supported):
      writer.writeUInt8(4); writer.writeInt(found); writer.writeInt(supported)
    case .structTooSmall(let name, let size, let minimum):
      writer.writeUInt8(5); text(name); writer.writeInt(size); writer.writeInt(minimum)
    case .inconsistentStructSize(let name, let first, let other):
      writer.writeUInt8(6); text(name); writer.writeInt(first); writer.writeInt(other)
    case .missingString(let field): writer.writeUInt8(7); text(field)
    case .invalidUTF8(let field): writer.writeUInt8(8); text(field)
    case .stringTooLong(let field, let limit): writer.writeUInt8(9); text(field); writer.writeInt(limit)
    case .badName(let field, let value, let rule): writer.writeUInt8(10); text(field); text(value); text(rule)
    case .duplicateName(let field, let value): writer.writeUInt8(11); text(field); text(value)
    case .badCount(let field, let count, let allowed):
      writer.writeUInt8(12); text(field); writer.writeInt(count)
      writer.writeInt(allowed.lowerBound); writer.writeInt(allowed.upperBound)
    case .missingArray(let field): writer.writeUInt8(13); text(field)
    case .unexpectedArray(let field, let type): writer.writeUInt8(14); text(field); text(type)
    case .unknownParameterType(let type): writer.writeUInt8(15); writer.writeInt32(type)
    case .badRange(let minimum, let defaultValue, let maximum, let rule):
      writer.writeUInt8(16); writer.writeDouble(minimum); writer.writeDouble(defaultValue)
      writer.writeDouble(maximum); text(rule)
    case .reservedFlags(let bits): writer.writeUInt8(17); writer.writeUInt32(bits)
    case .badDefaultDuration(let duration): writer.writeUInt8(18); writer.writeDouble(duration)
    case .missingBuilder: writer.writeUInt8(19)
    case .badPreset(let preset, let problem): writer.writeUInt8(20); text(preset); text(problem)
    case .cannotPrepareCall: writer.writeUInt8(21)
    case .pointsOutsideLibrary(let function): writer.writeUInt8(23); text(function)
    case .badFallback(let value, let problem): writer.writeUInt8(24); text(value); text(problem)
    case .untrustedDependency(let path, let problem): writer.writeUInt8(25); text(path); text(problem)
    case .buildFailed(let status, let message):
      writer.writeUInt8(22); writer.writeInt32(status)
      writer.writeOptional(message) { $0.writeString($1, clippedTo: BinaryLimits.text) }
    }
  }

  /// Reads a reason written by ``write(to:)``; an unknown tag or an inverted range is an error, never a trap.
  init(from reader: inout BinaryReader) throws(CacheError) {
    func text() throws(CacheError) -> String {
      try reader.readString(limit: BinaryLimits.text, "a plugin error's text")
    }
    func number() throws(CacheError) -> Int { try reader.readInt() }
    let tag = try reader.readUInt8()
    switch tag {
    case 0: self = .cannotOpen(loaderMessage: try text())
    case 1: self = .missingEntry(symbol: try text())
    case 2: self = .nullDescriptor
    case 3: self = .abiMajorMismatch(found: try number(), supported: try number())
    case 4: self = .abiMinorTooNew(found: try number(), supported: try number())
    case 5: self = .structTooSmall(structName: try text(), size: try number(), minimum: try number())
    case 6: self = .inconsistentStructSize(structName: try text(), first: try number(), other: try number())
    case 7: self = .missingString(field: try text())
    case 8: self = .invalidUTF8(field: try text())
    case 9: self = .stringTooLong(field: try text(), limit: try number())
    case 10: self = .badName(field: try text(), value: try text(), rule: try text())
    case 11: self = .duplicateName(field: try text(), value: try text())
    case 12:
      let field = try text()
      let count = try number()
      let (lower, upper) = (try number(), try number())
      guard lower <= upper else { throw reader.invalid("a count's allowed range \(lower)...\(upper) is inverted") }
      self = .badCount(field: field, count: count, allowed: lower...upper)
    case 13: self = .missingArray(field: try text())
    case 14: self = .unexpectedArray(field: try text(), type: try text())
    case 15: self = .unknownParameterType(try reader.readInt32())
    case 16:
      let (minimum, defaultValue, maximum) = (try reader.readDouble(), try reader.readDouble(), try reader.readDouble())
      self = .badRange(minimum: minimum, defaultValue: defaultValue, maximum: maximum, rule: try text())
    case 17: self = .reservedFlags(try reader.readUInt32())
    case 18: self = .badDefaultDuration(try reader.readDouble())
    case 19: self = .missingBuilder
    case 20: self = .badPreset(preset: try text(), problem: try text())
    case 21: self = .cannotPrepareCall
    case 22:
      let status = try reader.readInt32()
      let message = try reader.readOptional { (reader: inout BinaryReader) throws(CacheError) in
        try reader.readString(limit: BinaryLimits.text, "a build failure's message")
      }
      self = .buildFailed(status: status, message: message)
    case 23: self = .pointsOutsideLibrary(function: try text())
    case 24: self = .badFallback(value: try text(), problem: try text())
    case 25: self = .untrustedDependency(path: try text(), problem: try text())
    default: throw reader.invalid("a plugin error has reason \(tag), which this host does not know")
    }
  }
}
