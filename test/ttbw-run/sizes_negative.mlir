// ttbw-run checks a module's buffers against the device and its inputs and results against the
// host's free memory before it allocates anything; a module whose types were edited apart is
// refused when it is loaded. One error line, exit 1.
// RUN: ttbw-opt --ttir-to-tensix-pipeline %s -o %t.mlir
//
// @wide's buffers edited from 32x65536 (1x2048 tiles) to 32768x65536 (1024x2048 tiles): 5 x 4 GiB.
// RUN: sed -e 's/32x65536/32768x65536/g' -e 's/1x1x1x2048x!ttcore/1x1x1024x2048x!ttcore/g' -e 's/array<i64: 32, 65536>/array<i64: 32768, 65536>/g' %t.mlir > %t.huge.mlir
// RUN: not ttbw-run %t.huge.mlir 1 1 1 --function wide 2>&1 | FileCheck %s --check-prefix=DRAM
// DRAM: ttbw-run: error: @wide on a 8x8 grid: the function's buffers take 21474836480 bytes (20.0 GiB) on the device, more than the device's DRAM holds: 12884901888 bytes (12 banks of 1.0 GiB)
// DRAM-NOT: Traceback
//
// Only the host function's argument type edited: inputs of one size for a buffer of another.
// RUN: sed -e 's/%arg0: memref<32x65536xbf16>/%arg0: memref<2147483647x3xbf16>/' -e 's/enqueue_write_buffer"(%arg0, %0) : (memref<32x65536xbf16>/enqueue_write_buffer"(%arg0, %0) : (memref<2147483647x3xbf16>/' %t.mlir > %t.args.mlir
// RUN: not ttbw-run %t.args.mlir 1 1 1 --function wide 2>&1 | FileCheck %s --check-prefix=ARGS
// ARGS: ttbw-run: error: {{.*}}.args.mlir: @wide argument 0 (memref<2147483647x3xbf16>) is written into buffer 'arg0' of shape [32, 65536]: the module's types disagree
//
// L1 results lowered for 8x8 cores, run on 2x2: 4 MiB of each core's L1.
// RUN: not ttbw-run %t.mlir 1 1 1 --function l1 --grid 2x2 2>&1 | FileCheck %s --check-prefix=L1
// L1: ttbw-run: error: @l1 on a 2x2 grid: the function's L1 buffers: 4194304 bytes (4.0 MiB) of each core's L1 on 4 cores, more than a core's L1 holds: 1499136 bytes (1.4 MiB)

func.func @wide(%g: tensor<32x65536xbf16>, %a: tensor<32x65536xbf16>, %b: tensor<32x65536xbf16>) -> (tensor<32x65536xbf16>, tensor<32x65536xbf16>) {
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<32x65536xbf16>, tensor<32x65536xbf16>, tensor<32x65536xbf16>) -> (tensor<32x65536xbf16>, tensor<32x65536xbf16>)
  return %0#0, %0#1 : tensor<32x65536xbf16>, tensor<32x65536xbf16>
}

func.func @l1(%g: tensor<2048x2048xbf16>, %a: tensor<2048x2048xbf16>, %b: tensor<2048x2048xbf16>) -> (tensor<2048x2048xbf16>, tensor<2048x2048xbf16>) {
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {memory_config = #ttir.memory_config<"l1", "interleaved">, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<2048x2048xbf16>, tensor<2048x2048xbf16>, tensor<2048x2048xbf16>) -> (tensor<2048x2048xbf16>, tensor<2048x2048xbf16>)
  return %0#0, %0#1 : tensor<2048x2048xbf16>, tensor<2048x2048xbf16>
}
