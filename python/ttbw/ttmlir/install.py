"""The real tt-mlir C library (from the tt-lang 1.1.1 wheel), installed once by the set-up.

tt-mlir ships no Python 3.11 package; the tt-lang wheel (CPython 3.12) carries a plain C
library with MLIR + the TTCore/TTKernel/TTMetal dialects and the TTKernel->C++ translation.
We only need two folders of it, side by side, because the library finds its bundled libzstd
through RPATH $ORIGIN/../../tt_lang.libs.

It lives in the project's virtual environment (`<venv>/share/ttbw/ttmlir`, or
$TTBW_TTMLIR_DIR), not in the kernel cache: a new TTBW_CACHE_DIR never fetches it again, and
nothing downloads at run time. `tools/setup-env.sh` installs it (`python -m
ttbw.ttmlir.install`, progress on stderr); a run that finds it missing or damaged (every
library is checked against its `ttbw.support.cache_files` record before loading) raises one
InstallError naming the package and the set-up command.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

from ttbw.support import cache_files
from ttbw.support.cache_files import CacheError

WHEEL_SPEC = "tt-lang==1.1.1"
LIB_MEMBER = "ttl/_mlir_libs/libTTLangPythonCAPI.so"
LIBS_DIR = "tt_lang.libs/"
STAMP = "installed-" + WHEEL_SPEC  # marks a complete extraction
SETUP_COMMAND = "source tools/setup-env.sh"


class InstallError(RuntimeError):
    """The tt-mlir library is not installed (or damaged), or could not be installed."""


def library_dir() -> Path:
    """Where the set-up installs the library: $TTBW_TTMLIR_DIR, else inside the venv."""
    override = os.environ.get("TTBW_TTMLIR_DIR")
    return Path(override).resolve() if override else Path(sys.prefix) / "share" / "ttbw" / "ttmlir"


def library_path() -> Path:
    return library_dir() / LIB_MEMBER


def problem() -> str | None:
    """What is wrong with the install (None: complete, every library as recorded)."""
    target = library_dir()
    if not (target / STAMP).is_file():
        return f"is not installed in {target}"
    libraries = [library_path(), *sorted(p for p in (target / LIBS_DIR).glob("*.so*")
                                         if not p.name.endswith(cache_files.RECORD_SUFFIX))]
    for path in libraries:
        try:
            valid = cache_files.is_valid(path)
        except CacheError:
            valid = False
        if not valid:
            return f"in {target} is damaged ({path.relative_to(target)} does not match its record)"
    if len(libraries) < 2:
        return f"in {target} is incomplete (no {LIBS_DIR})"
    return None


def is_installed() -> bool:
    return problem() is None


def installed_library() -> Path:
    """The path of libTTLangPythonCAPI.so, checked; InstallError (naming the package and the
    set-up command) when it is missing or damaged. Never downloads."""
    issue = problem()
    if issue is not None:
        raise InstallError(f"the tt-mlir library ({WHEEL_SPEC}) {issue}; install it with "
                           f"`{SETUP_COMMAND}` (or `python -m ttbw.ttmlir.install`)")
    return library_path()


def install(progress=sys.stderr) -> Path:
    """Installs the library (a no-op when it is complete; damaged: fetched again), reporting
    progress on `progress`. The extraction happens in a temporary folder renamed into place,
    so an interrupted run never leaves a half-written library behind."""
    if is_installed():
        return library_path()
    target = library_dir()
    if target.exists() and not target.is_dir():
        raise InstallError(f"cannot install {WHEEL_SPEC} into {target}: it is a file, not a folder (remove it)")
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        staging = tempfile.TemporaryDirectory(dir=target.parent, prefix=".ttmlir-")
    except OSError as error:
        raise InstallError(f"cannot install {WHEEL_SPEC} into {target}: {error.strerror or error}") from None
    try:
        with staging as tmp:
            tmp_path = Path(tmp)
            print(f"ttbw: downloading {WHEEL_SPEC} (about 83 MB) for the tt-mlir library", file=progress, flush=True)
            wheel = _download_wheel(tmp_path / "wheel", progress)
            staged = tmp_path / "ttmlir"
            _extract(wheel, staged)
            (staged / STAMP).write_text(WHEEL_SPEC + "\n")
            if target.exists():  # damaged: set aside (a process may still have it mapped), then removed
                target.rename(tmp_path / "old")
            try:
                staged.rename(target)
            except OSError:
                if not is_installed():  # another process may have installed it meanwhile
                    raise
    except (OSError, CacheError) as error:
        raise InstallError(f"cannot install {WHEEL_SPEC} into {target}: {error}") from None
    if not is_installed():
        raise InstallError(f"{WHEEL_SPEC} was installed in {target} but does not check out")
    print(f"ttbw: tt-mlir library installed in {target}", file=progress, flush=True)
    return library_path()


def _download_wheel(dest: Path, progress) -> Path:
    """pip's own progress goes to `progress` (stderr), never to stdout."""
    cmd = [sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:",
           "--python-version", "3.12", "--platform", "manylinux_2_35_x86_64",
           "--disable-pip-version-check", "-d", str(dest), WHEEL_SPEC]
    try:
        out = progress.fileno()
    except (AttributeError, OSError, ValueError):  # not a real file (e.g. captured): no progress
        out = subprocess.DEVNULL
    proc = subprocess.run(cmd, stdout=out, stderr=subprocess.PIPE, text=True)
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


def main(argv: list[str] | None = None) -> int:
    """`python -m ttbw.ttmlir.install`: installs once, prints the library's path."""
    try:
        path = install()
    except InstallError as exc:
        print(f"ttbw.ttmlir.install: error: {exc}", file=sys.stderr)
        return 1
    print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
