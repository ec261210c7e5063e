import CStagehandPlugin
import StagehandAnimation

/// A style written in Swift and built in this process, without a plugin library: an application registers it with
/// the registry, which lists it and builds it like any other style.
///
/// Its builder records steps through the recorder the plugin ABI uses (``StyleRecording``), so the same rules hold:
/// a call the header refuses is refused, the steps are checked as a plugin's are, and the inverse is the forward
/// animation with the layers swapped, played backwards, unless the style has its own inverse builder, which must then
/// bring the revealed content, the stage and the backdrop back to rest (the end-state rule).
public struct InProcessStyle: Sendable {
  /// Builds one animation: records its steps through `recording`. A thrown error fails the build; its description
  /// is the builder's message.
  public typealias Builder = @Sendable (_ recording: StyleRecording) throws -> Void

  /// The style's name, summary, default duration, parameters and presets (`hasInverseBuilder` follows `inverse`).
  public let info: StyleInfo
  /// The builder of the forward animation.
  public let build: Builder
  /// The builder of the inverse animation, if the style has its own.
  public let inverse: Builder?

  /// A style described by `info`, built by `build` (and by `inverse` for its inverse, if given).
  public init(_ info: StyleInfo, build: @escaping Builder, inverse: Builder? = nil) {
    var info = info
    info.hasInverseBuilder = inverse != nil
    self.info = info
    self.build = build
    self.inverse = inverse
  }

  /// The forward or inverse animation of the style at `styleIndex` of `plugin` (whose styles are `styles`, in its
  /// order) with `values` in `context`, with every check a plugin's build gets.
  package static func animation(
    of styles: [InProcessStyle], plugin: PluginInfo, file: String, styleIndex: Int, values: [ParameterValue],
    in context: TransitionContext, inverse: Bool
  ) throws(PluginError) -> Animation {
    let builds = PluginBuilds(file: file, info: plugin) { index, kind, values, _, recorder in
      guard styles.indices.contains(index), let builder = kind == .forward ? styles[index].build : styles[index].inverse
      else { return .failed }
      do {
        try builder(StyleRecording(recorder: recorder, context: context, values: values))
        return .ok
      } catch {
        _ = recorder.report("\(error)")
        return .failed
      }
    }
    return inverse
      ? try builds.inverse(styleIndex: styleIndex, values: values, in: context)
      : try builds.forward(styleIndex: styleIndex, values: values, in: context)
  }

  /// Why the description cannot be used, in a sentence that says what to change; nil when it can.
  package var problem: String? {
    guard Names.isName(info.name) else { return "its name '\(info.name)' is not valid: \(Names.nameRule)" }
    guard info.defaultDuration.isFinite, info.defaultDuration >= 0 else {
      return "its default duration \(info.defaultDuration) is not valid; give a finite number of seconds, 0 or more"
    }
    var symbols: Set<String> = []
    for parameter in info.parameters {
      guard Names.isName(parameter.symbol) else {
        return "the parameter name '\(parameter.symbol)' is not valid: \(Names.nameRule)"
      }
      guard symbols.insert(parameter.symbol).inserted else {
        return "the parameter '\(parameter.symbol)' is declared twice; give each parameter once"
      }
      let numbers = [parameter.minimum, parameter.maximum, parameter.defaultValue]
      guard numbers.allSatisfy(\.isFinite), parameter.minimum <= parameter.defaultValue,
        parameter.defaultValue <= parameter.maximum
      else {
        return "the parameter '\(parameter.symbol)' needs finite minimum <= default <= maximum, and has "
          + "\(parameter.minimum), \(parameter.defaultValue), \(parameter.maximum)"
      }
      if parameter.type == .enum {
        guard !parameter.labels.isEmpty, parameter.labels.allSatisfy(Names.isName),
          parameter.maximum == Double(parameter.labels.count - 1), parameter.minimum == 0
        else {
          return "the enum parameter '\(parameter.symbol)' needs labels that are names, from 0 to the last label"
        }
      }
    }
    for preset in info.presets {
      guard Names.isName(preset.name) else { return "the preset name '\(preset.name)' is not valid: \(Names.nameRule)" }
      for value in preset.values where !symbols.contains(value.parameter) {
        return "the preset '\(preset.name)' sets '\(value.parameter)', which is not a parameter of the style"
      }
    }
    return nil
  }
}

/// What an in-process style's builder records its animation through: the host functions of the plugin ABI
/// (stagehand_plugin.h), in Swift, with the same checks. A call the header refuses returns false and fails the build
/// with its reason, as a plugin's refused call does (the first refusal is the one reported).
public struct StyleRecording {
  let recorder: AnimationRecorder
  /// The geometry of the build: the container's bounds, layout direction, display scale and reduced motion.
  public let context: TransitionContext
  /// The parameter values, in the order of the style's parameters.
  public let values: [ParameterValue]

  /// The named curves of `beginStep`.
  public enum Curve: Sendable {
    /// Constant speed.
    case linear
    /// Slow, then fast.
    case easeIn
    /// Fast, then slow.
    case easeOut
    /// Slow at both ends.
    case easeInOut

    var code: Int32 {
      switch self {
      case .linear: Int32(SH_CURVE_LINEAR)
      case .easeIn: Int32(SH_CURVE_EASE_IN)
      case .easeOut: Int32(SH_CURVE_EASE_OUT)
      case .easeInOut: Int32(SH_CURVE_EASE_IN_OUT)
      }
    }
  }

  /// Makes one host-function call; false when the recorder refuses it (the build then fails with the reason).
  @discardableResult
  public func record(_ call: HostCall) -> Bool { recorder.apply(call) == .ok }

  /// Starts a step of `duration` seconds with `curve`: the changes that follow run in parallel over it.
  @discardableResult
  public func beginStep(duration: Double, curve: Curve = .easeInOut) -> Bool {
    record(.beginStep(duration: duration, curve: curve.code))
  }

  /// Moves `layer` by (x, y, z) points over the step.
  @discardableResult
  public func translate(_ layer: LayerID, x: Double, y: Double, z: Double = 0) -> Bool {
    record(.translate(layer: Int32(layer.rawValue), x, y, z))
  }

  /// Turns `layer` by `angle` radians about the axis (x, y, z) over the step.
  @discardableResult
  public func rotate(_ layer: LayerID, angle: Double, x: Double, y: Double, z: Double) -> Bool {
    record(.rotate(layer: Int32(layer.rawValue), angle: angle, x, y, z))
  }

  /// Scales `layer` by (x, y, z) over the step.
  @discardableResult
  public func scale(_ layer: LayerID, x: Double, y: Double, z: Double = 1) -> Bool {
    record(.scale(layer: Int32(layer.rawValue), x, y, z))
  }

  /// Changes the opacity of `layer` by `delta` over the step.
  @discardableResult
  public func fade(_ layer: LayerID, by delta: Double) -> Bool {
    record(.fade(layer: Int32(layer.rawValue), delta))
  }
}
