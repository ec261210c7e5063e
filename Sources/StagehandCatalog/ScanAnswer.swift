import StagehandPlugins

/// What the scanner child says to the host over the answer pipe, one frame per answer.
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
  /// The child has scanned its whole list and exits.
  case end

  /// The version of this protocol; host and child must speak the same one.
  public static let protocolVersion = 2
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
    }
    let payload = writer.bytes
    let length = UInt32(payload.count)
    return [UInt8(length & 0xff), UInt8(length >> 8 & 0xff), UInt8(length >> 16 & 0xff), UInt8(length >> 24)]
      + payload
  }

  /// The first answer in `buffer` and the bytes it takes, or nil when the buffer does not yet hold a whole frame.
  @_spi(Fuzzing)
  public static func decode(_ buffer: [UInt8]) throws(ScanProtocolError) -> (ScanAnswer, Int)? {
    guard buffer.count >= 4 else { return nil }
    let length = Int(buffer[0]) | Int(buffer[1]) << 8 | Int(buffer[2]) << 16 | Int(buffer[3]) << 24
    guard length >= 1, length <= maximumPayload else {
      throw ScanProtocolError("a frame of \(length) bytes")
    }
    guard buffer.count >= 4 + length else { return nil }
    do {
      let answer = try BinaryReader.withReader(Array(buffer[4..<(4 + length)]), origin: "the scanner's answer") {
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
        case let kind: throw reader.invalid("an answer of unknown kind \(kind)")
        }
        try reader.expectEnd()
        return answer
      }
      return (answer, 4 + length)
    } catch {
      throw ScanProtocolError("\(error)")
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
