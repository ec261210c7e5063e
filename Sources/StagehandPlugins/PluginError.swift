/// Why a plugin library, one of its styles, or one of its builds was refused.
///
/// The message names the file, the plugin, the style and the parameter where they are known, says what was wrong and
/// what the plugin's author (or the user) can do about it.
public struct PluginError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The library file.
  public var file: String
  /// The plugin's id, once read.
  public var plugin: String?
  /// The style at fault, if any.
  public var style: String?
  /// The parameter at fault, if any.
  public var parameter: String?
  /// What was wrong.
  public var reason: Reason

  /// Creates an error.
  public init(
    file: String, plugin: String? = nil, style: String? = nil, parameter: String? = nil, reason: Reason
  ) {
    self.file = file
    self.plugin = plugin
    self.style = style
    self.parameter = parameter
    self.reason = reason
  }

  /// What was wrong with a plugin, a descriptor or a build.
  public enum Reason: Hashable, Sendable {
    /// The dynamic loader could not open the file (not a shared library, missing dependency, wrong architecture).
    case cannotOpen(loaderMessage: String)
    /// The library does not export the entry symbol.
    case missingEntry(symbol: String)
    /// The entry returned NULL.
    case nullDescriptor
    /// The plugin was built for another major version of the ABI.
    case abiMajorMismatch(found: Int, supported: Int)
    /// The plugin was built for a newer minor version of the ABI than this host knows.
    case abiMinorTooNew(found: Int, supported: Int)
    /// A struct declared a size smaller than its fields of the declared version need.
    case structTooSmall(structName: String, size: Int, minimum: Int)
    /// The elements of one array declared different sizes.
    case inconsistentStructSize(structName: String, first: Int, other: Int)
    /// A required string was NULL.
    case missingString(field: String)
    /// A string was not valid UTF-8.
    case invalidUTF8(field: String)
    /// A string was longer than the header allows.
    case stringTooLong(field: String, limit: Int)
    /// A name did not follow the grammar of names (or of plugin ids, or of versions).
    case badName(field: String, value: String, rule: String)
    /// A name appeared twice where it must be unique.
    case duplicateName(field: String, value: String)
    /// An array had more elements than the header allows, or none where one is required.
    case badCount(field: String, count: Int, allowed: ClosedRange<Int>)
    /// An array pointer was NULL while its count was not 0.
    case missingArray(field: String)
    /// An array pointer was set where the header requires NULL.
    case unexpectedArray(field: String, type: String)
    /// A parameter had a type this host does not know.
    case unknownParameterType(Int32)
    /// A parameter's minimum, default and maximum were not finite, ordered, or fitting its type.
    case badRange(minimum: Double, defaultValue: Double, maximum: Double, rule: String)
    /// A style set flag bits this host does not know.
    case reservedFlags(UInt32)
    /// A style had a default duration that is negative or not finite.
    case badDefaultDuration(Double)
    /// A style had no builder.
    case missingBuilder
    /// A preset named a parameter the style does not have, named one twice, or gave an invalid value.
    case badPreset(preset: String, problem: String)
    /// A style's reduced-motion fallback (ABI 1.1) is malformed, names nothing of the plugin, or names the style
    /// itself or one of its presets.
    case badFallback(value: String, problem: String)
    /// libffi refused the builder's signature.
    case cannotPrepareCall
    /// The entry or a builder points outside the library (into another library, or nowhere).
    case pointsOutsideLibrary(function: String)
    /// A builder returned an error status, or a host function refused one of its calls.
    case buildFailed(status: Int32, message: String?)
    /// A library the plugin needs (DT_NEEDED), loaded from outside the system library directories, breaks the trust
    /// rule of plugin files: `problem` says how.
    case untrustedDependency(path: String, problem: String)
  }

  /// The full message: where, what, and what to do.
  public var description: String {
    var place = file
    if let plugin { place += " (plugin \(plugin))" }
    if let style { place += ": style '\(style)'" }
    if let parameter { place += ": parameter '\(parameter)'" }
    return "\(place): \(reason.explanation)"
  }
}

