import StagehandAnimation
import StagehandContainers
import StagehandTestSupport
import Testing

/// Upright bounds, the geometry most tests start from.
let portrait = Rect(x: 0, y: 0, width: 320, height: 480)
/// The same screen turned a quarter: a rotation.
let landscape = Rect(x: 0, y: 0, width: 480, height: 320)
/// A resize that keeps the orientation.
let enlarged = Rect(x: 10, y: 20, width: 400, height: 640)

/// The transitions of `TestTransitions` that the tests use, by a short label.
enum Styles {
  static let slideLeft = Transition("slide", parameters: ["direction": "left"])
  static let slideTop = Transition("slide", parameters: ["direction": "top"])
  static let slideRight = Transition("slide")
  static let fade = Transition("fade")
  static let turn = Transition("turn")
  static let turn45 = Transition("turn", parameters: ["angle": "45"])
}

/// The largest difference between two animations: their durations, their initial and final states, and their samples
/// at `samples` evenly spaced times from 0 to the end. 0 for the same animation.
func animationDifference(_ a: Animation, _ b: Animation, samples: Int = 50) -> Double {
  var worst = abs(a.duration - b.duration)
  worst = max(worst, maxDifference(a.initialStates, b.initialStates))
  worst = max(worst, maxDifference(a.finalStates, b.finalStates))
  let total = max(a.duration, b.duration)
  for i in 0..<samples {
    let t = total * Double(i) / Double(samples - 1)
    worst = max(worst, maxDifference(a.sample(at: t), b.sample(at: t)))
  }
  return worst
}

/// What `TestTransitions` builds for `transition` in `bounds` with `duration`, forward or inverse.
func expected(
  _ transition: Transition, in bounds: Rect, duration: RequestedDuration = .intrinsic, inverse: Bool = false
) throws -> Animation {
  let context = TransitionContext(bounds: bounds, duration: duration)
  return inverse
    ? try TestTransitions().inverse(transition, in: context) : try TestTransitions().forward(transition, in: context)
}

/// The names of `contents`, in order.
func names(_ contents: [any Content]) -> [String] { contents.map(\.name) }

/// The attached layers of a stack by content name.
func layerStates(_ stack: Stack) -> [String: LayerState] {
  Dictionary(stack.presentedLayers.map { ($0.content.name, $0.state) }, uniquingKeysWith: { first, _ in first })
}

/// The attached layers of a placeholder's slot by content name.
func layerStates(_ placeholder: Placeholder, slot: Int) -> [String: LayerState] {
  Dictionary(
    placeholder.presentedLayers(inSlot: slot).map { ($0.content.name, $0.state) },
    uniquingKeysWith: { first, _ in first })
}

/// The largest difference between the states of the layers two maps share; infinite when they name different layers.
func stateDifference(_ a: [String: LayerState], _ b: [String: LayerState]) -> Double {
  guard Set(a.keys) == Set(b.keys) else { return .infinity }
  return a.keys.reduce(0) { max($0, maxDifference(a[$1]!, b[$1]!)) }
}

/// Whether the stack's attached layers are those of `names`.
func attached(_ stack: Stack) -> [String] { names(stack.presentedLayers.map(\.content)) }

/// Advances `clock` by whole seconds until `stack` plays nothing (at most 1,000 times).
func settle(_ stack: Stack, _ clock: ManualClock, sourceLocation: SourceLocation = #_sourceLocation) {
  var ticks = 0
  while stack.isAnimating && ticks < 1000 {
    clock.advance(by: 1)
    ticks += 1
  }
  #expect(!stack.isAnimating, "the stack is still animating after 1,000 s", sourceLocation: sourceLocation)
}

/// Advances `clock` until no slot of `placeholder` plays.
func settle(_ placeholder: Placeholder, _ clock: ManualClock, sourceLocation: SourceLocation = #_sourceLocation) {
  var ticks = 0
  while (0..<placeholder.slotCount).contains(where: { placeholder.isAnimating(slot: $0) }) && ticks < 1000 {
    clock.advance(by: 1)
    ticks += 1
  }
  #expect(ticks < 1000, "the placeholder is still animating after 1,000 s", sourceLocation: sourceLocation)
}

/// Expects no contract violation in any of `contents`.
func expectWellFormed(_ contents: [RecordingContent], sourceLocation: SourceLocation = #_sourceLocation) {
  for content in contents {
    #expect(content.violations.isEmpty, "\(content.violations)", sourceLocation: sourceLocation)
  }
}

/// A stack on a manual clock over `TestTransitions`, with named recording contents.
final class StackFixture {
  let clock = ManualClock()
  let stack: Stack
  let journal: Journal
  private(set) var contents: [String: RecordingContent] = [:]

