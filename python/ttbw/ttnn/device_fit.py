"""Whether a backward-op call's tensors fit on the device, checked before anything is compiled
or allocated: ValueError naming the tensor (the limits are the compiler's, `lowering.limits`:
the device's DRAM for every tensor of the call, which live at once; a core's L1 for the
results placed in L1)."""
from __future__ import annotations

from dataclasses import dataclass

from ttbw.dialect.tensor_types import TensorDesc, shape_str
from ttbw.lowering.limits import dram_problem, footprint, l1_problem, l1_share

from .tensor import ComplexTensor, Tensor
from .types import BufferType


@dataclass(frozen=True)
class DeviceTensor:
    """One tensor of a call as the device holds it: `name` the caller's argument or result name."""
    name: str
    shape: tuple
    dtype: object        # ttnn.DataType
    in_l1: bool
    bytes: int
    pages: int
    page_size: int

    def describe(self) -> str:
        return f"{self.name} (shape {shape_str(self.shape)}, {self.dtype.name.lower()})"


def device_tensor(name: str, value, in_l1: bool) -> DeviceTensor:
    part = value.real if isinstance(value, ComplexTensor) else value
    desc = TensorDesc(tuple(part.shape), part.dtype.element, isinstance(value, ComplexTensor), part.dtype.ir_name,
                      part.layout.ir_name)
    _, size, pages, page_size = footprint(desc)
    return DeviceTensor(name, desc.shape, part.dtype, in_l1, size, pages, page_size)


def check_fits_device(call, grid: tuple[int, int]) -> None:
    """ValueError when `call`'s (a BackwardCall) arguments and new results cannot be on the
    device at once, or its L1 results on `grid`'s cores."""
    in_l1 = call.memory_config is not None and call.memory_config.buffer_type is BufferType.L1
    tensors = [device_tensor(call.names.get(role, role), value, False)
               for role, value in call.arguments() if isinstance(value, (Tensor, ComplexTensor))]
    tensors += [device_tensor(call.names.get(name, name), operand, in_l1)
                for name, operand in call.results() if call.prealloc.get(name) is None]
    if not tensors:
        return
    largest = max(tensors, key=lambda t: t.bytes)
    dram = sum(t.bytes for t in tensors if not t.in_l1)
    problem = dram_problem(dram, f"the call's {len(tensors)} tensors (the largest: {largest.describe()})")
    if problem is None:
        results = [t for t in tensors if t.in_l1]
        cores = grid[0] * grid[1]
        if results:
            largest = max(results, key=lambda t: t.bytes)
            what = (largest.describe() + " in L1" if len(results) == 1
                    else f"the {len(results)} results in L1 (the largest: {largest.describe()})")
            problem = l1_problem(sum(l1_share(t.pages, t.page_size, cores) for t in results), what, cores)
    if problem is not None:
        raise ValueError(f"{call.op}: {problem}")
