"""Cache integrity: kernel objects, the emulator runtime and the tt-mlir library are checked
against their records before loading; damaged cache entries are rebuilt, a damaged tt-mlir
library is refused with the set-up command; where the cache cannot be written there is one
clear error (never a SIGBUS, an 'invalid ELF header' or a raw OSError).

Each variant corrupts a copy in a temp dir (TTBW_CACHE_DIR / TTBW_TTMLIR_DIR), never the
project's own.
"""
import contextlib
import json
import os
import shutil
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import pytest

from ttbw.support import cache_files
from ttbw.execution.emulator import CompileError, kernel_cache, examples
from ttbw.support import native_build
from ttbw.ttmlir import install

ROOT = Path(__file__).resolve().parents[2]
KERNEL = examples.example_sources("eltwise_mul")["writer"]
ARGS = (16, 2)


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("TTBW_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path / "cache"


def kernel():
    return kernel_cache.compile_kernel(KERNEL, ARGS, name="writer")


def loads(path: Path) -> bool:
    """dlopen in a child process: a damaged object kills it (SIGBUS) or fails to load."""
    code = f"import ctypes; ctypes.CDLL({str(path)!r}, mode=ctypes.RTLD_LOCAL | 0x1)"  # RTLD_LAZY
    return subprocess.run([sys.executable, "-c", code], capture_output=True).returncode == 0


def truncate(path: Path) -> None:
    os.truncate(path, path.stat().st_size // 2)


def empty(path: Path) -> None:
    path.write_bytes(b"")


def garbage(path: Path) -> None:  # same size, so only the checksum can tell
    size = path.stat().st_size
    with open(path, "r+b") as fh:
        if size <= 1 << 20:
            fh.write(b"\x7fELF" + os.urandom(size - 4))
        else:  # a large library: 1 MiB of garbage in the middle
            fh.seek(size // 2)
            fh.write(os.urandom(1 << 20))


def no_record(path: Path) -> None:
    cache_files.record_path(path).unlink()


def bad_record(path: Path) -> None:
    cache_files.record_path(path).write_text("{not json")


def symlink_elsewhere(path: Path) -> None:
    path.unlink()
    path.symlink_to("/bin/true")


@pytest.mark.parametrize("damage", [truncate, empty, garbage, no_record, bad_record, symlink_elsewhere])
def test_damaged_kernel_object_is_rebuilt(cache, damage):
    good = kernel()
    content = good.read_bytes()
    damage(good)
    before = native_build.stats.compiled
    again = kernel()
    assert again == good and native_build.stats.compiled == before + 1
    assert not again.is_symlink() and again.read_bytes() == content and loads(again)
    assert cache_files.is_valid(again)
    assert not [p for p in again.parent.iterdir() if p.name.startswith(".tmp-")]


def test_intact_kernel_object_is_a_hit_without_rehashing(cache, monkeypatch):
    kernel()
    monkeypatch.setattr(cache_files, "_sha256", lambda path: pytest.fail("hashed an unchanged entry"))
    before = native_build.stats.compiled
    kernel()
    assert native_build.stats.compiled == before


def test_copied_cache_is_rehashed_once_and_accepted(cache, tmp_path, monkeypatch):
    good = kernel()
    copy = tmp_path / "copy"
    shutil.copytree(cache, copy)  # new inodes: the fingerprint differs, the checksum matches
    monkeypatch.setenv("TTBW_CACHE_DIR", str(copy))
    before = native_build.stats.compiled
    assert kernel() == copy / "kernels" / good.name and native_build.stats.compiled == before


def test_directory_where_a_kernel_object_belongs(cache):
    good = kernel()
    good.unlink()
    good.mkdir()
    with pytest.raises(CompileError, match=r"cannot cache kernel 'writer': ttbw's cache entry '.*\.so' is a "
                                           r"directory where a file belongs \(remove it, or set TTBW_CACHE_DIR"):
        kernel()


def test_file_where_the_kernel_folder_belongs(cache):
    cache.mkdir()
    (cache / "kernels").write_text("")
    with pytest.raises(CompileError, match=r"ttbw's cache folder '.*kernels.*' cannot be created: "
                                           r"'.*kernels' is a file, not a folder"):
        kernel()


def test_file_where_the_cache_root_belongs(cache):
    cache.write_text("")
    with pytest.raises(CompileError, match=r"'.*cache' is a file, not a folder"):
        kernel()


@contextlib.contextmanager
def writable_until_locked(folder: Path):
    """Yields `lock`: makes `folder` read-only (a read-only tmpfs where we may mount, else no
    write permission, which binds non-root users only)."""
    if os.geteuid() == 0:
        from mounts import remount_readonly, tmpfs

        with tmpfs(folder, "16m"):
            yield lambda: remount_readonly(folder)
        return
    folder.mkdir(parents=True, exist_ok=True)
    locked = []

    def lock():
        locked.extend(p for p in [folder, *folder.rglob("*")] if p.is_dir())
        for p in locked:
            p.chmod(0o555)
    try:
        yield lock
    finally:
        for p in locked:
            p.chmod(0o755)


def test_read_only_cache(cache):
    with writable_until_locked(cache) as lock:
        good = kernel()  # filled while writable ...
        lock()
        before = native_build.stats.compiled
        assert kernel() == good and native_build.stats.compiled == before  # ... a hit needs no write
        with pytest.raises(CompileError, match=r"cannot cache kernel 'writer': ttbw's cache folder '.*' is not "
                                               r"writable \((Read-only file system|Permission denied)\); "
                                               "set TTBW_CACHE_DIR to another folder"):
            kernel_cache.compile_kernel(KERNEL, (16, 3), name="writer")  # a new signature


def test_full_cache_disk_leaves_no_temp_and_a_clear_error(cache):
    from mounts import tmpfs

    with tmpfs(cache, "12k"):
        with pytest.raises(CompileError) as raised:
            kernel()
        assert "No space left on device" in str(raised.value) or "not writable" in str(raised.value)
        assert not [p for p in cache.rglob(".tmp-*")]
        assert not (cache / "kernels" / f"{kernel_cache.kernel_key(KERNEL, ARGS, ())}.so").exists()


RUNTIME = """
import sys
import time
from ttbw.execution.emulator import kernel_cache, native
from ttbw.support import native_build
native.lib()
print(native_build.stats.compiled, kernel_cache.runtime_library())
"""


def test_new_cache_folder_builds_no_runtime(tmp_path):
    """Before: every new TTBW_CACHE_DIR built the emulator runtime at its first call (21 s of
    serial g++). Now the set-up builds it once per environment, outside the kernel cache."""
    cache = tmp_path / "cache"
    done = subprocess.run([sys.executable, "-c", RUNTIME], capture_output=True, text=True, check=True,
                          env={**os.environ, "TTBW_CACHE_DIR": str(cache)})
    compiled, path = done.stdout.split()
    assert compiled == "0" and Path(path).parent == kernel_cache.runtime_dir() and done.stderr == ""
    assert not (cache / "emulator").exists()


def test_truncated_runtime_library_is_rebuilt(tmp_path):
    """The emulator runtime: a truncated copy of the environment's entry (which SIGBUSed every
    later run) is rebuilt by the next process (its units in parallel) and then loads."""
    folder = tmp_path / "emulator"
    project = subprocess.run([sys.executable, "-c", RUNTIME], capture_output=True, text=True, check=True)
    real = Path(project.stdout.split()[1])  # the environment's entry (built by the set-up)
    folder.mkdir()
    for path in (real, cache_files.record_path(real)):
        shutil.copy2(path, folder / path.name)
    copy = folder / real.name
    truncate(copy)
    done = subprocess.run([sys.executable, "-c", RUNTIME], capture_output=True, text=True,
                          env={**os.environ, "TTBW_EMULATOR_DIR": str(folder)})
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["1", str(copy)]
    assert cache_files.is_valid(copy) and loads(copy)
    assert sorted(p.name for p in folder.iterdir()) == [real.name, cache_files.record_path(real).name]


def test_library_of_several_units_names_the_unit_that_fails(tmp_path):
    """A library built from several translation units in parallel: the first failing unit (in
    source order) is named, nothing is published and no object file is left behind."""
    good, bad, worse = tmp_path / "good.cpp", tmp_path / "bad.cpp", tmp_path / "worse.cpp"
    good.write_text("int good() { return 1; }\n")
    bad.write_text("int bad() { return not_declared; }\n")
    worse.write_text("int worse( {\n")
    out = tmp_path / "lib" / "libunits.so"
    steps = []
    with pytest.raises(CompileError, match=r"(?s)failed to compile the units library \(bad\.cpp\):\n.*not_declared"):
        native_build.cached_library("g++", ("-fPIC", "-shared"), [good, bad, worse], (), out, "the units library",
                                    steps.append)
    assert sorted(steps) == ["compiling bad.cpp", "compiling good.cpp", "compiling worse.cpp"]
    assert list(out.parent.iterdir()) == []
    bad.write_text("int bad() { return 2; }\n")
    worse.write_text("int worse() { return 3; }\n")
    assert native_build.cached_library("g++", ("-fPIC", "-shared"), [good, bad, worse], (), out, "the units library") == out
    assert cache_files.is_valid(out) and loads(out) and len(list(out.parent.iterdir())) == 2


# -- the tt-mlir library: installed by the set-up, never part of the kernel cache ------------
REAL_TTMLIR = install.library_dir()  # resolved at import, before any test sets TTBW_TTMLIR_DIR
TRANSLATE_INPUT = ROOT / "test" / "Translate" / "ttkernel_to_cpp.mlir"


def translate(**env):
    return subprocess.run([Path(sys.executable).parent / "ttbw-translate", "--ttkernel-to-cpp", TRANSLATE_INPUT],
                          capture_output=True, text=True, env={**os.environ, **env})


def test_new_cache_folder_uses_the_installed_library(tmp_path):
    """Before: a new TTBW_CACHE_DIR silently downloaded the 83 MB wheel again (and failed
    offline). Now it holds kernels only; even a read-only one translates."""
    cache = tmp_path / "cache"
    with writable_until_locked(cache) as lock:
        lock()
        done = translate(TTBW_CACHE_DIR=str(cache))
        assert done.returncode == 0 and "kernel_main" in done.stdout, done.stderr
        assert done.stderr == "" and not (cache / "ttmlir").exists()


@pytest.fixture
def ttmlir_copy(tmp_path, monkeypatch):
    """A copy of the project's tt-mlir install as TTBW_TTMLIR_DIR, and a stand-in for PyPI that
    serves a wheel of the same files (so a repair downloads nothing); yields (folder, downloads)."""
    copy = tmp_path / "ttmlir"
    shutil.copytree(REAL_TTMLIR, copy)
    monkeypatch.setenv("TTBW_TTMLIR_DIR", str(copy))
    downloads = []

    def download(dest: Path, progress) -> Path:
        dest.mkdir(parents=True)
        wheel = dest / "tt_lang-1.1.1-cp312-cp312-manylinux_2_35_x86_64.whl"
        with zipfile.ZipFile(wheel, "w", zipfile.ZIP_STORED) as zf:
            for path in REAL_TTMLIR.rglob("*"):
                if path.is_file() and not path.name.endswith((cache_files.RECORD_SUFFIX, install.STAMP)):
                    zf.write(path, path.relative_to(REAL_TTMLIR).as_posix())
        downloads.append(wheel)
        return wheel

    monkeypatch.setattr(install, "_download_wheel", download)
    return copy, downloads


def missing_message(problem: str) -> str:
    return (f"ttbw-translate: error: the tt-mlir library (tt-lang==1.1.1) {problem}; install it with "
            "`source tools/setup-env.sh` (or `python -m ttbw.ttmlir.install`)\n")


@pytest.mark.parametrize("damage", [truncate, garbage])
def test_damaged_ttmlir_library_is_refused_then_reinstalled_by_the_setup(ttmlir_copy, damage):
    """Before: SIGBUS (truncated) or 'invalid ELF header' in every later run. Now a run refuses
    it with one message naming the package and the set-up command (it never downloads), and
    the set-up's install fetches it again."""
    folder, downloads = ttmlir_copy
    damage(install.library_path())
    done = translate()
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr == missing_message(f"in {folder} is damaged ({install.LIB_MEMBER} does not match its record)")
    assert not install.is_installed() and not downloads
    path = install.install(progress=open(os.devnull, "w"))
    assert len(downloads) == 1 and install.is_installed()
    assert path.stat().st_size == (REAL_TTMLIR / install.LIB_MEMBER).stat().st_size
    done = translate()
    assert done.returncode == 0 and "kernel_main" in done.stdout, done.stderr


def test_missing_ttmlir_library_names_the_setup(tmp_path):
    done = translate(TTBW_TTMLIR_DIR=str(tmp_path / "nowhere"))
    assert done.returncode == 1
    assert done.stderr == missing_message(f"is not installed in {tmp_path / 'nowhere'}")


def test_file_where_the_ttmlir_folder_belongs(tmp_path, monkeypatch):
    (tmp_path / "ttmlir").write_text("")
    monkeypatch.setenv("TTBW_TTMLIR_DIR", str(tmp_path / "ttmlir"))
    assert translate().stderr == missing_message(f"is not installed in {tmp_path / 'ttmlir'}")
    monkeypatch.setattr(install, "_download_wheel", lambda dest, progress: pytest.fail("downloaded"))
    with pytest.raises(install.InstallError,
                       match=r"cannot install tt-lang==1.1.1 into .*ttmlir: it is a file, not a folder \(remove it\)"):
        install.install(progress=open(os.devnull, "w"))


def test_kernels_swapped_with_their_records_are_rebuilt(cache):
    """Issue 26: a record names the entry (its key) it was built for."""
    first = kernel()
    second = kernel_cache.compile_kernel(KERNEL, (16, 3), name="writer")
    for suffix in ("", cache_files.RECORD_SUFFIX):
        a, b = Path(str(first) + suffix), Path(str(second) + suffix)
        tmp = a.with_name("swap")
        a.rename(tmp), b.rename(a), tmp.rename(b)
    assert not cache_files.is_valid(first) and not cache_files.is_valid(second)
    before = native_build.stats.compiled
    assert kernel() == first and native_build.stats.compiled == before + 1
    assert cache_files.is_valid(first)


def test_record_without_the_entry_name_is_rehashed_and_rewritten(cache):
    path = kernel()
    record = cache_files.record_path(path)
    old = json.loads(record.read_text())
    del old["entry"]
    record.write_text(json.dumps(old))
    assert cache_files.is_valid(path)
    assert json.loads(record.read_text())["entry"] == path.name


def test_stale_temp_files_are_removed_when_the_cache_opens(cache):
    """Issue 26: a SIGKILLed build leaves .tmp-<pid>-*.so; removed when older than a build takes
    and its writer is gone, never a live writer's or a fresh one."""
    folder = kernel().parent
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True,
                          text=True).stdout.strip()
    old = time.time() - 2 * cache_files.STALE_TEMP_SECONDS
    planted = {"dead_old": f".tmp-{dead}-aaaaaaaaaaaa.so", "dead_fresh": f".tmp-{dead}-bbbbbbbbbbbb.so",
               "live_old": f".tmp-{os.getpid()}-cccccccccccc.so", "legacy_old": ".tmp-dddddddddddd.so"}
    for key, name in planted.items():
        (folder / name).write_bytes(b"partial")
        if key.endswith("old"):
            os.utime(folder / name, (old, old))
    removed = cache_files.clean_stale_temps(folder, now=time.time())
    assert sorted(p.name for p in removed) == sorted([planted["dead_old"], planted["legacy_old"]])
    assert (folder / planted["dead_fresh"]).exists() and (folder / planted["live_old"]).exists()
