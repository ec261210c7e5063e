import CStagehandSystem
import StagehandAnimation
import StagehandCache
import StagehandPlugins
import StagehandSystem

#if canImport(Glibc)
  import Glibc
#endif

/// The plugin process: what `stagehand-scanner` runs, for scanning and for building alike.
///
/// It is started by the host (`PluginScanner` to scan, `PluginProcess` to build) as `stagehand-scanner --protocol N`,
/// with a Unix socket as descriptor 3 and standard input, output and error on `/dev/null`. It enters its sandbox, then
/// answers the host's requests (`PluginRequest`) one at a time, each library arriving as a descriptor attached to the
/// request that names it: `scan` loads a library and builds every style with its defaults and every preset, forward
/// and inverse, in a few contexts; `load` only loads one; `build` records one build of a loaded library's style. When
/// the host closes its end, it answers `end` and exits with `_exit`, so that no library destructor runs. A library
/// cannot tell a scan from a build: the same executable, the same arguments, the same sandbox.
public enum ScannerChild {
  /// The containers every style and preset is built in: both orientations, an offset origin, and a large one.
  static let contexts: [Rect] = [
    Rect(x: 0, y: 0, width: 320, height: 480), Rect(x: 20, y: 40, width: 480, height: 320),
    Rect(x: 0, y: 0, width: 2048, height: 1536),
  ]

  /// The exit status of a child whose host sent a request it cannot read or follow.
  package static let protocolErrorStatus: Int32 = 66

