/// The completions of a container's requests that have not been called yet, so that a container released in the
/// middle of a change still calls each of them exactly once (`.cancelled`), and an `async` request never waits for
/// ever.
///
/// A completion is registered when its request is accepted (`track(_:)` returns the closure the container calls
/// instead); calling that closure calls the completion and forgets it, so a second call does nothing.
final class PendingCompletions {
  private var next = 0
  private var waiting: [(id: Int, completion: (TransitionOutcome) -> Void)] = []

  /// How many completions wait.
  var count: Int { waiting.count }

  /// Registers `completion` and returns the closure to call in its place; `nil` for no completion.
  func track(_ completion: ((TransitionOutcome) -> Void)?) -> ((TransitionOutcome) -> Void)? {
    guard let completion else { return nil }
    let id = next
    next += 1
    waiting.append((id, completion))
    return { [weak self] outcome in
      guard let self, let index = waiting.firstIndex(where: { $0.id == id }) else { return }
      let completion = waiting.remove(at: index).completion
      completion(outcome)
    }
  }

  /// Calls every completion still waiting with `.cancelled`, in the order their requests were made.
  func cancelAll() {
    while !waiting.isEmpty {
      let completion = waiting.removeFirst().completion
      completion(.cancelled)
    }
  }
}
