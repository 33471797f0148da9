"""The Tensix target as data, shared by the compiler and the executor: tile formats and their
host conversions (`formats`), the encoding of an f32 scalar into 32-bit kernel args
(`scalar_encoding`), the emulated device's sizes and the split of work over its cores
(`device_model`). No MLIR here."""
