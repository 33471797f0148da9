"""Running what the compiler emitted: `executor` loads a compiled module (the TTMetal host
functions, read by `ttmetal_reader`; the kernels translated to C++ by tt-mlir) and runs it on
the emulated device (`emulator`: devices, buffers, programs, the g++ kernel cache); `cpu` runs
TTIR on the CPU (the reference backend). Nothing here compiles TTIR to Tensix programs."""
