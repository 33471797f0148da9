"""ttbw: MLIR compiler for Tenstorrent backward ops."""
