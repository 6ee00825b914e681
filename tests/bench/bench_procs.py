#!/usr/bin/env python3
"""auxv --all --json vs readloop (open+read every /proc/*/auxv) with extra sleeping processes.

Wall time is what the target is about; CPU time (user + system, all threads)
is printed beside it, since auxv -a reads processes on several threads.
A second baseline, `readloop calls`, makes per process the system calls
auxv cannot do without (comm, exe, one process_vm_readv) and nothing else:
auxv's ratio to it is what auxv itself adds.  The third, `calls xT`, makes
them on as many threads as auxv -a uses here (T): its ratio to readloop is
the least any reader of what SPEC asks can reach on this machine."""
import atexit, os, resource, signal, statistics, subprocess, sys, time

auxv = os.environ.get("AUXV")
readloop = os.environ.get("READLOOP")
for name, p in (("AUXV", auxv), ("READLOOP", readloop)):
    if not p or not os.access(p, os.X_OK):
        print(f"SKIP: ${name} not set or not executable"); sys.exit(77)
sleep = "/bin/sleep" if os.access("/bin/sleep", os.X_OK) else None
if sleep is None:
    print("SKIP: /bin/sleep not found"); sys.exit(77)

REPS = 5
children = []

def cleanup():
    for c in children:
        try:
            c.kill()
        except OSError:
            pass
    for c in children:
        try:
            c.wait()
        except OSError:
            pass
    children.clear()

atexit.register(cleanup)  # the "trap EXIT"
for s in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
    signal.signal(s, lambda *_: sys.exit(1))

def grow_to(n):
    while len(children) < n:
        children.append(subprocess.Popen([sleep, "100000"], stdin=subprocess.DEVNULL,
                                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))

def timed(argv):
    """Wall and CPU (user + system of the child and its threads) in ms."""
    t0 = time.perf_counter()
    p = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, _, ru = os.wait4(p.pid, 0)
    wall = (time.perf_counter() - t0) * 1000
    p.returncode = 0  # reaped by wait4
    return wall, (ru.ru_utime + ru.ru_stime) * 1000

# auxv -a's threads: the caller and a reader per other CPU, 3 at most
# (scan.c, SCAN_READERS).
THREADS = str(min(max(os.cpu_count() or 1, 1), 4))

def measure():
    # warm up, then alternate
    runs = ([auxv, "--all", "--json"], [readloop], [readloop, "calls"],
            [readloop, "calls", THREADS])
    for argv in runs:
        timed(argv)
    got = [[] for _ in runs]
    for _ in range(REPS):
        for g, argv in zip(got, runs):
            g.append(timed(argv))
    med = lambda xs, i: statistics.median(x[i] for x in xs)
    return [med(g, 0) for g in got] + [med(g, 1) for g in got]

soft, _ = resource.getrlimit(resource.RLIMIT_NPROC)
try:
    pid_max = int(open("/proc/sys/kernel/pid_max").read())
except OSError:
    pid_max = None
nprocs_now = sum(1 for d in os.listdir("/proc") if d.isdigit())

print(f"{'extra sleeping procs (median of ' + str(REPS) + ', ms)':<44} {'auxv -a --json':>15} {'readloop':>10} {'ratio':>8}"
      f" {'cpu: auxv':>10} {'readloop':>9} {'ratio':>7}"
      f" {'| readloop calls':>16} {'ratio':>7} {'cpu':>8} {'ratio':>7}"
      f" {'| calls x' + THREADS:>11} {'ratio':>7} {'to readloop':>12}")
for n in (1000, 4000):
    need = n + nprocs_now + 64
    if soft != resource.RLIM_INFINITY and soft < need:
        print(f"{n:<44} skipped: ulimit -u is {soft}, need about {need}")
        continue
    if pid_max is not None and pid_max < need:
        print(f"{n:<44} skipped: kernel.pid_max is {pid_max}, need about {need}")
        continue
    try:
        grow_to(n)
    except OSError as e:
        print(f"{n:<44} skipped: could not start {n} processes ({e}); started {len(children)}")
        break
    time.sleep(0.5)
    total = sum(1 for d in os.listdir("/proc") if d.isdigit())
    a, b, c, t, ca, cb, cc, _ = measure()
    ratio = lambda x, y: x / y if y else float("nan")
    print(f"{str(n) + ' (' + str(total) + ' in /proc)':<44} {a:>15.2f} {b:>10.2f} {a / b:>8.3f}"
          f" {ca:>10.2f} {cb:>9.2f} {ratio(ca, cb):>7.3f}"
          f" {'| ' + format(c, '.2f'):>16} {ratio(a, c):>7.3f} {cc:>8.2f} {ratio(ca, cc):>7.3f}"
          f" {'| ' + format(t, '.2f'):>11} {ratio(a, t):>7.3f} {ratio(t, b):>12.3f}")
cleanup()
