import Foundation
import StagehandTestSupport
import Testing

/// `stagehand preview` of a style with a wedge clip (ABI 1.2), end to end through the built command: the timeline
/// names each change and shows the wedge in the sampled states.
@Suite("stagehand preview: wedge clips")
struct WedgePreviewTests {
  @Test("the clock wipe's timeline shows the wedge's changes and its sweep growing in the sampled states")
  func timeline() throws {
    let result = try runStagehand(
      ["preview", "clock-wipe-from-three", "--param", "curve=linear"], environment: cleanEnvironment)
    #expect(result.status == 0, "\(result.standardError)")
    let out = result.standardOutput
    #expect(out.contains("step 1: at 0 s instantly: appearing clip wedge centre (0, 0) start 90° sweep -360°"))
    #expect(out.contains("step 2: at 0 s for 0.6 s, linear: appearing clip wedge centre (0, 0) start 0° sweep 360°"))
    // The forward animation comes first: its appearing layer's lines, up to the inverse's heading.
    let forward = out.components(separatedBy: "\ninverse")[0]
    let states = forward.split(separator: "\n").filter {
      $0.trimmingCharacters(in: .whitespaces).hasPrefix("appearing: ") && $0.contains("clip wedge")
    }
    #expect(states.first?.contains("clip wedge centre (0.5, 0.5) start 90° sweep 0°") == true, "\(states)")
    // Every sampled sweep lies between 0 and a whole turn, growing.
    let sweeps = states.compactMap { line -> Double? in
      guard let range = line.range(of: "sweep ") else { return nil }
      return Double(line[range.upperBound...].prefix { $0 != "°" })
    }
    #expect(sweeps.count >= 3 && sweeps == sweeps.sorted() && sweeps.allSatisfy { (0...360).contains($0) })
  }
}
