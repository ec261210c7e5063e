/// A JSON document, parsed without Foundation so that integers, other numbers and booleans stay apart.
public indirect enum JSONNode: Equatable, Sendable {
  case null
  case bool(Bool)
  /// A number; `isInteger` when it was written without a fraction or an exponent.
  case number(Double, isInteger: Bool)
  case string(String)
  case array([JSONNode])
  case object([String: JSONNode])

  /// The member `key` of an object, else nil.
  public subscript(key: String) -> JSONNode? {
    if case .object(let members) = self { members[key] } else { nil }
  }

  /// The elements of an array, else nil.
  public var elements: [JSONNode]? {
    if case .array(let elements) = self { elements } else { nil }
  }

  /// The text of a string, else nil.
  public var text: String? {
    if case .string(let text) = self { text } else { nil }
  }

  /// Parses `text`, the whole of it (white space around allowed); nil when it is not JSON.
  public static func parse(_ text: String) -> JSONNode? {
    var reader = Reader(bytes: Array(text.utf8))
    guard let node = reader.value() else { return nil }
    reader.skipSpace()
    return reader.offset == reader.bytes.count ? node : nil
  }

  private struct Reader {
    let bytes: [UInt8]
    var offset = 0

    mutating func skipSpace() {
      while offset < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[offset]) { offset += 1 }
    }

    mutating func take(_ literal: String) -> Bool {
      let expected = Array(literal.utf8)
      guard bytes.count - offset >= expected.count, Array(bytes[offset..<offset + expected.count]) == expected else {
        return false
      }
      offset += expected.count
      return true
    }

    mutating func value() -> JSONNode? {
      skipSpace()
      guard offset < bytes.count else { return nil }
      switch bytes[offset] {
      case UInt8(ascii: "n"): return take("null") ? .null : nil
      case UInt8(ascii: "t"): return take("true") ? .bool(true) : nil
      case UInt8(ascii: "f"): return take("false") ? .bool(false) : nil
      case UInt8(ascii: "\""): return string().map { .string($0) }
      case UInt8(ascii: "["):
        offset += 1
        var elements: [JSONNode] = []
        skipSpace()
        if take("]") { return .array(elements) }
        repeat {
          guard let element = value() else { return nil }
          elements.append(element)
          skipSpace()
        } while take(",")
        return take("]") ? .array(elements) : nil
      case UInt8(ascii: "{"):
        offset += 1
        var members: [String: JSONNode] = [:]
        skipSpace()
        if take("}") { return .object(members) }
        repeat {
          skipSpace()
          guard let key = string(), members[key] == nil else { return nil }
          skipSpace()
          guard take(":"), let member = value() else { return nil }
          members[key] = member
          skipSpace()
        } while take(",")
        return take("}") ? .object(members) : nil
      default: return number()
      }
    }

    mutating func string() -> String? {
      guard take("\"") else { return nil }
      var scalars: [UInt8] = []
      while offset < bytes.count {
        let byte = bytes[offset]
        offset += 1
        switch byte {
        case UInt8(ascii: "\""): return String(decoding: scalars, as: UTF8.self)
        case UInt8(ascii: "\\"):
          guard offset < bytes.count else { return nil }
          let escaped = bytes[offset]
          offset += 1
          let simple: [UInt8: UInt8] = [
            UInt8(ascii: "\""): 0x22, UInt8(ascii: "\\"): 0x5C, UInt8(ascii: "/"): 0x2F, UInt8(ascii: "b"): 0x08,
            UInt8(ascii: "f"): 0x0C, UInt8(ascii: "n"): 0x0A, UInt8(ascii: "r"): 0x0D, UInt8(ascii: "t"): 0x09,
          ]
          if let replacement = simple[escaped] {
            scalars.append(replacement)
          } else if escaped == UInt8(ascii: "u"), bytes.count - offset >= 4,
            let code = UInt32(String(decoding: bytes[offset..<offset + 4], as: UTF8.self), radix: 16)
          {
            offset += 4
            // A surrogate pair is kept as the replacement character: the outputs tested write UTF-8 as is.
            scalars += Array(String(Unicode.Scalar(code).map(Character.init) ?? "\u{FFFD}").utf8)
          } else {
            return nil
          }
        case 0..<0x20: return nil
        default: scalars.append(byte)
        }
      }
      return nil
    }

    mutating func number() -> JSONNode? {
      let start = offset
      var isInteger = true
      while offset < bytes.count, "-+0123456789.eE".utf8.contains(bytes[offset]) {
        if ".eE".utf8.contains(bytes[offset]) { isInteger = false }
        offset += 1
      }
      let text = String(decoding: bytes[start..<offset], as: UTF8.self)
      return Double(text).map { .number($0, isInteger: isInteger) }
    }
  }
}

