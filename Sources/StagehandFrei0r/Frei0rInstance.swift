import CStagehandFrei0r
import StagehandAnimation
import StagehandCatalog
import StagehandPlugins
import StagehandRender

#if canImport(Glibc)
  import Glibc
#endif

/// One frei0r instance: a module's style at one frame size, its parameter values, the animation they give, and the
/// pictures and work frames it keeps from frame to frame.
///
/// frei0r's thread model (frei0r.h, "Concurrency"): the calls that take an instance run on one thread at a time for
/// that instance, so an instance needs no lock; different instances run concurrently, and share only their module
/// (immutable) and its registry (which is safe on any thread).
final class Frei0rInstance {
  /// The module.
  let module: Frei0rModule
  /// The frame width in pixels.
  let width: Int
  /// The frame height in pixels.
  let height: Int
  /// The value of every parameter, in the module's order.
  private(set) var values: [Frei0rValue]
  /// The animation the values give (the inverse when `inverse` is set), built at the size of the frames.
  var animation: Animation
  /// Whether `animation` is the inverse (the `inverse` value it was built with: after a build that failed, the
  /// previous animation plays as it was built).
  var animationIsInverse = false
  /// Whether a parameter that changes the animation has changed since it was built.
  var stale = false
  /// The pictures of input 1 and input 2, made on the first update and refilled in place at every update after it
  /// (no allocation per frame).
  var firstPicture: PixelImage?
  var secondPicture: PixelImage?
  /// The turned copies the pictures over the host's opaque inputs gave up at the end of the last update
  /// (`drawAsTheyAre`), handed on to the next update's, so that turning them allocates nothing.
  var borrowedTurned: (first: PixelImage?, second: PixelImage?) = (nil, nil)
  /// The frames the renderer draws layers turned about a vertical axis through (flip, cube), made at the first such
  /// layer and kept from update to update.
  let turnedLayerFrames = TurnedLayerFrames()
  /// The copies of the strings `f0r_get_param_value` handed out, by parameter index; freed when replaced.
  private var handedOut: [Int: UnsafeMutablePointer<CChar>] = [:]
  /// The problems already reported (a host sets the same values again at every frame: each is said once).
  private var reported: Set<String> = []

  /// The largest side of a frame, in pixels: the renderer's (``PixelImage/largestSide``).
  static let largestSide = PixelImage.largestSide

  /// An instance of `module` for frames of `width` x `height` pixels, its animation built; nil (with one line on
  /// standard error) when the size is not valid, the style is gone or the build fails.
  init?(module: Frei0rModule, width: Int, height: Int) {
    self.module = module
    self.width = width
    self.height = height
    values = module.parameters.map(\.initialValue)
    if let preset = module.style?.preset, let index = module.parameters.firstIndex(where: { $0.role == .preset }) {
      values[index] = .text(preset)
    }
    guard (1...Self.largestSide).contains(width), (1...Self.largestSide).contains(height) else {
      module.sayOnce(
        "\(module.moduleName) (frei0r): cannot make an instance of \(width)x\(height) pixels; frames must be 1 to "
          + "\(Self.largestSide) pixels a side")
      return nil
    }
    guard module.style != nil else {
      module.sayOnce(
        "\(module.moduleName) (frei0r): cannot make an instance: \(module.problem ?? "the style is not available"); "
          + "see 'stagehand list', then run 'stagehand frei0r -o DIR' again")
      return nil
    }
    animation = Animation(steps: [])
    do {
      (animation, animationIsInverse) = try build()
    } catch {
      module.sayOnce(
        "\(module.moduleName) (frei0r): cannot make an instance: \(error); see 'stagehand info \(module.style!.info.name)'"
      )
      return nil
    }
  }

  deinit {
    for string in handedOut.values { free(string) }
  }

  /// The transition the values describe, and whether it is the inverse.
  var transition: (Transition, inverse: Bool) {
    let style = module.style!
    var preset = ""
    var inverse = false
    var timing: Timing?
    var overrides: [String: String] = [:]
    for (parameter, value) in zip(module.parameters, values) {
      switch (parameter.role, value) {
      case (.inverse, .number(let number)): inverse = number >= 0.5
      case (.timing, .text(let text)): timing = text.isEmpty ? nil : try? Timing(parsing: text)
      case (.preset, .text(let text)): preset = text
      case (.style, let value):
        let info = parameter.info!
        if let typed = Self.typed(value, of: parameter), typed != info.defaultParameterValue {
          overrides[info.symbol] = info.text(for: typed)
        }
      default: continue
      }
    }
    let name = preset.isEmpty ? style.info.name : preset
    return (Transition("\(style.pluginID):\(name)", parameters: overrides, timing: timing), inverse)
  }

