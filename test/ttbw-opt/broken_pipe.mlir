// A reader that closes the pipe before the output is written (`| head`) ends ttbw-opt,
// ttbw-translate and ttbw-run quietly, by SIGPIPE as it ends mlir-opt: nothing on stderr, status
// -13 (141 in a shell), buffered or not (with PYTHONUNBUFFERED, Python's stdout took part of a
// write and dropped the rest: ttbw-opt ended with status 0, ttbw-opt buffered with 1; issue 26).
// RUN: ttbw-opt --ttir-to-tensix-pipeline %s -o %t.lowered.mlir
// RUN: env PYTHONUNBUFFERED=1 %python %S/Inputs/closed_stdout.py ttbw-opt %s | FileCheck %s
// RUN: env -u PYTHONUNBUFFERED %python %S/Inputs/closed_stdout.py ttbw-opt %s | FileCheck %s
// RUN: env PYTHONUNBUFFERED=1 %python %S/Inputs/closed_stdout.py ttbw-opt --list-passes | FileCheck %s
// RUN: env PYTHONUNBUFFERED=1 %python %S/Inputs/closed_stdout.py ttbw-translate --ttkernel-to-cpp %t.lowered.mlir | FileCheck %s
// RUN: env -u PYTHONUNBUFFERED %python %S/Inputs/closed_stdout.py ttbw-translate --ttkernel-to-cpp %t.lowered.mlir | FileCheck %s
// RUN: env PYTHONUNBUFFERED=1 %python %S/Inputs/closed_stdout.py ttbw-run %t.lowered.mlir 2 3 | FileCheck %s
// RUN: env -u PYTHONUNBUFFERED %python %S/Inputs/closed_stdout.py ttbw-run %t.lowered.mlir 2 3 | FileCheck %s
// A write cut short part way (200 KB of IR, the reader gone after 10 bytes).
// RUN: %python -c "v = chr(37); print(f'func.func @f({v}a: f32) -> f32 {{'); [print(f'  {v}x{i} = arith.addf {v}a, {v}a : f32') for i in range(6000)]; print(f'  return {v}a : f32\n}}')" > %t.big.mlir
// RUN: env PYTHONUNBUFFERED=1 %python %S/Inputs/closed_stdout.py --after 10 ttbw-opt %t.big.mlir | FileCheck %s
// RUN: env -u PYTHONUNBUFFERED %python %S/Inputs/closed_stdout.py --after 10 ttbw-opt %t.big.mlir | FileCheck %s
// CHECK: rc -13 stderr b''
func.func @neg_bw(%grad: tensor<2x3xbf16>, %a: tensor<2x3xbf16>) -> tensor<2x3xbf16> {
  %0 = "ttir.neg_bw"(%grad, %a) : (tensor<2x3xbf16>, tensor<2x3xbf16>) -> tensor<2x3xbf16>
  return %0 : tensor<2x3xbf16>
}
