"""--convert-ttir-to-linalg: real-valued ttir ops to linalg/arith/tensor on tensors.

`target=cpu` (default) is the CPU reference path (ttbw.execution.cpu). `target=device`
is the first step of the device lowering (ttbw.lowering.codegen): the same generics,
but every tensor keeps its `#ttir.layout<...>` encoding (the codegen reads each
operand's device data type and layout from it), sums accumulate in f32 (what the
device's fp32 DST does; an f32 sum has no rounding generic), a typecast that only
changes the layout (bf16 <-> bfloat8_b, TILE <-> ROW_MAJOR) is a copy generic, a preallocated
result (`bufferization.materialize_in_destination`) stays, each op's linalg is located at
`loc("ttir.<op>"(...))`, and sizes no Tensix program can run are refused at the op
(`ttbw.lowering.limits`).

Numerics follow PyTorch on CPU:
- bf16 elementwise ops compute in f32 ("opmath") and round once to bf16. A
  bf16 x bf16 product is exact in f32, so a bf16 multiply is bit-exact. The
  elementwise ops' bodies (arithmetic, math functions, comparisons, where) are
  in linalg_elementwise.py, with their edge-value rules.
- target=cpu: an elementwise op with an f32 result computes in f64 and rounds once to f32:
  each op is correctly rounded (up to the rare double rounding), as the emulator's SFPU ops,
  where f32 opmath would round sigmoid's and rsqrt's steps separately and take libm's f32
  functions (1-2 ulp). bf16 results keep PyTorch's f32 opmath.
- ttir.sum of bf16 accumulates in f32 and rounds once; f32 sums accumulate in
  f64 (our loop is sequential, and sequential f32 drifts by O(n) ulp where
  torch's cascade sum does not).
- Layout encodings (#ttir.layout<...>) are dropped (target=cpu): the CPU has no tiles. A
  bfp_bf8 tensor is computed as the bf16 it is typed as; its block-float
  rounding (shared exponents per 16 values) is NOT emulated here.
Complex tensors must already be expanded (ttir-expand-complex); they are refused.
"""
from __future__ import annotations

from mlir import ir
from mlir.dialects import arith, tensor

from ttbw.dialect.ops import walk_ops
from ttbw.mlir_dialects import linalg
from ttbw.lowering.limits import refuse_unrunnable_sizes
from ttbw.support.diagnostics import Diagnostic, DiagnosticError, source_loc
from ttbw.support.statistics import count
from ttbw.ttmlir.dialects import FOREIGN_DIALECTS

from . import linalg_contraction as contraction
from . import linalg_elementwise as elementwise
from .decompose_backward import decomposes



def run(module, options) -> None:
    target = options.get("target", "cpu")
    if target not in ("cpu", "device"):
        raise DiagnosticError([Diagnostic("error", source_loc(module.operation.location),
                                          f"convert-ttir-to-linalg: option 'target' expects cpu or device, "
                                          f"got '{target}'")])
    device = target == "device"
    with module.context, ir.Location.unknown():
        _refuse_unsupported(module, device)
        if device:
            refuse_unrunnable_sizes(module)
        else:
            _strip_encodings(module)
        for op in list(walk_ops(module.operation)):
            convert = (_DEVICE_CONVERSIONS if device else _CONVERSIONS).get(op.name)
            if convert is None or len(op.results) != 1:
                continue
            with op.location, ir.InsertionPoint(op):
                new = convert(op, device)
            if device:
                _tag(new, op.name)
            op.results[0].replace_all_uses_with(new)
            op.erase()
            count("num-converted")


_TAGGED = ("linalg.generic", "tensor.collapse_shape", "tensor.expand_shape")  # what programs and diagnostics name


