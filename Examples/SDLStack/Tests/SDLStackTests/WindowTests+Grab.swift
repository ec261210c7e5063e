import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

extension WindowTests {
  /// A press while the released pop springs to its end takes hold of it where it stands; dragged back and released,
  /// it cancels. Before SDLStack grabbed, the press did nothing and the pop finished (two screens became one).
  @Test("a press while the released pop springs grabs it where it stands; dragged back and released, it cancels")
  func pressWhileSpringingGrabs() throws {
    let display = try VirtualDisplay()
    let app = try RunningApp(display: display.name, arguments: ["--size", "400x300", "--styles", "push"])
    _ = try app.line { $0 == "frame size=400x300 screens=1 rest" }
    let window = try display.window(named: "SDLStack")
    try display.xdotool(["mousemove", "--window", window, "200", "150", "click", "1"])
    _ = try app.line { $0 == "frame size=400x300 screens=2 rest" }

    // Three quarters of the way, then still for longer than the tracker's velocity window (0.1 s): the release has
    // no velocity, and the pop springs to its end from there, which takes about half a second.
    try display.xdotool(["mousemove", "--window", window, "40", "150", "mousedown", "1"])
    try display.xdotool(["mousemove", "--window", window, "50", "150"])
    try display.xdotool(["mousemove", "--window", window, "340", "150"])
    _ = try app.line { $0.contains("phase=held") && Self.progress($0) > 0.7 }
    usleep(300_000)
    // The release and a press at once (one xdotool command): the press comes while the spring has just begun.
    try display.xdotool(["mouseup", "1", "mousedown", "1"])
    let release = try app.line { $0.hasPrefix("release ") }
    #expect(RunningApp.value("finishes", in: release) == "true", "\(release)")
    let grab = try app.line { $0.hasPrefix("grab ") || $0.hasSuffix(" rest") }
    try #require(grab.hasPrefix("grab "), "the press did not grab the springing pop: \(app.lines)")
    // Grabbed where the spring had taken it: from the release on, before its end.
    let grabbed = Self.progress(grab)
    #expect(grabbed >= Self.progress(release) && grabbed < 1, "released at \(release), grabbed at \(grab)")

    // Held again: the pointer takes it on from there, back towards its start, and the release cancels it.
    try display.xdotool(["mousemove", "--window", window, "60", "150"])
    _ = try app.line { $0.contains("phase=held") && Self.progress($0) < 0.2 }
    try display.xdotool(["mouseup", "1"])
    let second = try app.line { $0.hasPrefix("release ") }
    #expect(RunningApp.value("finishes", in: second) == "false", "\(second)")
    let end = try app.line { $0.hasSuffix(" rest") }
    #expect(end == "frame size=400x300 screens=2 rest", "\(app.lines)")
  }
}
