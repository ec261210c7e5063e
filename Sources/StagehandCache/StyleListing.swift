import StagehandPlugins

// A record's listing, in its frame after the names (format version 4): what `stagehand list` shows of each style
// and preset that the names block does not hold, so that listing every plugin decodes no plugin's description.
//
//   listing length   u32       0 unless the outcome is ok
//   per style, in the order of the names block:
//     preset count   u16       how many of the names after the style's name are its presets
//     duration       f64       its default duration in seconds, finite and not negative
//     parameters     text      "symbol=default symbol=default", empty when it has no parameter
//     per preset:    text      "symbol=value symbol=value", empty when the preset sets no value
//
// A text is a u16 byte count and UTF-8 bytes. The frame's reader checks the whole structure against the names block
// (CacheFile.checkListing); decoding the record checks that the listing is the one its description gives.

/// One usable style as `stagehand list` shows it, read from the registry cache's frames without decoding its
/// plugin's description.
///
/// Every byte view is valid only during the call that gives the listing.
public struct StyleListing {
  /// The style's name.
  public var name: UnsafeRawBufferPointer
  /// The id of the plugin that provides it.
  public var pluginID: UnsafeRawBufferPointer
  /// The default duration in seconds.
  public var defaultDuration: Double
  /// Each parameter with its default value, `symbol=value`, separated by spaces; empty when it has none.
  public var parameters: UnsafeRawBufferPointer
  /// Each preset's name and the values it sets (`symbol=value`, separated by spaces; empty for none).
  public var presets: Presets

  /// The presets of a listed style, read from the frame when iterated.
  public struct Presets: Sequence {
    let names: UnsafeRawBufferPointer  // from the first preset's name on
    let listing: UnsafeRawBufferPointer  // from the first preset's text on
    /// How many presets the style has.
    public let count: Int

    /// Iterates over the presets.
    public func makeIterator() -> Iterator { Iterator(presets: self) }

    /// Gives each preset's name and values in turn.
    public struct Iterator: IteratorProtocol {
      let presets: Presets
      var index = 0
      var nameOffset = 0
      var textOffset = 0

      init(presets: Presets) { self.presets = presets }

      /// The next preset's name and values.
      public mutating func next() -> (name: UnsafeRawBufferPointer, values: UnsafeRawBufferPointer)? {
        guard index < presets.count else { return nil }
        index += 1
        let name = CacheFile.name(presets.names, at: &nameOffset)
        let values = StyleListing.text(presets.listing, at: &textOffset)
        return (name, values)
      }
    }
  }

  /// The bytes of a listing text at `offset` (a u16 count), moving past it.
  static func text(_ bytes: UnsafeRawBufferPointer, at offset: inout Int) -> UnsafeRawBufferPointer {
    let count = Int(UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt16.self)))
    defer { offset += 2 + count }
    return UnsafeRawBufferPointer(rebasing: bytes[offset + 2..<offset + 2 + count])
  }

  /// The listing of a plugin's description, as its record's frame stores it.
  static func encode(_ info: PluginInfo) -> [UInt8] {
    var writer = BinaryWriter(capacity: 64)
    func writeText(_ text: String) {
      // The plugin header limits what makes these texts far below 64 KiB; clipping keeps a bug from breaking a file.
      var text = text
      text.withUTF8 { utf8 in
        let count = min(utf8.count, Int(UInt16.max))
        writer.writeUInt16(UInt16(count))
        writer.writeBytes(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(utf8)[..<count]))
      }
    }
    for style in info.styles {
      writer.writeUInt16(UInt16(truncatingIfNeeded: style.presets.count))
      writer.writeDouble(style.defaultDuration)
      writeText(
        style.parameters.map { "\($0.symbol)=\($0.text(for: $0.defaultParameterValue))" }.joined(separator: " "))
      for preset in style.presets {
        writeText(preset.values.map { "\($0.parameter)=\($0.value)" }.joined(separator: " "))
      }
    }
    return writer.bytes
  }
}

extension CacheFile {
  /// Checks a frame's listing (the bytes after its length) against the number of names its names block holds
  /// (`nameCount`: the plugin id, then each style's name and its presets'): one entry per style, the presets' texts as many as its names say, a finite duration of
  /// at least 0, valid UTF-8, nothing left over.
  static func checkListing(_ listing: UnsafeRawBufferPointer, nameCount: Int) -> Bool {
    var namesLeft = nameCount - 1  // the plugin id is not listed
    var offset = 0
    // Bounds are checked before each read; `text` reads a count and moves past its bytes.
    func text() -> Bool {
      guard listing.count - offset >= 2 else { return false }
      let count = Int(UInt16(littleEndian: listing.loadUnaligned(fromByteOffset: offset, as: UInt16.self)))
      guard listing.count - offset - 2 >= count else { return false }
      let bytes = UnsafeRawBufferPointer(rebasing: listing[offset + 2..<offset + 2 + count])
      offset += 2 + count
      return ByteGrammar.isASCII(bytes) || ByteGrammar.isValidUTF8(bytes)
    }
    while offset < listing.count {
      guard listing.count - offset >= 10 else { return false }
      let presets = Int(UInt16(littleEndian: listing.loadUnaligned(fromByteOffset: offset, as: UInt16.self)))
      let duration = Double(
        bitPattern: UInt64(littleEndian: listing.loadUnaligned(fromByteOffset: offset + 2, as: UInt64.self)))
      offset += 10
      guard namesLeft >= 1 + presets, duration.isFinite, duration >= 0 else { return false }
      namesLeft -= 1 + presets
      for _ in 0...presets where !text() { return false }
    }
    return namesLeft == 0
  }

  /// Calls `body` with each style of an ok record, as `stagehand list` shows it.
  package func forEachListedStyle(of entry: Entry, _ body: (StyleListing) -> Void) {
    let names = view(entry.names)
    let listing = view(entry.listing)
    var nameOffset = 0
    let pluginID = CacheFile.name(names, at: &nameOffset)
    var offset = 0
    while offset < listing.count {
      let presetCount = Int(UInt16(littleEndian: listing.loadUnaligned(fromByteOffset: offset, as: UInt16.self)))
      let duration = Double(
        bitPattern: UInt64(littleEndian: listing.loadUnaligned(fromByteOffset: offset + 2, as: UInt64.self)))
      offset += 10
      let name = CacheFile.name(names, at: &nameOffset)
      let parameters = StyleListing.text(listing, at: &offset)
      let presets = StyleListing.Presets(
        names: UnsafeRawBufferPointer(rebasing: names[nameOffset...]),
        listing: UnsafeRawBufferPointer(rebasing: listing[offset...]), count: presetCount)
      body(
        StyleListing(
          name: name, pluginID: pluginID, defaultDuration: duration, parameters: parameters, presets: presets))
      for _ in 0..<presetCount {
        _ = CacheFile.name(names, at: &nameOffset)
        _ = StyleListing.text(listing, at: &offset)
      }
    }
  }
}
