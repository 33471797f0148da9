"""ttbw: MLIR compiler for Tenstorrent backward ops.

Its Python API is ttnn's (`import ttbw as ttnn`): tensors, devices, memory configs and the
backward ops (README: "ttnn's API in ttbw"). It is loaded on first use, so tools that import
the package (ttbw-opt) start fast.
"""
_API = {
    "ttnn.backward_ops": ("mul_bw", "add_bw", "sub_bw", "div_bw", "addalpha_bw", "subalpha_bw", "where_bw", "addcmul_bw",
            "addcdiv_bw", "lerp_bw",
            "neg_bw", "relu_bw", "gelu_bw", "silu_bw", "tanh_bw", "sigmoid_bw", "exp_bw", "log_bw", "sqrt_bw",
            "rsqrt_bw", "reciprocal_bw", "square_bw"),
    "ttnn.unary_backward_ops": (
            "clamp_bw", "clip_bw", "hardtanh_bw", "hardshrink_bw", "softshrink_bw", "leaky_relu_bw", "elu_bw",
            "celu_bw", "logiteps_bw", "threshold_bw", "softplus_bw", "rdiv_bw", "pow_bw", "rpow_bw",
            "div_no_nan_bw", "fill_bw", "hardsigmoid_bw", "hardswish_bw", "relu6_bw", "relu_squared_bw", "selu_bw",
            "abs_bw", "sign_bw", "softsign_bw", "tanhshrink_bw", "log_sigmoid_bw", "sin_bw", "cos_bw", "tan_bw",
            "asin_bw", "acos_bw", "atan_bw", "sinh_bw", "cosh_bw", "asinh_bw", "acosh_bw", "atanh_bw", "log10_bw", "log1p_bw",
            "log2_bw", "exp2_bw", "expm1_bw", "erf_bw", "erfc_bw", "rad2deg_bw", "deg2rad_bw", "frac_bw",
            "trunc_bw", "floor_bw", "ceil_bw", "round_bw", "fill_zero_bw", "logit_bw", "repeat_bw", "prod_bw",
            "lgamma_bw", "digamma_bw", "polygamma_bw", "erfinv_bw", "i0_bw", "multigammaln_bw"),
    "ttnn.binary_backward_ops": (
            "rsub_bw", "squared_difference_bw", "min_bw", "max_bw", "atan2_bw", "hypot_bw", "xlogy_bw",
            "logaddexp_bw", "logaddexp2_bw", "ldexp_bw", "remainder_bw", "fmod_bw", "assign_bw", "bias_gelu_bw",
            "concat_bw"),
    "ttnn.complex_backward_ops": ("conj_bw", "polar_bw", "real_bw", "imag_bw", "angle_bw"),
    "ttnn.golden": ("get_golden_function", "attach_golden_function"),
    "ttnn.comparison": ("pearson_correlation_coefficient",),
    "ttnn.eltwise_ops": ("pow",),
    "ttnn.matmul_ops": ("matmul", "linear", "moreh_matmul_backward", "moreh_linear_backward", "moreh_bmm_backward"),
    "ttnn.softmax_ops": ("moreh_softmax_backward", "moreh_softmin_backward", "moreh_logsoftmax_backward"),
    "ttnn.reduction_ops": ("moreh_sum_backward", "moreh_mean_backward"),
    "ttnn.norm_ops": ("moreh_layer_norm_backward", "rmsnorm_bw"),
    "ttnn.moreh_namespace": ("operations",),
    "ttnn.experimental": ("experimental",),
    "driver.compiler": ("compile",),
    "ttnn.conversions": ("from_torch", "to_torch", "to_layout", "to_device", "from_device", "to_memory_config",
                    "deallocate", "complex_tensor", "is_tensor_storage_on_device"),
    "ttnn.types": ("DataType", "Layout", "StorageType", "TensorMemoryLayout", "BufferType", "MemoryConfig",
                   "Shape", "TILE_SIZE", "bfloat16", "float32", "bfloat8_b", "bfloat4_b", "uint8", "uint16",
                   "uint32", "int32", "int8", "fp8_e4m3", "TILE_LAYOUT", "ROW_MAJOR_LAYOUT", "DRAM_MEMORY_CONFIG",
                   "L1_MEMORY_CONFIG"),
    "ttnn.device": ("Device", "MeshDevice", "CoreCoord", "CoreGrid", "open_device", "close_device", "manage_device",
               "synchronize_device", "GetNumAvailableDevices"),
    "ttnn.printing": ("set_printoptions",),
    "ttnn.tensor": ("Tensor", "ComplexTensor"),
}
_SUBMODULES = {"_ttnn": "ttbw.ttnn._ttnn", "device": "ttbw.ttnn.device"}
_MODULE_OF = {name: module for module, names in _API.items() for name in names}
__all__ = sorted(_MODULE_OF)


def __getattr__(name):
    if name in _SUBMODULES:  # ttnn's modules that ttnn's tests reach into (`ttnn._ttnn.reports`, `ttnn.device.Arch`)
        from importlib import import_module

        return import_module(_SUBMODULES[name])
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module 'ttbw' has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(f"ttbw.{module}"), name)
    globals()[name] = value
    return value


def __dir__():
    return sorted(set(globals()) | set(__all__))