def _tag(value, name: str) -> None:
    """Marks the ops computing `value` (those not marked yet: the op's own) `ttbw.op = "<op>"`
    (the TTIR op's name without `ttir.`), what the composite path names and groups its
    programs by and diagnostics name them by."""
    from ttbw.lowering.programs import TTIR_OP

    attr = ir.StringAttr.get(name[len("ttir."):])
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, ir.BlockArgument):
            continue
        producer = v.owner.operation
        if producer.name.startswith("ttir.") or TTIR_OP in producer.attributes:
            continue
        if producer.name in _TAGGED:
            producer.attributes[TTIR_OP] = attr
        stack.extend(producer.operands)


# ------------------------------------------------------------------ checks

def _refuse_unsupported(module, device: bool) -> None:
    errors = []

    def error(op, message):
        errors.append(Diagnostic("error", source_loc(op.location), message))

    context = module.context
    for op in walk_ops(module.operation):
        dialect = op.name.partition(".")[0]
        if dialect in FOREIGN_DIALECTS or not (dialect == "ttir" or context.is_registered_operation(op.name)):
            # tt-mlir's ttcore / ttnn ops and ops no dialect defines are read and printed only
            what = f"tt-mlir's {dialect} ops" if dialect in FOREIGN_DIALECTS else "it"
            error(op, f"'{op.name}' has no {'device' if device else 'CPU'} lowering (ttbw reads and prints "
                      f"{what} but computes nothing with {'them' if what != 'it' else 'it'})")
        elif op.name == "builtin.unrealized_conversion_cast":
            error(op, "unrealized_conversion_cast cannot be executed on the CPU path "
                      "(a ttbw pass left it unresolved)")
        elif op.name.startswith("ttir.") and op.name not in _CONVERSIONS:
            hint = "; run ttir-backward-decomposition-pipeline first" if decomposes(op.name) else ""
            error(op, f"'{op.name}' has no {'device' if device else 'CPU'} lowering{hint}")
        elif (op.name in elementwise.BODIES or op.name == "ttir.broadcast") and not _is_complex_op(op):
            for kind, value in (*(("operand", v) for v in op.operands), ("result", op.results[0])):
                element = str(value.type.element_type)
                if element not in elementwise.FLOAT_ELEMENTS:
                    error(op, f"'{op.name}' {kind} of type {value.type}: elementwise ops take "
                              f"bf16 and f32 tensors only")
                    break
        elif (message := _untyped_tensor(op)) is not None:
            error(op, f"'{op.name}' {message}")
        elif op.name == "func.func":
            if device and (message := _untyped_signature(op)) is not None:
                error(op, message)
            # Reported at the function only when no op inside says more.
            elif any(_is_complex(t) for t in _types_of(op)) and not any(
                    _is_complex(t) for inner in walk_ops(op) if inner.name != "func.return"
                    for t in _types_of(inner)):
                error(op, "function has complex tensors; the CPU path takes real tensors "
                          "only (run ttir-expand-complex first)")
        elif op.name != "func.return" and any(_is_complex(t) for t in _types_of(op)):
            error(op, f"'{op.name}' op has complex tensors; the CPU path takes real tensors "
                      "only (run ttir-expand-complex first)")
    if errors:
        raise DiagnosticError(errors)


def _untyped_tensor(op) -> str | None:
    """Why a ttir op's tensor is none the lowering computes with (a type only tt-mlir's ops
    take: an integer, i1 or f64 element, a ttnn layout), or None."""
    if not op.name.startswith("ttir."):
        return None
    for kind, value in (*(("operand", v) for v in op.operands), *(("result", v) for v in op.results)):
        if (rule := _type_rule(value.type)) is not None:
            return f"{kind} of type {value.type}: {rule}"
    return None


def _untyped_signature(op) -> str | None:
    """Why an argument or result of function `op` is no tensor the device holds (an integer or
    tile element, a ttnn layout: the host would upload or read back what no buffer describes),
    or None. (Unchecked, an unused argument of such a type reached the host plan: an internal
    error, found by test/fuzz.)"""
    function_type = ir.FunctionType(ir.TypeAttr(op.attributes["function_type"]).value)
    for kind, types in (("argument", function_type.inputs), ("result", function_type.results)):
        for i, t in enumerate(types):
            if (rule := _type_rule(t)) is not None:
                if any(_type_rule(v) is not None for inner in walk_ops(op) if inner.name != "func.return"
                       for v in _types_of(inner)):
                    return None  # reported at the op inside, which says more
                return f"function @{ir.StringAttr(op.attributes['sym_name']).value} {kind} {i} of type {t}: {rule}"
    return None


