#!/usr/bin/env python3
"""Peak RSS: auxv -f FILE --od vs od -t d8 FILE, same saved /proc/self/auxv copy."""
import os, resource, shutil, subprocess, sys, tempfile

auxv = os.environ.get("AUXV")
if not auxv or not os.access(auxv, os.X_OK):
    print("SKIP: $AUXV not set or not executable"); sys.exit(77)
od = shutil.which("od")
if od is None:
    print("SKIP: od not found (coreutils)"); sys.exit(77)
gnutime = "/usr/bin/time" if os.access("/usr/bin/time", os.X_OK) else None

def peak_kib(argv):
    if gnutime:
        p = subprocess.run([gnutime, "-f", "%M"] + argv, stdout=subprocess.DEVNULL,
                           stderr=subprocess.PIPE, text=True, check=True)
        return int(p.stderr.strip().splitlines()[-1])
    # Fallback: fork a helper so RUSAGE_CHILDREN covers only this one child.
    code = ("import resource,subprocess,sys;"
            "subprocess.run(sys.argv[1:],stdout=subprocess.DEVNULL,check=True);"
            "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
    p = subprocess.run([sys.executable, "-c", code] + argv, stdout=subprocess.PIPE,
                       text=True, check=True)
    return int(p.stdout.strip())

with tempfile.TemporaryDirectory() as td:
    f = os.path.join(td, "auxv.bin")
    with open("/proc/self/auxv", "rb") as src, open(f, "wb") as dst:
        dst.write(src.read())
    a = peak_kib([auxv, "-f", f, "--od"])
    b = peak_kib([od, "-t", "d8", f])
    size = os.path.getsize(f)
how = "/usr/bin/time -f %M" if gnutime else "getrusage(RUSAGE_CHILDREN)"
print(f"{'peak RSS KiB (' + how + ')':<44} {'auxv -f --od':>13} {'od -t d8':>9} {'ratio':>8}")
print(f"{'same /proc/self/auxv copy (' + str(size) + ' bytes)':<44} {a:>13} {b:>9} {a / b:>8.3f}")
