// swift-tools-version: 6.0
// An application that depends on Stagehand by path, as the README's "Containers" section says: it gets the bundled
// styles with no environment variable and no installed command. CI builds and runs it (.ci/run).

import Foundation
import PackageDescription

/// Stagehand's package identity: the name of the checkout's directory, whatever the clone was called.
let stagehand = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent()
  .deletingLastPathComponent().lastPathComponent.lowercased()

/// The bundled plugin products: SwiftPM builds each library next to the application, where the registry's search
/// path looks ("next to the executable"). Nothing calls their code in the application's process: the application
/// serves as its own sandboxed plugin process (`PluginProcessHosting.runIfAsked()`).
let bundledPlugins = [
  "StagehandCrossDissolve", "StagehandPush", "StagehandCover", "StagehandFlip", "StagehandNone", "StagehandFlow",
  "StagehandEmerge", "StagehandRotate", "StagehandCube", "StagehandReveal", "StagehandClip", "StagehandZoomThrough",
  "StagehandDoor", "StagehandFadeThrough", "StagehandSpring",
]

let package = Package(
  name: "HelloStack",
  dependencies: [.package(path: "../..")],
  targets: [
    .executableTarget(
      name: "HelloStack",
      dependencies: [
        .product(name: "StagehandCatalog", package: stagehand),
        .product(name: "StagehandContainers", package: stagehand),
        .product(name: "StagehandRender", package: stagehand),
      ] + bundledPlugins.map { .product(name: $0, package: stagehand) })
  ]
)
