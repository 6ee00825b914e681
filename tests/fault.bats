#!/usr/bin/env bats
# Fault injection: auxv with its allocations, opens, reads, process_vm_readv,
# readlink and writes, -e's and --watch's process and socket calls failed
# one at a time (tests/fault/faultinj.c, loaded
# by LD_PRELOAD), walked by faultwalk.py, which says what each run is held
# to; and the defects the walk found, each as its own case.

load common
load stress
load_assert

setup_file() {
	probe_faultinj >"$BATS_FILE_TMPDIR/probe.faultinj"
}

# A sanitizer build (its runtime's entry point among auxv's symbols):
# each run starts far slower, so the quick walks take fewer calls, and
# valgrind can't run it.
sanitized() {
	nm -D "$AUXV" 2>/dev/null | grep -q '__[at]san_init'
}

# --max-n for the quick walks: the sample of calls of each kind.
quick_n() {
	if sanitized; then echo "${1}"; else echo "${2}"; fi
}

# Whether LD_PRELOAD reaches auxv: a counting run writes its counts.  A
# static auxv (-Dstatic=true) loads no library; a sanitizer build's
# runtime may refuse to come after one.
probe_faultinj() {
	local f=$BATS_FILE_TMPDIR/probe.counts
	[ -n "${FAULTINJ:-}" ] || { echo "no fault injection library built"; return; }
	LD_PRELOAD=$FAULTINJ AUXV_FAULT_COUNT=$f \
	    ASAN_OPTIONS=verify_asan_link_order=0 \
	    "$AUXV" -f /proc/self/auxv >/dev/null 2>&1 || true
	grep -q '^open [1-9]' "$f" 2>/dev/null ||
	    echo "LD_PRELOAD does not reach $AUXV (linked static?)"
}

need_faultinj() {
	local why
	why=$(cat "$BATS_FILE_TMPDIR/probe.faultinj")
	[ -z "$why" ] || skip "$why"
}

# faulty CALL N ERRNO auxv-args...: auxv with the Nth CALL failed; the
# caller's ASAN_OPTIONS are kept (after ours: theirs win).
faulty() {
	local call=$1 n=$2 e=$3
	shift 3
	LD_PRELOAD=$FAULTINJ AUXV_FAULT_CALL=$call AUXV_FAULT_N=$n \
	    AUXV_FAULT_ERRNO=$e \
	    ASAN_OPTIONS=verify_asan_link_order=0${ASAN_OPTIONS:+:$ASAN_OPTIONS} \
	    "$AUXV" "$@"
}

walk() {
	python3 "$BATS_TEST_DIRNAME/faultwalk.py" "$@"
}

@test "the library counts calls and fails the one asked for, in auxv alone" {
	need_faultinj
	local c=$BATS_TEST_TMPDIR/counts
	# /proc/self/auxv read whole: an open, then reads up to the end.
	LD_PRELOAD=$FAULTINJ AUXV_FAULT_COUNT=$c \
	    ASAN_OPTIONS=verify_asan_link_order=0 \
	    "$AUXV" -f /proc/self/auxv >/dev/null
	grep -qx 'open 1' "$c"
	grep -qx 'fired 0' "$c"
	run -1 --separate-stderr faulty open 1 EMFILE -f /proc/self/auxv
	[ -z "$output" ]
	[[ "$stderr" == *"$(strerror EMFILE)"* ]]
	# A program that inherits LD_PRELOAD is not auxv: untouched.
	LD_PRELOAD=$FAULTINJ AUXV_FAULT_CALL=open AUXV_FAULT_N=1 \
	    AUXV_FAULT_ERRNO=EIO ASAN_OPTIONS=verify_asan_link_order=0 \
	    cat /proc/self/auxv >/dev/null
}

# bats test_tags=full
@test "quick walk: one failed call at a time, each source and format" {
	need_faultinj
	run walk --quick --max-n "$(quick_n 4 40)" \
	    --source self,pid,raw,stdin,core,json,jsonlines,exec,diff,check,checkpid
	echo "$output"
	[ "$status" -eq 0 ]
	[[ "$output" == *" 0 failed"* ]]
}

