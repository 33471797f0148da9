"""`-o` of ttbw-opt and ttbw-translate: written as mlir-opt writes, no temp file ever left behind.

Regular files are replaced atomically keeping their mode; symlinks are followed; hard links,
FIFOs and device nodes are written in place. A full disk, SIGINT or SIGTERM leave no temp file
and no partial output. The real tools run as subprocesses; slow and failing writes are injected
by wrapping os.write (the only call the writer writes through) or by a real RLIMIT_FSIZE.
"""
import os
import resource
import signal
import stat
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
OPT_INPUT = "func.func @written() {\n  return\n}\n"
TRANSLATE_INPUT = ROOT / "test" / "Translate" / "ttkernel_to_cpp.mlir"


@pytest.fixture
def work(tmp_path):
    source = tmp_path / "in.mlir"
    source.write_text(OPT_INPUT)
    return tmp_path


def opt(work, output, **kwargs):
    return subprocess.run([BIN / "ttbw-opt", work / "in.mlir", "-o", output], capture_output=True,
                          text=True, **kwargs)


def translate(output, **kwargs):
    return subprocess.run([BIN / "ttbw-translate", "--ttkernel-to-cpp", TRANSLATE_INPUT, "-o", output],
                          capture_output=True, text=True, **kwargs)


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if ".tmp" in p.name or ".ttbw-" in p.name)


def test_new_file_gets_the_umask_mode(work):
    old = os.umask(0o027)
    try:
        assert opt(work, work / "new.mlir").returncode == 0
    finally:
        os.umask(old)
    assert stat.S_IMODE((work / "new.mlir").stat().st_mode) == 0o640
    assert "func.func @written" in (work / "new.mlir").read_text()


@pytest.mark.parametrize("mode", [0o644, 0o640, 0o755, 0o600])
def test_existing_file_keeps_its_mode(work, mode):
    target = work / "out.mlir"
    target.write_text("old\n")
    target.chmod(mode)
    assert opt(work, target).returncode == 0
    assert stat.S_IMODE(target.stat().st_mode) == mode
    assert "func.func @written" in target.read_text()
    assert leftovers(work) == []


def test_symlink_is_followed_and_kept(work):
    (work / "real.mlir").write_text("old\n")
    (work / "link.mlir").symlink_to("real.mlir")
    assert opt(work, work / "link.mlir").returncode == 0
    assert (work / "link.mlir").is_symlink()
    assert "func.func @written" in (work / "real.mlir").read_text()


def test_dangling_symlink_creates_its_target(work):
    (work / "link.mlir").symlink_to("made.mlir")
    assert opt(work, work / "link.mlir").returncode == 0
    assert (work / "link.mlir").is_symlink() and "@written" in (work / "made.mlir").read_text()


def test_hard_link_is_kept(work):
    first = work / "a.mlir"
    first.write_text("old old old old old old old old old old old old old old old\n")
    os.link(first, work / "b.mlir")
    assert opt(work, work / "b.mlir").returncode == 0
    assert first.stat().st_ino == (work / "b.mlir").stat().st_ino and first.stat().st_nlink == 2
    assert first.read_text() == (work / "b.mlir").read_text()
    assert first.read_text().startswith("module") and "old" not in first.read_text()


@pytest.mark.parametrize("tool", ["ttbw-opt", "ttbw-translate"])
def test_fifo_is_written_not_replaced(work, tool):
    fifo = work / "out.fifo"
    os.mkfifo(fifo)
    reader = subprocess.Popen(["cat", fifo], stdout=subprocess.PIPE, text=True)
    result = opt(work, fifo) if tool == "ttbw-opt" else translate(fifo)
    out, _ = reader.communicate(timeout=60)
    assert result.returncode == 0, result.stderr
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert ("@written" if tool == "ttbw-opt" else "kernel_main") in out
    assert leftovers(work) == []


