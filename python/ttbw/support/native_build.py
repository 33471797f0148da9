"""Building C++ shared libraries with g++, cached on disk (the emulator runtime, its
kernels, the tt-mlir bridge's string-sink helper).

`cached_build` returns a valid cache entry or builds it: g++ writes a temp file that
`ttbw.support.cache_files` publishes by rename with a size / checksum record, so a truncated
or garbage object is rebuilt, never loaded; where the cache cannot be written, a CompileError
says so. `cached_library` does the same for a library of several translation units, compiled
in parallel; `parallel_map` runs independent builds (a program's kernels) side by side.
`stats` counts the libraries built and the cache hits of this process.
"""
from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Callable, Iterable, Sequence, TypeVar

from . import cache_files
from .cache_files import CacheError


class CompileError(Exception):
    """A C++ source failed to compile, or its object cannot be cached; the message says which
    and carries g++'s diagnostics."""


@dataclass
class CompileStats:
    compiled: int = 0  # entries built (g++ runs; a library of several units counts once)
    cache_hits: int = 0


stats = CompileStats()
_stats_lock = threading.Lock()  # builds run on several threads (parallel_map)
T = TypeVar("T")
R = TypeVar("R")


def _count(hit: bool) -> None:
    with _stats_lock:
        if hit:
            stats.cache_hits += 1
        else:
            stats.compiled += 1


def build_jobs() -> int:
    """How many g++ to run at once: the CPUs this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def parallel_map(fn: Callable[[T], R], items: Iterable[T]) -> list[R]:
    """`[fn(x) for x in items]`, up to build_jobs() at a time (g++ runs outside the GIL); the
    first failure in item order is raised, as the serial loop would."""
    items = list(items)
    if len(items) < 2 or build_jobs() < 2:
        return [fn(x) for x in items]
    with ThreadPoolExecutor(min(build_jobs(), len(items))) as pool:
        return list(pool.map(fn, items))


def compiler() -> str:
    cxx = os.environ.get("CXX", "g++")
    if shutil.which(cxx) is None:
        raise CompileError(f"C++ compiler '{cxx}' not found (install g++ or set CXX)")
    return cxx


@lru_cache(maxsize=None)
def compiler_version(cxx: str) -> str:
    return subprocess.run([cxx, "--version"], capture_output=True, text=True).stdout


def _gxx(cxx: str, args: Sequence[str], what: str) -> None:
    proc = subprocess.run([cxx, *args], capture_output=True, text=True)
    if proc.returncode != 0:
        raise CompileError(f"failed to compile {what}:\n{proc.stderr.strip()}")


def _publish(out: Path, build: Callable[[Path], None], what: str) -> Path:
    """The valid cache entry `out`, else `build(temp)` published as it."""
    try:
        for folder in (out.parent, out.parent / "src"):  # a killed build's temp files (once per process)
            cache_files.clean_stale_temps(folder)
        if cache_files.is_valid(out):
            _count(hit=True)
            return out
        cache_files.publish(out, build)
    except CacheError as error:
        raise CompileError(f"cannot cache {what}: {error}") from None
    _count(hit=False)
    return out


def cached_build(cxx: str, args: list[str], out: Path, what: str, source: str | None = None) -> Path:
    """The valid cache entry `out`, else built: g++ `args` (+ `source` written next to it)."""
    def build(temp: Path) -> None:
        sources = [] if source is None else \
            [str(cache_files.write_file(out.parent / "src" / f"{out.stem}.cpp", source.encode()))]
        _gxx(cxx, [*args, *sources, "-o", str(temp)], what)

    return _publish(out, build, what)


def cached_library(cxx: str, flags: Sequence[str], sources: Sequence[Path], libraries: Sequence[str], out: Path,
                   what: str, progress: Callable[[str], None] | None = None) -> Path:
    """The valid cache entry `out`, else built from several translation units: each compiled
    (`-c`) on its own g++, build_jobs() at a time, then linked; with `-flto` the link's code
    generation runs in build_jobs() partitions too. `progress` is told each step."""
    jobs, say = build_jobs(), progress or (lambda _message: None)

    def build(temp: Path) -> None:
        # Objects beside the temp entry, named like it: a killed build's are cleaned as stale temps.
        objects = [temp.with_name(f"{temp.stem}-{i}.o") for i in range(len(sources))]

        def compile_unit(unit: tuple[Path, Path]) -> None:
            say(f"compiling {unit[0].name}")
            _gxx(cxx, [*flags, "-c", str(unit[0]), "-o", str(unit[1])], f"{what} ({unit[0].name})")

        try:
            parallel_map(compile_unit, list(zip(sources, objects)))
            say(f"linking {out.name}")
            link = [f"-flto={jobs}" if flag == "-flto" else flag for flag in flags]
            _gxx(cxx, [*link, *map(str, objects), *libraries, "-o", str(temp)], what)
        finally:
            for obj in objects:
                obj.unlink(missing_ok=True)

    return _publish(out, build, what)


HELPER_FLAGS = ("-std=c++17", "-O2", "-fPIC", "-shared", "-Wall")


def helper_library(source: Path) -> Path:
    """Build (once per source version) a small self-contained C++ helper shared library."""
    cxx = compiler()
    key = hashlib.sha256((source.read_text() + compiler_version(cxx) + " ".join(HELPER_FLAGS)).encode()).hexdigest()
    out = cache_files.cache_root() / "helpers" / f"lib{source.stem}-{key[:16]}.so"
    return cached_build(cxx, [*HELPER_FLAGS, str(source)], out, f"the {source.stem} helper")
