#!/usr/bin/env bats
# Processes: errors, permissions, --all.

load common

# The cases run as nobody run copies in $NOBODY_DIR (common.bash).
setup_file() {
	nobody_setup
}

teardown_file() {
	nobody_teardown
}

teardown() {
	stop_bg
	[ -z "${EXTRA_PIDS:-}" ] || kill $EXTRA_PIDS 2>/dev/null || true
}

# nobody_refused PID: the oracle that the user nobody may not read
# /proc/PID/auxv (python's open, PermissionError), as a status.
nobody_refused() {
	"${NOBODY[@]}" python3 -c 'import sys
try:
    open("/proc/%s/auxv" % sys.argv[1], "rb").read()
except PermissionError:
    sys.exit(0)
sys.exit(1)' "$1"
}

@test "no such process: message and status 1" {
	run -1 --separate-stderr "$AUXV" 999999999
	[ "$stderr" = "auxv: 999999999: no such process" ]
	[ -z "$output" ]
}

@test "kernel thread: message and status 1" {
	kt=$(awk '{ if (int($9 / 2097152) % 2 == 1) { print $1; exit } }' /proc/[0-9]*/stat 2>/dev/null)
	[ -n "$kt" ] || skip "no kernel thread visible"
	run -1 --separate-stderr "$AUXV" "$kt"
	[ "$stderr" = "auxv: $kt: kernel thread: no auxiliary vector" ]
}

@test "another user's process: permission denied, names CAP_SYS_PTRACE" {
	need setpriv
	start_bg sleep 1000
	run -1 --separate-stderr "${NOBODY[@]}" "$NOBODY_AUXV" "$BG_PID"
	[ "$stderr" = "auxv: $BG_PID: permission denied (another user's process needs CAP_SYS_PTRACE)" ]
}

# Under fakeroot, whose preload says root to getuid(), auxv is still
# nobody, as the kernel has it (python under the same fakeroot: getuid()
# 0, its status 65534), and root's process another user's.
@test "another user's process, read under fakeroot as nobody: another user's, not ours" {
	need fakeroot
	! ldd "$AUXV" 2>/dev/null | grep -q libasan ||
	    skip "a sanitized build does not run under fakeroot's preload"
	start_bg sleep 1000
	run -0 "${NOBODY[@]}" fakeroot python3 -c 'import os
print(os.getuid(), open("/proc/self/status").read().split("\nUid:")[1].split()[0])'
	[ "$output" = "0 65534" ]
	nobody_refused "$BG_PID"
	run -1 --separate-stderr "${NOBODY[@]}" fakeroot "$NOBODY_AUXV" "$BG_PID"
	[ "$stderr" = "auxv: $BG_PID: permission denied (another user's process needs CAP_SYS_PTRACE)" ]
}

# bats test_tags=full
@test "own process as an unprivileged user: read, strings dereferenced" {
	need setpriv
	"${NOBODY[@]}" sleep 1000 &
	pid=$!
	await_exec sleep "$pid"
	run -0 "${NOBODY[@]}" "$NOBODY_AUXV" --json "$pid"
	kill "$pid"
	echo "$output" | jq -e '.entries[] | select(.name == "AT_UID") | .value == 65534'
	echo "$output" | jq -e '.entries[] | select(.name == "AT_PLATFORM") | .string != null'
}

@test "an exited, unreaped process: message and status 1" {
	# A child that has exited but whose parent has not reaped it: made by
	# python, which does not reap (bash reaped a child that ended before
	# its exec, and the test was skipped).
	local zombie
	python3 -c 'import os
if os.fork() == 0:
    os._exit(0)
os.execvp("sleep", ["sleep", "1000"])' 3>&- &
	EXTRA_PIDS=$!
	for _ in $(seq 100); do
		zombie=$(awk -v p="$EXTRA_PIDS" '$4 == p && $3 == "Z" { print $1 }' /proc/[0-9]*/stat 2>/dev/null | head -1)
		[ -n "$zombie" ] && break
		sleep 0.05
	done
	[ -n "$zombie" ]
	run -1 --separate-stderr "$AUXV" "$zombie"
	[ "$stderr" = "auxv: $zombie: process has exited: no auxiliary vector" ]
}

# bats test_tags=full
@test "several PIDs, one bad: the others still printed, status 1" {
	start_bg sleep 1000
	run -1 --separate-stderr "$AUXV" --json "$BG_PID" 999999999 "$$"
	[ "${#lines[@]}" -eq 3 ]
	echo "${lines[0]}" | jq -e '.entries | length > 5'
	echo "${lines[1]}" | jq -e '.error.message == "no such process"'
	echo "${lines[2]}" | jq -e '.entries | length > 5'
	[ "$stderr" = "auxv: 999999999: no such process" ]
}

@test "not a PID: usage error" {
	local a
	# strtol(3) would take all of these; a PID is digits alone.
	for a in 12abc +1 ' 1' 0 '1 ' 0x1 ' -1'; do
		run -2 --separate-stderr "$AUXV" "$a"
		[[ "$stderr" == *"$a: not a process ID"* ]]
		[ "${stderr#*$'\n'}" = "$TRY_HELP" ]
		run -2 --separate-stderr "$AUXV" -f - --pid "$a" </dev/null
		[[ "$stderr" == *"$a: not a process ID"* ]]
	done
}

@test "--all: ascending PIDs, each object valid, exit 0" {
	start_bg sleep 1000
	run -0 --separate-stderr "$AUXV" --all --json
	# Errors are objects here: no summary line.
	[ -z "$stderr" ]
	echo "$output" | python3 -c '
import json, sys
pids = []
for line in sys.stdin:
    d = json.loads(line)
    assert "entries" in d or "error" in d, d
    pids.append(d["pid"])
assert pids == sorted(pids) and len(pids) == len(set(pids)), pids
assert int(sys.argv[1]) in pids
' "$BG_PID"
	# Kernel threads are passed over without a word.
	kt=$(awk '{ if (int($9 / 2097152) % 2 == 1) { print $1; exit } }' /proc/[0-9]*/stat 2>/dev/null)
	if [ -n "$kt" ]; then
		! echo "$output" | jq -e --argjson k "$kt" 'select(.pid == $k)' >/dev/null
	fi
}

@test "--all human: a header per process, PIDs ascending" {
	run -0 --separate-stderr "$AUXV" -a
	# The summary counts what JSON shows as permission errors (for root,
	# a stable set: processes of another user namespace), and is absent
	# when there are none.
	if [ "$(id -u)" -eq 0 ]; then
		n=$("$AUXV" -a --json | jq -s 'map(select(.error.errno == 13)) | length')
		if [ "$n" -eq 0 ]; then
			[ -z "$stderr" ]
		elif [ "$n" -eq 1 ]; then
			[ "$stderr" = "auxv: 1 process not readable: permission denied" ]
		else
			[ "$stderr" = "auxv: $n processes not readable: permission denied" ]
		fi
	fi
	echo "$output" | grep '^==> ' | sed 's/==> \(.*\) <==/\1/' >"$BATS_TEST_TMPDIR/p"
	[ "$(wc -l <"$BATS_TEST_TMPDIR/p")" -gt 1 ]
	sort -n "$BATS_TEST_TMPDIR/p" | cmp - "$BATS_TEST_TMPDIR/p"
}

@test "--all unprivileged: one summary line, exit 0, JSON has error objects" {
	need setpriv
	start_bg sleep 1000
	run -0 --separate-stderr "${NOBODY[@]}" "$NOBODY_AUXV" -a
	[[ "$stderr" =~ ^auxv:\ [0-9]+\ process(es)?\ not\ readable:\ permission\ denied$ ]]
	run -0 --separate-stderr "${NOBODY[@]}" "$NOBODY_AUXV" -a --json
	echo "$output" | jq -s -e 'map(select(.error.message != null and (.error.message | test("permission denied")))) | length > 0'
}

