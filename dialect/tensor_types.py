"""What a ttir tensor type says: shape, element type, device data type, layout.

The device data type and the ttnn layout travel in the tensor's encoding,
`#ttir.layout<"bfp_bf8", "tile">`. Without an encoding a tensor is TILE with
the data type of its element type (bf16 or f32). A bfp_bf8 tensor keeps a bf16
element type, as in tt-mlir. Complex tensors (`complex<bf16>`, `complex<f32>`)
stand for ttnn's ComplexTensor; their data type and layout are those of the
real and imaginary parts.
"""
from __future__ import annotations

import re
import weakref
from dataclasses import dataclass

DATA_TYPES = ("bf16", "f32", "bfp_bf8")
LAYOUTS = ("tile", "row_major")
# Which data types each element type may be stored as on the device.
STORAGE = {"bf16": ("bf16", "bfp_bf8"), "f32": ("f32",)}

_LAYOUT_ATTR = re.compile(r'#ttir\.layout<"([^"]*)", "([^"]*)">')


class TypeRuleError(ValueError):
    """A tensor type breaks a rule of the dialect."""


@dataclass(frozen=True)
class TensorDesc:
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


# Printing a type costs more than reading it, and the passes ask for the same few types
# thousands of times: descriptions are cached per context, by the type's hash (its uniqued
# storage, fixed while the context lives). Never by the type object: a type holds its context,
# so such a cache kept every context of the process alive (~2 MB each).
_cache: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def describe(type_) -> TensorDesc:
    """Reads a tensor type; raises TypeRuleError naming the rule it breaks."""
    context = type_.context
    known = _cache.get(context)
    if known is None:
        known = _cache[context] = {}
    found = known.get(hash(type_))
    if found is None:
        try:
            found = _describe(type_, str(type_))
        except TypeRuleError as error:
            found = error
        known[hash(type_)] = found
    if isinstance(found, TypeRuleError):
        raise TypeRuleError(*found.args)
    return found


def _describe(type_, text: str) -> TensorDesc:
    from mlir import ir

    if not isinstance(type_, ir.RankedTensorType):
        raise TypeRuleError(f"expected a ranked tensor, got {text}")
    tensor = type_
    if any(d == ir.ShapedType.get_dynamic_size() for d in tensor.shape):
        raise TypeRuleError(f"dynamic dimensions are not supported: {text}")
    element, is_complex = tensor.element_type, False
    if isinstance(element, ir.ComplexType):
        element, is_complex = element.element_type, True
    element_name = str(element)
    if not isinstance(element, ir.FloatType):
        raise TypeRuleError(
            f"element type {tensor.element_type} is not a floating-point type; "
            "gradients exist only for floating-point (or complex) tensors")
    if element_name not in STORAGE:
        raise TypeRuleError(
            f"floating-point element type {element_name} is not supported; "
            "expected bf16 or f32 (or complex of them)")
    data_type, layout = element_name, "tile"
    encoding = tensor.encoding
    if encoding is not None:
        match = _LAYOUT_ATTR.fullmatch(str(encoding))
        if match is None:
            raise TypeRuleError(
                f"unknown tensor encoding {encoding}; expected "
                '#ttir.layout<"<data type>", "<layout>">')
        data_type, layout = match.groups()
    shape = tuple(tensor.shape)
    if data_type not in DATA_TYPES:
        raise TypeRuleError(
            f"unknown data type \"{data_type}\"; expected one of {', '.join(DATA_TYPES)}")
    if layout not in LAYOUTS:
        raise TypeRuleError(f"unknown layout \"{layout}\"; expected one of {', '.join(LAYOUTS)}")
    if data_type not in STORAGE[element_name]:
        raise TypeRuleError(
            f"data type {data_type} cannot hold element type {element_name} "
            f"(allowed: {', '.join(STORAGE[element_name])})")
    if data_type == "bfp_bf8" and layout != "tile":
        raise TypeRuleError("bfloat8_b is only supported on TILE layout")
    return TensorDesc(shape, element_name, is_complex, data_type, layout)


def layout_attr_text(data_type: str, layout: str) -> str:
    return f'#ttir.layout<"{data_type}", "{layout}">'


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
