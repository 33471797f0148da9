"""What a ttir tensor type says: shape, element type, device data type, layout.

The device data type and the ttnn layout travel in the tensor's encoding,
`#ttir.layout<"bfp_bf8", "tile">`. Without an encoding a tensor is TILE with
the data type of its element type (bf16 or f32). A bfp_bf8 tensor keeps a bf16
element type, as in tt-mlir. Complex tensors (`complex<bf16>`, `complex<f32>`)
stand for ttnn's ComplexTensor; their data type and layout are those of the
real and imaginary parts.
"""
from __future__ import annotations

import weakref
from typing import NamedTuple


class TypeRuleError(ValueError):
    """A tensor type breaks a rule of the dialect."""


class TensorDesc(NamedTuple):  # not a dataclass: cheaper for ttbw-opt's start-up
    shape: tuple[int, ...]
    element: str  # "bf16" or "f32" (of the parts, for a complex tensor)
    is_complex: bool
    data_type: str  # bf16 | f32 | bfp_bf8
    layout: str  # tile | row_major

    @property
    def shape_str(self) -> str:
        return shape_str(self.shape)


def shape_str(shape) -> str:
    return "x".join(str(d) for d in shape) if len(shape) else "scalar (rank 0)"


# The passes ask for the same few types thousands of times: descriptions are cached per
# context, by the type's hash (its uniqued storage, fixed while the context lives). Never by
# the type object: a type holds its context, so such a cache kept every context of the
# process alive (~2 MB each).
_cache: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def describe(type_) -> TensorDesc:
    """Reads a tensor type as the dialect's verifiers do (TTIRVerify.cpp holds the rules: the
    data types, layouts and which element type each may hold); raises TypeRuleError naming
    the rule it breaks."""
    known = _cache.get(type_.context)
    if known is None:
        known = _cache[type_.context] = {}
    found = known.get(hash(type_))
    if found is None:
        from ttbw.dialect import describe_tensor_type

        reading = describe_tensor_type(type_)
        if isinstance(reading, str):
            found = TypeRuleError(reading)
        else:
            element, is_complex, data_type, layout = reading
            found = TensorDesc(tuple(type_.shape), element, is_complex, data_type, layout)
        known[hash(type_)] = found
    if isinstance(found, TypeRuleError):
        raise TypeRuleError(*found.args)
    return found


def broadcast_shapes(lhs, rhs):
    """NumPy broadcast of two shapes, or None when they are not compatible."""
    rank = max(len(lhs), len(rhs))
    lhs = (1,) * (rank - len(lhs)) + tuple(lhs)
    rhs = (1,) * (rank - len(rhs)) + tuple(rhs)
    out = []
    for l, r in zip(lhs, rhs):
        if l != r and 1 not in (l, r):
            return None
        out.append(max(l, r) if 0 not in (l, r) else 0)
    return tuple(out)


def broadcasts_to(operand, target) -> bool:
    """True when `operand` broadcasts to exactly `target` (PyTorch's expand rule)."""
    if len(operand) > len(target):
        return False
    aligned = (1,) * (len(target) - len(operand)) + tuple(operand)
    return all(o == t or o == 1 for o, t in zip(aligned, target))


def reduction_dims(operand, target) -> tuple[int, ...]:
    """Dims of `target` to sum (keep_dim) so a gradient of shape `target` gets back
    to `operand`'s shape (PyTorch `sum_to`): every leading dim, and every dim where
    the operand has size 1 and the target does not."""
    lead = len(target) - len(operand)
    dims = list(range(lead))
    dims += [lead + i for i, size in enumerate(operand) if size == 1 and target[lead + i] != 1]
    return tuple(dims)
