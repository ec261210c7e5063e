import CStagehandFrei0r
import Foundation
import StagehandTestSupport
import Testing

/// Every module `stagehand frei0r` writes, run by the small frei0r host of Frei0rHost.swift and compared with
/// `stagehand render` of the same style at the same instants.
@Suite("frei0r modules")
struct Frei0rModuleTests {
  static let width = 64
  static let height = 48
  /// Two different opaque pictures: input 1 and input 2.
  static let first = DecodedPicture.gradient(width: width, height: height, flipped: false)
  static let second = DecodedPicture.gradient(width: width, height: height, flipped: true)

  /// Frames per second for `stagehand render` of a transition of `duration` seconds, so that its frames fall on
  /// quarters of it: round(duration x fps) = 4k + 1 frames (at least 5), sampled at duration x i / 4k.
  static func quarterFPS(_ duration: Double) -> (fps: Int, step: Int)? {
    for fps in 1...240 {
      let count = Int((duration * Double(fps)).rounded())
      if count >= 5, (count - 1) % 4 == 0 { return (fps, (count - 1) / 4) }
    }
    return nil
  }

  /// `stagehand render` of `style` as raw RGBA frames over a black background, from `from` to `to`.
  static func render(_ style: String, inverse: Bool, fps: Int, in directory: TemporaryDirectory) throws -> [UInt8] {
    let a = directory.path + "/A.png"
    let b = directory.path + "/B.png"
    if !FileManager.default.fileExists(atPath: a) {
      #expect(IndependentDecoders.writePNG(first, to: a))
      #expect(IndependentDecoders.writePNG(second, to: b))
    }
    let output = directory.path + "/\(inverse ? "inverse" : "forward").rgba"
    // The inverse module takes input 1 away and reveals input 2: `render --inverse` with --to input 1.
    let result = try runStagehand(
      [
        "render", style, "--from", inverse ? b : a, "--to", inverse ? a : b, "--size", "\(width)x\(height)",
        "--fps", "\(fps)", "--background", "000000", "-o", output,
      ] + (inverse ? ["--inverse"] : []), environment: cleanEnvironment)
    #expect(result.status == 0, "\(result.standardError)")
    return [UInt8](try Data(contentsOf: URL(fileURLWithPath: output)))
  }

