import CStagehandPlugin
import Foundation
import StagehandTestSupport

/// A plugin whose builders misuse their builder handle on purpose, compiled with `cc` the first time a test needs
/// it, and the C functions it exports for the tests, found with `dlsym`.
///
/// Every style describes the same animation (`first_half`, then `second_half`); between the two halves, when a step
/// is open and any accepted change would show in the animation, each style but `keep` tries one misuse.
struct HandleFixture: @unchecked Sendable {
  /// The C source of the plugin.
  static let source = #"""
    /* Builders that break the rule of stagehand_plugin.h, section 7: "A builder MUST call the host functions only from
     * the thread that is running the builder, only before it returns, and only with the builder handle it received in
     * that call." Each records the status every misused call got, for the tests to read with fixture_status(). */
    #include "stagehand_plugin.h"

    #include <pthread.h>
    #include <stddef.h>
    #include <stdint.h>

    #define TRY(call)                                      \
        do {                                               \
            int32_t status_ = (call);                      \
            if (status_ != SH_OK) return status_;          \
        } while (0)

    /* The statuses of the misused calls, in the order of HandleFixture.Call. */
    enum {
        LATE_TRANSLATE, LATE_REPORT,
        THREAD_BEGIN_STEP, THREAD_TRANSLATE, THREAD_FADE, THREAD_REPORT,
        FORGED_NULL, FORGED_ONE, FORGED_HOST, FORGED_CONTEXT, FORGED_LOCAL, FORGED_NEXT, FORGED_PREVIOUS,
        FORGED_ALL_ONES,
        CALL_COUNT
    };
    #define NOT_CALLED 1 /* no host function returns a positive status */
    static int32_t statuses[CALL_COUNT];

    /* What `keep` saves: its handle, and a copy of the host table (the table itself, like the handle, is valid only
     * during the call; its function pointers point into the host and stay valid). */
    static sh_builder *saved_handle;
    static sh_host saved_host;
    static int has_saved;

    SH_EXPORT void fixture_reset(void)
    {
        for (int i = 0; i < CALL_COUNT; i++) statuses[i] = NOT_CALLED;
        saved_handle = NULL;
        has_saved = 0;
    }

    SH_EXPORT int32_t fixture_status(int32_t call) { return call >= 0 && call < CALL_COUNT ? statuses[call] : NOT_CALLED; }

    SH_EXPORT uint64_t fixture_saved_handle(void) { return (uint64_t)(uintptr_t)saved_handle; }

    /* host->translate with `handle`, through the saved copy of the host table: from the test, outside any build. */
    SH_EXPORT int32_t fixture_translate_with(uint64_t handle)
    {
        if (!has_saved) return NOT_CALLED;
        return saved_host.translate((sh_builder *)(uintptr_t)handle, SH_LAYER_APPEARING, 999.0, 0.0, 0.0);
    }

    static int32_t first_half(const sh_context *context, const sh_host *host, sh_builder *builder)
    {
        TRY(host->begin_step(builder, 0.0, SH_CURVE_LINEAR));
        TRY(host->translate(builder, SH_LAYER_APPEARING, context->width, 0.0, 0.0));
        return host->begin_step(builder, 0.25, SH_CURVE_EASE_IN_OUT);
    }

    static int32_t second_half(const sh_context *context, const sh_host *host, sh_builder *builder)
    {
        TRY(host->translate(builder, SH_LAYER_APPEARING, -context->width, 0.0, 0.0));
        return host->fade(builder, SH_LAYER_DISAPPEARING, -1.0);
    }

    /* Keeps its handle and the host table after it returns. */
    static int32_t keep_build(const sh_context *context, const sh_host *host, sh_builder *builder)
    {
        TRY(first_half(context, host, builder));
        TRY(second_half(context, host, builder));
        saved_handle = builder;
        saved_host = *host;
        has_saved = 1;
        return SH_OK;
    }

