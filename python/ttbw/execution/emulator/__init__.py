"""Emulated Tensix device runtime: buffers, programs (kernels + circular buffers), launch.

Typical use::

    from ttbw.execution.emulator import EmulatedDevice, Program, Kernel, CircularBuffer, CoreRange
    with EmulatedDevice(grid=(8, 8)) as dev:
        a = dev.allocate((64, 64), "bf16"); a.write(x)
        stats = dev.run(Program(kernels=[...], circular_buffers=[...], buffers=[a]))
        y = out.read()

Kernels are C++ sources using tt-metal's kernel API (as produced by tt-mlir's TTKernel->C++
translation, see ttbw.ttmlir); they are compiled with g++ against emulator/include.
"""

from .device import Buffer, EmulatedDevice, PreparedProgram, RunStats
from ttbw.support.native_build import CompileError
from ttbw.target.formats import DataFormat

from .errors import DeadlockError, EmulatorError, KernelError, L1OverflowError, ProgramError
from .program import CircularBuffer, CoreRange, Kernel, Processor, Program

__all__ = [
    "Buffer", "CircularBuffer", "CompileError", "CoreRange", "DataFormat", "DeadlockError", "EmulatedDevice",
    "EmulatorError", "Kernel", "KernelError", "L1OverflowError", "PreparedProgram", "Processor", "Program", "ProgramError",
    "RunStats",
]
