"""convert-ttir-to-ttkernel: a function holding one `ttir.mul_bw` → one fused Tensix program.

    func.func @f(%grad, %a, %b) -> (...) { %0:2 = "ttir.mul_bw"(...) ...; return ... }
  becomes
    module @f attributes {ttbw.program = "<JSON host program description>"} {
      func.func @reader() attributes {ttkernel.thread = #ttkernel.thread<noc>} {...}
      func.func @compute() attributes {ttkernel.thread = #ttkernel.thread<compute>} {...}
      func.func @writer() attributes {ttkernel.thread = #ttkernel.thread<noc>} {...}
    }

The kernels are the ones `ttbw.lowering` generates (verified and translated by the real
tt-mlir while the host program is built); the description (schema: python/ttbw/lowering/
README.md, "Host program description") says which CBs, kernels, compile / runtime args and
buffers the host sets up, and which function argument / result each buffer is. TTKernel is not
registered in ttbw's MLIR context: the context must accept unregistered dialects, which the
drivers set before the pipeline runs (`ttbw.pipeline.prepare_context`; the pass refuses a
context that does not, it never changes it while running). Its ops print in generic form, which
tt-mlir parses back (ttbw-translate --ttkernel-to-cpp).

The input is a function holding one `ttir.mul_bw`, or its decomposition (the TTIR that
ttir-mul-bw-decomposition-pipeline leaves, as in --ttir-to-tensix-pipeline): a decomposed
function is lowered as the mul_bw it is the decomposition of (`ttbw.lowering.recognize`), so
both give the same fused program. A function of TTIR ops that is no mul_bw's decomposition
has nothing to fuse and is lowered op by op (as with fuse=false, below). What the device
lowering does not support (`ttbw.lowering.UnsupportedError`) is refused at the op.

With `fuse=false` (ttnn's composite path, `ttbw.lowering.composite`) the function becomes one
nested module per TTIR op program of the decomposition, in execution order, next to an empty
manifest module (siblings, so ttbw-translate finds every program's kernels one level down):

    module @f attributes {ttbw.composite = "<JSON: programs, DRAM intermediates, ...>"} {}
    module @f_0_multiply attributes {ttbw.program = "<JSON>"} { reader / compute / writer }
    module @f_1_sum attributes {ttbw.program = "<JSON>"} { ... }

The plan is `composite.plan_composite` (the one the runtime executes); what it does not
support (a NaN scalar b, ...; its UnsupportedError names it) is reported at the op.
"""
from __future__ import annotations

import json
import re

from mlir import ir

from ttbw.diagnostics import Diagnostic, DiagnosticError, source_loc
from ttbw.dialect.ops import MUL_BW_OPERANDS, MUL_BW_RESULTS, segments, walk_ops
from ttbw.lowering.limits import refuse_unrunnable_sizes

from .ir_build import relocate, require_unregistered_dialects

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
    if work:
        require_unregistered_dialects(module, "convert-ttir-to-ttkernel")
    for func, name, text, description in work:
        if isinstance(text, list):
            _replace_composite(func, name, text, description)
        else:
            _replace(func, name, text, description)


def _prepare(func, grid, fuse: bool = True):
    """None for a function without ttir ops; else (func, name, kernels text, description), or
    without fuse (func, name, [(program name, kernels text, description)], composite)."""
    from ttbw.lowering.device_buffers import result_memory
    from ttbw.lowering.recognize import recognize

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
        if fuse:
            item = _prepare_fused(func, func, name, grid, memory, ttir[0])
            if item is not None:
                return item
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
    if fuse:
        module = _decompose(func, op)
        decomposed = next(o.operation for o in module.body.operations if o.operation.name == "func.func")
        try:
            memory = result_memory(decomposed)
        except ValueError as error:
            raise _Refused(op, f"'ttir.mul_bw' op: {error}") from None
        item = _prepare_fused(func, decomposed, name, grid, memory, op)
        if item is not None:
            _description_of_parts(func, item[3])
            item[3]["op"] = "ttir.mul_bw"
            return item
    return _prepare_op(func, func, op, name, grid, fuse)


