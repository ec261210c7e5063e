import Foundation
import StagehandAnimation
import StagehandPlugins
import StagehandRender
import StagehandTestSupport

/// A plugin built from C source for the ABI 1.1 rendering tests: the examples of section 15 of stagehand_plugin.h
/// (a wipe, an uncover, a fade through black), with linear curves where a test needs known positions, an iris, a
/// rounded and off-centre clip, and styles with their own inverse builders.
enum StageEffectFixture {
  /// The styles, in the plugin's order.
  enum Style: Int, CaseIterable {
    /// Section 15's wipe from the leading edge, on a linear curve over 0.5 s.
    case wipe
    /// An iris opening from the centre: ellipse radii from 0 to 1, linear over 0.5 s.
    case iris
    /// Section 15's uncover, on a linear curve: the disappearing content on top slides away to the right.
    case uncover
    /// Section 15's fade through black.
    case fadeBlack
    /// A still clip (after a setup step): insets of 0.1, corners of 20 points, an ellipse moved right and shrunk.
    case rounded
    /// A slide in whose own inverse fades the leaving content out, leaving it transparent.
    case slideFade
    /// A slide in whose own inverse shrinks the leaving content and brings it back: opaque, at rest, on top at the end.
    case slideStay
    /// A forward animation that leaves the disappearing content half transparent and on top at its end.
    case lingering
    /// A spring step (translation) and a step with staggered change intervals, for the CSS export.
    case springStagger
  }

  static let source = StageEffectSources.plugin

  /// The directory the library is built in, and the library's path; built once per test run, removed at exit.
  static let built: Result<(directory: URL, path: String), Error> = Result {
    let directory = try CFixture.temporaryDirectory("render11")
    atexit { try? FileManager.default.removeItem(at: StageEffectFixture.built.get().directory) }
    return (directory, try CFixture.compile(source, into: directory, name: "librender11.so"))
  }

  /// The plugin, loaded once.
  static let plugin: Result<LoadedPlugin, Error> = Result { try LoadedPlugin.load(try built.get().path) }

  /// The forward animation of `style` in `bounds`.
  static func forward(_ style: Style, in bounds: Rect) throws -> Animation {
    try plugin.get().forward(styleIndex: style.rawValue, values: [], in: bounds)
  }

  /// The inverse animation of `style` in `bounds`.
  static func inverse(_ style: Style, in bounds: Rect) throws -> Animation {
    try plugin.get().inverse(styleIndex: style.rawValue, values: [], in: bounds)
  }
}

/// A scene of `bounds` at one pixel per point, from one solid colour to another, over `background`.
func solidScene(_ bounds: Rect, background: RGB, from: RGB, to: RGB) -> Scene {
  let (width, height) = (Int(bounds.size.width), Int(bounds.size.height))
  return Scene(
    bounds: bounds, width: width, height: height, background: background,
    from: solidPicture(width: width, height: height, from), to: solidPicture(width: width, height: height, to))
}

/// A scene of `bounds` at one pixel per point between two pictures of seeded noise, over `background`.
func noiseScene(_ bounds: Rect, background: RGB, seeds: (from: UInt64, to: UInt64)) -> Scene {
  let (width, height) = (Int(bounds.size.width), Int(bounds.size.height))
  return Scene(
    bounds: bounds, width: width, height: height, background: background,
    from: TestPicture.noise(width: width, height: height, seed: seeds.from).image,
    to: TestPicture.noise(width: width, height: height, seed: seeds.to).image)
}

/// A picture of one opaque colour.
func solidPicture(width: Int, height: Int, _ color: RGB) -> PixelImage {
  PixelImage(
    width: width, height: height,
    rgba: Array(repeating: [color.r, color.g, color.b, 255], count: width * height).flatMap { $0 })!
}
