"""Pass statistics, as MLIR's pass statistics (`--mlir-pass-statistics`): a pass counts what it
did with `count`; the tool running the pass takes the counts after it (`take_counts`) and
prints them beside the pass's declared statistics (`ttbw.passes.registry.Statistic`)."""
from __future__ import annotations

_COUNTS: dict[str, int] = {}


def count(name: str, amount: int = 1) -> None:
    """Adds `amount` to the running pass's statistic `name` (declared with the pass)."""
    _COUNTS[name] = _COUNTS.get(name, 0) + amount


def take_counts() -> dict[str, int]:
    """The counts since the last call, taken (the next pass starts from zero)."""
    taken = dict(_COUNTS)
    _COUNTS.clear()
    return taken


def format_entry(name: str, statistics: list[tuple[str, int, str]], indent: int = 0) -> list[str]:
    """A pass and its statistics (name, value, description) as MLIR prints them: sorted by
    name, values right-aligned, names padded."""
    lines = [" " * indent + name]
    if not statistics:
        return lines
    rows = sorted(statistics)
    name_width = max(len(n) for n, _, _ in rows)
    value_width = max(len(str(v)) for _, v, _ in rows)
    lines += [f"{' ' * (indent + 2)}(S) {v:>{value_width}} {n:<{name_width}} - {d}" for n, v, d in rows]
    return lines
