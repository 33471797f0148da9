"""convert-ttir-to-ttkernel: a function holding one `ttir.mul_bw` → one fused Tensix program.

    func.func @f(%grad, %a, %b) -> (...) { %0:2 = "ttir.mul_bw"(...) ...; return ... }
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

The kernels are the ones `ttbw.lowering` generates; the host function is built from the
program's description (python/ttbw/lowering/README.md, "Host program description") by
`ttbw.lowering.host_ir`. TTKernel / TTMetal are not ttbw's dialects: the pass prints the
module's other ops, joins the generated text and parses the whole in tt-mlir's context
(`ttbw.ttmlir.module.Module`, which tt-mlir verifies), and returns that module in place of its
input (a context switch: no PassManager of the MLIR Python bindings can host it; ttbw-opt and
ttbw.compile hand the new module to the next stage). Generated ops get the location of the
function they replace.

The input is a function holding one `ttir.mul_bw`, or its decomposition (the TTIR that
ttir-mul-bw-decomposition-pipeline leaves, as in --ttir-to-tensix-pipeline): a decomposed
function is lowered as the mul_bw it is the decomposition of (`ttbw.lowering.recognize`), so
both give the same fused program. A function of TTIR ops that is no mul_bw's decomposition
has nothing to fuse and is lowered op by op (as with fuse=false, below). What the device
lowering does not support (`ttbw.lowering.UnsupportedError`) is refused at the op.

With `fuse=false` (ttnn's composite path, `ttbw.lowering.composite`) the function becomes one
host function launching one program per TTIR op of the decomposition, in execution order
(intermediates are DRAM buffers it creates and deallocates), and one kernel module per program
(siblings, so ttbw-translate finds every program's kernels one level down):

    func.func @f(...) { ... enqueue_program(@f_0_multiply) ... enqueue_program(@f_1_sum) ... }
    module @f_0_multiply { reader / compute / writer }
    module @f_1_sum { ... }

The plan is `composite.plan_composite` (the one the runtime executes); what it does not
support (a NaN scalar b, ...; its UnsupportedError names it) is reported at the op.
"""
from __future__ import annotations

import re

from mlir import ir