# bats test_tags=full
@test "quick walk: -a, -C and --watch, a sample of the calls" {
	need_faultinj
	run walk --quick --max-n "$(quick_n 2 5)" --source all,comm,watch \
	    --format human,json
	echo "$output"
	[ "$status" -eq 0 ]
	[[ "$output" == *" 0 failed"* ]]
}

# bats test_tags=stress
@test "the whole walk, every source, format and errno" {
	stress_only
	need_faultinj
	run walk
	echo "$output"
	[ "$status" -eq 0 ]
	[[ "$output" == *" 0 failed"* ]]
}

# bats test_tags=stress
@test "a sample of the walk under valgrind: no error, no leak" {
	stress_only
	need_faultinj
	command -v valgrind >/dev/null || skip "no valgrind"
	! sanitized || skip "a sanitizer build: valgrind can't run it"
	run walk --valgrind --limit 40 --max-n 6
	echo "$output"
	[ "$status" -eq 0 ]
	[[ "$output" == *" 0 failed"* ]]
}

@test "a JSON save's memory out of memory: said so, not called malformed" {
	need_faultinj
	local f=$BATS_TEST_TMPDIR/two.jsonl
	python3 -c 'import json
d = {"source": "pid", "word_size": 8, "byte_order": "little",
     "entries": [{"type": 31, "value": 4096, "string": "/bin/x"}]}
for pid in (1, 2):
    d["pid"] = pid
    print(json.dumps(d))' >"$f"
	# The first realloc holds the first object's string.
	run -1 --separate-stderr faulty realloc 1 ENOMEM -f "$f"
	[ -z "$output" ]
	[ "$stderr" = "auxv: $f: $(strerror ENOMEM)" ]
	# A --pid search stops there, said so: not on to the next object.
	run -1 --separate-stderr faulty realloc 1 ENOMEM -f "$f" --pid 2
	[ -z "$output" ]
	[ "$stderr" = "auxv: $f: $(strerror ENOMEM)" ]
	run -1 --separate-stderr faulty realloc 1 ENOMEM -f "$f" --json
	[ "$stderr" = "auxv: $f: $(strerror ENOMEM)" ]
	python3 -c 'import json, sys
o = json.loads(sys.argv[1])
assert o["error"]["errno"] == 12, o' "$output"
}

# A raw vector that fills the buffer (4097 pairs) is read one byte further,
# to tell a longer file: that read failing is the file's error, not the end.
@test "a raw file the size of the buffer whose read past it fails: the errno said" {
	need_faultinj
	local f=$BATS_TEST_TMPDIR/max
	"$MKFIXTURE" raw -n 4096 >"$f"
	[ "$(stat -c %s "$f")" -eq $((4097 * 16)) ]
	# Read 1 fills the buffer, read 2 is the byte past it.
	run -1 --separate-stderr faulty read 2 EIO -f "$f"
	[ -z "$output" ]
	[ "$stderr" = "auxv: $f: $(strerror EIO)" ]
	run -1 --separate-stderr faulty read 2 EIO -f - <"$f"
	[ "$stderr" = "auxv: -: $(strerror EIO)" ]
}

# JSON Lines searched for --pid: the first object and blanks fill the
# first read (4097 * 16 bytes) exactly, so the next object needs a read of
# its own (read 2), which fails.
@test "-f of JSON Lines, --pid: the read after a buffer of whole objects fails: the errno said" {
	need_faultinj
	local f=$BATS_TEST_TMPDIR/l.json
	python3 - "$f" <<-'PY'
		import sys
		good = ('{"pid":%d,"word_size":8,"byte_order":"little",'
		        '"entries":[{"type":6,"value":4096}]}')
		first = good % 1 + "\n"
		first += " " * (4097 * 16 - len(first) - 1) + "\n"
		open(sys.argv[1], "w").write(first + good % 7 + "\n")
	PY
	run -0 --separate-stderr "$AUXV" -f "$f" --pid 7 -k PAGESZ --value
	[ "$output" = 4096 ]
	run -1 --separate-stderr faulty read 2 EIO -f "$f" --pid 7
	[ -z "$output" ]
	[ "$stderr" = "auxv: $f: $(strerror EIO)" ]
}

