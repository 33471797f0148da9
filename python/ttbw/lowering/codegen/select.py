"""Instruction selection: a generic's region body -> the compute of one tile.

The body's numerics are explicit (`extf` / `truncf`, f32 opmath, an f32 accumulator), and
the DST register file computes in fp32: so `extf` is free (every format unpacks exactly into
DST), `mulf` / `addf` / `subf` / `divf` / `maximumf` / `minimumf` / `math.powf` are SFPU
binary ops, `negf` is `negative_tile` (exact, sign of zero included), the math functions are
SFPU unary ops, and a `truncf` at the root is the rounding of the pack into the result's
format. The FPU multiplies instead where that is exact: a bf16 x bf16 product (bf16 and
bfloat8_b elements are bf16 values, and the FPU's source registers hold bf16 exactly)
rounded once at the end. A reduction's body is `acc + term`: `term` is computed per tile,
then summed into the f32 partial; `extf(truncf(...))` there rounds each term to bf16 first
(a bf16 CB), as the region does.

A `truncf` inside the tree (a bf16 op feeding an f32 one, after fusion) is a rounding hop
(`expr.Rounded`): its value packed to a bf16 CB in a section of its own and unpacked again.

Comparisons (`cmpf`, an i1) become 1.0 / 0.0 tiles, exact IEEE from the SFPU's compares
with zero (tt-lang 1.1.1's TTKernel has no two-operand compare tile op, only gtz ... nez): against a 0.0 constant one op (gtz, ltz, gez, lez, eqz, nez); otherwise from
d = a - b and m = min(a, b), whose NaN marks an unordered pair: a > b = gtz(d), a < b =
ltz(d) (a nonzero difference of distinct values never rounds to zero, and inf - inf is NaN,
false, as inf > inf is), ordered = gez(m) + ltz(m), a >= b = ordered - ltz(d), a <= b =
ordered - gtz(d), a == b = ordered - gtz(d) - ltz(d) (so inf == inf), a != b = 1 - (a == b).
`uitofp` of an i1 is its 1.0 / 0.0 tile; `select(c, a, b)` is `where_tile` on c's tile
(`where_tile` tests != 0, so `select(cmpf une x, 0.0, ...)` tests x itself).

Peepholes for cheaper (and once-rounded) tile ops, on the arithmetic only: 1.0 / (1.0 +
exp(y)) -> sigmoid(-y) (sigmoid(x) when y = -x), 1.0 / sqrt(x) -> rsqrt, 1.0 / x -> recip, select(x < 0.0, 0.0, x) -> relu.

The tree is made of `expr` nodes: inputs, the program's scalar (runtime or constant), f32
literals, tile ops (UNARY and BINARY keys, "where") and rounding hops.
"""
from __future__ import annotations

from ..errors import UnsupportedError
from .expr import Expr, Input, Literal, Rounded, TileOp, children, op

_BINARY = {"arith.mulf": "mul", "arith.addf": "add", "arith.subf": "sub", "arith.divf": "div",
           "arith.maximumf": "max", "arith.minimumf": "min", "math.powf": "pow"}
_UNARY = {"arith.negf": "negative", "math.absf": "abs", "math.erf": "erf", "math.erfc": "erfc",
          "math.exp": "exp", "math.expm1": "expm1", "math.log": "log", "math.log1p": "log1p", "math.rsqrt": "rsqrt",
          "math.sqrt": "sqrt", "math.tanh": "tanh"}
# expression op -> its TTKernel tile op (binary: (d0, d1, odst); unary: (idst))
BINARY = {"mul": "mul_binary_tile", "add": "add_binary_tile", "sub": "sub_binary_tile",
          "div": "div_binary_tile", "max": "binary_max_tile", "min": "binary_min_tile",
          "pow": "power_binary_tile"}
UNARY = {name: f"{name}_tile" for name in
         ("negative", "abs", "erf", "erfc", "exp", "expm1", "log", "log1p", "rsqrt", "sqrt", "tanh",
          "sigmoid", "recip", "relu", "gtz", "ltz", "gez", "lez", "eqz", "nez")}
_AGAINST_ZERO = {"ogt": "gtz", "olt": "ltz", "oge": "gez", "ole": "lez", "oeq": "eqz", "une": "nez"}
_SWAPPED = {"ogt": "olt", "olt": "ogt", "oge": "ole", "ole": "oge", "oeq": "oeq", "une": "une"}


def owner_name(value):
    owner = value.owner
    return getattr(getattr(owner, "operation", owner), "name", None)


def _is_bf16(t) -> bool:
    return str(t) == "bf16"


def _constant_value(value):
    """The float of an f32 or bf16 `arith.constant` (exact in f32), else None."""
    if owner_name(value) != "arith.constant" or str(value.type) not in ("f32", "bf16"):
        return None
    from mlir import ir

    return ir.FloatAttr(value.owner.attributes["value"]).value


def _predicate(cmp) -> str:
    from mlir import ir

    names = ["false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule",
             "une", "uno", "true"]
    return names[ir.IntegerAttr(cmp.attributes["predicate"]).value]


