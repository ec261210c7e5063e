import CStagehandSystem
import StagehandAnimation
import StagehandCache
import StagehandPlugins
@_spi(Fuzzing) import StagehandScanning
import StagehandSystem

#if canImport(Glibc)
  import Glibc
#endif

/// The plugin process of a registry: a sandboxed `stagehand-scanner` child, started on the first build and again
/// after it dies, that loads libraries and runs their builders, so that no plugin code runs in the registry's
/// process.
///
/// The host opens and checks each library (identity and SHA-256, `PluginLoading`) and hands the child its descriptor;
/// for a build it sends the style, the parameter values and the context, and the child sends back what the builders
/// returned and called (`BuildRecording`), which the host replays with every check of the header's rules. A child that
/// crashes, exits, answers nonsense or takes longer than the time limit is killed; the build fails with a
/// `RegistryError.pluginProcess` that names the library, the style and the cause, and that style is quarantined in that
/// context class for the life of the registry. Builds through one registry take turns.
final class PluginProcess: Sendable {
  /// The plugin process executable (`stagehand-scanner`), and the arguments before the protocol's.
  let executable: String
  let arguments: [String]
  /// The time limit of one request (loading a library, or one build), in seconds.
  let timeLimit: Double
  private let state = Locked<State>(State())

  private struct State: Sendable {
    var child: Child?
    var quarantined: [BuildClass: QuarantineReason] = [:]
  }

  /// The builds a failure quarantines: one style of one library, one builder, in one kind of context (the layout
  /// direction, reduced motion, the display scale, and whether the container exceeds the largest one a scan tries).
  struct BuildClass: Hashable, Sendable {
    var file: String
    var style: String
    var inverse: Bool
    var layoutDirection: LayoutDirection
    var reducesMotion: Bool
    var displayScale: Double
    var large: Bool

    init(file: String, style: String, inverse: Bool, context: TransitionContext) {
      self.file = file
      self.style = style
      self.inverse = inverse
      layoutDirection = context.layoutDirection
      reducesMotion = context.reducesMotion
      displayScale = context.displayScale
      large = context.bounds.size.width > 2048 || context.bounds.size.height > 2048
    }

    /// The context class in words, for messages.
    var description: String {
      var words = [
        inverse ? "the inverse" : "forward", layoutDirection == .rightToLeft ? "right to left" : "left to right",
      ]
      if reducesMotion { words.append("reduced motion") }
      if displayScale != 1 { words.append("display scale \(displayScale)") }
      if large { words.append("a container over 2048 points") }
      return words.joined(separator: ", ")
    }
  }

  /// The plugin processes of this program that have not been stopped; nil until the first is started.
  ///
  /// An array, not a set: a few pids at most, and `Locked<Set<pid_t>?>` made the runtime look up `Int32: Hashable`
  /// through every conformance record of the executable the first time, in `endAll`, at the end of every command.
  static let running = Locked<[pid_t]?>(nil)

  /// Kills every plugin process of this program that is still running, and reaps it.
  static func endAll() {
    let pids = running.withLock { running in
      defer { running = [] }
      return running ?? []
    }
    for pid in pids { ChildProcess.kill(pid: pid) }
  }

  /// The default time limit of one build, in seconds.
  static let defaultTimeLimit = 2.0

  init(executable: String, arguments: [String] = [], timeLimit: Double) {
    self.executable = executable
    self.arguments = arguments
    self.timeLimit = timeLimit
  }

  deinit {
    state.withLock { $0.child?.stop() }
  }

  /// Loads `plugin` into the plugin process (starting it if needed), after checking that its file is the one scanned.
  func load(_ plugin: CatalogPlugin) throws(RegistryError) {
    try state.withLock { (state) throws(RegistryError) in
      do throws(ChildFailure) {
        _ = try runningChild(&state).slot(of: plugin, timeLimit: timeLimit)
      } catch {
        switch error {
        case .registry(let error): throw error
        case .failed(let reason):
          state.child?.stop()
          state.child = nil
          throw .pluginProcess(file: plugin.file, style: "*", reason: reason, context: "loading it", again: false)
        }
      }
    }
  }

