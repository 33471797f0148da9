"""ttnn.Tensor and ttnn.ComplexTensor as ttbw holds them.

A Tensor holds its logical values exactly as the device would (rounded to bf16, or quantized
to bfloat8_b blocks) in the data type's host format (a bfloat16 array for bfloat16, float32
otherwise: what an upload reads and a download gives, with no conversion), its data type,
layout, memory config, pad value and the device it is placed on (None: a host tensor).
Moving between host and device or layouts gives a new tensor, like ttnn (sharing the values,
which are never changed in place: read-only arrays, so a call need not upload a tensor its
device buffer already holds); `deallocate` frees the values and later use is refused.
"""
from __future__ import annotations

import logging
from numbers import Real

import numpy as np

from .types import (DRAM_MEMORY_CONFIG, SUPPORTED_DTYPES, DataType, Layout, MemoryConfig, Shape,
                         StorageType, bfloat16, float32, padded_shape)
from .device import Device, check_device, check_queue_id
from .printing import tensor_string

_LOG = logging.getLogger("ttnn")


class Tensor:
    """ttnn.Tensor(tensor, data_type=None, device=None, layout=None, mem_config=None, cq_id=None,
    pad_value=None, mesh_mapper=None): a torch tensor or numpy array as a ttnn tensor (ROW_MAJOR
    unless the data type is bfloat8_b), on `device` when given; `ttnn.Tensor(tensor)` of a
    ttnn.Tensor, a copy of it."""

    def __init__(self, tensor, data_type=None, device=None, layout=None, mem_config=None, cq_id=None,
                 pad_value=None, mesh_mapper=None):
        if isinstance(tensor, Tensor):  # ttnn's copy constructor: the same tensor (values shared, never changed)
            given = [name for name, value in (("data_type", data_type), ("device", device), ("layout", layout),
                                              ("mem_config", mem_config), ("cq_id", cq_id),
                                              ("pad_value", pad_value), ("mesh_mapper", mesh_mapper))
                     if value is not None]
            if given:
                raise TypeError(f"ttnn.Tensor(tensor) copies a ttnn.Tensor and takes no {given[0]}")
            tensor.check_allocated("tensor")
            self._set(tensor._values, tensor._dtype, tensor._layout, tensor._memory_config, tensor._device,
                      tensor._pad_value)
            return
        self._set(**host_tensor_fields(tensor, data_type, layout, device, mem_config, cq_id, pad_value,
                                       mesh_mapper, names={"dtype": "data_type", "memory_config": "mem_config"}))

    @classmethod
    def from_values(cls, values, dtype: DataType, layout: Layout, memory_config: MemoryConfig = DRAM_MEMORY_CONFIG,
                    device: Device | None = None, pad_value: float | None = None) -> "Tensor":
        """A tensor of already checked fields; `values` (any float array) are rounded to `dtype`."""
        tensor = cls.__new__(cls)
        tensor._set(quantize(values, dtype), dtype, layout, memory_config, device, pad_value)
        return tensor

    def _set(self, values, dtype, layout, memory_config, device, pad_value):
        values.flags.writeable = False  # never changed in place: the executor relies on it (frozen_inputs)
        self._values, self._shape = values, Shape(values.shape)
        self._dtype, self._layout, self._memory_config = dtype, layout, memory_config
        self._device, self._pad_value = device, pad_value
        self._ir_types: dict = {}  # element -> IR type text (shape, dtype and layout never change)

    def _like(self, **changes) -> "Tensor":
        fields = dict(values=self.host_data(), dtype=self._dtype, layout=self._layout, memory_config=self._memory_config,
                      device=self._device, pad_value=self._pad_value)
        fields.update(changes)
        return Tensor.from_values(**fields)

    # -- what ttnn exposes ---------------------------------------------------------------------
    @property
    def shape(self) -> Shape:
        return self._shape

    @property
    def padded_shape(self) -> Shape:
        return padded_shape(self._shape, self._layout)

    @property
    def dtype(self) -> DataType:
        return self._dtype

    @property
    def layout(self) -> Layout:
        return self._layout

    def get_dtype(self) -> DataType:
        return self._dtype

    def get_layout(self) -> Layout:
        return self._layout

    def memory_config(self) -> MemoryConfig:
        return self._memory_config

    def device(self) -> Device | None:
        return self._device

    def storage_type(self) -> StorageType:
        return StorageType.HOST if self._device is None else StorageType.DEVICE

    def is_allocated(self) -> bool:
        return self._values is not None

    def is_sharded(self) -> bool:
        return False

    def logical_volume(self) -> int:
        return self._shape.volume()

    def volume(self) -> int:
        return self.padded_shape.volume()

    def deallocate(self, force: bool = False) -> None:
        self._values = None

    def to(self, target, mem_config: MemoryConfig | None = None, cq_id=None) -> "Tensor":
        """tensor.to(layout) converts the layout; tensor.to(device, mem_config=None) places it on
        the device (in `mem_config`, else its own memory config)."""
        if isinstance(target, Layout):
            if mem_config is not None or cq_id is not None:
                raise TypeError("Tensor.to(layout) takes no mem_config or cq_id")
            if self._dtype is DataType.BFLOAT8_B and target is not Layout.TILE:
                # what ttnn's host conversion does: it logs this and keeps the tensor
                _LOG.warning("Tensor layout must be Layout::TILE for bfloat8_b or bfloat4_b! Conversion from "
                             "%s to %s was not executed!", self._layout.name, target.name)
                return self
            return self.to_layout(target)
        if isinstance(target, Device):
            return self.to_device(target, mem_config, cq_id, names=("device", "mem_config", "cq_id"))
        raise TypeError(f"Tensor.to takes a ttnn.Layout or a device from ttnn.open_device(), "
                        f"got {type(target).__name__} {target!r}")

    def to_layout(self, layout, dtype: DataType | None = None) -> "Tensor":
        if layout is None:
            raise TypeError("layout must be ttnn.TILE_LAYOUT or ttnn.ROW_MAJOR_LAYOUT, got None")
        dtype = self._dtype if dtype is None else check_dtype(dtype, "dtype")
        layout = check_layout(layout, dtype, "layout")
        self.check_on_open_device("tensor")
        if layout is self._layout and dtype is self._dtype:
            return self
        return self._like(layout=layout, dtype=dtype)

    def to_device(self, device, memory_config=None, cq_id=None,
                  names=("device", "memory_config", "cq_id")) -> "Tensor":
        check_device(device, names[0])
        memory_config = check_memory_config(memory_config, names[1])
        check_queue_id(cq_id, names[2])
        self.check_allocated("tensor")
        if self._device is not None and self._device is not device:
            raise ValueError(f"{names[0]}: the tensor is on device {self._device.id()}; move it to the host with "
                             f".cpu() before placing it on device {device.id()}")
        if self._device is device and memory_config in (None, self._memory_config):
            return self
        return self._like(device=device, memory_config=memory_config or self._memory_config)

    def with_memory_config(self, memory_config, argument: str = "memory_config") -> "Tensor":
        memory_config = check_memory_config(memory_config, argument)
        if memory_config is None:
            raise TypeError(f"{argument} must be a ttnn.MemoryConfig, got None")
        self.check_on_open_device("tensor")
        return self if memory_config == self._memory_config else self._like(memory_config=memory_config)

    def cpu(self, blocking: bool = True, cq_id=None) -> "Tensor":
        """The tensor on the host (itself when it already is)."""
        check_queue_id(cq_id, "cq_id")
        if self._device is None:
            return self
        self.check_on_open_device("tensor")
        return self._like(device=None)

    def to_torch(self, mesh_composer=None):
        """The logical values as a torch tensor: bfloat16 for bfloat16 tensors, else float32
        (ttnn holds bfloat8_b as float32 on the host)."""
        import torch

        if mesh_composer is not None:
            raise ValueError("mesh_composer: ttbw drives single devices; pass mesh_composer=None")
        self.check_on_open_device("tensor")
        data = self.host_data()
        if self._dtype is bfloat16:  # the bits as they are: no float32 round trip
            return torch.from_numpy(data.view(np.int16).copy()).view(torch.bfloat16)
        return torch.from_numpy(data.copy())

    def to_torch_with_padded_shape(self):
        """The values in the padded shape, padding filled with the tensor's pad_value (0)."""
        import torch

        self.check_on_open_device("tensor")
        padded = np.full(self.padded_shape, self._pad_value or 0.0, dtype=np.float32)
        values = self.values.reshape(padded.shape[:padded.ndim - self.values.ndim] + self.values.shape)
        padded[tuple(slice(0, d) for d in values.shape)] = values
        result = torch.from_numpy(padded)
        return result.to(torch.bfloat16) if self._dtype is bfloat16 else result

    def __repr__(self) -> str:
        return tensor_string(None if self._values is None else self.values, self._shape, self._dtype, self._layout)

    # -- what ttbw's calls use --------------------------------------------------------------
    @property
    def values(self) -> np.ndarray:
        """The logical values as float32 (rounded to the data type)."""
        self.check_allocated("tensor")
        return self._values.astype(np.float32) if self._dtype is bfloat16 else self._values

    def host_data(self) -> np.ndarray:
        """The values in the data type's host format, not copied: bfloat16 for bfloat16 tensors,
        else float32. What an upload reads."""
        self.check_allocated("tensor")
        return self._values

    def write(self, values: np.ndarray) -> None:
        """Overwrites the values (a preallocated result; taken over, not copied), rounded to the
        data type."""
        self._values = quantize(np.asarray(values).reshape(self._shape), self._dtype)
        self._values.flags.writeable = False

    def check_allocated(self, argument: str) -> None:
        if self._values is None:
            raise ValueError(f"{argument} has been deallocated")

    def check_on_open_device(self, argument: str) -> None:
        self.check_allocated(argument)
        if self._device is not None and not self._device.is_open:
            raise ValueError(f"{argument} is on device {self._device.id()}, which is closed")

    def ir_type(self, element: str | None = None) -> str:
        """The IR type; the encoding is written only where it says more than the default
        (TILE, data type of the element type)."""
        known = self._ir_types.get(element)
        if known is None:
            known = self._ir_types[element] = self._ir_type_text(element)
        return known

    def _ir_type_text(self, element: str | None) -> str:
        dims = "".join(f"{d}x" for d in self._shape)
        if self._layout is Layout.TILE and self._dtype.ir_name == self._dtype.element:
            return f"tensor<{dims}{element or self._dtype.element}>"
        encoding = f'#ttir.layout<"{self._dtype.ir_name}", "{self._layout.ir_name}">'
        return f"tensor<{dims}{element or self._dtype.element}, {encoding}>"


