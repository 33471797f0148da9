"""The arguments ttnn's ops written as one TTIR function (matmul_ops, softmax_ops, norm_ops,
reduction_ops, eltwise_ops) share: a tensor argument checked by name, two shapes broadcast, the
device of a call's tensors, ttnn options ttbw chooses itself, and a gradient rounded into its
result's data type."""
from __future__ import annotations

from .backward_call import describe_kind
from .tensor import ComplexTensor, Tensor, check_memory_config
from .ttir_function import Output
from .types import DRAM_MEMORY_CONFIG


def tensor_argument(op: str, name: str, value, optional: bool = False) -> Tensor | None:
    """`value`, a real ttnn.Tensor on an open device (None when `optional`), or TypeError naming `name`."""
    if value is None and optional:
        return None
    if isinstance(value, ComplexTensor):
        raise TypeError(f"{op}: {name} must be a real ttnn.Tensor; {op} takes no complex tensors")
    if not isinstance(value, Tensor):
        raise TypeError(f"{op}: {name} must be a ttnn.Tensor{' or None' if optional else ''}, "
                        f"got {describe_kind(value)}")
    value.check_on_open_device(name)
    return value


def broadcast_shape(x: tuple, y: tuple) -> tuple | None:
    """numpy's broadcast of two shapes (a size-0 dim against 1 stays 0), or None where they do not broadcast."""
    rank = max(len(x), len(y))
    x, y = (1,) * (rank - len(x)) + tuple(x), (1,) * (rank - len(y)) + tuple(y)
    if any(p != q and 1 not in (p, q) for p, q in zip(x, y)):
        return None
    return tuple(0 if 0 in (p, q) else max(p, q) for p, q in zip(x, y))


def common_device(op: str, tensors: dict):
    """The one device the tensors (name -> Tensor or None) are on, or None; ValueError for two."""
    placed = {name: t.device() for name, t in tensors.items() if t is not None and t.device() is not None}
    if len({id(d) for d in placed.values()}) > 1:
        where = ", ".join(f"{name} on device {d.id()}" for name, d in placed.items())
        raise ValueError(f"{op}: tensors on different devices ({where}); place them on one device")
    return next(iter(placed.values()), None)


def refuse_options(op: str, options: dict) -> None:
    """ValueError for each of ttnn's options (name -> value) ttbw chooses itself, unless None."""
    for name, value in options.items():
        if value is not None:
            raise ValueError(f"{op}: {name} is not supported by ttbw (pass None); the compiler chooses the "
                             f"program and its math fidelity (HiFi4, fp32 accumulation)")


def gradient_output(f, op, name, value, like: Tensor, preallocated, memory_config) -> Output:
    """`value` (f32 or the operand's type) rounded once into `like`'s data type, or into the
    preallocated tensor's (which must have `like`'s shape)."""
    if preallocated is not None and tuple(preallocated.shape) != tuple(like.shape):
        raise ValueError(f"{op}: {name} has shape {list(preallocated.shape)}, expected {list(like.shape)}")
    dtype = preallocated.dtype if preallocated is not None else like.dtype
    memory_config = check_memory_config(memory_config, f"{name}_memory_config" if "_grad" in name else "memory_config")
    memory = memory_config or (preallocated.memory_config() if preallocated is not None else like.memory_config())
    return Output(f.typecast(value, value.like("", dtype=dtype)), dtype, memory or DRAM_MEMORY_CONFIG, preallocated)
