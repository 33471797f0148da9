"""Exceptions raised by the emulated device runtime."""

from __future__ import annotations


class EmulatorError(Exception):
    """Base class: the emulated device rejected a request or a program failed."""


class ProgramError(EmulatorError):
    """The program description is invalid (bad core, CB, kernel or argument)."""


class KernelError(EmulatorError):
    """A kernel faulted at run time (bad index, DST protocol misuse, NOC error, ...).

    The message names the core and the kernel."""


class DeadlockError(KernelError):
    """No kernel on a core can make progress; the message names every blocked kernel and CB."""


class L1OverflowError(EmulatorError, ValueError):
    """Circular buffers and L1 buffers do not fit in a core's L1 (a ValueError: the request
    asks for more than the device has, like a shape that breaks a rule)."""


def classify(message: str) -> EmulatorError:
    """Map a runtime error message to its exception class."""
    if message.startswith("deadlock on"):
        return DeadlockError(message)
    if message.startswith("L1 overflow") or message.startswith("out of L1"):
        return L1OverflowError(message)
    if message.startswith("core ("):
        return KernelError(message)
    if message.startswith("CB "):  # a CB the program placed where it cannot be
        return ProgramError(message)
    return EmulatorError(message)
