import CStagehandSystem

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A shared library opened with `RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE` (`dlopen`); it is never closed: unloading a
/// library that holds Swift code crashes the process later.
package struct SharedLibrary: @unchecked Sendable {
  /// The dynamic loader's handle.
  private let handle: UnsafeMutableRawPointer

  /// Opens the library at `path`, every symbol bound at once, or returns the dynamic loader's own explanation
  /// (`dlerror`), which names the file.
  package static func open(_ path: String) -> Result<SharedLibrary, SharedLibraryFailure> {
    _ = dlerror()
    guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE) else {
      return .failure(SharedLibraryFailure(message: dlerror().map { String(cString: $0) } ?? "dlopen failed"))
    }
    return .success(SharedLibrary(handle: handle))
  }

  /// The address of the symbol `name` that the library exports, or `nil` when it exports none of that name.
  package func symbol(_ name: String) -> UnsafeMutableRawPointer? {
    _ = dlerror()
    return dlsym(handle, name)
  }

  /// Whether `address` lies inside this library itself (not in one of its dependencies, not elsewhere).
  package func contains(_ address: UnsafeRawPointer) -> Bool {
    sh_system_library_contains(handle, address) == 1
  }
}

/// Why the dynamic loader could not open a library: its own words, which name the file.
package struct SharedLibraryFailure: Error, Hashable, Sendable {
  /// The loader's message (`dlerror`).
  package let message: String
}
