// tt-metal include path; the whole compute API lives in ttbw_emu/compute.h.
#pragma once
#include "ttbw_emu/compute.h"
