# lit configuration for ttbw (load through the CMake-configured lit.site.cfg.py).
import os

import lit.formats

config.name = "TTBW"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.ttbw_obj_root, "test")
config.excludes = ["python", "lit.cfg.py", "lit.site.cfg.py", "Inputs"]

# ttbw's tools (console scripts in the venv) first, then LLVM's FileCheck/not.
path = [config.ttbw_tools_dir, config.llvm_tools_dir, config.environment.get("PATH", "")]
config.environment["PATH"] = os.pathsep.join(path)
for tool in ("ttbw-opt", "ttbw-translate", "ttbw-run", "FileCheck", "not", "count"):
    for directory in (config.ttbw_tools_dir, config.llvm_tools_dir):
        if os.path.exists(os.path.join(directory, tool)):
            config.substitutions.append((rf"(?<![\w/-]){tool}(?![\w-])", os.path.join(directory, tool)))
            break
config.substitutions.append(("%python", config.python_executable))
# Compiled kernels are cached across runs (see ttbw.execution.emulator); the tt-mlir library may live elsewhere.
for name in ("TTBW_CACHE_DIR", "TTBW_TTMLIR_DIR", "HOME"):
    if name in os.environ:
        config.environment[name] = os.environ[name]