def _type_rule(t):
    """The TypeRuleError of a ranked tensor type the lowering computes nothing with, or None."""
    from ttbw.dialect.tensor_types import TypeRuleError, describe

    if isinstance(t, ir.RankedTensorType):
        try:
            describe(t)
        except TypeRuleError as rule:
            return rule
    return None


def _is_complex_op(op) -> bool:
    return any(_is_complex(t) for t in _types_of(op))


def _types_of(op):
    yield from (v.type for v in op.operands)
    yield from (v.type for v in op.results)
    for region in op.regions:
        for block in region.blocks:
            yield from (a.type for a in block.arguments)
    if op.name == "func.func":
        function_type = ir.FunctionType(ir.TypeAttr(op.attributes["function_type"]).value)
        yield from function_type.inputs
        yield from function_type.results


def _is_complex(t) -> bool:
    return isinstance(t, ir.ShapedType) and isinstance(t.element_type, ir.ComplexType)


# --------------------------------------------------------------- encodings

def _plain(t):
    """`t` without its tensor encoding (the CPU ignores layout and data type)."""
    if isinstance(t, ir.RankedTensorType) and t.encoding is not None:
        return ir.RankedTensorType.get(t.shape, t.element_type)
    return t


def _strip_encodings(module) -> None:
    # Every value, not only ttir ones: func args and results, calls,
    # tensor.from_elements, ... all must agree once the encodings are gone.
    for op in walk_ops(module.operation):
        for value in op.results:
            value.set_type(_plain(value.type))
        for region in op.regions:
            for block in region.blocks:
                for argument in block.arguments:
                    argument.set_type(_plain(argument.type))
        if op.name == "func.func":
            old = ir.FunctionType(ir.TypeAttr(op.attributes["function_type"]).value)
            new = ir.FunctionType.get([_plain(t) for t in old.inputs],
                                      [_plain(t) for t in old.results])
            op.attributes["function_type"] = ir.TypeAttr.get(new)


# ------------------------------------------------------------- conversions

def _widen_to(x, element):
    return arith.extf(element, x) if x.type != element else x


def _reduction():
    return ir.Attribute.parse("#linalg.iterator_type<reduction>")


def _elementwise(op, device):
    # the CPU computes an f32 result in f64 and rounds it once (see the module doc)
    exact = not device and str(op.results[0].type.element_type) == "f32"
    return elementwise.convert(op, ir.F64Type.get() if exact else None)


def _typecast(op, device):
    source, result_type = op.operands[0], op.results[0].type
    if source.type == result_type:  # e.g. bf16 <-> bfp_bf8: same on the CPU
        return source
    return elementwise.elementwise(op, [source], lambda x: x)  # widen, then narrow if needed


def _broadcast(op, device):
    # tt-mlir's broadcast (its verifier, the dialect's, checked the shapes): each size-1 dim
    # repeated broadcast_dimensions[i] times, a copy generic reading index 0 there
    return elementwise.elementwise(op, [op.operands[0]], lambda x: x)


