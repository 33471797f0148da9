"""SIGINT, SIGTERM and SIGHUP as an exception, so `finally` blocks (temp files) run first.

A tool's `main` runs under `exit_on_signals`: a signal raises `Interrupted` wherever the
program is, cleanup runs as the exception unwinds, then the process dies by that same signal
(its exit status says so, as for mlir-opt). `deferred_signals` holds them back for the few
steps that must not be split (creating a temp file and remembering it, renaming it).
"""
from __future__ import annotations

import contextlib
import os
import signal
import threading

SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)


class Interrupted(KeyboardInterrupt):
    """A termination signal arrived; `signum` is the signal."""

    def __init__(self, signum: int):
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


def _raise(signum, _frame):
    raise Interrupted(signum)


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
    """Runs `main(*args)`; a termination signal unwinds it, then kills the process with that signal."""
    previous = {s: signal.signal(s, _raise) for s in SIGNALS}
    try:
        return main(*args)
    except Interrupted as interrupted:
        signum = interrupted.signum
    finally:
        for s, handler in previous.items():
            signal.signal(s, handler)
    signal.signal(signum, signal.SIG_DFL)
    os.kill(os.getpid(), signum)
    return 128 + signum  # not reached: the signal ends the process
