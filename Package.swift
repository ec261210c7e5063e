// swift-tools-version: 6.0
// Stagehand: a catalog of transition styles loaded at run time from plugin libraries.
//
// Linux only (glibc; x86_64 and aarch64): the host needs /proc/self/fd and /proc/self/exe, glibc's dladdr1,
// memfd_create and posix_spawn_file_actions_addclosefrom_np, and plugins built with GNU ld version scripts.
// Sources/CStagehandSystem stops any other build with an #error that says so.

import PackageDescription

/// The executables link the Swift standard library and FoundationEssentials statically: start-up falls from 5.0 to
/// 3.5 ms (hyperfine, `stagehand --version`), which is most of `stagehand list`. A Swift plugin then brings its own
/// dynamic runtime into the process; nothing Swift crosses the plugin ABI, so the two never meet (Benchmarks/README.md).
/// The C++ runtime under it is linked statically too (`Linker/libstdc++.so`, a linker script): about 1.6 million
/// instructions fewer at every start.
///
/// `STAGEHAND_DYNAMIC_RUNTIME=1` links them with the dynamic runtime instead, for the sanitizer builds in `.ci/run`:
/// `-static-stdlib` hides the symbols of every static archive (`--exclude-libs ALL`), the sanitizer's runtime among
/// them, so a plugin built with `--sanitize` cannot be opened in them (`undefined symbol: __asan_init`).
let staticRuntime: [LinkerSetting] =
  Context.environment["STAGEHAND_DYNAMIC_RUNTIME"] == "1"
  ? []
  : [
    .unsafeFlags(["-static-stdlib", "-L", "\(Context.packageDirectory)/Linker"]), .linkedLibrary("_FoundationCShims"),
    .linkedLibrary("_FoundationCollections"),
  ]

/// Every Swift target of the package but the plugins is compiled with optimisation in debug builds too (the loop at
/// the end). Built without it, the generic code of the renderer's inner loops, of the registry, the recorder and the
/// cache, and of the tests' comparisons spent most of the test command's processor time in the runtime's metadata
/// lookups: `swift test` took 280 processor-seconds and 179 s on 2 cores (Benchmarks/README.md, "The test command's
/// time"). Precondition and overflow checks stay, as in every build; `swift build -Xswiftc -Onone` gives unoptimised
/// code for a debugger. Unsafe flags keep a product from being used through a versioned URL dependency, which the
/// bundled plugins' linker flags and the image library's warning flags already did: applications depend on Stagehand
/// by path or by branch (README.md, "Containers").
///
/// The sanitizer lanes of `.ci/run` set `STAGEHAND_UNOPTIMIZED_DEBUG=1`, which leaves it out: under ThreadSanitizer the
/// optimised tests reported a data race between two tests' arrays at one address (an array the optimiser had placed
/// in a task's own memory, reused by another task without a synchronisation the sanitizer sees).
let optimizedInDebug: [SwiftSetting] =
  Context.environment["STAGEHAND_UNOPTIMIZED_DEBUG"] == "1" ? [] : [.unsafeFlags(["-O"], .when(configuration: .debug))]

/// Plugins export their entry symbol only (the linker's version script in Plugins/Support).
/// The script's path is absolute: the linker runs in the root package's directory, which is another package's when an
/// application depends on the bundled plugin products.
let pluginExports: [LinkerSetting] = [
  .unsafeFlags(["-Xlinker", "--version-script=\(Context.packageDirectory)/Plugins/Support/exports.map"])
]

/// A plugin bundled with Stagehand: a dynamic library product `Stagehand<folder>` built from `Plugins/<folder>`,
/// depending on the C ABI only. A Swift plugin's folder links to Plugins/Support's two Swift files (see
/// Plugins/CrossDissolve); a C plugin hides every symbol but the entry. Adding a plugin is one line below.
struct BundledPlugin {
  /// The folder under Plugins/.
  var folder: String
  /// Whether it is written in C.
  var isC = false
  /// Whether the linker's version script of Plugins/Support limits its exports (the third-party example, built as
  /// its author would, relies on -fvisibility=hidden alone).
  var usesVersionScript = true

  /// The product's and the target's name.
  var name: String {
    "Stagehand" + folder.split(separator: "/").map { $0 == "Examples" ? "Example" : String($0) }.joined()
  }
  /// The dynamic library product.
  var product: Product { .library(name: name, type: .dynamic, targets: [name]) }
  /// The target, in its folder.
  var target: Target {
    .target(
      name: name, dependencies: ["CStagehandPlugin"], path: "Plugins/" + folder,
      cSettings: isC ? [.unsafeFlags(["-fvisibility=hidden", "-Wall", "-Wextra", "-Werror"])] : nil,
      // A C plugin may use <math.h> (clip.c's angle-wipe does): libm is named, not left to the Swift runtime's.
      linkerSettings: (usesVersionScript ? pluginExports : []) + (isC ? [.linkedLibrary("m")] : []))
  }

