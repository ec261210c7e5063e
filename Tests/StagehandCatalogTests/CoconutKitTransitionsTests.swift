import CStagehandPlugin
import Foundation
import StagehandAnimation
import StagehandCatalog
import StagehandTestSupport
import Testing

/// All 48 transition classes of CoconutKit's HLSTransition.h, by their names in Stagehand, with the intrinsic duration
/// each plays here. Stagehand's names are CoconutKit's class names without the HLSTransition prefix, in kebab case.
private let coconutKitTransitions: [(coconutKit: String, stagehand: String, duration: Double)] = [
  // org.stagehand.none
  ("HLSTransitionNone", "none", 0),
  // org.stagehand.cover: one 0.4 s step; the push-to-back versions scale the old content to 0.95.
  ("HLSTransitionCoverFromBottom", "cover-from-bottom", 0.4),
  ("HLSTransitionCoverFromTop", "cover-from-top", 0.4),
  ("HLSTransitionCoverFromLeft", "cover-from-left", 0.4),
  ("HLSTransitionCoverFromRight", "cover-from-right", 0.4),
  ("HLSTransitionCoverFromTopLeft", "cover-from-top-left", 0.4),
  ("HLSTransitionCoverFromTopRight", "cover-from-top-right", 0.4),
  ("HLSTransitionCoverFromBottomLeft", "cover-from-bottom-left", 0.4),
  ("HLSTransitionCoverFromBottomRight", "cover-from-bottom-right", 0.4),
  ("HLSTransitionCoverFromBottomPushToBack", "cover-from-bottom-push-to-back", 0.4),
  ("HLSTransitionCoverFromTopPushToBack", "cover-from-top-push-to-back", 0.4),
  ("HLSTransitionCoverFromLeftPushToBack", "cover-from-left-push-to-back", 0.4),
  ("HLSTransitionCoverFromRightPushToBack", "cover-from-right-push-to-back", 0.4),
  ("HLSTransitionCoverFromTopLeftPushToBack", "cover-from-top-left-push-to-back", 0.4),
  ("HLSTransitionCoverFromTopRightPushToBack", "cover-from-top-right-push-to-back", 0.4),
  ("HLSTransitionCoverFromBottomLeftPushToBack", "cover-from-bottom-left-push-to-back", 0.4),
  ("HLSTransitionCoverFromBottomRightPushToBack", "cover-from-bottom-right-push-to-back", 0.4),
  // org.stagehand.cross-dissolve
  ("HLSTransitionFadeIn", "fade-in", 0.4),
  ("HLSTransitionFadeInPushToBack", "fade-in-push-to-back", 0.4),
  ("HLSTransitionCrossDissolve", "cross-dissolve", 0.4),
  // org.stagehand.push. CoconutKit's fade-in versions last 0.6 s (0.4 s slide, 0.2 s fade); a style has one
  // intrinsic duration, so here they keep that 2:1 proportion within push's 0.4 s.
  ("HLSTransitionPushFromBottom", "push-from-bottom", 0.4),
  ("HLSTransitionPushFromTop", "push-from-top", 0.4),
  ("HLSTransitionPushFromLeft", "push-from-left", 0.4),
  ("HLSTransitionPushFromRight", "push-from-right", 0.4),
  ("HLSTransitionPushFromBottomFadeIn", "push-from-bottom-fade-in", 0.4),
  ("HLSTransitionPushFromTopFadeIn", "push-from-top-fade-in", 0.4),
  ("HLSTransitionPushFromLeftFadeIn", "push-from-left-fade-in", 0.4),
  ("HLSTransitionPushFromRightFadeIn", "push-from-right-fade-in", 0.4),
  ("HLSTransitionPushToBackFromBottom", "push-to-back-from-bottom", 0.4),
  ("HLSTransitionPushToBackFromTop", "push-to-back-from-top", 0.4),
  ("HLSTransitionPushToBackFromLeft", "push-to-back-from-left", 0.4),
  ("HLSTransitionPushToBackFromRight", "push-to-back-from-right", 0.4),
  // org.stagehand.flow: three 0.2 s steps.
  ("HLSTransitionFlowFromBottom", "flow-from-bottom", 0.6),
  ("HLSTransitionFlowFromTop", "flow-from-top", 0.6),
  ("HLSTransitionFlowFromLeft", "flow-from-left", 0.6),
  ("HLSTransitionFlowFromRight", "flow-from-right", 0.6),
  // org.stagehand.emerge
  ("HLSTransitionEmergeFromCenter", "emerge-from-center", 0.4),
  ("HLSTransitionEmergeFromCenterPushToBack", "emerge-from-center-push-to-back", 0.4),
  // org.stagehand.flip: two 0.3 s halves.
  ("HLSTransitionFlipVertically", "flip-vertically", 0.6),
  ("HLSTransitionFlipHorizontally", "flip-horizontally", 0.6),
  // org.stagehand.rotate: two 0.3 s eighths of a turn.
  (
    "HLSTransitionRotateHorizontallyFromBottomCounterclockwise", "rotate-horizontally-from-bottom-counterclockwise", 0.6
  ),
  ("HLSTransitionRotateHorizontallyFromBottomClockwise", "rotate-horizontally-from-bottom-clockwise", 0.6),
  ("HLSTransitionRotateHorizontallyFromTopCounterclockwise", "rotate-horizontally-from-top-counterclockwise", 0.6),
  ("HLSTransitionRotateHorizontallyFromTopClockwise", "rotate-horizontally-from-top-clockwise", 0.6),
  ("HLSTransitionRotateVerticallyFromLeftCounterclockwise", "rotate-vertically-from-left-counterclockwise", 0.6),
  ("HLSTransitionRotateVerticallyFromLeftClockwise", "rotate-vertically-from-left-clockwise", 0.6),
  ("HLSTransitionRotateVerticallyFromRightCounterclockwise", "rotate-vertically-from-right-counterclockwise", 0.6),
  ("HLSTransitionRotateVerticallyFromRightClockwise", "rotate-vertically-from-right-clockwise", 0.6),
]

