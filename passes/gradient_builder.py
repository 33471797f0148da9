"""The builder `d` a derivative rule (passes/derivatives.py) writes its gradients with.

A rule describes each gradient as an expression over the op's operands:
`d.multiply(x.grad, d.conj(x.other))`, `d.neg(x.grad)`, `d.where(d.gt(x.input, d.constant(0.0)),
x.grad, d.constant(0.0))`. Each method is named after the TTIR op it creates. Expressions are
built first and turned into TTIR by `materialize`, which picks the precision (PyTorch's):

- an expression with at most one rounding op over tensor operands (a product, a quotient; exact
  ops such as neg, conj, comparisons and where do not round) is computed in the operands'
  promoted type (bf16 op bf16 -> bf16, with f32 -> f32): one rounding, bit-exact with torch.
  A bfloat8_b operand promotes as f32, the dtype ttnn's `to_torch` gives it (its values are
  bf16's, so they widen exactly): torch's `grad * b` for a bfloat8_b `b` is an f32 product;
- anything else (several rounding ops, or a constant) computes every intermediate in f32 (the
  operands widened once) and is rounded once, to the result's type, by the pass. A complex
  quotient (div, reciprocal) is several roundings (ttir-expand-complex's scaled division).

A node is complex where an operand it reads is (a real factor scales a complex one), except
`real` / `imag` (a complex node's parts) and `complex` (the complex node of two real ones): a
rule may read a complex operand by its parts and build its gradient from real expressions.
"""
from __future__ import annotations

from mlir import ir

from ttbw.dialect.tensor_types import broadcast_shapes, describe

from .ir_build import full, i32_array, tensor, typecast

EXACT = {"neg", "abs", "sign", "conj", "where", "gt", "ge", "lt", "le", "eq", "ne", "reshape", "slice",
         "real", "imag", "complex"}  # never round
PARTS = {"real", "imag"}  # the real parts of a complex node
QUOTIENTS = {"div", "reciprocal"}  # several roundings on complex operands
SAME_TYPE = {"neg", "conj"}  # results of their operand's exact type (their verifiers' rule)


class Expression:
    """One node: a TTIR op over expressions, an operand (`value`) or a constant (`number`)."""

    __slots__ = ("op", "args", "value", "number")

    def __init__(self, op: str, args: tuple = (), value=None, number=None):
        self.op, self.args, self.value, self.number = op, args, value, number


def operand(value: ir.Value) -> Expression:
    return Expression("operand", value=value)