  /// A plugin in Swift.
  static func swift(_ folder: String) -> BundledPlugin { BundledPlugin(folder: folder) }
  /// A plugin in C.
  static func c(_ folder: String) -> BundledPlugin { BundledPlugin(folder: folder, isC: true) }
}

/// The built-in styles, one plugin library each.
let bundledPlugins: [BundledPlugin] = [
  // CoconutKit's transitions.
  .swift("CrossDissolve"), .swift("Push"), .swift("Cover"), .swift("Flip"), .swift("None"), .swift("Flow"),
  .swift("Emerge"), .swift("Rotate"),
  // The families beyond CoconutKit's: cube, reveal and uncover, wipes, irises and barn doors (in C), zoom through,
  // door and swing, fade through a colour, spring slides.
  .swift("Cube"), .swift("Reveal"), .c("Clip"), .swift("ZoomThrough"), .swift("Door"), .swift("FadeThrough"),
  .swift("Spring"),
  // The third-party example, in plain C.
  BundledPlugin(folder: "Examples/Zoom", isC: true, usesVersionScript: false),
]

let package = Package(
  name: "Stagehand",
  products: [
    .library(name: "StagehandAnimation", targets: ["StagehandAnimation"]),
    .library(name: "StagehandPlugins", targets: ["StagehandPlugins"]),
    .library(name: "StagehandCatalog", targets: ["StagehandCatalog"]),
    .library(name: "StagehandExport", targets: ["StagehandExport"]),
    .library(name: "StagehandRender", targets: ["StagehandRender"]),
    .library(name: "StagehandCheck", targets: ["StagehandCheck"]),
    .library(name: "StagehandContainers", targets: ["StagehandContainers"]),
    .library(name: "StagehandCommandLine", targets: ["StagehandCommandLine"]),
    // The plugin ABI header, for plugins built with SwiftPM in other packages (the fuzzing fixture in Fuzz/ is one).
    .library(name: "StagehandPluginABI", targets: ["CStagehandPlugin"]),
    .executable(name: "stagehand", targets: ["stagehand"]),
    .executable(name: "stagehand-scanner", targets: ["stagehand-scanner"]),
    // frei0r: the module `stagehand frei0r` copies once per style (plain C), and the core every module forwards to.
    .library(name: "StagehandFrei0rModule", type: .dynamic, targets: ["StagehandFrei0rModule"]),
    .library(name: "StagehandFrei0r", type: .dynamic, targets: ["StagehandFrei0r"]),
  ] + bundledPlugins.map(\.product),
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser.git", exact: "1.8.2"),
    // Sine, cosine, arc tangent and exponential for the animation model (RealModule).
    .package(url: "https://github.com/apple/swift-numerics.git", exact: "1.1.1"),
    // File descriptors and error numbers for the system layer (SystemPackage: FileDescriptor, Errno).
    .package(url: "https://github.com/apple/swift-system.git", exact: "1.8.1"),
    // `swift package generate-documentation`: DocC for the Swift modules (articles in each module's .docc folder).
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", exact: "1.5.0"),
  ],
  targets: [
    // The animation model: geometry, layers, timing curves, steps, animations and their exact reversal.
    .target(
      name: "StagehandAnimation", dependencies: [.product(name: "RealModule", package: "swift-numerics")]),

    // The system layer, internal to this package (no product): the one place of raw POSIX calls (files, pipes,
    // child processes, signals, threads, the terminal, the dynamic loader; one policy for interrupted calls, one error
    // type), and the locks the modules share (`Locked`, `Monitor`).
    // Descriptors are read, written, opened and closed through swift-system's `FileDescriptor`, error numbers are its
    // `Errno`; the calls it does not have (directories, renames, temporary files, spawning) are Glibc's.
    .target(
      name: "StagehandSystem",
      dependencies: ["CStagehandSystem", .product(name: "SystemPackage", package: "swift-system")]),

    // The plugin ABI: a header that is the whole spec of a plugin.
    .target(name: "CStagehandPlugin"),

    // libffi, from Debian's libffi-dev.
    .systemLibrary(name: "CStagehandFFI", pkgConfig: "libffi", providers: [.apt(["libffi-dev"])]),

    // The GNU/Linux calls Swift's Glibc module does not show (dladdr1, pipe2, memfd_create, posix_spawn's closefrom).
    .target(name: "CStagehandSystem"),

    // Opening plugins, validating their descriptors, calling their builders through libffi.
    .target(
      name: "StagehandPlugins",
      dependencies: [
        "StagehandAnimation", "StagehandSystem", "CStagehandPlugin", "CStagehandFFI", "CStagehandSystem",
      ]),

    // The registry cache: its binary format, read and written (the records, their frames and listings, the plugin
    // descriptions and errors they hold), the SHA-256 of a library, and the one trust rule (only the user or root may
    // change a file) that the cache, the scanner and the catalog share.
    .target(
      name: "StagehandCache",
      dependencies: ["StagehandPlugins", "StagehandAnimation", "StagehandSystem", "CStagehandSystem"]),

    // The isolated scanner: the child that opens new or changed libraries (and hosts the plugin process), the host's
    // side that starts, watches and reads it, the wire format between them, and the mark of a scan under way.
    .target(
      name: "StagehandScanning",
      dependencies: [
        "StagehandCache", "StagehandPlugins", "StagehandAnimation", "StagehandSystem", "CStagehandSystem",
      ]),

    // The catalog: search paths, the trust checks of directories and libraries, the allow-list, the plugin process
    // and the registry (resolve, load on first use, forward, inverse). It re-exports StagehandCache and
    // StagehandScanning, whose public types (`RegistryCache`, `CacheRecord`, `PluginScanner`...) its API takes.
    .target(
      name: "StagehandCatalog",
      dependencies: [
        "StagehandCache", "StagehandScanning", "StagehandPlugins", "StagehandAnimation", "StagehandSystem",
        "CStagehandSystem",
      ]),

    // The plugin validator (`stagehand check`): every rule of the header that loading and building can test, run in
    // a child process of its own.
    .target(
      name: "StagehandCheck",
      dependencies: [
        "StagehandPlugins", "StagehandAnimation", "StagehandCatalog", "StagehandScanning", "StagehandSystem",
        "CStagehandSystem",
      ]),

    // The scanner child (and the validator's): opens new or changed libraries in a process of its own, so that none
    // can harm the host.
    .executableTarget(
      name: "stagehand-scanner", dependencies: ["StagehandCatalog", "StagehandCheck"], linkerSettings: staticRuntime),

    // Containers that keep each content's transition: a stack and a placeholder.
    .target(name: "StagehandContainers", dependencies: ["StagehandAnimation", "StagehandSystem"]),

    // pixman, from Debian's libpixman-1-dev: the raster renderer's compositing.
    .systemLibrary(name: "CStagehandPixman", pkgConfig: "pixman-1", providers: [.apt(["libpixman-1-dev"])]),
    // libpng, libjpeg-turbo and libwebp's animation encoder, from Debian's -dev packages.
    .systemLibrary(name: "CStagehandPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
    .systemLibrary(name: "CStagehandJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg62-turbo-dev"])]),
    .systemLibrary(name: "CStagehandWebP", pkgConfig: "libwebpmux", providers: [.apt(["libwebp-dev"])]),
    // Image files in C: decoding and encoding with the libraries' longjmp error handling kept inside C, so that no
    // Swift frame is ever jumped over; every failure comes back as a status code and a message.
    .target(
      name: "CStagehandImages", dependencies: ["CStagehandPNG", "CStagehandJPEG", "CStagehandWebP"],
      cSettings: [.unsafeFlags(["-Wall", "-Wextra", "-Werror"])]),

    // Exporting transitions as text: CSS keyframes, their HTML page and the JSON timeline, with the frame states and
    // colours the renderer shares; pure Swift, no C image library.
    .target(name: "StagehandExport", dependencies: ["StagehandAnimation"]),

    // Drawing transitions: the pixman renderer, images in and out, the terminal preview; the temporary files that a
    // signal removes (CStagehandSystem). It re-exports StagehandExport, whose `RGB` and `FrameStates` its API takes.
    .target(
      name: "StagehandRender",
      dependencies: [
        "StagehandAnimation", "StagehandExport", "StagehandSystem", "CStagehandPixman", "CStagehandImages",
        "CStagehandSystem",
      ]),

    // frei0r mixer2 modules for MLT and GStreamer (Docs/VideoTools.md): the calls between a module and the core
    // (a header over Debian's frei0r.h, from frei0r-plugins-dev), the module in plain C, and the core in Swift, which
    // builds through the registry and draws with the renderer. The core stays loaded once opened (-z nodelete): a host
    // may close the modules, and unloading Swift code crashes the host later.
    .target(name: "CStagehandFrei0r", cSettings: [.unsafeFlags(["-Wall", "-Wextra", "-Werror"])]),
    .target(
      name: "StagehandFrei0rModule", dependencies: ["CStagehandFrei0r"],
      cSettings: [.unsafeFlags(["-fvisibility=hidden", "-Wall", "-Wextra", "-Werror"])]),
    .target(
      name: "StagehandFrei0r",
      dependencies: [
        "CStagehandFrei0r", "CStagehandImages", "StagehandAnimation", "StagehandPlugins", "StagehandCatalog",
        "StagehandRender", "StagehandSystem",
      ],
      linkerSettings: [.unsafeFlags(["-Xlinker", "-z", "-Xlinker", "nodelete"])]),

    // The values the command line takes (durations, sizes, parameter assignments), parsed apart from the argument
    // parser so that tests and the fuzzing harnesses (Fuzz/) reach them; numbers are read as plugin parameters are
    // (`DecimalNumber`), and nothing of the catalog is needed.
    .target(name: "StagehandCommandLine", dependencies: ["StagehandAnimation", "StagehandPlugins"]),

    // The command-line host.
    .executableTarget(
      name: "stagehand",
      dependencies: [
        "StagehandAnimation", "StagehandPlugins", "StagehandCatalog", "StagehandCheck", "StagehandExport",
        "StagehandRender", "StagehandContainers", "StagehandCommandLine", "StagehandSystem",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      // The Swift plugin template's support files: Plugins/Support's own, through links, embedded as bytes.
      resources: [
        .embedInCode("Templates/PluginSupport.swift"), .embedInCode("Templates/PluginSupport+Styles.swift"),
        .embedInCode("Templates/exports.map"),
      ],
      linkerSettings: staticRuntime
    ),

    // Shared test support: seeded generators, comparison helpers, and independent PNG and WebP readers.
    .target(
      name: "StagehandTestSupport",
      dependencies: ["StagehandAnimation", "StagehandContainers", "CStagehandPNG", "CStagehandWebPDemux"],
      path: "Tests/StagehandTestSupport"),

    .testTarget(
      name: "StagehandSystemTests",
      dependencies: [
        "StagehandSystem", "StagehandTestSupport", .product(name: "SystemPackage", package: "swift-system"),
      ]),
    .testTarget(name: "StagehandAnimationTests", dependencies: ["StagehandAnimation", "StagehandTestSupport"]),
    .testTarget(name: "StagehandPluginsTests", dependencies: ["StagehandPlugins", "StagehandTestSupport"]),
    .testTarget(
      name: "StagehandCatalogTests",
      dependencies: [
        "StagehandCatalog", "StagehandCache", "StagehandScanning", "StagehandSystem", "StagehandTestSupport",
      ]),
    .testTarget(name: "StagehandCommandLineTests", dependencies: ["StagehandCommandLine", "StagehandAnimation"]),
    .testTarget(
      name: "StagehandCLITests", dependencies: ["StagehandCatalog", "StagehandSystem", "StagehandTestSupport"],
      exclude: ["Golden"]),  // the golden help texts, read by path (HelpGoldenTests)
    // An application that is its own plugin process (PluginProcessHosting), run by StagehandCLITests.
    .executableTarget(
      name: "StagehandHostedApp", dependencies: ["StagehandCatalog", "StagehandAnimation"],
      path: "Tests/StagehandHostedApp"),
    .testTarget(
      name: "StagehandCheckTests",
      dependencies: ["StagehandCheck", "StagehandPlugins", "StagehandAnimation", "StagehandTestSupport"]),
    // libwebp's demuxer and animation decoder, for tests only: an independent reader of the animated WebP written.
    .systemLibrary(
      name: "CStagehandWebPDemux", path: "Tests/CStagehandWebPDemux", pkgConfig: "libwebpdemux",
      providers: [.apt(["libwebp-dev"])]),
    .testTarget(
      name: "StagehandRenderTests",
      dependencies: [
        "StagehandRender", "StagehandExport", "CStagehandImages", "StagehandCatalog", "StagehandContainers",
        "StagehandTestSupport",
      ]),
    // The frei0r modules run by a small frei0r host in the tests, and by melt and gst-launch-1.0.
    .testTarget(
      name: "StagehandFrei0rTests", dependencies: ["CStagehandFrei0r", "StagehandCatalog", "StagehandTestSupport"]),
    .testTarget(
      name: "StagehandContainersTests",
      dependencies: ["StagehandContainers", "StagehandCatalog", "StagehandTestSupport"]),
  ] + bundledPlugins.map(\.target),
  swiftLanguageModes: [.v6]
)

// The Swift targets: every target but the system libraries, the C ones (named C..., and the frei0r module in C) and
// the plugins, which are built as a plugin's author would build them.
let unoptimizable = Set(bundledPlugins.map(\.name) + ["StagehandFrei0rModule"])
for target in package.targets where target.type != .system && !target.name.hasPrefix("C") {
  if !unoptimizable.contains(target.name) { target.swiftSettings = (target.swiftSettings ?? []) + optimizedInDebug }
}
