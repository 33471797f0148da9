"""FX aten graphs -> TTIR: one function per aten op, each writing TTIR ops into a FunctionBuilder.

    value = import_node(builder, node, values)   # values: FX node -> Value (its tensor inputs)

An op with no function here, or a call its function cannot express (a dtype, a rounding mode, an
argument value), raises Unsupported naming the op and why: the partitioner runs it in torch.
Whether ttbw can lower what the function wrote is the partitioner's question (`lowers_on_device`),
so an op whose TTIR op lands later (ttir.matmul, ttir.permute, the softmax / norm backward ops)
becomes a region without a change here.

Numerics follow PyTorch's CPU kernels: an op of bf16 tensors is the TTIR op in bf16 (ttbw rounds
as torch does); a Python scalar or an alpha makes torch compute in f32 (its opmath) and round
once, so the function computes in f32 between two typecasts.
"""
from __future__ import annotations

import math
import operator

import torch

from .ttir_text import FunctionBuilder, TensorType, Unsupported, Value, f32_literal, i32_list, tensor_type

aten = torch.ops.aten
IMPORTERS: dict = {}
# Ops that only give their input another name (no TTIR op).
IDENTITIES = (aten.clone.default, aten.alias.default, aten.detach.default, aten.lift_fresh_copy.default)
# Ops torch does as views on the host, for free, when their result leaves a region anyway.
HOST_VIEWS = IDENTITIES + (aten.view.default, aten.reshape.default, aten._unsafe_view.default, aten.squeeze.dim,
                           aten.squeeze.dims, aten.unsqueeze.default)


def importer(*overloads):
    def register(function):
        for overload in overloads:
            IMPORTERS[overload] = function
        return function
    return register


def op_name(target) -> str:
    """aten.sum.dim_IntList, aten.t (the default overload unnamed), or a callable's name."""
    if isinstance(target, torch._ops.OpOverload):
        return str(target).removesuffix(".default")
    return getattr(target, "__name__", str(target))


def result_types(meta) -> TensorType | tuple:
    """The TensorType of an FX node's value (a tuple of them, None for a non-tensor entry; None for
    an output torch does not compute, e.g. a gradient output_mask leaves out)."""
    if meta is None:
        return None
    if isinstance(meta, (tuple, list)):
        return tuple(tensor_type(m) if isinstance(m, torch.Tensor) else None for m in meta)
    return tensor_type(meta)


def import_node(builder: FunctionBuilder, node, values: dict, meta_of):
    """Writes node's TTIR into builder; returns its Value (a tuple for a multi-result op).
    values: FX node -> Value of the tensors already in the function; meta_of(node): the node's
    value as a FakeTensor, a tensor or a number (a shape entry of a specialised graph)."""
    function = IMPORTERS.get(node.target)
    if function is None:
        raise Unsupported(f"no TTIR importer for {op_name(node.target)}")

    def value_of(arg):
        if isinstance(arg, torch.fx.Node):
            if arg in values:
                return values[arg]
            meta = meta_of(arg)
            if isinstance(meta, (int, float)) and not isinstance(meta, bool):
                return meta
            raise Unsupported(f"input {arg.name} is not a bf16 / f32 tensor")
        if isinstance(arg, (list, tuple)):
            return type(arg)(value_of(a) for a in arg)
        return arg

    args = [value_of(a) for a in node.args]
    kwargs = {k: value_of(v) for k, v in node.kwargs.items()}
    return function(builder, result_types(meta_of(node)), *args, **kwargs)


# ------------------------------------------------------------------ helpers

def cast(b: FunctionBuilder, x: Value, element: str) -> Value:
    return x if x.type.element == element else b.op("typecast", [x], x.type.with_element(element))


def full(b: FunctionBuilder, number: float, element: str, shape=()) -> Value:
    return b.op("full", [], TensorType(tuple(shape), element),
                f"fill_value = {f32_literal(number)}, shape = array<i32{': ' if shape else ''}{', '.join(map(str, shape))}>")


def _operand(b, x, element: str) -> Value:
    return full(b, x, element) if isinstance(x, (int, float)) else cast(b, x, element)


def binary(b, name: str, lhs, rhs, result: TensorType) -> Value:
    """lhs <name> rhs in result's type; with a Python scalar, in f32 rounded once (torch's opmath)."""
    if isinstance(lhs, bool) or isinstance(rhs, bool):
        raise Unsupported("a bool operand")
    scalar = not isinstance(lhs, Value) or not isinstance(rhs, Value)
    element = "f32" if scalar else result.element
    out = b.op(name, [_operand(b, lhs, element), _operand(b, rhs, element)], result.with_element(element))
    return cast(b, out, result.element)


