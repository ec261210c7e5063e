import StagehandAnimation
import StagehandCache
import StagehandPlugins

/// What the host asks of the plugin process (`stagehand-scanner`), one frame per request, over the socket that is the
/// child's descriptor 3; the child answers with `ScanAnswer` frames on the same socket.
///
/// A frame is a 32-bit little-endian payload length, then the payload: one kind byte, then the kind's fields in the
/// binary format of the registry cache. A request that names a library (`scan`, `load`) carries the library's open
/// descriptor, attached to its first byte (SCM_RIGHTS): the child loads the file the host opened and checked, and it
/// holds no other library's descriptor. The host sends a request only once the previous one is answered, so a
/// library's code never sees a request meant for after it. When the host closes its end, the child answers `end`.
package enum PluginRequest: Hashable, Sendable {
  /// Load the library (found at `path`) and build every style and preset in a few contexts; answered by `begin` and
  /// `result`, with the number of `scan` requests before this one as index.
  case scan(path: String)
  /// Load the library (found at `path`) into `slot`; answered by `result` with `slot` as index (`ok` or `refused`).
  case load(slot: Int, path: String)
  /// Build the forward (or inverse) animation of a style of the library in `slot`; answered by `built`.
  case build(slot: Int, style: Int, inverse: Bool, values: [ParameterValue], context: TransitionContext)
  /// Wait this many milliseconds (at most 60,000), so that a library whose thread crashes a little later is caught
  /// in the act; not answered.
  case linger(milliseconds: Int)

  /// Whether the request carries a library's descriptor.
  var carriesDescriptor: Bool {
    switch self {
    case .scan, .load: true
    case .build, .linger: false
    }
  }

  /// The request as a frame.
  func encoded() -> [UInt8] {
    var writer = BinaryWriter()
    switch self {
    case .scan(let path):
      writer.writeUInt8(1)
      writer.writeString(path)
    case .load(let slot, let path):
      writer.writeUInt8(2)
      writer.writeUInt32(UInt32(slot))
      writer.writeString(path)
    case .build(let slot, let style, let inverse, let values, let context):
      writer.writeUInt8(3)
      writer.writeUInt32(UInt32(slot))
      writer.writeUInt32(UInt32(style))
      writer.writeBool(inverse)
      writer.writeArray(values) { writer, value in
        switch value {
        case .label(let v):
          writer.writeUInt8(0)
          writer.writeInt32(v)
        case .int(let v):
          writer.writeUInt8(1)
          writer.writeInt32(v)
        case .double(let v):
          writer.writeUInt8(2)
          writer.writeDouble(v)
        case .bool(let v):
          writer.writeUInt8(3)
          writer.writeBool(v)
        }
      }
      for number in [context.bounds.origin.x, context.bounds.origin.y, context.bounds.size.width]
        + [context.bounds.size.height, context.displayScale]
      {
        writer.writeDouble(number)
      }
      writer.writeBool(context.layoutDirection == .rightToLeft)
      writer.writeBool(context.reducesMotion)
    case .linger(let milliseconds):
      writer.writeUInt8(4)
      writer.writeUInt32(UInt32(milliseconds))
    }
    return framed(writer.bytes)
  }

  /// The first request in `buffer` and the bytes it takes, or nil when the buffer does not yet hold a whole frame.
  static func decode(_ buffer: [UInt8]) throws(ScanProtocolError) -> (PluginRequest, Int)? {
    guard let payload = try frame(in: buffer) else { return nil }
    do {
      let request = try BinaryReader.withReader(Array(buffer[payload]), origin: "the host's request") {
        (reader: inout BinaryReader) throws(CacheError) -> PluginRequest in
        let request: PluginRequest
        switch try reader.readUInt8() {
        case 1: request = .scan(path: try reader.readString(limit: 1 << 16))
        case 2: request = .load(slot: Int(try reader.readUInt32()), path: try reader.readString(limit: 1 << 16))
        case 3:
          let slot = Int(try reader.readUInt32())
          let style = Int(try reader.readUInt32())
          let inverse = try reader.readBool()
          let values = try reader.readArray(limit: 64, minimumElementSize: 2, "the values") {
            (reader: inout BinaryReader) throws(CacheError) -> ParameterValue in
            switch try reader.readUInt8() {
            case 0: return .label(try reader.readInt32())
            case 1: return .int(try reader.readInt32())
            case 2: return .double(try reader.readDouble())
            case 3: return .bool(try reader.readBool())
            case let kind: throw reader.invalid("a value of unknown kind \(kind)")
            }
          }
          let (x, y, width, height, scale) = (
            try reader.readDouble(), try reader.readDouble(), try reader.readDouble(), try reader.readDouble(),
            try reader.readDouble()
          )
          let rightToLeft = try reader.readBool()
          let reducesMotion = try reader.readBool()
          let context = TransitionContext(
            bounds: Rect(x: x, y: y, width: width, height: height),
            layoutDirection: rightToLeft ? .rightToLeft : .leftToRight, displayScale: scale,
            reducesMotion: reducesMotion)
          request = .build(slot: slot, style: style, inverse: inverse, values: values, context: context)
        case 4: request = .linger(milliseconds: min(Int(try reader.readUInt32()), 60_000))
        case let kind: throw reader.invalid("a request of unknown kind \(kind)")
        }
        try reader.expectEnd()
        return request
      }
      return (request, payload.upperBound)
    } catch {
      throw ScanProtocolError(error.summary)
    }
  }
}

