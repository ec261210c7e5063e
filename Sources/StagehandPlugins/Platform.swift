// The only file of the module that opens libraries (through the system layer's `SharedLibrary`) and calls libffi.
// Each helper turns C conventions (NULL returns, ffi_status codes) into Swift values or typed errors, so the rest of
// the module never sees them.

import CStagehandFFI
import StagehandSystem

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A plugin library, opened once and never closed (see `SharedLibrary`).
struct LibraryHandle: Sendable {
  let library: SharedLibrary

  /// Opens the library at `path`, or returns the loader's own explanation.
  static func open(_ path: String) -> Result<LibraryHandle, LoaderMessage> {
    SharedLibrary.open(path).map(LibraryHandle.init).mapError { LoaderMessage(text: $0.message) }
  }

  /// Opens the library behind the open file descriptor `descriptor` (through `/proc/self/fd`), so that the file
  /// loaded is the very file the caller checked, whatever happens to its path meanwhile.
  ///
  /// glibc recognises an object it has already loaded by its name before it looks at the file, so a name such as
  /// `/proc/self/fd/5` must never stand for two files: the library is opened through a private duplicate of the
  /// descriptor, which stays open for the life of the process once the library is loaded (libraries are never
  /// unloaded), so its number is never reused for another load.
  /// The loader's messages name the file `name` rather than its `/proc/self/fd` path.
  static func open(descriptor: Int32, name: String) -> Result<LibraryHandle, LoaderMessage> {
    if let problem = ELFHeader.problem(descriptor: descriptor) { return .failure(LoaderMessage(text: problem)) }
    let own: Int32
    do {
      own = try SystemFile.duplicate(descriptor)
    } catch {
      return .failure(LoaderMessage(text: "cannot duplicate its descriptor: \(error.reason)"))
    }
    switch Self.open("/proc/self/fd/\(own)") {
    case .success(let handle):
      return .success(handle)
    case .failure(let message):
      SystemFile.close(own)
      return .failure(LoaderMessage(text: message.text.replacing("/proc/self/fd/\(own)", with: name)))
    }
  }

  /// Whether `address` lies inside this library (not in one of its dependencies, not elsewhere).
  func contains(_ address: UnsafeRawPointer) -> Bool {
    library.contains(address)
  }

  /// The address of the exported symbol `name`, or `nil` when the library does not export it.
  func symbol(_ name: String) -> UnsafeMutableRawPointer? {
    library.symbol(name)
  }
}

/// What the ELF header of a library says about the machine it was built for, read before the dynamic loader sees it:
/// glibc answers "No such file or directory" for a library of another architecture.
enum ELFHeader {
  /// The `e_machine` values of the architectures a name is known for.
  static let machines: [UInt16: String] = [
    3: "x86 (32-bit)", 8: "MIPS", 20: "PowerPC", 21: "PowerPC 64", 22: "s390", 40: "ARM (32-bit)", 62: "x86_64",
    183: "aarch64", 243: "RISC-V", 258: "LoongArch",
  ]

  /// The machine this host was built for.
  static var host: UInt16 {
    #if arch(x86_64)
      62
    #elseif arch(arm64)
      183
    #elseif arch(riscv64)
      243
    #else
      0
    #endif
  }

  /// Why the file at `path` cannot be a library for this machine, or nil (also when it cannot be read).
  static func problem(path: String) -> String? {
    guard let descriptor = try? SystemFile.open(path, flags: O_RDONLY | O_CLOEXEC | O_NONBLOCK) else { return nil }
    defer { SystemFile.close(descriptor) }
    return problem(descriptor: descriptor)
  }