class GradientBuilder:
    """`d`: TTIR ops by name (multiply, add, ..., where, constant)."""

    # binary (implicit broadcast)
    def multiply(self, lhs, rhs): return Expression("multiply", (lhs, rhs))  # noqa: E704
    def add(self, lhs, rhs): return Expression("add", (lhs, rhs))  # noqa: E704
    def subtract(self, lhs, rhs): return Expression("subtract", (lhs, rhs))  # noqa: E704
    def div(self, lhs, rhs): return Expression("div", (lhs, rhs))  # noqa: E704
    def pow(self, lhs, rhs): return Expression("pow", (lhs, rhs))  # noqa: E704
    def minimum(self, lhs, rhs): return Expression("minimum", (lhs, rhs))  # noqa: E704  (NaN propagates)
    # comparisons: 1.0 where true, 0.0 where false
    def gt(self, lhs, rhs): return Expression("gt", (lhs, rhs))  # noqa: E704
    def ge(self, lhs, rhs): return Expression("ge", (lhs, rhs))  # noqa: E704
    def lt(self, lhs, rhs): return Expression("lt", (lhs, rhs))  # noqa: E704
    def le(self, lhs, rhs): return Expression("le", (lhs, rhs))  # noqa: E704
    def eq(self, lhs, rhs): return Expression("eq", (lhs, rhs))  # noqa: E704
    def ne(self, lhs, rhs): return Expression("ne", (lhs, rhs))  # noqa: E704
    # unary
    def neg(self, x): return Expression("neg", (x,))  # noqa: E704
    def abs(self, x): return Expression("abs", (x,))  # noqa: E704
    def sign(self, x): return Expression("sign", (x,))  # noqa: E704  (sign(NaN) = 0)
    def exp(self, x): return Expression("exp", (x,))  # noqa: E704
    def expm1(self, x): return Expression("expm1", (x,))  # noqa: E704
    def log(self, x): return Expression("log", (x,))  # noqa: E704
    def sqrt(self, x): return Expression("sqrt", (x,))  # noqa: E704
    def rsqrt(self, x): return Expression("rsqrt", (x,))  # noqa: E704
    def reciprocal(self, x): return Expression("reciprocal", (x,))  # noqa: E704
    def tanh(self, x): return Expression("tanh", (x,))  # noqa: E704
    def sigmoid(self, x): return Expression("sigmoid", (x,))  # noqa: E704
    def erf(self, x): return Expression("erf", (x,))  # noqa: E704
    def erfc(self, x): return Expression("erfc", (x,))  # noqa: E704
    def conj(self, x): return Expression("conj", (x,))  # noqa: E704  (x itself when real)
    # complex values by their parts
    def real(self, z): return Expression("real", (z,))  # noqa: E704
    def imag(self, z): return Expression("imag", (z,))  # noqa: E704
    def complex(self, re, im): return Expression("complex", (re, im))  # noqa: E704  (re + i im)

    def sum(self, x: Expression, dims: int | tuple) -> Expression:
        """`ttir.sum` of x along `dims` (one or several; keep_dim: broadcast back by the ops
        reading it)."""
        return Expression("sum", (x,), number=(dims,) if isinstance(dims, int) else tuple(dims))

    def reshape(self, x: Expression, shape) -> Expression:
        """`ttir.reshape` of x to `shape` (as many elements)."""
        return Expression("reshape", (x,), number=tuple(int(s) for s in shape))

    def slice(self, x: Expression, begins, ends) -> Expression:
        """`ttir.slice_static` of x: [begins[i], ends[i]) along each dim i (a view: x's type kept)."""
        return Expression("slice", (x,), number=(tuple(int(b) for b in begins), tuple(int(e) for e in ends)))

    def where(self, condition: Expression, true: Expression, false: Expression) -> Expression:
        """condition != 0 ? true : false."""
        return Expression("where", (condition, true, false))

    def constant(self, number: float) -> Expression:
        """A rank-0 f32 `ttir.full`."""
        return Expression("constant", number=float(number))

    def full_like(self, like: Expression, number: float) -> Expression:
        """`number` at every element of `like` whatever its values (no NaN from inf * 0), as
        `ttir.where(like, number, number)`: an elementwise op over `like`, so that the lowering
        iterates over a tensor (it has no program for a source-less fill)."""
        fill = self.constant(number)
        return self.where(like, fill, fill)


def materialize(expression: Expression) -> ir.Value:
    """The TTIR computing `expression` at the current insertion point and location."""
    leaves: list = []
    rounding = _collect(expression, leaves)
    if any(leaf.op == "operand" and _is_complex(leaf.value.type.element_type) for leaf in leaves) \
            and _has_quotient(expression):
        rounding += 1
    if rounding <= 1 and all(leaf.op == "operand" for leaf in leaves):
        element = _promoted([_promotes_as(leaf.value.type) for leaf in leaves])
    else:
        element = ir.F32Type.get()
    return _Emitter(element).emit(expression)


def _collect(expression: Expression, leaves: list) -> int:
    """The number of rounding ops in `expression`; its leaves appended to `leaves`."""
    if expression.op in ("operand", "constant"):
        leaves.append(expression)
        return 0
    inner = sum(_collect(arg, leaves) for arg in expression.args)
    return inner + (expression.op not in EXACT)


def _has_quotient(expression: Expression) -> bool:
    return expression.op in QUOTIENTS or any(_has_quotient(arg) for arg in expression.args)


def is_complex(expression: Expression) -> bool:
    """Whether an expression (`x.grad`, `x.input`, ... or one over them) has a complex operand."""
    if expression.op == "operand":
        return _is_complex(expression.value.type.element_type)
    return any(is_complex(arg) for arg in expression.args)


def _is_complex(element) -> bool:
    return isinstance(element, ir.ComplexType)