  /// The running child, started if there is none or it died.
  private func runningChild(_ state: inout State) throws(ChildFailure) -> Child {
    if let child = state.child, child.isRunning { return child }
    state.child?.stop()
    let child = try Child(executable: executable, arguments: arguments)
    state.child = child
    return child
  }

  /// The animation of the style at `styleIndex` of `plugin`, built in the plugin process and checked here.
  func build(
    _ plugin: CatalogPlugin, styleIndex: Int, values: [ParameterValue], in context: TransitionContext, inverse: Bool
  ) throws(RegistryError) -> Animation {
    let style = plugin.info.styles[styleIndex].name
    let buildClass = BuildClass(file: plugin.file, style: style, inverse: inverse, context: context)
    let recording = try state.withLock { (state) throws(RegistryError) -> BuildRecording in
      if let reason = state.quarantined[buildClass] {
        throw .pluginProcess(
          file: plugin.file, style: style, reason: reason, context: buildClass.description, again: true)
      }
      let request = { (slot: Int) in
        PluginRequest.build(slot: slot, style: styleIndex, inverse: inverse, values: values, context: context)
      }
      var tries = 0
      while true {
        tries += 1
        do throws(ChildFailure) {
          let child = try runningChild(&state)
          let slot = try child.slot(of: plugin, timeLimit: timeLimit)
          guard case .built(let recording) = try child.ask(request(slot), descriptor: -1, timeLimit: timeLimit)
          else {
            throw ChildFailure.failed(.garbage("an answer that is not a build"))
          }
          return recording
        } catch {
          switch error {
          case .registry(let error):
            throw error
          case .failed(let reason):
            // A failure in a child that had loaded other libraries may be theirs (a thread of theirs that crashes
            // later), and a SIGKILL may be the machine's (the OOM killer): tried once more, alone in a new child. A
            // timeout alone is not: a build takes microseconds, and the command must end within the limit.
            let shared = state.child?.loadedOthers(than: plugin.file) ?? false
            state.child?.stop()
            state.child = nil
            if tries == 1 && (shared || reason == .signal(SIGKILL)) { continue }
            state.quarantined[buildClass] = reason
            let size = context.bounds.size
            let container = "in a \(size.width.plainText)x\(size.height.plainText) container"
            throw .pluginProcess(
              file: plugin.file, style: style, reason: reason, context: buildClass.description + ", " + container,
              again: false)
          }
        }
      }
    }
    do {
      return try LoadedPlugin.replay(
        recording, file: plugin.file, info: plugin.info, styleIndex: styleIndex, values: values, in: context,
        inverse: inverse)
    } catch {
      throw .plugin(error)
    }
  }

  /// Why a request to the child failed: the child failed (and is to be killed), or the library cannot be used.
  enum ChildFailure: Error {
    case failed(QuarantineReason)
    case registry(RegistryError)
  }

  /// One running child: its process, its socket, and the libraries it has loaded.
  final class Child: @unchecked Sendable {
    let process: ChildProcess
    let socket: Int32
    private var buffer: [UInt8] = []
    /// Where answers are read into, allocated once.
    private var chunk = [UInt8](repeating: 0, count: 65536)
    private var slots: [String: Int] = [:]

    init(executable: String, arguments: [String]) throws(ChildFailure) {
      do {
        (process, socket) = try ScannerChildProcess.start(executable, arguments: arguments)
      } catch {
        throw .registry(.pluginProcessUnavailable(error.description))
      }
      PluginProcess.running.withLock { running in
        if running == nil {
          running = []
          // A program that exits with a registry still alive ends its plugin processes and reaps them, so that none
          // outlives it (not even as a zombie under an init that does not reap).
          atexit { PluginProcess.endAll() }
        }
        if !running!.contains(process.pid) { running!.append(process.pid) }
      }
      // Its start-up is not a library's: it gets a limit of its own, and a child that does not start is not blamed on
      // the library it was started for.
      do throws(ChildFailure) {
        guard case .ready = try receive(until: .now + .seconds(ScannerChildProcess.startUpLimit), limit: 0) else {
          throw .failed(.garbage("an answer before it was ready"))
        }
      } catch {
        stop()
        let why = if case .failed(let reason) = error { "it \(reason)" } else { "it did not answer" }
        throw .registry(.pluginProcessUnavailable("the plugin process \(executable) did not start: \(why)"))
      }
    }

