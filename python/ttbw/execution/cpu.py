"""CPU reference execution of ttir IR: ttir -> linalg -> LLVM -> JIT.

`run_cpu(ir_text, func_name, inputs)` is independent of the device path: it
lowers with --convert-ttir-to-linalg (layouts ignored, PyTorch CPU numerics)
and runs the function with MLIR's ExecutionEngine on numpy arrays (bf16 via
ml_dtypes).

Calling convention: a generated entry function takes every tensor argument as
a memref, every scalar by value, and one out-param memref per result; the
results are copied into numpy arrays the caller owns. That keeps multiple
results and rank-0 tensors on one simple C ABI (no returned structs).
"""
from __future__ import annotations

import ctypes
import hashlib
from dataclasses import dataclass

import numpy as np

_ENTRY = "__ttbw_cpu_entry"

# Upstream lowering after --convert-ttir-to-linalg. convert-math-to-libm turns every math op
# (exp, log, log1p, expm1, erf, tanh, sqrt, absf, powf) into a call of the C library's
# function (glibc's double functions, < 1 ulp: an f32 result is computed in f64 and rounded
# once; f32 functions for bf16 results), never a polynomial approximation of MLIR's own; the
# process's libm resolves them. arith-expand{include-bf16}
# turns bf16 extf/truncf into integer ops (round-to-nearest-even), so nothing
# depends on how the host LLVM target handles bf16 (no __truncsfbf2 libcall).
# Everything is inlined into the entry first (the ttir functions are made
# private), so only the entry's own buffers cross a function boundary.
_BUFFERIZE = ",".join([
    "inline",
    "symbol-dce",
    "one-shot-bufferize{bufferize-function-boundaries "
    "function-boundary-type-conversion=identity-layout-map}",
    "buffer-deallocation-pipeline",
    "convert-bufferization-to-memref",
])
# After _copies_as_loops: everything is loops, then LLVM.
_TO_LLVM = ",".join([
    "convert-linalg-to-loops",
    "convert-math-to-libm",
    "func.func(arith-expand{include-bf16=true})",
    "expand-strided-metadata",
    "lower-affine",
    "convert-scf-to-cf",
    "finalize-memref-to-llvm",
    "convert-to-llvm",
    "reconcile-unrealized-casts",
])


@dataclass
class _Kernel:
    engine: object
    context: object  # keeps the engine's MLIR context alive
    arg_kinds: list  # ("tensor", shape, dtype) or ("scalar", ctype)
    results: list  # (shape, dtype)


_KERNELS: dict[str, _Kernel] = {}


class CpuRunError(RuntimeError):
    """The IR cannot be run on the CPU path, or the inputs do not fit it."""


def run_cpu(ir_text: str, func_name: str, inputs: list) -> list[np.ndarray]:
    """Runs `func_name` of the ttir module `ir_text` on `inputs` (numpy arrays
    for tensor arguments, Python floats for scalar arguments); returns the
    results as numpy arrays (bf16 as ml_dtypes.bfloat16)."""
    key = hashlib.sha256(f"{func_name}\0{ir_text}".encode()).hexdigest()
    kernel = _KERNELS.get(key)
    if kernel is None:
        kernel = _KERNELS[key] = _compile(ir_text, func_name)
    if len(inputs) != len(kernel.arg_kinds):
        raise CpuRunError(f"@{func_name} takes {len(kernel.arg_kinds)} arguments, "
                          f"got {len(inputs)}")
    keep, args = [], []  # `keep` holds what the raw pointers point into
    for index, (value, kind) in enumerate(zip(inputs, kernel.arg_kinds)):
        if kind[0] == "scalar":
            cell = kind[1](float(value))
            keep.append(cell)
            args.append(ctypes.pointer(cell))
            continue
        _, shape, dtype = kind
        array = np.asarray(value)
        if array.shape != shape or array.dtype != dtype:
            raise CpuRunError(f"argument {index} of @{func_name} must be {dtype} {shape}, "
                              f"got {array.dtype} {array.shape}")
        array = np.ascontiguousarray(array)
        keep.append(array)
        args.append(_memref_arg(array, keep))
    outputs = [np.empty(shape, dtype) for shape, dtype in kernel.results]
    args += [_memref_arg(out, keep) for out in outputs]
    kernel.engine.invoke(_ENTRY, *args)
    return outputs