def _scaled(b, x, alpha, result: TensorType):
    """alpha * x in f32 (torch's add / sub with alpha), or x when alpha is 1."""
    if alpha == 1:
        return x
    if not isinstance(x, Value):
        return float(x) * alpha
    xf = cast(b, x, "f32")
    return b.op("multiply", [xf, full(b, alpha, "f32")], xf.type)


def _f32(b, x: Value) -> Value:
    return cast(b, x, "f32")


def _unary(name: str):
    def lower(b, result, x):
        return b.op(name, [cast(b, x, result.element)], result)
    return lower


def _dims(dims, rank: int) -> list[int]:
    if dims is None or dims == []:
        return list(range(rank))
    return sorted({d % rank for d in ([dims] if isinstance(dims, int) else dims)}) if rank else []


# ------------------------------------------------------------------ elementwise

@importer(aten.mul.Tensor, aten.mul.Scalar)
def mul(b, result, x, y):
    return binary(b, "multiply", x, y, result)


@importer(aten.add.Tensor, aten.add.Scalar)
def add(b, result, x, y, alpha=1):
    if alpha != 1:
        return cast(b, b.op("add", [_operand(b, x, "f32"), _operand(b, _scaled(b, y, alpha, result), "f32")],
                            result.with_element("f32")), result.element)
    return binary(b, "add", x, y, result)


@importer(aten.sub.Tensor, aten.sub.Scalar)
def sub(b, result, x, y, alpha=1):
    if alpha != 1:
        return cast(b, b.op("subtract", [_operand(b, x, "f32"), _operand(b, _scaled(b, y, alpha, result), "f32")],
                            result.with_element("f32")), result.element)
    return binary(b, "subtract", x, y, result)


@importer(aten.rsub.Scalar, aten.rsub.Tensor)
def rsub(b, result, x, y, alpha=1):
    return sub(b, result, y, x, alpha)


@importer(aten.div.Tensor, aten.div.Scalar, aten.div.Tensor_mode)
def div(b, result, x, y, rounding_mode=None):
    if rounding_mode is not None:
        raise Unsupported(f"rounding_mode={rounding_mode!r}")
    return binary(b, "div", x, y, result)


@importer(aten.pow.Tensor_Scalar, aten.pow.Tensor_Tensor)
def pow_(b, result, x, exponent):
    return binary(b, "pow", x, exponent, result)


@importer(aten.maximum.default)
def maximum(b, result, x, y):
    return binary(b, "maximum", x, y, result)


@importer(aten.minimum.default)
def minimum(b, result, x, y):
    return binary(b, "minimum", x, y, result)


@importer(aten.where.self)
def where(b, result, condition, x, y):
    element = result.element
    return b.op("where", [condition, _operand(b, x, element), _operand(b, y, element)], result)


@importer(aten.neg.default)
def neg(b, result, x):
    return b.op("neg", [x], result)


for _aten, _ttir in ((aten.rsqrt.default, "rsqrt"), (aten.exp.default, "exp"), (aten.log.default, "log"),
                     (aten.sqrt.default, "sqrt"), (aten.reciprocal.default, "reciprocal"), (aten.abs.default, "abs"),
                     (aten.erf.default, "erf"), (aten.tanh.default, "tanh"), (aten.sigmoid.default, "sigmoid"),
                     (aten.relu.default, "relu"), (aten.sign.default, "sign")):
    IMPORTERS[_aten] = _unary(_ttir)


@importer(aten.gelu.default)
def gelu(b, result, x, approximate="none"):
    if approximate != "none":
        raise Unsupported(f"approximate={approximate!r} (ttir.gelu is the erf form)")
    return b.op("gelu", [x], result)


@importer(aten._to_copy.default)
def to_copy(b, result, x, dtype=None, **options):
    if any(options.get(k) not in (None, False, torch.strided, torch.device("cpu"))
           for k in ("layout", "device", "pin_memory", "non_blocking")):
        raise Unsupported(f"options {options}")
    return cast(b, x, result.element)


@importer(torch.ops.prims.convert_element_type.default)
def convert_element_type(b, result, x, dtype):
    return cast(b, x, result.element)


@importer(*IDENTITIES)
def identity(b, result, x, **_):
    return x


# ------------------------------------------------------------------ constants

@importer(aten.full.default)
def full_(b, result, size, fill_value, **_):
    return full(b, fill_value, result.element, result.shape)


@importer(aten.scalar_tensor.default)
def scalar_tensor(b, result, number, **_):
    return full(b, number, result.element)


@importer(aten.zeros_like.default)
def zeros_like(b, result, x, **_):
    return full(b, 0.0, result.element, result.shape)


@importer(aten.ones_like.default)
def ones_like(b, result, x, **_):
    return full(b, 1.0, result.element, result.shape)


# ------------------------------------------------------------------ shapes

@importer(aten.view.default, aten.reshape.default, aten._unsafe_view.default)
def view(b, result, x, shape):
    return b.op("reshape", [x], result, f"shape = {i32_list(result.shape)}")


