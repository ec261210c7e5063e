import Foundation

/// One library built from `FixtureSources.plugin`: the valid plugin, or a variant that breaks one rule of the header.
///
/// The raw value is the name of the `BREAK_<NAME>` macro that selects the variant.
public enum Fixture: String, CaseIterable, Sendable {
  /// The valid plugin every other fixture is derived from.
  case valid = "VALID"

  // Refused when loaded.
  case noEntry = "NO_ENTRY"
  case nullDescriptor = "NULL_DESCRIPTOR"
  case abiMajor = "ABI_MAJOR"
  case abiMinor = "ABI_MINOR"
  case pluginStructSize = "PLUGIN_STRUCT_SIZE"
  case styleStructSize = "STYLE_STRUCT_SIZE"
  case styleNullName = "STYLE_NULL_NAME"
  case styleBadName = "STYLE_BAD_NAME"
  case duplicateStyle = "DUPLICATE_STYLE"
  case presetNamedLikeStyle = "PRESET_NAMED_LIKE_STYLE"
  case defaultOutOfRange = "DEFAULT_OUT_OF_RANGE"
  case noLabels = "NO_LABELS"
  case parameterType = "PARAMETER_TYPE"
  case reservedFlag = "RESERVED_FLAG"
  case nullBuilder = "NULL_BUILDER"
  case presetParameter = "PRESET_PARAMETER"
  case presetLabel = "PRESET_LABEL"
  case pluginUTF8 = "PLUGIN_UTF8"
  case parameterUTF8 = "PARAMETER_UTF8"
  case negativeDuration = "NEGATIVE_DURATION"
  case strayLabels = "STRAY_LABELS"
  case longUnit = "LONG_UNIT"

  // Loaded, then refused when built.
  case buildReport = "BUILD_REPORT"
  case buildNaN = "BUILD_NAN"
  case buildIgnoredError = "BUILD_IGNORED_ERROR"
  case buildSteps = "BUILD_STEPS"
  case buildPositive = "BUILD_POSITIVE"
  case buildScaleUnderflow = "BUILD_SCALE_UNDERFLOW"

  /// The file name of the library, e.g. `libno-entry.so`.
  public var libraryName: String {
    "lib" + rawValue.lowercased().replacingOccurrences(of: "_", with: "-") + ".so"
  }

  /// The compiler flags that select the variant.
  public var defines: [String] {
    self == .valid ? [] : ["-DBREAK_\(rawValue)"]
  }
}

/// Why a fixture could not be made.
public struct FixtureFailure: Error, CustomStringConvertible {
  /// What went wrong.
  public var description: String

  /// Creates a failure that says `description`.
  public init(description: String) {
    self.description = description
  }
}

/// The fixture libraries, compiled with `cc` into a fresh temporary directory the first time a test asks for one, once
/// per test run, and removed when the process exits.
public enum FixtureLibraries {
  /// The directory the libraries are built in.
  public static let directory = Result { try CFixture.temporaryDirectory("plugin-fixtures") }

  /// Every fixture's library path, or why it could not be built; computed once, on first use.
  private static let built: Result<[Fixture: Result<String, FixtureFailure>], FixtureFailure> = build()

  /// The path of the library built for `fixture`.
  public static func path(_ fixture: Fixture) throws -> String {
    try built.get()[fixture]!.get()
  }

  /// A text file named like a library, `libnot-elf.so`.
  public static func notELF() throws -> String {
    _ = try built.get()
    return try directory.get().appendingPathComponent("libnot-elf.so").path
  }

  private static func build() -> Result<[Fixture: Result<String, FixtureFailure>], FixtureFailure> {
    do {
      let directory = try directory.get()
      atexit { try? FileManager.default.removeItem(at: FixtureLibraries.directory.get()) }
      try "This is a text file, not a shared library.\n".write(
        to: directory.appendingPathComponent("libnot-elf.so"), atomically: true, encoding: .utf8)
      var libraries: [Fixture: Result<String, FixtureFailure>] = [:]
      for fixture in Fixture.allCases {
        do {
          let path = try CFixture.compile(
            FixtureSources.plugin, into: directory, name: fixture.libraryName, flags: fixture.defines)
          libraries[fixture] = .success(path)
        } catch {
          libraries[fixture] = .failure(FixtureFailure(description: "\(fixture.libraryName): \(error)"))
        }
      }
      return .success(libraries)
    } catch {
      return .failure(FixtureFailure(description: "cannot build the fixture plugins: \(error)"))
    }
  }
}
