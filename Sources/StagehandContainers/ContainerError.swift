import StagehandAnimation

/// Why a container refused an operation. The container is unchanged after an error.
public enum ContainerError: Error, CustomStringConvertible {
  /// The content is already in a container.
  case alreadyInContainer(content: String, container: String, requestedBy: String)
  /// An index did not name a content (or a place to insert one).
  case indexOutOfRange(index: Int, valid: ClosedRange<Int>?, container: String)
  /// The operation needs a content, and the container has none.
  case empty(operation: String, container: String)
  /// The operation would remove or replace the root of a stack whose root is fixed.
  case rootIsFixed(operation: String, container: String)
  /// The transition could not be built (unknown style, bad parameter, bad duration).
  case transition(Transition, underlying: any Error)
  /// Bounds that are empty or not finite.
  case invalidBounds(Rect, underlying: any Error)
  /// A capacity below 1.
  case invalidCapacity(Int)
  /// A snapshot names a content the app could not provide.
  case missingContent(String, container: String)
  /// A placeholder slot that does not exist.
  case slotOutOfRange(slot: Int, slots: Int, container: String)
  /// A move or a swap between a slot and itself.
  case sameSlot(operation: String, slot: Int, container: String)
  /// A list of one value per slot (contents, bounds) that does not have one per slot.
  case slotCountMismatch(operation: String, given: Int, slots: Int, container: String)
  /// A content listed for two slots at once.
  case duplicateContent(content: String, container: String)

  /// What was wrong and what to do.
  public var description: String {
    switch self {
    case .alreadyInContainer(let content, let container, let requestedBy) where container == requestedBy:
      "content '\(content)' is already in '\(container)'; a content is shown once: remove it before adding it again"
        + " (in a placeholder, move it to another slot with move(fromSlot:toSlot:with:))"
    case .alreadyInContainer(let content, let container, let requestedBy):
      "content '\(content)' is already in '\(container)'; remove it from there before adding it to '\(requestedBy)'"
    case .indexOutOfRange(let index, let valid, let container):
      "index \(index) is out of range for '\(container)'"
        + (valid.map { "; valid indices are \($0.lowerBound) to \($0.upperBound)" } ?? ", which is empty")
    case .empty(let operation, let container):
      "cannot \(operation): '\(container)' has no content"
    case .rootIsFixed(let operation, let container):
      "cannot \(operation): the root of '\(container)' is fixed"
    case .transition(let transition, let underlying):
      "cannot build the transition '\(transition)': \(underlying)"
    case .invalidBounds(_, let underlying):
      "cannot change the bounds: \(underlying)"
    case .invalidCapacity(let capacity):
      "capacity \(capacity) is not valid; a stack keeps at least 1 layer attached"
    case .missingContent(let content, let container):
      "cannot restore '\(container)': no content named '\(content)' was provided"
    case .slotOutOfRange(let slot, let slots, let container):
      "slot \(slot) does not exist in '\(container)', which has slots 0 to \(slots - 1)"
    case .sameSlot(let operation, let slot, let container):
      "cannot \(operation): slot \(slot) of '\(container)' is given twice; give two different slots"
    case .slotCountMismatch(let operation, let given, let slots, let container):
      "cannot \(operation): \(given) given for the \(slots) slots of '\(container)'; give exactly one per slot"
    case .duplicateContent(let content, let container):
      "content '\(content)' is given for two slots of '\(container)'; a content is shown in one slot at a time"
    }
  }
}
