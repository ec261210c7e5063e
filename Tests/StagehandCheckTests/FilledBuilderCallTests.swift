import Foundation
import StagehandAnimation
import StagehandPlugins
import StagehandTestSupport
import Testing

/// The validator's builds fill the argument registers a builder's parameters leave unused with new values at every
/// call, so that a builder taking a parameter with the wrong C type is caught every time, not when a register
/// happens to hold something new.
@Suite("Filled builder calls")
struct FilledBuilderCallTests {
  static let bounds = Rect(x: 0, y: 0, width: 320, height: 480)

  @Test("a builder that takes an int32_t for a double builds differently at every filled call")
  func integerForDoubleDiffersEveryTime() throws {
    let directory = try CFixture.temporaryDirectory("filled-integer")
    defer { try? FileManager.default.removeItem(at: directory) }
    let plugin = try LoadedPlugin.load(CheckFixture.integerAngle.compile(into: directory)).fillingUnusedArguments()
    var previous = try plugin.forward(styleIndex: 0, values: [.double(30)], in: Self.bounds)
    for build in 1...20 {
      let next = try plugin.forward(styleIndex: 0, values: [.double(30)], in: Self.bounds)
      #expect(next != previous, "build \(build) equals the one before it")
      previous = next
    }
  }

  @Test("a well-formed builder builds the same with and without the filled arguments", arguments: [0.0, 30, 45, 90])
  func wellFormedUnchanged(angle: Double) throws {
    let directory = try CFixture.temporaryDirectory("filled-valid")
    defer { try? FileManager.default.removeItem(at: directory) }
    let plain = try LoadedPlugin.load(CheckFixture.valid.compile(into: directory))
    let filled = plain.fillingUnusedArguments()
    for _ in 0..<3 {
      #expect(
        try filled.forward(styleIndex: 0, values: [.double(angle)], in: Self.bounds)
          == plain.forward(styleIndex: 0, values: [.double(angle)], in: Self.bounds))
      #expect(
        try filled.inverse(styleIndex: 0, values: [.double(angle)], in: Self.bounds)
          == plain.inverse(styleIndex: 0, values: [.double(angle)], in: Self.bounds))
    }
  }
}
