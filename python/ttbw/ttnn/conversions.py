"""ttnn's tensor functions: from_torch / to_torch, layouts, host <-> device, memory configs."""
from __future__ import annotations

from .device import check_queue_id
from .tensor import ComplexTensor, Tensor, host_tensor_fields


def from_torch(tensor, dtype=None, *, pad_value=None, layout=None, device=None, memory_config=None,
               mesh_mapper=None, cq_id=None) -> Tensor | None:
    """A torch tensor (or numpy array) as a ttnn tensor; ROW_MAJOR unless `layout` says
    otherwise (TILE for bfloat8_b), on `device` when given. None gives None."""
    if tensor is None:
        return None
    return Tensor.from_values(**host_tensor_fields(tensor, dtype, layout, device, memory_config, cq_id, pad_value,
                                                   mesh_mapper))


def to_torch(tensor, dtype=None, *, torch_rank: int | None = None, mesh_composer=None, device=None, cq_id=None):
    """A torch tensor of the values (complex for a ComplexTensor); `dtype` casts it,
    `torch_rank` drops leading dimensions of size 1 down to that rank."""
    import torch

    check_queue_id(cq_id, "cq_id")
    if dtype is not None and not isinstance(dtype, torch.dtype):
        raise TypeError(f"to_torch: dtype must be a torch.dtype, got {type(dtype).__name__} {dtype!r}")
    if torch_rank is not None and (isinstance(torch_rank, bool) or not isinstance(torch_rank, int)
                                   or torch_rank < 0):
        raise TypeError(f"to_torch: torch_rank must be a non-negative int, got {torch_rank!r}")
    if isinstance(tensor, ComplexTensor):
        real, imag = (to_torch(part, mesh_composer=mesh_composer).float() for part in tensor)
        result = torch.complex(real, imag)
    elif isinstance(tensor, Tensor):
        result = tensor.to_torch(mesh_composer=mesh_composer)
    else:
        raise TypeError(f"to_torch takes a ttnn.Tensor or ComplexTensor, got {type(tensor).__name__}")
    if torch_rank is not None:
        while result.dim() > torch_rank:
            if result.shape[0] != 1:
                raise ValueError(f"to_torch: torch_rank={torch_rank}: shape {list(result.shape)} has no leading "
                                 "dimension of size 1 to drop")
            result = result.squeeze(0)
    return result if dtype is None else result.to(dtype)


def complex_tensor(real: Tensor, imag: Tensor) -> ComplexTensor:
    return ComplexTensor((real, imag))


def _tensor(tensor, function: str) -> Tensor:
    if not isinstance(tensor, Tensor):
        raise TypeError(f"{function}: tensor must be a ttnn.Tensor, got {type(tensor).__name__}")
    tensor.check_on_open_device("tensor")
    return tensor


def to_layout(tensor, layout, dtype=None, memory_config=None) -> Tensor:
    """The tensor in `layout` (and `dtype` / `memory_config` when given)."""
    result = _tensor(tensor, "to_layout").to_layout(layout, dtype)
    return result if memory_config is None else result.with_memory_config(memory_config)


def to_device(tensor, device, memory_config=None, *, cq_id=None) -> Tensor:
    return _tensor(tensor, "to_device").to_device(device, memory_config, cq_id)


def from_device(tensor, blocking: bool = True, *, cq_id=None) -> Tensor:
    return _tensor(tensor, "from_device").cpu(blocking, cq_id)


def to_memory_config(tensor, memory_config, dtype=None) -> Tensor:
    tensor = _tensor(tensor, "to_memory_config").with_memory_config(memory_config)
    return tensor if dtype is None else tensor.to_layout(tensor.layout, dtype)


def deallocate(tensor, force: bool = True) -> None:
    if not isinstance(tensor, (Tensor, ComplexTensor)):
        raise TypeError(f"deallocate: tensor must be a ttnn.Tensor, got {type(tensor).__name__}")
    tensor.deallocate()


def is_tensor_storage_on_device(tensor) -> bool:
    if not isinstance(tensor, (Tensor, ComplexTensor)):
        raise TypeError(f"is_tensor_storage_on_device: tensor must be a ttnn.Tensor, got {type(tensor).__name__}")
    return tensor.device() is not None

