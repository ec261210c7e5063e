import StagehandAnimation

/// Records the host-function calls of one builder call as steps, refusing any call that breaks the header's rules.
///
/// The builder does not receive the recorder's address: `withBuilderHandle` gives it an opaque token that the host
/// functions check against the build running on the calling thread (see "Builder handles" in
/// AnimationRecorder+Handles.swift). The rules each host function checks are in AnimationRecorder+Rules.swift.
final class AnimationRecorder {
  struct PendingStep {
    var duration: Double
    var curve: TimingCurve
    var changes: [Step.Change] = []
    var rotated: Set<LayerID> = []
    /// The interval of the changes that follow (set_interval).
    var interval: ChangeInterval = .whole
    /// The content layer set_on_top puts on top at the step's start, and at its end.
    var onTopAtStart: LayerID?
    var onTopAtEnd: LayerID?
  }

  // The state below is changed only by the rule checks (AnimationRecorder+Rules.swift).

  /// The steps recorded so far.
  var steps: [PendingStep] = []
  /// How many changes all steps hold, against SH_MAX_CHANGES.
  var changeCount = 0
  /// The stage's perspective after the changes so far; it never falls below 0.
  var perspective: Double
  /// The content layer on top before the first step.
  private let initialOnTop: LayerID
  /// The first call the recorder refused, with its status and why.
  private(set) var refusal: (status: PluginStatus, message: String)?
  /// The last message the builder gave to `report`.
  var reported: String?
  /// Every call applied so far, in order, when the recorder keeps a log (the plugin process does; see `HostCall`).
  var log: [HostCall]?

  init(initialPerspective: Double, initialOnTop: LayerID = .appearing) {
    perspective = initialPerspective
    self.initialOnTop = initialOnTop
  }

  /// Records a refusal (the first one is kept) and returns its status.
  func refuse(_ status: PluginStatus, _ message: String) -> PluginStatus {
    if refusal == nil { refusal = (status, message) }
    return status
  }

  /// Records a refusal with SH_ERROR_INVALID_ARGUMENT and returns that status.
  func invalid(_ message: String) -> PluginStatus { refuse(.invalidArgument, message) }

  /// The refusal of a call whose named numbers are not all finite; nil when they are.
  func finite(_ call: String, _ values: [(String, Double)]) -> PluginStatus? {
    for (name, value) in values where !value.isFinite {
      return invalid("\(call): \(name) is \(value), but it must be finite")
    }
    return nil
  }

  /// The recorded steps as validated model steps. A draw-order change becomes an instant step of its own, before or
  /// after its step, when it changes which content is on top at that moment.
  func finishedSteps() throws(AnimationError) -> [Step] {
    var result: [Step] = []
    result.reserveCapacity(steps.count)
    var onTop = initialOnTop
    func order(_ wanted: LayerID?) throws(AnimationError) {
      guard let wanted, wanted != onTop else { return }
      result.append(try Step(duration: 0, curve: .linear, changes: [Step.Change(.stage, .swapDrawOrder)]))
      onTop = wanted
    }
    for pending in steps {
      try order(pending.onTopAtStart)
      result.append(try Step(duration: pending.duration, curve: pending.curve, changes: pending.changes))
      try order(pending.onTopAtEnd)
    }
    return result
  }
}
