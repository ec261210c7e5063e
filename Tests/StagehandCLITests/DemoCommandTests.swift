import Foundation
import StagehandTestSupport
import Testing

@Suite("stagehand demo")
struct DemoCommandTests {
  @Test("not on a terminal, the demo prints its operations, the events and every animation played")
  func textDemo() throws {
    let result = try runStagehand(["demo"], environment: cleanEnvironment)
    #expect(result.status == 0)
    #expect(result.standardError == "")
    let lines = result.standardOutput.split(separator: "\n").map(String.init)
    let plays = lines.filter { $0.hasPrefix("  plays ") }
    #expect(
      plays == [
        "  plays push-from-right forward, 3 steps, 0.4 s, built for 320x480",
        "  plays cover-from-bottom forward, 2 steps, 0.4 s, built for 320x480",
        "  plays flip-horizontally forward, 4 steps, 0.6 s, built for 320x480",
        "  plays cross-dissolve forward, 2 steps, 0.4 s, built for 320x480",
        "  plays cross-dissolve inverse, 2 steps, 0.4 s, built for 480x320",
        "  plays flip-horizontally inverse, 4 steps, 0.6 s, built for 480x320",
        "  plays cover-from-bottom inverse, 2 steps, 0.4 s, built for 480x320",
        "  plays push-from-right inverse, 3 steps, 0.4 s, built for 480x320",
      ])
    // Each pop: the leaving content's events around the revealed one's, in the contract's order.
    let pop = lines.firstIndex(of: "pop photos: the inverse of flip-horizontally, built for the new bounds")
    let popLines = try Array(lines[#require(pop)...].prefix(6))
    #expect(
      popLines.dropFirst() == [
        "  photos: willDisappear(animated, out of)", "  profile: willAppear(animated)",
        "  plays flip-horizontally inverse, 4 steps, 0.6 s, built for 480x320",
        "  photos: didDisappear(animated, out of)", "  profile: didAppear(animated)",
      ])
    #expect(lines.last == "the stack holds home")
  }

  @Test("without plugins, the demo says which style is missing and exits 64")
  func noPlugins() throws {
    let directory = try CFixture.temporaryDirectory("demo")
    defer { try? FileManager.default.removeItem(at: directory) }
    let copy = directory.appendingPathComponent("stagehand")
    try FileManager.default.copyItem(at: BuiltProducts.stagehand, to: copy)
    let result = try run(copy, ["demo"], environment: cleanEnvironment)
    #expect(result.status == 64)
    #expect(result.standardError.contains("stagehand: error: unknown style 'push-from-right'"))
  }
}
