"""Fetch the real tt-mlir C library (from the tt-lang 1.1.1 wheel) into the project cache.

tt-mlir ships no Python 3.11 package; the tt-lang wheel (CPython 3.12) carries a plain C
library with MLIR + the TTCore/TTKernel/TTMetal dialects and the TTKernel->C++ translation.
We only need two folders of it, side by side, because the library finds its bundled libzstd
through RPATH $ORIGIN/../../tt_lang.libs.

Both libraries are checked against their `ttbw.cache_files` records before every load: an
install that is incomplete, truncated or overwritten is fetched again, never loaded.

Usage: python -m ttbw.ttmlir.install   (idempotent; the second run downloads nothing)
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

from ttbw import cache_files
from ttbw.cache_files import CacheError

WHEEL_SPEC = "tt-lang==1.1.1"
LIB_MEMBER = "ttl/_mlir_libs/libTTLangPythonCAPI.so"
LIBS_DIR = "tt_lang.libs/"
STAMP = "installed-" + WHEEL_SPEC  # marks a complete extraction


class InstallError(RuntimeError):
    """The tt-mlir library could not be fetched or extracted."""


def library_dir() -> Path:
    return cache_files.cache_root() / "ttmlir"


def library_path() -> Path:
    return library_dir() / LIB_MEMBER


def is_installed() -> bool:
    """A complete install: the stamp, and every library as recorded."""
    target = library_dir()
    if not (target / STAMP).is_file():
        return False
    libraries = [library_path(), *sorted((target / LIBS_DIR).glob("*.so*"))]
    return len(libraries) > 1 and all(cache_files.is_valid(p) for p in libraries
                                      if not p.name.endswith(cache_files.RECORD_SUFFIX))


def _download_wheel(dest: Path) -> Path:
    cmd = [sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:",
           "--python-version", "3.12", "--platform", "manylinux_2_35_x86_64",
           "--disable-pip-version-check", "-q", "-d", str(dest), WHEEL_SPEC]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    wheels = sorted(dest.glob("tt_lang-*.whl"))
    if proc.returncode != 0 or not wheels:
        raise InstallError(f"pip download {WHEEL_SPEC} failed:\n{proc.stderr.strip()}")
    return wheels[0]


def _extract(wheel: Path, dest: Path) -> None:
    with zipfile.ZipFile(wheel) as zf:
        members = [n for n in zf.namelist()
                   if n == LIB_MEMBER or (n.startswith(LIBS_DIR) and not n.endswith("/"))]
        if LIB_MEMBER not in members:
            raise InstallError(f"{wheel.name} does not contain {LIB_MEMBER}")
        for name in members:
            cache_files.seal(Path(zf.extract(name, dest)))


def ensure_library(verbose: bool = False) -> Path:
    """Return the path of libTTLangPythonCAPI.so, downloading and extracting it once (again if
    the install is found incomplete or damaged).

    The extraction happens in a temporary folder renamed into place, so an interrupted
    run never leaves a half-written library behind.
    """
    try:
        if is_installed():
            return library_path()
        _install(verbose)
    except CacheError as error:
        raise InstallError(f"cannot install {WHEEL_SPEC}: {error}") from None
    if not is_installed():
        raise InstallError(f"{WHEEL_SPEC} was installed in {library_dir()} but does not check out")
    return library_path()


def _install(verbose: bool) -> None:
    target = library_dir()
    cache_files.ensure_folder(target)  # a file in its way: CacheError
    try:
        staging = tempfile.TemporaryDirectory(dir=target.parent, prefix=".ttmlir-")
    except OSError as error:
        raise CacheError(f"ttbw's cache folder '{target.parent}' is not writable ({error.strerror}); "
                         "set TTBW_CACHE_DIR to another folder") from None
    with staging as tmp:
        tmp_path = Path(tmp)
        if verbose:
            print(f"ttbw: downloading {WHEEL_SPEC} (about 83 MB)", file=sys.stderr)
        wheel = _download_wheel(tmp_path / "wheel")
        staged = tmp_path / "ttmlir"
        _extract(wheel, staged)
        (staged / STAMP).write_text(WHEEL_SPEC + "\n")
        if target.exists():  # damaged: set aside (a process may still have it mapped), then removed
            old = tmp_path / "old"
            target.rename(old)
        try:
            staged.rename(target)
        except OSError:
            if not is_installed():  # another process may have installed it meanwhile
                raise
    if verbose:
        print(f"ttbw: tt-mlir library installed in {target}", file=sys.stderr)


def main(argv: list[str] | None = None) -> int:
    try:
        path = ensure_library(verbose=True)
    except (InstallError, OSError) as exc:
        print(f"ttbw.ttmlir.install: error: {exc}", file=sys.stderr)
        return 1
    print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