/// The presets that follow the layout direction, with the fixed presets they equal in a left-to-right layout and in a
/// right-to-left one.
private let directionalPresets: [(name: String, leftToRight: String, rightToLeft: String)] = [
  ("push-from-leading", "push-from-left", "push-from-right"),
  ("push-from-trailing", "push-from-right", "push-from-left"),
  ("push-from-leading-fade-in", "push-from-left-fade-in", "push-from-right-fade-in"),
  ("push-from-trailing-fade-in", "push-from-right-fade-in", "push-from-left-fade-in"),
  ("push-to-back-from-leading", "push-to-back-from-left", "push-to-back-from-right"),
  ("push-to-back-from-trailing", "push-to-back-from-right", "push-to-back-from-left"),
  ("cover-from-leading", "cover-from-left", "cover-from-right"),
  ("cover-from-trailing", "cover-from-right", "cover-from-left"),
  ("cover-from-leading-push-to-back", "cover-from-left-push-to-back", "cover-from-right-push-to-back"),
  ("cover-from-trailing-push-to-back", "cover-from-right-push-to-back", "cover-from-left-push-to-back"),
  ("flow-from-leading", "flow-from-left", "flow-from-right"),
  ("flow-from-trailing", "flow-from-right", "flow-from-left"),
]

@Suite("CoconutKit's transitions")
struct CoconutKitTransitionsTests {
  static let bounds = Rect(x: 0, y: 0, width: 320, height: 480)

  @Test("all 48 of CoconutKit's transition classes have a name, each its own")
  func allFortyEight() {
    #expect(coconutKitTransitions.count == 48)
    #expect(Set(coconutKitTransitions.map(\.coconutKit)).count == 48)
    #expect(Set(coconutKitTransitions.map(\.stagehand)).count == 48)
  }

  @Test(
    "each CoconutKit transition resolves through the bundled registry and plays its intrinsic duration",
    arguments: coconutKitTransitions.map { [$0.coconutKit, $0.stagehand, "\($0.duration)"] })
  func resolves(row: [String]) throws {
    let (coconutKit, name, duration) = (row[0], row[1], Double(row[2])!)
    let resolved = try bundledRegistry.resolve(name)
    #expect(resolved.name == name, "\(coconutKit)")
    let animation = try bundledRegistry.forward(Transition(name), in: TransitionContext(bounds: Self.bounds))
    #expect(abs(animation.duration - duration) < 1e-9, "\(coconutKit) as \(name)")
    #expect(abs(resolved.entry.style.defaultDuration - duration) < 1e-9, "\(coconutKit) as \(name)")
  }

