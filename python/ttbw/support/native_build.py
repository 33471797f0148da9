"""Building small C++ shared libraries with g++, cached on disk (the emulator runtime, its
kernels, the tt-mlir bridge's string-sink helper).

`cached_build` returns a valid cache entry or builds it: g++ writes a temp file that
`ttbw.support.cache_files` publishes by rename with a size / checksum record, so a truncated
or garbage object is rebuilt, never loaded; where the cache cannot be written, a CompileError
says so. `stats` counts the g++ runs and cache hits of this process.
"""
from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from . import cache_files
from .cache_files import CacheError


class CompileError(Exception):
    """A C++ source failed to compile, or its object cannot be cached; the message says which
    and carries g++'s diagnostics."""


@dataclass
class CompileStats:
    compiled: int = 0  # g++ invocations in this process
    cache_hits: int = 0


stats = CompileStats()


def compiler() -> str:
    cxx = os.environ.get("CXX", "g++")
    if shutil.which(cxx) is None:
        raise CompileError(f"C++ compiler '{cxx}' not found (install g++ or set CXX)")
    return cxx


@lru_cache(maxsize=None)
def compiler_version(cxx: str) -> str:
    return subprocess.run([cxx, "--version"], capture_output=True, text=True).stdout


def cached_build(cxx: str, args: list[str], out: Path, what: str, source: str | None = None) -> Path:
    """The valid cache entry `out`, else built: g++ `args` (+ `source` written next to it)."""
    def build(temp: Path) -> None:
        proc = subprocess.run([cxx, *args, "-o", str(temp)], capture_output=True, text=True)
        if proc.returncode != 0:
            raise CompileError(f"failed to compile {what}:\n{proc.stderr.strip()}")

    try:
        for folder in (out.parent, out.parent / "src"):  # a killed build's temp files (once per process)
            cache_files.clean_stale_temps(folder)
        if cache_files.is_valid(out):
            stats.cache_hits += 1
            return out
        if source is not None:
            src = cache_files.write_file(out.parent / "src" / f"{out.stem}.cpp", source.encode())
            args = [*args, str(src)]
        cache_files.publish(out, build)
    except CacheError as error:
        raise CompileError(f"cannot cache {what}: {error}") from None
    stats.compiled += 1
    return out


HELPER_FLAGS = ("-std=c++17", "-O2", "-fPIC", "-shared", "-Wall")


def helper_library(source: Path) -> Path:
    """Build (once per source version) a small self-contained C++ helper shared library."""
    cxx = compiler()
    key = hashlib.sha256((source.read_text() + compiler_version(cxx) + " ".join(HELPER_FLAGS)).encode()).hexdigest()
    out = cache_files.cache_root() / "helpers" / f"lib{source.stem}-{key[:16]}.so"
    return cached_build(cxx, [*HELPER_FLAGS, str(source)], out, f"the {source.stem} helper")
