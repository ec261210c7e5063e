import StagehandAnimation
import StagehandContainers

/// A content for tests: it records every event and layer change, and notes every event that breaks the contract's
/// rules of well-formed sequences (CONTAINERS.md, 6) in `violations`.
public final class RecordingContent: Content, CustomStringConvertible {
  /// Where the content stands in its appearance cycle.
  public enum Phase: String, Sendable {
    /// Not shown.
    case disappeared
    /// Between `willAppear` and `didAppear`.
    case appearing
    /// Shown.
    case appeared
    /// Between `willDisappear` and `didDisappear`.
    case disappearing
  }

  /// The content's name.
  public let name: String
  /// Every event received, in order.
  public private(set) var events: [LifecycleEvent] = []
  /// Every rule broken, in words.
  public private(set) var violations: [String] = []
  /// Where the content stands.
  public private(set) var phase = Phase.disappeared
  /// Whether its layer exists.
  public private(set) var hasLayer = false
  /// How many times its layer was created.
  public private(set) var layerLoads = 0
  private var lastWasWillAppear = false
  /// Called with every event once it is recorded and checked: a handler that makes requests of its container.
  public var onEvent: ((LifecycleEvent) -> Void)?

  /// Creates a content.
  public init(_ name: String) {
    self.name = name
  }

  /// The name.
  public var description: String { name }

  /// Notes that the layer is created; creating it twice is a violation.
  public func loadLayer() {
    if hasLayer { violations.append("\(name): layer created while it exists") }
    hasLayer = true
    layerLoads += 1
  }

  /// Notes that the layer is dropped.
  public func unloadLayer() {
    if !hasLayer { violations.append("\(name): layer dropped while it does not exist") }
    hasLayer = false
  }

  /// Records `event` and checks it follows the rules.
  public func receive(_ event: LifecycleEvent) {
    events.append(event)
    func violation(_ rule: String) { violations.append("\(name): \(event) while \(phase.rawValue): \(rule)") }
    switch event.kind {
    case .willAppear:
      if lastWasWillAppear { violation("two willAppear in a row") }
      if phase == .appeared || phase == .appearing { violation("willAppear when appeared or appearing") }
      phase = .appearing
    case .didAppear:
      if phase != .appearing { violation("didAppear only after willAppear") }
      phase = .appeared
    case .willDisappear:
      if phase != .appeared && phase != .appearing { violation("willDisappear only when appeared or appearing") }
      phase = .disappearing
    case .didDisappear:
      if phase != .disappearing { violation("didDisappear only after willDisappear") }
      phase = .disappeared
    }
    if event.kind == .willAppear || event.kind == .didAppear || event.kind == .willDisappear {
      if !hasLayer && event.kind != .willDisappear { violation("an appearance event without a layer") }
    }
    lastWasWillAppear = event.kind == .willAppear
    onEvent?(event)
  }

  /// The events as short text, e.g. `["willAppear(animated, into)", ...]`.
  public var eventLog: [String] { events.map(\.description) }

  /// Forgets the events recorded so far (the phase stays).
  public func clearEvents() { events.removeAll() }
}
