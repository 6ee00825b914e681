#!/usr/bin/env bats
#
# Reading a process's memory: the strings and random bytes a vector points
# to come from one process_vm_readv read ahead, the rest of a long string
# from further calls, and from /proc/PID/mem where process_vm_readv is
# refused (auxv(1), -p and FILES).  The refusal is forced with a seccomp
# filter (tests/exec/novmread.c) on auxv itself.  Every expected string and
# byte is python3 reading /proc/PID/auxv and /proc/PID/mem of the process
# while it still runs, never auxv's own output.

bats_require_minimum_version 1.5.0

load common

setup() {
	T=$BATS_TEST_TMPDIR
	# A seccomp filter may itself be refused (an old kernel, a sandbox).
	"$NOVMREAD" true 2>/dev/null ||
	    skip "seccomp filters cannot be installed here"
}

teardown() {
	stop_bg
	if [ -n "${OTHER:-}" ]; then
		kill "$OTHER" 2>/dev/null || true
		wait "$OTHER" 2>/dev/null || true
	fi
}

# 600 bytes for an environment variable.
pad() {
	local s
	printf -v s '%*s' 600 ''
	echo "${s// /x}"
}

# deep LEN: the path of a copy of sleep whose full path is LEN bytes, in
# directories of at most 200 bytes' names.
deep() {
	local len=$1 dir=$T/p$1 n d200 e
	printf -v d200 '%*s' 200 ''
	d200=${d200// /d}
	while [ $((${#dir} + 1 + 200 + 6)) -lt "$len" ]; do
		dir=$dir/$d200
	done
	n=$((len - ${#dir} - 1 - 6))
	[ "$n" -ge 1 ] || { echo "deep: $len: no room" >&2; return 1; }
	printf -v e '%*s' "$n" ''
	dir=$dir/${e// /e}
	mkdir -p "$dir"
	cp "$(command -v sleep)" "$dir/sleep"
	[ $((${#dir} + 6)) -eq "$len" ] || return 1
	echo "$dir/sleep"
}

# check_mem JSON PID [AHEAD]: the document's entries are /proc/PID/auxv
# decoded with struct, and every string and AT_RANDOM's bytes are what
# /proc/PID/mem holds there.  With AHEAD, a string is only what the read
# ahead can hold: its first AHEAD bytes, or fewer where a 4 KiB block
# ends first (a read ahead never runs from one page into the next, which
# may be unmapped), marked truncated when there is no NUL among them: the
# rest was to come from calls that are refused.
check_mem() {
	python3 - "$@" <<'PY'
import json, sys
from oracle import pairs_of, cstring
doc, pid = json.loads(sys.argv[1]), int(sys.argv[2])
ahead = int(sys.argv[3]) if len(sys.argv) > 3 else None
ws = doc["word_size"]
order = doc["byte_order"]
want = pairs_of("/proc/%d/auxv" % pid, ws, order)
got = [(e["type"], e["value"]) for e in doc["entries"]]
assert got == want, (got, want)
mem = open("/proc/%d/mem" % pid, "rb", buffering=0)
seen = set()
for e in doc["entries"]:
    t, v = e["type"], e["value"]
    if t in (15, 24, 31):
        s = cstring(mem, v)
        trunc = False
        span = min(ahead, 4096 - v % 4096) if ahead is not None else None
        if span is not None and len(s) >= span:
            s, trunc = s[:span], True
        assert e["string"] == s.decode(), (e, len(s))
        assert e.get("truncated", False) == trunc, e
        seen.add(t)
    elif t == 25:
        mem.seek(v)
        assert e["bytes"] == mem.read(16).hex(), e
        seen.add(t)
assert {25, 31} <= seen, seen
print(len(got))
PY
}

@test "process_vm_readv refused (EPERM): strings and bytes from /proc/PID/mem" {
	start_bg sleep 1000
	# The filter is real: process_vm_readv itself fails under it.
	run -0 "$NOVMREAD" python3 -c '
import ctypes, os, sys
libc = ctypes.CDLL(None, use_errno=True)
buf = ctypes.create_string_buffer(8)
iov = (ctypes.c_void_p * 2)(ctypes.addressof(buf), 8)
rc = libc.process_vm_readv(int(sys.argv[1]), iov, 1, iov, 1, 0)
print(rc, ctypes.get_errno())' "$$"
	[ "$output" = "-1 1" ]
	run -0 --separate-stderr "$NOVMREAD" "$AUXV" --json "$BG_PID"
	[ -z "$stderr" ]
	check_mem "$output" "$BG_PID"
}

# A process that overwrote its AT_EXECFN and what follows it up to the end
# of its stack with 'A's: the string has no NUL before unmapped memory.
# /proc/PID/mem says EIO there (process_vm_readv EFAULT): each way, what
# was there, marked truncated; python reads the same bytes up to the end.
@test "AT_EXECFN without a NUL before the end of the stack: what is mapped, truncated, by either read" {
	[ "$(python3 -c 'import struct; print(struct.calcsize("P"))')" = 8 ] ||
	    skip "the writer takes 64-bit words"
	start_bg python3 -c '
import ctypes, struct, time
raw = open("/proc/self/auxv", "rb").read()
fn = [v for t, v in struct.iter_unpack("=QQ", raw) if t == 31][0]
for l in open("/proc/self/maps"):
    if l.endswith("[stack]\n"):
        end = int(l.split("-")[1].split()[0], 16)
ctypes.memset(fn, 0x41, end - fn)
print(end - fn, flush=True)
time.sleep(1000)'
	local i pre
	for i in $(seq 1 250); do
		[ ! -s "$T/bg.out" ] || break
		sleep 0.02
	done
	# shellcheck disable=SC2086
	for pre in "$NOVMREAD" ""; do
		run -0 --separate-stderr $pre "$AUXV" --json "$BG_PID"
		[ -z "$stderr" ]
		python3 - "$output" "$BG_PID" <<-'PY'
			import json, sys
			doc, pid = json.loads(sys.argv[1]), int(sys.argv[2])
			e = [e for e in doc["entries"] if e["type"] == 31][0]
			mem = open("/proc/%d/mem" % pid, "rb", buffering=0)
			s, a = b"", e["value"]
			while True:
			    mem.seek(a + len(s))
			    try:
			        b = mem.read(4096 - (a + len(s)) % 4096)
			    except OSError:
			        break
			    if not b:
			        break
			    s += b
			assert b"\0" not in s and s == b"A" * len(s), s
			assert e["string"] == s.decode() and e["truncated"] is True, e
		PY
	done
}

@test "process_vm_readv missing (ENOSYS): strings and bytes from /proc/PID/mem" {
	start_bg sleep 1000
	run -0 "$NOVMREAD" -n python3 -c '
import ctypes, os, sys
libc = ctypes.CDLL(None, use_errno=True)
buf = ctypes.create_string_buffer(8)
iov = (ctypes.c_void_p * 2)(ctypes.addressof(buf), 8)
rc = libc.process_vm_readv(int(sys.argv[1]), iov, 1, iov, 1, 0)
print(rc, ctypes.get_errno() == __import__("errno").ENOSYS)' "$$"
	[ "$output" = "-1 True" ]
	run -0 --separate-stderr "$NOVMREAD" -n "$AUXV" --json "$BG_PID"
	[ -z "$stderr" ]
	check_mem "$output" "$BG_PID"
}

@test "full: process_vm_readv refused: a 1,500-byte AT_EXECFN is read whole" {
	path=$(deep 1500)
	start_bg "$path" 1000
	run -0 --separate-stderr "$NOVMREAD" "$AUXV" --json "$BG_PID"
	[ -z "$stderr" ]
	check_mem "$output" "$BG_PID"
	echo "$output" | jq -e --arg p "$path" \
	    '.entries[] | select(.type == 31) | .string == $p and (has("truncated") | not)'
	run -0 --separate-stderr "$NOVMREAD" "$AUXV" -k EXECFN "$BG_PID"
	[ "$output" = "AT_EXECFN:            $path" ]
}

# nomem ARG...: auxv ARG... with process_vm_readv refused and every open
# from that of /proc/PID/mem on failed (EMFILE): the last open of a clean
# run, after /proc/PID/auxv and comm (a read that could not open the
# file asks again).
nomem() {
	local k
	LD_PRELOAD=$FAULTINJ AUXV_FAULT_COUNT=$T/counts \
	    ASAN_OPTIONS=verify_asan_link_order=0 \
	    "$NOVMREAD" "$AUXV" "$@" >/dev/null
	k=$(awk '$1 == "open" { print $2 }' "$T/counts")
	LD_PRELOAD=$FAULTINJ AUXV_FAULT_CALL=open AUXV_FAULT_N=$k \
	    AUXV_FAULT_AFTER=1 AUXV_FAULT_ERRNO=EMFILE \
	    ASAN_OPTIONS=verify_asan_link_order=0 \
	    "$NOVMREAD" "$AUXV" "$@"
}

@test "process_vm_readv refused and /proc/PID/mem not opened: pointers unreadable, status 0" {
	[ -e "${FAULTINJ:-}" ] || skip "no fault injection library built"
	start_bg sleep 1000
	run -0 --separate-stderr nomem --json "$BG_PID"
	[ -z "$stderr" ]
	python3 - "$output" "$BG_PID" <<'PY2'
import json, sys
from oracle import pairs_of
d = json.loads(sys.argv[1])
want = pairs_of("/proc/%s/auxv" % sys.argv[2], d["word_size"], d["byte_order"])
assert [(e["type"], e["value"]) for e in d["entries"]] == want, d
ptr = [e for e in d["entries"] if e["type"] in (15, 24, 25, 31)]
assert {25, 31} <= {e["type"] for e in ptr}, ptr
for e in ptr:
    assert e.get("string", e.get("bytes", 0)) is None, e
PY2
	run -0 --separate-stderr nomem -k EXECFN "$BG_PID"
	[ -z "$stderr" ]
	[[ "$output" =~ ^AT_EXECFN:\ +0x[0-9a-f]+\ \ \(unreadable\)$ ]]
}

@test "process_vm_readv refused: a 32-bit process, its layout from its exe" {
	need run32
	start_bg "$(sleep32)"
	run -0 --separate-stderr "$NOVMREAD" "$AUXV" --json "$BG_PID"
	[ -z "$stderr" ]
	echo "$output" | jq -e '.word_size == 4 and .arch == "i386"'
	check_mem "$output" "$BG_PID"
}

@test "process_vm_readv refused: self reads its own memory directly" {
	run -0 --separate-stderr "$NOVMREAD" "$AUXV" --json
	[ -z "$stderr" ]
	# AT_EXECFN is the path execvp was given; the random bytes are there.
	python3 - "$output" "$AUXV" <<'PY'
import json, sys
d = json.loads(sys.argv[1])
e = {x["type"]: x for x in d["entries"]}
assert d["source"] == "self", d
assert e[31]["string"] == sys.argv[2], e[31]
assert isinstance(e[25]["bytes"], str) and len(e[25]["bytes"]) == 32, e[25]
assert int(e[25]["bytes"], 16) != 0, e[25]
PY
	# Its vector is the one ld.so showed at the start of the same run.
	need x86_64
	LD_SHOW_AUXV=1 "$NOVMREAD" "$AUXV" --json >"$T/out"
	python3 - "$T/out" <<'PY'
import json, sys
lines = open(sys.argv[1]).read().splitlines()
shown = {}
for l in lines[:-1]:
    name, _, val = l.partition(":")
    shown[name.strip()] = val.split()[0]
d = json.loads(lines[-1])
e = {x["name"]: x for x in d["entries"]}
assert shown["AT_EXECFN"] == e["AT_EXECFN"]["string"], shown
assert int(shown["AT_RANDOM"], 16) == e["AT_RANDOM"]["value"], shown
assert int(shown["AT_PAGESZ"]) == e["AT_PAGESZ"]["value"], shown
PY
}

# The read ahead: one process_vm_readv of several spans, up to 256 bytes
# at each string (auxv(1)), not past the end of its 4 KiB block.  Under
# "novmread -1" a call of one span is refused, so the rest of a longer
# string, which comes from such calls, can't be read: what is shown is
# exactly what the read ahead held.  PAD keeps AT_EXECFN's span apart
# from AT_RANDOM's, so that the read ahead is a call of two spans.

@test "full: read ahead: a 1,500-byte AT_EXECFN is read ahead 256 bytes, then on" {
	path=$(deep 1500)
	PAD=$(pad) start_bg "$path" 1000
	# Unfiltered: whole, from the read ahead and the calls after it.
	run -0 --separate-stderr "$AUXV" --json "$BG_PID"
	check_mem "$output" "$BG_PID"
	# Only the read ahead: its first 256 bytes, marked truncated.
	run -0 --separate-stderr "$NOVMREAD" -1 "$AUXV" --json "$BG_PID"
	[ -z "$stderr" ]
	check_mem "$output" "$BG_PID" 256
	echo "$output" | jq -e --arg p "${path:0:256}" \
	    '.entries[] | select(.type == 31) | .string == $p and .truncated'
	run -0 --separate-stderr "$NOVMREAD" -1 "$AUXV" -k EXECFN "$BG_PID"
	[ "$output" = "AT_EXECFN:            ${path:0:256}  (truncated)" ]
}

@test "read ahead: the rest of a long AT_EXECFN failing (ENOMEM, ESRCH) is unreadable, not truncated" {
	[ -e "${FAULTINJ:-}" ] || skip "no fault injection library built"
	path=$(deep 1500)
	start_bg "$path" 1000
	# The first call reads the strings ahead; every later one fails.
	for e in ENOMEM ESRCH; do
		run -0 --separate-stderr env LD_PRELOAD="$FAULTINJ" \
		    AUXV_FAULT_CALL=process_vm_readv AUXV_FAULT_N=2 \
		    AUXV_FAULT_AFTER=1 AUXV_FAULT_ERRNO=$e \
		    ASAN_OPTIONS=verify_asan_link_order=0 \
		    "$AUXV" -k EXECFN "$BG_PID"
		[[ "$output" =~ ^AT_EXECFN:\ +0x[0-9a-f]+\ \ \(unreadable\)$ ]]
	done
	# Memory that is not there (EFAULT) cuts it: truncated.
	run -0 --separate-stderr env LD_PRELOAD="$FAULTINJ" \
	    AUXV_FAULT_CALL=process_vm_readv AUXV_FAULT_N=2 \
	    AUXV_FAULT_AFTER=1 AUXV_FAULT_ERRNO=EFAULT \
	    ASAN_OPTIONS=verify_asan_link_order=0 "$AUXV" -k EXECFN "$BG_PID"
	[[ "$output" == "AT_EXECFN:            ${path:0:100}"*"  (truncated)" ]]
}

@test "full: read ahead: a string of 255 bytes fits the span, one of 256 does not" {
	local p255 p256
	p255=$(deep 255)
	p256=$(deep 256)
	PAD=$(pad) start_bg "$p255" 1000
	OTHER=$BG_PID
	run -0 --separate-stderr "$NOVMREAD" -1 "$AUXV" --json "$BG_PID"
	check_mem "$output" "$BG_PID" 256
	echo "$output" | jq -e --arg p "$p255" \
	    '.entries[] | select(.type == 31) | .string == $p and (has("truncated") | not)'
	BG_PID=
	PAD=$(pad) start_bg "$p256" 1000
	run -0 --separate-stderr "$NOVMREAD" -1 "$AUXV" --json "$BG_PID"
	check_mem "$output" "$BG_PID" 256
	echo "$output" | jq -e --arg p "$p256" \
	    '.entries[] | select(.type == 31) | .string == $p and .truncated'
}

@test "full: AT_EXECFN that starts at a block boundary: whole, 256 ahead" {
	# The kernel puts AT_EXECFN at the top of the stack, under one null
	# pointer: a path of 4096 - 8 - 1 bytes starts at a 4 KiB boundary.
	path=$(deep 4087)
	PAD=$(pad) start_bg "$path" 1000
	python3 -c '
import sys
from oracle import pairs_of
v = dict(pairs_of("/proc/%s/auxv" % sys.argv[1], 8, "="))[31]
assert v % 4096 == 0, hex(v)' "$BG_PID"
	for filter in "" "$NOVMREAD"; do
		run -0 --separate-stderr $filter "$AUXV" --json "$BG_PID"
		[ -z "$stderr" ]
		check_mem "$output" "$BG_PID"
		echo "$output" | jq -e --arg p "$path" \
		    '.entries[] | select(.type == 31) | .string == $p'
	done
	run -0 --separate-stderr "$NOVMREAD" -1 "$AUXV" --json "$BG_PID"
	check_mem "$output" "$BG_PID" 256
	echo "$output" | jq -e --arg p "${path:0:256}" \
	    '.entries[] | select(.type == 31) | .string == $p and .truncated'
}

@test "full: AT_EXECFN one byte before a block boundary: whole, 1 byte ahead" {
	# 4,088 bytes, its NUL and a null pointer end the stack: it starts
	# on the last byte of a block, and the read ahead stops there.
	path=$(deep 4088)
	PAD=$(pad) start_bg "$path" 1000
	run -0 --separate-stderr "$NOVMREAD" -1 "$AUXV" --json "$BG_PID"
	check_mem "$output" "$BG_PID" 256
	echo "$output" | jq -e \
	    '.entries[] | select(.type == 31) | .string == "/" and .truncated'
	run -0 --separate-stderr "$NOVMREAD" "$AUXV" --json "$BG_PID"
	check_mem "$output" "$BG_PID"
}