/// A JSON Schema validator for the keywords the documented schemas use (draft 2020-12): `$ref` to `#/$defs/NAME`,
/// `type`, `const`, `enum`, `properties`, `required`, `additionalProperties`, `items` and `oneOf`. A schema with any
/// other keyword (but the annotations `$schema`, `$id`, `title` and `description`) is an error, so that a schema never
/// says more than is checked.
public struct JSONSchema: Sendable {
  /// The root schema, with its `$defs`.
  public let root: JSONNode

  /// A validator for the schema in `text`; nil when it is not JSON.
  public init?(_ text: String) {
    guard let root = JSONNode.parse(text) else { return nil }
    self.root = root
  }

  /// Where `document` breaks the schema at `#/$defs/definition` (or the root schema when nil), one line per problem
  /// with its JSON path; empty when it conforms.
  public func problems(_ document: JSONNode, definition: String? = nil) -> [String] {
    let schema: JSONNode = definition.map { .object(["$ref": .string("#/$defs/\($0)")]) } ?? root
    return check(document, against: schema, at: "$")
  }

  private static let annotations: Set<String> = ["$schema", "$id", "title", "description", "$defs"]

  private func check(_ value: JSONNode, against schema: JSONNode, at path: String) -> [String] {
    guard case .object(let keywords) = schema else { return ["\(path): the schema is not an object"] }
    var problems: [String] = []
    for (keyword, argument) in keywords.sorted(by: { $0.key < $1.key }) {
      switch keyword {
      case "$ref":
        let prefix = "#/$defs/"
        guard let reference = argument.text, reference.hasPrefix(prefix),
          let target = root["$defs"]?[String(reference.dropFirst(prefix.count))]
        else {
          problems.append("\(path): unresolvable $ref \(argument)")
          continue
        }
        problems += check(value, against: target, at: path)
      case "type":
        let names = argument.elements?.compactMap(\.text) ?? argument.text.map { [$0] } ?? []
        if !names.contains(where: { Self.isOfType(value, $0) }) {
          problems.append("\(path): \(Self.describe(value)) is not of type \(names.joined(separator: " or "))")
        }
      case "const":
        if value != argument { problems.append("\(path): \(Self.describe(value)) is not \(argument)") }
      case "enum":
        if !(argument.elements ?? []).contains(value) {
          problems.append("\(path): \(Self.describe(value)) is not one of \(argument.elements ?? [])")
        }
      case "required":
        guard case .object(let members) = value else { continue }
        for name in argument.elements?.compactMap(\.text) ?? [] where members[name] == nil {
          problems.append("\(path): the member '\(name)' is missing")
        }
      case "properties":
        guard case .object(let members) = value, case .object(let properties) = argument else { continue }
        for (name, member) in members.sorted(by: { $0.key < $1.key }) {
          if let property = properties[name] { problems += check(member, against: property, at: "\(path).\(name)") }
        }
      case "additionalProperties":
        guard case .object(let members) = value else { continue }
        var known: Set<String> = []
        if case .object(let properties) = keywords["properties"] { known = Set(properties.keys) }
        for (name, member) in members.sorted(by: { $0.key < $1.key }) where !known.contains(name) {
          if argument == .bool(false) {
            problems.append("\(path): the member '\(name)' is not in the schema")
          } else if argument != .bool(true) {
            problems += check(member, against: argument, at: "\(path).\(name)")
          }
        }
      case "items":
        guard case .array(let elements) = value else { continue }
        for (index, element) in elements.enumerated() {
          problems += check(element, against: argument, at: "\(path)[\(index)]")
        }
      case "oneOf":
        let branches = argument.elements ?? []
        let matching = branches.filter { check(value, against: $0, at: path).isEmpty }.count
        if matching != 1 {
          problems.append("\(path): \(Self.describe(value)) matches \(matching) of the \(branches.count) oneOf schemas")
        }
      case _ where Self.annotations.contains(keyword):
        continue
      default:
        problems.append("\(path): the validator does not know the keyword '\(keyword)'")
      }
    }
    return problems
  }

  private static func isOfType(_ value: JSONNode, _ name: String) -> Bool {
    switch (name, value) {
    case ("null", .null), ("boolean", .bool), ("number", .number), ("string", .string), ("array", .array),
      ("object", .object):
      true
    case ("integer", .number(_, let isInteger)): isInteger
    default: false
    }
  }

  private static func describe(_ value: JSONNode) -> String {
    switch value {
    case .null: "null"
    case .bool(let flag): "\(flag)"
    case .number(let number, _): "\(number)"
    case .string(let text): "'\(text)'"
    case .array: "an array"
    case .object: "an object"
    }
  }
}
