// swift-tools-version: 6.1
// Benchmarks for Stagehand, kept in their own package so that the benchmark dependencies stay out of the main one.
//
// Run from this directory with `swift package benchmark` (see README.md).

import PackageDescription

let package = Package(
  name: "StagehandBenchmarks",
  dependencies: [
    .package(name: "Stagehand", path: ".."),
    // Only the MallocInterposer trait: it gives the malloc counts and needs no system library. Naming the traits
    // turns the default ones off, so the RuntimeInterposer trait (Linux, Swift 6.3) is not enabled.
    .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
  ],
  targets: [
    .executableTarget(
      name: "AnimationBenchmarks",
      dependencies: [
        .product(name: "StagehandAnimation", package: "Stagehand"),
        .product(name: "StagehandContainers", package: "Stagehand"),
        .product(name: "Benchmark", package: "benchmark"),
      ],
      path: "Benchmarks/AnimationBenchmarks",
      plugins: [
        .plugin(name: "BenchmarkPlugin", package: "benchmark")
      ]
    ),
    .executableTarget(
      name: "RegistryBenchmarks",
      dependencies: [
        .product(name: "StagehandAnimation", package: "Stagehand"),
        .product(name: "StagehandPlugins", package: "Stagehand"),
        .product(name: "StagehandCatalog", package: "Stagehand"),
        .product(name: "Benchmark", package: "benchmark"),
      ],
      path: "Benchmarks/RegistryBenchmarks",
      plugins: [
        .plugin(name: "BenchmarkPlugin", package: "benchmark")
      ]
    ),
    .executableTarget(
      name: "CacheBenchmarks",
      dependencies: [
        .product(name: "StagehandPlugins", package: "Stagehand"),
        .product(name: "StagehandCatalog", package: "Stagehand"),
        .product(name: "Benchmark", package: "benchmark"),
      ],
      path: "Benchmarks/CacheBenchmarks",
      plugins: [
        .plugin(name: "BenchmarkPlugin", package: "benchmark")
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
