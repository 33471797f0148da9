"""Checks the package's layering: every import of a ttbw module (at module level or inside a
function) points down the layers, and no modules import each other in a cycle.

    python test/import_layers.py          # prints the layer graph; exit 1 on a violation

Layers, bottom up (README's "Layout"): support, target, dialect (with mlir_dialects, its generated
op classes), ttmlir, lowering, passes, execution, driver, ttnn, torch, tools; the package's own
`__init__` (the lazy public API) may import any of them.
"""
from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = {"ttbw": ROOT / "python/ttbw", "ttbw.passes": ROOT / "passes", "ttbw.dialect": ROOT / "dialect",
            "ttbw.tools": ROOT / "tools"}
LAYERS = ["support", "target", "dialect", "mlir_dialects", "ttmlir", "lowering", "passes", "execution", "driver",
          "ttnn", "torch", "tools"]


def modules() -> dict[str, Path]:
    """Module name -> file, for every module of the package."""
    found = {}
    for package, folder in PACKAGES.items():
        for path in sorted(folder.rglob("*.py")):
            if "__pycache__" in path.parts or (package == "ttbw" and path.relative_to(folder).parts[0] in
                                                 ("dialect", "passes", "tools")):
                continue
            parts = list(path.relative_to(folder).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join([package, *parts])] = path
    return found


def imports(name: str, path: Path, known: dict) -> set[str]:
    """The ttbw modules `name` imports (relative imports resolved; `from x import y` counts
    x.y when that is a module)."""
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[:len(parts) - node.level + 1] + ([node.module] if node.module else []))
            targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base for alias in node.names]
        else:
            continue
        for target in targets:
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target.startswith("ttbw") and target != name:
                found.add(target)
    return found


def layer(name: str) -> str | None:
    parts = name.split(".")
    return parts[1] if len(parts) > 1 else None


def cycles(graph: dict[str, set]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    index, low, on_stack, stack, found, counter = {}, {}, set(), [], [], [0]
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter[0]
        counter[0] += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter[0]
                    counter[0] += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def problems() -> tuple[list[str], dict]:
    known = modules()
    graph = {name: imports(name, path, known) for name, path in known.items()}
    found = [f"import cycle: {' <-> '.join(c)}" for c in cycles(graph)]
    edges: dict = {}
    for name, targets in sorted(graph.items()):
        for target in sorted(targets):
            a, b = layer(name), layer(target)
            if a is None or b is None or a == b:
                continue
            if a not in LAYERS or b not in LAYERS:
                found.append(f"{name}: not in a known layer ({a} -> {b})")
                continue
            edges.setdefault(a, set()).add(b)
            if LAYERS.index(b) > LAYERS.index(a):
                found.append(f"{name} imports {target}: {a} is below {b}")
    return found, edges


def main() -> int:
    found, edges = problems()
    for a in LAYERS:
        if a in edges:
            print(f"{a} -> {', '.join(sorted(edges[a], key=LAYERS.index))}")
    for problem in found:
        print(f"error: {problem}", file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main())
