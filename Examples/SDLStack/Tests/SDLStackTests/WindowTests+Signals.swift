import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

extension WindowTests {
  /// SIGTERM (what a session manager, `kill` or a test's clean-up sends) ends SDLStack at rest and while a drag holds
  /// a pop; SDL turns it into a quit event, and the application closes its window and its plugin process and exits
  /// 0. Before, a SDLStack started from a thread that blocks SIGTERM (a test's, Swift Testing's worker threads) kept
  /// it blocked, and the signal never came.
  @Test("SIGTERM ends SDLStack, at rest and in the middle of a drag", arguments: [false, true])
  func sigtermEnds(dragging: Bool) throws {
    let display = try VirtualDisplay()
    let app = try RunningApp(display: display.name, arguments: ["--size", "320x240", "--styles", "push"])
    _ = try app.line { $0 == "frame size=320x240 screens=1 rest" }
    if dragging {
      let window = try display.window(named: "SDLStack")
      try display.xdotool(["mousemove", "--window", window, "160", "120", "click", "1"])
      _ = try app.line { $0 == "frame size=320x240 screens=2 rest" }
      try display.xdotool(["mousemove", "--window", window, "40", "120", "mousedown", "1"])
      try display.xdotool(["mousemove", "--window", window, "50", "120"])
      try display.xdotool(["mousemove", "--window", window, "160", "120"])
      _ = try app.line { $0.contains("phase=held") }
    }
    let status = try String(contentsOfFile: "/proc/\(app.processIdentifier)/status", encoding: .utf8)
    let ended = try #require(app.end(with: SIGTERM), "SDLStack still runs 30 s after SIGTERM; its status:\n\(status)")
    #expect(ended.reason == .exit && ended.status == 0, "SDLStack ended by \(ended); its status:\n\(status)")
  }
}
