// ttbw-run reads a module as ttbw-opt does: bytes that are not UTF-8 may stand in comments,
// anywhere else they are refused with a located error (issue 26).
// RUN: ttbw-opt --ttir-to-tensix-pipeline %s -o %t.mlir
// RUN: %python -c "import sys; sys.stdout.buffer.write(b'// caf\xe9\n' + open(sys.argv[1], 'rb').read())" %t.mlir > %t.comment.mlir
// RUN: ttbw-run %t.comment.mlir 2 3 | FileCheck %s
// CHECK: result 0: memref<2x3xbf16>
// RUN: %python -c "import sys; sys.stdout.buffer.write(open(sys.argv[1], 'rb').read().replace(b'@neg_bw(', b'@neg_b\xe9('))" %t.mlir > %t.name.mlir
// RUN: not ttbw-run %t.name.mlir 2 3 2>&1 | FileCheck %s --check-prefix=NAME --implicit-check-not=ttbw-run:
// NAME: name.mlir:4:19: error: byte 0xE9 is not UTF-8 (only comments may hold such bytes)
// Nesting past the parser's limit (the lowered module inside 6,000 modules), refused before
// tt-mlir parses it.
// RUN: %python -c "import sys; print('module {' * 6000 + open(sys.argv[1]).read() + '}' * 6000)" %t.mlir > %t.deep.mlir
// RUN: not ttbw-run %t.deep.mlir 2>&1 | FileCheck %s --check-prefix=DEEP --implicit-check-not=ttbw-run:
// DEEP: deep.mlir:1:8008: error: brackets nested more than 1000 deep (the parser's limit)
func.func @neg_bw(%grad: tensor<2x3xbf16>, %a: tensor<2x3xbf16>) -> tensor<2x3xbf16> {
  %0 = "ttir.neg_bw"(%grad, %a) : (tensor<2x3xbf16>, tensor<2x3xbf16>) -> tensor<2x3xbf16>
  return %0 : tensor<2x3xbf16>
}
