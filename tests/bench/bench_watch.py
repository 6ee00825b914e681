#!/usr/bin/env python3
"""auxv --watch --json while spawnloop starts N programs back to back
(posix_spawn, then waitpid; N is 10,000 unless AUXV_WATCH_N says): the
share shown with their vectors, the share counted as ended before they
could be read, the rest (lost), and auxv's CPU time per program it wrote
(programs that other users of the machine start meanwhile are shown too).
Dynamic /bin/true, then the static marker of tests/exec where it was
built.  Figures only, no thresholds."""
import collections, json, os, shutil, signal, subprocess, sys, tempfile, time

auxv = os.environ.get("AUXV")
spawn = os.environ.get("SPAWNLOOP")
for name, p in (("AUXV", auxv), ("SPAWNLOOP", spawn)):
    if not p or not os.access(p, os.X_OK):
        print(f"SKIP: ${name} not set or not executable"); sys.exit(77)
N = int(os.environ.get("AUXV_WATCH_N", "10000"))
progs = [("true (dynamic, /bin/true)", "/bin/true")]
if os.environ.get("MARKER"):
    progs.append(("static (tests/exec/marker)", os.environ["MARKER"]))
TICK = os.sysconf("SC_CLK_TCK")

def cpu_s(pid):
    """User + system time of pid so far, in seconds."""
    f = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(f[11]) + int(f[12])) / TICK

def spawn_n(n, prog):
    r = subprocess.run([spawn, str(n), prog], stdout=subprocess.PIPE, check=True)
    return [int(x) for x in r.stdout.split()]

def lines(path):
    with open(path, "rb") as f:
        return f.read().count(b"\n")

def shown_runs(out, prog):
    with open(out, "rb") as f:
        return f.read().count(f'"exe":"{prog}"'.encode())

def until_shown(p, out, mark):
    """Starts mark until auxv has shown one more run of it: False if auxv
    ended or showed none in 10 s."""
    before = shown_runs(out, mark)
    for _ in range(200):
        spawn_n(1, mark)
        time.sleep(0.05)
        if p.poll() is not None:
            return False
        if shown_runs(out, mark) > before:
            return True
    return False

def run(label, src, d):
    # Copies under names of their own: the runs are told from the programs
    # that others start meanwhile by their executable, not by PIDs, which
    # the kernel hands out again (pid_max may be 32768).
    prog, mark = os.path.join(d, "bench-" + label.split()[0]), os.path.join(d, "bench-mark")
    shutil.copy(src, prog)
    shutil.copy("/bin/true", mark)
    out, err = os.path.join(d, "out"), os.path.join(d, "err")
    with open(out, "wb") as fo, open(err, "wb") as fe:
        p = subprocess.Popen([auxv, "--watch", "--json"], stdout=fo, stderr=fe)
    if not until_shown(p, out, mark):
        p.kill(); p.wait()
        msg = open(err).read().strip()
        print(f"SKIP: auxv --watch did not start: {msg}"); sys.exit(77)
    c0, t0, n0 = cpu_s(p.pid), time.perf_counter(), lines(out)
    pids = spawn_n(N, prog)
    wall = time.perf_counter() - t0
    # Events are handled in order: once a later run is shown, all are.
    until_shown(p, out, mark)
    c1, n1 = cpu_s(p.pid), lines(out)
    p.send_signal(signal.SIGINT)
    p.wait()
    # A run shown is one of ours by its executable.  An error object has
    # none: it is one of ours when its PID is one of the next runs not yet
    # accounted for, in the order the runs were started and written (a
    # PID that comes again later is another program's).
    ok = ended = other = i = 0
    with open(out, "rb") as f:
        for line in f:
            o = json.loads(line)
            pid, mine = o.get("pid"), o.get("exe") == prog and "entries" in o
            if not mine and ("error" not in o or o.get("exe") is not None):
                continue
            try:
                i = pids.index(pid, i, i + 64) + 1
            except ValueError:
                if not mine:
                    continue
            if mine:
                ok += 1
            elif o["error"].get("errno") == 3:
                ended += 1
            else:
                other += 1
    lost = N - ok - ended - other
    summary = open(err).read().strip().splitlines()
    pct = lambda x: f"{100 * x / N:6.2f}%"
    print(f"{label:<34} {N:>7} {pct(ok):>8} {pct(ended):>8} {pct(other):>8}"
          f" {pct(lost):>8} {1e6 * (c1 - c0) / max(1, n1 - n0):>9.1f} {1e6 * wall / N:>9.1f}")
    for s in summary:
        print(f"{'':<34} {s}")

print(f"{'auxv --watch --json, programs':<34} {'started':>7} {'shown':>8} {'ended':>8}"
      f" {'refused':>8} {'lost':>8} {'cpu us/p':>9} {'wall us/p':>9}")
print("(cpu: auxv's user + system time per program it wrote; wall: of the"
      " starter, per program started)")
for label, src in progs:
    with tempfile.TemporaryDirectory() as d:
        os.chmod(d, 0o755)
        run(label, src, d)