@importer(aten.squeeze.dim, aten.squeeze.dims, aten.unsqueeze.default)
def squeeze(b, result, x, dim):
    return view(b, result, x, result.shape)


@importer(aten.expand.default)
def expand(b, result, x, size, implicit=False):
    ones = (1,) * (result.rank - x.type.rank) + x.type.shape
    if ones != x.type.shape:
        x = b.op("reshape", [x], TensorType(ones, x.type.element), f"shape = {i32_list(ones)}")
    if ones == result.shape:
        return x
    factors = [r if o == 1 else 1 for o, r in zip(ones, result.shape)]
    return b.op("broadcast", [x], result, f"broadcast_dimensions = array<i64: {', '.join(map(str, factors))}>")


def _permute(b, result, x, permutation):
    if list(permutation) == list(range(len(permutation))):
        return x
    return b.op("permute", [x], result, f"permutation = array<i64: {', '.join(str(p) for p in permutation)}>")


@importer(aten.permute.default)
def permute(b, result, x, dims):
    return _permute(b, result, x, [d % max(x.type.rank, 1) for d in dims])


@importer(aten.t.default)
def t(b, result, x):
    return _permute(b, result, x, list(range(x.type.rank))[::-1])


@importer(aten.transpose.int)
def transpose(b, result, x, dim0, dim1):
    order = list(range(x.type.rank))
    if order:
        dim0, dim1 = dim0 % len(order), dim1 % len(order)
        order[dim0], order[dim1] = order[dim1], order[dim0]
    return _permute(b, result, x, order)


# ------------------------------------------------------------------ reductions

def _reduce(b, x: Value, dims, keepdim: bool, result: TensorType, element: str) -> Value:
    """sum over dims in `element`, kept as 1s (the device's tiles), then reshaped to the result."""
    kept = tuple(1 if d in _dims(dims, x.type.rank) else n for d, n in enumerate(x.type.shape))
    total = b.op("sum", [cast(b, x, element)], TensorType(kept, element),
                 f"dim_arg = {i32_list(_dims(dims, x.type.rank))}, keep_dim = true")
    if kept == result.shape:
        return total
    return b.op("reshape", [total], result.with_element(element), f"shape = {i32_list(result.shape)}")


@importer(aten.sum.dim_IntList)
def sum_(b, result, x, dims, keepdim=False, dtype=None):
    """In x's type when the result has it, else in f32 (a bf16 sum accumulates in f32 either way:
    ttbw's and torch's)."""
    element = x.type.element if x.type.element == result.element else "f32"
    return cast(b, _reduce(b, x, dims, keepdim, result, element), result.element)


@importer(aten.sum.default)
def sum_all(b, result, x, dtype=None):
    return sum_(b, result, x, None)


@importer(aten.mean.dim)
def mean(b, result, x, dims, keepdim=False, dtype=None):
    """The sum in f32 divided by the count, rounded once (torch's mean)."""
    count = math.prod(x.type.shape[d] for d in _dims(dims, x.type.rank))
    total = _reduce(b, x, dims, keepdim, result, "f32")
    return cast(b, b.op("div", [total, full(b, count, "f32")], total.type), result.element)


# ------------------------------------------------------------------ contractions (ttir.matmul / linear)

@importer(aten.mm.default, aten.bmm.default, aten.matmul.default)
def mm(b, result, x, y):
    return b.op("matmul", [x, y], result)


@importer(aten.addmm.default)
def addmm(b, result, bias, x, y, beta=1, alpha=1):
    if beta != 1 or alpha != 1:
        raise Unsupported(f"addmm with beta={beta}, alpha={alpha}")
    return b.op("linear", [x, y, bias], result)


# ------------------------------------------------------------------ backward ops

@importer(aten.threshold_backward.default)
def threshold_backward(b, result, grad, output, threshold):
    """grad where output > threshold, else 0 (NaN keeps grad: relu_bw's rule at threshold 0)."""
    if threshold == 0:
        return b.unary_backward("relu_bw", grad, output, result)
    keep = b.op("gt", [output, full(b, threshold, output.type.element)], output.type)
    return b.op("where", [keep, grad, full(b, 0.0, result.element)], result)


@importer(aten.gelu_backward.default)
def gelu_backward(b, result, grad, x, approximate="none"):
    return b.unary_backward("gelu_bw", grad, x, result, f'approximate = "{approximate}"')


@importer(aten.silu_backward.default)
def silu_backward(b, result, grad, x):
    return b.unary_backward("silu_bw", grad, x, result)