class ComplexTensor:
    """ttnn.ComplexTensor((real, imag)): index 0 is the real part, index 1 the imaginary part."""

    def __init__(self, parts):
        if not isinstance(parts, (tuple, list)) or len(parts) != 2:
            raise TypeError(f"ComplexTensor takes a (real, imag) pair of ttnn.Tensor, got {type(parts).__name__}")
        real, imag = parts
        for name, part in (("real", real), ("imag", imag)):
            if not isinstance(part, Tensor):
                raise TypeError(f"ComplexTensor: {name} must be a ttnn.Tensor, got {type(part).__name__}")
        if (real.shape, real.dtype, real.layout) != (imag.shape, imag.dtype, imag.layout):
            raise ValueError("ComplexTensor: the real and imaginary parts must have the same shape, dtype and "
                             f"layout, got {real.shape}, {real.dtype}, {real.layout} and {imag.shape}, "
                             f"{imag.dtype}, {imag.layout}")
        if real.device() is not imag.device():
            raise ValueError("ComplexTensor: the real and imaginary parts must be on the same device")
        self.real, self.imag = real, imag

    def __getitem__(self, index: int) -> Tensor:
        return (self.real, self.imag)[index]

    @property
    def shape(self) -> Shape:
        return self.real.shape

    @property
    def dtype(self) -> DataType:
        return self.real.dtype

    @property
    def layout(self) -> Layout:
        return self.real.layout

    def memory_config(self) -> MemoryConfig:
        return self.real.memory_config()

    def device(self) -> Device | None:
        return self.real.device()

    def deallocate(self) -> None:
        self.real.deallocate()
        self.imag.deallocate()

    def ir_type(self) -> str:
        return self.real.ir_type(f"complex<{self.real.dtype.element}>")

    def __repr__(self) -> str:
        def part(label, tensor):  # the part's rows stay aligned under its first row
            return f"  {label}=" + repr(tensor).replace("\n", "\n" + " " * (len(label) + 3))

        return f"ttnn.ComplexTensor(\n{part('real', self.real)},\n{part('imag', self.imag)})"