  /// Runs the child with its command-line arguments (without the program name) and exits.
  public static func main(_ arguments: [String]) -> Never {
    guard arguments.count == 2, arguments[0] == "--protocol" else {
      if arguments == ["--version"] {
        print("stagehand-scanner \(RegistryCache.hostVersion), protocol \(ScanAnswer.protocolVersion)")
        exit(0)
      }
      let usage =
        "usage: stagehand-scanner --protocol N\n"
        + "stagehand-scanner is started by stagehand to scan plugin libraries and build their animations; it is not "
        + "meant to be run by hand.\n"
      try? SystemFile.writeAll(2, Array(usage.utf8))
      SystemProcess.exitNow(64)
    }
    guard arguments[1] == String(ScanAnswer.protocolVersion) else {
      let message =
        "stagehand-scanner: protocol \(arguments[1]) asked, but this scanner speaks "
        + "\(ScanAnswer.protocolVersion); install the scanner of the same Stagehand version\n"
      try? SystemFile.writeAll(2, Array(message.utf8))
      SystemProcess.exitNow(65)
    }
    SystemProcess.restoreDefault(SIGPIPE)
    let output = CapturedOutput()
    // Every descriptor it writes to is open: from here on, the libraries' code runs in the sandbox.
    // Each library loaded keeps a descriptor open (see `LibraryHandle`): a batch of 128, and room for its own.
    enterSandbox(descriptorLimit: 512)
    send(.ready)
    var buffer: [UInt8] = []
    var descriptors: [Int32] = []
    var scans = 0
    var slots: [Int: LoadedPlugin] = [:]
    func library() -> Int32 {
      guard !descriptors.isEmpty else { SystemProcess.exitNow(protocolErrorStatus) }
      return descriptors.removeFirst()
    }
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
      var received: Int32 = -1
      let count = chunk.withUnsafeMutableBytes { sh_system_receive(3, $0.baseAddress, UInt($0.count), &received) }
      if received >= 0 { descriptors.append(received) }
      if count == 0 {
        send(.end)
        SystemProcess.exitNow(0)
      }
      guard count > 0 else { SystemProcess.exitNow(70) }
      buffer += chunk[0..<count]
      while true {
        let decoded: (PluginRequest, Int)?
        do {
          decoded = try PluginRequest.decode(buffer)
        } catch {
          SystemProcess.exitNow(protocolErrorStatus)
        }
        guard let (request, length) = decoded else { break }
        buffer.removeFirst(length)
        switch request {
        case .scan(let path):
          let descriptor = library()
          send(.begin(index: scans))
          var outcome = output.capturing { scan(path, descriptor: descriptor) }
          SystemFile.close(descriptor)
          if case .ok(let info, var notes) = outcome, let printed = output.note() {
            notes.append(printed)
            outcome = .ok(info, notes: notes)
          }
          send(.result(index: scans, outcome: outcome))
          scans += 1
        case .load(let slot, let path):
          let descriptor = library()
          let outcome = output.capturing { () -> ScanOutcome in
            do throws(PluginError) {
              let plugin = try loadTrusted(path, descriptor: descriptor)
              slots[slot] = plugin
              return .ok(plugin.info, notes: [])
            } catch {
              return .refused(error)
            }
          }
          SystemFile.close(descriptor)
          _ = output.note()
          send(.result(index: slot, outcome: outcome))
        case .build(let slot, let style, let inverse, let values, let context):
          guard let plugin = slots[slot], plugin.info.styles.indices.contains(style) else {
            SystemProcess.exitNow(protocolErrorStatus)
          }
          let recording = output.capturing {
            plugin.recordedBuild(styleIndex: style, values: values, in: context, inverse: inverse)
          }
          _ = output.note()
          send(.built(recording))
        case .linger(let milliseconds):
          SystemTime.sleep(nanoseconds: milliseconds * 1_000_000)
        }
      }
    }
  }

  /// The exit status of a child that could not enter its sandbox (before it scanned anything).
  package static let sandboxFailureStatus: Int32 = 72

  /// Puts this process in the sandbox of `sh_system_sandbox` (resource limits and a seccomp filter; see
  /// Docs/Isolation.md), or exits with `sandboxFailureStatus`: no plugin code runs outside it.
  package static func enterSandbox(descriptorLimit: Int32) {
    guard sh_system_sandbox(descriptorLimit) == 0 else { SystemProcess.exitNow(sandboxFailureStatus) }
  }

  /// Loads the library at `path` from `descriptor`, then checks the libraries it brought into the process (its
  /// DT_NEEDED dependencies, found through its RUNPATH or the system's search): one that lies outside the system
  /// library directories must pass the trust rule of plugin files (`TrustRule`), itself and its directory, or the
  /// plugin is refused.
  static func loadTrusted(_ path: String, descriptor: Int32) throws(PluginError) -> LoadedPlugin {
    let before = loadedObjects()
    let plugin = try LoadedPlugin.load(path, descriptor: descriptor)
    for object in loadedObjects().subtracting(before).sorted() where !object.hasPrefix("/proc/self/fd/") {
      guard !systemLibraryDirectories.contains(where: { object.hasPrefix($0) }) else { continue }
      let problem: String?
      do {
        let info = try SystemFile.status(ofPath: object)
        if let why = TrustRule.problem(info, what: "it") {
          problem = why
        } else {
          let directory = String(object[..<(object.lastIndex(of: "/") ?? object.startIndex)])
          problem =
            (try? SystemFile.status(ofPath: directory.isEmpty ? "/" : directory)).map {
              TrustRule.problem($0, what: "its directory \(directory)")
            } ?? "its directory cannot be examined"
        }
      } catch {
        problem = "cannot be examined (\(error.reason))"
      }
      if let problem {
        throw PluginError(
          file: path, plugin: plugin.info.id, reason: .untrustedDependency(path: object, problem: problem))
      }
    }
    return plugin
  }

  /// Where the system's own libraries lie: what is loaded from there is the system's, not a plugin's.
  static let systemLibraryDirectories = ["/lib/", "/lib64/", "/lib32/", "/usr/lib/", "/usr/lib64/", "/usr/lib32/"]

  /// The paths of the objects loaded in this process.
  static func loadedObjects() -> Set<String> {
    var names = Set<String>()
    withUnsafeMutablePointer(to: &names) { pointer in
      sh_system_loaded_objects(
        { path, context in
          guard let path else { return }
          context!.assumingMemoryBound(to: Set<String>.self).pointee.insert(String(cString: path))
        }, pointer)
    }
    return names
  }

  /// Loads one library and builds everything it offers; the first failure refuses it.
  static func scan(_ path: String, descriptor: Int32) -> ScanOutcome {
    do throws(PluginError) {
      let plugin = try loadTrusted(path, descriptor: descriptor)
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

  /// Writes one answer to the pipe, whole; exits when the host has gone.
  static func send(_ answer: ScanAnswer) {
    writeAnswer(answer.encoded())
  }

  /// Writes `bytes` to descriptor 3 (the host's socket, or the validator child's answer pipe), whole; exits when the
  /// host has gone.
  package static func writeAnswer(_ bytes: [UInt8]) {
    do {
      try SystemFile.writeAll(3, bytes)
    } catch {
      SystemProcess.exitNow(70)
    }
  }
}

/// Where the plugin process's standard output and error go while a library's code runs: a memory file, read for a
/// note after a scan and emptied after every request; `/dev/null` in between.
struct CapturedOutput {
  let output = OutputCapture(name: "stagehand-scanner-output")

  /// Runs `body` with standard output and error sent to the memory file.
  func capturing<Result>(_ body: () -> Result) -> Result { output.capturing(body) }

  /// A note about what the library printed, if it printed anything; the memory file is emptied.
  func note() -> String? {
    guard let (size, prefix) = output.take(limit: 80) else { return nil }
    let text = String(decoding: prefix, as: UTF8.self).escapingControlCharacters
    return "printed \(size) bytes while it was loaded and built (a plugin should print nothing): \"\(text)\""
  }
}
