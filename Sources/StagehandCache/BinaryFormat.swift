/// Appends values to a byte array in a small, fixed binary form: integers little-endian, doubles as their bit
/// patterns, booleans as one byte 0 or 1, strings as a 32-bit byte count and UTF-8, arrays as a 32-bit element count
/// and the elements. ``BinaryReader`` reads it back.
package struct BinaryWriter {
  /// Everything written so far.
  package private(set) var bytes: [UInt8]

  /// Creates an empty writer, with room for `capacity` bytes.
  package init(capacity: Int = 0) {
    bytes = []
    bytes.reserveCapacity(capacity)
  }

  /// How many bytes were written.
  package var count: Int { bytes.count }

  private mutating func appendLittleEndian<T: FixedWidthInteger>(_ value: T) {
    withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
  }

  /// Appends one byte.
  package mutating func writeUInt8(_ value: UInt8) { bytes.append(value) }
  /// Appends 2 bytes, little-endian.
  package mutating func writeUInt16(_ value: UInt16) { appendLittleEndian(value) }
  /// Appends 4 bytes, little-endian.
  package mutating func writeUInt32(_ value: UInt32) { appendLittleEndian(value) }
  /// Appends 4 bytes, little-endian, two's complement.
  package mutating func writeInt32(_ value: Int32) { appendLittleEndian(value) }
  /// Appends 8 bytes, little-endian.
  package mutating func writeUInt64(_ value: UInt64) { appendLittleEndian(value) }
  /// Appends 8 bytes, big-endian (for digests, whose byte order is part of their meaning).
  package mutating func writeUInt64BigEndian(_ value: UInt64) {
    withUnsafeBytes(of: value.bigEndian) { bytes.append(contentsOf: $0) }
  }
  /// Appends 8 bytes, little-endian, two's complement.
  package mutating func writeInt64(_ value: Int64) { appendLittleEndian(value) }
  /// Appends an `Int` as 8 bytes.
  package mutating func writeInt(_ value: Int) { appendLittleEndian(Int64(value)) }
  /// Appends the 8 bytes of the IEEE 754 bit pattern, little-endian (NaN payloads and -0 survive).
  package mutating func writeDouble(_ value: Double) { appendLittleEndian(value.bitPattern) }
  /// Appends one byte, 1 for true and 0 for false.
  package mutating func writeBool(_ value: Bool) { bytes.append(value ? 1 : 0) }

  /// Appends the UTF-8 byte count (32 bits) and the bytes.
  package mutating func writeString(_ value: String) {
    var value = value
    value.withUTF8 { utf8 in
      appendLittleEndian(UInt32(truncatingIfNeeded: utf8.count))
      bytes.append(contentsOf: utf8)
    }
  }

  /// Appends a string cut to at most `limit` UTF-8 bytes, at a character boundary (for free-form messages, whose
  /// end matters less than a cache that reads back).
  package mutating func writeString(_ value: String, clippedTo limit: Int) {
    guard value.utf8.count > limit else { return writeString(value) }
    var end = value.utf8.index(value.utf8.startIndex, offsetBy: limit)
    while end > value.startIndex, end.samePosition(in: value.unicodeScalars) == nil {
      end = value.utf8.index(before: end)
    }
    writeString(String(value[..<end]))
  }

  /// Appends 0, or 1 and the value.
  package mutating func writeOptional<T>(_ value: T?, _ writeValue: (inout BinaryWriter, T) -> Void) {
    guard let value else { return writeBool(false) }
    writeBool(true)
    writeValue(&self, value)
  }

  /// Appends the element count (32 bits), then each element.
  package mutating func writeArray<C: Collection>(
    _ elements: C, _ writeElement: (inout BinaryWriter, C.Element) -> Void
  ) {
    appendLittleEndian(UInt32(truncatingIfNeeded: elements.count))
    for element in elements { writeElement(&self, element) }
  }

  /// Appends a short name: its UTF-8 byte count as one byte (the caller keeps it within 255), then the bytes.
  package mutating func writeShortString(_ value: String) {
    var value = value
    value.withUTF8 { utf8 in
      bytes.append(UInt8(truncatingIfNeeded: utf8.count))
      bytes.append(contentsOf: utf8)
    }
  }

  /// Appends raw bytes as they are.
  package mutating func writeBytes(_ raw: some Sequence<UInt8>) { bytes.append(contentsOf: raw) }

  /// Overwrites 4 bytes at `offset` with `value`, little-endian (for a count known only at the end).
  package mutating func patchUInt32(_ value: UInt32, at offset: Int) {
    withUnsafeBytes(of: value.littleEndian) { bytes.replaceSubrange(offset..<offset + 4, with: $0) }
  }

  /// Overwrites 8 bytes at `offset` with `value`, little-endian.
  package mutating func patchUInt64(_ value: UInt64, at offset: Int) {
    withUnsafeBytes(of: value.littleEndian) { bytes.replaceSubrange(offset..<offset + 8, with: $0) }
  }
}