# -- checks shared by the constructors and conversions (TypeError / ValueError naming the argument)

def check_dtype(dtype, argument: str) -> DataType:
    if not isinstance(dtype, DataType):
        raise TypeError(f"{argument} must be a ttnn.DataType ({SUPPORTED_DTYPES}), got {type(dtype).__name__} "
                        f"{dtype!r}")
    if not dtype.supported:
        raise ValueError(f"{argument}={dtype}: ttbw tensors hold floating-point data ({SUPPORTED_DTYPES})")
    return dtype


def check_layout(layout, dtype: DataType, argument: str) -> Layout:
    """`layout`, or ttnn's default for `dtype` when None (TILE for bfloat8_b, else ROW_MAJOR)."""
    if layout is None:
        return Layout.TILE if dtype is DataType.BFLOAT8_B else Layout.ROW_MAJOR
    if not isinstance(layout, Layout):
        raise TypeError(f"{argument} must be ttnn.TILE_LAYOUT or ttnn.ROW_MAJOR_LAYOUT, got "
                        f"{type(layout).__name__} {layout!r}")
    if dtype is DataType.BFLOAT8_B and layout is not Layout.TILE:
        raise ValueError(f"{argument}: bfloat8_b is only supported on TILE layout")
    return layout


def check_memory_config(memory_config, argument: str) -> MemoryConfig | None:
    if memory_config is not None and not isinstance(memory_config, MemoryConfig):
        raise TypeError(f"{argument} must be a ttnn.MemoryConfig (ttnn.DRAM_MEMORY_CONFIG, ttnn.L1_MEMORY_CONFIG), "
                        f"got {type(memory_config).__name__} {memory_config!r}")
    return memory_config


