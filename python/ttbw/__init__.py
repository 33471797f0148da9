"""ttbw: MLIR compiler for Tenstorrent backward ops.

The ttnn-style API (`ttbw.mul_bw`, `ttbw.from_torch`, ...) is loaded on first
use, so tools that import the package (ttbw-opt) start fast.
"""
_API = {
    "mul_bw": "api", "open_device": "api", "close_device": "api", "from_torch": "api",
    "to_torch": "api", "complex_tensor": "api", "Device": "api",
    "Tensor": "tensor", "ComplexTensor": "tensor", "bfloat16": "tensor", "bfloat8_b": "tensor",
    "float32": "tensor", "TILE_LAYOUT": "tensor", "ROW_MAJOR_LAYOUT": "tensor",
    "DRAM_MEMORY_CONFIG": "tensor", "L1_MEMORY_CONFIG": "tensor", "MemoryConfig": "tensor",
    "compile": "compilation",
}
__all__ = sorted(_API)


def __getattr__(name):
    module = _API.get(name)
    if module is None:
        raise AttributeError(f"module 'ttbw' has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(f"ttbw.{module}"), name)
    globals()[name] = value
    return value