  /// Why the file behind `descriptor` cannot be a library for this machine, or nil when its header fits (or it is
  /// not an ELF file at all: the loader's own message says that best).
  static func problem(descriptor: Int32) -> String? {
    var header = [UInt8](repeating: 0, count: 20)
    let count = header.withUnsafeMutableBytes { (try? SystemFile.readFully(descriptor, into: $0, at: 0)) ?? 0 }
    guard count == 20, header[0] == 0x7f, header[1] == 0x45, header[2] == 0x4c, header[3] == 0x46 else { return nil }
    let is64 = header[4] == 2
    let machine =
      header[5] == 2 ? UInt16(header[18]) << 8 | UInt16(header[19]) : UInt16(header[19]) << 8 | UInt16(header[18])
    let hostName = machines[host] ?? "this machine"
    guard host == 0 || machine == host else {
      let name = machines[machine] ?? "machine \(machine)"
      return "it was built for \(name), but this host runs on \(hostName); rebuild it for \(hostName)"
    }
    guard is64 == (MemoryLayout<Int>.size == 8) else {
      return
        "it is a \(is64 ? "64" : "32")-bit library, but this host is \(is64 ? "32" : "64")-bit; rebuild it for \(hostName)"
    }
    return nil
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
/// The argument type array lives as long as the interface, as libffi requires. A second interface, prepared with it,
/// adds ``fillerCount`` arguments (half integers, half doubles) after the list: the validator calls builders through
/// it so that the argument registers the list leaves unused hold values that change from call to call (see
/// `LoadedPlugin.fillingUnusedArguments()`). A C function ignores arguments after its own; the caller removes them.
final class CallInterface: @unchecked Sendable {
  private let cif: UnsafeMutablePointer<ffi_cif>
  private let types: UnsafeMutablePointer<UnsafeMutablePointer<ffi_type>?>
  private let filledCif: UnsafeMutablePointer<ffi_cif>
  private let filledTypes: UnsafeMutablePointer<UnsafeMutablePointer<ffi_type>?>
  /// The arguments, in order.
  let arguments: [FFIArgument]
  /// The arguments the filled interface adds: as many integers as doubles, enough to fill every argument register of
  /// x86-64 (6 integer, 8 vector) and AArch64 (8 and 8).
  static let fillerCount = 16

  /// Prepares the interface, or returns `nil` when libffi refuses the signature.
  init?(arguments: [FFIArgument]) {
    self.arguments = arguments
    cif = .allocate(capacity: 1)
    types = .allocate(capacity: max(arguments.count, 1))
    filledCif = .allocate(capacity: 1)
    filledTypes = .allocate(capacity: arguments.count + Self.fillerCount)
    for (i, argument) in arguments.enumerated() {
      types[i] = argument.type
      filledTypes[i] = argument.type
    }
    for i in 0..<Self.fillerCount {
      filledTypes[arguments.count + i] = i < Self.fillerCount / 2 ? sh_ffi_type_sint64() : sh_ffi_type_double()
    }
    let status = ffi_prep_cif(
      cif, sh_ffi_default_abi(), UInt32(arguments.count), sh_ffi_type_sint32(), arguments.isEmpty ? nil : types)
    let filledStatus = ffi_prep_cif(
      filledCif, sh_ffi_default_abi(), UInt32(arguments.count + Self.fillerCount), sh_ffi_type_sint32(), filledTypes)
    guard status == FFI_OK, filledStatus == FFI_OK else {
      cif.deallocate()
      types.deallocate()
      filledCif.deallocate()
      filledTypes.deallocate()
      return nil
    }
  }

  deinit {
    cif.deallocate()
    types.deallocate()
    filledCif.deallocate()
    filledTypes.deallocate()
  }

  /// Calls `function` with `values`, one pointer to each argument's storage, and returns its `int32_t` result; with
  /// `filled`, through the filled interface, and `values` then has one more pointer per filler (``fillerCount``).
  func call(
    _ function: @convention(c) () -> Void, _ values: UnsafeMutablePointer<UnsafeMutableRawPointer?>,
    filled: Bool = false
  ) -> Int32 {
    // ffi_call writes a full ffi_arg (8 bytes) for integer results narrower than a register.
    var result: UInt64 = 0
    ffi_call(filled ? filledCif : cif, function, &result, values)
    return Int32(truncatingIfNeeded: result)
  }
}