  @Test("the module's name, type, colour model and parameters", arguments: bundledStyles)
  func information(style: String) throws {
    let host = try Frei0rHost(path: try GeneratedModules.module(style))
    #expect(host.initialized == 1)
    let info = host.info
    #expect(info.name == "stagehand-\(style)")
    #expect(info.explanation.hasPrefix("Stagehand: \(style) ("))
    #expect(info.type == F0R_PLUGIN_TYPE_MIXER2)
    #expect(info.colorModel == F0R_COLOR_MODEL_RGBA8888)
    #expect(info.version == FREI0R_MAJOR_VERSION)
    let resolved = try bundledRegistry.resolve(style)
    #expect(info.author == resolved.entry.plugin.info.author)
    let parameters = host.parameters
    #expect(parameters.count == 4 + resolved.entry.style.parameters.count)
    #expect(parameters.prefix(4).map(\.name) == ["position", "inverse", "timing", "preset"])
    #expect(
      parameters.prefix(4).map(\.type) == [F0R_PARAM_DOUBLE, F0R_PARAM_BOOL, F0R_PARAM_STRING, F0R_PARAM_STRING])
    #expect(parameters.dropFirst(4).map(\.name) == resolved.entry.style.parameters.map(\.symbol))
    for parameter in parameters where parameter.type == F0R_PARAM_DOUBLE && parameter.name != "position" {
      #expect(parameter.explanation.contains("0 to 1 maps to"), "\(parameter.name): \(parameter.explanation)")
    }
  }

  @Test(
    "position 0 shows input 1, 1 input 2, 0.25, 0.5 and 0.75 equal stagehand render within 1/255, also inverse",
    arguments: bundledStyles)
  func matchesRender(style: String) throws {
    let host = try Frei0rHost(path: try GeneratedModules.module(style))
    let instance = try #require(Frei0rInstance(host, width: Self.width, height: Self.height))
    let position = try #require(host.index(of: "position"))
    let inverse = try #require(host.index(of: "inverse"))
    let duration = try bundledRegistry.resolve(style).entry.style.defaultDuration
    let directory = try TemporaryDirectory()
    for isInverse in [false, true] {
      instance.set(inverse, isInverse ? 1 : 0)
      #expect(instance.number(inverse) == (isInverse ? 1 : 0))
      instance.set(position, 0)
      #expect(instance.update(Self.first, Self.second).largestDifference(from: Self.first) <= 1, "\(style) at 0")
      instance.set(position, 1)
      #expect(instance.update(Self.first, Self.second).largestDifference(from: Self.second) <= 1, "\(style) at 1")
      guard duration > 0 else {
        // An instant style cuts halfway.
        instance.set(position, 0.25)
        #expect(instance.update(Self.first, Self.second) == Self.first)
        instance.set(position, 0.75)
        #expect(instance.update(Self.first, Self.second).largestDifference(from: Self.second) <= 1)
        continue
      }
      let (fps, step) = try #require(
        Self.quarterFPS(duration), "no frame rate puts frames on quarters of \(duration) s")
      let frames = try Self.render(style, inverse: isInverse, fps: fps, in: directory)
      for quarter in 1...3 {
        instance.set(position, Double(quarter) / 4)
        let drawn = instance.update(Self.first, Self.second)
        let rendered = DecodedPicture.frame(quarter * step, of: frames, width: Self.width, height: Self.height)
        let difference = drawn.largestDifference(from: rendered)
        #expect(difference <= 1, "\(style)\(isInverse ? " inverse" : "") at \(Double(quarter) / 4): \(difference)")
      }
    }
  }

  /// A picture of arithmetic patterns that differs for every `seed`; translucent (alpha from 0 to 255) when asked.
  static func pattern(seed: Int, translucent: Bool) -> DecodedPicture {
    var rgba: [UInt8] = []
    for index in 0..<(width * height) {
      let value = index &* (seed * 2 + 7) &+ seed * 31
      rgba += [UInt8(value & 255), UInt8((value >> 3) & 255), UInt8((value >> 5) & 255)]
      rgba.append(translucent ? UInt8((index * 5 + seed) % 256) : 255)
    }
    return DecodedPicture(width: width, height: height, rgba: rgba)
  }

  @Test(
    "one instance, its pictures and work frames kept from update to update, draws what a new instance draws at every frame",
    arguments: ["cross-dissolve", "push", "flip", "cube"])
  func keptPicturesMatchNewInstance(style: String) throws {
    let host = try Frei0rHost(path: try GeneratedModules.module(style))
    let kept = try #require(Frei0rInstance(host, width: Self.width, height: Self.height))
    let position = try #require(host.index(of: "position"))
    // Opaque and translucent inputs in turn, each frame's pair new, at positions a turned layer is drawn at.
    let frames: [(Double, DecodedPicture, DecodedPicture)] = [
      (0.5, Self.first, Self.second),
      (0.3, Self.pattern(seed: 1, translucent: false), Self.pattern(seed: 2, translucent: false)),
      (0.5, Self.pattern(seed: 3, translucent: true), Self.pattern(seed: 4, translucent: false)),
      (0.7, Self.pattern(seed: 5, translucent: false), Self.pattern(seed: 6, translucent: true)),
      (0.5, Self.second, Self.first),
    ]
    for (index, (progress, a, b)) in frames.enumerated() {
      let new = try #require(Frei0rInstance(host, width: Self.width, height: Self.height))
      kept.set(position, progress)
      new.set(position, progress)
      #expect(kept.update(a, b) == new.update(a, b), "\(style), frame \(index) at \(progress)")
    }
  }

  @Test(
    "opaque inputs, drawn as they are, give the bytes of the converting path (output over input 1) at several positions, forward and inverse; translucent ones too",
    arguments: bundledStyles)
  func opaqueInputsAsTheyAre(style: String) throws {
    let host = try Frei0rHost(path: try GeneratedModules.module(style))
    let instance = try #require(Frei0rInstance(host, width: Self.width, height: Self.height))
    let position = try #require(host.index(of: "position"))
    let inverse = try #require(host.index(of: "inverse"))
    let pairs = [
      (Self.first, Self.second),
      (Self.pattern(seed: 7, translucent: false), Self.pattern(seed: 8, translucent: false)),
      (Self.pattern(seed: 9, translucent: true), Self.pattern(seed: 10, translucent: false)),
      (Self.pattern(seed: 11, translucent: false), Self.pattern(seed: 12, translucent: true)),
    ]
    for isInverse in [false, true] {
      instance.set(inverse, isInverse ? 1 : 0)
      for progress in [0.1, 0.3, 0.5, 0.7, 0.9] {
        instance.set(position, progress)
        for (index, (a, b)) in pairs.enumerated() {
          // An output over input 1 makes the module copy and convert its inputs first: the converting path.
          let drawn = instance.update(a, b)
          let converted = instance.update(a, b, overFirst: true)
          #expect(drawn == converted, "\(style)\(isInverse ? " inverse" : "") at \(progress), pair \(index)")
        }
      }
    }
  }
}
