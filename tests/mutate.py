#!/usr/bin/env python3
"""Mutation testing that finishes: each mutant is held to the test files
that reach its line, and stops at its first failing case.

    tests/mutate.py [--seed S] [-n N] [--only REGEX] [--tests REGEX]
                    [--dir DIR]

Run from the checkout.  What is committed (HEAD) is cloned into DIR
(default /tmp/auxv-mutate-$UID), where two builds are made: one with
coverage, for the map, and a plain one for the mutants.

1. The map, once per commit (kept in DIR/map-COMMIT.json): each bats
   file of the default suite (its slow cases too) is run alone on the coverage build, its
   counters zeroed before and read after (gcovr), so the map says which
   files reach which lines of src/.  The .gcda files are made 0666 first,
   so that what runs as nobody is counted; what runs under qemu-user
   writes them as the native process would.  Cases that fail already are
   kept: they do not kill a mutant.
2. N mutants, drawn by the seed uniformly over the lines of src/*.c the
   map has reached, each with one operator that applies to that line
   (a comparison flipped, && and ||, +1 and -1 dropped, a return value
   turned, a condition negated).  Each is built and run against the
   files that reach its line, fastest first, as many at once as there
   are CPUs (a file meson runs alone, as --watch's, alone here too); the
   first case that passed in the map and fails now kills it, and ends
   the files still running.

Prints a line per mutant, each survivor with its file:line, the time of
the mutant runs apart from the map's, and the score.
"""
import argparse
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor

OPS = [
    ("<=", r"(?<![<>=!])<=(?!=)", "<"),
    (">=", r"(?<![<>=!])>=(?!=)", ">"),
    ("<", r"(?<![<>=!-])<(?![<=])", "<="),
    (">", r"(?<![<>=!-])>(?![>=])", ">="),
    ("==", r"==", "!="),
    ("!=", r"!=", "=="),
    ("&&", r"&&", "||"),
    ("||", r"\|\|", "&&"),
    ("+ 1", r"\+ 1\b", "+ 0"),
    ("- 1", r"- 1\b", "- 0"),
    ("return 0", r"\breturn 0;", "return -1;"),
    ("return -1", r"\breturn -1;", "return 0;"),
    ("return x", r"\breturn (?!0;|-1;|NULL;)([a-z_]+);", "return !\\1;"),
    ("if (", r"\bif \(", "if (!"),
]


def say(*a):
    print(*a, flush=True)


def run(cmd, **kw):
    return subprocess.run(cmd, check=True, capture_output=True, text=True,
                          **kw)


def tests_of(build, which=None):
    """The default suite's bats files (those whose name matches which):
    name -> (cmd, env, whether meson runs it beside others)."""
    out = {}
    for t in json.loads(run(["meson", "introspect", "--tests", build]).stdout):
        if (t["suite"] == ["auxv"] and t["cmd"][0].endswith("bats") and
                (not which or re.search(which, t["name"]))):
            # The file's slow cases too (tests/meson.build): left out of
            # the quick loop for time, not for what they reach.
            cmd = [a.replace(",!slow", "") for a in t["cmd"]]
            out[t["name"]] = (cmd, t["env"], t["is_parallel"])
    return out


