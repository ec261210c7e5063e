import Foundation
import StagehandCatalog
import StagehandPlugins
import StagehandTestSupport

/// Plugin descriptions, errors and cache records for the tests of the cache and its binary format.
enum CacheSamples {
  /// A plugin with one style of every parameter type, presets, a unit and non-ASCII text.
  static let info = PluginInfo(
    id: "org.example.sample", version: "1.2.3-beta.1+build.7", name: "Sample ✨", author: "Zoë Example",
    license: "Apache-2.0 OR MIT", description: "A plugin made by hand for the tests: ümlauts, emoji 🎬, \"quotes\".",
    abiVersion: "1.1",
    styles: [
      StyleInfo(
        name: "slide", summary: "Slides the new content in.", defaultDuration: 0.35, uses3D: false, isSymmetric: false,
        hasInverseBuilder: true,
        parameters: [
          ParameterInfo(
            symbol: "direction", type: .enum, minimum: 0, maximum: 3, defaultValue: 1,
            labels: ["left", "right", "top", "bottom"], description: "Where the new content comes from."),
          ParameterInfo(
            symbol: "distance", type: .double, minimum: -0.0, maximum: 2.5, defaultValue: 1, unit: "widths",
            description: "How far it travels."),
          ParameterInfo(
            symbol: "bounces", type: .int, minimum: -3, maximum: 2_147_483_647, defaultValue: 0,
            description: "How often it bounces."),
          ParameterInfo(
            symbol: "fade", type: .bool, minimum: 0, maximum: 1, defaultValue: 1, description: "Whether it fades."),
        ],
        presets: [
          PresetInfo(
            name: "slide-from-top", summary: "From the top.",
            values: [
              PresetValue(parameter: "direction", value: "top"), PresetValue(parameter: "distance", value: "0.5"),
              PresetValue(parameter: "bounces", value: "-2"), PresetValue(parameter: "fade", value: "false"),
            ]),
          PresetInfo(name: "slide-plain", summary: "", values: []),
        ], reducedMotionFallback: "spin"),
      StyleInfo(
        name: "spin", summary: "", defaultDuration: 0, uses3D: true, isSymmetric: true, hasInverseBuilder: false,
        parameters: [], presets: [], reducedMotionFallback: "org.example.other:cross-fade"),
    ])

  /// A plugin as the benchmark and most records use it: one style, two parameters, one preset.
  static func smallInfo(_ index: Int) -> PluginInfo {
    PluginInfo(
      id: "org.example.plugin\(index)", version: "1.0.\(index)", name: "Plugin \(index)", author: "The authors",
      license: "MIT", description: "A third-party plugin that provides one transition style.", abiVersion: "1.0",
      styles: [
        StyleInfo(
          name: "style\(index)", summary: "Moves the new content in.", defaultDuration: 0.4, uses3D: false,
          isSymmetric: false, hasInverseBuilder: false,
          parameters: [
            ParameterInfo(
              symbol: "direction", type: .enum, minimum: 0, maximum: 1, defaultValue: 0, labels: ["left", "right"],
              description: "Where the new content comes from."),
            ParameterInfo(
              symbol: "scale", type: .double, minimum: 0, maximum: 1, defaultValue: 0.5, unit: "fraction",
              description: "The size the new content starts from."),
          ],
          presets: [
            PresetInfo(
              name: "style\(index)-from-right", summary: "From the right.",
              values: [PresetValue(parameter: "direction", value: "right")])
          ])
      ])
  }

  /// One error of every reason of `PluginError.Reason`.
  static let reasons: [PluginError.Reason] = [
    .cannotOpen(loaderMessage: "/x/libbad.so: invalid ELF header"), .missingEntry(symbol: "stagehand_plugin_v1"),
    .nullDescriptor, .abiMajorMismatch(found: 2, supported: 1), .abiMinorTooNew(found: 7, supported: 0),
    .structTooSmall(structName: "sh_style", size: 8, minimum: 96),
    .inconsistentStructSize(structName: "sh_parameter", first: 80, other: Int.max),
    .missingString(field: "name"), .invalidUTF8(field: "summary"), .stringTooLong(field: "description", limit: 1024),
    .badName(field: "id", value: "Not An Id", rule: Names.pluginIDRule),
    .duplicateName(field: "style or preset name", value: "push"),
    .badCount(field: "style_count", count: 0, allowed: 1...256), .missingArray(field: "labels"),
    .unexpectedArray(field: "labels", type: "int"), .unknownParameterType(-7),
    .badRange(minimum: 2, defaultValue: -Double.infinity, maximum: 1, rule: "minimum <= default <= maximum"),
    .reservedFlags(0x8000_0000), .badDefaultDuration(-1.5), .missingBuilder,
    .badPreset(preset: "push-up", problem: "names parameter 'up', which the style does not have"),
    .cannotPrepareCall, .buildFailed(status: -4, message: "out of ideas"), .buildFailed(status: 3, message: nil),
    .pointsOutsideLibrary(function: "builder"), .badFallback(value: "slide", problem: "names the style itself"),
    .untrustedDependency(path: "/tmp/deps/libdep.so", problem: "its directory /tmp/deps is writable by every user"),
  ]

