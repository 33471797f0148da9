"""The functions of a module the device lowering stages work on: host functions (the ones a
user wrote, or the decomposition left) and program functions (`func.func private` marked
`ttbw.program`, outlined by ttbw-outline-programs)."""
from __future__ import annotations

from ttbw.lowering.programs import PROGRAM


def functions(module) -> list:
    return [op.operation for op in module.body.operations if op.operation.name == "func.func"]


def is_program(func) -> bool:
    return PROGRAM in func.attributes


def host_functions(module) -> list:
    """The module's top-level functions with a body that are not programs."""
    return [f for f in functions(module) if not is_program(f) and len(f.regions[0].blocks)]


def program_functions(module) -> dict:
    """Name -> program function."""
    return {f.attributes["sym_name"].value: f for f in functions(module) if is_program(f)}
