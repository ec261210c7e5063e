import StagehandSystem

#if canImport(Glibc)
  import Glibc
#endif

/// The symbols a shared library exports, read from its ELF dynamic symbol table (`.dynsym`), trusting nothing in the
/// file: every offset and size is checked against the file's length before it is used.
enum ExportedSymbols {
  /// Symbols every linker defines in a shared library; they are not the plugin's doing.
  static let linkerDefined: Set<String> = ["_init", "_fini", "_edata", "_end", "__bss_start"]

  /// The names of the defined global and weak symbols of the 64-bit little-endian ELF file open as `descriptor`, or
  /// nil when it is not one or its tables cannot be read.
  static func names(descriptor: Int32) -> [String]? {
    guard let info = try? SystemFile.status(descriptor), info.st_size >= 64, info.st_size <= 1 << 30 else {
      return nil
    }
    var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
    let filled = bytes.withUnsafeMutableBytes { try? SystemFile.readFully(descriptor, into: $0, at: 0) }
    guard filled == bytes.count else { return nil }
    return names(in: bytes)
  }

  /// The names of the defined global and weak symbols of a 64-bit little-endian ELF image.
  static func names(in bytes: [UInt8]) -> [String]? {
    func integer(_ offset: Int, _ size: Int) -> Int? {
      guard offset >= 0, size <= 8, offset <= bytes.count - size else { return nil }
      var value: UInt64 = 0
      for i in (0..<size).reversed() { value = value << 8 | UInt64(bytes[offset + i]) }
      return value <= UInt64(Int.max) ? Int(value) : nil
    }
    guard bytes.count >= 64, bytes[0...3].elementsEqual([0x7f, 0x45, 0x4c, 0x46]), bytes[4] == 2, bytes[5] == 1,
      let sectionOffset = integer(0x28, 8), let entrySize = integer(0x3a, 2), let count = integer(0x3c, 2),
      entrySize >= 64
    else { return nil }
    // Each section: type at +4, offset at +0x18, size at +0x20, link (its string table) at +0x28.
    func section(_ index: Int) -> (type: Int, offset: Int, size: Int, link: Int)? {
      let base = sectionOffset + index * entrySize
      guard index < count, let type = integer(base + 4, 4), let offset = integer(base + 0x18, 8),
        let size = integer(base + 0x20, 8), let link = integer(base + 0x28, 4),
        offset <= bytes.count, size <= bytes.count - offset
      else { return nil }
      return (type, offset, size, link)
    }
    guard let dynsym = (0..<count).lazy.compactMap({ section($0) }).first(where: { $0.type == 11 }),  // SHT_DYNSYM
      let strings = section(dynsym.link)
    else { return nil }
    var names: [String] = []
    // Each 24-byte symbol: name offset (u32), info (u8), other (u8), section index (u16), value, size.
    for base in stride(from: dynsym.offset, to: dynsym.offset + dynsym.size - 23, by: 24) {
      guard let nameOffset = integer(base, 4), let info = integer(base + 4, 1), let sectionIndex = integer(base + 6, 2)
      else { return nil }
      let binding = info >> 4  // 1 global, 2 weak
      guard sectionIndex != 0, binding == 1 || binding == 2, nameOffset < strings.size else { continue }
      let start = strings.offset + nameOffset
      let end = bytes[start..<strings.offset + strings.size].firstIndex(of: 0) ?? strings.offset + strings.size
      names.append(String(decoding: bytes[start..<end], as: UTF8.self))
    }
    return names
  }
}