def expression(value, leaves: dict, constant=None) -> Expr:
    """The tree computing `value` (an f32 or bf16 SSA value of the body); `leaves`: block
    argument -> its leaf; `constant(v)`: the leaf of an f32 constant in the body (the
    program's scalar, or a literal)."""
    if value in leaves:
        return leaves[value]
    name = owner_name(value)
    owner = value.owner

    def sub(v):
        return expression(v, leaves, constant)
    if name == "arith.extf":
        return sub(owner.operands[0])
    if name == "arith.divf" and _constant_value(owner.operands[0]) == 1.0:
        exponent = _exp_argument(owner.operands[1])
        if exponent is not None:  # 1 / (1 + exp(y)) = sigmoid(-y)
            if owner_name(exponent) == "arith.negf":
                return op("sigmoid", sub(exponent.owner.operands[0]))
            return op("sigmoid", op("negative", sub(exponent)))
        if owner_name(owner.operands[1]) == "math.sqrt":
            return op("rsqrt", sub(owner.operands[1].owner.operands[0]))
        return op("recip", sub(owner.operands[1]))
    if name in _BINARY:
        return op(_BINARY[name], sub(owner.operands[0]), sub(owner.operands[1]))
    if name in _UNARY:
        return op(_UNARY[name], sub(owner.operands[0]))
    if name == "arith.truncf":
        if not _is_bf16(value.type):
            raise UnsupportedError(f"codegen: no rounding to {value.type} on the device")
        return Rounded(sub(owner.operands[0]))
    if name == "arith.uitofp" and str(owner.operands[0].type) == "i1":
        return _condition(owner.operands[0], sub)
    if name == "arith.select":
        c, a, b = owner.operands
        if owner_name(c) == "arith.cmpf" and _predicate(c.owner) == "olt" and b == c.owner.operands[0] \
                and _constant_value(c.owner.operands[1]) == 0.0 and _constant_value(a) == 0.0:
            return op("relu", sub(b))
        if owner_name(c) == "arith.cmpf" and _predicate(c.owner) == "une" \
                and _constant_value(c.owner.operands[1]) == 0.0:
            test = sub(c.owner.operands[0])
        else:
            test = _condition(c, sub)
        return op("where", test, sub(a), sub(b))
    if name == "arith.constant" and str(value.type) in ("f32", "bf16"):
        v = _constant_value(value)
        return constant(v) if constant is not None else Literal(v)
    raise UnsupportedError(f"codegen: no Tensix instruction for '{name}' in a generic's body")


def _exp_argument(value):
    """y when value is 1.0 + exp(y) (either operand order), else None."""
    if owner_name(value) != "arith.addf":
        return None
    a, b = value.owner.operands
    if _constant_value(a) != 1.0:
        a, b = b, a
    if _constant_value(a) != 1.0 or owner_name(b) != "math.exp":
        return None
    return b.owner.operands[0]


def _condition(cond, sub):
    """The 1.0 / 0.0 tile of an i1 `cond` (a cmpf)."""
    if owner_name(cond) != "arith.cmpf":
        raise UnsupportedError(f"codegen: no Tensix instruction for an i1 made by '{owner_name(cond)}'")
    predicate = _predicate(cond.owner)
    a, b = cond.owner.operands
    if predicate not in _AGAINST_ZERO:
        raise UnsupportedError(f"codegen: no Tensix instruction for 'arith.cmpf {predicate}'")
    if _constant_value(b) == 0.0:
        return op(_AGAINST_ZERO[predicate], sub(a))
    if _constant_value(a) == 0.0:
        return op(_AGAINST_ZERO[_SWAPPED[predicate]], sub(b))
    x, y = sub(a), sub(b)
    d, m = op("sub", x, y), op("min", x, y)
    ordered = op("add", op("gez", m), op("ltz", m))
    if predicate == "ogt":
        return op("gtz", d)
    if predicate == "olt":
        return op("ltz", d)
    if predicate == "oge":
        return op("sub", ordered, op("ltz", d))
    if predicate == "ole":
        return op("sub", ordered, op("gtz", d))
    equal = op("sub", op("sub", ordered, op("gtz", d)), op("ltz", d))
    return equal if predicate == "oeq" else op("sub", Literal(1.0), equal)


def split_root(value):
    """(value without a root truncf, whether the root rounds to bf16)."""
    if owner_name(value) == "arith.truncf":
        return value.owner.operands[0], True
    return value, False


def reduction_term(yielded, acc):
    """(term value, term format bf16 | f32) of a reduction body `acc + term`."""
    if owner_name(yielded) != "arith.addf":
        raise UnsupportedError("codegen: a reduction's body must add a term to its accumulator")
    a, b = yielded.owner.operands
    if a == acc:
        term = b
    elif b == acc:
        term = a
    else:
        raise UnsupportedError("codegen: a reduction's body must add a term to its accumulator")
    if owner_name(term) == "arith.extf":  # a bf16 term (widened for the accumulator)
        inner = term.owner.operands[0]
        if _is_bf16(inner.type):
            return inner, "bf16"
    return term, "f32"


def rounds(e: Expr) -> list:
    """The rounding hops of e, innermost first (each computed before its readers)."""
    out = []
    for child in children(e):
        out += [r for r in rounds(child) if r not in out]
    if isinstance(e, Rounded) and e not in out:
        out.append(e)
    return out


def dst_need(e: Expr) -> int:
    """DST tiles evaluating e takes when each node's neediest operand goes first and every
    operand's tile is freed once consumed (Sethi-Ullman)."""
    needs = sorted((dst_need(c) for c in children(e)), reverse=True)
    return max([1] + [n + i for i, n in enumerate(needs)])


def fpu_multiply(e: Expr, formats, bcasts):
    """(full input, other input) when e multiplies two bf16-family inputs, at most one of
    them broadcast inside the tile, so the FPU does it exactly; else None."""
    if not (isinstance(e, TileOp) and e.name == "mul" and all(isinstance(a, Input) for a in e.args)):
        return None
    a, b = (arg.index for arg in e.args)
    if "f32" in (formats[a], formats[b]):
        return None
    if bcasts[a] != "none" and bcasts[b] != "none":
        return None
    return (b, a) if bcasts[a] != "none" else (a, b)
