// The only file that calls the dynamic loader and libffi. Each helper turns C conventions (NULL returns, dlerror
// strings, ffi_status codes) into Swift values or typed errors, so the rest of the module never sees them.

import CStagehandFFI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A shared library opened with `RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE`; it is never closed (unloading a library
/// that holds Swift code crashes the host later).
struct LibraryHandle: @unchecked Sendable {
  let raw: UnsafeMutableRawPointer

  /// Opens the library at `path`, or returns the loader's own explanation.
  static func open(_ path: String) -> Result<LibraryHandle, LoaderMessage> {
    _ = dlerror()
    guard let raw = dlopen(path, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE) else {
      return .failure(LoaderMessage(text: lastLoaderError() ?? "dlopen failed"))
    }
    return .success(LibraryHandle(raw: raw))
  }

  /// The address of the exported symbol `name`, or `nil` when the library does not export it.
  func symbol(_ name: String) -> UnsafeMutableRawPointer? {
    _ = dlerror()
    return dlsym(raw, name)
  }

  private static func lastLoaderError() -> String? {
    dlerror().map { String(cString: $0) }
  }
}

/// A message from the dynamic loader, such as "invalid ELF header".
struct LoaderMessage: Error {
  let text: String
}

/// The C type of one builder argument, as libffi knows it.
enum FFIArgument: Sendable {
  case pointer
  case int32
  case double
  case bool

  fileprivate var type: UnsafeMutablePointer<ffi_type> {
    switch self {
    case .pointer: sh_ffi_type_pointer()
    case .int32: sh_ffi_type_sint32()
    case .double: sh_ffi_type_double()
    case .bool: sh_ffi_type_uint8()
    }
  }
}

/// A libffi call interface for functions returning `int32_t` with a fixed argument list, prepared once.
///
/// The argument type array lives as long as the interface, as libffi requires.
final class CallInterface: @unchecked Sendable {
  private let cif: UnsafeMutablePointer<ffi_cif>
  private let types: UnsafeMutablePointer<UnsafeMutablePointer<ffi_type>?>
  /// The arguments, in order.
  let arguments: [FFIArgument]

  /// Prepares the interface, or returns `nil` when libffi refuses the signature.
  init?(arguments: [FFIArgument]) {
    self.arguments = arguments
    cif = .allocate(capacity: 1)
    types = .allocate(capacity: max(arguments.count, 1))
    for (i, argument) in arguments.enumerated() { types[i] = argument.type }
    let status = ffi_prep_cif(
      cif, sh_ffi_default_abi(), UInt32(arguments.count), sh_ffi_type_sint32(), arguments.isEmpty ? nil : types)
    guard status == FFI_OK else {
      cif.deallocate()
      types.deallocate()
      return nil
    }
  }

  deinit {
    cif.deallocate()
    types.deallocate()
  }

  /// Calls `function` with `values`, one pointer to each argument's storage, and returns its `int32_t` result.
  func call(_ function: @convention(c) () -> Void, _ values: UnsafeMutablePointer<UnsafeMutableRawPointer?>) -> Int32 {
    // ffi_call writes a full ffi_arg (8 bytes) for integer results narrower than a register.
    var result: UInt64 = 0
    ffi_call(cif, function, &result, values)
    return Int32(truncatingIfNeeded: result)
  }
}
