"""Python-binding modules for ttbw's IRDL dialect.

MLIR's bindings look up `<prefix>.<dialect>` for every op they wrap; for a
dialect without such a module the failed import is retried on every access
(about 50 µs each). Registering this package as a search prefix, with an empty
`ttir` module, makes that lookup succeed once and stay cached.
"""