def device_node(work: Path) -> Path:
    """A character device to write to: a twin of /dev/null made in the temp dir (root), else
    /dev/zero (writes are discarded). Never /dev/null itself, which a broken tool may replace."""
    node = work / "null"
    try:
        os.mknod(node, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
        return node
    except PermissionError:
        return Path("/dev/zero")


@pytest.mark.parametrize("tool, via_symlink", [("ttbw-opt", False), ("ttbw-opt", True), ("ttbw-translate", True)])
def test_character_device_is_written_not_replaced(work, tool, via_symlink):
    node = device_node(work)
    target = node
    if via_symlink:
        target = work / "link"
        target.symlink_to(node)
    before = os.stat(node)
    result = opt(work, target) if tool == "ttbw-opt" else translate(target)
    assert result.returncode == 0, result.stderr
    after = os.stat(node)
    assert stat.S_ISCHR(after.st_mode) and after.st_ino == before.st_ino and after.st_rdev == before.st_rdev
    assert target.is_symlink() == via_symlink and leftovers(work) == []


def test_device_write_error_is_one_line(work):
    (work / "full").symlink_to("/dev/full")  # every write: ENOSPC
    result = opt(work, work / "full")
    assert result.returncode == 1
    assert result.stderr == f"ttbw-opt: could not write output file '{work / 'full'}': No space left on device\n"


def test_directory_target_is_refused(work):
    (work / "dir").mkdir()
    result = opt(work, work / "dir")
    assert result.returncode == 1 and "Is a directory" in result.stderr and "Traceback" not in result.stderr


def _mlir_opt():
    import mlir

    return Path(mlir.__path__[0]) / "bin" / "mlir-opt"  # the pinned MLIR's own


def test_read_only_file_is_written_or_refused_as_mlir_opt_does(work):
    """A 0444 file: ttbw-opt does what upstream mlir-opt does for the same user (as root both
    write it, keeping its mode: the kernel lets root write it; as its owner both refuse it)."""
    outcomes = []
    for tool in ([_mlir_opt(), work / "in.mlir", "-o"], [BIN / "ttbw-opt", work / "in.mlir", "-o"]):
        target = work / "ro.mlir"
        target.write_text("old\n")
        target.chmod(0o444)
        result = subprocess.run([*tool, target], capture_output=True, text=True)
        outcomes.append((result.returncode, target.read_text() != "old\n", stat.S_IMODE(target.stat().st_mode)))
        assert ("Permission denied" in result.stderr) == (result.returncode == 1), result.stderr
        target.chmod(0o644)
        target.unlink()
    assert outcomes[0] == outcomes[1], outcomes
    assert outcomes[0] == ((0, True, 0o444) if os.geteuid() == 0 else (1, False, 0o444))
    assert leftovers(work) == []


def test_read_only_file_of_its_own_user_is_refused():
    """`-o` onto a 0444 file its (non-root) user owns, in a folder they may write: refused as
    mlir-opt refuses it (it was replaced by the temp file's rename). Run as `nobody` when the
    tests run as root: a forked child drops its privileges and calls the tools' writer."""
    import tempfile

    from ttbw.driver.output_file import OutputError, write_output

    folder = Path(tempfile.mkdtemp(prefix="ttbw-ro-"))
    target = folder / "out.mlir"
    target.write_text("old\n")
    target.chmod(0o444)
    uid = 65534 if os.geteuid() == 0 else os.geteuid()  # nobody
    os.chown(folder, uid, -1)
    os.chown(target, uid, -1)
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: as the file's owner, not root
        os.close(read)
        try:
            if os.geteuid() == 0:
                os.setgid(65534)
                os.setuid(uid)
            try:
                write_output(str(target), "new\n")
                answer = "written"
            except OutputError as error:
                answer = str(error)
        except BaseException as error:  # noqa: BLE001 - reported to the parent
            answer = f"child failed: {error!r}"
        os.write(write, answer.encode())
        os._exit(0)
    os.close(write)
    with os.fdopen(read) as pipe:
        answer = pipe.read()
    os.waitpid(pid, 0)
    try:
        assert answer == f"could not write output file '{target}': Permission denied"
        assert target.read_text() == "old\n" and stat.S_IMODE(target.stat().st_mode) == 0o444
        assert leftovers(folder) == []
    finally:
        target.unlink()
        folder.rmdir()


def test_unwritable_folder_but_writable_file_is_written_in_place(work):
    if os.geteuid() == 0:
        pytest.skip("root ignores folder permissions")
    folder = work / "locked"
    folder.mkdir()
    target = folder / "out.mlir"
    target.write_text("old\n")
    folder.chmod(0o555)
    try:
        assert opt(work, target).returncode == 0
        assert "@written" in target.read_text()
    finally:
        folder.chmod(0o755)


def test_file_size_limit_leaves_no_temp_and_keeps_the_old_file(work):
    """A real write error from the kernel (EFBIG under RLIMIT_FSIZE), as on a full disk."""
    target = work / "out.mlir"
    target.write_text("old\n")

    def limit():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (16, 16))

    result = opt(work, target, preexec_fn=limit)
    assert result.returncode == 1 and "could not write output file" in result.stderr, result.stderr
    assert "Traceback" not in result.stderr
    assert target.read_text() == "old\n" and leftovers(work) == []


