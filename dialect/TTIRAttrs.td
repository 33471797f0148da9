// What ttnn keeps outside the tensor type: the device data type and layout of a
// tensor (its encoding) and where an op's results live. The parameters are
// strings so that an unknown value still parses and the op verifier can say what
// is wrong with it (see TTIRVerify.cpp).
#ifndef TTBW_DIALECT_TTIRATTRS_TD
#define TTBW_DIALECT_TTIRATTRS_TD

include "TTIRBase.td"

// tensor<32x32xbf16, #ttir.layout<"bfp_bf8", "tile">>. A tensor without it is
// TILE with its element type's data type; a bfp_bf8 tensor keeps a bf16 element
// type, as in tt-mlir.
def TTIR_LayoutAttr : TTIR_Attr<"Layout", "layout"> {
  let summary = "Device data type (bf16 | f32 | bfp_bf8) and ttnn layout (tile | row_major)";
  let parameters = (ins StringRefParameter<"data type">:$data_type,
                        StringRefParameter<"ttnn layout">:$layout);
  let assemblyFormat = "`<` $data_type `,` $layout `>`";
}

// #ttir.memory_config<"dram", "interleaved">
def TTIR_MemoryConfigAttr : TTIR_Attr<"MemoryConfig", "memory_config"> {
  let summary = "Buffer type (dram | l1) and memory layout (interleaved) of results";
  let parameters = (ins StringRefParameter<"buffer type">:$buffer_type,
                        StringRefParameter<"memory layout">:$memory_layout);
  let assemblyFormat = "`<` $buffer_type `,` $memory_layout `>`";
}

// tt-mlir's marker of sliding-window ops on tensors flattened to (1, 1, N*H*W, C), in
// tt-mlir's syntax: #ttir<flattened_compat batch_size = 1, input_height = 20, input_width = 20>.
// ttbw reads and prints it; nothing in ttbw computes with it.
def TTIR_FlattenedCompatAttr : TTIR_Attr<"FlattenedCompat", "flattened_compat"> {
  let summary = "Batch size and input height / width of a flattened sliding-window op (tt-mlir's)";
  let parameters = (ins "int64_t":$batch_size, "int64_t":$input_height, "int64_t":$input_width);
  let assemblyFormat = "`batch_size` `=` $batch_size `,` `input_height` `=` $input_height `,` "
                       "`input_width` `=` $input_width";
}

#endif // TTBW_DIALECT_TTIRATTRS_TD
