import Foundation
import StagehandAnimation
import StagehandRender

/// The escape sequence that puts the terminal back: attributes reset, cursor shown, main screen.
private let restoreSequence: StaticString = "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"

/// Puts the terminal back and exits when the preview is interrupted.
private func restoreAndExit(_ signal: Int32) {
  _ = write(STDOUT_FILENO, restoreSequence.utf8Start, restoreSequence.utf8CodeUnitCount)
  _exit(128 + signal)
}

/// Plays animations in a true-colour terminal at a steady frame rate.
struct TerminalPlayer {
  let bounds: Rect
  let fps: Int

  /// The size in pixels of the picture: as large as the terminal allows, keeping the container's aspect ratio
  /// (a character cell holds two square-ish pixels, one above the other).
  func pictureSize() -> (width: Int, height: Int) {
    var size = winsize()
    let columns = ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 ? Int(size.ws_col) : 80
    let rows = ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0 && size.ws_row > 0 ? Int(size.ws_row) : 24
    let maxWidth = Double(max(columns - 1, 8))
    let maxHeight = Double(max(rows - 2, 4) * 2)
    let scale = min(maxWidth / bounds.size.width, maxHeight / bounds.size.height)
    return (max(Int(bounds.size.width * scale), 4), max(Int(bounds.size.height * scale) & ~1, 4))
  }

  func play(_ plays: [(title: String, animation: Animation, inverse: Bool)]) {
    signal(SIGINT, restoreAndExit)
    signal(SIGTERM, restoreAndExit)
    let (width, height) = pictureSize()
    let compositor = Compositor(bounds: bounds)
    write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J")
    let clock = ContinuousClock()
    let frame = Duration.seconds(1.0 / Double(fps))
    for (index, play) in plays.enumerated() {
      let frames = max(Int((play.animation.duration * Double(fps)).rounded(.up)), 1)
      var deadline = clock.now
      for i in 0...frames {
        let t = min(Double(i) / Double(fps), play.animation.duration)
        let raster = compositor.render(
          play.animation.sample(at: t), width: width, height: height, inverse: play.inverse)
        write(
          TerminalImage.encode(raster, background: compositor.background)
            + "\u{1B}[0m\u{1B}[K\(play.title)  t=\(t.formatted(2)) s / \(play.animation.duration.formatted(2)) s")
        deadline = deadline.advanced(by: frame)
        clock.sleepUntil(deadline)
      }
      if index < plays.count - 1 { clock.sleepUntil(clock.now.advanced(by: .milliseconds(500))) }
    }
    clock.sleepUntil(clock.now.advanced(by: .milliseconds(300)))
    write(restoreSequence.description)
    signal(SIGINT, SIG_DFL)
    signal(SIGTERM, SIG_DFL)
  }

  private func write(_ text: String) {
    FileHandle.standardOutput.write(Data(text.utf8))
  }
}

extension ContinuousClock {
  /// Blocks the thread until `deadline` (no-op when it has passed).
  func sleepUntil(_ deadline: Instant) {
    let remaining = now.duration(to: deadline)
    guard remaining > .zero else { return }
    let (seconds, attoseconds) = remaining.components
    var request = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
    var left = timespec()
    while nanosleep(&request, &left) != 0 && errno == EINTR { request = left }
  }
}