/// Reads what ``BinaryWriter`` wrote, trusting nothing: every read is checked against the bytes that remain and
/// fails with a ``CacheError`` (never a trap, never a read out of bounds), strings must be valid UTF-8 within a
/// limit, and no count may promise more elements than the remaining bytes could hold, so a hostile count cannot make
/// it allocate more than the input's size.
///
/// The reader does not own its bytes: they must stay valid while it is used (see ``withReader(_:origin:_:)``).
package struct BinaryReader {
  private let base: UnsafeRawPointer?
  private let end: Int
  /// The offset of the next byte to read.
  package private(set) var offset: Int
  /// Names the input in errors (a file, a pipe).
  package let origin: String

  /// Creates a reader over `buffer`, starting at `offset`.
  package init(_ buffer: UnsafeRawBufferPointer, offset: Int = 0, origin: String = "") {
    base = buffer.baseAddress
    end = buffer.count
    self.offset = min(max(offset, 0), buffer.count)
    self.origin = origin
  }

  /// Runs `body` with a reader over the bytes of `array`.
  package static func withReader<R>(
    _ array: [UInt8], origin: String = "", _ body: (inout BinaryReader) throws(CacheError) -> R
  ) throws(CacheError) -> R {
    let result = array.withUnsafeBytes { buffer in
      Result { () throws(CacheError) in
        var reader = BinaryReader(buffer, origin: origin)
        return try body(&reader)
      }
    }
    return try result.get()
  }

  /// How many bytes are left.
  package var remaining: Int { end - offset }
  /// Whether every byte was read.
  package var isAtEnd: Bool { offset == end }

  /// An error about the input at the current offset.
  package func failure(_ reason: CacheError.Reason, _ detail: String) -> CacheError {
    CacheError(file: origin, reason: reason, detail: "\(detail) (at byte \(offset))")
  }

  /// An error for a value that breaks a rule of the format.
  package func invalid(_ detail: String) -> CacheError { failure(.corrupt, detail) }

  /// Checks that `count` bytes remain and returns their address, moving past them.
  @inline(__always)
  private mutating func take(_ count: Int, _ what: StaticString) throws(CacheError) -> UnsafeRawPointer {
    guard count >= 0, count <= remaining, let base else {
      throw failure(.truncated, "\(what) needs \(count) bytes, but only \(remaining) remain")
    }
    defer { offset += count }
    return base + offset
  }

  @inline(__always)
  private mutating func littleEndian<T: FixedWidthInteger>(_: T.Type, _ what: StaticString) throws(CacheError) -> T {
    T(littleEndian: try take(MemoryLayout<T>.size, what).loadUnaligned(as: T.self))
  }

  /// Reads one byte.
  package mutating func readUInt8() throws(CacheError) -> UInt8 { try take(1, "a byte").load(as: UInt8.self) }
  /// Reads 2 bytes, little-endian.
  package mutating func readUInt16() throws(CacheError) -> UInt16 { try littleEndian(UInt16.self, "a 16-bit number") }
  /// Reads 4 bytes, little-endian.
  package mutating func readUInt32() throws(CacheError) -> UInt32 { try littleEndian(UInt32.self, "a 32-bit number") }
  /// Reads 4 bytes, little-endian, two's complement.
  package mutating func readInt32() throws(CacheError) -> Int32 { try littleEndian(Int32.self, "a 32-bit number") }
  /// Reads 8 bytes, little-endian.
  package mutating func readUInt64() throws(CacheError) -> UInt64 { try littleEndian(UInt64.self, "a 64-bit number") }
  /// Reads 8 bytes, big-endian.
  package mutating func readUInt64BigEndian() throws(CacheError) -> UInt64 {
    UInt64(bigEndian: try take(8, "a 64-bit number").loadUnaligned(as: UInt64.self))
  }
  /// Reads 8 bytes, little-endian, two's complement.
  package mutating func readInt64() throws(CacheError) -> Int64 { try littleEndian(Int64.self, "a 64-bit number") }
  /// Reads an `Int` written as 8 bytes.
  package mutating func readInt() throws(CacheError) -> Int { Int(try readInt64()) }
  /// Reads an IEEE 754 bit pattern of 8 bytes.
  package mutating func readDouble() throws(CacheError) -> Double { Double(bitPattern: try readUInt64()) }

  /// Reads one byte that must be 0 (false) or 1 (true).
  package mutating func readBool() throws(CacheError) -> Bool {
    switch try readUInt8() {
    case 0: return false
    case 1: return true
    case let other: throw invalid("a boolean is \(other), not 0 or 1")
    }
  }

  /// Reads a string of at most `limit` UTF-8 bytes, checking that it is valid UTF-8.
  package mutating func readString(limit: Int, _ what: @autoclosure () -> String = "a string") throws(CacheError)
    -> String
  {
    let count = Int(try readUInt32())
    guard count <= limit else { throw invalid("\(what()) is \(count) bytes long; the limit is \(limit)") }
    let bytes = UnsafeRawBufferPointer(start: try take(count, "a string"), count: count)
    // Validating here and decoding with String(decoding:) is much faster than String(validating:as:), which is not
    // specialized for this module; decoding valid UTF-8 changes nothing.
    guard ByteGrammar.isASCII(bytes) || ByteGrammar.isValidUTF8(bytes) else {
      throw invalid("\(what()) is not valid UTF-8")
    }
    return String(decoding: bytes.assumingMemoryBound(to: UInt8.self), as: UTF8.self)
  }

  /// Reads 0, or 1 and a value.
  package mutating func readOptional<T>(
    _ readValue: (inout BinaryReader) throws(CacheError) -> T
  ) throws(CacheError) -> T? {
    try readBool() ? try readValue(&self) : nil
  }

  /// Reads an element count of at most `limit`, refusing one that the remaining bytes could not hold when every
  /// element takes at least `minimumElementSize` bytes.
  package mutating func readCount(limit: Int, minimumElementSize: Int, _ what: @autoclosure () -> String)
    throws(CacheError)
    -> Int
  {
    let count = Int(try readUInt32())
    guard count <= limit else { throw invalid("\(what()): \(count) elements, more than the limit of \(limit)") }
    guard count <= remaining / max(minimumElementSize, 1) else {
      throw failure(
        .truncated, "\(what()): \(count) elements, more than the \(remaining) remaining bytes could hold")
    }
    return count
  }

  /// Reads an element count (see ``readCount(limit:minimumElementSize:_:)``), then each element.
  package mutating func readArray<T>(
    limit: Int = Int(UInt32.max), minimumElementSize: Int, _ what: @autoclosure () -> String,
    _ readElement: (inout BinaryReader) throws(CacheError) -> T
  ) throws(CacheError) -> [T] {
    let count = try readCount(limit: limit, minimumElementSize: minimumElementSize, what())
    var elements: [T] = []
    elements.reserveCapacity(count)
    for _ in 0..<count { elements.append(try readElement(&self)) }
    return elements
  }

  /// Reads `count` raw bytes.
  package mutating func readBytes(_ count: Int) throws(CacheError) -> UnsafeRawBufferPointer {
    UnsafeRawBufferPointer(start: try take(count, "raw bytes"), count: count)
  }

  /// The bytes not read yet, without reading them (see ``skip(_:)``).
  package var unread: UnsafeRawBufferPointer {
    UnsafeRawBufferPointer(start: base.map { $0 + offset }, count: remaining)
  }

  /// Moves past `count` bytes.
  package mutating func skip(_ count: Int) throws(CacheError) { _ = try take(count, "raw bytes") }

  /// Fails unless every byte was read.
  package func expectEnd() throws(CacheError) {
    guard isAtEnd else { throw invalid("\(remaining) unexpected bytes follow the end of the data") }
  }
}
