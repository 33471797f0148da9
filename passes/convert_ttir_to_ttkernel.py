"""convert-ttir-to-ttkernel: a function of TTIR tensor ops -> one fused Tensix program.

    func.func @f(%arg0, %arg1, %arg2) -> (...) { TTIR ops ...; return ... }
  becomes (in tt-mlir's own MLIR context, printed in its syntax)
    func.func @f(%arg0: memref<...>, ...) -> (memref<...>, ...) {   // the host program: TTMetal ops
      "ttmetal.create_buffer" / "ttmetal.enqueue_write_buffer" / "ttmetal.enqueue_program" /
      "ttmetal.enqueue_read_buffer" / "ttmetal.finish" / "ttmetal.deallocate_buffer" ...
    }
    module @f_program {
      func.func @reader() attributes {ttkernel.thread = #ttkernel.thread<noc>} {...}
      func.func @compute() attributes {ttkernel.thread = #ttkernel.thread<compute>} {...}
      func.func @writer() attributes {ttkernel.thread = #ttkernel.thread<noc>} {...}
    }

The function goes to device linalg, is fused and lowered by the one generic codegen
(`ttbw.lowering.fusion`, `ttbw.lowering.codegen`); the host function is built from the
program's description (python/ttbw/lowering/README.md, "Host program description") by
`ttbw.lowering.host_ir`. TTKernel / TTMetal are not ttbw's dialects: the pass prints the
module's other ops, joins the generated text and parses the whole in tt-mlir's context
(`ttbw.ttmlir.module.Module`, which tt-mlir verifies), and returns that module in place of its
input (a context switch: no PassManager of the MLIR Python bindings can host it; ttbw-opt and
ttbw.compile hand the new module to the next stage). Generated ops get the location of the
function they replace.

A function holding one backward op (any op ttir-decompose-backward rewrites) is decomposed first
(ttir-backward-decomposition-pipeline, as --ttir-to-tensix-pipeline does before this pass;
diagnostics point at the op), so both give
the same program; buffers and the description's `function` are then the decomposed
function's (complex values as (real, imag) pairs). A function that is not one program (the
codegen's UnsupportedError) is lowered op by op, as with fuse=false, with a warning at the op
naming why and the program count; what that does not support either is refused at the op.

With `fuse=false` (ttnn's composite path, `ttbw.lowering.composite`) the function becomes one
host function launching one program per TTIR op of the decomposition, in execution order
(intermediates are DRAM buffers it creates and deallocates), and one kernel module per program
(siblings, so ttbw-translate finds every program's kernels one level down):

    func.func @f(...) { ... enqueue_program(@f_0_multiply) ... enqueue_program(@f_1_sum) ... }
    module @f_0_multiply { reader / compute / writer }
    module @f_1_sum { ... }

The plan is `composite.plan_composite_function` (the one the runtime executes); what it does
not support (a NaN scalar, ...; its UnsupportedError names it) is reported at the op.
"""
from __future__ import annotations

import re

from mlir import ir

from ttbw.support.diagnostics import Diagnostic, DiagnosticError, report, source_loc
from ttbw.dialect.ops import walk_ops
from ttbw.lowering.limits import refuse_unrunnable_sizes

from .decompose_backward import decomposes
from .ir_build import relocate

_GRID = re.compile(r"^\s*(\d+)\s*x\s*(\d+)\s*$")
_ALLOWED = ("func.return", "arith.constant")


class _Refused(Exception):
    def __init__(self, op, message: str):
        self.op, self.message = op, message


def parse_grid(text: str) -> tuple[int, int]:
    match = _GRID.match(str(text))
    if not match or int(match.group(1)) < 1 or int(match.group(2)) < 1:
        raise ValueError(f"option 'grid' expects COLSxROWS (e.g. 8x8), got '{text}'")
    return int(match.group(1)), int(match.group(2))


def run(module, options) -> None:
    try:
        grid = parse_grid(options.get("grid", "8x8"))
        fuse = options.get("fuse", True)
        if isinstance(fuse, str):
            if fuse not in ("true", "1", "", "false", "0"):
                raise ValueError(f"option 'fuse' expects true or false, got '{fuse}'")
            fuse = fuse not in ("false", "0")
    except ValueError as error:
        raise DiagnosticError([Diagnostic("error", source_loc(module.operation.location),
                                          f"convert-ttir-to-ttkernel: {error}")]) from None
    refuse_unrunnable_sizes(module)
    functions = [op for op in walk_ops(module.operation) if op.name == "func.func"]
    errors, work = [], []
    for func in functions:
        try:
            item = _prepare(func, grid, fuse)
        except _Refused as refused:
            errors.append(Diagnostic("error", source_loc(refused.op.location), refused.message))
            continue
        if item is not None:
            work.append(item)
    if errors:
        raise DiagnosticError(errors)
    if not work:
        return None
    from ttbw.lowering.host_ir import lowered_module

    return lowered_module(module, [(getattr(f, "operation", f), *rest) for f, *rest in work])


