"""The back end the device lowering passes call (no pass and no driver imported here):

- `fusion`, `empty`, `programs`: rewrites of device linalg around upstream fusion, tensors with
  no elements, outlining a function's generics into program functions (ttbw-fuse-programs);
- `codegen/`: the generic codegen, one program function -> its kernels (`kernel_ir.KernelFn`)
  and its launch; `host_plan`: a function calling programs -> its `HostFunction`;
- `kernel_builder`, `ttmetal_builder`, `module_builder`: those created as TTKernel / TTMetal IR
  in tt-mlir's context through its C API (convert-linalg-to-ttkernel);
- `limits`: sizes no program can run, refused at the op.
"""
from .errors import UnsupportedError  # noqa: F401
