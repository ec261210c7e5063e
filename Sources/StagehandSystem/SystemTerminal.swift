#if canImport(Glibc)
  import Glibc
#endif

/// The terminal calls of the command line's preview: whether a descriptor is a terminal, its window size, its input
/// settings, and writes that a signal handler may make.
package enum SystemTerminal {
  /// Whether `descriptor` is a terminal (`isatty`).
  package static func isTerminal(_ descriptor: Int32) -> Bool {
    isatty(descriptor) == 1
  }

  /// The size of the terminal window behind `descriptor` in characters, or `nil` when it is not a terminal or says
  /// nothing useful (a size of 0).
  package static func windowSize(_ descriptor: Int32) -> (columns: Int, rows: Int)? {
    var size = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
    return (Int(size.ws_col), Int(size.ws_row))
  }

  /// Drops what was typed on the terminal `descriptor` and not read yet (`tcflush`; async-signal-safe).
  package static func dropUnreadInput(_ descriptor: Int32) {
    _ = tcflush(descriptor, TCIFLUSH)
  }

  /// Writes `text` to `descriptor` in one `write`, whatever it manages (async-signal-safe: no allocation, no retry).
  package static func writeOnce(_ descriptor: Int32, _ text: StaticString) {
    _ = write(descriptor, text.utf8Start, text.utf8CodeUnitCount)
  }
}

/// The settings of a terminal (`struct termios`), read and applied whole, and usable from a signal handler.
///
/// Raw memory larger than any `struct termios`, not a Swift `termios`: Swift imports glibc's struct as 57 bytes while
/// `tcgetattr` writes 60 (AddressSanitizer caught the overflow of a Swift global).
package final class TerminalSettings: @unchecked Sendable {
  /// The settings, in memory of `byteCount` bytes.
  private let pointer: UnsafeMutablePointer<termios>
  /// How much memory `pointer` has.
  private static let byteCount = 256

  /// Settings of all zeros, to be read from a terminal.
  package init() {
    let raw = UnsafeMutableRawPointer.allocate(byteCount: Self.byteCount, alignment: 16)
    raw.initializeMemory(as: UInt8.self, repeating: 0, count: Self.byteCount)
    pointer = raw.bindMemory(to: termios.self, capacity: 1)
  }

  deinit {
    UnsafeMutableRawPointer(pointer).deallocate()
  }

  /// Reads the settings of the terminal `descriptor` (`tcgetattr`); false when it is not a terminal.
  package func read(from descriptor: Int32) -> Bool {
    tcgetattr(descriptor, pointer) == 0
  }

  /// Gives the terminal `descriptor` these settings at once (`tcsetattr`, `TCSANOW`; async-signal-safe); false when
  /// it refuses them.
  @discardableResult
  package func apply(to descriptor: Int32) -> Bool {
    tcsetattr(descriptor, TCSANOW, pointer) == 0
  }

  /// Copies `other`'s settings (async-signal-safe).
  package func copy(from other: TerminalSettings) {
    _ = memcpy(UnsafeMutableRawPointer(pointer), UnsafeRawPointer(other.pointer), Self.byteCount)
  }

  /// Turns echo and line buffering off, so that reads return at once, with what was typed or nothing
  /// (async-signal-safe).
  package func makeRaw() {
    pointer.pointee.c_lflag &= ~tcflag_t(ICANON | ECHO)
    withUnsafeMutableBytes(of: &pointer.pointee.c_cc) { cc in
      cc[Int(VMIN)] = 0
      cc[Int(VTIME)] = 0
    }
  }
}
