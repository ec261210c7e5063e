import Foundation
import StagehandTestSupport
import Testing

/// The system layer stays the one place of raw POSIX calls: no Swift file of Sources outside Sources/StagehandSystem
/// closes a descriptor with a bare `close(`, turns an error number into words with `strerror`, handles `EINTR`,
/// spawns or waits for a process, sleeps with `nanosleep`, or opens, examines, creates, renames, removes or lists
/// files and directories with a bare call (`open`, `stat`, `fstat`, `fstatat`, `mkdir`, `rename`, `unlink`,
/// `rmdir`, `opendir`, `fdopendir`, `readdir`, `closedir`, `realpath`, `mkstemp`, `fsync`), changes a descriptor's
/// flags or a file's mode (`fcntl`, `chmod`, `fchmod`, `fchmodat`), moves descriptors (`dup2`, `lseek`), ends the
/// process with `_exit` or sets a signal's disposition with `signal` or `sigaction`, starts threads or takes a
/// pthread mutex, condition variable or key, asks for its own id, user, processor count or environment variable (`getpid`, `getuid`, `sysconf`,
/// `getenv`), reads the clock (`clock_gettime`) or a file through a C stream (`fopen`, `fread`), calls the terminal (`isatty`,
/// `tcgetattr`, `tcsetattr`, `tcflush`, `ioctl`) or opens libraries with the dynamic loader (`dlopen`, `dlsym`,
/// `dlerror`).
@Suite struct RawSystemCallTests {
  /// The file calls that only the system layer makes, each with the helper to use instead.
  static let fileCalls: [(call: String, instead: String)] = [
    ("open", "SystemFile.open"), ("stat", "SystemFile.status(ofPath:)"),
    ("lstat", "SystemFile.status(of:inDirectory:)"),
    ("fstat", "SystemFile.status(_:)"), ("fstatat", "SystemFile.status(of:inDirectory:)"),
    ("mkdir", "SystemFile.makeDirectory"), ("rename", "SystemFile.rename"),
    ("unlink", "SystemFile.remove or removeIfPossible"), ("rmdir", "SystemFile.removeDirectory"),
    ("opendir", "SystemDirectory"), ("fdopendir", "SystemDirectory"), ("readdir", "SystemDirectory"),
    ("closedir", "SystemDirectory"), ("realpath", "SystemFile.resolvedPath"),
    ("mkstemp", "SystemFile.makeTemporaryFile"), ("fsync", "SystemFile.flush"),
    ("fcntl", "SystemFile.setBlocking, or the SystemFile call that sets the flag"),
    ("chmod", "SystemFile.setMode"), ("fchmod", "SystemFile.setMode"), ("fchmodat", "SystemFile.setMode"),
    ("dup2", "OutputCapture"), ("lseek", "SystemFile.readFully(_:into:at:) or OutputCapture"),
  ]

  /// A rule: what may not appear, what to use instead, and whether a line breaks it.
  typealias Rule = (name: String, instead: String, matches: @Sendable (Substring) -> Bool)

  /// What may not appear outside the system layer, and what to use instead.
  static let rules: [Rule] = otherRules + fileRules

  /// The rules of the calls that are not file calls.
  static let otherRules: [Rule] = [
    ("a bare close(", "SystemFile.close", { containsBareCall("close", $0) }),
    ("strerror", "SystemCallError.reason or .message", { $0.contains("strerror(") }),
    ("EINTR", "the SystemFile calls, which make an interrupted call again", { $0.contains("EINTR") }),
    ("waitpid", "ChildProcess", { $0.contains("waitpid(") }),
    ("posix_spawn", "ChildProcess", { $0.contains("posix_spawn") }),
    ("sh_system_spawn", "ChildProcess.startIsolated", { $0.contains("sh_system_spawn(") }),
    ("nanosleep", "SystemTime.sleep", { $0.contains("nanosleep(") }),
    ("a bare _exit(", "SystemProcess.exitNow", { containsBareCall("_exit", $0) }),
    ("a bare signal(", "SystemProcess.ignore or .restoreDefault", { containsBareCall("signal", $0) }),
    ("sigaction", "SystemProcess.handle or .stopAsDefault", { $0.contains("sigaction") }),
    ("a pthread call or type", "SystemThread, Locked, Monitor or ThreadKey", { $0.contains("pthread_") }),
    ("getpid", "SystemProcess.id", { $0.contains("getpid(") }),
    ("getuid", "SystemProcess.userID", { $0.contains("getuid(") }),
    ("sysconf", "SystemProcess.processorCount", { $0.contains("sysconf(") }),
    ("getenv", "SystemProcess.environmentValue or ProcessEnvironment", { $0.contains("getenv(") }),
    ("clock_gettime", "SystemTime.now", { $0.contains("clock_gettime(") }),
    (
      "a C stream on a file", "SystemFile.contents or SystemFile.open",
      { $0.contains("fopen(") || $0.contains("fread(") }
    ),
    ("isatty", "SystemTerminal.isTerminal", { $0.contains("isatty(") }),
    (
      "a terminal attribute call", "TerminalSettings or SystemTerminal.dropUnreadInput",
      {
        $0.contains("tcgetattr(") || $0.contains("tcsetattr(") || $0.contains("tcflush(")
      }
    ),
    ("ioctl", "SystemTerminal.windowSize", { $0.contains("ioctl(") }),
    (
      "the dynamic loader", "SharedLibrary",
      { $0.contains("dlopen(") || $0.contains("dlsym(") || $0.contains("dlerror(") }
    ),
  ]

  /// One rule per file call of ``fileCalls``.
  static let fileRules: [Rule] = fileCalls.map { (call: String, instead: String) -> Rule in
    let matches: @Sendable (Substring) -> Bool = { containsBareCall(call, $0) }
    return ("a bare \(call)(", instead, matches)
  }

  /// Whether `line` calls the C function `name` with an argument: `name(x)` or `Glibc.name(x)`, not a method
  /// (`file.name()`, `Self.name(a, b)`), a longer name (`fname(`), a declaration (`func name(`), a value made with no
  /// argument (`stat()`), an enumeration's case (`case name(Int32)`) or a call with a label (`name(width:`).
  static func containsBareCall(_ name: String, _ line: Substring) -> Bool {
    var rest = line[...]
    while let range = rest.range(of: name + "(") {
      defer { rest = rest[range.upperBound...] }
      let before = line[line.startIndex..<range.lowerBound]
      let after = line[range.upperBound...]
      let qualified = before.hasSuffix("Glibc.")
      if let last = before.last, !qualified && (last.isLetter || last.isNumber || last == "_" || last == ".") {
        continue
      }
      if before.hasSuffix("func ") || before.hasSuffix("case ") || after.hasPrefix(")") { continue }
      let argument = after.prefix { $0 != ")" && $0 != "," }
      if let colon = argument.firstIndex(of: ":"),
        argument[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
      {
        continue
      }
      return true
    }
    return false
  }

  /// The findings of every rule in `text` (comment lines left out): `file:line: what`.
  static func findings(in text: String, file: String) -> [String] {
    var found: [String] = []
    for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let code = line.drop { $0 == " " }
      if code.hasPrefix("//") { continue }
      for rule in rules where rule.matches(code) {
        found.append("\(file):\(number + 1): \(rule.name) outside StagehandSystem; use \(rule.instead)")
      }
    }
    return found
  }

  @Test func noRawCallsOutsideTheSystemLayer() throws {
    let sources = CFixture.repositoryRoot.appendingPathComponent("Sources")
    let files = try #require(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }
      .filter { $0.hasSuffix(".swift") && !$0.hasPrefix("StagehandSystem/") }
    #expect(files.count > 50, "the sources were not found at \(sources.path)")
    var found: [String] = []
    for file in files.sorted() {
      let text = try String(contentsOfFile: sources.appendingPathComponent(file).path, encoding: .utf8)
      found += Self.findings(in: text, file: "Sources/" + file)
    }
    #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
  }

