import CStagehandSystem

extension LibraryDigest {
  /// A streaming SHA-256 hash (FIPS 180-4) computed by the system's libcrypto: feed bytes with `update`, in pieces of
  /// any size, then `finalize`. A copy of a stream goes on independently.
  ///
  /// libcrypto (OpenSSL 3) is opened by full path on first use, from the system's library directories only, so a
  /// command that hashes nothing never loads it, and linking it costs no start-up (about 2.5 million instructions at
  /// every start when linked; Benchmarks/README.md). Only the five digest functions the host needs are looked up.
  public struct Stream: Sendable {
    /// The libcrypto digest context, copied before a write when another stream shares it.
    private var context: Context

    /// Starts a new hash; throws when libcrypto cannot be loaded, naming the library and why.
    public init() throws(CacheError) {
      context = try Context()
    }

    /// Feeds `bytes` to the hash.
    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
      guard let base = bytes.baseAddress, bytes.count > 0 else { return }
      if !isKnownUniquelyReferenced(&context) { context = context.copy() }
      // EVP_DigestUpdate of SHA-256 fails only for a context it never started, which `Context` cannot be.
      let status = sh_sha256_update(context.pointer, base, bytes.count)
      precondition(status == 0, "libcrypto refused to update a SHA-256 digest")
    }

    /// Feeds `bytes` to the hash.
    public mutating func update(_ bytes: [UInt8]) {
      bytes.withUnsafeBytes { update($0) }
    }

    /// The digest of every byte fed so far; the stream is left as it was, so more bytes may follow.
    public func finalize() -> LibraryDigest {
      var digest = [UInt8](repeating: 0, count: 32)
      let status = digest.withUnsafeMutableBufferPointer { sh_sha256_digest(context.pointer, $0.baseAddress) }
      precondition(status == 0, "libcrypto could not finish a SHA-256 digest")
      return LibraryDigest(bytes: digest)!
    }

    /// One libcrypto digest context, freed with the last stream that holds it.
    private final class Context: @unchecked Sendable {
      // A context is only written by the one stream that holds it uniquely (copy on write), so sharing it is safe.
      let pointer: UnsafeMutableRawPointer

      init() throws(CacheError) {
        var message = [CChar](repeating: 0, count: 512)
        guard let pointer = sh_sha256_new(&message, message.count) else {
          let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
          throw CacheError(file: "libcrypto.so.3", reason: .cannotRead, detail: reason)
        }
        self.pointer = pointer
      }

      private init(pointer: UnsafeMutableRawPointer) {
        self.pointer = pointer
      }

      /// A context in the same state.
      func copy() -> Context {
        guard let copied = sh_sha256_copy(pointer) else { fatalError("out of memory copying a SHA-256 digest") }
        return Context(pointer: copied)
      }

      deinit { sh_sha256_free(pointer) }
    }
  }
}