# A core's names are left out when they can't be read, never an error:
# each allocation failed in turn is ENOMEM said (status 1) or the same
# entries shown, and one of them (NT_FILE's buffer) leaves exe out.
@test "a core whose NT_FILE can't be held (ENOMEM): the vector shown, its exe left out" {
	need_faultinj
	local f=$BATS_TEST_TMPDIR/core c=$BATS_TEST_TMPDIR/counts n nulls=0
	python3 - "$f" <<-'PY'
		import sys
		from mkfixture import Elf, build_core
		k = Elf(8, "little")
		notes = k.note(b"CORE", 6, k.vector([(9, 4096), (6, 4096)]))
		d = (k.p(k.W * 2, 1, 4096) + k.p(k.W * 3, 4096, 8192, 0)
		     + b"/usr/bin/crafted\0")
		notes += k.note(b"CORE", 0x46494c45, d)
		open(sys.argv[1], "wb").write(build_core(k, 62, notes))
	PY
	run -0 --separate-stderr "$AUXV" --json -f "$f"
	[ "$(jq -c '[.exe, [.entries[] | [.type, .value]]]' <<<"$output")" = '["/usr/bin/crafted",[[9,4096],[6,4096]]]' ]
	LD_PRELOAD=$FAULTINJ AUXV_FAULT_COUNT=$c \
	    ASAN_OPTIONS=verify_asan_link_order=0 "$AUXV" --json -f "$f" >/dev/null
	for n in $(seq 1 "$(awk '$1 == "malloc" { print $2 }' "$c")"); do
		run --separate-stderr faulty malloc "$n" ENOMEM --json -f "$f"
		if [ "$status" -eq 1 ]; then
			[ "$stderr" = "auxv: $f: $(strerror ENOMEM)" ]
			continue
		fi
		[ "$status" -eq 0 ]
		[ "$(jq -c '[.entries[] | [.type, .value]]' <<<"$output")" = '[[9,4096],[6,4096]]' ]
		[ "$(jq -r .exe <<<"$output")" != null ] || nulls=$((nulls + 1))
	done
	[ "$nulls" -eq 1 ]
}

# bats test_tags=full
@test "/proc/self unreadable (EIO, ENOMEM): its errno said, not /proc is not mounted" {
	need_faultinj
	# The first readlink asks /proc/self whose PID namespace /proc is.
	run -1 --separate-stderr faulty readlink 1 EIO $$
	[ -z "$output" ]
	[ "$stderr" = "auxv: $$: $(strerror EIO)" ]
	run -1 --separate-stderr faulty readlink 1 ENOMEM --json $$
	[ "$stderr" = "auxv: $$: $(strerror ENOMEM)" ]
	python3 -c 'import json, sys
o = json.loads(sys.argv[1])
assert o["error"]["errno"] == 12, o' "$output"
	run -1 --separate-stderr faulty readlink 1 EIO -a
	[ -z "$output" ]
	[ "$stderr" = "auxv: -a: $(strerror EIO)" ]
	# Where /proc is not there at all, it is said so.
	run -1 --separate-stderr faulty readlink 1 ENOENT $$
	[ "$stderr" = "auxv: $$: /proc is not mounted" ]
}

@test "-C: a process whose name can't be read (EIO) is reported, not passed over as another name" {
	need_faultinj
	local first
	first=$(ls /proc | grep -E '^[0-9]+$' | sort -n | head -1)
	# The first read is the name of the first process in /proc.
	run -1 --separate-stderr faulty read 1 EIO -C no-such-name
	[ -z "$output" ]
	[ "$stderr" = "auxv: $first: $(strerror EIO)" ]
	# The same status and message in JSON, with the error object.
	run -1 --separate-stderr faulty read 1 EIO -C no-such-name --json
	[ "$stderr" = "auxv: $first: $(strerror EIO)" ]
	python3 -c 'import json, sys
o = json.loads(sys.argv[1])
assert o["pid"] == int(sys.argv[2]) and o["error"]["errno"] == 5, o' \
	    "$output" "$first"
}