@test "--all with a PID is a usage error" {
	run -2 "$AUXV" -a 1
}

# What the vectors in auxv --json lines on stdin point to, against python3
# reading /proc/PID/auxv and /proc/PID/mem: the (type, value) pairs, every
# string and the random bytes.  Checks the PIDs given (all when none) and
# prints how many it checked.
check_mem() {
	python3 -c '
import json, sys
from oracle import pairs
STR = {15: "AT_PLATFORM", 24: "AT_BASE_PLATFORM", 31: "AT_EXECFN"}
only = set(int(p) for p in sys.argv[1:])
n = 0
for line in sys.stdin:
    d = json.loads(line)
    pid = d["pid"]
    if only and pid not in only:
        continue
    raw = open("/proc/%d/auxv" % pid, "rb").read()
    mem = open("/proc/%d/mem" % pid, "rb", buffering=0)
    want = {}
    got_pairs = pairs(raw, 8, "=")
    for t, v in got_pairs:
        if t in STR:
            mem.seek(v)
            s = mem.read(4096)
            want[t] = s[:s.index(b"\0")].decode("utf-8", "surrogateescape")
        elif t == 25:
            mem.seek(v)
            want[t] = mem.read(16).hex()
    assert [(e["type"], e["value"]) for e in d["entries"]] == got_pairs, pid
    got = {}
    for e in d["entries"]:
        if e["type"] in STR:
            got[e["type"]] = e["string"]
        elif e["type"] == 25:
            got[25] = e["bytes"]
    assert got == want, (pid, got, want)
    assert 31 in got and 25 in got, got
    n += 1
print(n)
' "$@"
}

# bats test_tags=slow
@test "strings and random bytes of processes equal /proc/PID/mem" {
	# An AT_EXECFN of 1,500 bytes starts several blocks below the top of
	# the stack; a large environment puts the random bytes and platform
	# string far below it.
	dir=$BATS_TEST_TMPDIR
	for i in 1 2 3 4 5 6; do
		dir=$dir/$(printf 'd%.0s' $(seq 240))
	done
	mkdir -p "$dir"
	cp "$(command -v sleep)" "$dir/sleep"
	"$dir/sleep" 1000 &
	long=$!
	big=$(head -c 60000 /dev/zero | tr '\0' x)
	env BIG="$big" sleep 1000 &
	bigenv=$!
	EXTRA_PIDS="$long $bigenv"
	start_bg sleep 1000
	await_exec "$dir/sleep" "$long"
	await_exec sleep "$bigenv"
	"$AUXV" --json "$long" "$bigenv" "$BG_PID" >"$BATS_TEST_TMPDIR/three"
	run -0 check_mem <"$BATS_TEST_TMPDIR/three"
	[ "$output" = 3 ]
	run -0 "$AUXV" --json "$long"
	echo "$output" | jq -e --arg p "$dir/sleep" '.entries[] | select(.name == "AT_EXECFN") | .string == $p'
}

# bats test_tags=full
@test "--all over 200 processes: each one's vector, strings and bytes, in order" {
	# Enough processes for -a to read them on several threads (128).
	spawn_many 200 sleep 1000
	await_exec sleep $(cat "$BATS_TEST_TMPDIR/spawned.200")
	"$AUXV" --all --json >"$BATS_TEST_TMPDIR/all"
	run -0 check_mem $EXTRA_PIDS <"$BATS_TEST_TMPDIR/all"
	[ "$output" = 200 ]
	jq -s -e 'map(.pid) | . == sort and . == unique' "$BATS_TEST_TMPDIR/all"
	# The human form: a header for each of them.
	run -0 "$AUXV" --all
	[ "$(echo "$output" | grep -c '^==> ')" -ge 200 ]
	missing=$(comm -23 <(printf '%s\n' $EXTRA_PIDS | sort) \
	    <(sed -n 's/^==> \([0-9]*\) (sleep) <==$/\1/p' <<<"$output" | sort))
	[ -z "$missing" ]
}

# start_named N: starts N processes of one name (a copy of sleep), a name
# no other test or run uses at the same time: $NAMED.
start_named() {
	NAMED=t${BATS_TEST_NUMBER}_$$_$1
	cp "$(command -v sleep)" "$BATS_TEST_TMPDIR/$NAMED"
	spawn_many "$1" "$BATS_TEST_TMPDIR/$NAMED" 1000
	await_exec "$BATS_TEST_TMPDIR/$NAMED" $(cat "$BATS_TEST_TMPDIR/spawned.$1")
}

# threads_for N [ONLINE]: leaves in $THREADS how many threads auxv -C
# $NAMED creates for the N processes start_named started, as strace sees
# them created.  With ONLINE, the list of CPUs online (as
# /sys/devices/system/cpu/online has it) is that, for auxv.
threads_for() {
	local n=$1 wrap=()
	if [ -n "${2:-}" ]; then
		echo "$2" >"$BATS_TEST_TMPDIR/online"
		wrap=(unshare -m sh -c 'mount --bind "$0" \
		    /sys/devices/system/cpu/online && exec "$@"' \
		    "$BATS_TEST_TMPDIR/online")
	fi
	# LeakSanitizer (an ASan build) can't work under ptrace.
	"${wrap[@]}" strace -f -qq -o "$BATS_TEST_TMPDIR/st" \
	    -e trace=clone,clone3 env ASAN_OPTIONS=detect_leaks=0 \
	    "$AUXV" -C "$NAMED" -k PAGESZ >"$BATS_TEST_TMPDIR/out"
	[ "$(grep -c '^==> ' "$BATS_TEST_TMPDIR/out")" -eq "$n" ]
	THREADS=$(grep -c 'clone3\?(' "$BATS_TEST_TMPDIR/st" || true)
}

# bats test_tags=full
@test "-a, -C: one more thread per CPU online but ours, at most three, from 128 processes" {
	need strace
	local cpus want
	cpus=$(getconf _NPROCESSORS_ONLN)
	want=$((cpus - 1 < 3 ? cpus - 1 : 3))
	start_named 127
	threads_for 127
	[ "$THREADS" -eq 0 ]
	start_named 128
	threads_for 128
	[ "$THREADS" -eq "$want" ]
}

probe_cpus_online() {
	echo 0-2 >"$BATS_RUN_TMPDIR/online"
	[ "$(unshare -m sh -c 'mount --bind "$0" \
	    /sys/devices/system/cpu/online && getconf _NPROCESSORS_ONLN' \
	    "$BATS_RUN_TMPDIR/online")" = 3 ] ||
	    echo "cannot show libc another CPU count (bind mount over /sys/devices/system/cpu/online)"
}

# bats test_tags=full
@test "-a, -C: reader threads for 1 to 9 CPUs online, as libc counts them" {
	need strace
	need cpus_online
	local online cpus
	start_named 128
	for online in 0 0-1 0-2 0,2-3 0-8; do
		echo "$online" >"$BATS_TEST_TMPDIR/online"
		cpus=$(unshare -m sh -c 'mount --bind "$0" \
		    /sys/devices/system/cpu/online && getconf _NPROCESSORS_ONLN' \
		    "$BATS_TEST_TMPDIR/online")
		threads_for 128 "$online"
		echo "online $online: $cpus CPUs, $THREADS threads"
		[ "$THREADS" -eq $((cpus - 1 < 3 ? cpus - 1 : 3)) ]
	done
}

# nobody_copies NAME: a new folder (its path printed) that another user
# may run from, holding NAME, a copy of sleep(1), and auxv (the build
# may lie in a folder only root enters).
nobody_copies() {
	local d
	d=$(nobody_case_dir) &&
	    cp "$(command -v sleep)" "$d/$1" && cp "$AUXV" "$d/auxv" &&
	    echo "$d"
}

