"""The contractions and dimension moves as linalg.generics (part of --convert-ttir-to-linalg).

- `ttir.matmul` / `ttir.linear`: one contraction generic over (batch..., m, n, k) (m / n absent
  for a 1-D a / b, as tt-mlir's rules drop them), the batch dims broadcast in the operands'
  maps (NumPy rules, a missing or size-1 batch dim reads index 0), a transpose swapping the
  operand's last two map results. The body is `acc + a * b` with a zero-filled accumulator:
  f32 for bf16 operands (exact products, as PyTorch's CPU bf16 mm accumulates), f64 for f32 on
  the CPU (the reference path rounds once), f32 on the device (its fp32 DST). An elementwise
  generic then adds the bias (linear, broadcast to the result) and rounds once to the result's
  element type; neither when the accumulator is the result.
- `ttir.permute` / `ttir.transpose`: a copy generic whose input map permutes the dims.
- `ttir.slice_static`: a `tensor.extract_slice` (a negative begin counted from the end): a view,
  which the programs reading it read their window of the sliced buffer through (codegen/window.py).
"""
from __future__ import annotations

from mlir import ir
from mlir.dialects import arith, tensor

from ttbw.mlir_dialects import linalg

from . import linalg_elementwise as elementwise


def _bool(op, name: str) -> bool:
    return name in op.attributes and ir.BoolAttr(op.attributes[name]).value


def _dims(exprs, rank):
    return ir.AffineMap.get(rank, 0, exprs)


def _operand_map(shape, batch, transposed, matrix_dims, space_rank):
    """The map of a matmul operand of `shape` into the space (batch..., [m], [n], k):
    its batch dims right-aligned with the space's (`batch`: their sizes), then its
    matrix dims (`matrix_dims`: the space dims of its rows and columns, one for a vector)."""
    d = ir.AffineDimExpr.get
    own = list(shape[:-2]) if len(shape) > 1 else []
    lead = len(batch) - len(own)
    exprs = [ir.AffineConstantExpr.get(0) if size == 1 and batch[lead + i] != 1 else d(lead + i)
             for i, size in enumerate(own)]
    matrix = [d(i) for i in matrix_dims]
    if transposed and len(matrix) == 2:
        matrix.reverse()
    return _dims(exprs + matrix, space_rank)


def contraction(op, device: bool):
    """matmul / linear (see the module doc)."""
    a, b = op.operands[0], op.operands[1]
    bias = op.operands[2] if len(op.operands) > 2 else None
    result_type = op.results[0].type
    a_shape, b_shape = list(a.type.shape), list(b.type.shape)
    a_batch = a_shape[:-2] if len(a_shape) > 1 else []
    b_batch = b_shape[:-2] if len(b_shape) > 1 else []
    batch = _broadcast(a_batch, b_batch)
    has_m, has_n = len(a_shape) > 1, len(b_shape) > 1
    nb = len(batch)
    m, n = (nb if has_m else None), (nb + has_m if has_n else None)
    k = nb + has_m + has_n
    space_rank = k + 1
    d = ir.AffineDimExpr.get
    a_map = _operand_map(a_shape, batch, _bool(op, "transpose_a"), [m, k] if has_m else [k], space_rank)
    b_map = _operand_map(b_shape, batch, _bool(op, "transpose_b"), [k, n] if has_n else [k], space_rank)
    out_dims = list(range(nb)) + ([m] if has_m else []) + ([n] if has_n else [])
    product_shape = batch + ([_rows(a_shape, op)] if has_m else []) + ([_cols(b_shape, op)] if has_n else [])
    out_exprs = [d(i) for i in out_dims] or [ir.AffineConstantExpr.get(0)]
    product_shape = product_shape or [1]  # vector . vector: one element (tt-mlir's rule)

    element = result_type.element_type
    f32_result = isinstance(element, ir.F32Type)
    accumulator = elementwise.f32() if device or not f32_result else ir.F64Type.get()
    encoding = result_type.encoding if device and f32_result else None
    acc_type = ir.RankedTensorType.get(product_shape, accumulator, encoding)
    zero = arith.constant(accumulator, 0.0)
    init = linalg.fill(zero, outs=[elementwise.empty(acc_type)])
    iterators = [elementwise.parallel()] * k + [ir.Attribute.parse("#linalg.iterator_type<reduction>")]
    total = elementwise.generic(
        [a, b], init, [a_map, b_map, _dims(out_exprs, space_rank)], iterators,
        lambda x, y, acc: arith.addf(acc, arith.mulf(elementwise.widen(x, accumulator),
                                                     elementwise.widen(y, accumulator))))
    if bias is None and acc_type == result_type:
        return total
    out_shape = list(result_type.shape)
    inputs = [total] + ([bias] if bias is not None else [])
    maps = [elementwise.broadcast_map(list(v.type.shape), out_shape) for v in inputs]
    rank = len(out_shape)

    def epilogue(acc, *rest):
        if bias is not None:
            acc = arith.addf(acc, elementwise.widen(rest[0], accumulator))
        return elementwise.narrow(acc, element)

    return elementwise.generic(inputs, elementwise.empty(result_type),
                               maps + [ir.AffineMap.get_identity(rank)], [elementwise.parallel()] * rank,
                               epilogue)


def _rows(a_shape, op) -> int:
    return a_shape[-1] if _bool(op, "transpose_a") else a_shape[-2]


def _cols(b_shape, op) -> int:
    return b_shape[-2] if _bool(op, "transpose_b") else b_shape[-1]


def _broadcast(x, y):
    rank = max(len(x), len(y))
    x, y = [1] * (rank - len(x)) + list(x), [1] * (rank - len(y)) + list(y)
    return [0 if 0 in (p, q) else max(p, q) for p, q in zip(x, y)]


def _permuted(op, permutation):
    source, result_type = op.operands[0], op.results[0].type
    rank = len(permutation)
    if list(permutation) == list(range(rank)) and source.type == result_type:
        return source
    inverse = [0] * rank
    for i, p in enumerate(permutation):
        inverse[p] = i
    in_map = _dims([ir.AffineDimExpr.get(inverse[dim]) for dim in range(rank)], rank)
    return elementwise.generic([source], elementwise.empty(result_type),
                               [in_map, ir.AffineMap.get_identity(rank)], [elementwise.parallel()] * rank,
                               lambda x, _: x)


def permute(op, device: bool):
    return _permuted(op, list(ir.DenseI64ArrayAttr(op.attributes["permutation"])))


def transpose(op, device: bool):
    rank = op.operands[0].type.rank
    dim0, dim1 = (ir.IntegerAttr(op.attributes[name]).value % rank for name in ("dim0", "dim1"))
    permutation = list(range(rank))
    permutation[dim0], permutation[dim1] = dim1, dim0
    return _permuted(op, permutation)


def slice_static(op, device: bool):
    source, result_type = op.operands[0], op.results[0].type
    shape = list(source.type.shape)
    begins, steps = ([ir.IntegerAttr(v).value for v in op.attributes[name]] for name in ("begins", "step"))
    offsets = [b % size if size else 0 for b, size in zip(begins, shape)]
    return tensor.ExtractSliceOp(result_type, source, [], [], [], offsets, list(result_type.shape), steps).result


CONVERSIONS = {
    "ttir.matmul": contraction,
    "ttir.linear": contraction,
    "ttir.permute": permute,
    "ttir.transpose": transpose,
    "ttir.slice_static": slice_static,
}
