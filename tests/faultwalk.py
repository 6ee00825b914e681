#!/usr/bin/env python3
"""Walks fault injection over auxv's calls (issue 26 item 2).

For each kind of source and each format, a first run counts the calls
auxv makes of each kind (tests/fault/faultinj.c, loaded by LD_PRELOAD);
then for each N from 1 to that count (an even sample of them where there
are more than --max-n) and each errno that call can see, auxv runs again
with the Nth call failed, and again with every call from the Nth on
failed.  Each run is held to what SPEC.md promises, judged without
auxv's own output of a clean run:

  - no signal, no sanitizer report (no valgrind report with --valgrind);
  - status 0 or 1 (--diff: 0, 1 or 2), never a usage error, and no hang;
  - every line on standard error starts "auxv: ", and a run that failed
    names the cause: the injected errno's strerror text (or, for ESRCH
    and EACCES, the words the contract gives them);
  - a run that succeeds says as much as a clean one: as many lines (-o
    raw: bytes) for one process or file, not silence for -a, -C, --watch;
  - standard output is whole lines (-o raw: whole words), and JSON parses
    line by line with python's json, each object holding entries or an
    error; a failed write may cut it anywhere, but then what was written
    is a prefix of what a clean run of a file source writes.

    faultwalk.py [--quick] [--valgrind] [--max-n N] [--source NAME,...]
                 [--format NAME,...] [--limit CASES [--seed S]] [--jobs N]

$AUXV is the program, $FAULTINJ the library.  Exit status 0 all held,
1 a case failed (each is printed), 77 LD_PRELOAD has no effect here (a
static auxv): the caller skips.
"""
import argparse
import concurrent.futures
import errno
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import threading

import mkfixture

KINDS = ["malloc", "calloc", "realloc", "reallocarray", "open", "read",
         "pread", "process_vm_readv", "readlink", "write",
         "socketpair", "fork", "ptrace", "waitpid",
         "socket", "setsockopt", "bind", "send", "poll", "sigprocmask",
         "syscall"]

# The errnos each call can see: allocations run out of memory; a read of
# a file or /proc fails with EIO, and one that a signal could interrupt
# with EINTR; process_vm_readv's target goes or its pages are not
# there; an output device fills.  -e's child cannot be made (too many
# processes), traced (not permitted, gone) or waited for (ECHILD is not
# injected: it is how a child the kernel reaped shows, and auxv says
# "killed before its exec completed" of it); --watch's socket is refused
# or the kernel has no connector (EPROTONOSUPPORT, EAFNOSUPPORT), its
# group can't be joined (a kernel out of memory), the kernel's buffers run
# out, a security module refuses the request, a wait is interrupted or
# finds nothing after all (syscall: recvmmsg, which also says the events
# the kernel dropped, and signalfd4).
ERRNOS = {
    "malloc": ["ENOMEM"],
    "calloc": ["ENOMEM"],
    "realloc": ["ENOMEM"],
    "reallocarray": ["ENOMEM"],
    "open": ["EMFILE", "EIO"],
    "read": ["EIO", "EINTR"],
    "pread": ["EIO", "EINTR"],
    "process_vm_readv": ["EFAULT", "ESRCH", "ENOMEM"],
    "readlink": ["EIO", "ENOMEM"],
    "write": ["ENOSPC", "EIO"],
    "socketpair": ["EMFILE"],
    "fork": ["EAGAIN", "ENOMEM"],
    "ptrace": ["EPERM", "ESRCH"],
    "waitpid": ["EINTR"],
    "socket": ["EMFILE", "EPERM", "EPROTONOSUPPORT", "EAFNOSUPPORT"],
    "setsockopt": ["ENOMEM", "EPERM"],
    "bind": ["EPERM", "ENOMEM"],
    "send": ["ENOBUFS", "EPERM"],
    "poll": ["EINTR", "ENOMEM"],
    "sigprocmask": ["EINVAL"],
    "syscall": ["EINTR", "ENOMEM", "EAGAIN", "ENOBUFS"],
}

# What a message may say instead of strerror, where SPEC words it so.
ALSO = {
    "ESRCH": ["no such process", "has exited"],
    "EPERM": ["not permitted", "CAP_NET_ADMIN"],
    "EACCES": ["permission denied"],
    # A kernel without the connector; or one with it (cn_proc in
    # /proc/net/connector) whose socket was refused here, as qemu-user
    # refuses it.
    "EPROTONOSUPPORT": ["no process-events connector",
                        "its socket was refused here"],
    "EAFNOSUPPORT": ["no process-events connector",
                     "its socket was refused here"],
}

