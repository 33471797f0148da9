"""Runs the command in argv with its stdout a pipe whose reader goes away (`| head` that has
exited): at once, or with `--after N` once it has read N bytes (the tool's write is then cut
short part way). Prints the command's exit status and its stderr."""
import subprocess
import sys

args = sys.argv[1:]
after = int(args.pop(1)) if args[0] == "--after" else 0
if after:
    args.pop(0)
process = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
process.stdout.read(after)
process.stdout.close()
err = process.stderr.read()
process.wait()
print("rc", process.returncode, "stderr", repr(err))