  /// The number of a reason's case, so that a test can check that `reasons` holds every case.
  static func caseNumber(_ reason: PluginError.Reason) -> Int {
    switch reason {
    case .cannotOpen: 0
    case .missingEntry: 1
    case .nullDescriptor: 2
    case .abiMajorMismatch: 3
    case .abiMinorTooNew: 4
    case .structTooSmall: 5
    case .inconsistentStructSize: 6
    case .missingString: 7
    case .invalidUTF8: 8
    case .stringTooLong: 9
    case .badName: 10
    case .duplicateName: 11
    case .badCount: 12
    case .missingArray: 13
    case .unexpectedArray: 14
    case .unknownParameterType: 15
    case .badRange: 16
    case .reservedFlags: 17
    case .badDefaultDuration: 18
    case .missingBuilder: 19
    case .badPreset: 20
    case .cannotPrepareCall: 21
    case .buildFailed: 22
    case .pointsOutsideLibrary: 23
    case .badFallback: 24
    case .untrustedDependency: 25
    }
  }

  /// Errors with and without the plugin, style and parameter.
  static let errors: [PluginError] =
    reasons.map { PluginError(file: "/usr/lib/stagehand/plugins/libbroken.so", reason: $0) } + [
      PluginError(
        file: "/p/libx.so", plugin: "org.example.x", style: "slide", parameter: "direction",
        reason: .badCount(field: "label_count", count: 65, allowed: 1...64)),
      PluginError(file: "relative/libx.so", plugin: "org.example.x", reason: .missingBuilder),
    ]

  /// An identity that looks like a real file's.
  static func identity(_ index: Int) -> FileIdentity {
    FileIdentity(
      device: 2049, inode: UInt64(1_000_000 + index), size: Int64(20_000 + index),
      modificationSeconds: 1_790_000_000 + Int64(index),
      modificationNanoseconds: Int64(index * 1_000_003 % 1_000_000_000),
      changeSeconds: 1_790_000_100 + Int64(index), changeNanoseconds: Int64(index * 999_983 % 1_000_000_000),
      mode: 0o100644, owner: 1000)
  }

  /// Records of every outcome.
  static let records: [CacheRecord] = {
    let outcomes: [ScanOutcome] = [
      .ok(info, notes: []), .ok(smallInfo(1), notes: ["printed 12 bytes to standard output while loading", "ünïcode"]),
      .refused(errors[0]), .refused(errors[errors.count - 2]), .quarantined(.signal(11)),
      .quarantined(.timeout(seconds: 5)), .quarantined(.exited(status: 0)),
      .quarantined(.garbage("a descriptor of 3 bytes, not a scan report")), .quarantined(.hostEnded),
    ]
    return outcomes.enumerated().map { index, outcome in
      CacheRecord(
        path: "/usr/lib/stagehand/plugins/libplugin\(index).so", identity: identity(index),
        sha256: sampleDigest("library \(index)"), outcome: outcome)
    }
  }()

  /// `count` records of ok plugins, named by `prefix`.
  static func okRecords(_ count: Int, prefix: String = "lib") -> [CacheRecord] {
    (0..<count).map { index in
      CacheRecord(
        path: "/home/user/.local/share/stagehand/plugins/\(prefix)\(index).so", identity: identity(index),
        sha256: sampleDigest("\(prefix) \(index)"), outcome: .ok(smallInfo(index), notes: []))
    }
  }

  /// The bundled plugin libraries that `swift build` put next to the test binary (not the frei0r core and module,
  /// which are no plugins).
  static var bundledLibraries: [String] {
    let directory = BuiltProducts.directory.path
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    return names.filter {
      $0.hasPrefix("libStagehand") && $0.hasSuffix(".so") && !PluginSearchPath.isNotPlugin(fileName: $0)
    }
    .sorted().map { directory + "/" + $0 }
  }
}

/// The SHA-256 of `text`, for sample records (libcrypto is there wherever the tests build: the build needs it).
func sampleDigest(_ text: String) -> LibraryDigest {
  // swift-format-ignore: NeverUseForceTry
  try! LibraryDigest.hashing(Array(text.utf8))
}