def host_tensor_fields(tensor, dtype, layout, device, memory_config, cq_id, pad_value, mesh_mapper,
                       names: dict | None = None) -> dict:
    """The checked fields of a tensor made from torch / numpy data (ttnn.Tensor, from_torch);
    `names` maps dtype / memory_config to the caller's argument names."""
    names = {"dtype": "dtype", "memory_config": "memory_config", **(names or {})}
    values, dtype = _host_values(tensor, dtype, names["dtype"])
    layout = check_layout(layout, dtype, "layout")
    memory_config = check_memory_config(memory_config, names["memory_config"]) or DRAM_MEMORY_CONFIG
    if device is not None:
        check_device(device, "device")
    check_queue_id(cq_id, "cq_id")
    if pad_value is not None and (isinstance(pad_value, bool) or not isinstance(pad_value, Real)):
        raise TypeError(f"pad_value must be a number, got {type(pad_value).__name__} {pad_value!r}")
    if mesh_mapper is not None:
        raise ValueError("mesh_mapper: ttbw drives single devices; pass mesh_mapper=None")
    data = quantize(values, dtype)
    if np.may_share_memory(data, values):  # the caller's memory: the tensor gets its own copy
        data = data.copy()
    return dict(values=data, dtype=dtype, layout=layout, memory_config=memory_config,
                device=device, pad_value=None if pad_value is None else float(pad_value))


def _host_values(tensor, dtype, argument: str) -> tuple[np.ndarray, DataType]:
    """The values (bfloat16 or float32, as given where it is one of those: bf16 data is never
    widened) and the data type (inferred from the data when `dtype` is None)."""
    import ml_dtypes
    import torch

    if dtype is not None:
        dtype = check_dtype(dtype, argument)
    if isinstance(tensor, torch.Tensor):
        if tensor.is_complex():
            raise TypeError("use ttnn.complex_tensor(real, imag) for complex data")
        inferred = {torch.bfloat16: bfloat16, torch.float32: float32}.get(tensor.dtype)
        source = str(tensor.dtype)

        def values():
            data = tensor.detach().cpu()
            if data.dtype == torch.bfloat16:
                return data.contiguous().view(torch.int16).numpy().view(ml_dtypes.bfloat16)
            return data.to(torch.float32).numpy()
    elif isinstance(tensor, np.ndarray):
        if np.iscomplexobj(tensor):
            raise TypeError("use ttnn.complex_tensor(real, imag) for complex data")
        inferred = {np.dtype(np.float32): float32, np.dtype(ml_dtypes.bfloat16): bfloat16}.get(tensor.dtype)
        source = f"numpy {tensor.dtype}"

        def values():
            return tensor if tensor.dtype == ml_dtypes.bfloat16 else tensor.astype(np.float32)
    else:
        raise TypeError(f"tensor must be a torch.Tensor or numpy array, got {type(tensor).__name__}")
    if dtype is None:
        if inferred is None:
            raise TypeError(f"cannot infer a ttnn dtype from {source}; ttbw tensors hold floating-point data: "
                            f"pass {argument}={SUPPORTED_DTYPES}")
        dtype = inferred
    return values(), dtype


def quantize(values, dtype: DataType) -> np.ndarray:
    """The values a device tensor of `dtype` holds (round-to-nearest-even), in its host format
    (bfloat16 for bfloat16, else float32); data already in that format is returned as it is."""
    import ml_dtypes

    values = np.asarray(values)
    if dtype is bfloat16 and values.dtype == ml_dtypes.bfloat16:
        return np.asarray(values, order="C")  # a bf16 download: as it is

    from ttbw.target import formats

    if dtype is bfloat16:
        return formats.f32_to_bf16_bits(values).view(ml_dtypes.bfloat16).reshape(values.shape)
    values = np.asarray(values, dtype=np.float32, order="C")
    if dtype is float32:
        return values
    tiles = formats.to_tiles(values)
    return formats.from_tiles(formats.unpack_bfp8_b(formats.pack_bfp8_b(tiles)), values.shape)
