/// What a plugin says about itself, copied out of its descriptor and validated.
public struct PluginInfo: Hashable, Sendable, Codable {
  /// The reverse-DNS id, e.g. `org.stagehand.push`.
  public var id: String
  /// The plugin's semantic version.
  public var version: String
  /// A human-readable name.
  public var name: String
  /// Who wrote it.
  public var author: String
  /// An SPDX license expression.
  public var license: String
  /// A few sentences for users.
  public var description: String
  /// The ABI version the plugin was built against, as `major.minor`.
  public var abiVersion: String
  /// The styles, in the plugin's order.
  public var styles: [StyleInfo]

  /// Creates plugin information.
  public init(
    id: String, version: String, name: String, author: String, license: String, description: String,
    abiVersion: String, styles: [StyleInfo]
  ) {
    self.id = id
    self.version = version
    self.name = name
    self.author = author
    self.license = license
    self.description = description
    self.abiVersion = abiVersion
    self.styles = styles
  }
}

/// What a style says about itself.
public struct StyleInfo: Hashable, Sendable, Codable {
  /// The name users type, e.g. `push`.
  public var name: String
  /// One sentence for users.
  public var summary: String
  /// The intrinsic duration, in seconds.
  public var defaultDuration: Double
  /// Whether the style uses the third dimension.
  public var uses3D: Bool
  /// Whether the style is its own inverse.
  public var isSymmetric: Bool
  /// Whether the style ships its own inverse builder.
  public var hasInverseBuilder: Bool
  /// The parameters, in the order of the builder's arguments.
  public var parameters: [ParameterInfo]
  /// The presets.
  public var presets: [PresetInfo]

  /// Creates style information.
  public init(
    name: String, summary: String, defaultDuration: Double, uses3D: Bool, isSymmetric: Bool,
    hasInverseBuilder: Bool, parameters: [ParameterInfo], presets: [PresetInfo]
  ) {
    self.name = name
    self.summary = summary
    self.defaultDuration = defaultDuration
    self.uses3D = uses3D
    self.isSymmetric = isSymmetric
    self.hasInverseBuilder = hasInverseBuilder
    self.parameters = parameters
    self.presets = presets
  }

  /// The C signature of the builder, as the plugin must declare it.
  public var builderSignature: String {
    let arguments = ["const sh_context *", "const sh_host *", "sh_builder *"] + parameters.map(\.cDeclaration)
    return "int32_t (\(arguments.joined(separator: ", ")))"
  }
}

/// The type of a parameter, and the C type of its builder argument.
public enum ParameterType: String, Hashable, Sendable, Codable, CaseIterable {
  /// One of a list of labels, passed as the label's index (`int32_t`).
  case `enum`
  /// An integer (`int32_t`).
  case int
  /// A decimal number (`double`).
  case double
  /// `true` or `false` (`bool`).
  case bool

  /// The C type the builder receives.
  public var cType: String {
    switch self {
    case .enum, .int: "int32_t"
    case .double: "double"
    case .bool: "bool"
    }
  }
}

/// A typed parameter of a style.
public struct ParameterInfo: Hashable, Sendable, Codable {
  /// The stable name users type, e.g. `direction`.
  public var symbol: String
  /// The type.
  public var type: ParameterType
  /// The smallest value (a label index for enums).
  public var minimum: Double
  /// The largest value.
  public var maximum: Double
  /// The default value.
  public var defaultValue: Double
  /// The labels of an enum, empty otherwise.
  public var labels: [String]
  /// The unit, if any.
  public var unit: String?
  /// One or two sentences for users.
  public var description: String

  /// Creates parameter information.
  public init(
    symbol: String, type: ParameterType, minimum: Double, maximum: Double, defaultValue: Double,
    labels: [String] = [], unit: String? = nil, description: String
  ) {
    self.symbol = symbol
    self.type = type
    self.minimum = minimum
    self.maximum = maximum
    self.defaultValue = defaultValue
    self.labels = labels
    self.unit = unit
    self.description = description
  }

  /// The declaration of the builder argument, e.g. `int32_t direction`.
  var cDeclaration: String { "\(type.cType) \(symbol.replacingHyphens)" }
}

/// A named parameter set of a style.
public struct PresetInfo: Hashable, Sendable, Codable {
  /// The name users type, e.g. `push-from-left`.
  public var name: String
  /// One sentence for users.
  public var summary: String
  /// The parameter values the preset sets, as text, in the plugin's order.
  public var values: [PresetValue]

  /// Creates preset information.
  public init(name: String, summary: String, values: [PresetValue]) {
    self.name = name
    self.summary = summary
    self.values = values
  }
}

/// One parameter value of a preset, as a user would type it.
public struct PresetValue: Hashable, Sendable, Codable {
  /// The parameter's symbol.
  public var parameter: String
  /// The value as text: an enum label, an integer, a decimal number, `true` or `false`.
  public var value: String

  /// Creates a preset value.
  public init(parameter: String, value: String) {
    self.parameter = parameter
    self.value = value
  }
}

extension String {
  /// The name with hyphens turned into underscores, as a C identifier.
  var replacingHyphens: String { String(map { $0 == "-" ? "_" : $0 }) }
}
