import StagehandCache
import StagehandPlugins

/// The libraries of a search path as the registry cache knows them, in search order, with the allow-list and the
/// identity rule applied, and every plugin's description still in the cache's bytes.
///
/// It answers what commands ask of every library without decoding one: the problems to report (conflicting names,
/// unusable libraries) and which plugin provides a name. ``catalog()`` decodes all of it; ``matches(_:)`` decodes
/// only the records that hold the name.
struct CatalogIndex: Sendable {
  /// The cache file that holds every record the libraries refer to.
  let file: CacheFile
  /// Every library found, in search order.
  var libraries: [Library]
  /// Search-path entries that were ignored, cache and scanner problems, one line each.
  var warnings: [String]
  /// The allow-list the plugins were checked against, when pinning is on.
  var allowList: AllowList?
  /// The positions in `libraries` of the usable plugins, in search order.
  var usable: [Int]
  /// The record of each plugin of `usable`, index for index.
  var usableEntries: [Int]

  /// A library found on the search path.
  struct Library: Sendable {
    /// Where it was found.
    var path: String
    /// What became of it.
    var state: State
  }

  /// What became of a library, with its record in the file when it has one.
  enum State: Sendable {
    /// Usable; the later copies of its plugin id that it shadows.
    case usable(entry: Int, shadows: [String])
    /// An earlier copy of the same plugin id, at this path, wins.
    case shadowed(entry: Int, by: String)
    /// The allow-list refuses it, for this reason.
    case disallowed(entry: Int, why: String)
    /// Refused or quarantined when it was scanned: its record says which and why.
    case unusable(entry: Int)
    /// Untrusted or not scanned, without a record.
    case status(LibraryStatus)
  }

  /// How many libraries cannot be used, by kind (an allow-list's refusal counts as refused).
  var unusableCounts: Catalog.UnusableCounts {
    var counts = Catalog.UnusableCounts()
    for library in libraries {
      switch library.state {
      case .usable, .shadowed, .status(.ok), .status(.shadowed): break
      case .unusable(let entry) where file.entries[entry].kind == .quarantined: counts.quarantined += 1
      case .unusable, .disallowed, .status(.refused): counts.refused += 1
      case .status(.quarantined): counts.quarantined += 1
      case .status(.untrusted): counts.untrusted += 1
      case .status(.notScanned): counts.notScanned += 1
      }
    }
    return counts
  }

  /// The catalog's problems (see ``Catalog/problems``), found without decoding a plugin description.
  var problems: [String] {
    var lines = warnings
    lines += conflicts.map { Catalog.conflictLine(name: $0.name, qualifiedNames: $0.qualifiedNames) }
    if let summary = Catalog.unusableSummary(unusableCounts) { lines.append(summary) }
    return lines
  }

  /// The record of a usable plugin.
  func entry(ofUsable position: Int) -> (entry: Int, shadows: [String]) {
    guard case .usable(let entry, let shadows) = libraries[position].state else {
      preconditionFailure("library \(position) is not usable")
    }
    return (entry, shadows)
  }

  /// Names (of styles or presets) that more than one usable plugin provides, with the qualified names that tell them
  /// apart, in the order of their first use; the same answer as ``Catalog/conflicts``.
  var conflicts: [(name: String, qualifiedNames: [String])] {
    // The value of a name: how many plugins provide it (low 32 bits) and the last one that does (high bits).
    var table = ByteTable(capacity: usable.count * 3)
    var repeated = false
    for (plugin, entry) in usableEntries.enumerated() {
      var first = true
      file.forEachName(of: file.entries[entry]) { name in
        defer { first = false }
        if first { return true }  // the plugin id
        let (index, inserted) = table.insert(name, plugin << 32 | 1)
        if !inserted, table.values[index] >> 32 != plugin {
          table.values[index] = plugin << 32 | (table.values[index] & 0xFFFF_FFFF) + 1
          repeated = true
        }
        return true
      }
    }
    guard repeated else { return [] }
    var order: [String] = []
    var owners: [String: [String]] = [:]
    for entry in usableEntries {
      let record = file.entries[entry]
      let id = CacheFile.string(file.id(of: record)!)
      var first = true
      file.forEachName(of: record) { name in
        defer { first = false }
        guard !first, let index = table.index(of: name), table.values[index] & 0xFFFF_FFFF > 1 else { return true }
        let text = CacheFile.string(name)
        if owners[text] == nil { order.append(text) }
        if owners[text, default: []].last != "\(id):\(text)" { owners[text, default: []].append("\(id):\(text)") }
        return true
      }
    }
    return order.map { ($0, owners[$0]!) }
  }
}

