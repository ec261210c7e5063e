import Foundation
import StagehandAnimation
import StagehandCatalog
import StagehandRender
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Xvfb, xdotool and ffmpeg in CI: the window test below is skipped where one is missing, but not in continuous
/// integration, which installs them (.ci/run): there a missing tool is a failure, not a silent skip.
@Test("Xvfb, xdotool and ffmpeg are installed where the tests run in CI (CI or STAGEHAND_CI set)")
func xToolsPresentInContinuousIntegration() {
  if XTools.inContinuousIntegration {
    #expect(
      XTools.available,
      "CI is set but \(XTools.missing.joined(separator: ", ")) is missing; install Debian's xvfb, xdotool and ffmpeg (.ci/run does)"
    )
  }
}

/// Started where there is no display, SDLStack says so and exits 1 (it used to run on, drawing nowhere: SDL falls back
/// to its offscreen driver).
@Test("with no display, SDLStack exits 1 and says that it needs one")
func noDisplay() throws {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: RunningApp.executable)
  process.environment = ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory()]
  let errors = Pipe()
  process.standardError = errors
  process.standardOutput = FileHandle.nullDevice
  try process.run()
  var reader = LineReader(errors.fileHandleForReading.fileDescriptor)
  var lines: [String] = []
  while let line = reader.next(within: 60) { lines.append(line) }
  if process.isRunning { kill(process.processIdentifier, SIGKILL) }
  process.waitUntilExit()
  #expect(process.terminationStatus == 1, "\(lines)")
  #expect(
    lines.contains { $0.hasPrefix("SDLStack: ") && $0.contains("no display") && $0.contains("DISPLAY") }, "\(lines)")
}

/// SDLStack in a real X window: pushed with a click, resized, popped with drags, each frame compared with the frame
/// the renderer draws for the same style at the same progress (what `stagehand render --inverse --timing linear`
/// draws: `FrameRenderer`, the registry's inverse, cards A and B).
@Suite(
  "SDLStack in a window (Xvfb, xdotool)",
  .enabled(if: XTools.available, "Xvfb, xdotool or ffmpeg is not installed (Debian's xvfb, xdotool, ffmpeg)"))
struct WindowTests {
  /// The largest mean difference allowed between a screenshot and its reference, in levels of 255 per channel. The
  /// window shows the frame's pixels one for one (a 24-bit Xvfb, the pointer left out of the screenshot) and the
  /// progress is the one the application printed in full, so the two are the same pixels (measured: 0). The
  /// allowance is for a few stray pixels; the test checks that it is below the difference the drag makes when it is
  /// one pixel short (`apart`).
  static let tolerance = 0.1

  @Test("push with a click, resize, drag half way: the frame of push's pop there; release: the rule's end")
  func dragPushBack() throws {
    let display = try VirtualDisplay()
    let app = try RunningApp(display: display.name, arguments: ["--size", "320x240", "--styles", "push"])
    _ = try app.line { $0 == "frame size=320x240 screens=1 rest" }
    let window = try display.window(named: "SDLStack")

    // A click pushes screen B with push; then the window grows, which the stack takes once the push has ended.
    try display.xdotool(["mousemove", "--window", window, "160", "120", "click", "1"])
    _ = try app.line { $0 == "frame size=320x240 screens=2 rest" }
    try display.xdotool(["windowsize", window, "400", "300"])
    _ = try app.line { $0 == "frame size=400x300 screens=2 rest" }
    let bounds = Rect(x: 0, y: 0, width: 400, height: 300)

    // A drag to the right, half the width: the pop of push follows the pointer.
    try display.xdotool(["mousemove", "--window", window, "40", "150", "mousedown", "1"])
    try display.xdotool(["mousemove", "--window", window, "50", "150"])
    try display.xdotool(["mousemove", "--window", window, "240", "150"])
    let held = try app.line { $0.contains("phase=held") && Self.progress($0) > 0.4 }
    let progress = Self.progress(held)
    let origin = try display.position(of: window)
    let shot = try display.screenshot(at: origin, width: 400, height: 300)

    let reference = try Reference(bounds: bounds, style: "push")
    let expected = reference.pop(at: progress)
    let error = Self.meanError(shot, expected)
    let apart = Self.meanError(reference.pop(at: progress - 1 / bounds.size.width), expected)
    let differing = zip(shot, expected).filter { $0 != $1 }.count
    let largest = zip(shot, expected).map { abs(Int($0) - Int($1)) }.max() ?? 0
    print(
      "SDLStack at progress \(progress): mean error \(error) (tolerance \(Self.tolerance)), \(differing) of "
        + "\(shot.count) channel values differ, by at most \(largest); a pixel of drag apart: \(apart)")
    #expect(error <= Self.tolerance, "screenshot vs render at progress \(progress): mean error \(error)")
    #expect(apart > Self.tolerance, "a pixel of drag changes the frame by \(apart) only: the comparison is too lax")

    // The release, where the pointer rests: the decision rule (finish past half way or on a flick) decides.
    try display.xdotool(["mouseup", "1"])
    let release = try app.line { $0.hasPrefix("release ") }
    let velocity = Double(RunningApp.value("velocity", in: release) ?? "") ?? .nan
    let finishes = velocity > 0.5 || (velocity >= -0.5 && Self.progress(release) > 0.5)
    #expect(RunningApp.value("finishes", in: release) == String(finishes), "\(release)")
    let end = try app.line { $0.hasSuffix(" rest") }
    #expect(end == "frame size=400x300 screens=\(finishes ? 1 : 2) rest")
    let final = try display.screenshot(at: origin, width: 400, height: 300)
    let finalError = Self.meanError(final, reference.pop(at: finishes ? 1 : 0))
    #expect(finalError <= Self.tolerance, "the final screenshot differs from the pop's \(finishes ? "end" : "start")")

    // Held again and released three quarters of the way: the pop finishes, and home (A) fills the window.
    if !finishes {
      try display.xdotool(["mousemove", "--window", window, "40", "150", "mousedown", "1"])
      try display.xdotool(["mousemove", "--window", window, "50", "150"])
      try display.xdotool(["mousemove", "--window", window, "340", "150"])
      _ = try app.line { $0.contains("phase=held") && Self.progress($0) > 0.7 }
      try display.xdotool(["mouseup", "1"])
      let second = try app.line { $0.hasPrefix("release ") }
      #expect(RunningApp.value("finishes", in: second) == "true", "\(second)")
      _ = try app.line { $0 == "frame size=400x300 screens=1 rest" }
      let home = try display.screenshot(at: origin, width: 400, height: 300)
      #expect(Self.meanError(home, reference.pop(at: 1)) <= Self.tolerance)
    }
  }

