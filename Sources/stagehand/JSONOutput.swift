import FoundationEssentials
import StagehandCatalog
import StagehandPlugins

/// A JSON value as the `--json` outputs write it: every key present (a missing value is `null`), keys sorted.
///
/// The outputs are built from these values rather than from the library's `Codable` types, so that one vocabulary
/// (Docs/JSON.md) holds in every command whatever the library's types look like.
enum JSONValue: Encodable, Equatable {
  case null
  case bool(Bool)
  case integer(Int)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  /// A string, or `null` when there is none.
  static func string(_ text: String?) -> JSONValue { text.map { .string($0) } ?? .null }

  func encode(to encoder: any Encoder) throws {
    switch self {
    case .null:
      var container = encoder.singleValueContainer()
      try container.encodeNil()
    case .bool(let value):
      var container = encoder.singleValueContainer()
      try container.encode(value)
    case .integer(let value):
      var container = encoder.singleValueContainer()
      try container.encode(value)
    case .number(let value):
      var container = encoder.singleValueContainer()
      // Integral numbers are written without a fraction (0.5 stays 0.5, 2 is 2), as a reader of JSON expects.
      if value == value.rounded(), abs(value) < 1e15 {
        try container.encode(Int64(value))
      } else {
        try container.encode(value)
      }
    case .string(let value):
      var container = encoder.singleValueContainer()
      try container.encode(value)
    case .array(let values):
      var container = encoder.unkeyedContainer()
      for value in values { try container.encode(value) }
    case .object(let members):
      var container = encoder.container(keyedBy: Key.self)
      for (key, value) in members { try container.encode(value, forKey: Key(key)) }
    }
  }

  private struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }
}

/// The documents the `--json` options print: one vocabulary, described in Docs/JSON.md and its JSON Schema,
/// Docs/stagehand-output.schema.json.
enum JSONOutput {
  /// The version of the vocabulary, the `schema` field of every document. It grows when a field changes meaning or
  /// goes away; a new field does not change it.
  static let schemaVersion = 1

  /// A document: `members` with the `schema` field added, as pretty-printed JSON with sorted keys.
  static func document(_ members: [String: JSONValue]) -> String {
    var members = members
    members["schema"] = .integer(schemaVersion)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    // Encoding a JSONValue cannot fail: it holds no non-finite number (plugins' numbers are validated finite).
    return (try? encoder.encode(JSONValue.object(members))).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
  }

  /// A plugin named by its id and version.
  static func pluginReference(id: String, version: String) -> JSONValue {
    .object(["id": .string(id), "version": .string(version)])
  }

  /// A plugin whole: what it says about itself, its library, and its styles.
  /// `shadowed` maps the qualified names that a bare name does not reach to the one it plays instead.
  static func plugin(_ plugin: CatalogPlugin, shadowed: [String: String]) -> JSONValue {
    let info = plugin.info
    return .object([
      "id": .string(info.id), "version": .string(info.version), "name": .string(info.name),
      "author": .string(info.author), "license": .string(info.license), "description": .string(info.description),
      "abiVersion": .string(info.abiVersion), "library": .string(plugin.file),
      "sha256": .string(plugin.sha256.hex),
      "shadows": .array(plugin.shadows.map { .string($0) }), "notes": .array(plugin.notes.map { .string($0) }),
      "styles": .array(info.styles.map { style($0, of: plugin, shadowedBy: shadowed["\(info.id):\($0.name)"]) }),
    ])
  }

  /// A style, with its plugin (id and version apart), library, flags, parameters and presets; `shadowedBy` is the
  /// qualified name its bare name plays instead, when a plugin earlier in the search path provides the same name.
  static func style(_ style: StyleInfo, of plugin: CatalogPlugin, shadowedBy: String?) -> JSONValue {
    .object([
      "name": .string(style.name), "qualifiedName": .string("\(plugin.info.id):\(style.name)"),
      "shadowedBy": .string(shadowedBy),
      "plugin": pluginReference(id: plugin.info.id, version: plugin.info.version),
      "library": .string(plugin.file), "summary": .string(style.summary),
      "defaultDuration": .number(style.defaultDuration), "uses3D": .bool(style.uses3D),
      "isSymmetric": .bool(style.isSymmetric), "hasInverseBuilder": .bool(style.hasInverseBuilder),
      "reducedMotionFallback": .string(style.reducedMotionFallback), "builder": .string(style.builderSignature),
      "parameters": .array(style.parameters.map(parameter)),
      "presets": .array(style.presets.map { preset($0, of: style, plugin: plugin) }),
    ])
  }

  /// A parameter: its default as a user would type it (an enumeration's label, not its index), its range for
  /// numbers, its labels for an enumeration.
  static func parameter(_ parameter: ParameterInfo) -> JSONValue {
    let numeric = parameter.type == .int || parameter.type == .double
    return .object([
      "name": .string(parameter.symbol), "type": .string(parameter.type.rawValue),
      "default": value(parameter.defaultParameterValue, of: parameter),
      "minimum": numeric ? .number(parameter.minimum) : .null,
      "maximum": numeric ? .number(parameter.maximum) : .null,
      "labels": .array(parameter.labels.map { .string($0) }), "unit": .string(parameter.unit),
      "description": .string(parameter.description),
    ])
  }

  /// A preset: the values it sets, by parameter name, typed as the parameters' defaults are.
  static func preset(_ preset: PresetInfo, of style: StyleInfo, plugin: CatalogPlugin) -> JSONValue {
    var values: [String: JSONValue] = [:]
    for setting in preset.values {
      let parameter = style.parameters.first { $0.symbol == setting.parameter }
      if let parameter, case .success(let typed) = parameter.parse(setting.value) {
        values[setting.parameter] = value(typed, of: parameter)
      } else {
        values[setting.parameter] = .string(setting.value)  // not reached for a scanned plugin: presets are checked
      }
    }
    return .object([
      "name": .string(preset.name), "qualifiedName": .string("\(plugin.info.id):\(preset.name)"),
      "style": .string(style.name), "summary": .string(preset.summary), "values": .object(values),
    ])
  }

  /// A parameter value in JSON: a label, a boolean or a number.
  static func value(_ value: ParameterValue, of parameter: ParameterInfo) -> JSONValue {
    switch value {
    case .label: .string(parameter.text(for: value))
    case .bool(let flag): .bool(flag)
    case .int(let number): .integer(Int(number))
    case .double(let number): .number(number)
    }
  }

  /// A library found on the search path, with its status and the reason.
  static func library(_ report: LibraryReport) -> JSONValue {
    .object([
      "library": .string(report.path), "status": .string(report.status.name), "reason": .string(report.status.reason),
      "plugin": report.plugin.map { pluginReference(id: $0.id, version: $0.version) } ?? .null,
      "sha256": .string(report.sha256?.hex), "shadowedBy": .string(report.shadowedBy),
    ])
  }
}
