import StagehandCache
import StagehandPlugins

/// What the plugin process (`stagehand-scanner`) says to the host, one frame per answer (see `PluginRequest`).
///
/// A frame is a 32-bit little-endian payload length, then the payload: one kind byte, then the kind's fields in the
/// binary format of the registry cache. The host trusts nothing in it: a frame it cannot read, or an answer out of
/// turn, quarantines the library being scanned.
public enum ScanAnswer: Hashable, Sendable {
  /// The child starts on the library at `index` of its list.
  case begin(index: Int)
  /// What the child found about the library at `index`: `ok` or `refused` (quarantines are the host's to decide, and
  /// the host refuses an answer that holds one).
  case result(index: Int, outcome: ScanOutcome)
  /// The child's host has closed its end of the socket: the child exits.
  case end
  /// What the builders of a `build` request returned and called.
  case built(BuildRecording)
  /// The child has started and entered its sandbox: it reads requests from now on (its start-up is not counted
  /// against any library's time limit).
  case ready

  /// The version of this protocol; host and child must speak the same one.
  public static let protocolVersion = 3
  /// The largest payload the host accepts.
  static let maximumPayload = 16 << 20

  /// The answer as a frame.
  public func encoded() -> [UInt8] {
    var writer = BinaryWriter()
    switch self {
    case .begin(let index):
      writer.writeUInt8(1)
      writer.writeUInt32(UInt32(index))
    case .result(let index, let outcome):
      writer.writeUInt8(2)
      writer.writeUInt32(UInt32(index))
      outcome.write(to: &writer)
    case .end:
      writer.writeUInt8(3)
    case .built(let recording):
      writer.writeUInt8(4)
      recording.write(to: &writer)
    case .ready:
      writer.writeUInt8(5)
    }
    return framed(writer.bytes)
  }

  /// The first answer in `buffer` and the bytes it takes, or nil when the buffer does not yet hold a whole frame.
  @_spi(Fuzzing)
  public static func decode(_ buffer: [UInt8]) throws(ScanProtocolError) -> (ScanAnswer, Int)? {
    guard let payload = try frame(in: buffer) else { return nil }
    do {
      let answer = try BinaryReader.withReader(Array(buffer[payload]), origin: "the scanner's answer") {
        (reader: inout BinaryReader) throws(CacheError) -> ScanAnswer in
        let answer: ScanAnswer
        switch try reader.readUInt8() {
        case 1: answer = .begin(index: Int(try reader.readUInt32()))
        case 2:
          let index = Int(try reader.readUInt32())
          let outcome = try ScanOutcome(from: &reader, of: "library \(index)")
          if case .quarantined = outcome { throw reader.invalid("a quarantine, which only the host decides") }
          answer = .result(index: index, outcome: outcome)
        case 3: answer = .end
        case 4: answer = .built(try BuildRecording(from: &reader))
        case 5: answer = .ready
        case let kind: throw reader.invalid("an answer of unknown kind \(kind)")
        }
        try reader.expectEnd()
        return answer
      }
      return (answer, payload.upperBound)
    } catch {
      throw ScanProtocolError(error.summary)
    }
  }
}

/// An answer of the scanner child that the host cannot accept.
@_spi(Fuzzing)
public struct ScanProtocolError: Error, CustomStringConvertible {
  /// What is wrong with the answer.
  public var description: String
  init(_ description: String) { self.description = description }
}
