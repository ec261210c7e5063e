import CStagehandSystem
import StagehandAnimation
import StagehandPlugins

#if canImport(Glibc)
  import Glibc
#endif

/// The scanner child's side of scanning: what `stagehand-scanner` runs.
///
/// It is started by `PluginScanner` with `--protocol N --first-descriptor F [--linger-ms M] PATH...`: the library
/// found at the i-th path is open as descriptor F + i, the answer pipe is descriptor 3, and standard input, output and
/// error are `/dev/null`. For each library it answers `begin`, loads the library from its descriptor, builds every
/// style with its defaults and every preset, forward and inverse, in a few contexts, and answers `result`; then it
/// waits M milliseconds (0 when not given: a suspect scanned alone is given time to show a delayed crash), answers
/// `end` and exits with `_exit`, so that no library destructor runs.
public enum ScannerChild {
  /// The containers every style and preset is built in: both orientations, an offset origin, and a large one.
  static let contexts: [Rect] = [
    Rect(x: 0, y: 0, width: 320, height: 480), Rect(x: 20, y: 40, width: 480, height: 320),
    Rect(x: 0, y: 0, width: 2048, height: 1536),
  ]

  /// Runs the child with its command-line arguments (without the program name) and exits.
  public static func main(_ arguments: [String]) -> Never {
    guard arguments.count >= 4, arguments[0] == "--protocol", arguments[2] == "--first-descriptor",
      let first = Int32(arguments[3])
    else {
      if arguments == ["--version"] {
        print("stagehand-scanner \(RegistryCache.hostVersion), protocol \(ScanAnswer.protocolVersion)")
        exit(0)
      }
      let usage =
        "usage: stagehand-scanner --protocol N --first-descriptor F [--linger-ms M] PATH...\n"
        + "stagehand-scanner is started by stagehand to scan plugin libraries; it is not meant to be run by hand.\n"
      _ = usage.withCString { write(2, $0, strlen($0)) }
      _exit(64)
    }
    guard arguments[1] == String(ScanAnswer.protocolVersion) else {
      let message =
        "stagehand-scanner: protocol \(arguments[1]) asked, but this scanner speaks "
        + "\(ScanAnswer.protocolVersion); install the scanner of the same Stagehand version\n"
      _ = message.withCString { write(2, $0, strlen($0)) }
      _exit(65)
    }
    var paths = arguments.dropFirst(4)
    var lingerMilliseconds = 0
    if paths.first == "--linger-ms", paths.count >= 2, let milliseconds = Int(paths.dropFirst().first!),
      (0...60_000).contains(milliseconds)
    {
      lingerMilliseconds = milliseconds
      paths = paths.dropFirst(2)
    }
    signal(SIGPIPE, SIG_DFL)
    let capture = sh_system_memory_file("stagehand-scanner-output")
    let quiet = open("/dev/null", O_WRONLY | O_CLOEXEC)
    // Every descriptor it writes to is open: from here on, the libraries' code runs in the sandbox.
    enterSandbox(descriptorLimit: first + Int32(paths.count) + 64)
    for (i, path) in paths.enumerated() {
      send(.begin(index: i))
      if capture >= 0 {
        _ = dup2(capture, 1)
        _ = dup2(capture, 2)
      }
      var outcome = scan(path, descriptor: first + Int32(i))
      if capture >= 0 {
        _ = dup2(quiet, 1)
        _ = dup2(quiet, 2)
        if case .ok(let info, var notes) = outcome, let printed = printedNote(capture) {
          notes.append(printed)
          outcome = .ok(info, notes: notes)
        }
        _ = ftruncate(capture, 0)
        _ = lseek(capture, 0, SEEK_SET)
      }
      send(.result(index: i, outcome: outcome))
    }
    if lingerMilliseconds > 0 {
      var pause = timespec(tv_sec: lingerMilliseconds / 1000, tv_nsec: (lingerMilliseconds % 1000) * 1_000_000)
      var left = timespec()
      while nanosleep(&pause, &left) != 0 && errno == EINTR { pause = left }
    }
    send(.end)
    _exit(0)
  }

  /// The exit status of a child that could not enter its sandbox (before it scanned anything).
  package static let sandboxFailureStatus: Int32 = 72

  /// Puts this process in the sandbox of `sh_system_sandbox` (resource limits and a seccomp filter; see
  /// Docs/Isolation.md), or exits with `sandboxFailureStatus`: no plugin code runs outside it.
  package static func enterSandbox(descriptorLimit: Int32) {
    guard sh_system_sandbox(descriptorLimit) == 0 else { _exit(sandboxFailureStatus) }
  }

  /// Loads one library and builds everything it offers; the first failure refuses it.
  static func scan(_ path: String, descriptor: Int32) -> ScanOutcome {
    do throws(PluginError) {
      let plugin = try LoadedPlugin.load(path, descriptor: descriptor)
      try exercise(plugin)
      return .ok(plugin.info, notes: [])
    } catch {
      return .refused(error)
    }
  }

  /// Builds every style with its defaults and every preset, forward and inverse, in every context of `contexts`; the
  /// first build that fails refuses the plugin.
  static func exercise(_ plugin: LoadedPlugin) throws(PluginError) {
    for (index, style) in plugin.info.styles.enumerated() {
      var valueSets = [style.parameters.map(\.defaultParameterValue)]
      for preset in style.presets {
        var values = valueSets[0]
        for assignment in preset.values {
          guard let p = style.parameters.firstIndex(where: { $0.symbol == assignment.parameter }),
            case .success(let value) = style.parameters[p].parse(assignment.value)
          else { continue }  // the loader has already refused a preset that does not parse
          values[p] = value
        }
        valueSets.append(values)
      }
      for values in valueSets {
        for bounds in contexts {
          // The loader refuses an animation whose states or duration are not finite.
          _ = try plugin.forward(styleIndex: index, values: values, in: bounds)
          _ = try plugin.inverse(styleIndex: index, values: values, in: bounds)
        }
      }
    }
  }

  /// A note about what the library printed while it was scanned, if it printed anything.
  static func printedNote(_ capture: Int32) -> String? {
    var info = stat()
    guard fstat(capture, &info) == 0, info.st_size > 0 else { return nil }
    var bytes = [UInt8](repeating: 0, count: min(Int(info.st_size), 80))
    let count = bytes.withUnsafeMutableBytes { pread(capture, $0.baseAddress, $0.count, 0) }
    let text = String(decoding: bytes.prefix(max(count, 0)), as: UTF8.self).escapingControlCharacters
    return "printed \(info.st_size) bytes while it was loaded and built (a plugin should print nothing): \"\(text)\""
  }

  /// Writes one answer to the pipe, whole; exits when the host has gone.
  static func send(_ answer: ScanAnswer) {
    writeAnswer(answer.encoded())
  }

  /// Writes `bytes` to the answer pipe (descriptor 3), whole; exits when the host has gone. The validator's child
  /// answers through it too.
  package static func writeAnswer(_ bytes: [UInt8]) {
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes { write(3, $0.baseAddress, $0.count) }
      if written < 0 && errno == EINTR { continue }
      guard written > 0 else { _exit(70) }
      offset += written
    }
  }
}
