"""--log-actions-to: the lines mlir-opt's action logger writes, for ttbw's Python passes (MLIR
logs its own actions, an upstream pass and the rewrites inside it, through the handler the
dialect library registers on each context: `ttbw.dialect.log_actions`). Both write unbuffered
to the same file, so the lines keep their order."""
from __future__ import annotations

import os


def _thread() -> str:
    """The thread's name, as LLVM's get_thread_name gives it to MLIR's lines."""
    try:
        with open("/proc/thread-self/comm", encoding="utf-8", errors="replace") as comm:
            return comm.read().strip()
    except OSError:
        return ""


def begin(fd: int, pass_name: str, module) -> None:
    from ttbw.ttmlir.dialects import is_ttmlir_module

    op = "module {...}" if is_ttmlir_module(module) else module.operation.get_asm(skip_regions=True).strip()
    os.write(fd, (f"[thread {_thread()}] begins (no breakpoint) Action `pass-execution` running `{pass_name}` "
                  f"on Operation `builtin.module` ({op})`\n").encode("utf-8", "replace"))


def complete(fd: int) -> None:
    os.write(fd, f"[thread {_thread()}] completed `pass-execution`\n".encode())
