#!/usr/bin/env python3
"""Wall time: 300 runs each, alternating, of auxv vs LD_SHOW_AUXV=1 /bin/true."""
import os, shutil, subprocess, sys, time

N = 300
auxv = os.environ.get("AUXV")
if not auxv or not os.access(auxv, os.X_OK):
    print("SKIP: $AUXV not set or not executable"); sys.exit(77)
true = "/bin/true" if os.access("/bin/true", os.X_OK) else shutil.which("true")
if true is None:
    print("SKIP: true not found"); sys.exit(77)

env_b = dict(os.environ, LD_SHOW_AUXV="1")
ta = tb = 0.0
for _ in range(N):
    t0 = time.perf_counter()
    subprocess.run([auxv], stdout=subprocess.DEVNULL, check=True)
    t1 = time.perf_counter()
    subprocess.run([true], stdout=subprocess.DEVNULL, env=env_b, check=True)
    t2 = time.perf_counter()
    ta += t1 - t0
    tb += t2 - t1
print(f"{'wall, ' + str(N) + ' runs each (total ms)':<40} {'auxv':>10} {'LD_SHOW_AUXV=1 true':>20} {'ratio':>8}")
print(f"{'auxv vs LD_SHOW_AUXV=1 /bin/true':<40} {ta*1000:>10.1f} {tb*1000:>20.1f} {ta / tb:>8.3f}")
