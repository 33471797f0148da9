"""Compile the emulator runtime and kernels with g++, caching the shared objects.

The runtime is built once per environment by the set-up (`main`, progress on stderr) into
`<venv>/share/ttbw/emulator` (or $TTBW_EMULATOR_DIR), not into the kernel cache: a new
TTBW_CACHE_DIR builds kernels only. Its translation units compile in parallel. A run that
finds it missing (its sources changed since the set-up) builds it there, once.

Each kernel's `kernel_main` is compiled into its own shared object (its own translation
unit), so any number of generated kernels coexist in one process. The cache key hashes the
source, compile-time args, defines, flags, the emulator headers and the compiler version; a
hit compiles nothing (see `stats`). Entries are written and checked by `ttbw.support.cache_files`
(temp name + rename, a size / checksum record): a truncated or garbage object is rebuilt, never
loaded; where the cache cannot be written, a CompileError says so (`ttbw.support.native_build`).
"""

from __future__ import annotations

import hashlib
import os
import sys
from functools import lru_cache
from pathlib import Path

from ttbw.support import cache_files
from ttbw.support.native_build import CompileError, cached_build, cached_library, compiler, compiler_version

# python/ttbw/execution/emulator/kernel_cache.py -> parents[4] is the repository root (editable install).
REPO_ROOT = Path(__file__).resolve().parents[4]
EMULATOR_DIR = REPO_ROOT / "emulator"
INCLUDE_DIR = EMULATOR_DIR / "include"
RUNTIME_SOURCES = ("context.cpp", "scheduler.cpp", "dataflow.cpp", "compute.cpp", "sfpu.cpp", "device.cpp",
                   "allocator.cpp", "host_io.cpp")
KERNEL_FLAGS = ("-std=c++17", "-O2", "-fPIC", "-shared", "-w")
# The runtime's tile loops are vectorised for the build machine (the key includes its CPU flags).
RUNTIME_FLAGS = ("-std=c++17", "-O3", "-march=native", "-mprefer-vector-width=512", "-flto", "-fno-semantic-interposition", "-fPIC", "-shared", "-Wall")


def _tree_hash(root: Path, pattern: str) -> str:
    h = hashlib.sha256()
    for p in sorted(root.rglob(pattern)):
        h.update(str(p.relative_to(root)).encode())
        h.update(p.read_bytes())
    return h.hexdigest()


@lru_cache(maxsize=None)
def _cpu_flags() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as fh:
            return next((line for line in fh if line.startswith(("flags", "Features"))), "")
    except OSError:
        return ""


@lru_cache(maxsize=None)
def _headers_hash() -> str:
    return _tree_hash(INCLUDE_DIR, "*.h*")


def runtime_dir() -> Path:
    """Where the runtime is built: $TTBW_EMULATOR_DIR, else inside the environment (the venv)."""
    override = os.environ.get("TTBW_EMULATOR_DIR")
    return Path(override).resolve() if override else Path(sys.prefix) / "share" / "ttbw" / "emulator"


_runtime: Path | CompileError | None = None  # the process's answer, once found


def runtime_library(progress=None) -> Path:
    """The emulator runtime shared library of these sources, built if missing (`progress` is
    told each build step). A failed build is remembered for the process: later calls fail at once."""
    global _runtime
    if _runtime is None:
        try:
            _runtime = _runtime_library(progress)
        except CompileError as exc:
            _runtime = exc
    if isinstance(_runtime, CompileError):
        raise _runtime
    return _runtime


def _runtime_library(progress) -> Path:
    cxx = compiler()
    src = EMULATOR_DIR / "runtime"
    key = hashlib.sha256(
        (_tree_hash(src, "*") + _tree_hash(EMULATOR_DIR / "include" / "ttbw_emu", "*") + compiler_version(cxx) + " ".join(RUNTIME_FLAGS) + _cpu_flags()).encode()
    ).hexdigest()[:16]
    out = runtime_dir() / f"libttbw_emu-{key}.so"
    return cached_library(cxx, RUNTIME_FLAGS, [src / s for s in RUNTIME_SOURCES], ("-ldl", "-lpthread"), out,
                          "the emulator runtime", progress)


def kernel_key(source: str, compile_args: tuple[int, ...], defines: tuple[tuple[str, str], ...]) -> str:
    cxx = compiler()
    h = hashlib.sha256()
    for part in (source, repr(compile_args), repr(defines), " ".join(KERNEL_FLAGS), _headers_hash(),
                 compiler_version(cxx)):
        h.update(part.encode())
        h.update(b"\0")
    return h.hexdigest()[:24]


def compile_kernel(source: str, compile_args: tuple[int, ...] = (), defines: tuple[tuple[str, str], ...] = (),
                   name: str = "kernel") -> Path:
    """Compile one kernel translation unit to a shared object; returns its cached path."""
    for v in compile_args:
        if not isinstance(v, int) or not 0 <= v < 2**32:
            raise CompileError(f"kernel '{name}': compile-time args must be 32-bit unsigned ints, got {v!r}")
    key = kernel_key(source, compile_args, defines)
    ct = "".join(f"{v}u," for v in compile_args)
    args = [*KERNEL_FLAGS, f"-I{INCLUDE_DIR}", f"-DKERNEL_COMPILE_TIME_ARGS={ct}"]
    args += [f"-D{k}={v}" for k, v in defines]
    return cached_build(compiler(), args, cache_files.cache_root() / "kernels" / f"{key}.so", f"kernel '{name}'", source)


def main() -> int:
    """The set-up's step: build the runtime once per environment (progress on stderr)."""
    def say(message: str) -> None:
        print(f"ttbw: emulator runtime: {message}", file=sys.stderr, flush=True)

    try:
        runtime_library(say)
    except CompileError as error:
        print(f"ttbw: {error}", file=sys.stderr)
        return 1
    return 0
