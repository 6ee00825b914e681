# --check's procauxv rule: /proc/self/auxv by path, by openat and by
# PR_GET_AUXV against the vector the process was given, natively, under a
# userland exec, in a PID namespace and under qemu-user.

load ../common
load check
load hooks

# proot (FINDINGS.md) leaves /proc/self/auxv its loader's vector: uexec's
# keepauxv does as much.
@test "uexec: /proc/self/auxv left the loader's (keepauxv): procauxv fails alone, naming where it differs" {
	need jq
	uexec_ready
	run -1 --separate-stderr "$UEXEC" keepauxv "$st" --check --json
	[ "$(fails "$output")" = procauxv ]
	# The first entry that differs: AT_PHDR (3), uexec's own headers'
	# address in the kernel's copy (/proc/PID/auxv of a uexec).
	# Every other way reads the same saved vector: each differs too.
	[[ "$(evidence "$output" procauxv)" =~ ^/proc/self/auxv\ differs\ from\ the\ vector\ in\ memory\ from\ entry\ [0-9]+\ \(type\ 3\)(\;\ |$) ]]
	# What the loader could have done, and did not.
	[[ "$(evidence "$output" procauxv)" == *"; a loader makes it the vector it gives with prctl(PR_SET_MM, PR_SET_MM_MAP), no capability needed" ]]
}

@test "uexec: where it may set /proc/self/auxv (PR_SET_MM_MAP), every way of opening it holds the vector" {
	need jq
	uexec_ready
	need setauxv
	run -0 --separate-stderr "$UEXEC" none "$st" --check --json
	[[ "$(evidence "$output" procauxv)" == '/proc/self/auxv, /proc/PID/auxv, /proc/thread-self/auxv, openat(/proc, "self/auxv"), openat(openat(/proc, "self"), "auxv") '*'hold the vector in memory'* ]]
}

# PR_SET_MM_MAP needs no capability (kernel/sys.c prctl_set_mm returns
# into prctl_set_mm_map before its CAP_SYS_RESOURCE check): uexec run as
# nobody makes /proc/self/auxv, and /proc/PID/stat's memory fields, the
# program's.  The oracle: python reads the kernel's copy of the vector
# of a static witness uexec started (/proc/PID/auxv, its AT_EXECFN
# string through /proc/PID/mem), which names the witness, not uexec;
# and stat's startcode and startstack are the witness's.
# bats test_tags=slow
@test "as nobody, uexec: PR_SET_MM_MAP, no capability needed, makes /proc/self/auxv the vector it gives: procauxv holds" {
	need jq
	need setpriv
	uexec_ready
	[ -x "${WITNESS_STATIC:-}" ] || skip "no static witness built"
	local u w d f
	u=$(nobody_copy "$UEXEC") && st=$(nobody_copy "$st") &&
	    w=$(nobody_copy "$WITNESS_STATIC") && d=$(nobody_case_dir)
	run -0 --separate-stderr "${NOBODY[@]}" "$u" none "$st" --check --json
	[ "$(fails "$output")" = "" ]
	[[ "$(verdict "$output" procauxv)" == "ok: /proc/self/auxv, /proc/PID/auxv, "* ]]
	f=$d/witness
	install -m 666 /dev/null "$f"
	start_bg "${NOBODY[@]}" "$u" none "$w" "$f" 5000
	for _ in $(seq 100); do
		[ -s "$f" ] && break
		sleep 0.05
	done
	read -r _ _ execfn <"$f"
	[ "$execfn" = "$w" ]
	run -0 python3 - "$BG_PID" <<'EOF2'
import struct, sys
from oracle import pairs_of
pid = sys.argv[1]
v = dict(pairs_of("/proc/%s/auxv" % pid, struct.calcsize("P"), "="))
s = b""
with open("/proc/%s/mem" % pid, "rb", buffering=0) as m:
    m.seek(v[31])
    while not s.endswith(b"\0"):
        s += m.read(1)
print(s[:-1].decode())
stat = open("/proc/%s/stat" % pid).read().rsplit(")", 1)[1].split()
print(int(stat[23]), v[9])
EOF2
	[ "${lines[0]}" = "$w" ]
	# startcode: the witness's text, at or below its entry.
	read -r code entry <<<"${lines[1]}"
	[ "$(printf '0x%x' "$entry")" = "$(readelf_h "$w" "Entry point address")" ]
	[ "$code" -le "$entry" ]
	[ "$code" -ge $((0x400000)) ]
}