def _memref_arg(array: np.ndarray, keep: list):
    """A pointer to a pointer to the array's memref descriptor (what the packed
    C-interface wrapper expects for a memref argument)."""
    rank = array.ndim
    fields = [("allocated", ctypes.c_void_p), ("aligned", ctypes.c_void_p),
              ("offset", ctypes.c_longlong)]
    if rank:
        fields += [("shape", ctypes.c_longlong * rank), ("strides", ctypes.c_longlong * rank)]
    descriptor = type("MemRef", (ctypes.Structure,), {"_fields_": fields})()
    descriptor.allocated = descriptor.aligned = array.ctypes.data
    descriptor.offset = 0
    if rank:
        descriptor.shape[:] = array.shape
        descriptor.strides[:] = [s // array.itemsize for s in array.strides]
    pointer = ctypes.pointer(descriptor)
    keep += [descriptor, pointer]
    return ctypes.pointer(pointer)


def _compile(ir_text: str, func_name: str) -> _Kernel:
    from mlir import ir
    from mlir.execution_engine import ExecutionEngine
    from mlir.passmanager import PassManager

    from ttbw.support.diagnostics import DiagnosticError
    from ttbw.dialect import make_context
    from ttbw.passes import convert_ttir_to_linalg

    context = make_context()
    with context, ir.Location.unknown():
        try:
            module = ir.Module.parse(ir_text)
        except ir.MLIRError as error:
            raise CpuRunError(f"cannot parse the IR: {error}") from None
        try:
            convert_ttir_to_linalg.run(module, {})
        except DiagnosticError as error:
            raise CpuRunError(str(error)) from None
        function = _find_function(module, func_name)
        function_type = ir.FunctionType(ir.TypeAttr(function.attributes["function_type"]).value)
        arg_kinds = [_arg_kind(t, func_name) for t in function_type.inputs]
        results = [_tensor_kind(t, func_name) for t in function_type.results]
        entry = _entry_text(func_name, function_type)
        for op in module.body.operations:
            if op.operation.name == "func.func":
                op.operation.attributes["sym_visibility"] = ir.StringAttr.get("private")
        text = str(module)
        close = text.rindex("}")  # the module's closing brace: the entry goes before it
        module = ir.Module.parse(text[:close] + entry + text[close:])
        PassManager.parse(f"builtin.module({_BUFFERIZE})").run(module.operation)
        _copies_as_loops(module)
        PassManager.parse(f"builtin.module({_TO_LLVM})").run(module.operation)
        # LLVM's -O0: ~10x faster to compile than -O2 (a fused complex or gelu gradient: 0.4-1 s
        # instead of 5-9 s), at 1-7x the run time of its loops (8 ms for 1.2M elements): the
        # reference path is mostly called once per signature. Same IEEE results (no fast-math).
        engine = ExecutionEngine(module, opt_level=0)
    return _Kernel(engine, context, arg_kinds, [(r[1], r[2]) for r in results])


def _copies_as_loops(module) -> None:
    """memref.copy -> linalg.copy. A strided view (a slice) copied into a buffer would lower to
    a call of memrefCopy in MLIR's runner-utils library, whose own copy of LLVM cannot share the
    process with tt-mlir's (its command-line options register twice); loops need no library."""
    from mlir import ir
    from ttbw.dialect.ops import walk_ops
    from ttbw.mlir_dialects import linalg

    for op in walk_ops(module.operation, "memref.copy"):
        with ir.InsertionPoint(op), op.location:
            linalg.copy(op.operands[0], outs=[op.operands[1]])
        op.erase()


def _find_function(module, name: str):
    for op in module.body.operations:
        op = op.operation
        if op.name == "func.func" and str(op.attributes["sym_name"]) == f'"{name}"':
            if len(op.regions[0].blocks) == 0:
                raise CpuRunError(f"@{name} is only a declaration")
            return op
    raise CpuRunError(f"no function @{name} in the module")


def _dtype(element):
    import ml_dtypes

    text = str(element)
    if text == "bf16":
        return np.dtype(ml_dtypes.bfloat16)
    if text == "f32":
        return np.dtype(np.float32)
    raise CpuRunError(f"element type {text} is not supported by the CPU runtime")


def _tensor_kind(t, func_name: str):
    from mlir import ir

    if not isinstance(t, ir.RankedTensorType):
        raise CpuRunError(f"@{func_name}: results must be ranked tensors, got {t}")
    return ("tensor", tuple(t.shape), _dtype(t.element_type))


def _arg_kind(t, func_name: str):
    from mlir import ir

    if isinstance(t, ir.F32Type):
        return ("scalar", ctypes.c_float)
    return _tensor_kind(t, func_name)


def _memref_type(t) -> str:
    return "memref<" + "".join(f"{d}x" for d in t.shape) + f"{t.element_type}>"


def _entry_text(func_name: str, function_type) -> str:
    """The entry wrapper: memref args -> tensors, call, results -> out memrefs."""
    params, body, call_args = [], [], []
    for i, t in enumerate(function_type.inputs):
        if str(t) == "f32":
            params.append(f"%s{i}: f32")
            call_args.append(f"%s{i}")
            continue
        params.append(f"%a{i}: {_memref_type(t)}")
        body.append(f"%t{i} = bufferization.to_tensor %a{i} restrict : "
                    f"{_memref_type(t)} to {t}")
        call_args.append(f"%t{i}")
    results = list(function_type.results)
    params += [f"%r{i}: {_memref_type(t)}" for i, t in enumerate(results)]
    ins = ", ".join(str(t) for t in function_type.inputs)
    outs = ", ".join(str(t) for t in results)
    call = f"func.call @{func_name}({', '.join(call_args)}) : ({ins}) -> ({outs})"
    if results:
        call = f"%c:{len(results)} = " + call
    body.append(call)
    for i, t in enumerate(results):
        body.append(f"bufferization.materialize_in_destination %c#{i} in restrict writable "
                    f"%r{i} : ({t}, {_memref_type(t)}) -> ()")
    body.append("return")
    lines = "\n".join("  " + line for line in body)
    return (f"func.func @{_ENTRY}({', '.join(params)}) attributes {{llvm.emit_c_interface}} {{\n"
            f"{lines}\n}}\n")
