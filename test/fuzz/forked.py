"""Runs one fuzz case in a forked child: a crash (signal), a hang (timeout) or an escaped
exception is observed from outside, like a subprocess, without an interpreter start per case.

The parent must not have created MLIR contexts, torch thread pools or the emulator's threads
(fork copies only the calling thread); `run.py` keeps the parent clean.
"""
from __future__ import annotations

import faulthandler
import os
import pickle
import select
import signal
import sys
import tempfile
import time
import traceback
from dataclasses import dataclass, field


@dataclass
class Outcome:
    status: int | None  # exit code, or -signal; None on a timeout
    stdout: str = ""
    stderr: str = ""
    value: object = None  # what the function returned (pickled through a pipe)
    seconds: float = 0.0
    extra: dict = field(default_factory=dict)


def run_forked(fn, *args, stdin: bytes = b"", timeout: float = 60.0) -> Outcome:
    """Calls fn(*args) in a child with stdin/stdout/stderr on temp files. fn returns an int
    exit code (tools) or any picklable value (exit code 0). An exception escaping fn prints
    its traceback on the child's stderr and exits 70."""
    with tempfile.TemporaryFile() as inp, tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        inp.write(stdin)
        inp.seek(0)
        read_end, write_end = os.pipe()
        start = time.monotonic()
        pid = os.fork()
        if pid == 0:  # the child
            os.close(read_end)
            code = 70
            try:
                os.dup2(inp.fileno(), 0)
                os.dup2(out.fileno(), 1)
                os.dup2(err.fileno(), 2)
                # Python's own streams onto those fds (a host such as pytest may have replaced them)
                sys.stdin = open(0, encoding="utf-8", errors="surrogateescape", closefd=False)
                sys.stdout = open(1, "w", encoding="utf-8", closefd=False)
                sys.stderr = open(2, "w", encoding="utf-8", errors="backslashreplace", closefd=False)
                faulthandler.enable(sys.stderr)  # a crash's Python stack goes to the case's stderr
                os.setpgid(0, 0)  # its own group: a timeout kills what it started too
                value = fn(*args)
                code = value if isinstance(value, int) else 0
                with os.fdopen(write_end, "wb") as pipe:
                    pickle.dump(value, pipe)
            except SystemExit as done:
                code = done.code if isinstance(done.code, int) else 1
            except BaseException:
                traceback.print_exc()
            finally:
                try:
                    sys.stdout.flush()
                    sys.stderr.flush()
                finally:
                    os._exit(code)
        os.close(write_end)
        data, timed_out = b"", False
        while True:  # until the child closes the pipe (it is exiting) or the time is up
            remaining = start + timeout - time.monotonic()
            if remaining <= 0 or not select.select([read_end], [], [], remaining)[0]:
                timed_out = True
                break
            chunk = os.read(read_end, 1 << 20)
            if not chunk:
                break
            data += chunk
        os.close(read_end)
        if timed_out:
            _kill(pid)
        _, raw = os.waitpid(pid, 0)
        status = None if timed_out else os.waitstatus_to_exitcode(raw)
        outcome = Outcome(status, seconds=time.monotonic() - start)
        for fh, name in ((out, "stdout"), (err, "stderr")):
            fh.seek(0)
            setattr(outcome, name, fh.read().decode("utf-8", "replace"))
        if status == 0 and data:
            try:
                outcome.value = pickle.loads(data)
            except Exception:
                outcome.value = None
        return outcome


def _kill(pid: int) -> None:
    for target in (lambda: os.killpg(pid, signal.SIGKILL), lambda: os.kill(pid, signal.SIGKILL)):
        try:
            target()
        except ProcessLookupError:
            pass