  /// The check finds what it is there to find, and lets the legitimate uses of the words pass.
  @Test(arguments: [
    ("    close(descriptor)", true), ("  defer { close(ends[0]) }", true), ("    Glibc.close(fd)", true),
    ("    _ = close(fd)", true), ("let text = strerror(code)", true), ("if errno == EINTR { continue }", true),
    ("while waitpid(pid, &status, 0) < 0 {}", true), ("posix_spawn_file_actions_init(&actions)", true),
    ("let pid = sh_system_spawn(a, b, c, d, nil, 0, 4)", true), ("nanosleep(&request, &left)", true),
    ("    SystemFile.close(descriptor)", false), ("    file.close()", false), ("      close()", false),
    ("  private mutating func close(width: Int) {", false), ("    close(width: cell.count)", false),
    ("      Self.close(x[layer], y[layer])", false), ("  // close(descriptor) is not called here", false),
    ("    defer { fclose(file) }", false),
    ("      _exit(64)", true), ("    signal(SIGPIPE, SIG_DFL)", true), ("  _ = Glibc.signal(SIGXFSZ, SIG_IGN)", true),
    ("      SystemProcess.exitNow(64)", false), ("  case signal(Int32)", false), ("    raise(SIGTERM)", false),
    ("    guard stat(path, &info) == 0 else {", true), ("if fstat(capture, &info) == 0 {", true),
    ("  guard fstatat(descriptor, name, &link, AT_SYMLINK_NOFOLLOW) == 0", true), ("mkdir(prefix, 0o700)", true),
    ("    guard rename(temporary, path) == 0 else {", true), ("      unlink(temporary)", true),
    ("let descriptor = open(path, O_RDONLY)", true), ("let d = Glibc.open(path, O_RDONLY)", true),
    ("guard let stream = opendir(directory) else {", true), ("while let entry = readdir(stream) {", true),
    ("defer { closedir(stream) }", true), ("guard let resolved = realpath(path, nil) else {", true),
    ("    var info = stat()", false), ("    try SystemFile.rename(temporary, to: path)", false),
    ("    try rename()", false), ("  func rename() throws(RenderError) {", false),
    ("    switch Self.open(\"/proc/self/fd/3\") {", false), ("SystemFile.removeIfPossible(path)", false),
    ("    try SystemDirectory.forEachName(in: directory) { name in", false),
    ("      _ = dup2(capture, 1)", true), ("      _ = lseek(capture, 0, SEEK_SET)", true),
    ("  _ = fcntl(descriptor, F_SETFL, flags)", true), ("guard fchmodat(AT_FDCWD, temporary, mode, 0) == 0", true),
    ("    try SystemFile.setMode(descriptor, mode, path: temporary)", false), ("output.capturing(body)", false),
    ("    _ = sigaction(SIGTSTP, &action, nil)", true), ("    var action = sigaction()", true),
    ("  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)", true),
    ("      if pthread_create(&thread, nil, start, box) == 0 {", true), ("let id = getpid()", true),
    ("  enabled = isatty(STDERR_FILENO) == 1", true), ("  _ = tcflush(STDIN_FILENO, TCIFLUSH)", true),
    ("    let known = ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0", true),
    ("    guard let raw = dlopen(path, RTLD_NOW) else {", true), ("    return dlsym(raw, name)", true),
    ("  SystemProcess.handle([SIGWINCH], with: noteResize)", false), ("  let id = SystemProcess.id", false),
    ("    if let worker = SystemThread.start({ work() }) {", false), ("SystemTerminal.isTerminal(1)", false),
    ("    switch SharedLibrary.open(path) {", false), ("  savedInput.apply(to: STDIN_FILENO)", false),
    ("  static let user = getuid()", true), ("    clock_gettime(CLOCK_REALTIME, &now)", true),
    ("  let path = getenv(\"PATH\")", true), ("guard let file = fopen(path, \"re\") else {", true),
    ("  Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))", true), ("  let now = SystemTime.now()", false),
  ])
  func theCheckFindsRawCalls(line: String, isRaw: Bool) {
    #expect(Self.findings(in: line, file: "x.swift").isEmpty == !isRaw, "\(line)")
  }
}
