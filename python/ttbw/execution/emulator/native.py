"""ctypes binding of the emulator runtime library (emulator/runtime, built by the set-up:
`kernel_cache.runtime_library`).

The runtime is loaded RTLD_GLOBAL because the kernel shared objects resolve their
`ttbw_*` ABI calls against it when the runtime dlopens them.
"""

from __future__ import annotations

import ctypes
import threading
from ctypes import POINTER, c_char_p, c_int, c_int64, c_uint32, c_uint64, c_void_p

from .kernel_cache import runtime_library

_SIGNATURES = {
    "ttbw_dev_open": ([c_uint32, c_uint32, c_uint32, c_uint32], c_void_p),
    "ttbw_dev_close": ([c_void_p], None),
    "ttbw_dev_error": ([c_void_p], c_char_p),
    "ttbw_dev_programs_launched": ([c_void_p], c_uint64),
    "ttbw_buf_alloc_at": ([c_void_p, c_int, c_uint32, c_uint32, c_int64, c_char_p, POINTER(c_uint32)], c_int64),
    "ttbw_dev_find_free": ([c_void_p, c_int, c_uint64], c_int64),
    "ttbw_dev_memory_used": ([c_void_p, c_int, POINTER(c_uint32)], c_uint64),
    "ttbw_buf_transfer": ([c_void_p, c_uint32, c_int, c_int, c_uint32, c_uint32, c_void_p, c_uint64, c_uint64,
                           c_uint64, c_uint32], c_int),
    "ttbw_buf_free": ([c_void_p, c_uint32], c_int),
    "ttbw_prog_new": ([c_void_p], c_void_p),
    "ttbw_prog_free": ([c_void_p], None),
    "ttbw_prog_error": ([c_void_p], c_char_p),
    "ttbw_prog_add_cb": ([c_void_p, c_uint32, c_uint32, c_uint32, c_uint32, c_uint32, c_uint32, c_uint32], c_int),
    "ttbw_prog_add_kernel": ([c_void_p, c_uint32, c_uint32, c_int, c_char_p, c_char_p, POINTER(c_uint32), c_uint32,
                              POINTER(c_uint32), c_uint32, c_int], c_int),
    "ttbw_prog_run": ([c_void_p, c_uint32], c_int),
    "ttbw_prog_take_counters": ([c_void_p], c_void_p),
    "ttbw_counters_json": ([c_void_p], c_char_p),
    "ttbw_counters_free": ([c_void_p], None),
}

_lock = threading.Lock()
_lib: ctypes.CDLL | None = None


def lib() -> ctypes.CDLL:
    global _lib
    with _lock:
        if _lib is None:
            handle = ctypes.CDLL(str(runtime_library()), mode=ctypes.RTLD_GLOBAL)
            for name, (args, res) in _SIGNATURES.items():
                fn = getattr(handle, name)
                fn.argtypes = args
                fn.restype = res
            _lib = handle
        return _lib


def u32_array(values) -> ctypes.Array:
    vals = [int(v) for v in values]
    for v in vals:
        if not 0 <= v < 2**32:
            raise ValueError(f"argument {v} does not fit in 32 bits")
    return (c_uint32 * max(1, len(vals)))(*vals)
