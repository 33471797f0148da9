"""Instruction selection: a generic's region body -> the compute of one tile.

The body's numerics are explicit (`extf` / `truncf`, f32 opmath, an f32 accumulator), and
the DST register file computes in fp32: so `extf` is free (every format unpacks exactly into
DST), `mulf` / `addf` / `subf` are SFPU binary ops, `negf` is `x * -1.0` (exact, sign of
zero included), and a `truncf` at the root is the rounding of the pack into the result's
format. The FPU multiplies instead where that is exact: a bf16 x bf16 product (bf16 and
bfloat8_b elements are bf16 values, and the FPU's source registers hold bf16 exactly)
rounded once at the end. A reduction's body is `acc + term`: `term` is computed per tile,
then summed into the f32 partial; `extf(truncf(...))` there rounds each term to bf16 first
(a bf16 CB), as the region does.

A `truncf` inside the tree (a bf16 op feeding an f32 one, after fusion) is ("round", a): a
rounding hop, `a` packed to a bf16 CB in a section of its own and unpacked again.

An expression is a tuple tree: ("in", i) the i-th input, ("scalar",) the runtime or
constant scalar, ("mul" | "add" | "sub", a, b), ("neg", a), ("round", a).
"""
from __future__ import annotations

from ..errors import UnsupportedError

_BINARY = {"arith.mulf": "mul", "arith.addf": "add", "arith.subf": "sub"}


def owner_name(value):
    owner = value.owner
    return getattr(getattr(owner, "operation", owner), "name", None)


def _is_bf16(t) -> bool:
    return str(t) == "bf16"


def expression(value, leaves: dict, constant=None):
    """The tree computing `value` (an f32 or bf16 SSA value of the body); `leaves`: block
    argument -> leaf tuple; `constant(v)`: the leaf of an f32 constant in the body (fusion
    folds a constant scalar operand into the region)."""
    if value in leaves:
        return leaves[value]
    name = owner_name(value)
    op = value.owner

    def sub(v):
        return expression(v, leaves, constant)
    if name == "arith.extf":
        return sub(op.operands[0])
    if name in _BINARY:
        return (_BINARY[name], sub(op.operands[0]), sub(op.operands[1]))
    if name == "arith.negf":
        return ("neg", sub(op.operands[0]))
    if name == "arith.truncf":
        if not _is_bf16(value.type):
            raise UnsupportedError(f"codegen: no rounding to {value.type} on the device")
        return ("round", sub(op.operands[0]))
    if name == "arith.constant" and constant is not None and str(value.type) in ("f32", "bf16"):  # bf16 is exact in f32
        from mlir import ir

        return constant(ir.FloatAttr(op.attributes["value"]).value)
    raise UnsupportedError(f"codegen: no Tensix instruction for '{name}' in a generic's body")


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


def rounds(expr) -> list:
    """The ("round", ...) nodes of expr, innermost first (each computed before its users)."""
    out = []
    for e in expr[1:]:
        if isinstance(e, tuple):
            out += [r for r in rounds(e) if r not in out]
    if expr[0] == "round" and expr not in out:
        out.append(expr)
    return out


def fpu_multiply(expr, formats, bcasts):
    """(full input, other input) when expr multiplies two bf16-family inputs, at most one of
    them broadcast inside the tile, so the FPU does it exactly; else None."""
    if expr[0] != "mul" or expr[1][0] != "in" or expr[2][0] != "in":
        return None
    a, b = expr[1][1], expr[2][1]
    if "f32" in (formats[a], formats[b]):
        return None
    if bcasts[a] != "none" and bcasts[b] != "none":
        return None
    return (b, a) if bcasts[a] != "none" else (a, b)
