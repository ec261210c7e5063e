import FuzzSupport
import StagehandAnimation
import StagehandPlugins

#if canImport(Glibc)
  import Glibc
#endif

// The descriptor reader and the builder calls, end to end: the fixture plugin (CStagehandFuzzPlugin) serves a
// descriptor made from the input, the host loads it as it loads any library, and when it accepts it, builds every
// style and preset forward and inverse. A refusal must be a PluginError (the loader's typed throws guarantee it);
// an accepted descriptor must obey every rule of the header, and its animations must be finite and lawful.

/// The fixture library, next to this executable, and its function that takes the input.
let fixture: (path: String, serve: @convention(c) (UnsafePointer<UInt8>?, Int) -> Void) = {
  var buffer = [CChar](repeating: 0, count: 4096)
  let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
  precondition(length > 0, "cannot read /proc/self/exe")
  let executable = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  let path = String(executable[..<executable.lastIndex(of: "/")!]) + "/libStagehandFuzzPlugin.so"
  guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL), let symbol = dlsym(handle, "stagehand_fuzz_serve") else {
    fatalError("cannot open the fixture plugin \(path): \(String(cString: dlerror()))")
  }
  return (path, unsafeBitCast(symbol, to: (@convention(c) (UnsafePointer<UInt8>?, Int) -> Void).self))
}()

/// Whether to print what happens to each input (STAGEHAND_FUZZ_VERBOSE=1), to check that the seeds do what they say.
let verbose = getenv("STAGEHAND_FUZZ_VERBOSE").map { String(cString: $0) == "1" } ?? false

/// Writes a line to standard error, unbuffered, so that it comes before a crash.
func say(_ line: String) {
  let bytes = Array((line + "\n").utf8)
  _ = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
}

/// libFuzzer's entry: serves the input as a plugin descriptor, loads it, and builds what the host accepts; returns 0.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDescriptor(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  fixture.serve(data, size)
  let plugin: LoadedPlugin
  do {
    plugin = try LoadedPlugin.load(fixture.path)
  } catch {
    check(!error.description.isEmpty, "a refusal without a message")
    if verbose { say("refused: \(error)") }
    return 0
  }
  if verbose { say("accepted: \(plugin.info.styles.map(\.name))") }
  checkRules(plugin.info)
  let bounds = Rect(x: 0, y: 0, width: 320, height: 480)
  for (index, style) in plugin.info.styles.enumerated() {
    let defaults = style.parameters.map(\.defaultParameterValue)
    checkBuilds(plugin, index, defaults, bounds)
    for preset in style.presets {
      var values = defaults
      for value in preset.values {
        let position = style.parameters.firstIndex { $0.symbol == value.parameter }!
        guard case .success(let typed) = style.parameters[position].parse(value.value) else {
          fail("preset '\(preset.name)' was accepted with a value its parameter refuses: \(value)")
        }
        values[position] = typed
      }
      checkBuilds(plugin, index, values, bounds)
    }
  }
  return 0
}

/// Builds the style forward and inverse with `values`; a failure must be a typed error, a success finite and lawful.
func checkBuilds(_ plugin: LoadedPlugin, _ index: Int, _ values: [ParameterValue], _ bounds: Rect) {
  let forward: Animation
  do {
    forward = try plugin.forward(styleIndex: index, values: values, in: bounds)
  } catch {
    if verbose { say("  forward refused: \(error)") }
    return
  }
  check(forward.isFinite && forward.duration >= 0, "forward not finite")
  check(forward.initialStates == .identity, "forward does not start at rest")
  check((try? plugin.forward(styleIndex: index, values: values, in: bounds)) == forward, "forward not deterministic")
  if verbose { say("  forward: \(forward.steps)") }
  let inverse: Animation
  do {
    inverse = try plugin.inverse(styleIndex: index, values: values, in: bounds)
  } catch {
    // Refused for a reason of the inverse builder's: the end-state rule, a bad call, a limit.
    if verbose { say("  inverse refused: \(error)") }
    return
  }
  if verbose { say("  built \(forward.steps.count) steps forward, \(inverse.steps.count) inverse") }
  check(inverse.isFinite, "inverse not finite")
  let scale = magnitude(forward, inverse)
  let tolerance = 1e-9 * Swift.max(1, scale)
  check(
    difference(inverse.initialStates, forward.finalStates.swapped) <= tolerance,
    "inverse starts \(difference(inverse.initialStates, forward.finalStates.swapped)) away (scale \(scale))")
  // At rest in the pop's roles (the leaving content last on top); with an own inverse builder, the leaving content
  // and the draw order may end anywhere (section 9, the end-state rule).
  var rest = LayerStates.identity.swapped
  if plugin.info.styles[index].hasInverseBuilder {
    rest.disappearing = inverse.finalStates.disappearing
    rest.onTop = inverse.finalStates.onTop
  }
  check(
    difference(inverse.finalStates, rest) <= tolerance,
    "inverse ends \(difference(inverse.finalStates, rest)) from rest (scale \(scale)): \(inverse.finalStates)")
  if !plugin.info.styles[index].hasInverseBuilder {
    // The derived inverse is the forward animation with its content layers swapped, played backwards.
    check(abs(inverse.duration - forward.duration) <= 1e-9 * Swift.max(1, forward.duration), "inverse duration")
    for i in 0...8 {
      let t = forward.duration * Double(i) / 8
      let backwards = inverse.sample(at: t)
      let expected = forward.sample(at: forward.duration - t).swapped
      let error = difference(backwards, expected)
      // Against the numbers compared too: mid-step, an overshooting curve multiplies the changes.
      let local = Swift.max(scale, magnitude(backwards, expected))
      check(
        error <= 1e-9 * Swift.max(1, local),
        "inverse law off by \(error) at \(t) of \(forward.duration) s (scale \(local))")
    }
  }
}