extension PluginError.Reason {
  /// What was wrong and what to do about it.
  var explanation: String {
    switch self {
    case .cannotOpen(let message):
      "cannot be loaded: \(message). Check that it is a shared library built for this machine"
    case .missingEntry(let symbol):
      "does not export '\(symbol)'. A plugin must export the entry function of stagehand_plugin.h"
    case .nullDescriptor:
      "the entry function returned NULL. It must return a pointer to the plugin's static descriptor"
    case .abiMajorMismatch(let found, let supported):
      "was built for plugin ABI \(found).x, but this host supports \(supported).x. Rebuild it against this host's stagehand_plugin.h"
    case .abiMinorTooNew(let found, let supported):
      "declares plugin ABI minor version \(found), newer than this host's \(supported). Update the host or build the plugin for minor \(supported)"
    case .structTooSmall(let name, let size, let minimum):
      "\(name).struct_size is \(size) bytes, but its fields need at least \(minimum). Set struct_size to sizeof(\(name))"
    case .inconsistentStructSize(let name, let first, let other):
      "the \(name) array mixes struct sizes \(first) and \(other). Set every struct_size to sizeof(\(name))"
    case .missingString(let field):
      "\(field) is NULL, but a string is required there"
    case .invalidUTF8(let field):
      "\(field) is not valid UTF-8"
    case .stringTooLong(let field, let limit):
      "\(field) is longer than \(limit) bytes (or not NUL-terminated)"
    case .badName(let field, let value, let rule):
      "\(field) '\(value)' is not valid: \(rule)"
    case .duplicateName(let field, let value):
      "\(field) '\(value)' appears twice; names must be unique"
    case .badCount(let field, let count, let allowed):
      "\(field) is \(count), but it must lie in \(allowed.lowerBound)...\(allowed.upperBound)"
    case .missingArray(let field):
      "\(field) is NULL although its count is not 0"
    case .unexpectedArray(let field, let type):
      "\(field) is set, but a parameter of type \(type) has none; set it to NULL"
    case .unknownParameterType(let type):
      "has type \(type), which is none of SH_PARAM_ENUM (1), SH_PARAM_INT (2), SH_PARAM_DOUBLE (3), SH_PARAM_BOOL (4)"
    case .badRange(let minimum, let defaultValue, let maximum, let rule):
      "minimum \(minimum), default \(defaultValue), maximum \(maximum) are not valid: \(rule)"
    case .reservedFlags(let bits):
      "sets reserved flag bits 0x\(String(bits, radix: 16)); they must be 0"
    case .badDefaultDuration(let value):
      "default duration \(value) s is not valid; give a finite number of seconds, 0 or more"
    case .missingBuilder:
      "has no builder function; sh_style.builder must not be NULL"
    case .badPreset(let preset, let problem):
      "preset '\(preset)' \(problem)"
    case .badFallback(let value, let problem):
      "reduced_motion_fallback '\(value)' \(problem). Name another style or preset of this plugin, PLUGIN-ID:NAME of "
        + "another plugin's, or set it to NULL"
    case .cannotPrepareCall:
      "libffi cannot prepare a call to its builder"
    case .pointsOutsideLibrary(let function):
      "\(function) points outside the library. Every function a plugin gives must be defined in the plugin itself"
    case .buildFailed(let status, let message):
      "the builder failed with status \(status) (\(Self.statusName(status)))"
        + (message.map { ": \($0)" } ?? "")
    case .untrustedDependency(let path, let problem):
      "needs \(path), which is not loaded: \(problem). A library a plugin needs must pass the same rule as the plugin"
    }
  }

  /// The header's name of the error status `status`, or a sentence saying it is none of the header's errors.
  static func statusName(_ status: Int32) -> String {
    let status = PluginStatus(rawValue: status)
    guard status != .ok, let name = status.name else { return "not a status of stagehand_plugin.h" }
    return name
  }
}
