import ArgumentParser
import StagehandAnimation
import StagehandCatalog
import StagehandCommandLine
import StagehandRender

/// `--size` of a transition: the container bounds, two plain decimal numbers from 1 to `largestSide` points joined by
/// 'x' (`CommandLineValues.size`).
struct ContainerSize: CommandLineValue {
  /// The container bounds, at the origin.
  let bounds: Rect

  init(commandLine text: String) throws(InvalidText) {
    guard let bounds = CommandLineValues.size(text) else { throw InvalidText() }
    self.bounds = bounds
  }
}

/// `--size` of `gallery`: the size of each picture in pixels, each side from 16 to 1024.
struct PictureSize: CommandLineValue {
  /// The width in pixels.
  let width: Int
  /// The height in pixels.
  let height: Int

  init(commandLine text: String) throws(InvalidText) {
    let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false).map { Int($0) }
    guard parts.count == 2, let width = parts[0], let height = parts[1],
      (16...1024).contains(width), (16...1024).contains(height)
    else { throw InvalidText() }
    (self.width, self.height) = (width, height)
  }
}

/// A number of seconds read by one reader of its own: the shape of `--duration`, `--at` and the time limits.
protocol SecondsValue: CommandLineValue {
  /// The seconds `text` writes, or nil.
  static func seconds(_ text: String) -> Double?
  /// The value of `seconds`.
  init(seconds: Double)
}

extension SecondsValue {
  init(commandLine text: String) throws(InvalidText) {
    guard let seconds = Self.seconds(text) else { throw InvalidText() }
    self.init(seconds: seconds)
  }
}

/// `--duration`: a number of seconds from 0 to `longestDuration` (`CommandLineValues.duration`).
struct RequestedDuration: SecondsValue {
  /// The duration in seconds.
  let seconds: Double

  static func seconds(_ text: String) -> Double? { CommandLineValues.duration(text) }
}

/// `--at` (an instant of an animation) and `--offset` of `render` (how long clip A plays alone): a number of seconds of
/// any size (`CommandLineValues.seconds`); the command checks it against the animation's duration, or the frames an
/// output may have.
struct Instant: SecondsValue {
  /// The time in seconds.
  let seconds: Double

  static func seconds(_ text: String) -> Double? { CommandLineValues.seconds(text) }
}

/// `--scan-timeout`, `--build-timeout`: a time limit in seconds (`ScanTimeout.parse`).
struct TimeLimit: SecondsValue {
  /// The limit in seconds.
  let seconds: Double

  static func seconds(_ text: String) -> Double? { ScanTimeout.parse(text) }
}

/// `--param NAME=VALUE`: one parameter value, by name; the value is checked against the style when it is built.
struct ParameterAssignment: CommandLineValue {
  /// The parameter's name, as given.
  let name: String
  /// The value, as given.
  let value: String

  init(commandLine text: String) throws(InvalidText) {
    guard let (name, value) = CommandLineValues.assignment(text) else { throw InvalidText() }
    (self.name, self.value) = (name, value)
  }
}

/// `--display-scale`: pixels per point, a plain decimal number within `CommandLineValues.displayScales`.
struct DisplayScale: CommandLineValue {
  /// Pixels per point.
  let factor: Double

  init(commandLine text: String) throws(InvalidText) {
    guard let factor = CommandLineValues.displayScale(text) else { throw InvalidText() }
    self.factor = factor
  }
}

extension LayoutDirection: CommandLineValue {
  /// `--layout-direction`: `ltr` or `rtl`.
  init(commandLine text: String) throws(InvalidText) {
    guard let direction = CommandLineValues.layoutDirection(text) else { throw InvalidText() }
    self = direction
  }
}

extension Timing: CommandLineValue {
  /// `--timing`: a timing in the grammar of `Timing(parsing:)`; the reason is its error's message.
  init(commandLine text: String) throws(InvalidText) {
    do throws(TimingError) {
      self = try Timing(parsing: text)
    } catch {
      throw InvalidText(reason: error.description)
    }
  }
}

/// A value named by its lowercase raw value, which the command line takes in any case (the formats).
protocol NamedInAnyCase: CommandLineValue, RawRepresentable where RawValue == String {}

extension NamedInAnyCase {
  /// The value named `text`, in any case.
  init(commandLine text: String) throws(InvalidText) {
    guard let value = Self(rawValue: text.lowercased()) else { throw InvalidText() }
    self = value
  }
}

/// `render --format`: a format's name, in any case.
extension RenderFormat: NamedInAnyCase {}

extension RGB: CommandLineValue {
  /// `render --background`: RRGGBB in hexadecimal, with or without a leading '#'.
  init(commandLine text: String) throws(InvalidText) {
    let digits = text.hasPrefix("#") ? String(text.dropFirst()) : text
    guard digits.utf8.count == 6, let value = UInt32(digits, radix: 16) else { throw InvalidText() }
    self.init(UInt8(value >> 16), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF))
  }
}

extension OptionValue where Value == TimeLimit {
  /// The time limit `option` gives: a usage error naming `option`, the text and the rule for one that is not valid.
  func limit(option: String) throws(ValidationError) -> TimeLimit {
    try value { text, _ in "\(option) '\(text)' is not valid; \(ScanTimeout.rule)" }
  }
}

extension OptionValue where Value == Timing {
  /// The timing `--timing` gives: a usage error with the grammar's reason for one that is not valid.
  func timing() throws(ValidationError) -> Timing {
    try value { _, reason in "--" + (reason ?? "timing is not valid") }
  }
}
