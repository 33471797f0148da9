"""The bottom layer: what every other layer uses and that needs no MLIR: diagnostics
(`file:line:col: error: ...`), files published atomically into ttbw's cache, and g++ builds of
small shared libraries cached there."""
