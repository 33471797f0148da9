"""IR printed to text (or bytecode) without a Python call per printed fragment.

The bindings' `get_asm` hands every fragment MLIR's printer emits (a token, a space) to a
Python callback; given a file path instead, their printer streams to it from C++, several
times faster on a large module. The path is that of an anonymous in-memory file (memfd),
read back whole, so nothing touches the disk. Without memfd (not Linux), or under a file size
limit, `get_asm` is used: LLVM aborts the process when its file stream fails to write.
Modules in tt-mlir's context (`ttbw.ttmlir.module`) print through their own C API sink.
"""
from __future__ import annotations

import io
import os
import resource

_PROC_FD = "/proc/self/fd"


def _in_memory() -> bool:
    return hasattr(os, "memfd_create") and os.path.isdir(_PROC_FD) and \
        resource.getrlimit(resource.RLIMIT_FSIZE)[0] == resource.RLIM_INFINITY


def _streams(operation) -> bool:
    """Whether `operation` is the bindings' (tt-mlir's modules, `ttbw.ttmlir.module`, print
    through their own C API) and memfd can take the text."""
    from mlir import ir

    return isinstance(operation, (ir.Operation, ir.OpView)) and _in_memory()


def asm(operation, print_value_users=False, **flags) -> str:
    """`operation.get_asm(**flags)`, the same text; `print_value_users` (in ttbw's context: the
    bindings lack it) adds each value's users as a comment, as --mlir-print-value-users."""
    from mlir import ir

    if print_value_users and isinstance(operation, (ir.Operation, ir.OpView)):
        return _with_value_users(operation, flags)
    if not _streams(operation):
        return operation.get_asm(**flags)
    return _through_memfd(lambda path: operation.print(file=path, **flags)).decode("utf-8")


def _with_value_users(operation, flags: dict) -> str:
    from ttbw.dialect import print_operation

    flags = {k: v for k, v in flags.items() if k != "assume_verified"}  # the dialect's printer assumes it

    def write(path: str) -> None:
        print_operation(operation, path, print_value_users=True, **flags)

    if _in_memory():
        return _through_memfd(write).decode("utf-8")
    import tempfile

    with tempfile.NamedTemporaryFile(suffix=".mlir") as out:
        write(out.name)
        return out.read().decode("utf-8")


def bytecode(operation) -> bytes:
    """`operation.write_bytecode` into bytes."""
    if not _streams(operation):
        buffer = io.BytesIO()
        operation.write_bytecode(buffer)
        return buffer.getvalue()
    return _through_memfd(operation.write_bytecode)


def _through_memfd(write) -> bytes:
    fd = os.memfd_create("ttbw-ir", os.MFD_CLOEXEC)
    try:
        write(f"{_PROC_FD}/{fd}")
        size, chunks, offset = os.fstat(fd).st_size, [], 0
        while offset < size:
            chunk = os.pread(fd, size - offset, offset)
            if not chunk:
                break
            chunks.append(chunk)
            offset += len(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)