    /* Calls the host with the handle `keep` saved in an earlier build, then goes on with its own. */
    static int32_t late_build(const sh_context *context, const sh_host *host, sh_builder *builder)
    {
        TRY(first_half(context, host, builder));
        if (has_saved) {
            statuses[LATE_TRANSLATE] = saved_host.translate(saved_handle, SH_LAYER_APPEARING, 999.0, 0.0, 0.0);
            statuses[LATE_REPORT] = saved_host.report(saved_handle, "a late call");
        }
        return second_half(context, host, builder);
    }

    struct stray {
        const sh_host *host;
        sh_builder *builder;
    };

    static void *stray_calls(void *argument)
    {
        const struct stray *stray = argument;
        statuses[THREAD_BEGIN_STEP] = stray->host->begin_step(stray->builder, 1.0, SH_CURVE_LINEAR);
        statuses[THREAD_TRANSLATE] = stray->host->translate(stray->builder, SH_LAYER_APPEARING, 999.0, 0.0, 0.0);
        statuses[THREAD_FADE] = stray->host->fade(stray->builder, SH_LAYER_APPEARING, -1.0);
        statuses[THREAD_REPORT] = stray->host->report(stray->builder, "from another thread");
        return NULL;
    }

    /* Starts a thread that calls the host with this call's handle, and joins it. */
    static int32_t call_from_thread(const sh_host *host, sh_builder *builder)
    {
        struct stray stray = {host, builder};
        pthread_t thread;
        if (pthread_create(&thread, NULL, stray_calls, &stray) != 0) {
            (void)host->report(builder, "pthread_create failed");
            return SH_ERROR_FAILED;
        }
        pthread_join(thread, NULL);
        return SH_OK;
    }

    /* Ignores what the other thread's calls returned. */
    static int32_t threaded_build(const sh_context *context, const sh_host *host, sh_builder *builder)
    {
        TRY(first_half(context, host, builder));
        TRY(call_from_thread(host, builder));
        return second_half(context, host, builder);
    }

    /* Returns the status of the other thread's translate, as a builder should after a host error. */
    static int32_t threaded_strict_build(const sh_context *context, const sh_host *host, sh_builder *builder)
    {
        TRY(first_half(context, host, builder));
        TRY(call_from_thread(host, builder));
        TRY(statuses[THREAD_TRANSLATE]);
        return second_half(context, host, builder);
    }

    /* Calls the host with made-up handles, then goes on with its own. */
    static int32_t forged_build(const sh_context *context, const sh_host *host, sh_builder *builder)
    {
        int local = 0;
        uintptr_t own = (uintptr_t)builder;
        TRY(first_half(context, host, builder));
        statuses[FORGED_NULL] = host->translate(NULL, SH_LAYER_APPEARING, 999.0, 0.0, 0.0);
        statuses[FORGED_ONE] = host->translate((sh_builder *)(uintptr_t)1, SH_LAYER_APPEARING, 999.0, 0.0, 0.0);
        statuses[FORGED_HOST] = host->translate((sh_builder *)(uintptr_t)host, SH_LAYER_APPEARING, 999.0, 0.0, 0.0);
        statuses[FORGED_CONTEXT] = host->translate((sh_builder *)(uintptr_t)context, SH_LAYER_APPEARING, 999.0, 0.0, 0.0);
        statuses[FORGED_LOCAL] = host->translate((sh_builder *)(uintptr_t)&local, SH_LAYER_APPEARING, 999.0, 0.0, 0.0);
        statuses[FORGED_NEXT] = host->translate((sh_builder *)(own + 1), SH_LAYER_APPEARING, 999.0, 0.0, 0.0);
        statuses[FORGED_PREVIOUS] = host->translate((sh_builder *)(own - 1), SH_LAYER_APPEARING, 999.0, 0.0, 0.0);
        statuses[FORGED_ALL_ONES] = host->translate((sh_builder *)UINTPTR_MAX, SH_LAYER_APPEARING, 999.0, 0.0, 0.0);
        return second_half(context, host, builder);
    }

