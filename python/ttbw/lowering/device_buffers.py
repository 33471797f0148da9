"""Device buffers as the lowering sees them, before any device exists.

`BufferInfo` is one buffer of a plan (name, device shape / format / layout / memory, origin in
the lowered function); `symbolic_buffer` stands in for a `ttbw.execution.emulator.Buffer` so a Program
can be built without a device (the host description turns its sentinel addresses back into
`{"address_of": name}`). `DEVICE_FORMAT` maps a tensor's data type to the device format,
`buffer_shape` gives the buffer's shape and `result_memory` where a function's results live.
"""
from __future__ import annotations

from dataclasses import dataclass

DEVICE_FORMAT = {"bf16": "bf16", "bfp_bf8": "bfp8_b", "f32": "f32"}  # tensor data type -> device format
ADDRESS_BASE = 0x7EA00000  # sentinel addresses of symbolic buffers: ADDRESS_BASE + buffer position


@dataclass(frozen=True)
class BufferInfo:
    """One device buffer of a plan. `dtype`: device format (bf16 | bfp8_b | f32)."""
    name: str
    shape: tuple
    dtype: str
    layout: str        # tile | row_major
    memory: str        # dram | l1
    origin: tuple = ()  # (("arg", i) | ("preallocated_arg", i) | ("result", k) | ("intermediate", True), ...)


def buffer_shape(shape, layout: str) -> tuple:
    """The device buffer's shape: a rank-0 ROW_MAJOR tensor is one row of one element."""
    return (1, 1) if layout == "row_major" and len(shape) == 0 else tuple(shape)


@dataclass
class SymbolicBuffer:
    """Stands in for a `ttbw.execution.emulator.Buffer` when building a Program without a device."""
    name: str
    address: int
    shape: tuple
    data_format: object  # DataFormat
    layout: str
    memory: str
    page_size: int
    num_pages: int
    live: bool = True

    @property
    def accessor_config(self) -> int:
        return 2 if self.memory == "dram" else 0

    @property
    def tiles(self) -> tuple[int, int, int]:
        """(batch, Ht, Wt) of a TILE buffer (as `ttbw.execution.emulator.Buffer.tiles`)."""
        from ttbw.target import formats as fmt

        padded = fmt.padded_shape(self.shape)
        batch = 1
        for d in padded[:-2]:
            batch *= int(d)
        return batch, padded[-2] // fmt.TILE, padded[-1] // fmt.TILE


def symbolic_buffer(name: str, index: int, shape, dtype: str, layout: str, memory: str) -> SymbolicBuffer:
    import numpy as np

    from ttbw.target import formats as fmt
    from ttbw.target.formats import DataFormat

    shape = tuple(int(s) for s in shape)
    data_format = DataFormat.parse(dtype)
    if layout == "tile":
        padded = fmt.padded_shape(shape)
        page_size = data_format.tile_bytes
        num_pages = int(np.prod(padded[:-2], dtype=np.int64)) * (padded[-2] // 32) * (padded[-1] // 32)
    else:
        page_size = shape[-1] * data_format.element_bytes
        num_pages = int(np.prod(shape[:-1], dtype=np.int64)) if len(shape) > 1 else 1
    return SymbolicBuffer(name, ADDRESS_BASE + index, shape, data_format, layout, memory, page_size, num_pages)


def result_memory(func) -> str:
    """Where func's results live, dram | l1, from their `ttir.memory_config` result attributes
    (the decomposition sets the op's memory_config on each result it returns); ValueError when
    one is malformed or the results disagree (one program's results live in one memory)."""
    from mlir import ir

    from ttbw.dialect.ops import MEMORY_CONFIG, OpRuleError, parse_memory_config

    count = len(ir.FunctionType(func.attributes["function_type"].value).results)
    found = set()
    for i in range(count):
        entry = ir.DictAttr(func.attributes["res_attrs"][i]) if "res_attrs" in func.attributes else None
        try:
            found.add(parse_memory_config(str(entry[MEMORY_CONFIG]))[0]
                      if entry is not None and MEMORY_CONFIG in entry else "dram")
        except OpRuleError as error:
            raise ValueError(f"result {i}: {MEMORY_CONFIG}: {error}") from None
    if len(found) > 1:
        raise ValueError(f"the results' {MEMORY_CONFIG} attributes disagree ({', '.join(sorted(found))}); "
                         "one program's results live in one memory")
    return found.pop() if found else "dram"
