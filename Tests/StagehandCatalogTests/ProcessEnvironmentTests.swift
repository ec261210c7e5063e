import StagehandScanning
import Testing

#if canImport(Glibc)
  import Glibc
#endif

@Suite("The process environment, read without Foundation")
struct ProcessEnvironmentTests {
  /// The variables of `entries` read as an `environ` array.
  static func variables(_ entries: [String]) -> [String: String] {
    let pointers: [UnsafeMutablePointer<CChar>?] = entries.map { strdup($0) } + [nil]
    defer { for pointer in pointers { free(pointer) } }
    return pointers.withUnsafeBufferPointer { ProcessEnvironment.variables($0.baseAddress!) }
  }

  /// The entries split as they were before the byte-wise split: at the first "=" character.
  static func splitByCharacters(_ entries: [String]) -> [String: String] {
    var variables: [String: String] = [:]
    for text in entries {
      if let equals = text.firstIndex(of: "=") {
        variables[String(text[..<equals])] = String(text[text.index(after: equals)...])
      }
    }
    return variables
  }

  @Test("entries split at their first '=', those without one skipped, the last of a name winning")
  func splits() {
    let entries = ["A=1", "B==2", "C=", "NOEQUALS", "=empty name", "D=x=y", "A=3", "PATH=/usr/bin:/bin"]
    let variables = Self.variables(entries)
    #expect(
      variables == ["A": "3", "B": "=2", "C": "", "": "empty name", "D": "x=y", "PATH": "/usr/bin:/bin"])
    #expect(variables == Self.splitByCharacters(entries))
  }

  @Test("an '=' next to a non-ASCII byte is found as a character, as before")
  func nonASCIINeighbours() {
    // "=" then a combining accent is one character, not "=": such an entry has no "=" character to split at, and a
    // later one splits it. A non-ASCII name or value keeps its characters.
    let entries = [
      "NAM\u{E9}=value", "E=\u{301}x", "F=\u{301}x=y", "G=caf\u{E9}", "\u{0600}=prepended", "H=\u{1F600}",
      "I=\u{FF}\u{FE}",
    ]
    let variables = Self.variables(entries)
    #expect(variables == Self.splitByCharacters(entries))
    #expect(variables["NAM\u{E9}"] == "value")
    #expect(variables["E"] == nil)
    #expect(variables["F=\u{301}x"] == "y")
    #expect(variables["G"] == "caf\u{E9}")
  }

  @Test("the current environment is this process's, as getenv reads it")
  func current() {
    let variables = ProcessEnvironment.current
    for name in ["PATH", "HOME"] {
      #expect(variables[name] == getenv(name).map { String(cString: $0) })
    }
  }
}
