import CStagehandFrei0r
import Foundation
import StagehandTestSupport
import Testing

/// What a host may do wrong, and a style that is gone: the module clamps or ignores, refuses with NULL, and never
/// crashes.
@Suite("frei0r modules under bad input")
struct Frei0rRobustnessTests {
  static let width = 32
  static let height = 24
  static let first = DecodedPicture.gradient(width: width, height: height, flipped: false)
  static let second = DecodedPicture.gradient(width: width, height: height, flipped: true)

  @Test(
    "bad parameter values are clamped (numbers) or ignored (texts); bad indices are ignored", arguments: bundledStyles)
  func badValues(style: String) throws {
    let host = try Frei0rHost(path: try GeneratedModules.module(style))
    let instance = try #require(Frei0rInstance(host, width: Self.width, height: Self.height))
    let parameters = host.parameters
    let position = try #require(host.index(of: "position"))
    var generator = SeededGenerator(seed: SeededGenerator.testSeed(stableHash(style)))
    let seed = generator.seed
    // Numbers out of range are clamped to 0...1, NaN is ignored.
    instance.set(position, 7)
    #expect(instance.number(position) == 1)
    instance.set(position, -.infinity)
    #expect(instance.number(position) == 0)
    instance.set(position, .nan)
    #expect(instance.number(position) == 0)
    // A text that is not valid leaves the value as it was.
    for name in ["timing", "preset"] {
      let index = try #require(host.index(of: name))
      instance.set(index, "not-a-\(name)(")
      #expect(instance.text(index) == "", "\(style) \(name)")
    }
    // A timing that parses but gives no curve (x1 past 1) is refused when it is set, not when it is played.
    let timing = try #require(host.index(of: "timing"))
    instance.set(timing, "cubic-bezier(2, 0, 0.5, 1)")
    #expect(instance.text(timing) == "")
    instance.set(timing, "spring(0.5, 0.6)")
    #expect(instance.text(timing) == "spring(0.5, 0.6)")
    let texts = [
      "", "linear", "spring(", "cubic-bezier(2,0,0,1)", "-1", "1e400", "nan", String(repeating: "x", count: 5000),
    ]
    for _ in 0..<SeededGenerator.testSteps(40) {
      let index = Int32.random(in: -2...Int32(parameters.count + 1), using: &generator)
      let type = parameters.indices.contains(Int(index)) ? parameters[Int(index)].type : F0R_PARAM_DOUBLE
      if type == F0R_PARAM_STRING {
        if Bool.random(using: &generator) {
          instance.set(index, texts.randomElement(using: &generator)!)
        } else {
          // Bytes that are not UTF-8, and control characters.
          instance.set(
            index,
            bytes: (0..<Int.random(in: 0...40, using: &generator)).map { _ in .random(in: 1...255, using: &generator) })
        }
      } else if parameters.indices.contains(Int(index)) || Bool.random(using: &generator) {
        let number = [Double.nan, .infinity, -.infinity, -1e300, 1e300, .random(in: -2...3, using: &generator)]
          .randomElement(using: &generator)!
        instance.set(index, number)
      }
      for (parameterIndex, parameter) in parameters.enumerated() where parameter.type != F0R_PARAM_STRING {
        let value = instance.number(Int32(parameterIndex))
        #expect((0...1).contains(value), "seed \(seed): \(style) \(parameter.name) = \(value)")
      }
      let drawn = instance.update(Self.first, Self.second)
      #expect(drawn.rgba.count == Self.first.rgba.count, "seed \(seed)")
    }
    // Back to valid values: position 1 shows input 2.
    instance.set(position, 1)
    instance.set(try #require(host.index(of: "inverse")), 0)
    #expect(instance.update(Self.first, Self.second).largestDifference(from: Self.second) <= 1, "seed \(seed)")
  }

  @Test("straight alpha in, opaque out: a translucent input 1 shows at position 0 over black, colour by its alpha")
  func straightAlpha() throws {
    let host = try Frei0rHost(path: try GeneratedModules.module("cross-dissolve"))
    let instance = try #require(Frei0rInstance(host, width: Self.width, height: Self.height))
    var translucent = Self.first
    var expected = Self.first
    for pixel in 0..<(Self.width * Self.height) {
      let alpha = UInt8(pixel % 256)
      translucent.rgba[pixel * 4 + 3] = alpha
      for channel in 0..<3 {
        let value = Int(Self.first.rgba[pixel * 4 + channel])
        expected.rgba[pixel * 4 + channel] = UInt8((value * Int(alpha) + 127) / 255)
      }
      expected.rgba[pixel * 4 + 3] = 255
    }
    instance.set(try #require(host.index(of: "position")), 0)
    let drawn = instance.update(translucent, Self.second)
    #expect(drawn.largestDifference(from: expected) <= 1)
  }

  @Test("a frame size of 0 or past 16384 pixels a side gives NULL")
  func badSizes() throws {
    let host = try Frei0rHost(path: try GeneratedModules.module("cross-dissolve"))
    for (width, height) in [
      (0, 10), (10, 0), (16_385, 1), (1, 16_385), (32_767, 1), (40_000, 10), (Int(UInt32.max), Int(UInt32.max)),
    ] {
      #expect(Frei0rInstance(host, width: width, height: height) == nil, "\(width)x\(height)")
    }
  }

  /// Past the limit, frames were not drawn at all (32767 pixels a side: the host's memory came back untouched) or
  /// half black (32766): pixman's 16.16 fixed-point coordinates overflowed.
  @Test(
    "frames of 16384 pixels a side are drawn: the inputs at 0 and 1, half of each at the middle of a push",
    arguments: [(16_384, 2), (2, 16_384)])
  func largestSide(width: Int, height: Int) throws {
    let host = try Frei0rHost(path: try GeneratedModules.module("push"))
    let instance = try #require(Frei0rInstance(host, width: width, height: height))
    let position = try #require(host.index(of: "position"))
    let red: [UInt8] = [200, 30, 30, 255]
    let blue: [UInt8] = [30, 30, 200, 255]
    let first = DecodedPicture.filled(width: width, height: height, rgba: red)
    let second = DecodedPicture.filled(width: width, height: height, rgba: blue)
    instance.set(position, 0)
    #expect(instance.update(first, second) == first)
    instance.set(position, 1)
    #expect(instance.update(first, second) == second)
    instance.set(position, 0.5)
    let middle = instance.update(first, second).rgba
    var counts = (a: 0, b: 0)
    for index in stride(from: 0, to: middle.count, by: 4) {
      let pixel = Array(middle[index..<index + 4])
      if pixel == red { counts.a += 1 } else if pixel == blue { counts.b += 1 }
    }
    // The push moves both contents by half the width (its curve is symmetric): half of each, but for the seam.
    let pixels = width * height
    #expect(counts.a + counts.b >= pixels - 2 * height, "\(counts) of \(pixels)")
    #expect(abs(counts.a - counts.b) <= 2 * height, "\(counts) of \(pixels)")
  }

  @Test("a module whose style is gone initialises, and f0r_construct returns NULL; gst-launch-1.0 says why")
  func styleGone() throws {
    let directory = try TemporaryDirectory()
    let modules = try GeneratedModules.directory.get()
    for name in ["stagehand-frei0r.conf", "stagehand-push.so"] {
      try FileManager.default.copyItem(atPath: modules + "/" + name, toPath: directory.path + "/" + name)
    }
    try FileManager.default.moveItem(
      atPath: directory.path + "/stagehand-push.so", toPath: directory.path + "/stagehand-no-such-style.so")
    let host = try Frei0rHost(path: directory.path + "/stagehand-no-such-style.so")
    #expect(host.initialized == 1)
    #expect(host.info.name == "stagehand-no-such-style")
    #expect(host.info.explanation.hasPrefix("Stagehand: no-such-style (not available: "))
    #expect(Frei0rInstance(host, width: 32, height: 24) == nil)

    // In a real host: an error from GStreamer, and the module's line, not a crash.
    let hostDirectory = try TemporaryDirectory()
    let result = try run(
      URL(fileURLWithPath: "/usr/bin/gst-launch-1.0"),
      [
        "-q", "videotestsrc", "num-buffers=1", "!", "mix.sink_0", "videotestsrc", "num-buffers=1", "!", "mix.sink_1",
        "frei0r-mixer-stagehand-no-such-style", "name=mix", "!", "fakesink",
      ], environment: RealHostTests.environment(hostDirectory, modules: directory.path),
      timeLimit: RealHostTests.timeLimit)
    #expect(result.status == 1, "\(result.standardOutput)\(result.standardError)")
    #expect(
      result.standardError.contains("stagehand-no-such-style (frei0r): cannot make an instance: "),
      "\(result.standardError)")
    // The message names the command a video editor's user has, not the library's API.
    #expect(result.standardError.contains("'stagehand list'"), "\(result.standardError)")
    #expect(!result.standardError.contains("Registry."), "\(result.standardError)")

    // melt asks for an instance again at every frame of the mix: the line is said once.
    let melt = try run(
      URL(fileURLWithPath: "/usr/bin/melt"),
      [
        "-silent", "color:#c04020", "out=9", "color:#2060d0", "out=9", "-mix", "10", "-mixer",
        "frei0r.stagehand-no-such-style", "-consumer", "null", "real_time=-1", "terminate_on_pause=1",
      ], environment: RealHostTests.environment(hostDirectory, modules: directory.path),
      timeLimit: RealHostTests.timeLimit)
    #expect(melt.status == 0, "\(melt.standardError)")
    let lines = melt.standardError.split(separator: "\n").filter { $0.contains("cannot make an instance") }
    #expect(lines.count == 1, "\(melt.standardError)")
  }
}

/// A hash of `text` that is the same in every run (FNV-1a), to derive a per-name seed.
func stableHash(_ text: String) -> UInt64 {
  text.utf8.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01B3 }
}