  /// The style's value a parameter's frei0r value gives; nil for a text that is not valid.
  static func typed(_ value: Frei0rValue, of parameter: Frei0rParameter) -> ParameterValue? {
    let info = parameter.info!
    switch (parameter.type, value) {
    case (F0R_PARAM_BOOL, .number(let number)): return .bool(number >= 0.5)
    case (F0R_PARAM_DOUBLE, .number(let number)): return Frei0rParameter.value(atFraction: number, in: info)
    case (_, .text(let text)): return try? info.parse(text, ignoringCase: true).get()
    default: return nil
    }
  }

  /// Builds the animation the values describe, at the frames' size (a point is a pixel), and whether it is the
  /// inverse.
  func build() throws(RegistryError) -> (Animation, inverse: Bool) {
    let (transition, inverse) = transition
    let context = TransitionContext(bounds: Rect(x: 0, y: 0, width: Double(width), height: Double(height)))
    return inverse
      ? (try module.registry.inverse(transition, in: context), true)
      : (try module.registry.forward(transition, in: context), false)
  }

  /// Says `problem` on standard error, once.
  func report(_ problem: String) {
    guard reported.insert(problem).inserted else { return }
    say("\(module.moduleName) (frei0r): \(problem)")
  }

  /// Sets parameter `index` from the host's value at `pointer`, as frei0r says: numbers clamped to 0 to 1 (NaN
  /// ignored), texts that are not valid ignored (with a line on standard error), indices out of range ignored.
  func set(_ pointer: UnsafeMutableRawPointer, index: Int) {
    guard module.parameters.indices.contains(index) else { return }
    let parameter = module.parameters[index]
    let value: Frei0rValue
    switch parameter.type {
    case F0R_PARAM_BOOL, F0R_PARAM_DOUBLE:
      let number = pointer.load(as: Double.self)
      guard !number.isNaN else { return report("\(parameter.name) NaN ignored; give a number from 0 to 1") }
      value = .number(min(max(number, 0), 1))
    default:
      guard let text = pointer.load(as: UnsafePointer<CChar>?.self) else { return }
      guard let string = String(validatingCString: text) else {
        return report("\(parameter.name): a text that is not UTF-8 ignored")
      }
      guard let accepted = accepted(string, for: parameter) else { return }
      value = .text(accepted)
    }
    guard values[index] != value else { return }
    values[index] = value
    if parameter.role != .position { stale = true }
  }

  /// The text a string parameter takes for `text`, or nil (with a line on standard error) when it is not valid.
  func accepted(_ text: String, for parameter: Frei0rParameter) -> String? {
    let style = module.style!.info
    switch parameter.role {
    case .timing:
      guard !text.isEmpty else { return "" }
      do {
        _ = try Timing(parsing: text).curve()  // a curve that cannot be made (x1 past 1) is refused here too
        return text
      } catch {
        report("\(error), ignored")
        return nil
      }
    case .preset:
      guard !text.isEmpty else { return "" }
      if let preset = style.presets.first(where: { $0.name == text.lowercased() }) { return preset.name }
      let names = style.presets.map(\.name)
      report(
        "preset '\(text)' is not a preset of \(style.name), ignored; "
          + (names.isEmpty ? "it has none, leave it empty" : "give one of \(names.joined(separator: ", "))"))
      return nil
    case .style:
      switch parameter.info!.parse(text, ignoringCase: true) {
      case .success(let value): return parameter.info!.text(for: value)
      case .failure(let problem):
        report("\(parameter.name): \(problem), ignored")
        return nil
      }
    case .position, .inverse: return nil
    }
  }

  /// Writes parameter `index` to the host's value at `pointer` (a string is this instance's copy, valid until the
  /// parameter is read again or the instance destroyed); indices out of range are ignored.
  func get(_ pointer: UnsafeMutableRawPointer, index: Int) {
    guard module.parameters.indices.contains(index) else { return }
    switch values[index] {
    case .number(let number): pointer.storeBytes(of: number, as: Double.self)
    case .text(let text):
      if let old = handedOut[index] { free(old) }
      let copy = strdup(text)!
      handedOut[index] = copy
      pointer.storeBytes(of: UnsafeMutablePointer<CChar>?(copy), as: UnsafeMutablePointer<CChar>?.self)
    }
  }
}