def bats(cmd, env, stop_first, timeout=1200, stop=None):
    """Runs one bats file; the names of the cases that failed, and its
    seconds.  With stop_first, the run ends at the first failure; once
    stop (an Event) is set, at once."""
    e = dict(os.environ, **env)
    t0 = time.time()
    p = subprocess.Popen(cmd, env=e, stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL, text=True,
                         start_new_session=True)
    failed = []
    # The group is killed while p is not yet reaped (its PID, and so the
    # group's ID, cannot have been given to another).
    lk = threading.Lock()

    def kill():
        with lk:
            if p.returncode is None:
                try:
                    os.killpg(p.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass

    if stop is not None:
        def end():
            while not stop.wait(0.5):
                if p.returncode is not None:
                    return
            kill()
        threading.Thread(target=end, daemon=True).start()
    try:
        for line in p.stdout:
            m = re.match(r"not ok \d+ (.*)", line)
            if m:
                failed.append(m.group(1).strip())
                if stop_first:
                    break
            if time.time() - t0 > timeout:
                failed.append("(timeout)")
                break
    finally:
        kill()
        with lk:
            p.wait()
    return failed, time.time() - t0


def setup(d, name, src, coverage):
    b = os.path.join(d, name)
    if not os.path.exists(os.path.join(b, "build.ninja")):
        opts = ["-Db_coverage=true"] if coverage else []
        run(["meson", "setup", b, src] + opts)
    run(["meson", "compile", "-C", b])
    return b


def covered(build, src):
    """Lines of src/*.c executed, per file, from the .gcda files now."""
    j = json.loads(run(["gcovr", "-r", src, "--json", "-", build],
                       cwd=src).stdout)
    out = {}
    for f in j["files"]:
        if re.fullmatch(r"src/[^/]+\.c", f["file"]):
            out[f["file"]] = sorted(ln["line_number"] for ln in f["lines"]
                                    if ln["count"] > 0)
    return out


def make_map(d, src, commit, which):
    path = os.path.join(d, "map-%s%s.json" %
                        (commit, "-" + re.sub(r"\W", "_", which) if which else ""))
    if os.path.exists(path):
        return json.load(open(path))
    b = setup(d, "build-cov-" + commit, src, True)
    m = {"reach": {}, "failing": {}, "seconds": {}}
    for name, (cmd, env, _) in sorted(tests_of(b, which).items()):
        for root, _, files in os.walk(b):
            for f in files:
                if f.endswith(".gcda"):
                    os.unlink(os.path.join(root, f))
        # Every object's counters exist and anyone may write them.
        subprocess.run([os.path.join(b, "auxv"), "--help"],
                       capture_output=True)
        for root, _, files in os.walk(b):
            os.chmod(root, 0o777)
            for f in files:
                if f.endswith(".gcda"):
                    os.chmod(os.path.join(root, f), 0o666)
        failed, secs = bats(cmd, env, False)
        m["failing"][name] = failed
        m["seconds"][name] = secs
        for f, lines in covered(b, src).items():
            for ln in lines:
                m["reach"].setdefault("%s:%d" % (f, ln), []).append(name)
        say("map: %-10s %4.0f s, %d failing already" %
            (name, secs, len(failed)))
    json.dump(m, open(path, "w"))
    return m


def hunt(files, tests, m):
    """Runs the files (fastest first), as many at once as there are CPUs
    but those meson runs alone; the first case that passed in the map
    and fails now, as "file: case", or None."""
    stop = threading.Event()
    lock = threading.Lock()
    by = []

    def one(t):
        if stop.is_set():
            return
        cmd, env, _ = tests[t]
        failed, _ = bats(cmd, env, True, stop=stop)
        new_fail = [c for c in failed if c not in m["failing"].get(t, [])]
        with lock:
            if new_fail and not stop.is_set():
                by.append("%s: %s" % (t, new_fail[0]))
                stop.set()

    files = [t for t in files if t in tests]
    with ThreadPoolExecutor(os.cpu_count() or 1) as ex:
        list(ex.map(one, [t for t in files if tests[t][2]]))
    for t in files:
        if not tests[t][2]:
            one(t)
    stop.set()
    return by[0] if by else None


def mutants(src, m, n, seed, only):
    """n (file, line, op) drawn uniformly over the reached lines where
    an operator applies."""
    rng = random.Random(seed)
    sites = sorted(k for k in m["reach"]
                   if not only or re.search(only, k.split(":")[0]))
    text = {}
    out, seen = [], set()
    tries = 0
    while len(out) < n and tries < 100000 and sites:
        tries += 1
        k = rng.choice(sites)
        f, ln = k.rsplit(":", 1)
        ln = int(ln)
        if f not in text:
            text[f] = open(os.path.join(src, f)).read().split("\n")
        line = text[f][ln - 1]
        code = line.split("/*")[0].split("//")[0]
        if code.lstrip().startswith(("*", "#")):
            continue
        ops = [o for o in OPS if re.search(o[1], code)]
        if not ops or k in seen:
            continue
        seen.add(k)
        name, pat, rep = rng.choice(ops)
        hits = list(re.finditer(pat, code))
        h = rng.choice(hits)
        new = line[:h.start()] + h.expand(rep) + line[h.end():]
        out.append((f, ln, name, line, new))
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("-n", type=int, default=20)
    ap.add_argument("--only", help="regex on src/ file names")
    ap.add_argument("--tests", help="regex on the bats files mapped and run")
    ap.add_argument("--dir", default="/tmp/auxv-mutate-%d" % os.getuid())
    a = ap.parse_args()
    top = run(["git", "rev-parse", "--show-toplevel"]).stdout.strip()
    commit = run(["git", "-C", top, "rev-parse", "--short", "HEAD"]).stdout.strip()
    os.makedirs(a.dir, exist_ok=True)
    src = os.path.join(a.dir, "src-" + commit)
    if not os.path.exists(src):
        run(["git", "clone", "-q", top, src])
        run(["git", "-C", src, "checkout", "-q", commit])
    t0 = time.time()
    m = make_map(a.dir, src, commit, a.tests)
    say("map: %.0f s" % (time.time() - t0))
    t1 = time.time()
    b = setup(a.dir, "build-mut-" + commit, src, False)
    tests = tests_of(b, a.tests)
    killed = stillborn = 0
    todo = mutants(src, m, a.n, a.seed, a.only)
    for f, ln, op, old, new in todo:
        path = os.path.join(src, f)
        orig = open(path).read()
        lines = orig.split("\n")
        lines[ln - 1] = new
        open(path, "w").write("\n".join(lines))
        try:
            r = subprocess.run(["meson", "compile", "-C", b],
                               capture_output=True, text=True)
            if r.returncode != 0:
                say("STILLBORN %s:%d %s (does not build: not scored)" %
                    (f, ln, op))
                stillborn += 1
                continue
            files = sorted(set(m["reach"]["%s:%d" % (f, ln)]),
                           key=lambda t: m["seconds"].get(t, 0))
            by = hunt(files, tests, m)
            if by:
                killed += 1
                say("KILLED   %s:%d %s, by %s" % (f, ln, op, by))
            else:
                say("SURVIVED %s:%d %s (%s): %s  ->  %s" %
                    (f, ln, op, " ".join(files), old.strip(), new.strip()))
        finally:
            open(path, "w").write(orig)
    run(["meson", "compile", "-C", b])
    say("mutants: %.0f s for %d" % (time.time() - t1, len(todo)))
    say("score %d/%d" % (killed, len(todo) - stillborn))


if __name__ == "__main__":
    sys.exit(main())