# Where no reader thread can be had, -C reads every process on the
# calling thread alone: the same processes, each one's vector.  strace
# sees the threads refused, or none asked for.
# bats test_tags=slow
@test "-C over 128 processes: no thread to be had (RLIMIT_NPROC) or no memory for the ring: read on one thread" {
	need setpriv
	need strace
	local d n=tnp$$ want
	# Nobody's processes, which nobody may read.
	d=$(nobody_copies "$n")
	install -m 666 /dev/null "$d/st"
	spawn_many 128 "${NOBODY[@]}" "$d/$n" 1000
	for _ in $(seq 100); do
		[ "$(pgrep -cx "$n")" -eq 128 ] && break
		sleep 0.05
	done
	want=$(pgrep -x "$n" | sort -n | tr '\n' ' ')
	[ "$(wc -w <<<"$want")" -eq 128 ]
	# Nobody with a limit of one process, which it already exceeds: the
	# first thread is refused (EAGAIN), and no other is tried.
	"${NOBODY[@]}" strace -f -qq -o "$d/st" -e trace=clone,clone3 \
	    env ASAN_OPTIONS=detect_leaks=0 bash -c 'ulimit -u 1 &&
	    exec "$0" -C "$1" --json' "$d/auxv" "$n" >"$d/out"
	[ "$(grep -c '= -1 EAGAIN' "$d/st")" -eq 1 ]
	! grep -q ') = [0-9]' "$d/st"
	[ "$(jq -r .pid "$d/out" | tr '\n' ' ')" = "$want" ]
	run -0 check_mem $EXTRA_PIDS <"$d/out"
	[ "$output" = 128 ]
	# The ring of several chunks not allocated (the first calloc): one
	# chunk, and no thread.
	[ -e "${FAULTINJ:-}" ] || skip "no fault injection library built"
	LD_PRELOAD=$FAULTINJ AUXV_FAULT_CALL=calloc AUXV_FAULT_N=1 \
	    AUXV_FAULT_ERRNO=ENOMEM \
	    ASAN_OPTIONS=verify_asan_link_order=0:detect_leaks=0 \
	    strace -f -qq -o "$d/st" -e trace=clone,clone3 \
	    "$d/auxv" -C "$n" --json >"$d/out"
	[ ! -s "$d/st" ]
	[ "$(jq -r .pid "$d/out" | tr '\n' ' ')" = "$want" ]
	run -0 check_mem $EXTRA_PIDS <"$d/out"
	[ "$output" = 128 ]
	rm -r "$d"
}

# --- The right process's vector, or a reason (each once misbehaved) ----

@test "a failed first source leaves no blank line before the next block" {
	start_bg sleep 1000
	# (bats' $lines leaves out empty lines: the first line of $output.)
	run -1 --separate-stderr "$AUXV" 999999999 "$BG_PID"
	[ "${output%%$'\n'*}" = "==> $BG_PID (sleep) <==" ]
	run -1 --separate-stderr "$AUXV" --od 999999999 "$BG_PID"
	[ "${output%%$'\n'*}" = "==> $BG_PID (sleep) <==" ]
	# Between two blocks there is one.
	run -1 --separate-stderr "$AUXV" "$BG_PID" 999999999 "$BG_PID"
	[ "$(grep -c '^$' <<<"$output")" -eq 1 ]
}

# bats test_tags=full
@test "/proc of another PID namespace: refused, never another's vector" {
	need pidns
	# Inside, auxv is PID 1 and its child 2: in the /proc it sees,
	# those numbers are other processes.
	run -1 --separate-stderr unshare -fp "$AUXV" -e /bin/true
	[ -z "$output" ]
	[[ "$stderr" == "auxv: /bin/true: /proc is another PID namespace's"* ]]
	run -1 --separate-stderr unshare -fp "$AUXV" --json 1
	jq -e '.error.message | startswith("/proc is another PID namespace")' <<<"$output"
	run -1 --separate-stderr unshare -fp "$AUXV" -a
	[ -z "$output" ]
	[[ "$stderr" == "auxv: -a: /proc is another PID namespace's"* ]]
	# With a /proc of its own, the command's vector.
	run -0 --separate-stderr unshare -fp --mount-proc \
	    "$AUXV" -k EXECFN --value -e /bin/true
	[ "$output" = /bin/true ]
}

@test "/proc not mounted: said, for a PID, -a, -C, -w and -e" {
	need mountns
	local a
	for a in 1 -a "-C sleep" -w "-e /bin/true"; do
		# shellcheck disable=SC2086
		# (Bounded: a -w that went on would watch for ever.)
		run -1 --separate-stderr unshare -m sh -c \
		    'umount -l /proc && exec timeout 10 "$@"' _ "$AUXV" $a
		[ -z "$output" ]
		# (A sanitizer build adds its own lines: it needs /proc too.)
		grep -q ": /proc is not mounted$" <<<"$stderr"
	done
}

# --- A /proc that procfs did not write (fakeproc: common.bash) -------

# bats test_tags=full
@test "-a reads the names of /proc that are PIDs, all of them past the first 1,024" {
	need mountns
	need strace
	local f=$BATS_TEST_TMPDIR/proc self i
	start_bg sleep 1000
	mkdir -p "$f"
	ln -s ".real/$BG_PID" "$f/$BG_PID"
	# Not PIDs: digits and more, too large for a PID (as an int, the
	# last is 1), and 1,100 PIDs that no process has: that vanished
	# (links to nothing, which go faster than folders).
	mkdir "$f/12abc" "$f/99999999999" "$f/2147483648" "$f/4294967297"
	python3 -c '
import os, sys
for i in range(5000000, 5001100):
    os.symlink("gone", os.path.join(sys.argv[1], str(i)))' "$f"
	FAKEPROC_WRAP=(strace -f -qq -o "$BATS_TEST_TMPDIR/st" -e trace=openat
	    env ASAN_OPTIONS=detect_leaks=0)
	fakeproc "$f" "$AUXV" -a --json >"$BATS_TEST_TMPDIR/out"
	self=$(cat "$f/.pid")
	# The others vanished: without a word.
	want=$(printf '%s\n' "$BG_PID" "$self" | sort -n | tr '\n' ' ')
	[ "$(jq -r .pid "$BATS_TEST_TMPDIR/out" | tr '\n' ' ')" = "$want" ]
	jq -e -s --arg b "$BG_PID" '.[] | select(.pid == ($b | tonumber)) |
	    .comm == "sleep" and (.entries | length > 5)' "$BATS_TEST_TMPDIR/out"
	# Each PID's vector asked for once, the names that are not PIDs never.
	sed -n 's|.*"/proc/\([^/"]*\)/auxv".*|\1|p' "$BATS_TEST_TMPDIR/st" |
	    sort >"$BATS_TEST_TMPDIR/read"
	{ printf '%s\n' "$BG_PID" "$self"; seq 5000000 5001099; } | sort |
	    cmp - "$BATS_TEST_TMPDIR/read"
}

