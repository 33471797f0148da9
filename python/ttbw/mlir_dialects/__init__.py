"""Python op classes of ttbw's dialects, found by MLIR's bindings through the
`ttbw.mlir_dialects` search prefix (`<prefix>.<dialect namespace>`)."""