# glibc's setlocale (-o table) loses a few bytes when an allocation of its
# own fails (intl/l10nflist.c): libc's leak, not auxv's.
LSAN_SUPP = "leak:_nl_normalize_codeset\n"
VALGRIND_SUPP = """{
   glibc-setlocale-enomem
   Memcheck:Leak
   fun:malloc
   ...
   fun:_nl_normalize_codeset
}
"""

SANITIZERS = ["AddressSanitizer", "LeakSanitizer", "runtime error:",
              "ThreadSanitizer", "MemorySanitizer"]

FORMATS = {
    "human": [],
    "od": ["-o", "od"],
    "raw": ["-o", "raw"],
    "table": ["-o", "table"],
    "json": ["--json"],
    "verbose": ["-v"],
}


class Walk:
    def __init__(self, args):
        self.args = args
        self.auxv = os.environ["AUXV"]
        self.lib = os.environ["FAULTINJ"]
        self.tmp = tempfile.mkdtemp(prefix="faultwalk.")
        self.serial = 0
        self.lock = threading.Lock()
        self.failures = []
        self.cases = 0
        self.procs = []
        self.lsan_supp = os.path.join(self.tmp, "lsan.supp")
        self.vg_supp = os.path.join(self.tmp, "valgrind.supp")
        with open(self.lsan_supp, "w") as f:
            f.write(LSAN_SUPP)
        with open(self.vg_supp, "w") as f:
            f.write(VALGRIND_SUPP)

    # -- fixtures -----------------------------------------------------

    def setup(self):
        t = self.tmp
        # Programs of names no other process has, for -C and --watch (nor
        # another walk's, run at the same time).
        self.sleep_name = "fws%d" % os.getpid()
        self.true_name = "fwt%d" % os.getpid()
        self.sleeper = os.path.join(t, self.sleep_name)
        shutil.copy("/bin/sleep", self.sleeper)
        self.truer = os.path.join(t, self.true_name)
        shutil.copy("/bin/true", self.truer)
        p = subprocess.Popen([self.sleeper, "100000"])
        self.procs.append(p)
        self.pid = str(p.pid)
        # Wait until it has exec'd: its own vector, not python's.
        while os.readlink("/proc/%s/exe" % self.pid) != self.sleeper:
            pass
        self.raw = os.path.join(t, "raw")
        with open(self.raw, "wb") as f:
            f.write(open("/proc/%s/auxv" % self.pid, "rb").read())
        self.core = os.path.join(t, "core")
        with open(self.core, "wb") as f:
            f.write(subprocess.run(
                [sys.executable, mkfixture.__file__, "core"],
                stdout=subprocess.PIPE, check=True).stdout)
        # A JSON save, as python writes one: keys the contract names.
        self.save = os.path.join(t, "save.json")
        with open(self.save, "w") as f:
            json.dump({"source": "pid", "pid": 4242, "comm": "saved",
                       "exe": "/bin/saved", "arch": "x86_64",
                       "word_size": 8, "byte_order": "little",
                       "entries": [
                           {"type": 6, "value": 4096},
                           {"type": 16, "value": 0xbfebfbff},
                           {"type": 31, "value": 0x7ffd0000,
                            "string": "/bin/saved"},
                           {"type": 25, "value": 0x7ffd0100,
                            "bytes": "00112233445566778899aabbccddeeff"},
                       ]}, f)
            f.write("\n")
        # JSON Lines whose first object is larger than auxv's first read
        # (64 KiB: blanks are JSON too), the object asked for after it:
        # the buffer grows, and the search reads on.
        self.lines = os.path.join(t, "lines.json")
        with open(self.lines, "w") as f:
            for pid, pad in ((4242, 100000), (4243, 0)):
                f.write('{"pid":%d,"word_size":8,"byte_order":"little",'
                        '"entries":[%s{"type":6,"value":4096}]}\n'
                        % (pid, " " * pad))

    def feed(self, fd):
        """Writes the core into a pipe, until auxv stops reading."""
        try:
            with open(self.core, "rb") as f:
                data = memoryview(f.read())
            while data:
                data = data[os.write(fd, data):]
        except OSError:
            pass
        os.close(fd)

    def sources(self):
        """name: (arguments, formats, deterministic output)."""
        all_fmt = list(FORMATS)
        # -o raw takes one source: of -a and -C a usage error, no run.
        one_fmt = [f for f in all_fmt if f != "raw"]
        dec = ["human", "table", "json", "verbose"]
        s = {
            "self": ([], all_fmt, False),
            "pid": ([self.pid], all_fmt, False),
            "all": (["-a"], one_fmt, False),
            "comm": (["-C", self.sleep_name], one_fmt, False),
            "raw": (["-f", self.raw], all_fmt, True),
            # A core on a pipe: read whole, a read at a time.
            "stdin": (["-f", "-"], all_fmt, True),
            "core": (["-f", self.core], all_fmt, True),
            "json": (["-f", self.save], all_fmt, True),
            "jsonlines": (["-f", self.lines, "--pid", "4243"], all_fmt, True),
            "exec": (["-e", "/bin/true"], all_fmt, False),
            "diff": (["--diff", "self", self.pid], ["human", "json"], False),
            # --check reads maps, status, smaps, cpuinfo and executables.
            "check": (["--check"], ["human", "json"], False),
            "checkpid": (["--check", self.pid], ["human", "json"], False),
            "watch": (["--watch", "-C", self.true_name, "--count", "1"], dec,
                      False),
        }
        # valgrind starts its client with a vector of its own making
        # (AT_IGNORE in place of entries it keeps), which --check of self
        # rightly fails.
        if self.args.valgrind:
            del s["check"]
        return s

    # -- running ------------------------------------------------------

    def run(self, argv, env_extra, timeout, watch=False, valgrind=None):
        env = dict(os.environ)
        env.update(env_extra)
        env["LD_PRELOAD"] = self.lib
        with self.lock:
            self.serial += 1
            countfile = os.path.join(self.tmp, "counts.%d" % self.serial)
        env["AUXV_FAULT_COUNT"] = countfile
        # An ASan build's runtime comes after the preloaded library.
        env["ASAN_OPTIONS"] = env.get("ASAN_OPTIONS", "") + \
            ":verify_asan_link_order=0:detect_leaks=1"
        env["LSAN_OPTIONS"] = env.get("LSAN_OPTIONS", "") + \
            ":print_suppressions=0:suppressions=" + self.lsan_supp
        cmd = [self.auxv] + argv
        if valgrind is None:
            valgrind = self.args.valgrind
        if valgrind:
            cmd = ["valgrind", "-q", "--error-exitcode=99",
                   "--leak-check=full", "--errors-for-leak-kinds=all",
                   "--suppressions=" + self.vg_supp,
                   "--trace-children=no"] + cmd
        trigger = None
        stop = threading.Event()
        if watch:
            def loop():
                while not stop.is_set():
                    subprocess.run([self.truer])
            trigger = threading.Thread(target=loop, daemon=True)
        # -f - reads the core through a pipe.
        feed = None
        if argv[-2:] == ["-f", "-"]:
            rfd, wfd = os.pipe()
            feed = threading.Thread(target=self.feed, args=(wfd,))
            stdin = rfd
        else:
            stdin = subprocess.DEVNULL
        p = subprocess.Popen(cmd, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, stdin=stdin, env=env)
        if feed:
            os.close(rfd)
            feed.start()
        if trigger:
            trigger.start()
        try:
            out, err = p.communicate(timeout=timeout)
            rc = p.returncode
        except subprocess.TimeoutExpired:
            p.kill()
            out, err = p.communicate()
            rc = "hang"
        stop.set()
        if trigger:
            trigger.join()
        if feed:
            feed.join()
        counts = {}
        try:
            for line in open(countfile):
                k, v = line.split()
                counts[k] = int(v)
            os.unlink(countfile)
        except FileNotFoundError:
            pass
        return rc, out, err, counts

    # -- judging ------------------------------------------------------

    def fail(self, case, why, out, err):
        with self.lock:
            self.failures.append(case)
            print("FAIL %s: %s" % (case, why))
            print("  stderr: %r" % err[-600:])
            print("  stdout tail: %r" % out[-300:], flush=True)

    def judge(self, case, fmt, diff, rc, out, err, counts, errname, clean,
              first, first_out):
        """clean: stdout of a clean run for a file source, else None;
        first, first_out: stdout and stderr, and stdout, of the counting
        run."""
        err_s = err.decode("utf-8", "replace")
        if rc == "hang":
            return self.fail(case, "no end within the time-out", out, err)
        if rc < 0:
            return self.fail(case, "killed by signal %s" %
                             signal.Signals(-rc).name, out, err)
        if rc == 99 and self.args.valgrind:
            return self.fail(case, "valgrind reports errors", out, err)
        for s in SANITIZERS:
            if s in err_s:
                return self.fail(case, "sanitizer report", out, err)
        # 126: -e's command not run (an exec that a fault made fail).
        if rc not in ((0, 1, 2) if diff else (0, 1, 126)):
            return self.fail(case, "exit status %d" % rc, out, err)
        for line in err_s.splitlines():
            if not line.startswith("auxv: "):
                return self.fail(case, "stderr line %r" % line, out, err)
        fired = counts.get("fired", 0)
        if not counts:
            return self.fail(case, "no counts written (exit skipped?)",
                             out, err)
        failed = rc == 2 if diff else rc in (1, 126)
        if fired and failed:
            # strerror's text as auxv words it: its capital lowered.
            m = os.strerror(getattr(errno, errname))
            if m[1:2].islower():
                m = m[0].lower() + m[1:]
            words = [m] + ALSO.get(errname, [])
            if not any(w in err_s for w in words):
                return self.fail(case, "status %d, but no message names "
                                 "%s (%s)" % (rc, errname, words[0]),
                                 out, err)
        if failed and not err_s:
            return self.fail(case, "status %d, silent" % rc, out, err)
        # Success, yet less said than a clean run says: output lost.  The
        # same number of lines (-o raw: bytes) where the source is one
        # process or file; for -a, -C and --watch, not silence.
        name = case.split()[0]
        if rc == 0 and fired and not diff:
            if name in ("all", "comm", "watch"):
                lost = first_out and not out and not err
            elif fmt == "raw":
                lost = len(out) != len(first_out)
            else:
                lost = out.count(b"\n") != first_out.count(b"\n")
            if lost:
                return self.fail(case, "status 0, but output lost (%d "
                                 "lines, a clean run %d)" % (
                                     out.count(b"\n"),
                                     first_out.count(b"\n")), out, err)
        # A call that failed is not input that is wrong.  (EFAULT from
        # process_vm_readv is memory that is not there: a string read on
        # past what was read ahead is cut there, "truncated" as the
        # manual says.)
        # For -a, -C and --watch, standard output holds whatever the
        # machine's other processes hold at the time (a test's file named
        # "truncated" among them): only auxv's own words on stderr count.
        efault = "process_vm_readv" in case and "EFAULT" in case
        others = name in ("all", "comm", "watch")
        for w in (b"malformed",) + (() if efault else (b"truncated",)):
            seen = w in err or (w in out and not others)
            if fired and seen and w not in first:
                return self.fail(case, "a failed call reported as %s "
                                 "input" % w.decode(), out, err)
        wrote = "write" in case.split()[2] and fired
        if wrote:
            # Cut anywhere by the failed write, but never garbled.
            if clean is not None and not clean.startswith(out):
                return self.fail(case, "output after a failed write is "
                                 "not a prefix of a clean run's", out, err)
            return None
        if fmt == "raw":
            if len(out) % 8:
                return self.fail(case, "raw output of %d bytes: not whole "
                                 "words" % len(out), out, err)
            return None
        if out and not out.endswith(b"\n"):
            return self.fail(case, "last output line cut", out, err)
        if fmt == "json":
            for line in out.splitlines():
                try:
                    o = json.loads(line)
                except ValueError as e:
                    return self.fail(case, "JSON line does not parse: %s" %
                                     e, out, err)
                if not isinstance(o, dict) or not (
                        "entries" in o or "error" in o or
                        "differences" in o or "checks" in o):
                    return self.fail(case, "JSON object without entries "
                                     "or error", out, err)
        return None

    # -- the walk -----------------------------------------------------

    def sample(self, count):
        m = self.args.max_n
        if count <= m:
            return list(range(1, count + 1))
        # The first and last few, and an even spread between them.
        edge = min(3, m // 3)
        picks = set(range(1, edge + 1)) | \
            set(range(count - edge + 1, count + 1))
        rest = m - len(picks)
        if rest > 0:
            picks |= {int(1 + i * count / rest) for i in range(rest)}
        return sorted(p for p in picks if 1 <= p <= count)

    def cases_of(self, name, argv, fmt, counts, quick):
        """The fault cases of one source and format, from its counts."""
        for kind in KINDS:
            n = counts.get(kind, 0)
            if n == 0:
                continue
            errs = ERRNOS[kind][:1] if quick else ERRNOS[kind]
            for e in errs:
                # The Nth call alone, and every call from the Nth on: not
                # for --watch, which would wait for a program it can read.
                modes = ["0"] if name == "watch" else ["0", "1"]
                runs = [(i, a) for i in self.sample(n) for a in modes]
                for i, after in runs:
                    case = "%s %s %s%s=%d %s" % (
                        name, fmt, kind, "+" if after == "1" else "", i, e)
                    env = {"AUXV_FAULT_CALL": kind,
                           "AUXV_FAULT_N": str(i),
                           "AUXV_FAULT_ERRNO": e,
                           "AUXV_FAULT_AFTER": after}
                    yield case, env

    def walk(self):
        srcs = self.sources()
        only = self.args.source.split(",") if self.args.source else list(srcs)
        timeout = 120 if self.args.valgrind else 20
        todo = []
        for name in only:
            argv, fmts, det = srcs[name]
            diff = name == "diff"
            watch = name == "watch"
            if self.args.format:
                fmts = [f for f in fmts if f in self.args.format.split(",")]
            for fmt in fmts:
                full = FORMATS[fmt] + argv
                # Counted without valgrind, which makes the same calls.
                rc, out, err, counts = self.run(full, {}, 20, watch, False)
                label = "%s %s" % (name, fmt)
                if not counts:
                    return 77
                if rc not in (0, 1) or (rc == 1 and not diff):
                    # The source itself can't be read here (no ptrace, no
                    # connector): nothing to walk.
                    print("# %s: not walked, status %s: %s" % (
                        label, rc, err.decode(errors="replace").strip()))
                    continue
                clean = out if det else None
                for case, env in self.cases_of(name, full, fmt, counts,
                                               self.args.quick):
                    todo.append((case, full, env, fmt, diff, watch, clean,
                                 out + err, out))
        if self.args.limit and len(todo) > self.args.limit:
            if self.args.seed is not None:
                # A sample drawn by the seed, in the walk's order.
                rng = random.Random(self.args.seed)
                keep = sorted(rng.sample(range(len(todo)), self.args.limit))
                todo = [todo[i] for i in keep]
            else:
                # An even sample of them all.
                step = len(todo) / self.args.limit
                todo = [todo[int(i * step)] for i in range(self.args.limit)]

        def one(t):
            case, full, env, fmt, diff, watch, clean, first, first_out = t
            r = self.run(full, env, timeout, watch)
            self.judge(case, fmt, diff, *r, env["AUXV_FAULT_ERRNO"], clean,
                       first, first_out)

        with concurrent.futures.ThreadPoolExecutor(self.args.jobs) as ex:
            for _ in ex.map(one, todo):
                pass
        self.cases = len(todo)
        return 0

    def close(self):
        for p in self.procs:
            p.kill()
            p.wait()
        shutil.rmtree(self.tmp, ignore_errors=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true",
                    help="the first errno of each call only")
    ap.add_argument("--valgrind", action="store_true")
    ap.add_argument("--max-n", type=int, default=40)
    ap.add_argument("--source", help="comma-separated: self,pid,...")
    ap.add_argument("--format", help="comma-separated: human,json,...")
    ap.add_argument("--limit", type=int, default=0,
                    help="an even sample of this many fault cases")
    ap.add_argument("--seed", type=int,
                    help="with --limit: a random sample drawn by this seed")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                    help="cases run at once")
    args = ap.parse_args()
    w = Walk(args)
    try:
        w.setup()
        rc = w.walk()
    finally:
        w.close()
    if rc == 77:
        print("LD_PRELOAD has no effect on %s (linked static?)" % w.auxv)
        return 77
    print("# %d fault cases, %d failed" % (w.cases, len(w.failures)))
    return 1 if w.failures else 0


if __name__ == "__main__":
    sys.exit(main())