/// A hash table of byte strings (names and ids in a cache file's frames) to integers, for counting names and
/// finding ids without making a `String` of each: open addressing, a multiplicative hash over 8 bytes at a time.
///
/// The keys are views into a `CacheFile`'s bytes: the table is valid while the file is alive.
struct ByteTable {
  private var slots: [Int32]  // 0: empty, else 1 + the index in `keys`
  private var mask: Int
  private(set) var keys: [UnsafeRawBufferPointer] = []
  /// The value of each key, by the index ``insert(_:_:)`` and ``index(of:)`` give.
  var values: [Int] = []

  /// A table with room for `capacity` keys without growing.
  init(capacity: Int) {
    var size = 16
    while size < capacity * 2 { size *= 2 }
    slots = [Int32](repeating: 0, count: size)
    mask = size - 1
    keys.reserveCapacity(capacity)
    values.reserveCapacity(capacity)
  }

  /// The index of `key`, if it is in the table.
  func index(of key: UnsafeRawBufferPointer) -> Int? {
    var slot = Self.hash(key) & mask
    while slots[slot] != 0 {
      let index = Int(slots[slot]) - 1
      if CacheFile.equal(keys[index], key) { return index }
      slot = (slot + 1) & mask
    }
    return nil
  }

  /// Adds `key` with `value` unless it is there; the index of the key either way, and whether it was added.
  @discardableResult
  mutating func insert(_ key: UnsafeRawBufferPointer, _ value: Int) -> (index: Int, inserted: Bool) {
    if keys.count * 2 >= slots.count { grow() }
    var slot = Self.hash(key) & mask
    while slots[slot] != 0 {
      let index = Int(slots[slot]) - 1
      if CacheFile.equal(keys[index], key) { return (index, false) }
      slot = (slot + 1) & mask
    }
    keys.append(key)
    values.append(value)
    slots[slot] = Int32(keys.count)
    return (keys.count - 1, true)
  }

  private mutating func grow() {
    let keys = keys
    let values = values
    self = ByteTable(capacity: keys.count * 2)
    for (key, value) in zip(keys, values) { insert(key, value) }
  }

  /// A hash of the bytes, 8 at a time.
  static func hash(_ bytes: UnsafeRawBufferPointer) -> Int {
    let prime: UInt64 = 0x9E37_79B9_7F4A_7C15
    var hash = UInt64(truncatingIfNeeded: bytes.count) &* prime
    var offset = 0
    while offset + 8 <= bytes.count {
      hash = (hash ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* prime
      hash ^= hash >> 29
      offset += 8
    }
    var last: UInt64 = 0
    if offset < bytes.count, bytes.count >= 8 {
      last = bytes.loadUnaligned(fromByteOffset: bytes.count - 8, as: UInt64.self)  // overlaps the word before
    } else {
      while offset < bytes.count {
        last = last << 8 | UInt64(bytes[offset])
        offset += 1
      }
    }
    // A multiplication carries a bit only upward: fold the high half down before and after the last one, so that
    // every byte reaches the low bits the table's mask keeps.
    hash = (hash ^ last) &* prime
    hash ^= hash >> 29
    hash = hash &* prime
    return Int(truncatingIfNeeded: hash ^ hash >> 32)
  }
}
