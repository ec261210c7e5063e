import CStagehandPlugin
import StagehandAnimation

/// Which builder of a style runs.
package enum BuilderKind: UInt8, Sendable {
  /// The style's builder.
  case forward = 0
  /// The style's inverse builder.
  case inverse = 1
}

/// Builds the animations of one plugin's styles with every check of the header's rules, whoever runs the builders:
/// this process through libffi (`LoadedPlugin`), or the plugin process, whose recorded calls are replayed here
/// (`BuildRecording`).
struct PluginBuilds {
  /// Runs one builder: makes its host-function calls into the recorder and returns the builder's status.
  typealias Runner = (
    _ styleIndex: Int, _ kind: BuilderKind, _ values: [ParameterValue], _ context: UnsafePointer<sh_context>,
    _ recorder: AnimationRecorder
  ) -> PluginStatus

  let file: String
  let info: PluginInfo
  let run: Runner

  func forward(styleIndex: Int, values: [ParameterValue], in context: TransitionContext) throws(PluginError)
    -> Animation
  {
    let steps = try record(styleIndex, .forward, values, context, startingFrom: .identity)
    return try finite(Animation(steps: steps), styleIndex, "forward")
  }

  func inverse(styleIndex: Int, values: [ParameterValue], in context: TransitionContext) throws(PluginError)
    -> Animation
  {
    // Checked like any build: replaying a finite forward animation backwards has overflowed before (a rotation by
    // 1e33 radians made a quaternion of length 5e273 and an infinite inverse).
    let derived = try finite(
      forward(styleIndex: styleIndex, values: values, in: context).swappedAndReversed(), styleIndex, "inverse")
    guard try style(styleIndex).hasInverseBuilder else { return derived }
    let start = derived.initialStates
    let steps = try record(styleIndex, .inverse, values, context, startingFrom: start)
    let animation = try finite(Animation(steps: steps, initialStates: start), styleIndex, "inverse")
    let backdrop = animation.finalStates.backdrop
    let backdropOff = [backdrop.red, backdrop.green, backdrop.blue, backdrop.opacity].map(abs).max() ?? 0
    guard backdropOff <= 1e-9 else {
      throw error(
        styleIndex,
        .buildFailed(
          status: PluginStatus.failed.rawValue,
          message: "the inverse builder leaves the backdrop \(backdropOff) away from none; it must bring the "
            + "revealed content, the stage and the backdrop back to rest (the end-state rule)"))
    }
    for layer in [LayerID.appearing, .stage] {
      let end = animation.finalStates[layer]
      let rest = LayerState.identity
      let clip = end.clip
      let deviations = [
        end.translation.x - rest.translation.x, end.translation.y, end.translation.z, end.rotation.x, end.rotation.y,
        end.rotation.z, abs(end.rotation.w) - 1, end.scale.x - 1, end.scale.y - 1, end.scale.z - 1,
        end.anchor.x - 0.5, end.anchor.y - 0.5, end.opacity - 1, end.perspective, clip.insets.top,
        clip.insets.right, clip.insets.bottom, clip.insets.left, clip.cornerRadius, clip.ellipseCentre.x - 0.5,
        clip.ellipseCentre.y - 0.5, clip.ellipseRadii.x - 1, clip.ellipseRadii.y - 1, clip.wedgeCentre.x - 0.5,
        clip.wedgeCentre.y - 0.5, clip.wedgeStart, clip.wedgeSweep - Clip.fullTurn, end.dim,
      ]
      // A NaN anywhere is off by NaN (Array.max() keeps a NaN only when it comes first).
      let offBy = deviations.contains(where: \.isNaN) ? .nan : deviations.map(abs).max() ?? 0
      guard offBy <= 1e-9 else {
        throw error(
          styleIndex,
          .buildFailed(
            status: PluginStatus.failed.rawValue,
            message: "the inverse builder leaves the \(layer) layer \(offBy) away from its initial state; it must "
              + "bring the revealed content, the stage and the backdrop back to rest (the end-state rule)"))
      }
    }
    return animation
  }

  /// `animation`, or a typed error when its duration or one of its states is not finite, or a layer's scale falls
  /// out of the range where it can be undone.
  private func finite(_ animation: Animation, _ styleIndex: Int, _ which: String) throws(PluginError) -> Animation {
    guard animation.isFinite else {
      throw error(
        styleIndex,
        .buildFailed(
          status: PluginStatus.invalidArgument.rawValue,
          message: "the \(which) animation adds up to a duration or a state that is not finite; every change was "
            + "finite, but together they overflow"))
    }
    guard animation.keepsScalesReversible else {
      throw error(
        styleIndex,
        .buildFailed(
          status: PluginStatus.invalidArgument.rawValue,
          message: "the \(which) animation scales a layer to less than \(Double.leastNormalMagnitude) (or to 0), which "
            + "no inverse can undo; every factor was non-zero, but together they shrink the layer too far"))
    }
    return animation
  }

  /// The style at `index`, or a typed error when the plugin has no such style.
  func style(_ index: Int) throws(PluginError) -> StyleInfo {
    guard info.styles.indices.contains(index) else {
      throw PluginError(
        file: file, plugin: info.id,
        reason: .buildFailed(
          status: PluginStatus.invalidArgument.rawValue,
          message: "the plugin has no style \(index); it has \(info.styles.count)"))
    }
    return info.styles[index]
  }

