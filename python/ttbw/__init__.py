"""ttbw: MLIR compiler for Tenstorrent backward ops.

Its Python API is ttnn's (`import ttbw as ttnn`): tensors, devices, memory configs and the
backward ops (README: "ttnn's API in ttbw"). It is loaded on first use, so tools that import
the package (ttbw-opt) start fast.
"""
_API = {
    "ttnn.backward_ops": ("mul_bw", "add_bw", "sub_bw", "div_bw", "addalpha_bw", "subalpha_bw", "where_bw", "addcmul_bw",
            "neg_bw", "relu_bw", "gelu_bw", "silu_bw", "tanh_bw", "sigmoid_bw", "exp_bw", "log_bw", "sqrt_bw",
            "rsqrt_bw", "reciprocal_bw", "square_bw"),
    "ttnn.matmul_ops": ("matmul", "linear", "moreh_matmul_backward", "moreh_linear_backward", "moreh_bmm_backward"),
    "ttnn.moreh_namespace": ("operations",),
    "driver.compiler": ("compile",),
    "ttnn.conversions": ("from_torch", "to_torch", "to_layout", "to_device", "from_device", "to_memory_config",
                    "deallocate", "complex_tensor", "is_tensor_storage_on_device"),
    "ttnn.types": ("DataType", "Layout", "StorageType", "TensorMemoryLayout", "BufferType", "MemoryConfig",
                   "Shape", "TILE_SIZE", "bfloat16", "float32", "bfloat8_b", "bfloat4_b", "uint8", "uint16",
                   "uint32", "int32", "TILE_LAYOUT", "ROW_MAJOR_LAYOUT", "DRAM_MEMORY_CONFIG",
                   "L1_MEMORY_CONFIG"),
    "ttnn.device": ("Device", "CoreCoord", "CoreGrid", "open_device", "close_device", "manage_device",
               "synchronize_device", "GetNumAvailableDevices"),
    "ttnn.printing": ("set_printoptions",),
    "ttnn.tensor": ("Tensor", "ComplexTensor"),
}
_MODULE_OF = {name: module for module, names in _API.items() for name in names}
__all__ = sorted(_MODULE_OF)


def __getattr__(name):
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module 'ttbw' has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(f"ttbw.{module}"), name)
    globals()[name] = value
    return value


def __dir__():
    return sorted(set(globals()) | set(__all__))
