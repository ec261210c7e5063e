import StagehandCatalog

/// What the command line asks for: the window's size, the styles a click pushes with, and whether to report each
/// frame on standard output (for a test, or to watch the progress).
struct Settings {
  /// The window's size in pixels, which is also the stack's size in points (one pixel a point).
  var width = 480
  var height = 640
  /// The styles of the pushes, in turn: a click pushes with the next one.
  var styles = ["push", "cover", "flip", "cross-dissolve"]
  /// Whether each frame that shows something new prints a line (`Report`) on standard output.
  var reports = false

  static let usage = "usage: SDLStack [--size WIDTHxHEIGHT] [--styles STYLE,STYLE,...] [--report]"

  /// The settings `arguments` give (without the executable's name).
  init(arguments: [String]) throws(SettingsError) {
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      switch argument {
      case "--report": reports = true
      case "--size":
        guard let value = rest.popFirst() else { throw .missingValue(option: argument) }
        let sides = value.split(separator: "x", omittingEmptySubsequences: false).map { Int($0) }
        guard sides.count == 2, let width = sides[0], let height = sides[1], (16...4096).contains(width),
          (16...4096).contains(height)
        else { throw .badSize(value) }
        (self.width, self.height) = (width, height)
      case "--styles":
        guard let value = rest.popFirst() else { throw .missingValue(option: argument) }
        styles = value.split(separator: ",").map(String.init)
        guard !styles.isEmpty else { throw .noStyles }
      default: throw .unknownArgument(argument)
      }
    }
  }

  /// Checks that the registry knows every style, before the window opens.
  func checkStyles(with registry: Registry) throws(SettingsError) {
    for style in styles {
      do {
        _ = try registry.resolve(style)
      } catch {
        throw .unknownStyle(style, reason: "\(error)")
      }
    }
  }
}

/// Why the command line cannot be used: each message says what, why and what to do.
enum SettingsError: Error, CustomStringConvertible {
  case missingValue(option: String)
  case badSize(String)
  case noStyles
  case unknownArgument(String)
  case unknownStyle(String, reason: String)

  var description: String {
    switch self {
    case .missingValue(let option): "\(option) needs a value; \(Settings.usage)"
    case .badSize(let value):
      "--size '\(value)' is not a size; give WIDTHxHEIGHT in pixels, each from 16 to 4096, such as 480x640"
    case .noStyles: "--styles names no style; give style names separated by commas, such as push,cover"
    case .unknownArgument(let argument): "unknown argument '\(argument)'; \(Settings.usage)"
    case .unknownStyle(let style, let reason):
      "--styles: the style '\(style)' cannot be used (\(reason)); 'stagehand list' shows the styles installed"
    }
  }
}
