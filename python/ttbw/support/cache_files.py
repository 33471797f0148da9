"""Files in ttbw's cache (kernel objects; also the emulator runtime and the tt-mlir library the
set-up installs outside the cache): written complete or not at all, and checked before
anything loads them.

A loaded shared object that is truncated or garbage crashes the process (SIGBUS) or fails in
dlopen, so every entry has a record next to it (`<name>.record`: the entry's name, which holds
its cache key, its size, SHA-256 and the stat fingerprint it had when checked). An entry is
valid when its record names it (two entries swapped together with their records are not) and
its size matches and either its fingerprint (inode, mtime, ctime: any rewrite changes the
ctime) or its SHA-256 does; an invalid entry is rebuilt. (A record of an older ttbw, without
the name, is checked by its SHA-256 and then rewritten with it.) Entries and records are
written to a temp name in the same folder and renamed into place, so a reader sees the old
file or the complete new one, never part of one. A temp name holds its writer's pid: temp files
a killed process left (`.tmp-<pid>-*`) are removed when a process first uses the folder, once
older than any build takes and their writer is gone (`clean_stale_temps`).
Where nothing can be written (a read-only cache, a file in the way of a folder, a directory in
the way of a file), `CacheError` says so once, naming the path.
"""
from __future__ import annotations

import errno
import hashlib
import json
import os
import secrets
import stat
import time
from pathlib import Path
from typing import Callable

REPO_ROOT = Path(__file__).resolve().parents[3]  # python/ttbw/support/cache_files.py (editable install)
RECORD_SUFFIX = ".record"
TEMP_PREFIX = ".tmp-"
STALE_TEMP_SECONDS = 3600  # older than any build of an entry takes (the emulator runtime: ~2 min under load)
_HINT = "set TTBW_CACHE_DIR to another folder"


class CacheError(RuntimeError):
    """The cache cannot hold an entry; the message names the path and what to do."""


def cache_root() -> Path:
    """Project cache root: $TTBW_CACHE_DIR if set, else <repo>/.cache."""
    override = os.environ.get("TTBW_CACHE_DIR")
    return Path(override).resolve() if override else REPO_ROOT / ".cache"


def ensure_folder(folder: Path) -> Path:
    try:
        folder.mkdir(parents=True, exist_ok=True)
        clean_stale_temps(folder)
    except (FileExistsError, NotADirectoryError):
        blocker = next(p for p in (folder, *folder.parents) if p.exists() and not p.is_dir())
        raise CacheError(f"ttbw's cache folder '{folder}' cannot be created: '{blocker}' is a file, "
                         f"not a folder (remove it, or {_HINT})") from None
    except OSError as error:
        raise _unwritable(folder, error) from None
    return folder


def _unwritable(folder: Path, error: OSError) -> CacheError:
    return CacheError(f"ttbw's cache folder '{folder}' is not writable ({error.strerror or error}); {_HINT}")


def record_path(entry: Path) -> Path:
    return entry.with_name(entry.name + RECORD_SUFFIX)


def _sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def _fingerprint(info: os.stat_result) -> list[int]:
    return [info.st_ino, info.st_mtime_ns, info.st_ctime_ns]


def is_valid(entry: Path) -> bool:
    """True if `entry` is complete as recorded. A directory in its place is a CacheError."""
    try:
        info = os.lstat(entry)
    except (FileNotFoundError, NotADirectoryError):  # a file in a folder's way: publish says so
        return False
    except OSError as error:
        raise CacheError(f"ttbw's cache entry '{entry}' cannot be read ({error.strerror}); {_HINT}") from None
    if stat.S_ISDIR(info.st_mode):
        raise CacheError(f"ttbw's cache entry '{entry}' is a directory where a file belongs "
                         f"(remove it, or {_HINT})")
    if not stat.S_ISREG(info.st_mode):
        return False
    try:
        record = json.loads(record_path(entry).read_text())
        size, digest, fingerprint = int(record["size"]), str(record["sha256"]), record.get("stat")
        named = record.get("entry")
    except (OSError, ValueError, TypeError, KeyError, AttributeError):
        return False
    if size != info.st_size or named not in (None, entry.name):  # the record of another key's entry
        return False
    if named is not None and fingerprint == _fingerprint(info):
        return True
    try:
        if _sha256(entry) != digest:
            return False
    except OSError:
        return False
    _write_record(entry, {**record, "entry": entry.name, "stat": _fingerprint(os.lstat(entry))}, required=False)
    return True


def publish(entry: Path, build: Callable[[Path], None]) -> Path:
    """Builds a new `entry`: `build(temp)` writes the file at `temp` (in the entry's folder),
    which is renamed into place and recorded. Returns `entry`."""
    ensure_folder(entry.parent)
    is_valid(entry)  # a directory in the way: CacheError before any work
    temp = _temp_in(entry.parent, entry.suffix)
    try:
        build(temp)
        os.replace(temp, entry)
    finally:
        _remove(temp)
    return seal(entry)


def seal(entry: Path) -> Path:
    """Records `entry` as it is now (complete: renamed into place, or in a staged folder)."""
    info = os.lstat(entry)
    _write_record(entry, {"entry": entry.name, "size": info.st_size, "sha256": _sha256(entry),
                          "stat": _fingerprint(info)}, required=True)
    return entry


def write_file(entry: Path, data: bytes) -> Path:
    """Writes a plain cache file (no record) complete or not at all."""
    return _replace(entry, data, required=True)


def _write_record(entry: Path, record: dict, required: bool) -> None:
    _replace(record_path(entry), (json.dumps(record, sort_keys=True) + "\n").encode(), required)


def _replace(path: Path, data: bytes, required: bool) -> Path:
    """Temp file + rename. Without `required`, a cache that cannot be written is left as is (a
    refreshed fingerprint is only a shortcut)."""
    try:
        temp = _temp_in(ensure_folder(path.parent), path.suffix)
    except CacheError:
        if required:
            raise
        return path
    try:
        temp.write_bytes(data)
        os.replace(temp, path)
    except OSError as error:
        if required:
            raise _unwritable(path.parent, error) from None
    finally:
        _remove(temp)
    return path


def _temp_in(folder: Path, suffix: str) -> Path:
    """A new empty file (0666 less the umask, like any cache file) in `folder`."""
    for _ in range(100):
        temp = folder / f"{TEMP_PREFIX}{os.getpid()}-{secrets.token_hex(6)}{suffix}"
        try:
            os.close(os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o666))
            return temp
        except FileExistsError:
            continue
        except OSError as error:
            raise _unwritable(folder, error) from None
    raise CacheError(f"ttbw's cache folder '{folder}' holds too many temp files; remove its .tmp-* files")


def _remove(path: Path) -> None:
    try:
        os.unlink(path)
    except OSError as error:
        if error.errno != errno.ENOENT:
            raise


_cleaned: set = set()


def clean_stale_temps(folder: Path, now: float | None = None) -> list[Path]:
    """Removes (once per process and folder) the temp files in `folder` a killed writer left:
    older than STALE_TEMP_SECONDS and written by a process that is gone (a name without a
    pid, an older ttbw's: by age alone). Returns the removed paths."""
    if folder in _cleaned and now is None:
        return []
    _cleaned.add(folder)
    now = time.time() if now is None else now
    removed = []
    try:
        names = [n for n in os.listdir(folder) if n.startswith(TEMP_PREFIX)]
    except OSError:
        return removed
    for name in names:
        path = folder / name
        try:
            if now - os.lstat(path).st_mtime < STALE_TEMP_SECONDS or _writer_alive(name):
                continue
            os.unlink(path)
            removed.append(path)
        except OSError:  # gone already, or a read-only cache: left as it is
            continue
    return removed


def _writer_alive(name: str) -> bool:
    """Whether the process whose pid a temp file's name holds still runs."""
    pid = name[len(TEMP_PREFIX):].split("-", 1)[0]
    if not pid.isdigit() or "-" not in name[len(TEMP_PREFIX):]:
        return False
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return False
    except OSError:  # EPERM: alive, another user's
        return True
    return True
