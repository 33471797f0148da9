"""ttnn's Python API, compiled by ttbw (`import ttbw as ttnn`): tensors, devices, data types and
memory configs, and the backward ops (`backward_ops`, made by the factories of `op_factories`;
one call compiled and run by `backward_call`). The top layer."""
