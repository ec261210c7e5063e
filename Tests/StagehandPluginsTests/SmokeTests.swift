import StagehandAnimation
import StagehandPlugins
import StagehandTestSupport
import Testing

@Suite struct Smoke {
  @Test func loadPush() throws {
    let plugin = try LoadedPlugin.load(BuiltProducts.directory.appendingPathComponent("libStagehandPush.so").path)
    #expect(plugin.info.id == "org.stagehand.push")
    let a = try plugin.forward(
      styleIndex: 0, values: [.label(1), .label(0)], in: Rect(x: 0, y: 0, width: 320, height: 480))
    print(a.steps)
    let inv = try plugin.inverse(
      styleIndex: 0, values: [.label(1), .label(0)], in: Rect(x: 0, y: 0, width: 320, height: 480))
    print(inv.initialStates, inv.steps)
  }
}