/// `payload` behind its 32-bit little-endian length.
func framed(_ payload: [UInt8]) -> [UInt8] {
  let length = UInt32(payload.count)
  return [UInt8(length & 0xff), UInt8(length >> 8 & 0xff), UInt8(length >> 16 & 0xff), UInt8(length >> 24)] + payload
}

/// The range of the first frame's payload in `buffer`, or nil when the buffer does not yet hold a whole frame.
func frame(in buffer: [UInt8]) throws(ScanProtocolError) -> Range<Int>? {
  guard buffer.count >= 4 else { return nil }
  let length = Int(buffer[0]) | Int(buffer[1]) << 8 | Int(buffer[2]) << 16 | Int(buffer[3]) << 24
  guard length >= 1, length <= ScanAnswer.maximumPayload else {
    throw ScanProtocolError("a frame of \(length) bytes")
  }
  guard buffer.count >= 4 + length else { return nil }
  return 4..<(4 + length)
}

extension BuildRecording {
  func write(to writer: inout BinaryWriter) {
    for run in [forward, inverse] {
      writer.writeOptional(run) { writer, run in
        writer.writeInt32(run.status)
        writer.writeBool(run.truncated)
        writer.writeArray(run.calls) { writer, call in
          let (kind, integers, numbers) = call.fields
          writer.writeUInt8(kind)
          writer.writeInt32(integers.0)
          writer.writeInt32(integers.1)
          for number in [numbers.0, numbers.1, numbers.2, numbers.3] { writer.writeDouble(number) }
          if case .report(let message?) = call { writer.writeString(message) }
        }
      }
    }
  }

  init(from reader: inout BinaryReader) throws(CacheError) {
    func run(_ reader: inout BinaryReader) throws(CacheError) -> Run {
      let status = try reader.readInt32()
      let truncated = try reader.readBool()
      let calls = try reader.readArray(
        limit: HostCall.recordedLimit, minimumElementSize: 41, "the recorded calls"
      ) { (reader: inout BinaryReader) throws(CacheError) -> HostCall in
        let kind = try reader.readUInt8()
        let integers = (try reader.readInt32(), try reader.readInt32())
        let numbers = (
          try reader.readDouble(), try reader.readDouble(), try reader.readDouble(), try reader.readDouble()
        )
        let message = kind == 9 && integers.0 != 0 ? try reader.readString(limit: 4 * 1024) : nil
        guard let call = HostCall(kind: kind, integers: integers, numbers: numbers, message: message) else {
          throw reader.invalid("a recorded call of unknown kind \(kind)")
        }
        return call
      }
      return Run(status: status, calls: calls, truncated: truncated)
    }
    let forward = try reader.readOptional(run)
    let inverse = try reader.readOptional(run)
    self.init(forward: forward, inverse: inverse)
  }
}
