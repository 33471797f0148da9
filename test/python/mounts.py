"""Small real filesystems for tests: a tmpfs of a given size (full disk), or read-only.

Needs the right to mount (root with CAP_SYS_ADMIN, as in this project's CI container);
elsewhere the tests that need one are skipped, and their injected-error twins still run.
"""
import contextlib
import os
import shutil
import subprocess

import pytest


@contextlib.contextmanager
def tmpfs(path, size: str = "64k", readonly: bool = False):
    os.makedirs(path, exist_ok=True)
    options = f"size={size}" + (",ro" if readonly else "")
    if os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("mounting a tmpfs needs root")
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(path)], capture_output=True)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs: {done.stderr.decode().strip()}")
    try:
        yield path
    finally:
        subprocess.run(["umount", "-l", str(path)], check=True)


def remount_readonly(path) -> None:
    subprocess.run(["mount", "-o", "remount,ro", str(path)], check=True)
