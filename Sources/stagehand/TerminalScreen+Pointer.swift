import StagehandAnimation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

// The keyboard and the mouse of the interactive preview: xterm's mouse reporting with button events (mode 1002: a
// press, the motion while a button is held, the release) in the SGR encoding (mode 1006: `ESC [ < b ; x ; y M` for a
// press or a motion, `m` for a release, with 1-based cell coordinates of any size).

/// The escape sequence that turns mouse reporting on: button events, SGR encoding. `restoreSequence` turns it off.
let mouseOnSequence: StaticString = "\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h"

/// Whether mouse reporting is on, so that the terminal taken again after a stop (`fg`) reports the mouse again.
let mouseReporting = Atomic<Bool>(false)

/// What the user did on the keyboard or with the mouse during an interactive preview.
enum TerminalInput: Equatable {
  /// `q`, `Q`, or Escape alone.
  case quit
  /// An arrow key or a wheel notch: -1 moves the transition back, +1 on.
  case scrub(Int)
  /// Enter or space: play the rest to the end.
  case finish
  /// Backspace: play back to the start.
  case cancel
  /// The left button went down at a cell (1-based column and row).
  case press(column: Int, row: Int)
  /// The pointer moved with the left button held.
  case drag(column: Int, row: Int)
  /// The left button went up.
  case release(column: Int, row: Int)
}

/// Turns the bytes read from the terminal into `TerminalInput`s; an escape sequence split between two reads is kept
/// until the rest arrives. Bytes that mean nothing here (other keys, other buttons) are dropped.
struct TerminalInputParser {
  private var pending: [UInt8] = []

  /// The inputs in `bytes`, after what was kept from the last call.
  mutating func parse(_ bytes: some Sequence<UInt8>) -> [TerminalInput] {
    let data = pending + bytes
    pending = []
    var inputs: [TerminalInput] = []
    var i = 0
    while i < data.count {
      let byte = data[i]
      guard byte == 0x1B else {
        switch byte {
        case UInt8(ascii: "q"), UInt8(ascii: "Q"): inputs.append(.quit)
        case UInt8(ascii: "\r"), UInt8(ascii: "\n"), UInt8(ascii: " "): inputs.append(.finish)
        case 0x7F, 0x08: inputs.append(.cancel)
        default: break
        }
        i += 1
        continue
      }
      // Escape alone (nothing after it in this read) quits; Escape then '[' or 'O' starts a sequence.
      guard i + 1 < data.count else {
        inputs.append(.quit)
        break
      }
      guard data[i + 1] == UInt8(ascii: "[") || data[i + 1] == UInt8(ascii: "O") else {
        inputs.append(.quit)
        i += 1
        continue
      }
      // A sequence ends with a byte from '@' to '~' after its parameters (digits, ';', '<', '?').
      guard let end = data[(i + 2)...].firstIndex(where: { (0x40...0x7E).contains($0) }) else {
        pending = Array(data[i...])
        break
      }
      if let input = Self.input(introducer: data[i + 1], parameters: data[(i + 2)..<end], final: data[end]) {
        inputs.append(input)
      }
      i = end + 1
    }
    return inputs
  }

  /// The input an escape sequence stands for: a cursor key, or an SGR mouse report.
  private static func input(introducer: UInt8, parameters: ArraySlice<UInt8>, final: UInt8) -> TerminalInput? {
    if parameters.first == UInt8(ascii: "<"), introducer == UInt8(ascii: "["),
      final == UInt8(ascii: "M") || final == UInt8(ascii: "m")
    {
      let fields = parameters.dropFirst().split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
      let numbers = fields.map { Int(String(decoding: $0, as: UTF8.self)) }
      guard numbers.count == 3, let button = numbers[0], let column = numbers[1], let row = numbers[2] else {
        return nil
      }
      return mouse(button: button, column: column, row: row, released: final == UInt8(ascii: "m"))
    }
    switch final {
    case UInt8(ascii: "A"), UInt8(ascii: "C"): return .scrub(1)
    case UInt8(ascii: "B"), UInt8(ascii: "D"): return .scrub(-1)
    default: return nil
    }
  }

  /// A mouse report: `button` holds the button (0 left, 64 and 65 the wheel) with 32 added for a motion, and the
  /// modifier bits (4, 8, 16), which do not matter here.
  private static func mouse(button: Int, column: Int, row: Int, released: Bool) -> TerminalInput? {
    let plain = button & ~(4 | 8 | 16)
    switch plain {
    case 64: return .scrub(-1)  // wheel up
    case 65: return .scrub(1)  // wheel down
    case 0: return released ? .release(column: column, row: row) : .press(column: column, row: row)
    case 32: return .drag(column: column, row: row)
    default: return nil
    }
  }
}

extension TerminalScreen {
  /// Turns mouse reporting on (and on again after `fg`); `leave()` and every ending signal turn it off.
  func reportMouse() {
    mouseReporting.store(true, ordering: .sequentiallyConsistent)
    writeStatic(mouseOnSequence)
  }

  /// The bytes typed or reported since the last call (none when standard input is not the terminal taken).
  static func readInput() -> [UInt8] {
    guard keyboardTaken else { return [] }
    var bytes: [UInt8] = []
    forEachKeyboardRead(bufferSize: 256) { bytes += $0 }
    return bytes
  }

  /// The point of the container under a cell (1-based column and row): a cell is one pixel wide and two high.
  func point(column: Int, row: Int) -> Point {
    Point(
      x: (Double(column) - 0.5) * bounds.size.width / Double(width),
      y: (Double(row) - 0.5) * 2 * bounds.size.height / Double(height))
  }
}
