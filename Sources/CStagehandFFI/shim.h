// libffi for Swift: the header, plus inline accessors for the ffi_type globals and the default ABI,
// which Swift 6 cannot use directly (mutable C globals are not concurrency-safe).
#ifndef STAGEHAND_FFI_SHIM_H
#define STAGEHAND_FFI_SHIM_H

#include <ffi.h>

static inline ffi_type *sh_ffi_type_void(void) { return &ffi_type_void; }
static inline ffi_type *sh_ffi_type_uint8(void) { return &ffi_type_uint8; }
static inline ffi_type *sh_ffi_type_sint32(void) { return &ffi_type_sint32; }
static inline ffi_type *sh_ffi_type_sint64(void) { return &ffi_type_sint64; }
static inline ffi_type *sh_ffi_type_double(void) { return &ffi_type_double; }
static inline ffi_type *sh_ffi_type_pointer(void) { return &ffi_type_pointer; }
static inline ffi_abi sh_ffi_default_abi(void) { return FFI_DEFAULT_ABI; }

#endif
