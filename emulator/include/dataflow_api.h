// Older include path used by tt-mlir/tt-lang.
#pragma once
#include "ttbw_emu/dataflow.h"