from ttbw.diagnostics import Diagnostic, DiagnosticError, source_loc
from ttbw.dialect.ops import MUL_BW_OPERANDS, MUL_BW_RESULTS, segments, walk_ops
from ttbw.lowering.limits import refuse_unrunnable_sizes

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
    without fuse (func, name, [(program name, kernels text, description)], composite)."""
    from ttbw.lowering.recognize import recognize, result_memory

    name = func.attributes["sym_name"].value
    inner = walk_ops(func)
    mul_bws = [op for op in inner if op.name == "ttir.mul_bw"]
    ttir = [op for op in inner if op.name.startswith("ttir.") and op.name != "ttir.mul_bw"]
    if not mul_bws:
        if not ttir:
            return None
        try:
            memory = result_memory(func)
        except ValueError as error:
            raise _Refused(func, f"'func.func' op: {error}") from None
        recognized = recognize(func)  # decomposed TTIR: the decomposition of which mul_bw?
        if recognized is None:  # no mul_bw to fuse: one program per TTIR op
            from ttbw.lowering.composite import plan_composite_function

            return _prepare_composite(func, name, ttir[0], grid,
                                      lambda: plan_composite_function(func, memory), False)
        source = recognized.function
        op = next(o for o in walk_ops(source) if o.name == "ttir.mul_bw")
        item = _prepare_op(func, source, op, name, grid, fuse)
        if recognized.complex_parts:
            _to_parts(item[3], fuse)
        return item
    if len(mul_bws) > 1:
        raise _Refused(mul_bws[1], f"'ttir.mul_bw' op: unsupported: function @{name} holds "
                       f"{len(mul_bws)} ttir.mul_bw ops; the fused lowering takes one per function")
    op = mul_bws[0]
    if ttir:
        raise _Refused(ttir[0], f"'{ttir[0].name}' op: unsupported: a function holding a ttir.mul_bw "
                       "must hold no other ttir op (lower one mul_bw, or its decomposition, per function)")
    for other in inner:
        if other != op and other.name not in _ALLOWED:
            raise _Refused(other, f"'{other.name}' op: unsupported in a function lowered to one fused "
                           "mul_bw program (only the op, its scalar constant and the return)")
    return _prepare_op(func, func, op, name, grid, fuse)


def _prepare_op(func, source, op, name: str, grid, fuse: bool):
    """Lowers `op`, the mul_bw of function `source` (func itself, or the mul_bw function func
    is the decomposition of); `func` is the function replaced."""
    from ttbw.lowering import UnsupportedError, analyze
    from ttbw.lowering.describe import describe
    from ttbw.runtime.scalar_args import ScalarEncodingError

    if not fuse:
        from ttbw.lowering.composite import plan_composite

        return _prepare_composite(func, name, op, grid, lambda: plan_composite(str(source)))
    origins, scalar, runtime_scalar = _origins(source, op)
    try:
        with op.context:
            analysis = analyze(op)
            text, description, _ = describe(analysis, grid, scalar, runtime_scalar, origins)
    except (UnsupportedError, ScalarEncodingError) as error:
        raise _Refused(op, f"'ttir.mul_bw' op: unsupported: {error}") from None
    if runtime_scalar:  # the argument the executor encodes into the compute args
        description["scalar"]["arg"] = origins["b"]["arg"]
    description["function"] = _function(func, name)
    return func, name, text, description


def _to_parts(description: dict, fuse: bool) -> None:
    """Complex buffers of a decomposed function: each complex argument / result k is the
    (real, imag) pair 2k, 2k + 1 there."""
    for entry in description["buffers"] if fuse else []:
        offset = int(entry.get("part") == "imag")
        for key in ("arg", "preallocated_arg", "result"):
            if key in entry:
                value = entry[key]
                entry[key] = [2 * v + offset for v in value] if isinstance(value, list) else 2 * value + offset


def _function(func, name: str) -> dict:
    entry = func.regions[0].blocks[0]
    return {"name": name, "arguments": [str(a.type) for a in entry.arguments],
            "results": [str(t) for t in ir.FunctionType(func.attributes["function_type"].value).results]}


def _prepare_composite(func, name: str, op, grid, plan, of_mul_bw: bool = True):
    """ttnn's composite path: `plan()` (a `ttbw.lowering.composite` plan of the function's
    decomposition), one program per TTIR op. Buffer origins (arg / preallocated_arg / result)
    come from the plan and refer to the decomposed function's arguments and results."""
    from ttbw.lowering import UnsupportedError
    from ttbw.lowering.describe import describe_composite
    from ttbw.runtime.scalar_args import ScalarEncodingError

    try:
        with op.context:
            programs, composite = describe_composite(plan(), name, grid, "ttir.mul_bw" if of_mul_bw else None)
    except ValueError as error:  # UnsupportedError is a ValueError
        kind = "unsupported: " if isinstance(error, (UnsupportedError, ScalarEncodingError)) else ""
        raise _Refused(op, f"'{op.name}' op: {kind}{error}") from None
    composite["function"] = _function(func, name)
    return func, name, programs, composite


def _origins(func, op):
    """Buffer name -> {"arg": i} / {"result": k} (+ scalar b: constant value or runtime)."""
    from ttbw.lowering.mul_bw_program import OPERAND_BUFFER

    entry = func.regions[0].blocks[0]
    arg_index = {a: i for i, a in enumerate(entry.arguments)}
    operands = segments(op, "operandSegmentSizes", MUL_BW_OPERANDS, list(op.operands))
    results = segments(op, "resultSegmentSizes", MUL_BW_RESULTS, list(op.results))
    origins: dict = {}
    scalar, runtime_scalar = None, False
    for role, value in operands.items():
        if value is None:
            continue
        if role == "other" and not isinstance(value.type, ir.ShapedType):  # scalar b
            if value in arg_index:
                runtime_scalar = True
                origins["b"] = {"arg": arg_index[value]}
            elif getattr(value.owner, "name", None) == "arith.constant":
                scalar = ir.FloatAttr(value.owner.attributes["value"]).value
            else:
                raise _Refused(op, "'ttir.mul_bw' op: unsupported: the scalar b must be a function "
                               "argument or an arith.constant")
            continue
        if value not in arg_index:
            raise _Refused(op, f"'ttir.mul_bw' op: unsupported: operand '{role}' must be a function "
                           "argument (the program reads it from a device buffer)")
        key = "arg" if role in ("grad", "input", "other") else "preallocated_arg"
        origins.setdefault(OPERAND_BUFFER[role], {})[key] = arg_index[value]
    for role, value in results.items():
        if value is None:
            continue
        positions = []
        for use in value.uses:
            user = getattr(use.owner, "operation", use.owner)
            if user.name != "func.return":
                raise _Refused(op, f"'ttir.mul_bw' op: unsupported: result '{role}' is used by "
                               f"'{user.name}'; the fused program's results can only be returned")
            positions.append(use.operand_number)
        origins.setdefault(role, {})["result"] = positions[0] if len(positions) == 1 else positions
    return origins, scalar, runtime_scalar
