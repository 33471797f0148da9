"""ttnn's value types: DataType, Layout, Shape, memory configs and their enums.

Names, values and printing follow ttnn (`ttnn.DataType.BFLOAT16`, `ttnn.Shape([2, 2])`,
`ttnn.MemoryConfig(ttnn.TensorMemoryLayout.INTERLEAVED, ttnn.BufferType.L1)`). Members ttbw
cannot place or compute with exist so that ttnn code naming them imports, and fails with a
clear error where it uses them.
"""
from __future__ import annotations

import enum
import math
from dataclasses import dataclass

TILE_SIZE = 32


class DataType(enum.Enum):
    BFLOAT16 = 0
    FLOAT32 = 1
    UINT32 = 2
    BFLOAT8_B = 3
    BFLOAT4_B = 4
    UINT8 = 5
    UINT16 = 6
    INT32 = 7
    INT8 = 8
    FP8_E4M3 = 9

    @property
    def supported(self) -> bool:
        """Whether ttbw tensors can hold this type (backward ops take floating-point data)."""
        return self in _IR_NAMES

    @property
    def ir_name(self) -> str:
        """Spelling in #ttir.layout<...>."""
        return _IR_NAMES[self][0]

    @property
    def element(self) -> str:
        """MLIR element type of a tensor of this data type."""
        return _IR_NAMES[self][1]


_IR_NAMES = {DataType.BFLOAT16: ("bf16", "bf16"), DataType.FLOAT32: ("f32", "f32"),
             DataType.BFLOAT8_B: ("bfp_bf8", "bf16")}

bfloat16 = DataType.BFLOAT16
float32 = DataType.FLOAT32
bfloat8_b = DataType.BFLOAT8_B
bfloat4_b = DataType.BFLOAT4_B
uint8 = DataType.UINT8
uint16 = DataType.UINT16
uint32 = DataType.UINT32
int32 = DataType.INT32
int8 = DataType.INT8
fp8_e4m3 = DataType.FP8_E4M3
SUPPORTED_DTYPES = "ttnn.bfloat16, ttnn.float32 or ttnn.bfloat8_b"


class Layout(enum.Enum):
    ROW_MAJOR = 0
    TILE = 1

    @property
    def ir_name(self) -> str:
        return "tile" if self is Layout.TILE else "row_major"


ROW_MAJOR_LAYOUT = Layout.ROW_MAJOR
TILE_LAYOUT = Layout.TILE


class StorageType(enum.Enum):
    HOST = 0
    DEVICE = 1


class TensorMemoryLayout(enum.Enum):
    INTERLEAVED = 0
    HEIGHT_SHARDED = 2
    WIDTH_SHARDED = 3
    BLOCK_SHARDED = 4


class BufferType(enum.Enum):
    DRAM = 0
    L1 = 1
    L1_SMALL = 3
    TRACE = 4


@dataclass(frozen=True)
class MemoryConfig:
    """Where a tensor lives on the device (ttnn.MemoryConfig). ttbw places tensors
    interleaved in DRAM or L1; anything else is refused when the config is made."""
    memory_layout: TensorMemoryLayout = TensorMemoryLayout.INTERLEAVED
    buffer_type: BufferType = BufferType.DRAM
    shard_spec: None = None

    def __post_init__(self):
        for name, value, enum_type in (("memory_layout", self.memory_layout, TensorMemoryLayout),
                                       ("buffer_type", self.buffer_type, BufferType)):
            if not isinstance(value, enum_type):
                raise TypeError(f"MemoryConfig: {name} must be a ttnn.{enum_type.__name__}, "
                                f"got {type(value).__name__} {value!r}")
        if self.shard_spec is not None or self.memory_layout is not TensorMemoryLayout.INTERLEAVED:
            raise ValueError(f"MemoryConfig: memory_layout={self.memory_layout} needs a shard_spec; ttbw places "
                             "tensors interleaved only (memory_layout=ttnn.TensorMemoryLayout.INTERLEAVED, "
                             "shard_spec=None)")
        if self.buffer_type not in (BufferType.DRAM, BufferType.L1):
            raise ValueError(f"MemoryConfig: buffer_type={self.buffer_type}: ttbw places tensors in "
                             "ttnn.BufferType.DRAM or ttnn.BufferType.L1")

    @property
    def interleaved(self) -> bool:
        return True

    def is_sharded(self) -> bool:
        return False

    def ir(self) -> str:
        return f'#ttir.memory_config<"{self.buffer_type.name.lower()}", "interleaved">'

    def __repr__(self) -> str:
        return (f"MemoryConfig(memory_layout=TensorMemoryLayout::{self.memory_layout.name},"
                f"buffer_type=BufferType::{self.buffer_type.name},shard_spec=std::nullopt)")


DRAM_MEMORY_CONFIG = MemoryConfig(TensorMemoryLayout.INTERLEAVED, BufferType.DRAM)
L1_MEMORY_CONFIG = MemoryConfig(TensorMemoryLayout.INTERLEAVED, BufferType.L1)


class Shape(tuple):
    """ttnn.Shape: a tensor's dimensions; equal to the list or tuple of the same dims."""

    def __new__(cls, dims=()):
        if type(dims) is tuple and all(type(d) is int and d >= 0 for d in dims):  # a numpy shape
            return super().__new__(cls, dims)
        try:
            dims = tuple(dims)
        except TypeError:
            raise TypeError(f"Shape takes a list of dimensions, got {type(dims).__name__}") from None
        for dim in dims:
            if isinstance(dim, bool) or not isinstance(dim, int) and not hasattr(dim, "__index__"):
                raise TypeError(f"Shape dimensions must be integers, got {dim!r}")
            if int(dim) < 0:
                raise ValueError(f"Shape dimensions must be non-negative, got {list(dims)}")
        return super().__new__(cls, (int(d) for d in dims))

    def __eq__(self, other):
        if isinstance(other, (list, tuple)):
            return tuple(self) == tuple(other)
        return NotImplemented

    def __ne__(self, other):
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    __hash__ = tuple.__hash__

    @property
    def rank(self) -> int:
        return len(self)

    def volume(self) -> int:
        return math.prod(self)

    def to_rank(self, rank: int) -> "Shape":
        """Left-padded with 1s, or leading 1s dropped, to `rank` dimensions."""
        dims = list(self)
        while len(dims) > rank:
            if dims[0] != 1:
                raise ValueError(f"{self!r} cannot be squeezed to rank {rank}")
            dims.pop(0)
        return Shape([1] * (rank - len(dims)) + dims)

    def __repr__(self) -> str:
        return f"Shape({list(self)})"

    __str__ = __repr__



def padded_shape(shape: Shape, layout: Layout) -> Shape:
    """The shape a tensor occupies on the device: TILE pads the last two dims to whole
    32x32 tiles (a 0-d or 1-d tensor occupies one row of tiles)."""
    from ttbw.target.formats import padded_shape as tile_padded

    return Shape(tile_padded(shape) if layout is Layout.TILE else shape)
