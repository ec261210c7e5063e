import StagehandAnimation
import StagehandPlugins

/// Why the registry could not resolve a style or build an animation; each message is one line that says what is
/// valid.
public enum RegistryError: Error, Hashable, Sendable, CustomStringConvertible {
  /// No style, preset or plugin has that name.
  case unknownStyle(String, suggestions: [String])
  /// Several plugins provide a style or preset of that name.
  case ambiguousStyle(String, candidates: [String])
  /// The style has no parameter of that name.
  case unknownParameter(style: String, name: String, valid: [String])
  /// A parameter's value could not be used.
  case invalidValue(style: String, parameter: String, problem: ParameterProblem)
  /// A parameter assignment was not written `NAME=VALUE`.
  case malformedAssignment(String)
  /// The plugin refused to build.
  case plugin(PluginError)
  /// The context or the requested duration was invalid.
  case animation(AnimationError)

  /// The message.
  public var description: String {
    switch self {
    case .unknownStyle(let name, let suggestions):
      "unknown style '\(name)'"
        + (suggestions.isEmpty
          ? "; run 'stagehand list' to see the installed styles"
          : "; did you mean \(suggestions.map { "'\($0)'" }.joined(separator: " or "))? Run 'stagehand list' to see all")
    case .ambiguousStyle(let name, let candidates):
      "style '\(name)' is provided by several plugins; name one of \(candidates.joined(separator: ", "))"
    case .unknownParameter(let style, let name, let valid):
      "style '\(style)' has no parameter '\(name)'; "
        + (valid.isEmpty ? "it has no parameters" : "its parameters are \(valid.joined(separator: ", "))")
    case .invalidValue(let style, let parameter, let problem):
      "style '\(style)': parameter '\(parameter)': \(problem)"
    case .malformedAssignment(let text):
      "'\(text)' is not a parameter assignment; write NAME=VALUE, e.g. direction=left"
    case .plugin(let error):
      error.description
    case .animation(let error):
      error.description
    }
  }
}