def _prepare(func, grid, fuse: bool = True):
    """None for a function without ttir ops; else (func, name, kernels text, description), or
    (func, name, [(program name, kernels text, description)], composite) when the function is
    lowered op by op (fuse=false, or not one program)."""
    from ttbw.lowering.device_buffers import result_memory

    name = func.attributes["sym_name"].value
    inner = walk_ops(func)
    backward = [op for op in inner if decomposes(op.name)]
    ttir = [op for op in inner if op.name.startswith("ttir.") and not decomposes(op.name)]
    if not backward and not ttir and not _returns_tensors(func):
        return None
    # a function returning tensors it does not compute (its arguments, e.g. after neg(neg(x))
    # folds) is lowered too: copy programs give its results their own buffers
    source, anchor, module = func, (backward or ttir or [func])[0], None
    if backward:
        _check_single_backward_op(func, name, backward, ttir, inner)
        module = _decompose(func, anchor)  # keeps the decomposed function alive while it is lowered
        source = next(o.operation for o in module.body.operations if o.operation.name == "func.func")
    try:
        memory = result_memory(source)
    except ValueError as error:
        raise _Refused(anchor if backward else func, f"'{(anchor if backward else func).name}' op: {error}") from None
    op = anchor.name if backward else None
    item, why = None, None
    if fuse:
        from ttbw.lowering.errors import UnsupportedError

        try:
            item = _prepare_fused(source, name, grid, memory, anchor)
        except UnsupportedError as error:
            why = str(error)
    if item is None:  # fuse=false, or not one program (why): one program per TTIR op
        from ttbw.lowering.composite import plan_composite_function

        item = _prepare_composite(source, name, anchor, grid, lambda: plan_composite_function(source, memory))
        if why is not None:
            report(Diagnostic("warning", source_loc(anchor.location),
                              f"'{anchor.name}' op: not one fused program ({why}): lowered as {len(item[2])} "
                              "programs, one per TTIR op"))
    item[3]["op"] = op
    return (func, *item[1:])


def _returns_tensors(func) -> bool:
    results = ir.FunctionType(func.attributes["function_type"].value).results
    return any(isinstance(t, ir.RankedTensorType) for t in results)


def _check_single_backward_op(func, name: str, backward, ttir, inner) -> None:
    op = backward[0]
    if len(backward) > 1:
        raise _Refused(backward[1], f"'{backward[1].name}' op: unsupported: function @{name} holds "
                       f"{len(backward)} backward ops ({', '.join(o.name for o in backward)}); the lowering takes one per function")
    if ttir:
        raise _Refused(ttir[0], f"'{ttir[0].name}' op: unsupported: a function holding a {op.name} "
                       "must hold no other ttir op (lower one backward op, or its decomposition, per function)")
    for other in inner:
        if other != op and other.name not in _ALLOWED:
            raise _Refused(other, f"'{other.name}' op: unsupported in a function holding a {op.name} "
                           "(only the op, its scalar constant and the return)")


def _decompose(func, op):
    """A module of func's context holding the function's decomposition (ttir-backward-
    decomposition-pipeline), its locations those of `op` (diagnostics point at the op)."""
    from ttbw.driver.compiler import DECOMPOSITION, run_pipeline

    try:
        text = run_pipeline(f"module {{\n{func}\n}}", DECOMPOSITION, "<decompose>")[-1][1]
    except ValueError as error:
        raise _Refused(op, f"'{op.name}' op: {error}") from None
    module = ir.Module.parse(text, func.context)
    relocate(module.operation, op.location)
    return module


def _prepare_fused(source, name: str, grid, memory: str, anchor):
    """The one fused program of TTIR function `source`; raises the codegen's UnsupportedError
    when it is not one program."""
    from ttbw.lowering.describe import describe_fused
    from ttbw.lowering.fusion import plan_fused_function
    from ttbw.target.scalar_encoding import ScalarEncodingError

    try:
        with anchor.context:
            text, description = describe_fused(plan_fused_function(source, memory), grid)
    except ScalarEncodingError as error:
        raise _Refused(anchor, f"'{anchor.name}' op: unsupported: {error}") from None
    description["function"] = _function(source, name)
    return source, name, text, description


def _function(func, name: str) -> dict:
    entry = func.regions[0].blocks[0]
    return {"name": name, "arguments": [str(a.type) for a in entry.arguments],
            "results": [str(t) for t in ir.FunctionType(func.attributes["function_type"].value).results]}


def _prepare_composite(source, name: str, op, grid, plan):
    """ttnn's composite path: `plan()` (a `ttbw.lowering.composite` plan of TTIR function
    `source`), one program per TTIR op. Buffer origins (arg / preallocated_arg / result) refer
    to `source`'s arguments and results."""
    from ttbw.lowering.describe import describe_composite
    from ttbw.lowering.errors import UnsupportedError
    from ttbw.target.scalar_encoding import ScalarEncodingError

    try:
        with op.context:
            programs, composite = describe_composite(plan(), name, grid)
    except ValueError as error:  # UnsupportedError is a ValueError
        kind = "unsupported: " if isinstance(error, (UnsupportedError, ScalarEncodingError)) else ""
        raise _Refused(op, f"'{op.name}' op: {kind}{error}") from None
    composite["function"] = _function(source, name)
    return source, name, programs, composite