@test "the rest of a process's vDSO unreadable (its first block alone readable): shown unreadable, not malformed" {
	need_faultinj
	start_bg sleep 100
	# The first call would read all of the vDSO ahead: it fails.  With
	# only the vDSO kept, the second reads its first block alone and the
	# third the rest.
	AUXV_FAULT_ALSO=1 AUXV_FAULT_AFTER=1 run -0 --separate-stderr \
	    faulty process_vm_readv 3 EFAULT -v -k SYSINFO_EHDR "$BG_PID"
	stop_bg
	[ -z "$stderr" ]
	[[ "$output" != *malformed* ]]
	assert_line --regexp '^AT_SYSINFO_EHDR: +0x[0-9a-f]+  \(unreadable\)  # '
}

@test "-o table out of memory for its rows: said, status 1, not an empty success" {
	need_faultinj
	local raw=$BATS_TEST_TMPDIR/raw
	cat /proc/self/auxv >"$raw"
	# The rows are held to the end, for the widths: every realloc fails.
	AUXV_FAULT_AFTER=1 run -1 --separate-stderr \
	    faulty realloc 1 ENOMEM -o table -f "$raw"
	[ -z "$output" ]
	[ "$stderr" = "auxv: -o table: $(strerror ENOMEM)" ]
}

# bats test_tags=slow
@test "--check where a read fails: those rules have no data, none fails" {
	need_faultinj
	local n
	# Each read of the check (maps, status, smaps, cpuinfo) and each
	# pread of the executable failed in turn: never status 1, never FAIL.
	for call in read pread; do
		for n in 1 2 3 4 5 6; do
			run --separate-stderr faulty "$call" "$n" EIO --check
			echo "$call $n: status $status"
			[ "$status" -eq 0 ]
			! grep -q FAIL <<<"$output"
		done
	done
	# The executable's PT_INTERP unreadable: no data for base, not "no
	# PT_INTERP".
	run -0 --separate-stderr faulty pread 4 EIO --check
	[[ "$output" != *"has no PT_INTERP"* ]]
}

@test "-e where the child can't be started, traced or waited for: the errno said, no hang, no child left" {
	need_faultinj
	# send: the byte that lets the child go to its exec; unsent, both
	# sides waited for ever.
	run -1 --separate-stderr timeout 10 bash -c \
	    "$(declare -f faulty); faulty send 1 ENOBUFS -e sleep 77"
	[ -z "$output" ]
	[ "$stderr" = "auxv: sleep: $(strerror ENOBUFS)" ]
	# ptrace gone (ESRCH) was "ptrace not available".
	run -1 --separate-stderr faulty ptrace 1 ESRCH -e sleep 77
	[ "$stderr" = "auxv: sleep: $(strerror ESRCH)" ]
	# A wait that fails (EINTR) was "killed before its exec completed".
	run -1 --separate-stderr faulty waitpid 1 EINTR -e sleep 77
	[ "$stderr" = "auxv: sleep: $(strerror EINTR)" ]
	run -1 --separate-stderr faulty fork 1 EAGAIN -e sleep 77
	[ "$stderr" = "auxv: sleep: $(strerror EAGAIN)" ]
	# Each child was killed and reaped: no "sleep 77" is left.
	! pgrep -xf 'sleep 77'
}

@test "-e where ptrace is refused (EPERM): the message says by what, here a security policy" {
	need_faultinj
	local scope seccomp
	scope=$(cat /proc/sys/kernel/yama/ptrace_scope 2>/dev/null || echo none)
	seccomp=$(awk '/^Seccomp:/ { print $2 }' /proc/self/status)
	[ "$scope" != 3 ] || skip "kernel.yama.ptrace_scope is 3: that is said instead"
	[ "${seccomp:-0}" = 0 ] || skip "under a seccomp filter: that is said instead"
	run -1 --separate-stderr faulty ptrace 1 EPERM -e sleep 77
	[ -z "$output" ]
	[ "$stderr" = "auxv: sleep: ptrace not permitted: refused by a security policy (SELinux, AppArmor or the like)" ]
}