    /// Whether the child still runs: one that died between two requests (as when the thread that started it ends,
    /// since it dies with that thread) is started again without blame.
    var isRunning: Bool {
      // Not running either when it was reaped already (by `endAll`).
      process.isRunning
    }

    /// Whether the child has loaded a library other than `file`.
    func loadedOthers(than file: String) -> Bool {
      slots.keys.contains { $0 != file }
    }

    /// Kills the child if it still runs, reaps it, and closes the socket.
    func stop() {
      // A child that `endAll` has reaped is not killed again: its pid may be another process's by now.
      let reaped =
        PluginProcess.running.withLock { running in
          running?.firstIndex(of: process.pid).map { running!.remove(at: $0) }
        } == nil
      if !reaped { process.kill() }
      SystemFile.close(socket)
    }

    /// The slot of `plugin` in this child, loading it first if needed.
    func slot(of plugin: CatalogPlugin, timeLimit: Double) throws(ChildFailure) -> Int {
      if let slot = slots[plugin.file] { return slot }
      let descriptor: Int32
      do {
        descriptor = try PluginLoading.checkedDescriptor(plugin)
      } catch {
        throw .registry(error)
      }
      defer { SystemFile.close(descriptor) }
      let slot = slots.count
      let answer = try ask(.load(slot: slot, path: plugin.file), descriptor: descriptor, timeLimit: timeLimit)
      guard case .result(slot, let outcome) = answer else {
        throw .failed(.garbage("an answer that is not the load of library \(slot)"))
      }
      switch outcome {
      case .ok(let info, _):
        do {
          try PluginLoading.checkSameDescription(plugin, loaded: info)
        } catch {
          throw .registry(error)
        }
      case .refused(let error):
        throw .registry(.plugin(error))
      case .quarantined:
        throw .failed(.garbage("a quarantine, which only the host decides"))
      }
      slots[plugin.file] = slot
      return slot
    }

    /// Sends `request` and waits for its answer, at most `timeLimit` seconds.
    func ask(_ request: PluginRequest, descriptor: Int32, timeLimit: Double) throws(ChildFailure) -> ScanAnswer {
      let deadline = ContinuousClock.now + .seconds(timeLimit)
      guard ScannerChildProcess.send(request, descriptor: descriptor, to: socket) else { throw .failed(death()) }
      return try receive(until: deadline, limit: timeLimit)
    }

    /// The next answer, read by `deadline`; past it, a timeout of `limit` seconds.
    private func receive(until deadline: ContinuousClock.Instant, limit timeLimit: Double) throws(ChildFailure)
      -> ScanAnswer
    {
      while true {
        do {
          if let (answer, length) = try ScanAnswer.decode(buffer) {
            buffer.removeFirst(length)
            return answer
          }
        } catch {
          throw .failed(.garbage(error.description))
        }
        let left = deadline - .now
        guard left > .zero else { throw .failed(.timeout(seconds: timeLimit)) }
        let milliseconds = Int32(min(1000, max(1, (left / .milliseconds(1)).rounded(.up))))
        do {
          guard try SystemFile.waitReadable([socket], milliseconds: milliseconds)[0] else { continue }
        } catch {
          throw .failed(.garbage("poll failed: \(error.reason)"))
        }
        let read = SystemFile.readChannel(socket, into: &chunk)
        if let read, read > 0 {
          buffer += chunk[0..<read]
        } else if read == 0 {
          throw .failed(death())
        }
      }
    }

    /// Why the child stopped answering: it is reaped (given a moment to finish dying) and its end described.
    private func death() -> QuarantineReason {
      guard let exit = process.exit(polling: 200, every: 5_000_000) else {
        return .garbage("it closed its socket and kept running")
      }
      return ScannerChildProcess.reason(exit)
    }
  }
}
