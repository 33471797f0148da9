// RUN: not ttbw-opt --convert-linalg-to-ttkernel="grid=9x9" %s 2>&1 | FileCheck %s
// RUN: not ttbw-opt --convert-linalg-to-ttkernel="grid=8" %s 2>&1 | FileCheck %s --check-prefix=FORM
// RUN: not ttbw-opt --ttir-to-tensix-pipeline="grid=0x3" %s 2>&1 | FileCheck %s --check-prefix=PIPELINE
// RUN: not ttbw-opt --pass-pipeline="builtin.module(ttir-to-tensix-pipeline{grid=3})" %s 2>&1 | FileCheck %s --check-prefix=TEXTUAL
// The grid must be COLSxROWS within the emulated device's 8x8 cores; it is checked when the
// pipeline is parsed, before any pass runs.
// CHECK: ttbw-opt: --convert-linalg-to-ttkernel=grid=9x9: error: option 'grid' expects COLSxROWS within 1x1..8x8 (e.g. 8x8), got '9x9'
// FORM: error: option 'grid' expects COLSxROWS within 1x1..8x8 (e.g. 8x8), got '8'
// PIPELINE: ttbw-opt: --ttir-to-tensix-pipeline=grid=0x3: error: option 'grid' expects COLSxROWS within 1x1..8x8 (e.g. 8x8), got '0x3'
// TEXTUAL: <pass-pipeline>:1:16: error: option 'grid' expects COLSxROWS within 1x1..8x8 (e.g. 8x8), got '3'
func.func @f() {
  return
}
