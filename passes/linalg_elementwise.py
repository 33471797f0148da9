"""The elementwise ttir ops as linalg.generic bodies (part of --convert-ttir-to-linalg).

Every op is one generic over its operands broadcast to the result (NumPy rules in the
indexing maps). The body computes as PyTorch does on the CPU:
- opmath: bf16 operands are widened to f32 (exact), the op computes in f32 and the result
  rounds once to the result's element type (`truncf`); `opmath` may widen further (the CPU
  path computes an f32 result in f64: convert_ttir_to_linalg).
- math functions are math-dialect ops (`math.exp`, `math.log`, ...), which the CPU path
  lowers to libm calls (see ttbw.execution.cpu); torch's own sigmoid / reciprocal / rsqrt /
  relu / sign have no math op and are written the way torch computes them:
  sigmoid = 1 / (1 + exp(-x)), reciprocal = 1 / x, rsqrt = 1 / sqrt(x) (so rsqrt(-0) = -inf),
  relu = x < 0 ? 0 : x (relu(-0) = -0, relu(NaN) = NaN),
  sign = (x > 0) - (x < 0) (sign(NaN) = 0, sign(-0) = +0), gelu = x * 0.5 * erfc(-x / sqrt2)
  (torch's 1 + erf(x / sqrt2) as erfc: no cancellation for x < -1).
- comparisons are IEEE (ordered, except `ne`, true for NaN) and give 1.0 / 0.0 in the
  result's element type, as tt-mlir's TTIR (`uitofp` of the i1).
- where(first, second, third) = first != 0 ? second : third (a NaN condition is true, as
  torch's bool(NaN)).
- maximum / minimum propagate NaN and order -0 < +0 (arith.maximumf / minimumf, IEEE 754-2019).
  torch's own choice between -0 and +0 for equal zeros depends on whether its loop was
  vectorized (second operand) or not (first operand).
- div is IEEE division (x / +-0 is a signed infinity, 0 / 0 NaN).
"""
from __future__ import annotations

from mlir import ir
from mlir.dialects import arith, math, tensor

from ttbw.mlir_dialects import linalg

FLOAT_ELEMENTS = ("bf16", "f32")


def f32():
    return ir.F32Type.get()


def widen(x, opmath=None):
    """x widened to the opmath type (f32 unless given; bf16 -> f32 is exact)."""
    opmath = opmath or f32()
    return arith.extf(opmath, x) if x.type != opmath else x


def narrow(x, element):
    """Round an f32 opmath value once to the result element type."""
    return arith.truncf(element, x) if x.type != element else x


def parallel():
    return ir.Attribute.parse("#linalg.iterator_type<parallel>")


def generic(inputs, init, maps, iterators, body):
    """linalg.generic over `inputs` into `init`; body(*block_args) -> yielded value."""
    op = linalg.GenericOp(
        [init.type], list(inputs), [init],
        ir.ArrayAttr.get([ir.AffineMapAttr.get(m) for m in maps]),
        ir.ArrayAttr.get(iterators))
    elements = [v.type.element_type for v in (*inputs, init)]
    block = op.regions[0].blocks.append(*elements)
    with ir.InsertionPoint(block):
        linalg.YieldOp([body(*block.arguments)])
    return op.result


def broadcast_map(operand_shape, out_shape):
    """NumPy broadcast as an indexing map: right-aligned, size-1 dims read index 0."""
    lead = len(out_shape) - len(operand_shape)
    exprs = [ir.AffineConstantExpr.get(0) if size == 1 and out_shape[lead + i] != 1
             else ir.AffineDimExpr.get(lead + i)
             for i, size in enumerate(operand_shape)]
    return ir.AffineMap.get(len(out_shape), 0, exprs)


def empty(t):
    """tensor.empty of type `t`, encoding included."""
    return tensor.EmptyOp(list(t.shape), t.element_type, encoding=t.encoding).result


