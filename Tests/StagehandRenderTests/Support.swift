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
    make(
      width: width, height: height, rgba: DecodedPicture.gradient(width: width, height: height, flipped: flipped).rgba)
  }

  static func make(width: Int, height: Int, rgba: [UInt8]) -> TestPicture {
    TestPicture(
      image: PixelImage(width: width, height: height, rgba: rgba)!,
      picture: DecodedPicture(width: width, height: height, rgba: rgba))
  }

  /// The RGBA channels of pixel (x, y).
  func channels(_ x: Int, _ y: Int) -> [UInt8] { picture.channels(x, y) }
}

extension Frame {
  /// The frame as a decoded picture (RGBA).
  var decoded: DecodedPicture { DecodedPicture(width: width, height: height, rgba: rgbaBytes) }
}
