import CStagehandSystem
import StagehandCache
import StagehandSystem

#if canImport(Glibc)
  import Glibc
#endif

/// One library to scan: where it was found, and a descriptor of the file the caller opened and checked.
public struct ScanRequest: Sendable {
  /// The path where the library was found, used in messages and in the cache.
  public var path: String
  /// An open, read-only descriptor of the library; the scanner child loads this very file. The caller closes it.
  public var descriptor: Int32

  /// Creates a request.
  public init(path: String, descriptor: Int32) {
    self.path = path
    self.descriptor = descriptor
  }
}

/// Scans libraries in child processes (`stagehand-scanner`), with a time limit per library, so that a library that
/// crashes, aborts, hangs, exits or prints cannot harm the host: it is quarantined with the reason.
///
/// Each child scans a batch of libraries and answers over a socket (see `PluginRequest` and `ScanAnswer`); batches run in parallel. When a
/// child dies, the library it was scanning is blamed and the rest of its batch is scanned by a new child. Since a
/// library's code can harm the libraries loaded after it in the same process (a constructor that closes their
/// descriptors, a thread that crashes later), no failure seen in a shared process is believed: only the guilty are
/// blamed (see ``scan(_:progress:)``).
public struct PluginScanner: Sendable {
  /// The scanner executable.
  public var executable: String
  /// The arguments that come before the protocol's (see `RegistryOptions.scannerArguments`).
  public var arguments: [String] = []
  /// The time limit for one library, in seconds: loading it and building each style and preset.
  public var timeout: Double
  /// How many children run at once.
  public var parallelism: Int
  /// The most libraries one child scans.
  public var batchSize: Int
  /// How long a child scanning one suspect alone waits after its answer before it ends, in seconds, so that a
  /// library whose thread crashes a little after its scan is caught in the act.
  public var linger: Double = 0.25

  /// The default time limit for one library, in seconds.
  public static let defaultTimeout = 5.0

  /// Creates a scanner that runs `executable`.
  public init(executable: String, timeout: Double = PluginScanner.defaultTimeout, parallelism: Int? = nil) {
    self.executable = executable
    self.timeout = timeout
    self.parallelism = max(1, parallelism ?? SystemProcess.processorCount)
    self.batchSize = 128
  }

  /// Scans `requests` and returns one outcome per request, in order.
  ///
  /// Libraries are scanned in batches, one child process per batch. Then:
  /// - every library that failed (refused or quarantined) in a process where another library was loaded before it is
  ///   scanned again alone, and that outcome is the one kept (as GStreamer's registry does);
  /// - a timeout, or a SIGKILL from outside (as the OOM killer sends), is tried once more alone before it stands;
  /// - a crash that does not happen again alone was caused by a library loaded before it in the same process: those
  ///   are scanned again alone, each child waiting `linger` seconds after its answer, and one that crashes then is
  ///   quarantined.
  ///
  /// `progress` is called with the number of libraries done and the total after each library of the first pass.
  public func scan(_ requests: [ScanRequest], progress: ((Int, Int) -> Void)? = nil) throws(ScannerError)
    -> [ScanOutcome]
  {
    guard !requests.isEmpty else { return [] }
    let perChild = min(batchSize, max(1, (requests.count + parallelism - 1) / parallelism))
    let batches: [[Int]] = stride(from: 0, to: requests.count, by: perChild).map {
      Array($0..<min($0 + perChild, requests.count))
    }
    var results = try run(batches, requests, linger: 0, progress: progress)

    let confirming = requests.indices.filter { index in
      let result = results[index]!
      return (!result.outcome.isOK && !result.loadedBefore.isEmpty) || result.outcome.isWorthAnotherTry
    }
    var suspects: Set<Int> = []
    if !confirming.isEmpty {
      let alone = try run(confirming.map { [$0] }, requests, linger: 0, progress: nil)
      for index in confirming {
        let before = results[index]!
        if before.outcome.isCrash, alone[index]!.outcome.isOK { suspects.formUnion(before.loadedBefore) }
        results[index] = alone[index]
      }
    }
    let lingering = suspects.sorted().filter { results[$0]!.outcome.isOK }
    if !lingering.isEmpty {
      let alone = try run(lingering.map { [$0] }, requests, linger: linger, progress: nil)
      for index in lingering where !alone[index]!.outcome.isOK { results[index] = alone[index] }
    }
    return requests.indices.map { results[$0]!.outcome }
  }