  @Test("a pop that moves nothing sideways (cross-dissolve) is dragged to the right, like the pop of a push")
  func fadeDraggedRight() throws {
    let display = try VirtualDisplay()
    let app = try RunningApp(display: display.name, arguments: ["--size", "320x240", "--styles", "cross-dissolve"])
    _ = try app.line { $0 == "frame size=320x240 screens=1 rest" }
    let window = try display.window(named: "SDLStack")
    try display.xdotool(["mousemove", "--window", window, "160", "120", "click", "1"])
    _ = try app.line { $0 == "frame size=320x240 screens=2 rest" }
    try display.xdotool(["mousemove", "--window", window, "40", "120", "mousedown", "1"])
    try display.xdotool(["mousemove", "--window", window, "50", "120"])
    try display.xdotool(["mousemove", "--window", window, "280", "120"])
    let held = try app.line { $0.contains("phase=held") && Self.progress($0) > 0.7 }
    try display.xdotool(["mouseup", "1"])
    let release = try app.line { $0.hasPrefix("release ") }
    #expect(RunningApp.value("finishes", in: release) == "true", "\(held) \(release)")
    _ = try app.line { $0 == "frame size=320x240 screens=1 rest" }
  }

  static func progress(_ line: String) -> Double { Double(RunningApp.value("progress", in: line) ?? "") ?? -1 }

  /// The mean absolute difference of two RGB pictures of the same size, per channel, in levels of 255.
  static func meanError(_ a: [UInt8], _ b: [UInt8]) -> Double {
    guard a.count == b.count, !a.isEmpty else { return .infinity }
    var total = 0
    for index in a.indices { total += abs(Int(a[index]) - Int(b[index])) }
    return Double(total) / Double(a.count)
  }
}

/// The frames of a style's pop as `stagehand render --inverse --timing linear` draws them: the registry's inverse
/// (built in SDLStack's own plugin process), over cards A (home) and B (the screen pushed), with `FrameRenderer`.
struct Reference {
  let animation: Animation
  let renderer: FrameRenderer
  let width: Int
  let height: Int

  init(bounds: Rect, style: String) throws {
    var environment = ProcessInfo.processInfo.environment
    environment["STAGEHAND_SCANNER"] = RunningApp.executable
    var options = RegistryOptions.standard(environment: environment)
    options.scannerArguments = [PluginProcessHosting.argument]
    let registry = Registry(options: options)
    defer { Registry.endPluginProcesses() }
    // A scrubbed pop takes each step's curve as linear (`scrubsLinearly`), as `--timing linear` does.
    animation = try registry.inverse(Transition(style), in: TransitionContext(bounds: bounds)).withLinearCurves()
    width = Int(bounds.size.width)
    height = Int(bounds.size.height)
    let from = try #require(PixelImage.card(.a, width: width, height: height))
    let to = try #require(PixelImage.card(.b, width: width, height: height))
    renderer = FrameRenderer(
      scene: Scene(bounds: bounds, width: width, height: height, background: RGB(0, 0, 0), from: from, to: to))
  }

  /// The frame of the pop at `progress` (0 to 1), as bytes R, G, B.
  func pop(at progress: Double) -> [UInt8] {
    guard let frame = Frame(width: width, height: height) else { return [] }
    renderer.draw(FrameStates(animation, at: progress * animation.duration, inverse: true), into: frame)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(width * height * 3)
    for y in 0..<height {
      for x in 0..<width {
        let pixel = frame[x, y]
        bytes += [pixel.r, pixel.g, pixel.b]
      }
    }
    return bytes
  }
}