# The writer runs inside the real tool, with os.write replaced by a failing or slow one.
INJECTED = textwrap.dedent("""
    import errno, os, sys, time
    real_write, mode = os.write, sys.argv.pop(1)
    def write(fd, data):
        if ".tmp" in os.readlink(f"/proc/self/fd/{fd}"):  # only the temp file's writes
            if mode.startswith("full"):
                real_write(fd, bytes(data[:5]))  # a partial write, then the disk is full
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            sys.stderr.write("writing\\n"); sys.stderr.flush()
            time.sleep(60)
        return real_write(fd, data)
    os.write = write
    from ttbw.tools.{tool} import main
    sys.exit(main(sys.argv[1:]))
""")


def injected(tool: str, mode: str, args: list, **kwargs):
    code = INJECTED.replace("{tool}", tool.replace("-", "_"))
    return subprocess.Popen([sys.executable, "-c", code, mode, *map(str, args)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, **kwargs)


def tool_args(tool, work, target):
    if tool == "ttbw-opt":
        return [work / "in.mlir", "-o", target]
    return ["--ttkernel-to-cpp", TRANSLATE_INPUT, "-o", target]


@pytest.mark.parametrize("tool", ["ttbw-opt", "ttbw-translate"])
def test_full_disk_leaves_no_temp_and_keeps_the_old_file(work, tool):
    target = work / "out.txt"
    target.write_text("old\n")
    proc = injected(tool, "full", tool_args(tool, work, target))
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 1
    assert f"could not write output file '{target}': No space left on device" in err, err
    assert "Traceback" not in err
    assert target.read_text() == "old\n" and leftovers(work) == []


def test_full_disk_on_a_hard_linked_file_changes_nothing(work):
    """In place, the space is reserved before the first byte changes: a file size limit (a real
    EFBIG, like ENOSPC) fails the reservation and both names keep the old text."""
    target = work / "out.txt"
    target.write_text("old\n")
    os.link(target, work / "other.txt")

    def limit():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (16, 16))

    result = opt(work, target, preexec_fn=limit)
    assert result.returncode == 1 and "could not write output file" in result.stderr, result.stderr
    assert (work / "other.txt").stat().st_ino == target.stat().st_ino
    assert target.read_text() == "old\n"


@pytest.mark.parametrize("tool, signum", [("ttbw-opt", signal.SIGINT), ("ttbw-opt", signal.SIGTERM),
                                          ("ttbw-opt", signal.SIGHUP), ("ttbw-translate", signal.SIGINT),
                                          ("ttbw-translate", signal.SIGTERM)])
def test_signal_during_a_slow_write_leaves_no_temp(work, tool, signum):
    target = work / "out.txt"
    target.write_text("old\n")
    proc = injected(tool, "slow", tool_args(tool, work, target))
    assert proc.stderr.readline() == "writing\n"  # the temp file exists and is being written
    assert leftovers(work) != []
    proc.send_signal(signum)
    proc.communicate(timeout=60)
    assert proc.returncode == -signum  # dies by the signal, after cleaning up
    assert target.read_text() == "old\n" and leftovers(work) == []


def test_signal_while_a_fifo_has_no_reader_ends_the_tool(work):
    fifo = work / "out.fifo"
    os.mkfifo(fifo)
    proc = subprocess.Popen([BIN / "ttbw-opt", work / "in.mlir", "-o", fifo], stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and "fifo" not in Path(f"/proc/{proc.pid}/wchan").read_text() \
            and "partner" not in Path(f"/proc/{proc.pid}/wchan").read_text():
        time.sleep(0.05)  # until it blocks opening the FIFO
    proc.send_signal(signal.SIGTERM)
    proc.communicate(timeout=60)
    assert proc.returncode == -signal.SIGTERM
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode) and leftovers(work) == []


def test_full_tmpfs_leaves_no_temp_and_keeps_the_old_file(work):
    """A real full disk: a 64 KiB tmpfs, nearly full, and an output larger than what is left."""
    from mounts import tmpfs

    with tmpfs(work / "small", "64k") as disk:
        target = disk / "out.mlir"
        target.write_text("old\n")
        filler = disk / "filler"
        with open(filler, "wb", buffering=0) as fh:
            try:
                while True:
                    fh.write(b"\0" * 4096)
            except OSError:
                pass
        os.truncate(filler, filler.stat().st_size - 4096)  # 4 KiB left: less than the output
        (work / "in.mlir").write_text("".join(
            f"func.func @f{i}() {{\n  return\n}}\n" for i in range(400)))
        result = opt(work, target)
        assert result.returncode == 1, result.stderr
        assert result.stderr.endswith("No space left on device\n") and "Traceback" not in result.stderr
        assert target.read_text() == "old\n" and leftovers(disk) == []