  init(
    name: String = "stack", builder: any TransitionBuilding = TestTransitions(), bounds: Rect = portrait,
    capacity: Int = 2, behavior: Stack.Behavior = .default
  ) throws {
    stack = try Stack(
      name: name, builder: builder, clock: clock, bounds: bounds, capacity: capacity, behavior: behavior)
    journal = Journal()
    stack.observer = journal
  }

  /// The content named `name`, created on first use.
  subscript(name: String) -> RecordingContent {
    if let content = contents[name] { return content }
    let content = RecordingContent(name)
    contents[name] = content
    return content
  }

  /// Every content created so far.
  var all: [RecordingContent] { contents.values.sorted { $0.name < $1.name } }

  /// Pushes `name` (animated when the stack is shown) and lets its transition end.
  func push(_ name: String, _ transition: Transition, duration: RequestedDuration = .intrinsic) throws {
    try stack.push(self[name], with: transition, duration: duration)
    settle(stack, clock)
  }

  /// A shown stack holding A, pushed with a fade before the stack appeared.
  static func showingA(
    bounds: Rect = portrait, capacity: Int = 2, behavior: Stack.Behavior = .default
  ) throws -> StackFixture {
    let fixture = try StackFixture(bounds: bounds, capacity: capacity, behavior: behavior)
    try fixture.push("A", Styles.fade)
    fixture.stack.appear()
    return fixture
  }

  /// A shown stack holding A (set with a fade), with B's slide from the left pushed and playing for `elapsed` seconds.
  static func midPush(elapsed: Double = 0.1, capacity: Int = 2) throws -> StackFixture {
    let fixture = try showingA(capacity: capacity)
    try fixture.stack.push(fixture["B"], with: Styles.slideLeft)
    fixture.clock.advance(by: elapsed)
    return fixture
  }

  /// Forgets the events recorded so far by every content and by the journal.
  func resetEvents() {
    for content in contents.values { content.clearEvents() }
    journal.reset()
  }

}

/// A container observer that writes down what it hears, and checks that it hears each content's events one for one,
/// right after the content receives them.
final class Journal: ContainerObserver {
  /// One `willPlay`.
  struct Play {
    var content: String
    var transition: Transition
    var duration: RequestedDuration
    var animation: Animation
    var inverse: Bool
    var offset: Double
  }

  /// Lifecycle notifications as `content event`, e.g. `B willAppear(animated, into)`, and plays as
  /// `play B forward` or `play B inverse`, in the order heard.
  private(set) var log: [String] = []
  /// Every `willPlay`, in order.
  private(set) var plays: [Play] = []
  /// Every `couldNotBuild`, as `content forward|inverse: error`.
  private(set) var failures: [String] = []
  /// Notifications that do not match the content's own events.
  private(set) var problems: [String] = []
  /// Called at every `willPlay`, after it is recorded.
  var onPlay: ((Play) -> Void)?
  private var heard: [ObjectIdentifier: Int] = [:]

  /// The lifecycle notifications only.
  var lifecycleLog: [String] { log.filter { !$0.hasPrefix("play ") } }

  /// Forgets everything heard so far; call it after clearing the contents' events.
  func reset() {
    log.removeAll()
    plays.removeAll()
    failures.removeAll()
    problems.removeAll()
    heard.removeAll()
  }

  func container(_ name: String, willShow content: any Content, animated: Bool) {
    note(.willAppear, content, animated)
  }

  func container(_ name: String, didShow content: any Content, animated: Bool) {
    note(.didAppear, content, animated)
  }

  func container(_ name: String, willHide content: any Content, animated: Bool) {
    note(.willDisappear, content, animated)
  }

  func container(_ name: String, didHide content: any Content, animated: Bool) {
    note(.didDisappear, content, animated)
  }

  func container(_ name: String, couldNotBuild entry: Entry, inverse: Bool, error: any Error) {
    failures.append("\(entry.content.name) \(inverse ? "inverse" : "forward"): \(error)")
  }

  func container(_ name: String, willPlay animation: Animation, of entry: Entry, inverse: Bool, from offset: Double) {
    let play = Play(
      content: entry.content.name, transition: entry.transition, duration: entry.duration, animation: animation,
      inverse: inverse, offset: offset)
    plays.append(play)
    log.append("play \(entry.content.name) \(inverse ? "inverse" : "forward")")
    onPlay?(play)
  }

  /// Checks that `content` has just received the event the observer hears, and no other since the last one heard.
  private func note(_ kind: LifecycleEvent.Kind, _ content: any Content, _ animated: Bool) {
    guard let recording = content as? RecordingContent else {
      problems.append("\(content.name) is not a recording content")
      return
    }
    let id = ObjectIdentifier(recording)
    let count = recording.events.count
    let previous = heard[id] ?? (count - 1)
    if count != previous + 1 {
      problems.append("\(content.name): \(count - previous) content events for one \(kind) heard")
    }
    heard[id] = count
    guard let last = recording.events.last, last.kind == kind, last.animated == animated else {
      problems.append(
        "\(content.name): heard \(kind) (animated \(animated)), last event \(String(describing: recording.events.last))"
      )
      return
    }
    log.append("\(content.name) \(last)")
  }