# bats test_tags=slow
@test "files of /proc unlike procfs's: a reason for each process, never a crash" {
	need mountns
	need setpriv
	local f=$BATS_TEST_TMPDIR/proc
	mkdir -p "$f/.bin"
	cp "$AUXV" "$f/.bin/auxv"
	chmod 755 "$f/.bin"
	# Refused (auxv unreadable): a stat without the parentheses that
	# close the name, a status without a Uid line, a name without its
	# newline; a stat of too few fields for its flags, a Uid line of two
	# IDs, not four: not a kernel thread, another user's.
	fakepid "$f" 5000001 auxv= stat='5000001 garbage\n' \
	    status='Name:\tx\nState:\tS\n' comm=noline
	fakepid "$f" 5000002 auxv= stat='5000002 (a) b) S 1 1\n' \
	    status='Name:\tx\nUid:\t65534\t65534\n' comm='two\n'
	# Nobody's, with no process to tell its capabilities (capget fails:
	# no PID is above 4,194,304): not dumpable, the one reason left.
	fakepid "$f" 5000003 auxv= stat='5000003 (x) S 1 1 1 0 -1 4194560\n' \
	    status='Name:\tx\nUid:\t65534\t65534\t65534\t65534\n' \
	    comm='three\n'
	chmod 000 "$f"/500000[123]/auxv
	# An empty vector, and no thread with one: not PIDs (-1, 0, abc),
	# the process's own, one of an empty vector.
	fakepid "$f" 5000004 auxv= stat='5000004 (x) S 1 1 1 0 -1 4194560\n' \
	    comm='four\n' task/-1/auxv= task/0/auxv= task/abc/auxv= \
	    task/5000004/auxv= task/5000005/auxv=
	chmod 755 "$f"/5000004/task/*
	# An empty vector, and a thread's of half a word: truncated.
	fakepid "$f" 5000006 auxv= stat='5000006 (x) S 1 1 1 0 -1 4194560\n' \
	    comm='six\n' task/5000007/auxv:='raw -N -C 4 6=0'
	chmod 755 "$f"/5000006/task/*
	run -1 --separate-stderr fakeproc "$f" "${NOBODY[@]}" /proc/.bin/auxv \
	    --json 5000001 5000002 5000003 5000004 5000006
	python3 - "$output" <<'PY2'
import json, sys
perm = "permission denied (another user's process needs CAP_SYS_PTRACE)"
want = [
    (5000001, "noline", perm),
    (5000002, "two", perm),
    (5000003, "three", "permission denied (not dumpable: needs CAP_SYS_PTRACE)"),
    (5000004, "four", "process has exited: no auxiliary vector"),
    (5000006, "six", "truncated at offset 0"),
]
got = [json.loads(l) for l in sys.argv[1].splitlines()]
assert [(d["pid"], d["comm"], d["error"]["message"]) for d in got] == want, got
PY2
	[ "${stderr_lines[0]}" = "auxv: 5000001: permission denied (another user's process needs CAP_SYS_PTRACE)" ]
	[ "${stderr_lines[2]}" = "auxv: 5000003: permission denied (not dumpable: needs CAP_SYS_PTRACE)" ]
	[ "${stderr_lines[3]}" = "auxv: 5000004: process has exited: no auxiliary vector" ]
	[ "${stderr_lines[4]}" = "auxv: 5000006: truncated at offset 0" ]
	[ "${#stderr_lines[@]}" -eq 5 ]
	# A kernel thread's stat of more bytes than auxv reads of it (its
	# flags, PF_KTHREAD 0x200000, among the first fields): still told.
	fakepid "$f" 5000008 auxv= comm='kt\n' \
	    stat="5000008 (kt) S 2 0 0 0 -1 2129984$(printf ' %020d' $(seq 60))\n"
	[ "$(stat -c %s "$f/5000008/stat")" -gt 1024 ]
	run -1 --separate-stderr fakeproc "$f" "$AUXV" 5000008
	[ -z "$output" ]
	[ "$stderr" = "auxv: 5000008: kernel thread: no auxiliary vector" ]
	# A name of no bytes (an empty comm) is no name -C is given.
	fakepid "$f" 5000005 comm=
	run -1 --separate-stderr fakeproc "$f" "$AUXV" -C zz9
	[ -z "$output" ]
	[ "$stderr" = "auxv: zz9: no process of that name" ]
	# /proc/self that names our PID and more: not ours.
	run -1 --separate-stderr fakeproc "$f" sh -c '
	    ln -s ".real/$$" "/proc/${$}x" && ln -sfn "${$}x" /proc/self &&
	    exec "$0" -a' "$AUXV"
	[ -z "$output" ]
	[ "$stderr" = "auxv: -a: /proc is another PID namespace's (mount one of this namespace, as unshare --mount-proc does)" ]
}

# The main thread calls pthread_exit while another thread runs: the
# process lives on, its vector under /proc/PID/task/TID.
@test "a process whose main thread has exited: read from a live thread" {
	local d=$BATS_TEST_TMPDIR
	printf '%s\n' '#include <pthread.h>' '#include <unistd.h>' \
	    'static void *run(void *a) { (void)a; pause(); return a; }' \
	    'int main(void) { pthread_t t;' \
	    '	pthread_create(&t, 0, run, 0); pthread_exit(0); }' >"$d/mt.c"
	cc -pthread -o "$d/mt" "$d/mt.c"
	"$d/mt" &
	BG_PID=$!
	local tid=
	for _ in $(seq 100); do
		tid=$(ls "/proc/$BG_PID/task" | grep -vx "$BG_PID" | head -1)
		[ -n "$tid" ] && grep -q '^State:.*Z' "/proc/$BG_PID/status" && break
		sleep 0.05
	done
	[ -n "$tid" ]
	cp "/proc/$BG_PID/task/$tid/auxv" "$d/raw"
	run -0 --separate-stderr "$AUXV" --json "$BG_PID"
	python3 -c '
import json, struct, sys
from oracle import pairs_of
d = json.loads(sys.argv[1])
got = [(e["type"], e["value"]) for e in d["entries"]]
assert d["pid"] == int(sys.argv[3]), d
assert got == pairs_of(sys.argv[2], struct.calcsize("P"), "="), got
ex = [e for e in d["entries"] if e["name"] == "AT_EXECFN"][0]
assert ex["string"] == sys.argv[4], ex' "$output" "$d/raw" "$BG_PID" "$d/mt"
	run -0 --separate-stderr "$AUXV" -a --json
	grep -q "\"pid\":$BG_PID,.*\"entries\":\[{" <<<"$output"
}

# A program that execs itself for ever: between the switch to the new
# memory map and the new vector, /proc/PID/auxv reads as zeros.
# bats test_tags=full
@test "a process in the middle of execve: a vector or 'exec in progress'" {
	local d=$BATS_TEST_TMPDIR
	printf '%s\n' '#include <unistd.h>' \
	    'int main(int c, char **v) { (void)c;' \
	    '	execv("/proc/self/exe", v); return 1; }' >"$d/reexec.c"
	cc -o "$d/reexec" "$d/reexec.c"
	# It spins for the whole test: past the CPU time limit of common.bash.
	(ulimit -S -t unlimited; exec "$d/reexec") &
	EXTRA_PIDS=$!
	python3 - "$AUXV" "$EXTRA_PIDS" <<'PY'
import json, subprocess, sys
auxv, pid = sys.argv[1], sys.argv[2]
for i in range(200):
    r = subprocess.run([auxv, "--json", pid], capture_output=True, text=True)
    if r.returncode == 0:
        assert len(json.loads(r.stdout)["entries"]) > 5, ("empty", r.stdout)
    else:
        assert r.returncode == 1, r
        assert r.stderr == "auxv: %s: exec in progress: no vector yet\n" % pid, r
PY
}

# bats test_tags=full
@test "our own process that is not dumpable: said so, not 'another user's'" {
	need setpriv
	"${NOBODY[@]}" python3 -c '
import ctypes, time
ctypes.CDLL(None).prctl(4, 0, 0, 0, 0)   # PR_SET_DUMPABLE, 0
print("ready", flush=True)
time.sleep(1000)' >"$BATS_TEST_TMPDIR/ready" &
	EXTRA_PIDS=$!
	for _ in $(seq 600); do
		[ ! -s "$BATS_TEST_TMPDIR/ready" ] || break
		sleep 0.05
	done
	run -1 --separate-stderr "${NOBODY[@]}" "$NOBODY_AUXV" "$EXTRA_PIDS"
	[ "$stderr" = "auxv: $EXTRA_PIDS: permission denied (not dumpable: needs CAP_SYS_PTRACE)" ]
}

# Issue 46: a set-ID program our user ran was "another user's process".
# The kernel compares the real, effective and saved IDs with the
# reader's (kernel/ptrace.c), then asks that the process be dumpable,
# which gives its files, /proc/PID/auxv too, to root where it is not
# (fs/proc/base.c, task_dump_owner).  The oracles: /proc/PID/status's
# Uid and Gid lines, the owner of /proc/PID/auxv, and python, as nobody,
# refused the file.
# bats test_tags=slow
@test "our user's set-user-ID, set-group-ID and not dumpable processes: each said as it is" {
	need setpriv
	local d p mode why
	d=$(nobody_case_dir)
	for mode in 4755 2755 0755; do
		cp "$(command -v sleep)" "$d/s$mode"
		chown root:root "$d/s$mode"
		chmod "$mode" "$d/s$mode"
	done
	for mode in 4755 2755 dump; do
		if [ "$mode" = dump ]; then
			"${NOBODY[@]}" python3 -c '
import ctypes, time
ctypes.CDLL(None).prctl(4, 0, 0, 0, 0)   # PR_SET_DUMPABLE, 0
time.sleep(1000)' 3>&- &
		else
			"${NOBODY[@]}" "$d/s$mode" 1000 3>&- &
		fi
		p=$!
		EXTRA_PIDS="${EXTRA_PIDS:-} $p"
		for _ in $(seq 100); do
			[ "$(readlink "/proc/$p/exe")" = "$(readlink -f "$d/s$mode")" ] && break
			[ "$mode" = dump ] && [ "$(stat -c %u "/proc/$p/auxv")" = 0 ] && break
			sleep 0.05
		done
		case $mode in
		4755)
			awk '/^Uid:/ { exit !($2 == 65534 && $3 == 0) }' "/proc/$p/status" ||
			    skip "set-user-ID not granted here (a nosuid mount?)"
			why="a set-user-ID process: needs CAP_SYS_PTRACE" ;;
		2755)
			awk '/^Uid:/ { exit !($2 == 65534 && $3 == 65534 && $4 == 65534) }
			    /^Gid:/ { exit !($2 == 65534 && $3 == 0) }' "/proc/$p/status" ||
			    skip "set-group-ID not granted here (a nosuid mount?)"
			why="a set-group-ID process: needs CAP_SYS_PTRACE" ;;
		dump)
			awk '/^[UG]id:/ { if ($2 != 65534 || $3 != 65534 || $4 != 65534) exit 1 }' \
			    "/proc/$p/status"
			[ "$(stat -c %u "/proc/$p/auxv")" = 0 ]
			why="not dumpable: needs CAP_SYS_PTRACE" ;;
		esac
		nobody_refused "$p"
		run -1 --separate-stderr "${NOBODY[@]}" "$NOBODY_AUXV" "$p"
		[ "$stderr" = "auxv: $p: permission denied ($why)" ]
	done
	# Our own dumpable process is read.
	"${NOBODY[@]}" "$d/s0755" 1000 3>&- &
	EXTRA_PIDS="$EXTRA_PIDS $!"
	await_exec "$d/s0755" "$!"
	run -0 "${NOBODY[@]}" "$NOBODY_AUXV" -k PAGESZ --value "$!"
}

# --- Which program: names in headers and JSON, -C ----------------------

@test "names: comm and exe of each process, as /proc/PID/comm and exe say" {
	start_bg sleep 1000
	run -0 --separate-stderr "$AUXV" --json "$BG_PID" "$$"
	python3 -c '
import json, os, sys
for line in sys.argv[1].splitlines():
    d = json.loads(line)
    pid = d["pid"]
    comm = open("/proc/%d/comm" % pid).read().rstrip("\n")
    assert d["comm"] == comm, (d["comm"], comm)
    assert d["exe"] == os.readlink("/proc/%d/exe" % pid), d["exe"]' "$output"
	run -0 --separate-stderr "$AUXV" "$BG_PID" "$$"
	[ "${lines[0]}" = "==> $BG_PID ($(cat /proc/$BG_PID/comm)) <==" ]
	grep -qx "==> $$ ($(cat /proc/$$/comm)) <==" <<<"$output"
	# Our own: the name the kernel keeps for us (PR_GET_NAME).
	run -0 --separate-stderr "$AUXV" --json
	jq -e --arg e "$(readlink -f "$AUXV")" \
	    '.comm == "auxv" and .exe == $e and .pid > 0' <<<"$output"
	# od's block headers too (issue 54), its lines od's alone.
	run -0 "$AUXV" --od "$BG_PID" "$$"
	[ "${lines[0]}" = "==> $BG_PID ($(cat /proc/$BG_PID/comm)) <==" ]
	grep -qx "==> $$ ($(cat /proc/$$/comm)) <==" <<<"$output"
	[ "$(grep -c '(' <<<"$output")" -eq 2 ]
}

# bats test_tags=full
@test "a hostile process name is escaped in headers and valid in JSON" {
	local d=$BATS_TEST_TMPDIR name
	name=$(printf 'x\033]0;t\a\377')
	cp "$(command -v sleep)" "$d/$name"
	"$d/$name" 1000 &
	EXTRA_PIDS=$!
	await_exec "$d/$name" "$EXTRA_PIDS"
	run -0 --separate-stderr "$AUXV" "$EXTRA_PIDS" "$$"
	[ "${lines[0]}" = "==> $EXTRA_PIDS (x\\033]0;t\\a\\377) <==" ]
	run -0 --separate-stderr "$AUXV" --json "$EXTRA_PIDS"
	python3 -c '
import json, sys
d = json.loads(sys.argv[1].encode("utf-8", "surrogateescape"))
assert d["comm"] == "x\x1b]0;t\x07\uefff", d["comm"]' "$output"
}

probe_hidepid() {
	unshare -m sh -c 'mount -t proc -o hidepid=1 proc /proc' ||
	    { echo "cannot mount a /proc with hidepid=1 (unshare -m)"; return; }
	! unshare -m sh -c 'mount -t proc -o hidepid=1 proc /proc &&
	    setpriv --reuid=65534 --regid=65534 --clear-groups cat /proc/1/comm' ||
	    echo "hidepid=1 leaves another user's /proc/PID/comm readable"
}

# bats test_tags=slow
@test "-C NAME under hidepid=1: only the processes pgrep -x can name, as they can" {
	need setpriv
	need hidepid
	local d n=t$$hide
	d=$(nobody_copies "$n")
	"$d/$n" 1000 3>&- &
	EXTRA_PIDS=$!
	# As nobody, with a /proc that hides others' files: nobody's own
	# process of that name, and root's, which neither may name.
	run -0 --separate-stderr unshare -m sh -c '
	    mount -t proc -o hidepid=1 proc /proc && exec "$@"' _ \
	    "${NOBODY[@]}" sh -c '"$1/$2" 1000 3>&- & p=$!; sleep 0.3
	    echo "pgrep $(pgrep -x "$2" | tr "\n" " ")"
	    echo "auxv $("$3" -C "$2" --json | jq -r .pid | tr "\n" " ")"
	    kill $p' _ "$d" "$n" "$d/auxv"
	rm -r "$d"
	[ "${lines[0]}" = "${lines[1]/auxv/pgrep}" ]
	[ "$(wc -w <<<"${lines[0]}")" -eq 2 ]
}

@test "hidepid=1: another user's process, which /proc refuses with EPERM, not EACCES: permission denied" {
	need setpriv
	need hidepid
	local d
	d=$(nobody_case_dir)
	cp "$AUXV" "$d/auxv"
	start_bg sleep 1000
	# python, as nobody, sees the errno; then auxv, the same way.
	run -0 --separate-stderr unshare -m sh -c '
	    mount -t proc -o hidepid=1 proc /proc && exec "$@"' _ \
	    "${NOBODY[@]}" sh -c 'python3 -c "import sys
try:
    open(\"/proc/%s/auxv\" % sys.argv[1], \"rb\")
except OSError as e:
    print(e.errno)" "$1"
	    "$0" --json "$1"; echo "status $?"' "$d/auxv" "$BG_PID"
	rm -r "$d"
	[ "${lines[0]}" = 1 ]
	jq -e --argjson p "$BG_PID" '.pid == $p and .error.errno == 1 and
	    .error.message == "permission denied (another user'"'"'s process needs CAP_SYS_PTRACE)"' \
	    <<<"${lines[1]}"
	[ "${lines[2]}" = "status 1" ]
	[ "$stderr" = "auxv: $BG_PID: permission denied (another user's process needs CAP_SYS_PTRACE)" ]
}

# bats test_tags=full
@test "-C NAME: the processes pgrep -x finds, in PID order; none is status 1" {
	local want n=auxvs$$
	# A name of our own: other processes come and go meanwhile.
	cp "$(command -v sleep)" "$BATS_TEST_TMPDIR/$n"
	"$BATS_TEST_TMPDIR/$n" 1000 3>&- &
	EXTRA_PIDS=$!
	"$BATS_TEST_TMPDIR/$n" 1000 3>&- &
	EXTRA_PIDS="$EXTRA_PIDS $!"
	# shellcheck disable=SC2086
	await_exec "$BATS_TEST_TMPDIR/$n" $EXTRA_PIDS
	want=$(pgrep -x "$n" | sort -n | tr '\n' ' ')
	[ "$(wc -w <<<"$want")" -eq 2 ]
	run -0 --separate-stderr "$AUXV" -C "$n" --json
	[ "$(jq -r .pid <<<"$output" | tr '\n' ' ')" = "$want" ]
	jq -e -s --arg n "$n" 'all(.comm == $n)' <<<"$output"
	run -0 --separate-stderr "$AUXV" -C "auxv-no-such,$n" -k PAGESZ
	[ "$(grep -c "^==> .* ($n) <==$" <<<"$output")" -eq 2 ]
	run -1 --separate-stderr "$AUXV" -C auxv-no-such
	[ -z "$output" ]
	[ "$stderr" = "auxv: auxv-no-such: no process of that name" ]
	run -2 --separate-stderr "$AUXV" -C "$n" -a
	run -2 --separate-stderr "$AUXV" -C "$n" 1
}

# Issue 46: as nobody, -C NAME where every match is root's printed only
# "1 process not readable" and exited 0.  Two root processes of a name of
# this test's, then one of nobody's too.  The oracles: pgrep -x for the
# matches, and python as nobody, refused each one's auxv.
# bats test_tags=slow
@test "-C NAME as another user: where no match may be read, each is a failed source, status 1; one readable match is enough" {
	need setpriv
	local n=auxvr$$ d=$BATS_TEST_TMPDIR p want
	cp "$(command -v sleep)" "$d/$n"
	chmod 755 "$d" "$d/$n"
	for _ in 1 2; do
		"$d/$n" 1000 3>&- &
		EXTRA_PIDS="${EXTRA_PIDS:-} $!"
	done
	for _ in $(seq 100); do
		[ "$(pgrep -cx "$n")" -lt 2 ] || break
		sleep 0.05
	done
	want=$(pgrep -x "$n" | sort -n)
	[ "$(wc -l <<<"$want")" -eq 2 ]
	for p in $want; do
		nobody_refused "$p"
	done
	run -1 --separate-stderr "${NOBODY[@]}" "$NOBODY_AUXV" -C "$n"
	[ -z "$output" ]
	[ "$stderr" = "$(for p in $want; do
		echo "auxv: $p: permission denied (another user's process needs CAP_SYS_PTRACE)"; done)" ]
	run -1 --separate-stderr "${NOBODY[@]}" "$NOBODY_AUXV" -C "$n" --json
	[ "$(jq -r '.pid' <<<"$output")" = "$want" ]
	jq -e -s --arg n "$n" 'length == 2 and all(.comm == $n and .error.errno == 13)' <<<"$output"
	[ "$(wc -l <<<"$stderr")" -eq 2 ]
	run -1 --separate-stderr "${NOBODY[@]}" "$NOBODY_AUXV" -C "$n" -o table
	[[ "${lines[0]}" == "PID "* ]]
	[ "${#lines[@]}" -eq 1 ]
	[ "$(wc -l <<<"$stderr")" -eq 2 ]
	# -a keeps its rule: those it may not read are said, not failed.
	run -0 --separate-stderr "${NOBODY[@]}" "$NOBODY_AUXV" -a -k PAGESZ
	[[ "$stderr" == *"processes not readable: permission denied" ]]
	# One match of nobody's, the last: it has a vector, the others are
	# said as -a says them, in PID order.
	"${NOBODY[@]}" "$d/$n" 1000 3>&- &
	EXTRA_PIDS="$EXTRA_PIDS $!"
	for _ in $(seq 100); do
		[ "$(pgrep -cx "$n")" -lt 3 ] || break
		sleep 0.05
	done
	want=$(pgrep -x "$n" | sort -n)
	run -0 --separate-stderr "${NOBODY[@]}" "$NOBODY_AUXV" -C "$n" -k PAGESZ
	[ "$stderr" = "auxv: 2 processes not readable: permission denied" ]
	[ "$(grep -c '^==> ' <<<"$output")" -eq 1 ]
	run -0 --separate-stderr "${NOBODY[@]}" "$NOBODY_AUXV" -C "$n" --json
	[ "$(jq -r '.pid' <<<"$output")" = "$want" ]
	[ "$(jq -s '[.[] | select(.error.errno == 13)] | length' <<<"$output")" -eq 2 ]
	[ "$(jq -s '[.[] | select(has("entries"))] | length' <<<"$output")" -eq 1 ]
}

# --- Kernel threads, names, -C as ps -C (issue 24) --------------------

# The PIDs of kernel threads, by PF_KTHREAD in /proc/PID/stat's flags.
kthreads() {
	python3 -c '
import glob
for d in glob.glob("/proc/[0-9]*"):
    try:
        st = open(d + "/stat", "rb").read()
    except OSError:
        continue
    if int(st[st.rindex(b")") + 2:].split()[6]) & 0x200000:
        print(d[6:])'
}

# bats test_tags=full
@test "unprivileged: a kernel thread is a kernel thread, not permission denied; others' names shown" {
	need setpriv
	kt=$(kthreads | head -1)
	[ -n "$kt" ] || skip "no kernel thread visible"
	run -1 --separate-stderr "${NOBODY[@]}" "$NOBODY_AUXV" "$kt"
	[ "$stderr" = "auxv: $kt: kernel thread: no auxiliary vector" ]
	# Another user's process: permission denied, its name as /proc has it.
	start_bg sleep 1000
	run -1 --separate-stderr "${NOBODY[@]}" "$NOBODY_AUXV" --json "$kt" "$BG_PID"
	jq -e -s --arg k "$(cat /proc/$kt/comm)" --arg c "$(cat /proc/$BG_PID/comm)" \
	    '.[0].comm == $k and .[0].error.message == "kernel thread: no auxiliary vector" and
	     .[1].comm == $c and (.[1].error.message | startswith("permission denied"))' <<<"$output"
}

# How many processes, kernel threads aside, nobody may not read, as
# python run as nobody finds them.
unreadable() {
	"${NOBODY[@]}" python3 -c '
import glob
n = 0
for d in glob.glob("/proc/[0-9]*"):
    try:
        st = open(d + "/stat", "rb").read()
        if int(st[st.rindex(b")") + 2:].split()[6]) & 0x200000:
            continue
        open(d + "/auxv", "rb").close()
    except PermissionError:
        n += 1
    except OSError:
        pass
print(n)'
}

# bats test_tags=full
@test "unprivileged -a: kernel threads passed over, neither an object nor counted" {
	need setpriv
	local k n u1 u2 lo hi
	"${NOBODY[@]}" "$NOBODY_AUXV" -a --json >"$BATS_TEST_TMPDIR/all" 2>/dev/null
	kthreads | sort >"$BATS_TEST_TMPDIR/kt"
	k=$(wc -l <"$BATS_TEST_TMPDIR/kt")
	[ "$k" -ge 4 ] || skip "too few kernel threads visible to tell ($k)"
	# No object, error or not, is a kernel thread's.
	jq -r '.pid' "$BATS_TEST_TMPDIR/all" | sort >"$BATS_TEST_TMPDIR/pids"
	jq -e -s 'any(.[]; .error.errno == 13)' "$BATS_TEST_TMPDIR/all"
	[ -z "$(comm -12 "$BATS_TEST_TMPDIR/kt" "$BATS_TEST_TMPDIR/pids")" ]
	# The count in the summary is that of the processes python finds just
	# before and just after, not that and the kernel threads: others come
	# and go meanwhile (another test file's, by the dozen), so within
	# half the kernel threads' number.
	u1=$(unreadable)
	run -0 --separate-stderr "${NOBODY[@]}" "$NOBODY_AUXV" -a
	u2=$(unreadable)
	n=$(sed -n 's/^auxv: \([0-9]*\) process.* not readable: permission denied$/\1/p' <<<"$stderr")
	echo "summary $n, python $u1 then $u2, kernel threads $k"
	[ -n "$n" ]
	lo=$((u1 < u2 ? u1 : u2))
	hi=$((u1 < u2 ? u2 : u1))
	[ "$n" -ge $((lo - k / 2)) ] && [ "$n" -le $((hi + k / 2)) ]
}

# bats test_tags=full
@test "-C NAME of kernel threads or a zombie only: each reported, status 1" {
	local p z n=z$$_$BATS_TEST_NUMBER
	p=$(ps -o pid= -C kthreadd | tr -d ' ')
	[ -n "$p" ] || skip "no kthreadd (ps -C kthreadd)"
	run -1 --separate-stderr "$AUXV" -C kthreadd
	[ "$stderr" = "auxv: $p: kernel thread: no auxiliary vector" ]
	run -1 --separate-stderr "$AUXV" -C kthreadd --json
	jq -e --argjson p "$p" '.pid == $p and .comm == "kthreadd" and
	    .error.message == "kernel thread: no auxiliary vector"' <<<"$output"
	# A zombie of a name of its own: its parent does not reap it (python,
	# which has no SIGCHLD handler, unlike bash, which reaps a child that
	# ends before its exec).
	cp "$(type -P true)" "$BATS_TEST_TMPDIR/$n"
	python3 -c 'import os, sys
if os.fork() == 0:
    os.execv(sys.argv[1], [sys.argv[1]])
os.execvp("sleep", ["sleep", "1000"])' "$BATS_TEST_TMPDIR/$n" 3>&- &
	EXTRA_PIDS=$!
	for _ in $(seq 100); do
		z=$(ps -o pid=,stat= -C "$n" | awk '$2 ~ /^Z/ { print $1 }')
		[ -n "$z" ] && break
		sleep 0.05
	done
	[ -n "$z" ]
	run -1 --separate-stderr "$AUXV" -C "$n"
	[ -z "$output" ]
	[ "$stderr" = "auxv: $z: process has exited: no auxiliary vector" ]
}

@test "-C NAME with a live process and a zombie of that name: the live one shown, status 0, as ps -C lists both" {
	local z live n=y$$_$BATS_TEST_NUMBER
	cp "$(type -P sleep)" "$BATS_TEST_TMPDIR/$n"
	# A live one, and a zombie its parent (python, which has no SIGCHLD
	# handler) does not reap.
	"$BATS_TEST_TMPDIR/$n" 1000 3>&- &
	EXTRA_PIDS=$!
	python3 -c 'import os, sys
if os.fork() == 0:
    os.execv(sys.argv[1], [sys.argv[1], "0"])
os.execvp("sleep", ["sleep", "1000"])' "$BATS_TEST_TMPDIR/$n" 3>&- &
	EXTRA_PIDS="$EXTRA_PIDS $!"
	for _ in $(seq 100); do
		z=$(ps -o pid=,stat= -C "$n" | awk '$2 ~ /^Z/ { print $1 }')
		live=$(ps -o pid=,stat= -C "$n" | awk '$2 !~ /^Z/ { print $1 }')
		[ -n "$z" ] && [ -n "$live" ] && break
		sleep 0.05
	done
	[ -n "$z" ] && [ -n "$live" ]
	# The oracles: ps -C and pgrep -x list both and succeed.
	[ "$(ps -o pid= -C "$n" | wc -l)" -eq 2 ]
	[ "$(pgrep -x "$n" | wc -l)" -eq 2 ]
	run -0 --separate-stderr "$AUXV" -C "$n" -k PAGESZ
	[ -z "$stderr" ]
	[ "$output" = "==> $live ($n) <==
AT_PAGESZ:            $(getconf PAGESIZE)" ]
	run -0 --separate-stderr "$AUXV" -C "$n" --json
	[ -z "$stderr" ]
	jq -e -s --argjson p "$live" 'length == 1 and
	    (.[0] | .pid == $p and has("entries"))' <<<"$output"
}

@test "-a, -C where /proc opens but can't be listed (getdents64 fails, EIO): said, status 1" {
	"$NOVMREAD" true 2>/dev/null ||
	    skip "seccomp filters cannot be installed here"
	# The filter is real: ls can't list /proc under it either.
	run -2 --separate-stderr "$NOVMREAD" -d ls /proc
	# ls says strerror's own text; the helper lowers its capital, as auxv.
	[[ "${stderr,,}" == *"$(strerror EIO)"* ]]
	local a
	for a in -a "-C sleep"; do
		# shellcheck disable=SC2086
		run -1 --separate-stderr "$NOVMREAD" -d env \
		    ASAN_OPTIONS=detect_leaks=0 "$AUXV" $a
		[ -z "$output" ]
		[ "$stderr" = "auxv: /proc: $(strerror EIO)" ]
	done
}

# bats test_tags=full
@test "-C: a name is compared on its first 15 bytes, as ps -C does" {
	local n=auxvlongname$$abcdefghij a want got kt
	cp "$(command -v sleep)" "$BATS_TEST_TMPDIR/$n"
	"$BATS_TEST_TMPDIR/$n" 1000 3>&- &
	EXTRA_PIDS=$!
	await_exec "$BATS_TEST_TMPDIR/$n" "$EXTRA_PIDS"
	[ "$(cat /proc/$EXTRA_PIDS/comm)" = "${n:0:15}" ]
	for a in "$n" "${n:0:15}" "${n:0:16}" "${n}XYZ" "${n:0:14}" "${n:0:14}q"; do
		want=$(ps -o pid= -C "$a" | tr -d ' ' | sort -n | tr '\n' ' ')
		got=$("$AUXV" -C "$a" --json 2>/dev/null | jq -r .pid | tr '\n' ' ') || true
		echo "$a: ps '$want', auxv '$got'"
		[ "$got" = "$want" ]
	done
	# A kernel thread's longer name: whole, as ps -C has it.
	kt=$(for p in $(kthreads); do c=$(cat /proc/$p/comm 2>/dev/null) &&
	    [ ${#c} -gt 15 ] && { echo "$c"; break; }; done)
	[ -n "$kt" ] || return 0
	for a in "$kt" "${kt:0:15}"; do
		want=$(ps -o pid= -C "$a" | tr -d ' ' | sort -n | tr '\n' ' ')
		got=$("$AUXV" -C "$a" --json 2>/dev/null | jq -r .pid | tr '\n' ' ') || true
		echo "$a: ps '$want', auxv '$got'"
		[ "$got" = "$want" ]
	done
}

@test "-C: a name hidden from us (EACCES, as a security module may refuse it) is no match" {
	[ -e "${FAULTINJ:-}" ] || skip "no fault injection library built"
	local n=auxvh$$
	cp "$(command -v sleep)" "$BATS_TEST_TMPDIR/$n"
	"$BATS_TEST_TMPDIR/$n" 1000 3>&- &
	EXTRA_PIDS=$!
	await_exec "$BATS_TEST_TMPDIR/$n" "$EXTRA_PIDS"
	# Every open refused, as a security module may refuse /proc/PID/comm:
	# no name is one of them, as pgrep -x has it.
	run -1 --separate-stderr env LD_PRELOAD="$FAULTINJ" \
	    AUXV_FAULT_CALL=open AUXV_FAULT_N=1 AUXV_FAULT_AFTER=1 \
	    AUXV_FAULT_ERRNO=EACCES ASAN_OPTIONS=verify_asan_link_order=0 \
	    "$AUXV" -C "$n" --json
	[ -z "$output" ]
	[ "$stderr" = "auxv: $n: no process of that name" ]
	# Every name read failing as that of a process that has gone (ESRCH):
	# none, again.
	run -1 --separate-stderr env LD_PRELOAD="$FAULTINJ" \
	    AUXV_FAULT_CALL=read AUXV_FAULT_N=1 AUXV_FAULT_AFTER=1 \
	    AUXV_FAULT_ERRNO=ESRCH ASAN_OPTIONS=verify_asan_link_order=0 \
	    "$AUXV" -C "$n" --json
	[ -z "$output" ]
	[ "$stderr" = "auxv: $n: no process of that name" ]
}

@test "-C repeated adds names, as ps -C a -C b" {
	local a=auxva$$ b=auxvb$$ want
	cp "$(command -v sleep)" "$BATS_TEST_TMPDIR/$a"
	cp "$(command -v sleep)" "$BATS_TEST_TMPDIR/$b"
	"$BATS_TEST_TMPDIR/$a" 1000 3>&- &
	EXTRA_PIDS=$!
	"$BATS_TEST_TMPDIR/$b" 1000 3>&- &
	EXTRA_PIDS="$EXTRA_PIDS $!"
	await_exec "$BATS_TEST_TMPDIR/$a" "${EXTRA_PIDS%% *}"
	await_exec "$BATS_TEST_TMPDIR/$b" "$!"
	want=$(ps -o pid= -C "$a" -C "$b" | tr -d ' ' | sort -n | tr '\n' ' ')
	[ "$(wc -w <<<"$want")" -eq 2 ]
	run -0 --separate-stderr "$AUXV" -C "$a" -C "$b" --json
	[ "$(jq -r .pid <<<"$output" | tr '\n' ' ')" = "$want" ]
	run -0 --separate-stderr "$AUXV" -C "$a" -C "auxv-no-such,$b" --json
	[ "$(jq -r .pid <<<"$output" | tr '\n' ' ')" = "$want" ]
}

@test "-C in another PID namespace: the message names -C, not -a" {
	need pidns
	run -1 --separate-stderr unshare -fp "$AUXV" -C bash
	[ -z "$output" ]
	[[ "$stderr" == "auxv: -C: /proc is another PID namespace's"* ]]
}

# Root with no capabilities: the kernel refuses a root process's files
# that hold capabilities it lacks (commoncap.c).
probe_capdrop() {
	[ "$(id -u)" -eq 0 ] || { echo "not root"; return; }
	command -v setpriv >/dev/null || { echo "no setpriv (util-linux)"; return; }
	sleep 100 &
	local p=$!
	setpriv --bounding-set=-all --inh-caps=-all python3 -c '
import sys
try:
    open("/proc/%s/auxv" % sys.argv[1], "rb").close()
except PermissionError:
    sys.exit(0)
sys.exit(1)' "$p" ||
	    echo "root without capabilities may read a root process with them here (setpriv --bounding-set=-all)"
	kill "$p"
}

@test "root refused by a root process with capabilities it lacks: said so" {
	need capdrop
	start_bg sleep 1000
	# Oracle: the target's CapPrm holds bits the caller's CapEff lacks.
	python3 -c '
import sys
def cap(f, k):
    return int([l for l in open(f) if l.startswith(k)][0].split()[1], 16)
ours = int(sys.argv[2], 16)
assert cap("/proc/%s/status" % sys.argv[1], "CapPrm:") & ~ours, ours' \
	    "$BG_PID" "$(setpriv --bounding-set=-all --inh-caps=-all \
	    awk '/^CapEff:/ { print $2 }' /proc/self/status)"
	run -1 --separate-stderr setpriv --bounding-set=-all --inh-caps=-all \
	    "$AUXV" "$BG_PID"
	[ "$stderr" = "auxv: $BG_PID: permission denied (the process holds capabilities this one lacks)" ]
}

@test "root without CAP_SYS_PTRACE refused by its own process that is not dumpable: said so" {
	need capdrop
	# Both without capabilities (a container's root may lack
	# CAP_SYS_PTRACE): only the process's choice refuses its files, as
	# python run so finds.
	setpriv --bounding-set=-all --inh-caps=-all python3 -c '
import ctypes, time
ctypes.CDLL(None).prctl(4, 0, 0, 0, 0)   # PR_SET_DUMPABLE, 0
print("ready", flush=True)
time.sleep(1000)' >"$BATS_TEST_TMPDIR/ready" &
	EXTRA_PIDS=$!
	for _ in $(seq 600); do
		[ ! -s "$BATS_TEST_TMPDIR/ready" ] || break
		sleep 0.05
	done
	run -1 setpriv --bounding-set=-all --inh-caps=-all python3 -c '
import sys
def cap(p, k):
    return int([l for l in open(p) if l.startswith(k)][0].split()[1], 16)
assert cap("/proc/self/status", "CapEff:") == 0
assert cap("/proc/%s/status" % sys.argv[1], "CapPrm:") == 0
open("/proc/%s/auxv" % sys.argv[1], "rb")' "$EXTRA_PIDS"
	[[ "$output" == *"PermissionError"* ]]
	run -1 --separate-stderr setpriv --bounding-set=-all --inh-caps=-all \
	    "$AUXV" "$EXTRA_PIDS"
	[ "$stderr" = "auxv: $EXTRA_PIDS: permission denied (not dumpable: needs CAP_SYS_PTRACE)" ]
}

probe_userns() {
	unshare -U --map-root-user true ||
	    echo "cannot make a user namespace (unshare -U --map-root-user)"
}

@test "root of a user namespace of its own, CAP_SYS_PTRACE there, refused by root's process outside: the documented reason" {
	need userns
	start_bg sleep 1000
	# Root there, that holds CAP_SYS_PTRACE (bit 19) in effect; python
	# is refused the process all the same, as it is not of that
	# namespace.
	run -0 unshare -U --map-root-user python3 -c '
import sys
eff = [l for l in open("/proc/self/status") if l.startswith("CapEff:")]
print(__import__("os").getuid(), int(eff[0].split()[1], 16) >> 19 & 1)
try:
    open("/proc/%s/auxv" % sys.argv[1], "rb")
except PermissionError:
    print("refused")' "$BG_PID"
	[ "$output" = $'0 1\nrefused' ]
	run -1 --separate-stderr unshare -U --map-root-user "$AUXV" "$BG_PID"
	[ "$stderr" = "auxv: $BG_PID: permission denied (another user's process needs CAP_SYS_PTRACE)" ]
}

# The executable's link is read where a format shows it (JSON), not for
# the human headers of several PIDs, which name each by comm alone.
@test "several PIDs in human: headers by comm, no executable link read; JSON reads it (strace)" {
	need strace
	local t=$BATS_TEST_TMPDIR/trace
	strace -f -qq -e trace=readlink,readlinkat -o "$t" \
	    env ASAN_OPTIONS=detect_leaks=0 "$AUXV" $$ "$PPID" >/dev/null
	! grep -E "\"/proc/($$|$PPID)/exe\"" "$t" || false
	strace -f -qq -e trace=readlink,readlinkat -o "$t" \
	    env ASAN_OPTIONS=detect_leaks=0 "$AUXV" --json $$ "$PPID" >/dev/null
	grep -q "\"/proc/$$/exe\"" "$t"
	grep -q "\"/proc/$PPID/exe\"" "$t"
}