@importer(aten.sigmoid_backward.default)
def sigmoid_backward(b, result, grad, y):
    """grad * (1 - y) * y from the forward output y, in f32 rounded once (torch's kernel)."""
    g, yf = _f32(b, grad), _f32(b, y)
    one_minus = b.op("subtract", [full(b, 1.0, "f32"), yf], yf.type)
    product = b.op("multiply", [b.op("multiply", [g, one_minus], yf.type), yf], yf.type)
    return cast(b, product, result.element)


@importer(aten.tanh_backward.default)
def tanh_backward(b, result, grad, y):
    """grad * (1 - y * y) from the forward output y, in f32 rounded once (torch's kernel)."""
    g, yf = _f32(b, grad), _f32(b, y)
    one_minus = b.op("subtract", [full(b, 1.0, "f32"), b.op("multiply", [yf, yf], yf.type)], yf.type)
    return cast(b, b.op("multiply", [g, one_minus], yf.type), result.element)


@importer(aten._softmax_backward_data.default)
def softmax_backward(b, result, grad, y, dim, input_dtype):
    return b.unary_backward("softmax_bw", grad, y, result, f"dim = {dim % max(y.type.rank, 1)} : i32")


@importer(aten._log_softmax_backward_data.default)
def log_softmax_backward(b, result, grad, y, dim, input_dtype):
    return b.unary_backward("log_softmax_bw", grad, y, result, f"dim = {dim % max(y.type.rank, 1)} : i32")


@importer(aten.native_layer_norm_backward.default)
def native_layer_norm_backward(b, result, grad, x, normalized_shape, mean_, rstd, weight, bias, output_mask):
    """ttir.layer_norm_bw of the gradients output_mask requests (torch's None where it gives none);
    dγ / dβ in weight's type (x's without weight), cast to torch's where that differs."""
    nd = len(normalized_shape)
    kept = x.type.shape[:x.type.rank - nd] + (1,) * nd
    for name, stat in (("mean", mean_), ("rstd", rstd)):
        shape = stat.type.shape if isinstance(stat, Value) else None
        if shape != kept:
            raise Unsupported(f"{name} of shape {shape}, not the keep-dim {kept}")
    weight_element = weight.type.element if isinstance(weight, Value) else x.type.element
    names = ("input_grad", "gamma_grad", "beta_grad")
    wanted = {name: r.with_element(x.type.element if name == "input_grad" else weight_element)
              for name, want, r in zip(names, output_mask, result) if want and r is not None}
    if not wanted:
        return tuple(None for _ in names)
    values = b.backward_results("layer_norm_bw", [grad, x, mean_, rstd], weight if isinstance(weight, Value) else None,
                                f"normalized_dims = {nd} : i32", wanted)
    return tuple(cast(b, values[name], r.element) if name in values else None for name, r in zip(names, result))


@importer(aten.native_batch_norm_backward.default)
def native_batch_norm_backward(b, result, grad, x, weight, running_mean, running_var, save_mean, save_invstd,
                               train, eps, output_mask):
    """Training mode: ttir.batch_norm_bw of the gradients output_mask requests, from the forward's
    batch statistics save_mean / save_invstd (C,), viewed as (1, C, 1, ...) with weight (by the
    host: the device would move each channel to its own tile); dγ / dβ viewed back as (C,).
    Evaluation mode (the running statistics) is left to torch."""
    if not train:
        raise Unsupported("native_batch_norm_backward in evaluation mode (train=False)")
    if x.type.rank < 2:
        raise Unsupported(f"native_batch_norm_backward of a rank-{x.type.rank} input")
    channels = x.type.shape[1]
    kept = (1, channels) + (1,) * (x.type.rank - 2)

    def keep_dims(value, name):
        if not isinstance(value, Value) or value.type.shape != (channels,):
            raise Unsupported(f"{name} of shape {value.type.shape if isinstance(value, Value) else None}, "
                              f"not ({channels},)")
        return b.argument_view(value, kept)

    mean_, rstd = keep_dims(save_mean, "save_mean"), keep_dims(save_invstd, "save_invstd")
    gamma = keep_dims(weight, "weight") if weight is not None else None
    weight_element = weight.type.element if isinstance(weight, Value) else x.type.element
    names = ("input_grad", "gamma_grad", "beta_grad")
    wanted = {name: TensorType(x.type.shape if name == "input_grad" else kept,
                               x.type.element if name == "input_grad" else weight_element)
              for name, want, r in zip(names, output_mask, result) if want and r is not None}
    if not wanted:
        return tuple(None for _ in names)
    values = b.backward_results("batch_norm_bw", [grad, x, mean_, rstd], gamma, "", wanted)
    outputs = []
    for name, r in zip(names, result):
        if name not in values:
            outputs.append(None)
            continue
        value = cast(b, values[name], r.element)
        outputs.append(value if name == "input_grad" else b.returned_view(value, r.shape))
    return tuple(outputs)


# tuple results: the partitioner places a getitem with the op it reads
IMPORTERS[operator.getitem] = lambda b, result, values, index: values[index]
