import StagehandPlugins
import StagehandSystem

#if canImport(Glibc)
  import Glibc
#endif

extension CacheFile {
  /// Reads every outcome at once (one read of a file on disk), so that decoding many records reads nothing more.
  package func loadOutcomes() throws(CacheError) {
    guard case .file(let descriptor, let start, let count) = outcomes else { return }
    try loaded.withLock { (loaded) throws(CacheError) in
      guard loaded == nil else { return }
      // Read straight into the array's storage: zeroing half a megabyte first cost 2% of `list`.
      var failure: CacheError?
      let buffer = [UInt8](unsafeUninitializedCapacity: count) { storage, initialized in
        do throws(CacheError) {
          try Self.read(descriptor, into: UnsafeMutableRawBufferPointer(storage), at: start, origin)
          initialized = count
        } catch {
          failure = error
          initialized = 0
        }
      }
      if let failure { throw failure }
      loaded = buffer
    }
  }

  /// Calls `body` with the bytes of an entry's outcome, checked against its checksum.
  func withOutcome<R>(
    of entry: Entry, _ body: (UnsafeRawBufferPointer) throws(CacheError) -> R
  ) throws(CacheError) -> R {
    func checked(_ bytes: UnsafeRawBufferPointer) throws(CacheError) -> R {
      guard RegistryCache.checksum(bytes) == entry.outcomeChecksum else {
        throw CacheError(
          file: origin, reason: .corrupt, detail: "the outcome of \(path(of: entry)) does not match its checksum")
      }
      return try body(bytes)
    }
    switch outcomes {
    case .memory(let start, _):
      return try checked(view(start + entry.outcome.lowerBound..<start + entry.outcome.upperBound))
    case .file(let descriptor, let start, _):
      if let all = loaded.withLock({ $0 }) {
        return try all.withUnsafeBytes { all in
          Result { () throws(CacheError) in try checked(UnsafeRawBufferPointer(rebasing: all[entry.outcome])) }
        }.get()
      }
      let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: entry.outcome.count, alignment: 16)
      defer { buffer.deallocate() }
      try Self.read(descriptor, into: buffer, at: start + entry.outcome.lowerBound, origin)
      return try checked(UnsafeRawBufferPointer(buffer))
    }
  }

  /// Fills `buffer` from `offset` of the open file; a file that ends too soon is a typed error.
  static func read(
    _ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, at offset: Int, _ origin: String
  ) throws(CacheError) {
    let filled: Int
    do {
      filled = try SystemFile.readFully(descriptor, into: buffer, at: Int64(offset))
    } catch {
      throw CacheError(file: origin, reason: .cannotRead, detail: systemMessage(error.code), systemError: error.code)
    }
    if filled < buffer.count {
      throw CacheError(
        file: origin, reason: .truncated, detail: "it ended while being read, at byte \(offset + filled)")
    }
  }

  /// Decodes a whole record, checking everything its outcome holds against the rules of the plugin header, and that
  /// its frame says what its outcome says (the same tag, the names of the plugin's description).
  package func record(at index: Int) throws(CacheError) -> CacheRecord {
    let entry = entries[index]
    let path = path(of: entry)
    let outcome = try withOutcome(of: entry) { (bytes) throws(CacheError) in
      var reader = BinaryReader(bytes, origin: origin)
      guard bytes.first == entry.tag else {
        throw reader.invalid("the outcome of \(path) is not the one its frame says")
      }
      let outcome = try ScanOutcome(from: &reader, of: path)
      try reader.expectEnd()
      return outcome
    }
    if case .ok(let info, _) = outcome {
      // The names of the frame, in order, are the id, then each style's name and its presets' names.
      var offset = entry.names.lowerBound
      func matches(_ name: String) -> Bool {
        guard offset < entry.names.upperBound else { return false }
        let stored = Self.name(bytes, at: &offset)
        var name = name
        return name.withUTF8 { Self.equal(stored, UnsafeRawBufferPointer($0)) }
      }
      var same = matches(info.id)
      for style in info.styles where same {
        same = matches(style.name)
        for preset in style.presets where same { same = matches(preset.name) }
      }
      guard same, offset == entry.names.upperBound else {
        throw CacheError(
          file: origin, reason: .corrupt, detail: "the names of the record of \(path) are not those of \(info.id)")
      }
      guard view(entry.listing).elementsEqual(StyleListing.encode(info)) else {
        throw CacheError(
          file: origin, reason: .corrupt, detail: "the listing of the record of \(path) is not that of \(info.id)")
      }
    }
    return CacheRecord(path: path, identity: entry.identity, sha256: entry.sha256, outcome: outcome)
  }
}
