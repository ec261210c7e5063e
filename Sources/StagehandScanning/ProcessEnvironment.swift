#if canImport(Glibc)
  import Glibc
#endif

/// The environment of this process, read without Foundation.
public enum ProcessEnvironment {
  /// Every variable of the environment.
  public static var current: [String: String] {
    var variables: [String: String] = [:]
    var cursor = environ
    while let entry = cursor.pointee {
      let text = String(cString: entry)
      if let equals = text.firstIndex(of: "=") {
        variables[String(text[..<equals])] = String(text[text.index(after: equals)...])
      }
      cursor += 1
    }
    return variables
  }
}
