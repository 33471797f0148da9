// ttbw-run's output: `-o` onto a file is one usage error (was a raw Errno 17); a reader that
// closes the pipe before the results are printed (`| head`) ends the run quietly, by SIGPIPE as cat does (issue 26).
// RUN: ttbw-opt --ttir-to-tensix-pipeline %s -o %t.mlir
// RUN: touch %t.file
// RUN: not ttbw-run %t.mlir 1 1 1 -o %t.file 2>&1 | FileCheck %s --check-prefix=FILE
// FILE: ttbw-run: error: -o: '{{.*}}.file' is a file; -o names a folder for the result_K.npy files
// RUN: %python -c "import subprocess, sys; p = subprocess.Popen(sys.argv[1:], stdout=subprocess.PIPE, stderr=subprocess.PIPE); p.stdout.close(); err = p.stderr.read(); p.wait(); print('rc', p.returncode, 'stderr', repr(err))" ttbw-run %t.mlir random:1 random:2 1 | FileCheck %s --check-prefix=PIPE
// PIPE: rc -13 stderr b''
func.func @mul_bw(%grad: tensor<64x64xbf16>, %a: tensor<64x64xbf16>, %b: tensor<64x64xbf16>) -> (tensor<64x64xbf16>, tensor<64x64xbf16>) {
  %0:2 = "ttir.mul_bw"(%grad, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<64x64xbf16>, tensor<64x64xbf16>, tensor<64x64xbf16>) -> (tensor<64x64xbf16>, tensor<64x64xbf16>)
  return %0#0, %0#1 : tensor<64x64xbf16>, tensor<64x64xbf16>
}
