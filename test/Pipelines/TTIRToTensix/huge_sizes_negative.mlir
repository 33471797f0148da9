// RUN: ttbw-opt --split-input-file --verify-diagnostics --ttir-to-tensix-pipeline %s
// RUN: ttbw-opt --split-input-file --verify-diagnostics --ttir-to-tensix-pipeline="fuse=false" %s
// Sizes no program can run are refused at the op (of the decomposition, at the backward op's line), naming the limit: 32-bit runtime arguments (fewer than 2^32
// elements per tensor, padded to tiles) and the device's DRAM (12 banks of 1 GiB), for what one op touches and for a whole lowered
// function's buffers. (No elements at all is no limit: empty.mlir.)

func.func @dims_2_63(%g: tensor<9223372036854775807x32xbf16>, %a: tensor<9223372036854775807x32xbf16>, %b: tensor<9223372036854775807x32xbf16>) -> (tensor<9223372036854775807x32xbf16>, tensor<9223372036854775807x32xbf16>) {
  // expected-error @+1 {{'ttir.multiply' op: unsupported: operand 0 (tensor<9223372036854775807x32xbf16>) has 295147905179352825856 elements (padded to whole tiles); the kernels' 32-bit runtime arguments index at most 4294967295 elements per tensor}}
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<9223372036854775807x32xbf16>, tensor<9223372036854775807x32xbf16>, tensor<9223372036854775807x32xbf16>) -> (tensor<9223372036854775807x32xbf16>, tensor<9223372036854775807x32xbf16>)
  return %0#0, %0#1 : tensor<9223372036854775807x32xbf16>, tensor<9223372036854775807x32xbf16>
}

// -----

func.func @tera(%g: tensor<800x1000x1000x1000xbf16>, %a: tensor<800x1000x1000x1000xbf16>, %b: tensor<800x1000x1000x1000xbf16>) -> (tensor<800x1000x1000x1000xbf16>, tensor<800x1000x1000x1000xbf16>) {
  // expected-error @+1 {{'ttir.multiply' op: unsupported: operand 0 (tensor<800x1000x1000x1000xbf16>) has 838860800000 elements (padded to whole tiles); the kernels' 32-bit runtime arguments index at most 4294967295 elements per tensor}}
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<800x1000x1000x1000xbf16>, tensor<800x1000x1000x1000xbf16>, tensor<800x1000x1000x1000xbf16>) -> (tensor<800x1000x1000x1000xbf16>, tensor<800x1000x1000x1000xbf16>)
  return %0#0, %0#1 : tensor<800x1000x1000x1000xbf16>, tensor<800x1000x1000x1000xbf16>
}

// -----

func.func @two_to_32(%g: tensor<65536x65536xbf16>, %a: tensor<65536x65536xbf16>, %b: tensor<65536x65536xbf16>) -> (tensor<65536x65536xbf16>, tensor<65536x65536xbf16>) {
  // expected-error @+1 {{'ttir.multiply' op: unsupported: operand 0 (tensor<65536x65536xbf16>) has 4294967296 elements (padded to whole tiles); the kernels' 32-bit runtime arguments index at most 4294967295 elements per tensor}}
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<65536x65536xbf16>, tensor<65536x65536xbf16>, tensor<65536x65536xbf16>) -> (tensor<65536x65536xbf16>, tensor<65536x65536xbf16>)
  return %0#0, %0#1 : tensor<65536x65536xbf16>, tensor<65536x65536xbf16>
}

// -----

func.func @padding(%g: tensor<65535x65535xbf16>, %a: tensor<65535x65535xbf16>, %b: tensor<65535x65535xbf16>) -> (tensor<65535x65535xbf16>, tensor<65535x65535xbf16>) {
  // expected-error @+1 {{'ttir.multiply' op: unsupported: operand 0 (tensor<65535x65535xbf16>) has 4294967296 elements (padded to whole tiles); the kernels' 32-bit runtime arguments index at most 4294967295 elements per tensor}}
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<65535x65535xbf16>, tensor<65535x65535xbf16>, tensor<65535x65535xbf16>) -> (tensor<65535x65535xbf16>, tensor<65535x65535xbf16>)
  return %0#0, %0#1 : tensor<65535x65535xbf16>, tensor<65535x65535xbf16>
}

// -----

