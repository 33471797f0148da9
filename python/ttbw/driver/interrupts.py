"""SIGINT, SIGTERM and SIGHUP end a tool at once, wherever they land, with one line and the
signal's exit status (128 + n, as for mlir-opt).

The tools install the handler as their package is imported (`install`), before anything
heavy loads. It never raises: an exception raised by a Python signal handler unwinds through
whatever called the Python code it interrupted (an extension module's import running Python,
a ctypes callback from tt-mlir, a C++ pass manager running Python), and crossing those frames
aborts the process, crashes it (SIGSEGV) or is turned into another error (numpy's ImportError
read as a ttbw bug), issue 26. Instead the handler removes the temp files the tool registered
(`track` / `untrack`, e.g. `-o`'s temp file), prints `<tool>: interrupted (SIGINT)` and kills
the process with the signal's default action. `deferred_signals` holds the signals back for
the few steps that must not be split (creating a temp file and tracking it, renaming it).

A reader that closes the tool's stdout (`| head`) ends it by SIGPIPE with nothing printed, as
it ends mlir-opt or cat (`end_by_sigpipe`).
"""
from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading

SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)

_temps: set = set()
_tool: list = []  # the tool's name, once installed


def install(tool: str | None = None) -> None:
    """Makes the termination signals end the process as the module doc says (main thread only)."""
    if threading.current_thread() is not threading.main_thread():
        return
    _tool[:] = [tool or os.path.basename(sys.argv[0] if sys.argv and sys.argv[0] else "ttbw")]
    for signum in SIGNALS:
        signal.signal(signum, _terminate)


def track(path: str) -> None:
    """`path` is a temp file to remove if a signal ends the process (call with signals deferred)."""
    _temps.add(path)


def untrack(path: str) -> None:
    _temps.discard(path)


def _terminate(signum, _frame) -> None:
    signal.pthread_sigmask(signal.SIG_BLOCK, SIGNALS)  # a second signal cannot cut this short
    for path in list(_temps):
        try:
            os.unlink(path)
        except OSError:
            pass
    name = signal.Signals(signum).name
    try:
        os.write(2, f"{_tool[0] if _tool else 'ttbw'}: interrupted ({name})\n".encode())
    except OSError:  # stderr closed
        pass
    signal.signal(signum, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, (signum,))
    os.kill(os.getpid(), signum)
    os._exit(128 + signum)  # not reached: the signal ends the process


def end_by_sigpipe() -> None:
    """Dies by SIGPIPE, as a C tool writing to a closed pipe does (Python ignores the signal),
    with nothing more printed (Python would report the unflushed stdout at exit)."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    os.kill(os.getpid(), signal.SIGPIPE)
    os._exit(128 + signal.SIGPIPE)  # not reached


@contextlib.contextmanager
def deferred_signals():
    """Blocks the termination signals for the body (they are delivered right after it)."""
    if threading.current_thread() is not threading.main_thread():
        yield  # handlers run on the main thread only; nothing to defer here
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, SIGNALS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def exit_on_signals(main, *args) -> int:
    """Runs a tool's `main(*args)` with the handler installed (if the tools' package has not)."""
    if not _tool:
        install()
    return main(*args)
