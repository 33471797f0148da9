"""Writing a tool's `-o` output file the way mlir-opt does, and no temp file left behind.

- A regular file (or a path that does not exist yet) is replaced atomically: the text goes to a
  temp file in the same folder, renamed over the target once complete, so a reader never sees
  a partial file and a failure (full disk, signal) leaves the old file as it was. The new file
  keeps the old one's mode (and owner, where permitted); a new file gets 0666 minus the umask.
  A file its user may not write (a 0444 file, even their own) is refused, as mlir-opt refuses
  it, though its folder would allow the rename (root may write it, as with mlir-opt).
- A symlink is followed: its target is written, the link stays.
- A hard-linked file (more than one link) is rewritten in place, so every name still shares it;
  the space is reserved first, so a full disk fails before a byte changes.
- Anything else (a character device such as /dev/null, a FIFO) is opened and written, as
  mlir-opt does: no temp file, no rename.

SIGINT / SIGTERM / SIGHUP arriving while a temp file exists remove it before the process dies
(it is tracked by `ttbw.driver.interrupts`).
"""
from __future__ import annotations

import errno
import os
import stat
import sys

from ttbw.driver.interrupts import deferred_signals, track, untrack


class OutputError(Exception):
    """The output file could not be written; the message names it and the reason."""


def write_output(path: str, text: str | bytes) -> None:
    """Writes `text` (str: as UTF-8; bytes: as they are, e.g. MLIR bytecode) to `path`."""
    data = text.encode("utf-8") if isinstance(text, str) else text
    target = os.path.realpath(path)  # a symlink is followed (also a dangling one)
    try:
        info = os.stat(target)
    except FileNotFoundError:
        info = None
    except OSError as error:
        raise OutputError(_reason(path, error)) from None
    try:
        if info is not None and stat.S_ISDIR(info.st_mode):
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR))
        if info is not None and not stat.S_ISREG(info.st_mode):
            _write_stream(target, data)
        elif info is not None and info.st_nlink > 1:
            _write_in_place(target, data)
        else:
            if info is not None:
                _check_writable(target)
            try:
                _replace_atomically(target, data, info)
            except PermissionError:
                # The folder refuses a temp file, but the file itself is writable (as for mlir-opt).
                if info is None:
                    raise
                _write_in_place(target, data)
    except OSError as error:
        raise OutputError(_reason(path, error)) from None


def _check_writable(target: str) -> None:
    """PermissionError where mlir-opt, which opens the file itself for writing, is refused: a
    file its user may not write (0444, even their own) stays as it is, though the folder would let
    a temp file be renamed over it. The kernel decides, as for mlir-opt's open: root may write a
    0444 file (CAP_DAC_OVERRIDE; mlir-opt as root overwrites it, exit 0), nobody may write one on
    a read-only file system or marked immutable. Opening for writing (no O_TRUNC) changes nothing."""
    os.close(os.open(target, os.O_WRONLY | os.O_CLOEXEC))


def write_stdout(text: str | bytes) -> None:
    """Writes `text` to stdout, all of it: BrokenPipeError when the reader has gone. (With
    PYTHONUNBUFFERED, sys.stdout writes through to an unbuffered file that may take part of a
    write and drops the rest silently: a closed pipe then went unnoticed, exit status 0.)"""
    try:
        fd = sys.stdout.fileno()
    except (AttributeError, OSError):  # stdout replaced by a stream in memory (a caller capturing it)
        sys.stdout.write(text) if isinstance(text, str) else sys.stdout.buffer.write(text)
        return
    sys.stdout.flush()
    _write_all(fd, text.encode("utf-8", "surrogateescape") if isinstance(text, str) else text)


def _reason(path: str, error: OSError) -> str:
    return f"could not write output file '{path}': {error.strerror or error}"


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def _write_stream(target: str, data: bytes) -> None:
    """A device or FIFO: open (blocks until a FIFO has a reader) and write."""
    fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_CLOEXEC, 0o666)
    try:
        _write_all(fd, data)
    finally:
        os.close(fd)


def _replace_atomically(target: str, data: bytes, info: os.stat_result | None) -> None:
    folder, name = os.path.split(target)
    temp = os.path.join(folder, f".{name}.ttbw-{os.urandom(6).hex()}.tmp")  # as secrets.token_hex
    # Created, renamed and removed with the signals deferred, so no signal falls between
    # creating the file and recording that it exists.
    created = False
    try:
        with deferred_signals():
            fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o666)
            created = True
            track(temp)
        try:
            if info is not None:
                _copy_owner_and_mode(fd, info)
            _write_all(fd, data)
        finally:
            os.close(fd)
        with deferred_signals():
            os.replace(temp, target)
            untrack(temp)
            temp = None
    finally:
        if created and temp is not None:
            with deferred_signals():
                _remove(temp)
                untrack(temp)


def _copy_owner_and_mode(fd: int, info: os.stat_result) -> None:
    try:
        os.fchown(fd, info.st_uid, info.st_gid)
    except OSError:  # not permitted (not root): the file becomes ours, as with any editor
        pass
    os.fchmod(fd, stat.S_IMODE(info.st_mode))


def _write_in_place(target: str, data: bytes) -> None:
    """Rewrites a file's content keeping its inode (its hard links, mode and owner)."""
    fd = os.open(target, os.O_WRONLY | os.O_CLOEXEC)
    try:
        if data:
            try:
                os.posix_fallocate(fd, 0, len(data))  # a full disk fails here, content intact
            except OSError as error:
                if error.errno not in (errno.EOPNOTSUPP, errno.EINVAL):
                    raise
        # A regular file takes a bounded write; an interruption mid-way would leave a mix of
        # old and new text under every name, so the signals wait for it.
        with deferred_signals():
            _write_all(fd, data)
            os.ftruncate(fd, len(data))
    finally:
        os.close(fd)


def _remove(path: str) -> None:
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass
