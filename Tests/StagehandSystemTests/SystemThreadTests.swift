import StagehandSystem
import Synchronization
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// How many thread slots the destructor of `ThreadKeyTests`' key freed.
private let freedSlots = Atomic<Int>(0)

/// Real threads through `SystemThread`, shared values through `Locked` and `Monitor`, thread-local slots through
/// `ThreadKey`.
@Suite struct SystemThreadTests {
  /// Every started thread runs its closure, and `join` waits for it.
  @Test func threadsRunAndAreJoined() throws {
    let total = Locked(0)
    var threads: [SystemThread] = []
    for _ in 0..<4 {
      threads.append(
        try #require(
          SystemThread.start {
            for _ in 0..<10_000 { total.withLock { $0 += 1 } }
          }))
    }
    for thread in threads { thread.join() }
    #expect(total.withLock { $0 } == 40_000)
  }

  /// Two threads hand a value back and forth through a monitor, each waiting for the other's change: a seeded number
  /// of rounds, each side adding its own step, so a lost wake-up hangs the test and a lost change shows in the sum.
  @Test(.timeLimit(.minutes(1)), arguments: [7, 500])
  func monitorHandsTurnsBetweenThreads(rounds: Int) throws {
    // The turn is even for this thread, odd for the other; `sum` gathers both sides' steps.
    let state = Monitor((turn: 0, sum: 0))
    let other = try #require(
      SystemThread.start {
        for round in 0..<rounds {
          state.wait(until: { $0.turn == 2 * round + 1 }) { value in
            value.sum += 1_000
            value.turn += 1
            return ((), changed: true)
          }
        }
      })
    for round in 0..<rounds {
      state.update { value in
        value.sum += 1
        value.turn += 1
      }
      state.wait(until: { $0.turn == 2 * round + 2 }) { _ in ((), changed: false) }
    }
    other.join()
    #expect(state.update { $0.sum } == rounds * 1_001)
    #expect(state.update { $0.turn } == 2 * rounds)
  }

  /// A key gives each thread its own slot: a slot set on one thread is empty on another, stays what it was set to,
  /// and the destructor gets a thread's slot when that thread exits.
  @Test func threadKeyGivesEveryThreadItsOwnSlot() throws {
    let key = try #require(
      ThreadKey.make { slot in
        slot?.deallocate()
        freedSlots.add(1, ordering: .relaxed)
      })
    defer { key.delete() }
    #expect(key.value == nil)
    let mine = UnsafeMutableRawPointer.allocate(byteCount: 8, alignment: 8)
    defer { mine.deallocate() }
    #expect(key.set(mine))
    let freedBefore = freedSlots.load(ordering: .relaxed)
    let seen = Locked<[String]>([])
    let thread = try #require(
      SystemThread.start {
        seen.withLock { $0.append(key.value == nil ? "empty" : "not empty") }
        let theirs = UnsafeMutableRawPointer.allocate(byteCount: 8, alignment: 8)
        seen.withLock { $0.append(key.set(theirs) && key.value == theirs ? "set" : "not set") }
      })
    thread.join()
    #expect(seen.withLock { $0 } == ["empty", "set"])
    #expect(key.value == mine)
    #expect(freedSlots.load(ordering: .relaxed) == freedBefore + 1)
    #expect(ThreadKey(rawValue: key.rawValue) == key)
  }

  /// The process id is the system's.
  @Test func processIdIsTheSystems() {
    #expect(SystemProcess.id == getpid())
    #expect(SystemProcess.id > 0)
  }
}

/// The terminal calls on what is not a terminal, and the dynamic loader.
@Suite struct SystemTerminalAndLibraryTests {
  /// A pipe is not a terminal: no window size, no settings to read.
  @Test func aPipeIsNotATerminal() throws {
    let ends = try SystemFile.pipe()
    defer {
      SystemFile.close(ends.read)
      SystemFile.close(ends.write)
    }
    #expect(!SystemTerminal.isTerminal(ends.read))
    #expect(SystemTerminal.windowSize(ends.write) == nil)
    #expect(!TerminalSettings().read(from: ends.read))
    #expect(!TerminalSettings().apply(to: ends.read))
  }

  /// The C library opens, exports `getpid` at the address the process calls, and holds that address itself; a name
  /// it does not export is `nil`.
  @Test func theCLibraryOpensAndExportsItsSymbols() throws {
    let library = try SharedLibrary.open("libc.so.6").get()
    let symbol = try #require(library.symbol("getpid"))
    typealias GetPid = @convention(c) () -> pid_t
    #expect(unsafeBitCast(symbol, to: GetPid.self)() == getpid())
    #expect(library.contains(symbol))
    #expect(library.symbol("stagehand_no_such_symbol") == nil)
    var local = 0
    withUnsafePointer(to: &local) { #expect(!library.contains(UnsafeRawPointer($0))) }
  }

  /// A library that is not there is refused with the loader's words, which name the file.
  @Test func aMissingLibraryIsRefusedByName() {
    let path = "/nonexistent/libstagehand-missing.so"
    switch SharedLibrary.open(path) {
    case .success: Issue.record("\(path) opened")
    case .failure(let failure):
      #expect(failure.message.contains(path), "\(failure.message)")
      #expect(failure.message.contains("No such file"), "\(failure.message)")
    }
  }
}