def _decompose(func, op):
    """A module of func's context holding the function's decomposition (ttir-mul-bw-
    decomposition-pipeline), its locations those of `op` (diagnostics point at the op)."""
    from ttbw.compilation import DECOMPOSITION, run_pipeline

    try:
        text = run_pipeline(f"module {{\n{func}\n}}", DECOMPOSITION, "<decompose>")[-1][1]
    except ValueError as error:
        raise _Refused(op, f"'{op.name}' op: {error}") from None
    module = ir.Module.parse(text, func.context)
    relocate(module.operation, op.location)
    return module


def _prepare_fused(func, source, name: str, grid, memory: str, anchor):
    """The one fused program of TTIR function `source` (func itself or its decomposition), or
    None when `source` is not one program (the codegen's UnsupportedError)."""
    from ttbw.lowering.describe import describe_fused
    from ttbw.lowering.errors import UnsupportedError
    from ttbw.lowering.fusion import plan_fused_function
    from ttbw.runtime.scalar_args import ScalarEncodingError

    try:
        with anchor.context:
            text, description = describe_fused(plan_fused_function(source, memory), grid)
    except UnsupportedError:
        return None
    except ScalarEncodingError as error:
        raise _Refused(anchor, f"'{anchor.name}' op: unsupported: {error}") from None
    description["function"] = _function(func, name)
    return func, name, text, description


def _description_of_parts(func, description: dict) -> None:
    """Buffers of a complex function's decomposition: decomposed argument / result 2k, 2k + 1
    are the (real, imag) parts of func's complex argument / result k."""
    from ttbw.dialect.tensor_types import describe

    def parts(types):
        out = []
        for k, t in enumerate(types):
            is_complex = isinstance(t, ir.RankedTensorType) and describe(t).is_complex
            out += [(k, "real"), (k, "imag")] if is_complex else [(k, None)]
        return out

    ftype = ir.FunctionType(func.attributes["function_type"].value)
    args, results = parts(ftype.inputs), parts(ftype.results)
    if len(args) == len(ftype.inputs) and len(results) == len(ftype.results):
        return
    for entry in description["buffers"]:
        for key, table in (("arg", args), ("preallocated_arg", args), ("result", results)):
            if key in entry:
                entry[key], part = table[entry[key]]
                if part is not None:
                    entry["part"] = part


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


def _replace(func, name: str, text: str, description: dict) -> None:
    """Parses the kernels into a nested `module @name` that takes the function's place."""
    assert text.startswith("module {")
    body = text[len("module {"):]
    wrapper = ir.Module.parse("module {\nmodule @" + json.dumps(name) + " {" + body + "}\n",
                              func.context)
    nested = wrapper.body.operations[0]
    nested.attributes["ttbw.program"] = ir.StringAttr.get(
        json.dumps(description, separators=(",", ":")), func.context)
    relocate(nested.operation, func.location)
    nested.operation.move_before(func)
    func.erase()


def _replace_composite(func, name: str, programs: list, composite: dict) -> None:
    """The manifest `module @name {ttbw.composite}` then one `module @<program>` per program
    (kernels parsed on their own: the example files carry their own type aliases)."""
    context = func.context
    parts = [f"module @{json.dumps(name)} {{\n}}"]
    for pname, text, _ in programs:
        kernels = ir.Module.parse(text, context)
        body = "\n".join(str(op) for op in kernels.body.operations)
        parts.append(f"module @{json.dumps(pname)} {{\n{body}\n}}")
    wrapper = ir.Module.parse("module {\n" + "\n".join(parts) + "\n}\n", context)
    ops = list(wrapper.body.operations)
    ops[0].attributes["ttbw.composite"] = ir.StringAttr.get(
        json.dumps(composite, separators=(",", ":")), context)
    for nested, (_, _, description) in zip(ops[1:], programs):
        nested.attributes["ttbw.program"] = ir.StringAttr.get(
            json.dumps(description, separators=(",", ":")), context)
    for nested in ops:
        relocate(nested.operation, func.location)
        nested.operation.move_before(func)
    func.erase()
