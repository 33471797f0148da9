// --log-actions-to a file that cannot be opened: one message before any work, exit 1.
// RUN: not ttbw-opt --log-actions-to=%t.missing/log.txt --ttir-decompose-backward %s 2>&1 | FileCheck %s --implicit-check-not=Traceback
// CHECK: ttbw-opt: --log-actions-to: cannot open '{{.*}}missing/log.txt': No such file or directory
func.func @f() {
  return
}
