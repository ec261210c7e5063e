import StagehandAnimation
import StagehandCatalog
import StagehandPlugins
import StagehandTestSupport

/// The registry over the bundled plugins only: the libraries `swift build` put next to the test binary.
let bundledRegistry = Registry(
  searchPath: PluginSearchPath(directories: [BuiltProducts.directory.path]),
  options: RegistryOptions(cachePath: BuiltProducts.cachePath, scanner: BuiltProducts.scanner.path))

/// Every style and every preset of the bundled plugins, by the name a user types.
let bundledNames: [String] = bundledRegistry.catalog().entries.flatMap {
  [$0.style.name] + $0.style.presets.map(\.name)
}

extension SeededGenerator {
  /// Random container bounds: origin within ±200 points, sides from 40 to 2,000 points.
  mutating func bounds() -> Rect {
    Rect(
      x: .random(in: -200...200, using: &self), y: .random(in: -200...200, using: &self),
      width: .random(in: 40...2000, using: &self), height: .random(in: 40...2000, using: &self))
  }

  /// A random context: random bounds and duration, right to left half the time, a display scale of 1, 2 or 3, and
  /// reduced motion one time in four.
  mutating func context() -> TransitionContext {
    TransitionContext(
      bounds: bounds(), duration: requestedDuration(),
      layoutDirection: Bool.random(using: &self) ? .leftToRight : .rightToLeft,
      displayScale: [1, 2, 3].randomElement(using: &self)!, reducesMotion: Int.random(in: 0..<4, using: &self) == 0)
  }

  /// A random requested duration: intrinsic one time in four, else 0 to 3 s.
  mutating func requestedDuration() -> RequestedDuration {
    Int.random(in: 0..<4, using: &self) == 0 ? .intrinsic : .seconds(.random(in: 0...3, using: &self))
  }

  /// Random values, as text, for every parameter of `style`.
  mutating func parameterTexts(for style: StyleInfo) -> [String: String] {
    var texts: [String: String] = [:]
    for parameter in style.parameters {
      let value: ParameterValue
      switch parameter.type {
      case .enum: value = .label(Int32.random(in: 0...Int32(parameter.labels.count - 1), using: &self))
      case .int: value = .int(Int32(Double.random(in: parameter.minimum...parameter.maximum, using: &self)))
      case .double: value = .double(.random(in: parameter.minimum...parameter.maximum, using: &self))
      case .bool: value = .bool(.random(using: &self))
      }
      texts[parameter.symbol] = parameter.text(for: value)
    }
    return texts
  }
}

/// A hash of `text` that is the same in every run (FNV-1a), to derive a per-name seed.
func stableHash(_ text: String) -> UInt64 {
  text.utf8.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01B3 }
}
