"""IR dumps as a file tree (--mlir-print-ir-tree-dir), in MLIR's layout: one folder per op the
dump is of, named `<dialect>_<op>_<symbol name or no-symbol-name>` and nested as the ops are
(`builtin_module_no-symbol-name/func_func_f/`), one file per dump, `<n>_<pass argument>.mlir`,
n counting the dumps of that op (a nested op's file starts with its parent's count: `1_0_...`).

ttbw's passes are dumped here; an upstream step's PassManager writes its own tree, counting from
0, into a scratch folder, whose files are then moved in with the counts carried on.
"""
from __future__ import annotations

import os
import re
import shutil
import tempfile

_COUNT = re.compile(r"^(\d+)_(.*)$")


class TreeDumps:
    def __init__(self, root: str):
        self.root = root
        self.counts: dict[str, int] = {}  # top-level folder -> dumps so far
        self._scratch: str | None = None
        self.error: str | None = None  # the first write that failed (the tool then fails)

    def reset(self) -> None:
        """A new input (chunk): MLIR's new pass manager counts from 0 again."""
        self.counts.clear()

    def write(self, module, header: str, text: str, argument: str) -> None:
        folder = _op_folder("builtin.module", _symbol_name(module))
        count = self.counts.get(folder, 0)
        self.counts[folder] = count + 1
        path = os.path.join(self.root, folder, f"{count}_{argument}.mlir")
        try:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as out:
                out.write(f"{header}\n{text}\n\n")
        except OSError as error:
            self._failed(path, error)

    def scratch(self) -> str:
        """A folder for an upstream step's own tree (`merge` moves it in)."""
        self._scratch = tempfile.mkdtemp(prefix="ttbw-ir-tree-")
        return self._scratch

    def merge(self) -> None:
        if self._scratch is None:
            return
        try:
            for folder in sorted(os.listdir(self._scratch)):
                offset = self.counts.get(folder, 0)
                added = 0
                for directory, _, files in os.walk(os.path.join(self._scratch, folder)):
                    relative = os.path.relpath(directory, self._scratch)
                    for name in sorted(files):
                        match = _COUNT.match(name)
                        if match is None:
                            continue
                        count = int(match.group(1))
                        if relative == folder:
                            added = max(added, count + 1)
                        target = os.path.join(self.root, relative, f"{count + offset}_{match.group(2)}")
                        try:
                            os.makedirs(os.path.dirname(target), exist_ok=True)
                            shutil.move(os.path.join(directory, name), target)
                        except OSError as error:
                            self._failed(target, error)
                self.counts[folder] = offset + added
        finally:
            shutil.rmtree(self._scratch, ignore_errors=True)
            self._scratch = None


    def _failed(self, path: str, error: OSError) -> None:
        if self.error is None:
            self.error = f"cannot write {path}: {error.strerror or error}"


def _symbol_name(module) -> str | None:
    attributes = getattr(module.operation, "attributes", None)
    try:
        return attributes["sym_name"].value if attributes is not None and "sym_name" in attributes else None
    except (KeyError, AttributeError, TypeError):
        return None


def _op_folder(op_name: str, symbol: str | None) -> str:
    return f"{op_name.replace('.', '_')}_{symbol or 'no-symbol-name'}"
