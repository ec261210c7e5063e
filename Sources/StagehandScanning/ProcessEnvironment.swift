#if canImport(Glibc)
  import Glibc
#endif

/// The environment of this process, read without Foundation.
public enum ProcessEnvironment {
  /// Every variable of the environment.
  public static var current: [String: String] {
    variables(environ)
  }

  /// The variables of `entries`, an `environ`-style array of `NAME=VALUE` strings ended by a null pointer: each
  /// split at its first "=" (an entry without one is skipped), the last of two entries with the same name winning.
  package static func variables(_ entries: UnsafePointer<UnsafeMutablePointer<CChar>?>) -> [String: String] {
    var count = 0
    while entries[count] != nil { count += 1 }
    var variables: [String: String] = [:]
    variables.reserveCapacity(count)
    for index in 0..<count {
      guard let entry = entries[index] else { break }
      // The first "=" byte splits the entry, found without walking characters, unless the bytes around it could make
      // it part of a larger character (a non-ASCII neighbour): then it is found as a character, as it always was.
      if let equals = strchr(entry, Int32(UInt8(ascii: "="))) {
        let before = equals == entry ? 0 : UInt8(bitPattern: equals[-1])
        let after = UInt8(bitPattern: equals[1])
        if before < 0x80, after < 0x80 {
          let name = UnsafeRawBufferPointer(start: entry, count: equals - entry)
          variables[String(decoding: name, as: UTF8.self)] = String(cString: equals + 1)
          continue
        }
      }
      let text = String(cString: entry)
      if let equals = text.firstIndex(of: "=") {
        variables[String(text[..<equals])] = String(text[text.index(after: equals)...])
      }
    }
    return variables
  }
}
