// swift-tools-version: 6.0
// Fuzzing harnesses for Stagehand, kept in their own package so that the libFuzzer builds stay out of the main one.
//
// Each harness is an executable that libFuzzer drives: it has no main of its own, only LLVMFuzzerTestOneInput, and
// builds only with `--sanitize=fuzzer`. Run them all with `bash Fuzz/run.sh`, which shows the exact build command
// (see also the README's Development section). The harnesses reach the main package's internals through its public
// API and `@_spi(Fuzzing)` only: `package` access does not cross packages.

import PackageDescription

let package = Package(
  name: "StagehandFuzz",
  products: [
    // The fixture plugin the descriptor harness opens: it serves a descriptor made from the fuzzer's bytes.
    .library(name: "StagehandFuzzPlugin", type: .dynamic, targets: ["CStagehandFuzzPlugin"])
  ],
  dependencies: [
    .package(name: "Stagehand", path: "..")
  ],
  targets: [
    // What the harnesses share: failing with a message, comparing animations, the rules of the plugin header.
    .target(
      name: "FuzzSupport",
      dependencies: [
        .product(name: "StagehandPlugins", package: "Stagehand"),
        .product(name: "StagehandAnimation", package: "Stagehand"),
      ],
      path: "Harnesses/FuzzSupport"),

    // Command-line values: durations, sizes, --param assignments, parameter values, scan time limits.
    .executableTarget(
      name: "FuzzCommandLine",
      dependencies: [
        "FuzzSupport",
        .product(name: "StagehandCommandLine", package: "Stagehand"),
        .product(name: "StagehandCatalog", package: "Stagehand"),
        .product(name: "StagehandPlugins", package: "Stagehand"),
      ],
      path: "Harnesses/FuzzCommandLine"),

    // The descriptor reader and the builders' host functions, through the fixture plugin.
    .target(
      name: "CStagehandFuzzPlugin",
      dependencies: [.product(name: "StagehandPluginABI", package: "Stagehand")],
      path: "Harnesses/CStagehandFuzzPlugin"),
    .executableTarget(
      name: "FuzzDescriptor",
      dependencies: [
        "FuzzSupport",
        .product(name: "StagehandPlugins", package: "Stagehand"),
        .product(name: "StagehandAnimation", package: "Stagehand"),
      ],
      path: "Harnesses/FuzzDescriptor"),

    // The manifest reader (JSON).
    .executableTarget(
      name: "FuzzManifest",
      dependencies: ["FuzzSupport", .product(name: "StagehandCatalog", package: "Stagehand")],
      path: "Harnesses/FuzzManifest"),

    // Image decoding: PNG and JPEG files through the C shim of StagehandRender.
    .executableTarget(
      name: "FuzzImage",
      dependencies: ["FuzzSupport", .product(name: "StagehandRender", package: "Stagehand")],
      path: "Harnesses/FuzzImage"),

    // The registry cache reader (binary), with the plugin descriptions and errors it holds. `RegistryCache` and
    // `ScanAnswer` live in the modules StagehandCache and StagehandScanning, which the catalog re-exports:
    // `@_spi(Fuzzing) import StagehandCatalog` reaches their `@_spi(Fuzzing)` entries too.
    .executableTarget(
      name: "FuzzRegistryCache",
      dependencies: ["FuzzSupport", .product(name: "StagehandCatalog", package: "Stagehand")],
      path: "Harnesses/FuzzRegistryCache"),
  ],
  swiftLanguageModes: [.v6]
)
