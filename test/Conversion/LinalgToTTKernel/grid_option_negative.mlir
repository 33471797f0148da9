// RUN: not ttbw-opt --convert-linalg-to-ttkernel="grid=9x9" %s 2>&1 | FileCheck %s
// RUN: not ttbw-opt --convert-linalg-to-ttkernel="grid=8" %s 2>&1 | FileCheck %s --check-prefix=FORM
// The grid must be COLSxROWS within the emulated device's 8x8 cores.
// CHECK: error: convert-linalg-to-ttkernel: option 'grid' expects COLSxROWS within 1x1..8x8 (e.g. 8x8), got '9x9'
// FORM: error: convert-linalg-to-ttkernel: option 'grid' expects COLSxROWS within 1x1..8x8 (e.g. 8x8), got '8'
func.func @f() {
  return
}