  /// What the scan of one library gave, and which libraries its process had loaded before it.
  struct Result {
    var outcome: ScanOutcome
    var loadedBefore: [Int]
  }

  /// Runs `batches` (indices into `requests`), at most `parallelism` children at once, until every library has an
  /// outcome; a child that dies leaves the rest of its batch to a new one. The last outcome given for a library wins
  /// (a child that dies after answering blames the library it answered for last).
  private func run(
    _ batches: [[Int]], _ requests: [ScanRequest], linger: Double, progress: ((Int, Int) -> Void)?
  ) throws(ScannerError) -> [Int: Result] {
    var results: [Int: Result] = [:]
    var batches = Array(batches.reversed())
    let total = batches.reduce(0) { $0 + $1.count }
    var children: [ScannerChildProcess] = []
    defer { for child in children { child.kill() } }
    while !batches.isEmpty || !children.isEmpty {
      while children.count < parallelism, let batch = batches.popLast() {
        children.append(try ScannerChildProcess(self, batch: batch, requests: requests, linger: linger))
      }
      let now = ContinuousClock.now
      let nearest = children.map(\.deadline).min()!
      var wait = max(0, Int(((nearest - now) / .milliseconds(1)).rounded(.up)))
      // A child whose socket closed is exiting: look for its status again soon.
      if children.contains(where: \.isClosed) { wait = min(wait, 2) }
      let readable: [Bool]
      do {
        readable = try SystemFile.waitReadable(
          children.map { $0.isClosed ? -1 : $0.answers }, milliseconds: Int32(min(wait, 1000)))
      } catch {
        throw ScannerError.poll(errno: error.code)
      }
      var finished: [Int] = []
      for (i, child) in children.enumerated() {
        let step = try child.advance(readable: readable[i], now: ContinuousClock.now)
        for (index, outcome) in step.outcomes {
          if results[index] == nil { progress?(results.count + 1, total) }
          results[index] = Result(outcome: outcome, loadedBefore: child.loaded(before: index))
        }
        if step.finished {
          finished.append(i)
          let rest = child.batch.filter { results[$0] == nil }
          if !rest.isEmpty { batches.append(rest) }
        }
      }
      for i in finished.reversed() { children.remove(at: i) }
    }
    return results
  }
}

extension ScanOutcome {
  /// Whether the library is usable.
  var isOK: Bool {
    if case .ok = self { return true }
    return false
  }

  /// Whether the scan's process died by a signal, exited, or answered nonsense while scanning the library.
  var isCrash: Bool {
    switch self {
    case .quarantined(.signal), .quarantined(.exited), .quarantined(.garbage): true
    default: false
    }
  }

  /// Whether the failure may not be the library's: a timeout on a loaded machine, or a SIGKILL from outside.
  var isWorthAnotherTry: Bool {
    switch self {
    case .quarantined(.timeout), .quarantined(.signal(SIGKILL)): true
    default: false
    }
  }
}

/// Why the scanner could not scan at all (as opposed to a library that failed its scan).
public struct ScannerError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong.
  public var description: String

  static func cannotStart(_ executable: String, errno code: Int32) -> ScannerError {
    ScannerError(
      description: "cannot start the scanner \(executable): \(SystemCallError.reason(code)); "
        + "check that stagehand-scanner is installed next to stagehand, or set STAGEHAND_SCANNER to its path")
  }

  static func failedWithoutScanning(_ executable: String, _ how: String) -> ScannerError {
    ScannerError(
      description: "the scanner \(executable) \(how) before it scanned anything; "
        + "check that it belongs to this version of Stagehand (run it with --version)")
  }

  static func poll(errno code: Int32) -> ScannerError {
    ScannerError(description: "cannot wait for the scanner: \(SystemCallError.reason(code))")
  }
}

