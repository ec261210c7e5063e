import Foundation
import StagehandAnimation
import StagehandCatalog
import StagehandRender
import StagehandTestSupport

/// The registry over the bundled plugins only: the libraries `swift build` put next to the test binary.
let bundledRegistry = Registry(
  searchPath: PluginSearchPath(directories: [BuiltProducts.directory.path]),
  options: RegistryOptions(cachePath: BuiltProducts.cachePath, scanner: BuiltProducts.scanner.path))

/// Every style and every preset of the bundled plugins, by the name a user types.
let bundledNames: [String] = bundledRegistry.catalog().entries.flatMap {
  [$0.style.name] + $0.style.presets.map(\.name)
}

/// A picture in two forms: the renderer's, and the RGBA it was made from (the expectation's source).
struct TestPicture {
  let image: PixelImage
  let picture: DecodedPicture

  /// An opaque picture whose every pixel is drawn at random, so that any shift or mix-up shows.
  static func noise(width: Int, height: Int, seed: UInt64) -> TestPicture {
    var generator = SeededGenerator(seed: seed)
    var rgba: [UInt8] = []
    for _ in 0..<(width * height) {
      rgba += [UInt8.random(in: 0...255, using: &generator), .random(in: 0...255, using: &generator)]
      rgba += [UInt8.random(in: 0...255, using: &generator), 255]
    }
    return make(width: width, height: height, rgba: rgba)
  }

  /// An opaque picture of smooth gradients, which lossy encoders keep well.
  static func gradient(width: Int, height: Int, flipped: Bool) -> TestPicture {
    var rgba: [UInt8] = []
    for y in 0..<height {
      for x in 0..<width {
        let u = UInt8(x * 255 / max(width - 1, 1))
        let v = UInt8(y * 255 / max(height - 1, 1))
        rgba += flipped ? [40, v, 255 - u, 255] : [u, 60, v, 255]
      }
    }
    return make(width: width, height: height, rgba: rgba)
  }

  static func make(width: Int, height: Int, rgba: [UInt8]) -> TestPicture {
    TestPicture(
      image: PixelImage(width: width, height: height, rgba: rgba)!,
      picture: DecodedPicture(width: width, height: height, rgba: rgba))
  }

  /// The RGBA channels of pixel (x, y).
  func channels(_ x: Int, _ y: Int) -> [UInt8] {
    let i = (y * picture.width + x) * 4
    return Array(picture.rgba[i..<(i + 4)])
  }
}

/// A temporary directory, removed when the value is released.
final class TemporaryDirectory {
  let path: String

  init() throws {
    path = FileManager.default.temporaryDirectory.appendingPathComponent("stagehand-render-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  /// The names of the files in the directory, sorted.
  var contents: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted() }
}

extension Frame {
  /// The frame as a decoded picture (RGBA).
  var decoded: DecodedPicture { DecodedPicture(width: width, height: height, rgba: rgbaBytes) }
}
