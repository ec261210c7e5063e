import Foundation
import StagehandCheck
import StagehandTestSupport
import Testing

/// Plugins written in C++ as section 2 of the header says: C++17 (structs filled by name in functions, the descriptor
/// in a function-local static) and C++20 (designated initialisers in declaration order).
@Suite("Plugins in C++, as the header says to write them")
struct CPlusPlusTests {
  static let common = #"""
    #include "stagehand_plugin.h"

    namespace {
    int32_t build(const sh_context *context, const sh_host *host, sh_builder *builder, double angle) {
        (void)context;
        int32_t status = host->begin_step(builder, 0.5, SH_CURVE_EASE_IN_OUT);
        if (status != SH_OK) return status;
        status = host->rotate(builder, SH_LAYER_DISAPPEARING, angle * SH_PI / 180.0, 0, 0, 1);
        if (status != SH_OK) return status;
        return host->fade(builder, SH_LAYER_DISAPPEARING, -1);
    }
    }
    """#

  static let cpp17 =
    common + #"""
      namespace {
      sh_parameter make_parameter() {
          sh_parameter parameter{};
          parameter.struct_size = sizeof(sh_parameter);
          parameter.symbol = "angle";
          parameter.type = SH_PARAM_DOUBLE;
          parameter.minimum = 0;
          parameter.maximum = 90;
          parameter.default_value = 30;
          parameter.unit = "degrees";
          parameter.description = "How far the old content turns as it fades out.";
          return parameter;
      }
      const sh_parameter parameters[] = {make_parameter()};

      sh_style make_style() {
          sh_style style{};
          style.struct_size = sizeof(sh_style);
          style.name = "turn";
          style.summary = "The old content turns and fades out over the new one.";
          style.default_duration = 0.5;
          style.parameter_count = 1;
          style.parameters = parameters;
          style.builder = reinterpret_cast<sh_function>(&build);
          return style;
      }
      const sh_style styles[] = {make_style()};

      sh_plugin make_plugin() {
          sh_plugin plugin{};
          plugin.abi_major = SH_ABI_MAJOR;
          plugin.abi_minor = SH_ABI_MINOR;
          plugin.struct_size = sizeof(sh_plugin);
          plugin.id = "org.example.turn";
          plugin.version = "1.0.0";
          plugin.name = "Turn";
          plugin.author = "The tests";
          plugin.license = "MIT";
          plugin.description = "A C++17 plugin written as the header says.";
          plugin.style_count = 1;
          plugin.styles = styles;
          return plugin;
      }
      }

      SH_EXPORT const sh_plugin *stagehand_plugin_v1(void) {
          static const sh_plugin plugin = make_plugin();
          return &plugin;
      }
      """#

  static let cpp20 =
    common + #"""
      namespace {
      const sh_parameter parameters[] = {{
          .struct_size = sizeof(sh_parameter), .symbol = "angle", .type = SH_PARAM_DOUBLE, .minimum = 0,
          .maximum = 90, .default_value = 30, .unit = "degrees",
          .description = "How far the old content turns as it fades out.",
      }};
      const sh_style styles[] = {{
          .struct_size = sizeof(sh_style), .name = "turn",
          .summary = "The old content turns and fades out over the new one.", .default_duration = 0.5,
          .parameter_count = 1, .parameters = parameters, .builder = reinterpret_cast<sh_function>(&build),
      }};
      const sh_plugin plugin = {
          .abi_major = SH_ABI_MAJOR, .abi_minor = SH_ABI_MINOR, .struct_size = sizeof(sh_plugin),
          .id = "org.example.turn", .version = "1.0.0", .name = "Turn", .author = "The tests", .license = "MIT",
          .description = "A C++20 plugin written as the header says.", .style_count = 1, .styles = styles,
      };
      }

      SH_EXPORT const sh_plugin *stagehand_plugin_v1(void) { return &plugin; }
      """#

  @Test(
    "builds with c++ -Wall -Wextra -Werror -pedantic (C++20: and -Wno-missing-field-initializers, as the header says) and passes check --strict",
    arguments: [("c++17", cpp17, [String]()), ("c++20", cpp20, ["-Wno-missing-field-initializers"])])
  func plugin(standard: String, source: String, flags: [String]) throws {
    let directory = try CFixture.temporaryDirectory("cplusplus-\(standard)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let sourcePath = directory.appendingPathComponent("turn.cpp").path
    try source.write(toFile: sourcePath, atomically: true, encoding: .utf8)
    let library = directory.appendingPathComponent("libturn.so").path
    let compile = try run(
      URL(fileURLWithPath: "/usr/bin/c++"),
      [
        "-std=\(standard)", "-Wall", "-Wextra", "-Werror", "-pedantic", "-shared", "-fPIC", "-fvisibility=hidden",
        "-I", CFixture.headerDirectory, sourcePath, "-o", library,
      ] + flags)
    #expect(compile.status == 0, "\(compile.standardError)")
    let report = IsolatedCheck(executable: BuiltProducts.scanner.path).check(library)
    #expect(report.passes(strict: true), "\(report.findings.map(\.line))")
    #expect(report.plugin == "org.example.turn 1.0.0")
  }
}