/// One running scanner child and what it has answered so far.
package final class ScannerChildProcess {
  let scanner: PluginScanner
  /// The global indices of the requests this child scans, in the order it scans them.
  let batch: [Int]
  let process: ChildProcess
  /// The host's end of the socket: requests go out, answers come in.
  let answers: Int32
  /// The batch's requests, in order, and how many were sent.
  private let requests: [ScanRequest]
  private var sent = 0
  /// How long the child waits after its last answer, in seconds.
  private let linger: Double
  /// Whether the child has said it is ready.
  private var ready = false
  private var buffer: [UInt8] = []
  private var current: Int?
  private var lastBegun: Int?
  /// The global indices of the libraries this child began to load, in order.
  private var begun: [Int] = []
  private var answeredEnd = false
  private var closed = false
  /// Whether the socket has closed (the child is exiting, or closed it).
  var isClosed: Bool { closed }
  /// When this child is given up: the time limit of the library it scans, or of its start-up.
  private(set) var deadline: ContinuousClock.Instant

  init(_ scanner: PluginScanner, batch: [Int], requests: [ScanRequest], linger: Double = 0) throws(ScannerError) {
    self.scanner = scanner
    self.batch = batch
    self.requests = batch.map { requests[$0] }
    self.linger = linger
    (process, answers) = try Self.start(scanner.executable, arguments: scanner.arguments)
    // The child's own start-up is not a library's: it gets a limit of its own, and the first request goes out when
    // the child says it is ready.
    deadline = .now + .seconds(max(scanner.timeout, Self.startUpLimit))
  }

  /// How long a child may take to start and enter its sandbox, in seconds.
  package static let startUpLimit = 10.0

  /// Starts `stagehand-scanner --protocol N` (`executable`, `arguments`, then the protocol's) with one end of a new
  /// socket pair as its descriptor 3, and returns the child and the other end (non-blocking).
  package static func start(_ executable: String, arguments: [String]) throws(ScannerError) -> (ChildProcess, Int32) {
    let ends: (Int32, Int32)
    do {
      ends = try SystemFile.socketPair()
    } catch {
      throw .cannotStart(executable, errno: error.code)
    }
    let started = Result { () throws(SystemCallError) in
      try ChildProcess.startIsolated(
        executable, arguments: arguments + ["--protocol", String(ScanAnswer.protocolVersion)],
        environment: Self.environment, channel: ends.1)
    }
    SystemFile.close(ends.1)
    switch started {
    case .success(let child):
      SystemFile.setBlocking(ends.0, false)
      return (child, ends.0)
    case .failure(let error):
      SystemFile.close(ends.0)
      throw .cannotStart(executable, errno: error.code)
    }
  }

  /// Sends the request that comes next: the next library of the batch, or when all are answered the lingering time
  /// (if any) and the end of the requests.
  private func sendNextRequest() {
    if sent < requests.count {
      let request = requests[sent]
      sent += 1
      Self.send(.scan(path: request.path), descriptor: request.descriptor, to: answers)
      return
    }
    let milliseconds = Int((linger * 1000).rounded())
    if milliseconds > 0 { Self.send(.linger(milliseconds: milliseconds), descriptor: -1, to: answers) }
    _ = shutdown(answers, Int32(SHUT_WR))
  }

  /// Sends `request` whole on `socket`, with `descriptor` attached unless it is negative; false when the child does
  /// not take it (it has died or stopped reading: its death or silence is noticed by the caller).
  @discardableResult
  package static func send(_ request: PluginRequest, descriptor: Int32, to socket: Int32) -> Bool {
    let bytes = request.encoded()
    var offset = 0
    while offset < bytes.count {
      let sent = bytes[offset...].withUnsafeBytes {
        sh_system_send(socket, $0.baseAddress, UInt($0.count), offset == 0 ? descriptor : -1)
      }
      guard sent > 0 else { return false }
      offset += sent
    }
    return true
  }

  deinit {
    if !closed { SystemFile.close(answers) }
  }

  /// The child's environment: this process's, with Swift's crash backtracer off. The backtracer catches a signal a
  /// library raises, prints, and may return into the library, so that a crash would look like a success.
  package static let environment: [String] =
    ProcessEnvironment.current.filter { $0.key != "SWIFT_BACKTRACE" }.map { "\($0.key)=\($0.value)" }.sorted()
    + ["SWIFT_BACKTRACE=enable=no"]

  /// The libraries this child loaded before `index` (all it began, when it never began `index`).
  func loaded(before index: Int) -> [Int] {
    Array(begun.prefix { $0 != index })
  }

  /// Kills the child if it still runs, and reaps it.
  func kill() {
    process.kill()
  }

  /// What one turn of the event loop found: the outcomes answered or decided, and whether the child is done.
  struct Step {
    var outcomes: [(Int, ScanOutcome)] = []
    var finished = false
  }

  /// Reads what the child answered, and decides what its death or its silence means.
  func advance(readable: Bool, now: ContinuousClock.Instant) throws(ScannerError) -> Step {
    var step = Step()
    if readable && !closed {
      var chunk = [UInt8](repeating: 0, count: 65536)
      // nil: nothing yet; 0: the end, or an error (the socket is closed either way).
      let count = SystemFile.readChannel(answers, into: &chunk)
      if let count, count > 0 {
        buffer += chunk[0..<count]
        do {
          try parseFrames(into: &step)
        } catch {
          return try give(up: .quarantined(.garbage(error.description)), step)
        }
      } else if count == 0 {
        SystemFile.close(answers)
        closed = true
      }
    }
    if answeredEnd {
      kill()
      step.finished = true
      return step
    }
    if closed {
      // The socket closed without the end answer: the child died, or closed it and keeps running until its deadline.
      if let exit = process.exitIfEnded() {
        return try give(up: .quarantined(Self.reason(exit)), step)
      }
    }
    if now >= deadline {
      kill()
      return try give(up: .quarantined(.timeout(seconds: scanner.timeout)), step)
    }
    return step
  }

  /// Ends this child's part: the library it was scanning (else the last one it scanned) gets `outcome`.
  private func give(up outcome: ScanOutcome, _ step: Step) throws(ScannerError) -> Step {
    kill()
    var step = step
    guard let culprit = current ?? lastBegun else {
      if outcome == .quarantined(.exited(status: ScannerChild.sandboxFailureStatus)) {
        throw .failedWithoutScanning(
          scanner.executable,
          "could not enter its sandbox (resource limits and a seccomp filter; see Docs/Isolation.md)")
      }
      throw .failedWithoutScanning(scanner.executable, Self.describe(outcome))
    }
    step.outcomes.removeAll { $0.0 == culprit }
    step.outcomes.append((culprit, outcome))
    step.finished = true
    return step
  }

  private func parseFrames(into step: inout Step) throws(ScanProtocolError) {
    while let (answer, length) = try ScanAnswer.decode(buffer) {
      buffer.removeFirst(length)
      switch answer {
      case .ready:
        guard !ready else { throw ScanProtocolError("a second ready") }
        ready = true
        deadline = .now + .seconds(scanner.timeout)
        sendNextRequest()
      case .begin(let local):
        guard ready, current == nil, batch.indices.contains(local) else {
          throw ScanProtocolError("a begin for library \(local) out of turn")
        }
        current = batch[local]
        lastBegun = current
        begun.append(batch[local])
        deadline = .now + .seconds(scanner.timeout)
      case .result(let local, let outcome):
        guard let current, batch.indices.contains(local), batch[local] == current else {
          throw ScanProtocolError("a result for library \(local), which it was not scanning")
        }
        step.outcomes.append((current, outcome))
        self.current = nil
        deadline = .now + .seconds(scanner.timeout)
        sendNextRequest()
      case .end:
        guard current == nil else { throw ScanProtocolError("the end in the middle of a library") }
        answeredEnd = true
      case .built:
        throw ScanProtocolError("a build, which was not asked for")
      }
    }
  }

  /// The quarantine reason of a child's end.
  package static func reason(_ exit: ChildExit) -> QuarantineReason {
    switch exit {
    case .exited(let code): .exited(status: code)
    case .signaled(let signal): .signal(signal)
    }
  }

  private static func describe(_ outcome: ScanOutcome) -> String {
    if case .quarantined(let reason) = outcome { return "\(reason)" }
    return "failed"
  }
}