    static const sh_style styles[] = {
        {.struct_size = sizeof(sh_style), .name = "keep", .summary = "Keeps its handle.", .default_duration = 0.25,
         .builder = (sh_function)keep_build},
        {.struct_size = sizeof(sh_style), .name = "late", .summary = "Uses a kept handle.", .default_duration = 0.25,
         .builder = (sh_function)late_build},
        {.struct_size = sizeof(sh_style), .name = "threaded", .summary = "Calls from a thread.",
         .default_duration = 0.25, .builder = (sh_function)threaded_build},
        {.struct_size = sizeof(sh_style), .name = "threaded-strict", .summary = "Calls from a thread, fails.",
         .default_duration = 0.25, .builder = (sh_function)threaded_strict_build},
        {.struct_size = sizeof(sh_style), .name = "forged", .summary = "Makes up handles.", .default_duration = 0.25,
         .builder = (sh_function)forged_build},
    };

    static const sh_plugin plugin = {
        .abi_major = SH_ABI_MAJOR,
        .abi_minor = SH_ABI_MINOR,
        .struct_size = sizeof(sh_plugin),
        .id = "org.example.handles",
        .version = "1.0.0",
        .name = "Misused handles",
        .author = "Stagehand tests",
        .license = "MIT",
        .description = "Builders that misuse their builder handle, for the tests.",
        .style_count = sizeof(styles) / sizeof(styles[0]),
        .styles = styles,
    };

    SH_EXPORT const sh_plugin *stagehand_plugin_v1(void) { return &plugin; }
    """#

  /// The misused calls whose status `status(_:)` reads, in the order of the C enum.
  enum Call: Int32, CaseIterable {
    case lateTranslate, lateReport
    case threadBeginStep, threadTranslate, threadFade, threadReport
    case forgedNull, forgedOne, forgedHost, forgedContext, forgedLocal, forgedNext, forgedPrevious, forgedAllOnes
  }

  /// What `status(_:)` returns for a call that was not made (no host function returns a positive status).
  static let notCalled: Int32 = 1

  /// The library's path.
  let path: String
  /// Sets every status to `notCalled` and forgets the saved handle.
  let reset: @convention(c) () -> Void
  /// The status a misused call got.
  let status: @convention(c) (Int32) -> Int32
  /// The handle `keep` saved in its last build, as a number.
  let savedHandle: @convention(c) () -> UInt64
  /// `host->translate` with any handle, through `keep`'s saved copy of the host table, from the calling thread.
  let translate: @convention(c) (UInt64) -> Int32

  /// The library, compiled once per test run into a temporary directory that is removed when the process exits.
  static let shared = Result { try HandleFixture() }

  private static let directory = Result { try CFixture.temporaryDirectory("handle-fixture") }

  private init() throws {
    let directory = try Self.directory.get()
    atexit { try? FileManager.default.removeItem(at: HandleFixture.directory.get()) }
    let path = try CFixture.compile(
      Self.source, into: directory, name: "libhandles.so", flags: ["-pthread", "-Wall", "-Wextra", "-Werror"])
    guard let library = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
      throw FixtureFailure(description: "cannot open \(path): \(String(cString: dlerror()))")
    }
    func function<F>(_ name: String, as type: F.Type) throws -> F {
      guard let symbol = dlsym(library, name) else { throw FixtureFailure(description: "\(path) has no \(name)") }
      return unsafeBitCast(symbol, to: type)
    }
    self.path = path
    reset = try function("fixture_reset", as: (@convention(c) () -> Void).self)
    status = try function("fixture_status", as: (@convention(c) (Int32) -> Int32).self)
    savedHandle = try function("fixture_saved_handle", as: (@convention(c) () -> UInt64).self)
    translate = try function("fixture_translate_with", as: (@convention(c) (UInt64) -> Int32).self)
  }

  /// The status the misused `call` got.
  func status(_ call: Call) -> Int32 { status(call.rawValue) }
}