  @Test(
    "leading and trailing presets follow the layout direction",
    arguments: directionalPresets.map { [$0.name, $0.leftToRight, $0.rightToLeft] })
  func layoutDirection(row: [String]) throws {
    let (name, leftToRight, rightToLeft) = (row[0], row[1], row[2])
    for direction in LayoutDirection.allCases {
      let context = TransitionContext(bounds: Self.bounds, layoutDirection: direction)
      let fixed = direction == .leftToRight ? leftToRight : rightToLeft
      let forward = try bundledRegistry.forward(Transition(name), in: context)
      #expect(forward == (try bundledRegistry.forward(Transition(fixed), in: context)), "\(name) in \(direction)")
      let inverse = try bundledRegistry.inverse(Transition(name), in: context)
      #expect(inverse == (try bundledRegistry.inverse(Transition(fixed), in: context)), "\(name) in \(direction)")
    }
  }

  @Test("in a right-to-left layout, the new content pushed from the leading edge starts on the right")
  func leadingIsRightInRightToLeft() throws {
    let push = Transition("push-from-leading")
    let rightToLeft = TransitionContext(bounds: Self.bounds, layoutDirection: .rightToLeft)
    #expect(try bundledRegistry.forward(push, in: rightToLeft).sample(at: 0).appearing.translation.x == 320)
    let leftToRight = TransitionContext(bounds: Self.bounds, layoutDirection: .leftToRight)
    #expect(try bundledRegistry.forward(push, in: leftToRight).sample(at: 0).appearing.translation.x == -320)
    // The direction parameter takes the labels too, after the four fixed edges.
    let trailing = Transition("push", parameters: ["direction": "trailing"])
    #expect(try bundledRegistry.forward(trailing, in: rightToLeft).sample(at: 0).appearing.translation.x == -320)
  }
}

/// The reduced-motion fallback each style of the CoconutKit plugins names (stagehand_plugin.h, sh_style), `nil` for
/// none: everything that moves, turns or zooms falls back to a fade; the fades and `none` name nothing.
private let fallbacks: [(library: String, style: String, fallback: String?)] = [
  ("libStagehandNone.so", "none", nil),
  ("libStagehandCrossDissolve.so", "cross-dissolve", nil),
  ("libStagehandCrossDissolve.so", "fade-in", nil),
  ("libStagehandPush.so", "push", "org.stagehand.cross-dissolve:cross-dissolve"),
  ("libStagehandCover.so", "cover", "org.stagehand.cross-dissolve:fade-in"),
  ("libStagehandFlow.so", "flow", "org.stagehand.cross-dissolve:cross-dissolve"),
  ("libStagehandEmerge.so", "emerge", "org.stagehand.cross-dissolve:fade-in"),
  ("libStagehandFlip.so", "flip", "org.stagehand.cross-dissolve:cross-dissolve"),
  ("libStagehandRotate.so", "rotate", "org.stagehand.cross-dissolve:cross-dissolve"),
]

@Suite("Reduced-motion fallbacks of CoconutKit's transitions")
struct CoconutKitFallbackTests {
  /// The fallback field of `style` in the descriptor of `library`, read straight from the library.
  static func fallback(library: String, style: String) throws -> String? {
    let path = BuiltProducts.directory.appendingPathComponent(library).path
    let handle = try #require(dlopen(path, RTLD_NOW | RTLD_LOCAL), "\(String(cString: dlerror()))")
    let symbol = try #require(dlsym(handle, SH_PLUGIN_ENTRY_NAME))
    let plugin = unsafeBitCast(symbol, to: sh_plugin_entry.self)()!.pointee
    #expect(plugin.abi_minor == 3)
    let styles = UnsafeBufferPointer(start: plugin.styles, count: Int(plugin.style_count))
    let entry = try #require(styles.first { String(cString: $0.name) == style }, "\(library) has no \(style)")
    return entry.reduced_motion_fallback.map { String(cString: $0) }
  }

  @Test(
    "each style names its fallback, and the fallback resolves through the bundled registry",
    arguments: fallbacks.map { [$0.library, $0.style, $0.fallback ?? ""] })
  func namesItsFallback(row: [String]) throws {
    let (library, style, expected) = (row[0], row[1], row[2].isEmpty ? nil : row[2])
    #expect(try Self.fallback(library: library, style: style) == expected)
    if let expected {
      let resolved = try bundledRegistry.resolve(expected)
      // A fallback is a fade: it neither moves nor names a fallback of its own.
      #expect(try Self.fallback(library: libraryName(of: resolved), style: resolved.entry.style.name) == nil)
    }
  }

  private func libraryName(of resolved: ResolvedStyle) -> String {
    URL(fileURLWithPath: resolved.entry.plugin.file).lastPathComponent
  }
}