def _promotes_as(type_):
    """The (part) element type a tensor operand takes part in type promotion as."""
    if describe(type_).data_type == "bfp_bf8":
        return ir.F32Type.get()
    element = type_.element_type
    return element.element_type if _is_complex(element) else element


def _promoted(elements: list):
    """PyTorch type promotion between bf16 and f32 (also for complex parts)."""
    if all(e == elements[0] for e in elements):
        return elements[0]
    return ir.F32Type.get()


class _Emitter:
    """Emits each node once (a rule may use a subexpression twice), its parts in `element`
    (a complex node in complex<element>)."""

    def __init__(self, element):
        self.element = element
        self.complex_element = ir.ComplexType.get(element)
        self.done: dict = {}

    def _in_element(self, value: ir.Value) -> ir.Value:
        """An operand (or a view of one) in the emitter's element type (complex<element> if complex)."""
        element = self.complex_element if _is_complex(value.type.element_type) else self.element
        if value.type.element_type == element:
            return value
        return typecast(value, tensor(value.type.shape, element))

    def emit(self, expression: Expression) -> ir.Value:
        key = id(expression)
        if key not in self.done:
            self.done[key] = self._build(expression)
        return self.done[key]

    def _build(self, e: Expression) -> ir.Value:
        if e.op == "operand":
            return self._in_element(e.value)
        if e.op == "constant":
            return full([], ir.F32Type.get(), e.number)
        if e.op == "slice" and e.args[0].op == "operand":  # sliced before the cast: only the window is cast
            return self._in_element(_slice(e.args[0].value, *e.number))
        args = [self.emit(arg) for arg in e.args]
        if e.op == "sum":
            return _sum(args[0], e.number)
        if e.op == "reshape":  # a view: the source's layout and data type kept (a ROW_MAJOR grad's rows)
            source = args[0].type
            return ir.Operation.create("ttir.reshape", results=[tensor(e.number, source.element_type, source.encoding)],
                                       operands=args, attributes={"shape": i32_array(e.number)}).result
        if e.op == "slice":
            return _slice(args[0], *e.number)
        if e.op in SAME_TYPE:
            if e.op == "conj" and not _is_complex(args[0].type.element_type):
                return args[0]
            result = args[0].type  # the operand's type, encoding included (exact ops)
        elif e.op in PARTS:  # its part type, encoding included (the verifier's rule)
            z = args[0].type
            result = tensor(z.shape, z.element_type.element_type, z.encoding)
        elif e.op == "complex":
            if args[0].type != args[1].type:  # parts of one type: encodings dropped
                args = [typecast(arg, tensor(arg.type.shape, self.element)) for arg in args]
            part = args[0].type
            result = tensor(part.shape, ir.ComplexType.get(part.element_type), part.encoding)
        else:
            shape = args[0].type.shape
            for arg in args[1:]:
                shape = broadcast_shapes(shape, arg.type.shape)
            branches = args[1:] if e.op == "where" else args  # a where's condition is no value
            complex_ = any(_is_complex(arg.type.element_type) for arg in branches)
            result = tensor(shape, self.complex_element if complex_ else self.element)
        return ir.Operation.create(f"ttir.{e.op}", results=[result], operands=args).result


def _slice(x: ir.Value, begins: tuple, ends: tuple) -> ir.Value:
    """A view, as a reshape: x's layout and data type kept."""
    shape = [end - begin for begin, end in zip(begins, ends)]
    return ir.Operation.create(
        "ttir.slice_static", results=[tensor(shape, x.type.element_type, x.type.encoding)], operands=[x],
        attributes={"begins": i32_array(begins), "ends": i32_array(ends), "step": i32_array([1] * len(shape))}).result


def _sum(x: ir.Value, dims: tuple) -> ir.Value:
    shape = list(x.type.shape)
    dims = sorted({dim % len(shape) for dim in dims})
    for dim in dims:
        shape[dim] = 1
    i32 = ir.IntegerType.get_signless(32)
    return ir.Operation.create("ttir.sum", results=[tensor(shape, x.type.element_type)], operands=[x], attributes={
        "dim_arg": ir.ArrayAttr.get([ir.IntegerAttr.get(i32, dim) for dim in dims]),
        "keep_dim": ir.BoolAttr.get(True)}).result
