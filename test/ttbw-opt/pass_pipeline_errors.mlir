// RUN: not ttbw-opt --pass-pipeline='builtin.module(no-such-pass)' %s 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not ttbw-opt --pass-pipeline='builtin.module(canonicalize{bogus=1})' %s 2>&1 | FileCheck %s --check-prefix=OPTION
// RUN: not ttbw-opt --pass-pipeline='func.func(cse)' %s 2>&1 | FileCheck %s --check-prefix=ANCHOR
// RUN: not ttbw-opt --pass-pipeline='builtin.module(cse' %s 2>&1 | FileCheck %s --check-prefix=PAREN
// RUN: not ttbw-opt --pass-pipeline='builtin.module(canonicalize{max-iterations=2)' %s 2>&1 | FileCheck %s --check-prefix=BRACE
// RUN: not ttbw-opt --pass-pipeline='builtin.module(cse,,cse)' %s 2>&1 | FileCheck %s --check-prefix=EMPTY
// RUN: not ttbw-opt --pass-pipeline='builtin.module(cse)' --canonicalize %s 2>&1 | FileCheck %s --check-prefix=BOTH
// RUN: not ttbw-opt --no-such-pass %s 2>&1 | FileCheck %s --check-prefix=FLAG
// RUN: not ttbw-opt -z %s 2>&1 | FileCheck %s --check-prefix=SHORT
// Pipeline errors are diagnostics with a column, never tracebacks; nothing is printed to stdout.
// RUN: not ttbw-opt --pass-pipeline='builtin.module(no-such-pass)' %s 2>/dev/null | count 0

// UNKNOWN: <pass-pipeline>:1:16: error: 'no-such-pass' does not refer to a registered pass or pass pipeline
// OPTION: <pass-pipeline>:1:16: error: 'canonicalize': no such option bogus
// ANCHOR: <pass-pipeline>:1:1: error: the pipeline must be anchored on the module: 'builtin.module(...)'
// PAREN: <pass-pipeline>:1:19: error: expected ')' to close the nested pipeline
// BRACE: <pass-pipeline>:1:28: error: unterminated '{' in pass options
// EMPTY: <pass-pipeline>:1:20: error: expected a pass or pipeline name, found ','
// BOTH: ttbw-opt: --pass-pipeline cannot be combined with pass flags (--canonicalize)
// FLAG: ttbw-opt: Unknown command line argument '--no-such-pass'.  Try: 'ttbw-opt --help'
// SHORT: ttbw-opt: Unknown command line argument '-z'.  Try: 'ttbw-opt --help'

func.func @f() {
  return
}
