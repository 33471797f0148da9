// tt-metal include path; the whole data movement API lives in ttbw_emu/dataflow.h.
#pragma once
#include "ttbw_emu/dataflow.h"
