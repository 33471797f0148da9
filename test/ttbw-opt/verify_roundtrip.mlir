// --verify-roundtrip: each parsed module prints (generic text with locations, then bytecode),
// reads back in a new context and prints the same; the output is as without the flag. Here on
// ttbw's ops, tt-mlir's ops and ttcore attributes, and on a lowered module (tt-mlir's context).
// RUN: ttbw-opt --split-input-file --verify-roundtrip %s | FileCheck %s
// RUN: ttbw-opt --ttir-to-tensix-pipeline %S/Inputs/neg_bw.mlir -o %t.lowered.mlir
// RUN: ttbw-opt --verify-roundtrip %t.lowered.mlir | FileCheck %s --check-prefix=LOWERED
// LOWERED-LABEL: func.func @backward
// LOWERED: ttmetal.enqueue_program

// CHECK-LABEL: func.func @backward
func.func @backward(%g: tensor<32x32xbf16> {ttcore.argument_type = #ttcore.argument_type<input>},
                    %a: tensor<32x32xbf16>) -> tensor<32x32xbf16> {
  // CHECK: ttir.neg_bw %arg0, %arg1
  %0 = ttir.neg_bw %g, %a : tensor<32x32xbf16>, tensor<32x32xbf16> -> tensor<32x32xbf16>
  return %0 : tensor<32x32xbf16>
}

// -----

// CHECK-LABEL: func.func @foreign
func.func @foreign(%a: tensor<32x32xbf16>, %b: tensor<32x32xbf16>) -> tensor<32x32xbf16> {
  // CHECK: "ttir.softmax"(%arg0) <{dimension = 1 : si32}>
  %0 = "ttir.softmax"(%a) <{dimension = 1 : si32}> : (tensor<32x32xbf16>) -> tensor<32x32xbf16>
  // CHECK: ttir.empty() : tensor<32x32xbf16>
  %1 = ttir.empty() : tensor<32x32xbf16>
  return %0 : tensor<32x32xbf16>
}

// -----

// Unregistered ops (--allow-unregistered-dialect) are read back the same way.
// RUN: ttbw-opt --allow-unregistered-dialect --verify-roundtrip %S/Inputs/unregistered_op.mlir | FileCheck %s --check-prefix=UNREGISTERED
// UNREGISTERED: "foo.bar"(%arg0) {note = "kept"} : (tensor<4xf32>) -> tensor<4xf32>
