import StagehandAnimation
import StagehandContainers
import StagehandTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

// Docs/Interactive.md ("The concurrency model") shows the code between the two markers below, as it is: the test
// `docsShowThisCode` checks that the page's snippet is this very text.
// docs: begin
/// A widget of a main-actor toolkit. Its conformance to `Content` is isolated to the main actor
/// (`@MainActor Content`): the container calls it only there, so it may touch other main-actor state.
@MainActor
final class MainActorWidget {
  let name: String
  var events: [String] = []
  var layerSize: Size?

  init(_ name: String) { self.name = name }
}

extension MainActorWidget: @MainActor Content {
  func loadLayer(size: Size) { layerSize = size }
  func receive(_ event: LifecycleEvent) { events.append(event.kind.rawValue) }
}

/// A screen of the application, on the main actor: it owns its stack, its clock and its widgets.
@MainActor
final class Screens {
  let clock = ManualClock()  // an application ticks a SystemClock from its display loop
  let stack: Stack
  let home = MainActorWidget("home")
  let detail = MainActorWidget("detail")

  init() throws {
    stack = try Stack(builder: TestTransitions(), clock: clock, bounds: Rect(x: 0, y: 0, width: 320, height: 480))
    try stack.push(home, with: Transition("fade"), animated: false)
    stack.appear()
  }

  /// Shows the detail, and returns once its push has ended: the `async` form resumes on the main actor.
  func showDetail() async throws -> TransitionOutcome {
    try await stack.push(detail, with: Transition("slide"))
  }

  /// The display loop: one tick per frame, on the main actor, while something plays (at most 600 frames).
  func runFrames() async {
    var frame = 0
    while stack.isAnimating, frame < 600 {
      clock.advance(by: 1.0 / 60)
      frame += 1
      await Task.yield()
    }
  }
}
// docs: end

@Suite("A stack in a main-actor application")
@MainActor
struct MainActorTests {
  @Test("a main-actor widget is pushed and popped, with its events and the size of its layer")
  func mainActorWidgets() throws {
    let screens = try Screens()
    let stack = screens.stack
    try stack.push(screens.detail, with: Transition("slide"))
    while stack.isAnimating { screens.clock.advance(by: 0.05) }
    try stack.pop()
    while stack.isAnimating { screens.clock.advance(by: 0.05) }
    #expect(screens.detail.events == ["willAppear", "didAppear", "willDisappear", "didDisappear"])
    #expect(screens.home.layerSize == Size(width: 320, height: 480))
  }

  @Test("the async form of a push resumes on the main actor once the display loop has played it")
  func asyncOnTheMainActor() async throws {
    let screens = try Screens()
    let frames = Task { await screens.runFrames() }
    let outcome = try await screens.showDetail()
    await frames.value
    #expect(outcome == .finished)
    #expect(screens.detail.events == ["willAppear", "didAppear"])
    #expect(screens.stack.top === screens.detail && !screens.stack.isAnimating)
  }

  @Test("Docs/Interactive.md shows the code of this file between its markers, unchanged")
  func docsShowThisCode() throws {
    let here = String(#filePath)
    let root = here.split(separator: "/").dropLast(3).joined(separator: "/")
    let source = try #require(Self.read("/" + root + "/Tests/StagehandContainersTests/MainActorTests.swift"))
    let page = try #require(Self.read("/" + root + "/Docs/Interactive.md"))
    let begin = try #require(source.range(of: "// docs: begin\n"))
    let end = try #require(source.range(of: "// docs: end\n"))
    let code = String(source[begin.upperBound..<end.lowerBound])
    #expect(page.contains("```swift\n" + code + "```\n"), "the snippet of Docs/Interactive.md differs from this file")
  }

  /// The text of the file at `path`; nil when it cannot be read.
  static func read(_ path: String) -> String? {
    guard let file = fopen(path, "r") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = fread(&buffer, 1, buffer.count, file)
      if count <= 0 { break }
      bytes += buffer[0..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
