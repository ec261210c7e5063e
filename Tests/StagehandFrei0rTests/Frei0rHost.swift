import CStagehandFrei0r
import Foundation
import StagehandTestSupport

/// A small frei0r host, as MLT and GStreamer are: it opens a module with dlopen, calls `f0r_init`, reads the plugin
/// and parameter information, makes instances, sets parameters and draws frames with `f0r_update2`, then destroys the
/// instances, calls `f0r_deinit` and closes the module.
final class Frei0rHost {
  typealias Init = @convention(c) () -> Int32
  typealias Deinit = @convention(c) () -> Void
  typealias PluginInfo = @convention(c) (UnsafeMutablePointer<f0r_plugin_info_t>?) -> Void
  typealias ParamInfo = @convention(c) (UnsafeMutablePointer<f0r_param_info_t>?, Int32) -> Void
  typealias Construct = @convention(c) (UInt32, UInt32) -> UnsafeMutableRawPointer?
  typealias Destruct = @convention(c) (UnsafeMutableRawPointer?) -> Void
  typealias SetParam = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, Int32) -> Void
  typealias Update2 =
    @convention(c) (
      UnsafeMutableRawPointer?, Double, UnsafePointer<UInt32>?, UnsafePointer<UInt32>?, UnsafePointer<UInt32>?,
      UnsafeMutablePointer<UInt32>?
    ) -> Void

  /// The module's path.
  let path: String
  private let handle: UnsafeMutableRawPointer
  private let deinitialize: Deinit
  private let pluginInfo: PluginInfo
  private let paramInfo: ParamInfo
  let construct: Construct
  let destruct: Destruct
  let setParam: SetParam
  let getParam: SetParam
  let update2: Update2
  /// What `f0r_init` returned.
  let initialized: Int32

  /// Opens the module at `path` and calls `f0r_init`; nil (with dlerror's message) when it cannot be opened or lacks
  /// a function frei0r.h requires.
  init(path: String) throws {
    self.path = path
    guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
      throw HostError(message: "dlopen \(path): \(String(cString: dlerror()))")
    }
    self.handle = handle
    func symbol<T>(_ name: String, as type: T.Type) throws -> T {
      guard let address = dlsym(handle, name) else { throw HostError(message: "\(path) lacks \(name)") }
      return unsafeBitCast(address, to: type)
    }
    let initialize = try symbol("f0r_init", as: Init.self)
    deinitialize = try symbol("f0r_deinit", as: Deinit.self)
    pluginInfo = try symbol("f0r_get_plugin_info", as: PluginInfo.self)
    paramInfo = try symbol("f0r_get_param_info", as: ParamInfo.self)
    construct = try symbol("f0r_construct", as: Construct.self)
    destruct = try symbol("f0r_destruct", as: Destruct.self)
    setParam = try symbol("f0r_set_param_value", as: SetParam.self)
    getParam = try symbol("f0r_get_param_value", as: SetParam.self)
    update2 = try symbol("f0r_update2", as: Update2.self)
    _ = try symbol("f0r_update", as: UnsafeRawPointer.self)
    initialized = initialize()
  }

  deinit {
    if initialized != 0 { deinitialize() }
    dlclose(handle)
  }

  /// The plugin information, its strings copied.
  var info:
    (name: String, author: String, type: Int32, colorModel: Int32, version: Int32, params: Int, explanation: String)
  {
    var info = f0r_plugin_info_t()
    pluginInfo(&info)
    return (
      String(cString: info.name), String(cString: info.author), info.plugin_type, info.color_model,
      info.frei0r_version, Int(info.num_params), info.explanation.map { String(cString: $0) } ?? ""
    )
  }

  /// The name, type and explanation of every parameter.
  var parameters: [(name: String, type: Int32, explanation: String)] {
    (0..<info.params).map { index in
      var parameter = f0r_param_info_t()
      paramInfo(&parameter, Int32(index))
      return (
        String(cString: parameter.name), parameter.type, parameter.explanation.map { String(cString: $0) } ?? ""
      )
    }
  }

  /// The index of the parameter `name`.
  func index(of name: String) -> Int32? {
    parameters.firstIndex { $0.name == name }.map(Int32.init)
  }
}

/// Why the host could not open a module.
struct HostError: Error, CustomStringConvertible {
  var message: String
  var description: String { message }
}

/// An instance of a module, destroyed with the value.
final class Frei0rInstance {
  let host: Frei0rHost
  let pointer: UnsafeMutableRawPointer
  let width: Int
  let height: Int

  /// An instance of `host`'s module for `width` x `height` frames, or nil when `f0r_construct` returns NULL.
  init?(_ host: Frei0rHost, width: Int, height: Int) {
    guard let pointer = host.construct(UInt32(width), UInt32(height)) else { return nil }
    self.host = host
    self.pointer = pointer
    self.width = width
    self.height = height
  }

  deinit { host.destruct(pointer) }

  /// Sets a double or boolean parameter.
  func set(_ index: Int32, _ value: Double) {
    var value = value
    host.setParam(pointer, &value, index)
  }

  /// Sets a string parameter from the bytes `text` (NUL added).
  func set(_ index: Int32, bytes: [UInt8]) {
    var bytes = bytes + [0]
    bytes.withUnsafeMutableBytes { buffer in
      var string: UnsafeMutablePointer<CChar>? = buffer.baseAddress!.assumingMemoryBound(to: CChar.self)
      host.setParam(pointer, &string, index)
    }
  }

  /// Sets a string parameter.
  func set(_ index: Int32, _ text: String) { set(index, bytes: Array(text.utf8)) }

  /// Reads a double or boolean parameter.
  func number(_ index: Int32) -> Double {
    var value = -1.0
    host.getParam(pointer, &value, index)
    return value
  }

  /// Reads a string parameter.
  func text(_ index: Int32) -> String? {
    var string: UnsafeMutablePointer<CChar>?
    host.getParam(pointer, &string, index)
    return string.map { String(cString: $0) }
  }

  /// Draws a frame from the two inputs (RGBA, straight alpha) and returns it; with `overFirst`, into input 1's own
  /// memory (a host may pass the same buffer as input and output).
  func update(_ first: DecodedPicture, _ second: DecodedPicture, overFirst: Bool = false) -> DecodedPicture {
    if overFirst {
      var inPlace = first.rgba
      second.rgba.withUnsafeBytes { b in
        inPlace.withUnsafeMutableBytes { out in
          let pointer = out.baseAddress!.assumingMemoryBound(to: UInt32.self)
          host.update2(self.pointer, 0.5, pointer, b.baseAddress!.assumingMemoryBound(to: UInt32.self), nil, pointer)
        }
      }
      return DecodedPicture(width: width, height: height, rgba: inPlace)
    }
    var output = [UInt32](repeating: 0x5A5A_5A5A, count: width * height)
    first.rgba.withUnsafeBytes { a in
      second.rgba.withUnsafeBytes { b in
        output.withUnsafeMutableBufferPointer { out in
          host.update2(
            pointer, 0.5, a.baseAddress!.assumingMemoryBound(to: UInt32.self),
            b.baseAddress!.assumingMemoryBound(to: UInt32.self), nil, out.baseAddress!)
        }
      }
    }
    return DecodedPicture(
      width: width, height: height, rgba: output.withUnsafeBytes { Array($0) })
  }
}
