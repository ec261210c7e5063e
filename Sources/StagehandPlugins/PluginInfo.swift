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
  /// What a host plays instead of this style when the user asked for reduced motion (ABI 1.1): the name of a style or
  /// preset of the same plugin, or `plugin-id:name` of another plugin's; nil for nothing else (the style itself is
  /// then built, with reduced motion set in its context). Always nil for a plugin that declares ABI 1.0.
  public var reducedMotionFallback: String?

  /// Creates style information.
  public init(
    name: String, summary: String, defaultDuration: Double, uses3D: Bool, isSymmetric: Bool,
    hasInverseBuilder: Bool, parameters: [ParameterInfo], presets: [PresetInfo], reducedMotionFallback: String? = nil
  ) {
    self.name = name
    self.summary = summary
    self.defaultDuration = defaultDuration
    self.uses3D = uses3D
    self.isSymmetric = isSymmetric
    self.hasInverseBuilder = hasInverseBuilder
    self.parameters = parameters
    self.presets = presets
    self.reducedMotionFallback = reducedMotionFallback
  }

  /// The C signature of the builder, as the plugin must declare it.
  public var builderSignature: String {
    let arguments = ["const sh_context *", "const sh_host *", "sh_builder *"] + parameters.map(\.cDeclaration)
    return "int32_t (\(arguments.joined(separator: ", ")))"
  }
}

/// A reduced-motion fallback as a style gives it (`sh_style.reduced_motion_fallback`): a name of the same plugin, or
/// `plugin-id:name` of another plugin.
public struct FallbackReference: Hashable, Sendable {
  /// The grammar of a fallback, in words.
  public static let rule =
    "a fallback is the name of a style or preset of the same plugin, such as cross-dissolve, or PLUGIN-ID:NAME of "
    + "another plugin, such as org.example.fade:fade-in"

  /// The plugin id before the colon, or nil for a name of the same plugin.
  public var plugin: String?
  /// The style or preset name.
  public var name: String

  /// Splits `text` at its first colon (no colon: a name of the same plugin). Check it with ``isValid(_:)`` first.
  public init(_ text: String) {
    if let colon = text.firstIndex(of: ":") {
      plugin = String(text[..<colon])
      name = String(text[text.index(after: colon)...])
    } else {
      plugin = nil
      name = text
    }
  }

  /// Whether `text` is a name (at most 64 bytes), or a plugin id (at most 128 bytes), a colon and a name.
  public static func isValid(_ text: String) -> Bool {
    let reference = FallbackReference(text)
    guard reference.name.utf8.count <= 64, Names.isName(reference.name) else { return false }
    guard let plugin = reference.plugin else { return true }
    return plugin.utf8.count <= 128 && Names.isPluginID(plugin)
  }

  /// The reference qualified by `pluginID` when it names a style or preset of the same plugin.
  public func qualified(by pluginID: String) -> String { "\(plugin ?? pluginID):\(name)" }
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
