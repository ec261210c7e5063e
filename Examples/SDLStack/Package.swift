// swift-tools-version: 6.0
// An application that draws a Stack into a real window with SDL2 (Debian's libsdl2-dev): click to push, drag to pop,
// release to finish or cancel. It depends on Stagehand by path, like Examples/HelloStack, so the main package needs
// nothing new; its test starts it under Xvfb and drives it with xdotool (CI: .ci/run).

import Foundation
import PackageDescription

/// Stagehand's package identity: the name of the checkout's directory, whatever the clone was called.
let stagehand = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent()
  .deletingLastPathComponent().lastPathComponent.lowercased()

/// The bundled plugin products: SwiftPM builds each library next to the application, where the registry's search
/// path looks. The application serves as its own sandboxed plugin process (`PluginProcessHosting.runIfAsked()`).
let bundledPlugins = [
  "StagehandCrossDissolve", "StagehandPush", "StagehandCover", "StagehandFlip", "StagehandNone", "StagehandFlow",
  "StagehandEmerge", "StagehandRotate", "StagehandCube", "StagehandReveal", "StagehandClip", "StagehandZoomThrough",
  "StagehandDoor", "StagehandFadeThrough", "StagehandSpring",
]

let package = Package(
  name: "SDLStack",
  dependencies: [.package(path: "../..")],
  targets: [
    .systemLibrary(
      name: "CSDL2", pkgConfig: "sdl2", providers: [.apt(["libsdl2-dev"])]),
    .executableTarget(
      name: "SDLStack",
      dependencies: [
        "CSDL2",
        .product(name: "StagehandCatalog", package: stagehand),
        .product(name: "StagehandContainers", package: stagehand),
        .product(name: "StagehandRender", package: stagehand),
      ] + bundledPlugins.map { .product(name: $0, package: stagehand) }),
    .testTarget(
      name: "SDLStackTests",
      dependencies: [
        .product(name: "StagehandCatalog", package: stagehand),
        .product(name: "StagehandRender", package: stagehand),
      ]),
  ]
)
