import Foundation
import StagehandPlugins
import StagehandTestSupport
import Testing

/// `PluginStatus`, the one Swift type of the header's status codes: read from the header's text, every status code
/// has exactly one static member, with the header's value and name, and every value round-trips through `rawValue`.
@Suite("Plugin status codes")
struct PluginStatusTests {
  /// The status codes `#define`d in stagehand_plugin.h (SH_OK and SH_ERROR_*), with their values, in the header's order.
  static let headerStatuses: [(name: String, value: Int32)] = {
    let header = CFixture.headerDirectory + "/stagehand_plugin.h"
    guard let text = try? String(contentsOfFile: header, encoding: .utf8) else { return [] }
    let definition = #/^#define\s+(SH_OK|SH_ERROR_[A-Z_]+)\s+\(?(-?[0-9]+)\)?/#
    return text.split(separator: "\n").compactMap { line in
      guard let match = line.firstMatch(of: definition), let value = Int32(match.output.2) else { return nil }
      return (String(match.output.1), value)
    }
  }()

  /// The static members of `PluginStatus`, one per status code of the header, with the name each stands for.
  static let members: [(member: PluginStatus, name: String)] = [
    (.ok, "SH_OK"), (.invalidArgument, "SH_ERROR_INVALID_ARGUMENT"), (.noStep, "SH_ERROR_NO_STEP"),
    (.limit, "SH_ERROR_LIMIT"), (.failed, "SH_ERROR_FAILED"),
  ]

  @Test("the header defines status codes, and each has a static member of its value and name")
  func everyHeaderStatusHasAMember() throws {
    let statuses = Self.headerStatuses
    #expect(statuses.count >= 5, "read \(statuses.count) status codes from the header; is the pattern stale?")
    for (name, value) in statuses {
      let member = try #require(
        Self.members.first { $0.name == name }, "\(name) of stagehand_plugin.h has no static member of PluginStatus")
      #expect(member.member.rawValue == value, "PluginStatus for \(name) is \(member.member.rawValue), not \(value)")
      #expect(PluginStatus(rawValue: value).name == name)
      #expect(PluginStatus(rawValue: value).description == name)
    }
    #expect(
      Set(Self.members.map(\.name)) == Set(statuses.map(\.name)),
      "the members and the header's status codes differ")
    #expect(PluginStatus.named.map(\.name) == statuses.map(\.name), "PluginStatus.named is not the header's list")
  }

  @Test("the static members are distinct and round-trip through their raw value")
  func membersAreDistinctAndRoundTrip() {
    #expect(Set(Self.members.map(\.member)).count == Self.members.count)
    #expect(Set(Self.members.map(\.member.rawValue)).count == Self.members.count)
    for (member, name) in Self.members {
      #expect(PluginStatus(rawValue: member.rawValue) == member, "\(name) does not round-trip")
      #expect(member.name == name)
    }
  }

  @Test("a value the header does not define has no name, and a build failure says so", arguments: [1, 7, -5, -1000])
  func undefinedValues(_ value: Int32) {
    let status = PluginStatus(rawValue: value)
    #expect(status.name == nil)
    #expect(status.description == "\(value)")
    let error = PluginError(file: "/p.so", reason: .buildFailed(status: value, message: nil))
    #expect(error.description.contains("status \(value) (not a status of stagehand_plugin.h)"))
  }

  @Test("a build failure names the header's error status", arguments: [-1, -2, -3, -4] as [Int32])
  func failuresNameTheStatus(_ value: Int32) throws {
    let name = try #require(Self.headerStatuses.first { $0.value == value }?.name)
    let error = PluginError(file: "/p.so", reason: .buildFailed(status: value, message: nil))
    #expect(error.description.contains("status \(value) (\(name))"))
  }
}
