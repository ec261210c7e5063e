// swift-tools-version: 6.0
// InstructionCounts: a plain executable that callgrind runs to count instructions per operation (see
// ../instruction-counts.sh). It is a package of its own because `swift package benchmark` runs every executable of
// the benchmark package as a benchmark, and this one is not.

import PackageDescription

let package = Package(
  name: "InstructionCounts",
  dependencies: [.package(name: "Stagehand", path: "../..")],
  targets: [
    .executableTarget(
      name: "InstructionCounts",
      dependencies: [
        .product(name: "StagehandAnimation", package: "Stagehand"),
        .product(name: "StagehandPlugins", package: "Stagehand"),
        .product(name: "StagehandCatalog", package: "Stagehand"),
      ]
    )
  ],
  swiftLanguageModes: [.v6]
)