def _sum(op, device):
    source, result_type = op.operands[0], op.results[0].type
    in_shape = list(source.type.shape)
    rank = len(in_shape)
    keep_dim = str(op.attributes["keep_dim"]) == "true"
    if "dim_arg" in op.attributes:
        dims = {ir.IntegerAttr(d).value % rank for d in op.attributes["dim_arg"]} if rank else set()
    else:
        dims = set(range(rank))
    element = result_type.element_type
    f32_sum = isinstance(element, ir.F32Type)
    # the device accumulates in its fp32 DST; the CPU sums f32 in f64 (see the module doc)
    accumulator = elementwise.f32() if device else ir.F64Type.get() if f32_sum else elementwise.f32()
    out_exprs = [ir.AffineConstantExpr.get(0) if d in dims else ir.AffineDimExpr.get(d)
                 for d in range(rank) if keep_dim or d not in dims]
    out_shape = list(result_type.shape)
    zero = arith.constant(accumulator, 0.0)
    acc_type = result_type if device and f32_sum else ir.RankedTensorType.get(out_shape, accumulator)
    init = linalg.fill(zero, outs=[elementwise.empty(acc_type)])
    total = elementwise.generic(
        [source], init,
        [ir.AffineMap.get_identity(rank), ir.AffineMap.get(rank, 0, out_exprs)],
        [_reduction() if d in dims else elementwise.parallel() for d in range(rank)],
        lambda x, acc: arith.addf(acc, _widen_to(x, accumulator)))
    if acc_type == result_type:
        return total
    rounded = elementwise.empty(result_type)
    identity = ir.AffineMap.get_identity(len(out_shape))
    return elementwise.generic([total], rounded, [identity, identity], [elementwise.parallel()] * len(out_shape),
                    lambda acc, _: arith.truncf(element, acc))


def _reassociation(groups):
    i64 = ir.IntegerType.get_signless(64)
    return ir.ArrayAttr.get([ir.ArrayAttr.get([ir.IntegerAttr.get(i64, d) for d in g])
                             for g in groups])


def _reshape(op, device):
    # Through a 1-D tensor: collapse then expand need no dim-matching analysis,
    # and both are views after bufferization. Rank 0 uses the empty reassociation.
    source, result_type = op.operands[0], op.results[0].type
    in_rank, out_shape = source.type.rank, list(result_type.shape)
    if source.type == result_type:
        return source
    if in_rank == 0 or len(out_shape) == 0:
        if in_rank == 0:
            return tensor.ExpandShapeOp(result_type, source, _reassociation([]), [],
                                        out_shape).result
        return tensor.CollapseShapeOp(result_type, source, _reassociation([])).result
    flat = source
    if in_rank != 1:
        flat_type = ir.RankedTensorType.get([_volume(source.type.shape)],
                                            source.type.element_type)
        flat = tensor.CollapseShapeOp(flat_type, source,
                                      _reassociation([list(range(in_rank))])).result
    if len(out_shape) == 1:
        return flat
    return tensor.ExpandShapeOp(result_type, flat, _reassociation([list(range(len(out_shape)))]),
                                [], out_shape).result


def _volume(shape) -> int:
    volume = 1
    for d in shape:
        volume *= d
    return volume


def _full(op, device):
    result_type = op.results[0].type
    value = ir.FloatAttr(op.attributes["fill_value"]).value
    # FloatAttr.get rounds the f32 fill value to bf16 to nearest-even, like torch.full.
    splat = ir.DenseElementsAttr.get_splat(
        result_type, ir.FloatAttr.get(result_type.element_type, value))
    return arith.ConstantOp(result_type, splat).result


def _materialize(op, device):
    # Tensor form only (it has a result): on the CPU the destination's buffer identity does
    # not matter, so the result is just the source's value; the device keeps it (the program
    # writes the preallocated argument's buffer).
    return op.operands[0]


_CONVERSIONS = {
    **{name: _elementwise for name in elementwise.BODIES},
    "ttir.typecast": _typecast,
    "ttir.broadcast": _broadcast,
    "ttir.sum": _sum,
    "ttir.reshape": _reshape,
    "ttir.full": _full,
    **contraction.CONVERSIONS,
    "bufferization.materialize_in_destination": _materialize,
}
_DEVICE_CONVERSIONS = {name: f for name, f in _CONVERSIONS.items() if name != "bufferization.materialize_in_destination"}


def lowers_on_device(op_name: str) -> bool:
    """Whether ttir-to-tensix-pipeline takes ops named `op_name`: a device conversion here, or a
    backward op the decomposition rewrites into them (front ends ask this before handing an op on)."""
    return op_name in _DEVICE_CONVERSIONS or decomposes(op_name)