  func error(_ styleIndex: Int, _ reason: PluginError.Reason) -> PluginError {
    PluginError(
      file: file, plugin: info.id, style: info.styles.indices.contains(styleIndex) ? info.styles[styleIndex].name : nil,
      reason: reason)
  }

  /// The C context of a build in `buildContext`.
  static func cContext(_ buildContext: TransitionContext) -> sh_context {
    let bounds = buildContext.bounds
    let scale = buildContext.displayScale
    return sh_context(
      struct_size: UInt32(MemoryLayout<sh_context>.size), x: bounds.origin.x, y: bounds.origin.y,
      width: bounds.size.width, height: bounds.size.height,
      flags: buildContext.reducesMotion ? UInt32(SH_CONTEXT_REDUCE_MOTION) : 0,
      layout_direction: Int32(
        buildContext.layoutDirection == .rightToLeft ? SH_LAYOUT_RIGHT_TO_LEFT : SH_LAYOUT_LEFT_TO_RIGHT),
      display_scale: scale.isFinite && scale > 0 ? scale : 1)
  }

  /// Runs one builder with a fresh recorder and returns the steps it described.
  func record(
    _ styleIndex: Int, _ kind: BuilderKind, _ values: [ParameterValue], _ buildContext: TransitionContext,
    startingFrom start: LayerStates
  ) throws(PluginError) -> [Step] {
    let style = try style(styleIndex)
    guard values.count == style.parameters.count,
      zip(values, style.parameters).allSatisfy({ $0.matches($1) })
    else {
      throw error(
        styleIndex,
        .buildFailed(
          status: PluginStatus.invalidArgument.rawValue,
          message: "the host passed values that do not match the parameters"))
    }
    let recorder = AnimationRecorder(initialPerspective: start.stage.perspective, initialOnTop: start.onTop)
    var context = Self.cContext(buildContext)
    let status = withUnsafePointer(to: &context) { run(styleIndex, kind, values, $0, recorder) }
    if status.rawValue > 0 {
      let message = "the builder returned \(status), which is not a status of stagehand_plugin.h"
      throw error(
        styleIndex,
        .buildFailed(
          status: PluginStatus.failed.rawValue,
          message: [message, recorder.reported].compactMap { $0 }.joined(separator: "; ")))
    }
    if status != .ok {
      throw error(
        styleIndex, .buildFailed(status: status.rawValue, message: recorder.reported ?? recorder.refusal?.message))
    }
    if let refusal = recorder.refusal {
      let message = "\(refusal.message) (the builder returned SH_OK all the same)"
      throw error(styleIndex, .buildFailed(status: refusal.status.rawValue, message: message))
    }
    do {
      return try recorder.finishedSteps()
    } catch {
      throw self.error(styleIndex, .buildFailed(status: PluginStatus.invalidArgument.rawValue, message: "\(error)"))
    }
  }
}

extension LoadedPlugin {
  /// Builds the forward (or inverse) animation of the style at `styleIndex` as `forward`/`inverse` do, and returns
  /// what each builder returned and called: what the plugin process sends to the host.
  package func recordedBuild(styleIndex: Int, values: [ParameterValue], in context: TransitionContext, inverse: Bool)
    -> BuildRecording
  {
    var recording = BuildRecording(forward: nil, inverse: nil)
    let inProcess = builds()
    let recorded = PluginBuilds(file: file, info: info) { styleIndex, kind, values, context, recorder in
      recorder.log = []
      let status = inProcess.run(styleIndex, kind, values, context, recorder)
      let calls = recorder.log ?? []
      let run = BuildRecording.Run(
        status: status.rawValue, calls: Array(calls.prefix(HostCall.recordedLimit)),
        truncated: calls.count > HostCall.recordedLimit)
      if kind == .forward { recording.forward = run } else { recording.inverse = run }
      return status
    }
    _ =
      try? inverse
      ? recorded.inverse(styleIndex: styleIndex, values: values, in: context)
      : recorded.forward(styleIndex: styleIndex, values: values, in: context)
    return recording
  }

  /// The forward (or inverse) animation of the style at `styleIndex` of the plugin `info` in `file`, built from
  /// `recording` (made by the plugin process) with every check of an in-process build.
  package static func replay(
    _ recording: BuildRecording, file: String, info: PluginInfo, styleIndex: Int, values: [ParameterValue],
    in context: TransitionContext, inverse: Bool
  ) throws(PluginError) -> Animation {
    let builds = PluginBuilds(file: file, info: info) { _, kind, _, _, recorder in
      guard let run = kind == .forward ? recording.forward : recording.inverse, !run.truncated else {
        return .limit
      }
      for call in run.calls { _ = recorder.apply(call) }
      return PluginStatus(rawValue: run.status)
    }
    for run in [recording.forward, recording.inverse].compactMap({ $0 }) where run.truncated {
      throw builds.error(
        styleIndex,
        .buildFailed(
          status: PluginStatus.limit.rawValue,
          message: "the builder made more than \(HostCall.recordedLimit) host-function calls; an animation within "
            + "the header's limits needs far fewer"))
    }
    return inverse
      ? try builds.inverse(styleIndex: styleIndex, values: values, in: context)
      : try builds.forward(styleIndex: styleIndex, values: values, in: context)
  }
}
