// swift-tools-version: 6.0
// Stagehand: a catalog of transition styles loaded at run time from plugin libraries.

import PackageDescription

let package = Package(
  name: "Stagehand",
  platforms: [.macOS(.v13)],
  products: [
    .library(name: "StagehandAnimation", targets: ["StagehandAnimation"]),
    .executable(name: "stagehand", targets: ["stagehand"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser.git", exact: "1.8.2")
  ],
  targets: [
    // The animation model: geometry, layers, timing curves, steps, animations and their exact reversal.
    .target(name: "StagehandAnimation"),

    // The command-line host.
    .executableTarget(
      name: "stagehand",
      dependencies: [
        "StagehandAnimation",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),

    // Shared test support: seeded generators and comparison helpers.
    .target(name: "StagehandTestSupport", dependencies: ["StagehandAnimation"], path: "Tests/StagehandTestSupport"),

    .testTarget(name: "StagehandAnimationTests", dependencies: ["StagehandAnimation", "StagehandTestSupport"]),
    .testTarget(name: "StagehandCLITests", dependencies: ["stagehand", "StagehandTestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)
