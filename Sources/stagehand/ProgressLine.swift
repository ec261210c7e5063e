import StagehandAnimation
import StagehandCatalog
import StagehandSystem

#if canImport(Glibc)
  import Glibc
#endif

/// A progress line on standard error, `stagehand: scanning plugin libraries: 3/16 (2 s)`, for work that may take more
/// than a second: shown only when standard error is a terminal, and only once the work has taken a second
/// (`STAGEHAND_PROGRESS_AFTER` seconds, for tests); redrawn ten times a second, so that it moves while one slow
/// item runs; cleared when the work ends, before anything else is printed.
final class ProgressLine: Sendable {
  private struct State {
    var done = 0
    var total = 0
    var item = ""
    var started: ContinuousClock.Instant?
    var shown = false
    var finished = false
  }

  private let label: String
  private let delay: Duration
  private let enabled: Bool
  private let state = Locked(State())

  /// The variable that sets how long work runs before its progress line is shown, in seconds (default 1).
  static let delayVariable = "STAGEHAND_PROGRESS_AFTER"

  /// A line that says `label`; nothing is shown until the first ``update(done:total:item:)``.
  init(_ label: String) {
    self.label = label
    enabled = SystemTerminal.isTerminal(STDERR_FILENO)
    let seconds = ProcessEnvironment.current[Self.delayVariable].flatMap(Double.init).flatMap {
      $0.isFinite && $0 >= 0 && $0 <= 3600 ? $0 : nil
    }
    delay = .seconds(seconds ?? 1)
  }

  /// Notes that `done` of `total` items are done, and the item in hand; starts the clock and the redrawing at the first
  /// call, and ends the line when `done` reaches `total`.
  func update(done: Int, total: Int, item: String = "") {
    guard enabled else { return }
    let start = state.withLock { state -> Bool in
      guard !state.finished else { return false }
      state.done = done
      state.total = total
      state.item = item
      guard state.started == nil else { return false }
      state.started = .now
      return true
    }
    if start {
      let ticker = Task.detached { [self] in
        while self.draw() { try? await Task.sleep(for: .milliseconds(100)) }
      }
      _ = ticker
    }
    if done >= total { finish() } else { _ = draw() }
  }

  /// Ends the line: clears it when it was shown. Nothing is drawn after.
  func finish() {
    state.withLock { state in
      guard !state.finished else { return }
      state.finished = true
      if state.shown { writeAll(STDERR_FILENO, "\r\u{1B}[K") }
    }
  }

  /// Draws the line when the delay has passed; returns whether the line is still running. The line is written under
  /// the lock, so that the clearing of ``finish()`` always comes after it.
  private func draw() -> Bool {
    state.withLock { state in
      guard !state.finished, let started = state.started else { return false }
      let elapsed = ContinuousClock.now - started
      guard elapsed >= delay else { return true }
      state.shown = true
      let seconds = Int(elapsed / .seconds(1))
      let item = state.item.isEmpty ? "" : " " + state.item.escapingControlCharacters
      writeAll(STDERR_FILENO, "\r\u{1B}[Kstagehand: \(label): \(state.done)/\(state.total)\(item) (\(seconds) s)")
      return true
    }
  }
}
