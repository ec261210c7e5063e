import Foundation
import StagehandCatalog
import StagehandTestSupport
import Testing

@Suite("SHA-256 of libraries (the system's libcrypto)")
struct LibraryDigestTests {
  /// The examples of FIPS 180-4 and the NIST test vectors.
  static let vectors: [(message: String, digest: String)] = [
    ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
    ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
    (
      "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
    ),
    (
      "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
      "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
    ),
  ]

  @Test("the FIPS 180-4 and NIST vectors: empty, abc, 448 and 896 bits")
  func vectors() throws {
    for (message, digest) in Self.vectors {
      #expect(try LibraryDigest.hashing(Array(message.utf8)).hex == digest, "message '\(message)'")
    }
  }

  @Test("one million times 'a', fed in one piece and in 1,000 pieces")
  func millionA() throws {
    let expected = "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"
    let million = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
    #expect(try LibraryDigest.hashing(million).hex == expected)
    var hash = try LibraryDigest.Stream()
    let thousand = [UInt8](repeating: UInt8(ascii: "a"), count: 1000)
    for _ in 0..<1000 { hash.update(thousand) }
    #expect(hash.finalize().hex == expected)
  }

  @Test("updates in pieces cut at odd places give the one-shot digest")
  func chunkedUpdates() throws {
    var random = SeededGenerator(seed: SeededGenerator.testSeed(1804))
    for length in [0, 1, 55, 56, 63, 64, 65, 119, 120, 127, 128, 129, 1000, 4099] {
      let data = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
      let oneShot = try LibraryDigest.hashing(data)
      for _ in 0..<20 {
        var hash = try LibraryDigest.Stream()
        var start = 0
        while start < length {
          let size = [0, 1, 3, 7, 63, 64, 65, 100].randomElement(using: &random)!
          let end = min(start + size, length)
          data[start..<end].withUnsafeBytes { hash.update($0) }
          start = end
        }
        #expect(hash.finalize() == oneShot, "length \(length), seed \(random.seed)")
      }
    }
  }

  @Test("finalize leaves the hash as it was, so more bytes may follow")
  func finalizeDoesNotConsume() throws {
    var hash = try LibraryDigest.Stream()
    hash.update(Array("ab".utf8))
    let ab = try LibraryDigest.hashing(Array("ab".utf8))
    #expect(hash.finalize() == ab)
    hash.update(Array("c".utf8))
    #expect(hash.finalize().hex == Self.vectors[1].digest)
  }

  @Test("a copy of a hash goes on independently of the original")
  func copiesAreIndependent() throws {
    var first = try LibraryDigest.Stream()
    first.update(Array("ab".utf8))
    var second = first
    second.update(Array("c".utf8))
    let ab = try LibraryDigest.hashing(Array("ab".utf8))
    #expect(second.finalize().hex == Self.vectors[1].digest)
    #expect(first.finalize() == ab)
    first.update(Array("c".utf8))
    #expect(first.finalize() == second.finalize())
  }

  @Test("files of every length around the block boundaries hash as sha256sum says, read through a descriptor")
  func filesAgreeWithSHA256Sum() throws {
    let directory = try CFixture.temporaryDirectory("sha256")
    defer { try? FileManager.default.removeItem(at: directory) }
    var random = SeededGenerator(seed: SeededGenerator.testSeed(256))
    // Lengths around 64-byte blocks, and around the 64 KiB chunks of hash(fileDescriptor:).
    let lengths = Array(0...130) + [65_535, 65_536, 65_537, 200_003]
    var paths: [String] = []
    for length in lengths {
      let path = directory.appendingPathComponent("file-\(length)").path
      let data = Data((0..<length).map { _ in UInt8.random(in: 0...255, using: &random) })
      try data.write(to: URL(fileURLWithPath: path))
      paths.append(path)
    }
    let result = try run(URL(fileURLWithPath: "/usr/bin/sha256sum"), paths)
    #expect(result.status == 0, "\(result.standardError)")
    let expected = result.standardOutput.split(separator: "\n").map { String($0.prefix(64)) }
    #expect(expected.count == paths.count)
    for (path, digest) in zip(paths, expected) {
      let descriptor = open(path, O_RDONLY)
      #expect(descriptor >= 0)
      defer { close(descriptor) }
      #expect(try LibraryDigest.hashing(fileDescriptor: descriptor).hex == digest, "\(path)")
      #expect(lseek(descriptor, 0, SEEK_CUR) == 0, "the descriptor's offset did not move")
    }
  }

  @Test("hashing something that cannot be read is a typed error that names it")
  func unreadableDescriptor() throws {
    let directory = try CFixture.temporaryDirectory("sha256-error")
    defer { try? FileManager.default.removeItem(at: directory) }
    let descriptor = open(directory.path, O_RDONLY | O_DIRECTORY)
    #expect(descriptor >= 0)
    defer { close(descriptor) }
    let error = #expect(throws: CacheError.self) { try LibraryDigest.hashing(fileDescriptor: descriptor) }
    #expect(error?.reason == .cannotRead)
    #expect(error?.file == directory.path)
    #expect(error?.systemError == EISDIR)
    #expect(error.map { $0.description.contains(directory.path) } == true)
  }

  @Test("a digest prints as 64 lowercase digits and is read back from either case; other text is refused")
  func hexRoundTrip() throws {
    let digest = try LibraryDigest.hashing(Array("abc".utf8))
    #expect(LibraryDigest(hex: digest.hex) == digest)
    #expect(LibraryDigest(hex: digest.hex.uppercased()) == digest)
    #expect(LibraryDigest(bytes: digest.bytes) == digest)
    #expect(digest.bytes.count == 32)
    #expect(digest.bytes.first == 0xba)
    #expect(digest.description == digest.hex)
    let bad = ["", "abc", String(digest.hex.dropLast()), digest.hex + "0", String(digest.hex.dropLast()) + "g"]
    for text in bad { #expect(LibraryDigest(hex: text) == nil, "'\(text)'") }
    #expect(LibraryDigest(bytes: [UInt8](repeating: 0, count: 31)) == nil)
    let empty = try LibraryDigest.hashing([])
    #expect(Set([digest, LibraryDigest(hex: digest.hex)!, empty]).count == 2)
  }
}