func.func @row_major(%g: tensor<65536x65536xbf16, #ttir.layout<"bf16", "row_major">>, %a: tensor<65536x65536xbf16, #ttir.layout<"bf16", "row_major">>, %b: tensor<65536x65536xbf16, #ttir.layout<"bf16", "row_major">>) -> (tensor<65536x65536xbf16, #ttir.layout<"bf16", "row_major">>, tensor<65536x65536xbf16, #ttir.layout<"bf16", "row_major">>) {
  // expected-error @+2 {{'ttir.typecast' op: unsupported: operand 0 (tensor<65536x65536xbf16>) has 4294967296 elements (padded to whole tiles)}}
  // expected-error @+1 {{'ttir.multiply' op: unsupported: operand 0 (tensor<65536x65536xbf16, #ttir.layout<"bf16", "row_major">>) has 4294967296 elements; the kernels' 32-bit runtime arguments index at most 4294967295 elements per tensor}}
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<65536x65536xbf16, #ttir.layout<"bf16", "row_major">>, tensor<65536x65536xbf16, #ttir.layout<"bf16", "row_major">>, tensor<65536x65536xbf16, #ttir.layout<"bf16", "row_major">>) -> (tensor<65536x65536xbf16, #ttir.layout<"bf16", "row_major">>, tensor<65536x65536xbf16, #ttir.layout<"bf16", "row_major">>)
  return %0#0, %0#1 : tensor<65536x65536xbf16, #ttir.layout<"bf16", "row_major">>, tensor<65536x65536xbf16, #ttir.layout<"bf16", "row_major">>
}

// -----

func.func @op_dram(%g: tensor<32768x65536xf32>, %a: tensor<32768x65536xf32>, %b: tensor<32768x65536xf32>) -> (tensor<32768x65536xf32>, tensor<32768x65536xf32>) {
  // expected-error @+1 {{'ttir.multiply' op: unsupported: its tensors take 25769803776 bytes (24.0 GiB) on the device, more than the device's DRAM holds: 12884901888 bytes (12 banks of 1.0 GiB)}}
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<32768x65536xf32>, tensor<32768x65536xf32>, tensor<32768x65536xf32>) -> (tensor<32768x65536xf32>, tensor<32768x65536xf32>)
  return %0#0, %0#1 : tensor<32768x65536xf32>, tensor<32768x65536xf32>
}

// -----

// Issue 26: each op's three tensors fit (12 GiB), the function's five do not.
func.func @function_dram(%g: tensor<32768x65536xbf16>, %a: tensor<32768x65536xbf16>, %b: tensor<32768x65536xbf16>) -> (tensor<32768x65536xbf16>, tensor<32768x65536xbf16>) {
  // expected-error-re @+1 {{'{{ttir.multiply|linalg.generic}}' op: unsupported: the function's buffers take {{[0-9]+}} bytes ({{[0-9.]+}} GiB) on the device, more than the device's DRAM holds: 12884901888 bytes (12 banks of 1.0 GiB)}}
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<32768x65536xbf16>, tensor<32768x65536xbf16>, tensor<32768x65536xbf16>) -> (tensor<32768x65536xbf16>, tensor<32768x65536xbf16>)
  return %0#0, %0#1 : tensor<32768x65536xbf16>, tensor<32768x65536xbf16>
}

// -----

func.func @complex_dram(%g: tensor<8192x65536xcomplex<f32>>, %a: tensor<8192x65536xcomplex<f32>>, %b: tensor<8192x65536xcomplex<f32>>) -> (tensor<8192x65536xcomplex<f32>>, tensor<8192x65536xcomplex<f32>>) {
  // expected-error-re @+1 {{'{{ttir.multiply|linalg.generic}}' op: unsupported: {{its tensors|the function's buffers}} take {{[0-9]+}} bytes ({{[0-9.]+}} GiB) on the device, more than the device's DRAM holds: 12884901888 bytes (12 banks of 1.0 GiB)}}
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<8192x65536xcomplex<f32>>, tensor<8192x65536xcomplex<f32>>, tensor<8192x65536xcomplex<f32>>) -> (tensor<8192x65536xcomplex<f32>>, tensor<8192x65536xcomplex<f32>>)
  return %0#0, %0#1 : tensor<8192x65536xcomplex<f32>>, tensor<8192x65536xcomplex<f32>>
}

// -----

// Just under both limits: 5 x 2 GiB of bf16 is lowered.
func.func @fits(%g: tensor<16384x65536xbf16>, %a: tensor<16384x65536xbf16>, %b: tensor<16384x65536xbf16>) -> (tensor<16384x65536xbf16>, tensor<16384x65536xbf16>) {
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<16384x65536xbf16>, tensor<16384x65536xbf16>, tensor<16384x65536xbf16>) -> (tensor<16384x65536xbf16>, tensor<16384x65536xbf16>)
  return %0#0, %0#1 : tensor<16384x65536xbf16>, tensor<16384x65536xbf16>
}
