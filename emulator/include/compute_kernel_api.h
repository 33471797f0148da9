// Older include path used by tt-metal kernels.
#pragma once
#include "ttbw_emu/compute.h"