# procauxv_want REC PID: the evidence procauxv gives for what auxvrec.so
# (preloaded into the same auxv process, PID) read each way: a file way
# holds where it is the vector in memory then zeros, PR_GET_AUXV where it
# starts with it; errno 22 of PR_GET_AUXV is no data; a FAIL says what a
# loader can do.
procauxv_want() {
	python3 - "$1" "$2" <<'EOF2'
import struct, sys
rec = {}
for line in open(sys.argv[1]):
    w = line.split()
    rec[w[0]] = w[1:]
ws = int(rec["word"][0])
mem = bytes.fromhex(rec["mem"][0])
types = struct.unpack(("<" if rec["word"][1] == "little" else ">")
                      + ("QQ" if ws == 8 else "II") * (len(mem) // (2 * ws)),
                      mem)[0::2]
ways = [("auxv", "/proc/self/auxv"), ("auxv_pid", "/proc/%s/auxv" % sys.argv[2]),
        ("auxv_thread", "/proc/thread-self/auxv"),
        ("auxv_at", 'openat(/proc, "self/auxv")'),
        ("auxv_parts", 'openat(openat(/proc, "self"), "auxv")'),
        ("prctl", "PR_GET_AUXV")]
out, noprctl = [], False
for key, name in ways:
    if key == "prctl" and rec.get("prctl_errno") == ["22"]:
        noprctl = True
        continue
    got = bytes.fromhex(rec[key][0] if rec.get(key) else "")
    k = 0
    while k < len(got) and k < len(mem) and got[k] == mem[k]:
        k += 1
    if k == len(mem) and (key == "prctl" or not got[k:].strip(b"\0")):
        continue
    s = "%s differs from %s" % (name, "it" if out else "the vector in memory")
    if k < len(mem) - 2 * ws:
        s += " from entry %d (type %d)" % (k // (2 * ws), types[k // (2 * ws)])
    out.append(s)
if out:
    out.append("a loader makes it the vector it gives with "
               "prctl(PR_SET_MM, PR_SET_MM_MAP), no capability needed")
ev = "; ".join(out) if out else (
    '/proc/self/auxv, /proc/PID/auxv, /proc/thread-self/auxv, '
    'openat(/proc, "self/auxv"), openat(openat(/proc, "self"), "auxv")'
    + ("" if noprctl else " and PR_GET_AUXV") + " hold the vector in memory")
if noprctl:
    ev += ("; no data for PR_GET_AUXV (EINVAL: a kernel before 6.4, "
           "or an emulator that does not serve it)")
print(("FAIL: " if out else "ok: ") + ev)
EOF2
}

# procauxv_run [EMULATOR...]: auxv --check --json run (under EMULATOR)
# with auxvrec.so preloaded, its record in $BATS_TEST_TMPDIR/rec; skips
# where the preload does not reach auxv (a static or sanitized build).
procauxv_run() {
	local rec=$BATS_TEST_TMPDIR/rec
	unsanitized "LD_PRELOAD of auxvrec.so"
	[ -n "${AUXVREC_SO:-}" ] || skip "no auxvrec.so built"
	rm -f "$rec"
	if [ $# -gt 0 ]; then
		run --separate-stderr "$@" -E "LD_PRELOAD=$AUXVREC_SO" \
		    -E "AUXVREC=$rec" "$AUXV" --check --json
	else
		run --separate-stderr env LD_PRELOAD="$AUXVREC_SO" \
		    AUXVREC="$rec" "$AUXV" --check --json
	fi
	[ -s "$rec" ] || skip "LD_PRELOAD does not reach $AUXV (linked static?)"
}

# Natively every way reads mm->saved_auxv, the kernel's copy of the
# vector it gave: all agree.  The oracle: what auxvrec.so, preloaded
# into the same process, read each way, and the kernel's answer to
# PR_GET_AUXV there (EINVAL before 6.4).
@test "procauxv: /proc/self/auxv by path, by openat of each component, and PR_GET_AUXV hold the vector natively" {
	need jq
	procauxv_run
	[ "$status" -le 1 ]
	want=$(procauxv_want "$BATS_TEST_TMPDIR/rec" "$(jq .pid <<<"$output")")
	echo "auxvrec: $want"
	[[ "$want" == ok:* ]]
	[ "$(verdict "$output" procauxv)" = "$want" ]
}

# In a PID namespace that did not mount a /proc of its own (unshare
# --pid --fork), getpid() is 1, and /proc/1 the host's init: the way
# through our PID reads the number /proc/self names, ours.  The oracle:
# python in such a namespace has PID 1, and /proc/self names another.
@test "procauxv in a PID namespace without its own /proc: /proc/PID/auxv is the process /proc/self names" {
	need jq
	native_only "qemu serves the guest's vector by its own PID's path alone"
	need pidns_bare
	run -0 unshare --pid --fork python3 -c \
	    'import os; print(os.getpid(), os.readlink("/proc/self") != "1")'
	[ "$output" = "1 True" ]
	run -0 --separate-stderr unshare --pid --fork "$AUXV" --check --json
	[ "$(jq .pid <<<"$output")" = 1 ]
	[ "$(fails "$output")" = "" ]
	[[ "$(verdict "$output" procauxv)" == 'ok: /proc/self/auxv, /proc/PID/auxv, /proc/thread-self/auxv, '*' hold the vector in memory'* ]]
}

# qemu-user serves the guest's vector for some ways of reading it and
# not for others (the host's file, qemu's own): which, is what the
# installed qemu does, read in the same process by auxvrec.so (qemu 7.2
# of Debian 12: /proc/self/auxv and /proc/PID/auxv by path are the
# guest's; thread-self, openat and openat by component the host's;
# PR_GET_AUXV EINVAL).  The verdict is computed from that record.
# bats test_tags=slow
@test "qemu-user: procauxv names each way that is not the guest's vector, as the installed qemu serves them" {
	need jq
	command -v qemu-x86_64 >/dev/null || skip "no qemu-x86_64 (qemu-user)"
	unsanitized qemu-user
	qemu-x86_64 "$AUXV" --version >/dev/null 2>&1 ||
	    skip "qemu-x86_64 cannot run $AUXV here"
	procauxv_run qemu-x86_64
	[ "$status" -le 1 ]
	want=$(procauxv_want "$BATS_TEST_TMPDIR/rec" "$(jq .pid <<<"$output")")
	echo "auxvrec under qemu-x86_64: $want"
	[ "$(verdict "$output" procauxv)" = "$want" ]
	# Where qemu serves a way but not another, the rule fails naming it.
	if [[ "$want" == FAIL:* ]]; then
		[ "$status" -eq 1 ]
		[[ " $(fails "$output") " == *" procauxv "* ]]
	fi
}
