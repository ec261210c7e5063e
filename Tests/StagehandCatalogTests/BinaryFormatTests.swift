import StagehandPlugins
import StagehandTestSupport
import Testing

@testable import StagehandCache
@testable import StagehandCatalog

@Suite("Binary format of the cache")
struct BinaryFormatTests {
  /// Decodes `bytes` with `read`, which must consume them all.
  func decode<T>(_ bytes: [UInt8], _ read: (inout BinaryReader) throws(CacheError) -> T) throws(CacheError) -> T {
    try BinaryReader.withReader(bytes) { (reader) throws(CacheError) in
      let value = try read(&reader)
      try reader.expectEnd()
      return value
    }
  }

  func encode(_ write: (inout BinaryWriter) -> Void) -> [UInt8] {
    var writer = BinaryWriter()
    write(&writer)
    return writer.bytes
  }

  @Test("numbers are little-endian, strings and arrays carry a 32-bit count")
  func layout() {
    let bytes = encode {
      $0.writeUInt32(0x0102_0304)
      $0.writeInt64(-2)
      $0.writeString("hé")
      $0.writeArray([true, false]) { $0.writeBool($1) }
      $0.writeUInt64BigEndian(0x0102_0304_0506_0708)
    }
    #expect(
      bytes == [4, 3, 2, 1] + [0xFE] + [UInt8](repeating: 0xFF, count: 7) + [3, 0, 0, 0, 0x68, 0xC3, 0xA9]
        + [2, 0, 0, 0, 1, 0] + [1, 2, 3, 4, 5, 6, 7, 8])
  }

  @Test("every kind of value reads back as written, extremes, NaN payloads and negative zero included")
  func primitivesRoundTrip() throws {
    let doubles: [Double] = [0, -0.0, .pi, -.infinity, .greatestFiniteMagnitude, .leastNonzeroMagnitude, .nan]
    let strings = ["", "a", "Zoë 🎬 — \u{0}", String(repeating: "x", count: 1024)]
    let bytes = encode { writer in
      writer.writeUInt8(255)
      writer.writeUInt32(.max)
      writer.writeInt32(.min)
      writer.writeUInt64(.max)
      writer.writeInt64(.min)
      writer.writeInt(.max)
      writer.writeArray(doubles) { $0.writeDouble($1) }
      writer.writeArray(strings) { $0.writeString($1) }
      writer.writeOptional(nil as String?) { $0.writeString($1) }
      writer.writeOptional("unit") { $0.writeString($1) }
    }
    try decode(bytes) { (reader) throws(CacheError) in
      #expect(try reader.readUInt8() == 255)
      #expect(try reader.readUInt32() == .max)
      #expect(try reader.readInt32() == .min)
      #expect(try reader.readUInt64() == .max)
      #expect(try reader.readInt64() == .min)
      #expect(try reader.readInt() == .max)
      let readDoubles = try reader.readArray(minimumElementSize: 8, "doubles") {
        (reader: inout BinaryReader) throws(CacheError) in try reader.readDouble()
      }
      #expect(readDoubles.map(\.bitPattern) == doubles.map(\.bitPattern))
      let readStrings = try reader.readArray(minimumElementSize: 4, "strings") {
        (reader: inout BinaryReader) throws(CacheError) in try reader.readString(limit: 1024)
      }
      #expect(readStrings == strings)
      for expected in [nil, "unit"] as [String?] {
        let value = try reader.readOptional { (reader: inout BinaryReader) throws(CacheError) in
          try reader.readString(limit: 10)
        }
        #expect(value == expected)
      }
    }
  }

  @Test("every prefix of a valid stream fails as truncated, without a trap")
  func truncation() {
    let bytes = encode {
      $0.writeString("hello")
      $0.writeUInt64(7)
      $0.writeArray(["a", "bc"]) { $0.writeString($1) }
    }
    for length in 0..<bytes.count {
      let error = #expect(throws: CacheError.self) {
        try decode(Array(bytes[0..<length])) { (reader) throws(CacheError) in
          _ = try reader.readString(limit: 100)
          _ = try reader.readUInt64()
          _ = try reader.readArray(minimumElementSize: 4, "strings") {
            (reader: inout BinaryReader) throws(CacheError) in try reader.readString(limit: 100)
          }
        }
      }
      #expect(error?.reason == .truncated, "prefix of \(length) bytes: \(String(describing: error))")
    }
  }

  @Test("invalid UTF-8, over-long strings, booleans other than 0 and 1 and trailing bytes are corrupt")
  func invalidValues() {
    typealias Read = (inout BinaryReader) throws(CacheError) -> Void
    let string: Read = { (reader: inout BinaryReader) throws(CacheError) in _ = try reader.readString(limit: 10) }
    let shortString: Read = { (reader: inout BinaryReader) throws(CacheError) in _ = try reader.readString(limit: 3) }
    let bool: Read = { (reader: inout BinaryReader) throws(CacheError) in _ = try reader.readBool() }
    let optional: Read = { (reader: inout BinaryReader) throws(CacheError) in
      _ = try reader.readOptional { (reader: inout BinaryReader) throws(CacheError) in try reader.readUInt8() }
    }
    let byte: Read = { (reader: inout BinaryReader) throws(CacheError) in _ = try reader.readUInt8() }
    let count: Read = { (reader: inout BinaryReader) throws(CacheError) in
      _ = try reader.readCount(limit: 4, minimumElementSize: 1, "x")
    }
    let cases: [(String, [UInt8], Read)] = [
      ("a lone continuation byte", [1, 0, 0, 0, 0x80], string),
      ("an overlong encoding", [2, 0, 0, 0, 0xC0, 0xAF], string),
      ("a surrogate", [3, 0, 0, 0, 0xED, 0xA0, 0x80], string),
      ("a string over its limit", [4, 0, 0, 0, 0x61, 0x61, 0x61, 0x61], shortString),
      ("a boolean of 2", [2], bool),
      ("an optional flag of 7", [7], optional),
      ("a trailing byte", [1, 9], byte),
      ("a count over its limit", [5, 0, 0, 0] + [UInt8](repeating: 0, count: 20), count),
    ]
    for (name, bytes, read) in cases {
      let error = #expect(throws: CacheError.self, "\(name)") { try decode(bytes, read) }
      #expect(error?.reason == .corrupt, "\(name): \(String(describing: error))")
    }
  }

  @Test("a hostile count is refused before anything is allocated for it")
  func hostileCount() {
    for count: UInt32 in [.max, 1 << 31, 1_000_000, 3] {
      let bytes = encode { $0.writeUInt32(count) } + [UInt8](repeating: 0, count: 11)
      let error = #expect(throws: CacheError.self) {
        try decode(bytes) { (reader) throws(CacheError) in
          try reader.readArray(minimumElementSize: 4, "strings") { (reader: inout BinaryReader) throws(CacheError) in
            try reader.readString(limit: 100)
          }
        }
      }
      #expect(error?.reason == .truncated, "count \(count)")
    }
  }

  @Test("a long message is cut at a character boundary, never inside a character")
  func clipping() throws {
    let text = String(repeating: "é", count: 10)  // 20 bytes
    for limit in 0...22 {
      let bytes = encode { $0.writeString(text, clippedTo: limit) }
      let read = try decode(bytes) { (reader) throws(CacheError) in try reader.readString(limit: limit) }
      #expect(read == String(repeating: "é", count: min(limit, 20) / 2), "limit \(limit)")
    }
  }

  @Test("random bytes never make the reader trap; it reads or fails with a typed error")
  func randomBytes() {
    var random = SeededGenerator(seed: SeededGenerator.testSeed(0xB1_7E5))
    for _ in 0..<2000 {
      let count = Int.random(in: 0...64, using: &random)
      var bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }
      // Small counts and lengths now and then, so that the reader gets past the first field.
      if count >= 4, Bool.random(using: &random) { bytes[1...3] = [0, 0, 0] }
      _ = try? decode(bytes) { (reader) throws(CacheError) in
        while !reader.isAtEnd {
          switch try reader.readUInt8() % 4 {
          case 0: _ = try reader.readString(limit: 50)
          case 1: _ = try reader.readBool()
          case 2:
            _ = try reader.readArray(minimumElementSize: 8, "x") { (r: inout BinaryReader) throws(CacheError) in
              try r.readDouble()
            }
          default: _ = try reader.readUInt32()
          }
        }
      }
    }
  }

  @Test("the UTF-8 check agrees with the standard library on random and tricky bytes")
  func utf8Validation() {
    var random = SeededGenerator(seed: SeededGenerator.testSeed(0x07F8))
    let pieces: [[UInt8]] = [
      [0x61], [0x7F], [0x80], [0xBF], [0xC0, 0x80], [0xC1, 0xBF], [0xC2, 0x80], [0xDF, 0xBF], [0xE0, 0x9F, 0x80],
      [0xE0, 0xA0, 0x80], [0xED, 0x9F, 0xBF], [0xED, 0xA0, 0x80], [0xEF, 0xBF, 0xBD], [0xF0, 0x8F, 0xBF, 0xBF],
      [0xF0, 0x90, 0x80, 0x80], [0xF4, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xFF],
    ]
    for _ in 0..<20000 {
      var bytes: [UInt8] = []
      for _ in 0..<Int.random(in: 0...6, using: &random) {
        if Bool.random(using: &random) {
          bytes += pieces.randomElement(using: &random)!
        } else {
          bytes.append(UInt8.random(in: 0...255, using: &random))
        }
      }
      let expected = bytes.withUnsafeBufferPointer { String(validating: $0, as: UTF8.self) != nil }
      #expect(bytes.withUnsafeBytes { ByteGrammar.isValidUTF8($0) } == expected, "\(bytes), seed \(random.seed)")
      #expect(bytes.withUnsafeBytes { ByteGrammar.isASCII($0) } == bytes.allSatisfy { $0 < 0x80 })
    }
  }

  @Test("the name table's hash spreads names that differ in one byte anywhere over the slots its mask keeps")
  func nameHashSpreads() {
    for (prefix, suffix) in [("slide-", ""), ("slide-", "-from-left"), ("org.bench.p", ""), ("", "")] {
      var slots: Set<Int> = []
      for number in 0..<1000 {
        let name = prefix + String(repeating: "0", count: 4 - String(number).count) + String(number) + suffix
        var bytes = Array(name.utf8)
        slots.insert(bytes.withUnsafeMutableBytes { ByteTable.hash(UnsafeRawBufferPointer($0)) } & 4095)
      }
      // 1,000 keys in 4,096 slots at random fill about 890 of them.
      #expect(slots.count > 850, "'\(prefix)NNNN\(suffix)': \(slots.count) slots")
    }
  }

  @Test("the ABI versions of the cache are two numbers of 1 to 5 digits")
  func abiVersions() {
    for (text, valid) in [
      ("1.0", true), ("12345.0", true), ("123456.0", false), ("1", false), ("1.", false), ("1.0.0", false),
      ("a.0", false), ("", false),
    ] {
      #expect(ByteGrammar.isABIVersion(text) == valid, "'\(text)'")
    }
  }
}
