#!/usr/bin/env python3
"""Callgrind total Ir: auxv >/dev/null vs LD_SHOW_AUXV=1 /bin/true >/dev/null."""
import os, re, shutil, subprocess, sys, tempfile

auxv = os.environ.get("AUXV")
if not auxv or not os.access(auxv, os.X_OK):
    print("SKIP: $AUXV not set or not executable"); sys.exit(77)
if shutil.which("valgrind") is None:
    print("SKIP: valgrind not found (Debian package valgrind)"); sys.exit(77)
true = "/bin/true" if os.access("/bin/true", os.X_OK) else shutil.which("true")

def ir(argv, extra_env=None):
    env = dict(os.environ, **(extra_env or {}))
    with tempfile.TemporaryDirectory() as td:
        out = os.path.join(td, "cg.out")
        p = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out] + argv,
                           env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        m = re.search(r"==\d+== Collected : (\d+)", p.stderr)
        if m is None and os.path.exists(out):
            with open(out) as f:
                for line in f:
                    if line.startswith("summary:") or line.startswith("totals:"):
                        m = re.match(r"\w+:\s*(\d+)", line)
                        if m: break
        if m is None:
            sys.exit("cannot parse callgrind output:\n" + p.stderr)
        return int(m.group(1))

static = os.environ.get("AUXV_STATIC")
b = ir([true], {"LD_SHOW_AUXV": "1"})
print(f"{'instructions (Ir)':<40} {'auxv':>14} {'LD_SHOW_AUXV=1 true':>20} {'ratio':>8}")
rows = [("auxv (default build)", auxv)]
if static and os.access(static, os.X_OK):
    rows.append(("auxv (-Dstatic=true)", static))
for name, path in rows:
    for args, label in (([], ""), (["--json"], " --json")):
        a = ir([path] + args)
        print(f"{name + label:<40} {a:>14} {b:>20} {a / b:>8.3f}")
