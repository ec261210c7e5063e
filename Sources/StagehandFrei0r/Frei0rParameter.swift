import CStagehandFrei0r
import StagehandAnimation
import StagehandPlugins

/// One parameter of a module as frei0r shows it: its name, its frei0r type, its explanation, and what it sets.
///
/// The first four are the module's own: `position` (the transition's progress), `inverse`, `timing` and `preset`;
/// then come the style's parameters: a boolean as `F0R_PARAM_BOOL`; an integer or a decimal number with a finite range
/// as `F0R_PARAM_DOUBLE` from 0 to 1, mapped linearly onto the range (0 is the minimum, 1 the maximum; the explanation
/// says so); an enumeration, or a number without a finite range, as `F0R_PARAM_STRING` holding the label or the
/// number as `stagehand --param` takes it.
struct Frei0rParameter: Sendable {
  /// What a parameter sets.
  enum Role: Hashable, Sendable {
    /// The progress, 0 to 1.
    case position
    /// Whether the inverse (the pop) is played.
    case inverse
    /// The timing that replaces the style's curves.
    case timing
    /// The preset whose values apply.
    case preset
    /// The style's parameter of this index.
    case style(Int)
  }

  /// The name hosts show (GStreamer makes a property of it, MLT a property of the transition).
  var name: String
  /// `F0R_PARAM_BOOL`, `F0R_PARAM_DOUBLE` or `F0R_PARAM_STRING`.
  var type: Int32
  /// One or two sentences: what it does and, for a mapped number, the mapping.
  var explanation: String
  /// What it sets.
  var role: Role
  /// The style's parameter, for `.style`.
  var info: ParameterInfo?

  /// The value a module starts with.
  var initialValue: Frei0rValue {
    switch role {
    case .position, .inverse: return .number(0)
    case .timing, .preset: return .text("")
    case .style:
      let info = info!
      switch type {
      case F0R_PARAM_BOOL: return .number(info.defaultValue != 0 ? 1 : 0)
      case F0R_PARAM_DOUBLE: return .number(Self.fraction(of: info.defaultValue, in: info))
      default: return .text(info.text(for: info.defaultParameterValue))
      }
    }
  }

  /// The parameters of a module for `style` (whose presets are `presets`).
  static func parameters(of style: StyleInfo) -> [Frei0rParameter] {
    let presets = style.presets.map(\.name)
    var parameters = [
      Frei0rParameter(
        name: "position", type: F0R_PARAM_DOUBLE,
        explanation: "The transition's progress: 0 shows input 1, 1 shows input 2 (animate it from 0 to 1)",
        role: .position),
      Frei0rParameter(
        name: "inverse", type: F0R_PARAM_BOOL,
        explanation:
          "Play the inverse (a pop): input 1 leaves the way the forward transition brought it in, revealing input 2",
        role: .inverse),
      Frei0rParameter(
        name: "timing", type: F0R_PARAM_STRING,
        explanation:
          "The timing of every step: linear, ease, ease-in, ease-out, ease-in-out, cubic-bezier(x1,y1,x2,y2) or "
          + "spring(response,damping-ratio); empty: the style's own curves",
        role: .timing),
      Frei0rParameter(
        name: "preset", type: F0R_PARAM_STRING,
        explanation: presets.isEmpty
          ? "A preset of this style (it has none); leave empty"
          : "A preset of this style, whose values apply to parameters left at their defaults: "
            + presets.joined(separator: ", ") + "; empty: none",
        role: .preset),
    ]
    let taken = Set(parameters.map(\.name))
    for (index, info) in style.parameters.enumerated() {
      let name = taken.contains(info.symbol) ? "style-" + info.symbol : info.symbol
      let description = info.description.hasSuffix(".") ? String(info.description.dropLast()) : info.description
      let unit = info.unit.map { " \($0)" } ?? ""
      let type: Int32
      let explanation: String
      switch info.type {
      case .bool:
        type = F0R_PARAM_BOOL
        explanation = description
      case .enum:
        type = F0R_PARAM_STRING
        explanation = description + ": one of " + info.labels.joined(separator: ", ")
      case .int, .double:
        if info.minimum.isFinite, info.maximum.isFinite, info.maximum > info.minimum {
          type = F0R_PARAM_DOUBLE
          let whole = info.type == .int ? ", rounded to a whole number" : ""
          explanation =
            description + ": 0 to 1 maps to \(info.minimum.plainText) to \(info.maximum.plainText)\(unit)\(whole) "
            + "(default \(info.defaultValue.plainText)\(unit) = "
            + "\(Self.fraction(of: info.defaultValue, in: info).plainText))"
        } else {
          type = F0R_PARAM_STRING
          explanation = description + ": \(info.validValues), written as a number such as 0.5"
        }
      }
      parameters.append(
        Frei0rParameter(name: name, type: type, explanation: explanation, role: .style(index), info: info))
    }
    return parameters
  }

  /// Where `value` lies in the range of `info`, from 0 to 1.
  static func fraction(of value: Double, in info: ParameterInfo) -> Double {
    let span = info.maximum - info.minimum
    guard span > 0, span.isFinite else { return 0 }
    return min(max((value - info.minimum) / span, 0), 1)
  }

  /// The style's value that the fraction `x` (0 to 1) of the range of `info` gives; the default exactly when `x` is
  /// the default's fraction (so that a host that sets every parameter to its default overrides no preset).
  static func value(atFraction x: Double, in info: ParameterInfo) -> ParameterValue {
    if abs(x - fraction(of: info.defaultValue, in: info)) < 1e-9 { return info.defaultParameterValue }
    let number = info.minimum + x * (info.maximum - info.minimum)
    let clamped = min(max(number, info.minimum), info.maximum)
    return info.type == .int ? .int(Int32(clamped.rounded())) : .double(clamped)
  }
}

/// The value of a parameter as the host sets it: a number (doubles and booleans) or a text.
enum Frei0rValue: Hashable, Sendable {
  /// A double or a boolean (0 or 1).
  case number(Double)
  /// A string.
  case text(String)
}