@test "-e whose child is stopped (SIGSTOP) before its exec: the stop is passed on, the vector still read" {
	need_faultinj
	# faultinj sends the SIGSTOP once PTRACE_SEIZE holds the child; auxv
	# sees a signal-delivery-stop, then a group-stop, and lets each go.
	AUXV_FAULT_SIGNAL=$(kill -l STOP) AUXV_FAULT_COUNT=$BATS_TEST_TMPDIR/c \
	    run -0 \
	    --separate-stderr timeout 10 bash -c \
	    "$(declare -f faulty); faulty ptrace 0 EIO -k EXECFN --value -e /bin/true"
	[ -z "$stderr" ]
	[ "$output" = /bin/true ]
	# (Call 0: none fails.)  PTRACE_SEIZE, then a PTRACE_CONT per stop.
	[ "$(awk '$1 == "ptrace" { print $2 }' "$BATS_TEST_TMPDIR/c")" -ge 2 ]
}

@test "-e whose child is killed (SIGKILL) before its exec: said so, status 1" {
	need_faultinj
	AUXV_FAULT_SIGNAL=$(kill -l KILL) run -1 --separate-stderr \
	    timeout 10 bash -c \
	    "$(declare -f faulty); faulty ptrace 0 EIO -e /bin/true"
	[ -z "$output" ]
	[ "$stderr" = "auxv: /bin/true: killed before its exec completed" ]
}

@test "-e whose stopped child is not let go on (PTRACE_CONT fails): the errno said, the child killed" {
	need_faultinj
	need ptrace
	# Call 1 is PTRACE_SEIZE, call 2 the PTRACE_CONT of the SIGSTOP.
	AUXV_FAULT_SIGNAL=$(kill -l STOP) run -1 --separate-stderr \
	    timeout 10 bash -c \
	    "$(declare -f faulty); faulty ptrace 2 EIO -e sleep 77"
	[ -z "$output" ]
	[ "$stderr" = "auxv: sleep: $(strerror EIO)" ]
	! pgrep -xf 'sleep 77'
}

@test "-e without ptrace (ENOSYS): ptrace not available" {
	need_faultinj
	run -1 --separate-stderr faulty ptrace 1 ENOSYS -e sleep 77
	[ -z "$output" ]
	[ "$stderr" = "auxv: sleep: ptrace not available" ]
	! pgrep -xf 'sleep 77'
}

# A wait that finds no child (ECHILD) takes it as gone; the child, there
# still under the injection, dies with auxv (PTRACE_O_EXITKILL).
@test "-e whose wait finds no child (ECHILD): killed before its exec completed" {
	need_faultinj
	need ptrace
	run -1 --separate-stderr timeout 10 bash -c \
	    "$(declare -f faulty); faulty waitpid 1 ECHILD -e sleep 77"
	[ -z "$output" ]
	[ "$stderr" = "auxv: sleep: killed before its exec completed" ]
	! pgrep -xf 'sleep 77'
}

# Traced already (by strace -f), the child's /proc/PID/status (auxv's
# first open there) unreadable: no tracer is claimed that was not seen.
@test "-e refused where the child's status can't be read: no tracer claimed" {
	need_faultinj
	need strace
	local scope seccomp
	scope=$(cat /proc/sys/kernel/yama/ptrace_scope 2>/dev/null || echo none)
	seccomp=$(awk '/^Seccomp:/ { print $2 }' /proc/self/status)
	[ "$scope" != 3 ] || skip "kernel.yama.ptrace_scope is 3: that is said instead"
	[ "${seccomp:-0}" = 0 ] || skip "under a seccomp filter: that is said instead"
	run -1 --separate-stderr strace -f -o /dev/null \
	    env ASAN_OPTIONS=detect_leaks=0 bash -c \
	    "$(declare -f faulty); faulty open 1 EIO -e /bin/true"
	[ -z "$output" ]
	[ "$stderr" = "auxv: /bin/true: ptrace not permitted: refused by a security policy (SELinux, AppArmor or the like)" ]
}
