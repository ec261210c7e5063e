import Foundation
import StagehandTestSupport
import Testing

/// `stagehand preview` of a style that dims (ABI 1.3), end to end through the built command: the timeline names the
/// dim change and shows the dim in the sampled states.
@Suite("stagehand preview: dims")
struct DimPreviewTests {
  @Test("cover-dimmed's timeline shows the dim change and the covered content darkening in the sampled states")
  func timeline() throws {
    let result = try runStagehand(["preview", "cover-dimmed"], environment: cleanEnvironment)
    #expect(result.status == 0, "\(result.standardError)")
    let out = result.standardOutput
    #expect(out.contains("direction=trailing push-to-back=false dim=0.2"))
    #expect(out.contains("ease-in-out: appearing translate (-320, 0, 0); disappearing dim +0.2"))
    // The forward animation comes first: its disappearing layer's lines, up to the inverse's heading.
    let forward = out.components(separatedBy: "\ninverse")[0]
    let dims = forward.split(separator: "\n").compactMap { line -> Double? in
      guard line.trimmingCharacters(in: .whitespaces).hasPrefix("disappearing: ") else { return nil }
      guard let range = line.range(of: "dim ") else { return 0 }
      return Double(line[range.upperBound...])
    }
    #expect(dims.count >= 3 && dims.first == 0 && dims.last == 0.2 && dims == dims.sorted(), "\(dims)")
  }
}