  /// The contents of `contents` that received events the observer did not hear (since it first heard them).
  func unheard(_ contents: [RecordingContent]) -> [String] {
    contents.compactMap { content in
      guard let count = heard[ObjectIdentifier(content)] else { return nil }
      return count == content.events.count ? nil : content.name
    }
  }
}

/// A `ContainerError` without its underlying error, so that it can be compared.
enum ErrorKind: Equatable, CustomStringConvertible {
  case alreadyInContainer(content: String, container: String, requestedBy: String)
  case indexOutOfRange(index: Int, valid: ClosedRange<Int>?)
  case empty
  case rootIsFixed
  case transition(Transition)
  case invalidBounds(Rect)
  case invalidCapacity(Int)
  case missingContent(String)
  case slotOutOfRange(slot: Int, slots: Int)
  case sameSlot(slot: Int)
  case slotCountMismatch(given: Int, slots: Int)
  case duplicateContent(String)

  init(_ error: ContainerError) {
    switch error {
    case .alreadyInContainer(let content, let container, let requestedBy):
      self = .alreadyInContainer(content: content, container: container, requestedBy: requestedBy)
    case .indexOutOfRange(let index, let valid, _): self = .indexOutOfRange(index: index, valid: valid)
    case .empty: self = .empty
    case .rootIsFixed: self = .rootIsFixed
    case .transition(let transition, _): self = .transition(transition)
    case .invalidBounds(let bounds, _): self = .invalidBounds(bounds)
    case .invalidCapacity(let capacity): self = .invalidCapacity(capacity)
    case .missingContent(let content, _): self = .missingContent(content)
    case .slotOutOfRange(let slot, let slots, _): self = .slotOutOfRange(slot: slot, slots: slots)
    case .sameSlot(_, let slot, _): self = .sameSlot(slot: slot)
    case .slotCountMismatch(_, let given, let slots, _): self = .slotCountMismatch(given: given, slots: slots)
    case .duplicateContent(let content, _): self = .duplicateContent(content)
    }
  }

  var description: String {
    switch self {
    case .alreadyInContainer(let content, let container, let requestedBy):
      "alreadyInContainer(\(content), \(container), \(requestedBy))"
    case .indexOutOfRange(let index, let valid): "indexOutOfRange(\(index), \(String(describing: valid)))"
    case .empty: "empty"
    case .rootIsFixed: "rootIsFixed"
    case .transition(let transition): "transition(\(transition))"
    case .invalidBounds(let bounds): "invalidBounds(\(bounds))"
    case .invalidCapacity(let capacity): "invalidCapacity(\(capacity))"
    case .missingContent(let content): "missingContent(\(content))"
    case .slotOutOfRange(let slot, let slots): "slotOutOfRange(\(slot), \(slots))"
    case .sameSlot(let slot): "sameSlot(\(slot))"
    case .slotCountMismatch(let given, let slots): "slotCountMismatch(\(given), \(slots))"
    case .duplicateContent(let content): "duplicateContent(\(content))"
    }
  }
}

/// Runs `body`, expects it to throw `expected`, and returns the error's message.
@discardableResult
func expectError(
  _ expected: ErrorKind, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void
) -> String? {
  do {
    try body()
    Issue.record("expected \(expected), nothing was thrown", sourceLocation: sourceLocation)
    return nil
  } catch let error as ContainerError {
    #expect(ErrorKind(error) == expected, "\(error)", sourceLocation: sourceLocation)
    return error.description
  } catch {
    Issue.record("expected \(expected), got \(error), which is not a ContainerError", sourceLocation: sourceLocation)
    return nil
  }
}

/// Everything a caller can see of a stack, to check that a refused request changed nothing.
struct StackState: Equatable, CustomStringConvertible {
  var contents: [ObjectIdentifier]
  var names: [String]
  var transitions: [Transition]
  var durations: [RequestedDuration]
  var layers: [String]
  var states: [LayerState]
  var stage: LayerState
  var bounds: Rect
  var isAnimating: Bool
  var isShown: Bool

  init(_ stack: Stack) {
    contents = stack.contents.map { ObjectIdentifier($0) }
    names = StagehandContainersTests.names(stack.contents)
    transitions = stack.entries.map(\.transition)
    durations = stack.entries.map(\.duration)
    layers = attached(stack)
    states = stack.presentedLayers.map(\.state)
    stage = stack.stage
    bounds = stack.bounds
    isAnimating = stack.isAnimating
    isShown = stack.isShown
  }

  var description: String { "\(names), layers \(layers), animating \(isAnimating)" }
}
