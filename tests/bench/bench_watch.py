#!/usr/bin/env python3
"""auxv --watch --json while spawnloop starts N programs back to back
(posix_spawn, then waitpid; N is 10,000 unless AUXV_WATCH_N says): the
share shown with their vectors, the share counted as ended before they
could be read, the rest (lost), and auxv's CPU time per program it wrote
(programs that other users of the machine start meanwhile are shown too).
Dynamic /bin/true, then the static marker of tests/exec where it was
built.  Figures only, no thresholds."""
import json, os, signal, subprocess, sys, tempfile, time

auxv = os.environ.get("AUXV")
spawn = os.environ.get("SPAWNLOOP")
for name, p in (("AUXV", auxv), ("SPAWNLOOP", spawn)):
    if not p or not os.access(p, os.X_OK):
        print(f"SKIP: ${name} not set or not executable"); sys.exit(77)
N = int(os.environ.get("AUXV_WATCH_N", "10000"))
progs = [("/bin/true (dynamic)", "/bin/true")]
if os.environ.get("MARKER"):
    progs.append(("static true (tests/exec/marker)", os.environ["MARKER"]))
TICK = os.sysconf("SC_CLK_TCK")

def cpu_s(pid):
    """User + system time of pid so far, in seconds."""
    f = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(f[11]) + int(f[12])) / TICK

def spawn_n(n, prog):
    r = subprocess.run([spawn, str(n), prog], stdout=subprocess.PIPE, check=True)
    return [int(x) for x in r.stdout.split()]

def shown(path, pid):
    with open(path, "rb") as f:
        return f'"pid":{pid},'.encode() in f.read()

def lines(path):
    with open(path, "rb") as f:
        return f.read().count(b"\n")

def until_shown(p, out, prog):
    """Starts prog until auxv has shown a run of it: False if auxv ended."""
    for _ in range(200):
        pid = spawn_n(1, prog)[0]
        time.sleep(0.05)
        if p.poll() is not None:
            return False
        if shown(out, pid):
            return True
    return False

def run(label, prog):
    with tempfile.TemporaryDirectory() as d:
        out, err = os.path.join(d, "out"), os.path.join(d, "err")
        with open(out, "wb") as fo, open(err, "wb") as fe:
            p = subprocess.Popen([auxv, "--watch", "--json"], stdout=fo, stderr=fe)
        if not until_shown(p, out, prog):
            p.kill(); p.wait()
            msg = open(err).read().strip()
            print(f"SKIP: auxv --watch did not start: {msg}"); sys.exit(77)
        c0, t0, n0 = cpu_s(p.pid), time.perf_counter(), lines(out)
        pids = spawn_n(N, prog)
        wall = time.perf_counter() - t0
        # Events are handled in order: once a later run is shown, all are.
        until_shown(p, out, prog)
        c1, n1 = cpu_s(p.pid), lines(out)
        p.send_signal(signal.SIGINT)
        p.wait()
        want = set(pids)
        ok = ended = other = 0
        with open(out, "rb") as f:
            for line in f:
                o = json.loads(line)
                if o.get("pid") not in want:
                    continue
                want.discard(o["pid"])
                if "entries" in o:
                    ok += 1
                elif o.get("error", {}).get("errno") == 3:
                    ended += 1
                else:
                    other += 1
        lost = len(want)
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
for label, prog in progs:
    run(label, prog)