def elementwise(op, operands, compute, opmath=None):
    """Elementwise op in f32 opmath (or `opmath`), broadcasting every operand to the result;
    compute(*opmath values) -> opmath value."""
    result_type = op.results[0].type
    shape, element = list(result_type.shape), result_type.element_type
    init = empty(result_type)
    maps = [broadcast_map(list(v.type.shape), shape) for v in operands]
    maps.append(ir.AffineMap.get_identity(len(shape)))
    return generic(operands, init, maps, [parallel()] * len(shape),
                   lambda *args: narrow(compute(*(widen(a, opmath) for a in args[:-1])), element))


# ----------------------------------------------------------------- bodies

def _c(value: float, like):
    """The constant `value` in the opmath type of `like`."""
    return arith.constant(like.type, value)


def _cmp(predicate: str):
    kind = getattr(arith.CmpFPredicate, predicate.upper())

    def body(a, b):
        return arith.uitofp(a.type, arith.cmpf(kind, a, b))
    return body


def _sigmoid(x):
    return arith.divf(_c(1.0, x), arith.addf(_c(1.0, x), math.exp(arith.negf(x))))


def _relu(x):
    return arith.select(arith.cmpf(arith.CmpFPredicate.OLT, x, _c(0.0, x)), _c(0.0, x), x)


def _sign(x):
    positive = arith.uitofp(x.type, arith.cmpf(arith.CmpFPredicate.OGT, x, _c(0.0, x)))
    negative = arith.uitofp(x.type, arith.cmpf(arith.CmpFPredicate.OLT, x, _c(0.0, x)))
    return arith.subf(positive, negative)


def _gelu(x):
    # torch's erf form x * 0.5 * (1 + erf(x / sqrt2)) written with erfc: 1 + erf(t) = erfc(-t)
    # without its cancellation where erf is near -1 (x < -1: f32 torch is off by 10^3 ulp at -4)
    return arith.mulf(arith.mulf(x, _c(0.5, x)), math.erfc(arith.mulf(arith.negf(x), _c(0.7071067811865476, x))))


def _where(first, second, third):
    return arith.select(arith.cmpf(arith.CmpFPredicate.UNE, first, _c(0.0, first)), second, third)


# ttir op -> body over f32 opmath values (one per operand)
BODIES = {
    "ttir.multiply": arith.mulf,
    "ttir.add": arith.addf,
    "ttir.subtract": arith.subf,
    "ttir.div": arith.divf,
    "ttir.maximum": arith.maximumf,
    "ttir.minimum": arith.minimumf,
    "ttir.pow": math.powf,
    "ttir.eq": _cmp("oeq"),
    "ttir.ne": _cmp("une"),
    "ttir.gt": _cmp("ogt"),
    "ttir.ge": _cmp("oge"),
    "ttir.lt": _cmp("olt"),
    "ttir.le": _cmp("ole"),
    "ttir.where": _where,
    "ttir.neg": arith.negf,
    "ttir.abs": math.absf,
    "ttir.erf": math.erf,
    "ttir.erfc": math.erfc,
    "ttir.exp": math.exp,
    "ttir.gelu": _gelu,
    "ttir.expm1": math.expm1,
    "ttir.log": math.log,
    "ttir.log1p": math.log1p,
    "ttir.reciprocal": lambda x: arith.divf(_c(1.0, x), x),
    "ttir.relu": _relu,
    "ttir.rsqrt": lambda x: arith.divf(_c(1.0, x), math.sqrt(x)),
    "ttir.sigmoid": _sigmoid,
    "ttir.sign": _sign,
    "ttir.sqrt": math.sqrt,
    "ttir.tanh": math.tanh,
}


def convert(op, opmath=None):
    """The generic computing elementwise `op` (its name in BODIES), in f32 opmath or `opmath`."""
    return elementwise(op, op.operands, BODIES[op.name], opmath)
