// The core's side of stagehand_frei0r.h: the functions a Stagehand frei0r module finds with dlsym and forwards the
// f0r_* calls to. Modules and instances cross the C boundary as retained references (`Unmanaged`).

import CStagehandFrei0r
import StagehandCatalog

/// The version of the calls of stagehand_frei0r.h that this core implements (`SH_FREI0R_CORE_VERSION`).
@_cdecl("sh_frei0r_core_version")
public func frei0rCoreVersion() -> Int32 { 1 }

/// Opens the module of the style `style` with the settings file at `settingsPath`: never nil; a style that is not
/// found gives a module whose instances cannot be made.
@_cdecl("sh_frei0r_open")
public func frei0rOpen(_ style: UnsafePointer<CChar>?, _ settingsPath: UnsafePointer<CChar>?)
  -> UnsafeMutableRawPointer?
{
  // The registry's messages name the command a video editor's user runs (stagehand list), not the library's API.
  MessageHints.current = .commandLine
  let name = style.map { String(cString: $0) } ?? ""
  let path = settingsPath.map { String(cString: $0) } ?? ""
  return Unmanaged.passRetained(Frei0rModule(styleName: name, settingsPath: path)).toOpaque()
}

/// Closes a module opened by `frei0rOpen` (its instances keep it alive until they are destroyed).
@_cdecl("sh_frei0r_close")
public func frei0rClose(_ module: UnsafeMutableRawPointer?) {
  guard let module else { return }
  Unmanaged<Frei0rModule>.fromOpaque(module).release()
}

/// Fills the host's plugin information for a module.
@_cdecl("sh_frei0r_plugin_info")
public func frei0rPluginInfo(_ module: UnsafeMutableRawPointer?, _ info: UnsafeMutablePointer<f0r_plugin_info_t>?) {
  guard let module, let info else { return }
  Unmanaged<Frei0rModule>.fromOpaque(module).takeUnretainedValue().fill(info)
}

/// Fills the host's information of a module's parameter `index`.
@_cdecl("sh_frei0r_param_info")
public func frei0rParamInfo(
  _ module: UnsafeMutableRawPointer?, _ info: UnsafeMutablePointer<f0r_param_info_t>?, _ index: Int32
) {
  guard let module, let info else { return }
  Unmanaged<Frei0rModule>.fromOpaque(module).takeUnretainedValue().fill(info, index: Int(index))
}

/// An instance of a module for frames of `width` x `height` pixels, its animation built; nil (with one line on
/// standard error) when it cannot be made.
@_cdecl("sh_frei0r_construct")
public func frei0rConstruct(_ module: UnsafeMutableRawPointer?, _ width: UInt32, _ height: UInt32)
  -> UnsafeMutableRawPointer?
{
  guard let module else { return nil }
  let owner = Unmanaged<Frei0rModule>.fromOpaque(module).takeUnretainedValue()
  guard let instance = Frei0rInstance(module: owner, width: Int(width), height: Int(height)) else { return nil }
  return Unmanaged.passRetained(instance).toOpaque()
}

/// Destroys an instance.
@_cdecl("sh_frei0r_destruct")
public func frei0rDestruct(_ instance: UnsafeMutableRawPointer?) {
  guard let instance else { return }
  Unmanaged<Frei0rInstance>.fromOpaque(instance).release()
}

/// Sets parameter `index` of an instance from the host's value at `parameter`.
@_cdecl("sh_frei0r_set_param")
public func frei0rSetParam(_ instance: UnsafeMutableRawPointer?, _ parameter: UnsafeMutableRawPointer?, _ index: Int32)
{
  guard let instance, let parameter else { return }
  Unmanaged<Frei0rInstance>.fromOpaque(instance).takeUnretainedValue().set(parameter, index: Int(index))
}

/// Writes parameter `index` of an instance to the host's value at `parameter`.
@_cdecl("sh_frei0r_get_param")
public func frei0rGetParam(_ instance: UnsafeMutableRawPointer?, _ parameter: UnsafeMutableRawPointer?, _ index: Int32)
{
  guard let instance, let parameter else { return }
  Unmanaged<Frei0rInstance>.fromOpaque(instance).takeUnretainedValue().get(parameter, index: Int(index))
}

/// Draws one frame of an instance from its two inputs into `output` (the host's `time` is not used: `position` is
/// the progress).
@_cdecl("sh_frei0r_update2")
public func frei0rUpdate2(
  _ instance: UnsafeMutableRawPointer?, _ time: Double, _ first: UnsafePointer<UInt32>?,
  _ second: UnsafePointer<UInt32>?, _ output: UnsafeMutablePointer<UInt32>?
) {
  guard let instance, let first, let second, let output else { return }
  Unmanaged<Frei0rInstance>.fromOpaque(instance).takeUnretainedValue().update(
    first: first, second: second, output: output)
}
