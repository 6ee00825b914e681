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
import ctypes, time
from oracle import pairs_of
fn = dict(pairs_of("/proc/self/auxv", 8, "="))[31]
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

# bats test_tags=full
@test "process_vm_readv refused: a 1,500-byte AT_EXECFN is read whole" {
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

# bats test_tags=run32
@test "process_vm_readv refused: a 32-bit process, its layout from its exe" {
	need run32
	start_bg "$(sleep32)"
	run -0 --separate-stderr "$NOVMREAD" "$AUXV" --json "$BG_PID"
	[ -z "$stderr" ]
	echo "$output" | jq -e '.word_size == 4 and .arch == "i386"'
	check_mem "$output" "$BG_PID"
}

@test "process_vm_readv refused (EPERM, ENOSYS): self reads its own memory in itself, not /proc/self/mem" {
	local how flags
	for how in EPERM ENOSYS; do
		flags=()
		[ "$how" = EPERM ] || flags=(-n)
		echo "process_vm_readv: $how"
		run -0 --separate-stderr "$NOVMREAD" "${flags[@]}" "$AUXV" --json
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
	done
	# What qemu-user does not translate is not opened; /proc/self/maps is.
	if has strace; then
		# LeakSanitizer does not work under ptrace: an ASan build
		# runs without it here.
		strace -f -qq -o "$T/trace" -e trace=open,openat \
		    env ASAN_OPTIONS=detect_leaks=0 "$NOVMREAD" -n "$AUXV" \
		    --json >/dev/null
		run -1 grep -c '/proc/self/mem"' "$T/trace"
		grep -q '"/proc/self/maps"' "$T/trace"
	fi
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

# uexec (exec/uexec.c) runs the static auxv with AT_EXECFN in a page
# mapped without access, or where nothing is mapped: /proc/self/mem would
# read the first (the kernel's FOLL_FORCE); /proc/self/maps says neither
# is readable, and a read in the process must not touch them.
@test "process_vm_readv refused: self's AT_EXECFN in a page without access, or none, is unreadable" {
	local how fault
	uexec_ready
	for how in "" -n; do
		for fault in execfn-none execfn; do
			# shellcheck disable=SC2086
			run -0 --separate-stderr "$NOVMREAD" $how "$UEXEC" \
			    "$fault" "$st" -k EXECFN
			[[ "$output" =~ ^AT_EXECFN:\ +0x[0-9a-f]+\ \ \(unreadable\)$ ]]
		done
	done
}

# The read ahead: one process_vm_readv of several spans, up to 256 bytes
# at each string (auxv(1)), not past the end of its 4 KiB block.  Under
# "novmread -1" a call of one span is refused, so the rest of a longer
# string, which comes from such calls, can't be read: what is shown is
# exactly what the read ahead held.  PAD keeps AT_EXECFN's span apart
# from AT_RANDOM's, so that the read ahead is a call of two spans.

# bats test_tags=full
@test "read ahead: a 1,500-byte AT_EXECFN is read ahead 256 bytes, then on" {
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

# bats test_tags=full
@test "read ahead: a string of 255 bytes fits the span, one of 256 does not" {
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

# bats test_tags=full
@test "AT_EXECFN that starts at a block boundary: whole, 256 ahead" {
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

# bats test_tags=full
@test "AT_EXECFN one byte before a block boundary: whole, 1 byte ahead" {
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

# --- Vectors no kernel writes, in a /proc that procfs did not write ----
#
# fakemem FAKE: folders FAKE/PID (PIDs above any real one) of a vector
# (auxv), the memory it points to (mem: a sparse file, read at offsets
# that are the addresses), a name and an executable's first bytes (exe),
# each written here with mkfixture's Elf; and FAKE/want.json, what each
# PID's JSON must hold: word size, byte order, and the string or bytes
# of each entry that points (null: unreadable).
fakemem() {
	python3 - "$1" <<'PY2'
import json, os, struct, sys
from mkfixture import Elf
fake = sys.argv[1]
want = {}
ELF64 = open("/bin/sh", "rb").read(64)


def ehdr32(order, machine):
    k = Elf(4, order)
    return k.ehdr(2, machine, 52, 0) + b"\0" * 12


def proc(pid, ws, order, pairs, mem, exe=ELF64, strs=None, rnd=None,
         pad=b"", read_as=None):
    d = os.path.join(fake, str(pid))
    os.makedirs(d)
    with open(os.path.join(d, "auxv"), "wb") as f:
        f.write(Elf(ws, order).vector(pairs) + pad)
    with open(os.path.join(d, "mem"), "wb") as f:
        for addr, data in mem:
            f.seek(addr)
            f.write(data)
    with open(os.path.join(d, "exe"), "wb") as f:
        f.write(exe)
    with open(os.path.join(d, "comm"), "w") as f:
        f.write("fake\n")
    ws, order = read_as or (ws, order)
    want[pid] = {"ws": ws, "order": order, "strings": strs or {},
                 "random": rnd}


# Past what a pointer may be: random bytes that end past 2^64 (no span
# to read ahead), a string starting 8 bytes below 2^63 (pread can't
# reach its block's end), a vDSO in the last blocks; a null AT_PLATFORM;
# a type nobody names; more program headers than are read; 13 strings a
# block apart, one more than the spans of one read.
far = [(24, 0x100000 + i * 0x1000) for i in range(13)]
proc(5000011, 8, "little",
     [(3, 0x400040), (4, 56), (5, 200), (25, 2**64 - 8),
      (31, 2**63 - 8), (15, 0), (0x7777, 1), (33, 2**64 - 0x1800)] + far,
     [(a, b"s%d\0" % i) for i, (_, a) in enumerate(far)],
     strs={31: None, 24: ["s%d" % i for i in range(13)]}, rnd=None)
# 13 strings again, and a vDSO that finds no span left; program
# headers of a size no ELF has.
proc(5000012, 8, "little", [(4, 64), (5, 2), (3, 0x400040), (33, 0x7000),
                            (25, 0x3000)] + far,
     [(a, b"s%d\0" % i) for i, (_, a) in enumerate(far)] +
     [(0x3000, bytes(range(16)))],
     strs={24: ["s%d" % i for i in range(13)]}, rnd=bytes(range(16)).hex())
# 700 strings 100 bytes apart: one span of 70,156 bytes, which leaves no
# room for the vDSO's block; 40 more, another span too large for what
# is left of the window.  (Short strings: all of them together stay
# within what one vector's strings may take.)
chain = [(24, 0x200000 + i * 100) for i in range(700)] + \
        [(24, 0x400000 + i * 100) for i in range(40)]
proc(5000013, 8, "little", [(33, 0x7000)] + chain,
     [(0x200000, (b"x" * 9 + bytes(91)) * 700),
      (0x400000, (b"y" * 9 + bytes(91)) * 40)],
     strs={24: ["x" * 9] * 700 + ["y" * 9] * 40})
# 32-bit vectors (the zeros after AT_NULL that a 64-bit kernel's count
# of its own words takes in), which only a header can confirm: no vDSO
# and an executable of 10 bytes, or of 64 that are no ELF header: the
# guess, 4 bytes; a 64-bit header: 8-byte words; a big-endian 32-bit
# one: words of that order.  A 64-bit vector whose first type is not
# small, which the guess takes for 32-bit words, and parses as more
# entries than a vector may hold: the header tells.
v32 = [(6, 4096), (17, 100), (31, 0x2000), (33, 0x5000)]
m32 = [(0x2000, b"/fake/exe32\0")]
z = bytes(8)
proc(5000014, 4, "little", v32[:3] + [(33, 0)], m32,
     exe=b"\x7fELF short", strs={31: "/fake/exe32"}, pad=z)
proc(5000015, 4, "little", v32, m32, exe=b"\x7e" * 64,
     strs={31: "/fake/exe32"}, pad=z)
proc(5000016, 4, "little", v32, m32, pad=z, read_as=(8, "little"))
proc(5000017, 4, "big", v32, m32, exe=ehdr32("big", 20), pad=z)
proc(5000020, 8, "little",
     [(0x10000, 1)] + [(100, i + 1) for i in range(3000)], [])
# Program headers whose interpreter's path would end past 2^64: not read
# ahead, nor at all; the headers themselves not where an ELF header
# would be before them, not read ahead either.
k = Elf(8, "little")
proc(5000022, 8, "little", [(3, 0x600100), (4, 56), (5, 2), (6, 4096)],
     [(0x600100, k.phdr(6, 4, 256, 0x600100, 112, 112, 8) +
       k.phdr(3, 4, 0x1000, 2**64 - 16, 100, 100, 1))])
with open(os.path.join(fake, "want.json"), "w") as f:
    json.dump(want, f)
PY2
}

# checkfake FAKE FILE: auxv's JSON lines in FILE against FAKE/want.json and the
# vectors' bytes (oracle.py); prints how many it checked.
checkfake() {
	python3 - "$1" "$2" <<'PY2'
import json, os, sys
from oracle import pairs_of
fake = sys.argv[1]
want = json.load(open(os.path.join(fake, "want.json")))
n = 0
for line in open(sys.argv[2]):
    d = json.loads(line)
    w = want[str(d["pid"])]
    assert (d["word_size"], d["byte_order"]) == (w["ws"], w["order"]), d
    raw = os.path.join(fake, str(d["pid"]), "auxv")
    got = [(e["type"], e["value"]) for e in d["entries"]]
    assert got == pairs_of(raw, w["ws"], w["order"]), (d["pid"], got)
    for t, s in w["strings"].items():
        es = [e for e in d["entries"] if e["type"] == int(t)]
        ss = [e["string"] for e in es]
        assert ss == (s if isinstance(s, list) else [s]), (d["pid"], t, ss)
    for e in d["entries"]:
        if e["type"] == 25:
            assert e["bytes"] == w["random"], (d["pid"], e)
        if e["type"] == 15:
            assert e["string"] is None, e
    n += 1
print(n)
PY2
}

# bats test_tags=slow
@test "vectors no kernel writes, /proc/PID/mem read: what can be read is, the rest unreadable; unfinished ones said" {
	need mountns
	local f=$T/proc
	mkdir "$f"
	fakemem "$f"
	fakeproc "$f" "$NOVMREAD" "$AUXV" --json 5000011 5000012 5000013 \
	    5000014 5000015 5000016 5000017 5000020 5000022 >"$T/out" 2>"$T/err"
	[ ! -s "$T/err" ]
	run -0 checkfake "$f" "$T/out"
	[ "$output" = 9 ]
	jq -e -s '.[] | select(.pid == 5000022) | .entries[0].phdrs[1] |
	    .name == "PT_INTERP" and .interp == null' "$T/out"
	# Vectors an exec has not finished writing, for as long as auxv
	# reads again: zeros, entries not yet ended by an AT_NULL, less than
	# a word, less than a pair.
	fakepid "$f" 5000018 auxv:=raw
	fakepid "$f" 5000019 auxv:='raw -N 6=4096'
	fakepid "$f" 5000023 auxv:='raw -N -C 4 6=0'
	fakepid "$f" 5000024 auxv:='raw -N -C 12 6=0'
	run -1 --separate-stderr fakeproc "$f" "$AUXV" 5000018 5000019 \
	    5000023 5000024
	[ -z "$output" ]
	[ "${stderr_lines[0]}" = "auxv: 5000018: exec in progress: no vector yet" ]
	[ "${stderr_lines[1]}" = "auxv: 5000019: exec in progress: no vector yet" ]
	[ "${stderr_lines[2]}" = "auxv: 5000023: exec in progress: no vector yet" ]
	[ "${stderr_lines[3]}" = "auxv: 5000024: exec in progress: no vector yet" ]
	[ "${#stderr_lines[@]}" -eq 4 ]
}

# bats test_tags=slow
@test "32-bit vectors: the vDSO's header decides where it can be theirs, else the executable's" {
	need mountns
	local f=$T/proc a exe
	# Headers in a live process's memory, below 4 GiB, where the vectors
	# below put their vDSO: not ELF, a 64-bit one, one of no machine, and
	# last an i386 one, which decides over the executable's (ARM) header.
	start_bg python3 -c '
import ctypes, time
from mkfixture import Elf
heads = [b"\x7e" * 64, open("/bin/sh", "rb").read(64),
         Elf(4, "little").ehdr(2, 0, 52, 0) + bytes(12),
         Elf(4, "little").ehdr(3, 3, 52, 0) + bytes(12)]
libc = ctypes.CDLL(None, use_errno=True)
libc.mmap.restype = ctypes.c_void_p
libc.mmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int,
                      ctypes.c_int, ctypes.c_int, ctypes.c_long]
# PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_32BIT
at = libc.mmap(None, 4096, 3, 0x22 | 0x40, -1, 0)
assert at not in (None, 2**64 - 1) and at < 2**32, at
for i, h in enumerate(heads):
    ctypes.memmove(at + 64 * i, h, 64)
print(" ".join(str(at + 64 * i) for i in range(len(heads))), flush=True)
time.sleep(1000)'
	for _ in $(seq 100); do
		[ -s "$T/bg.out" ] && break
		sleep 0.05
	done
	mkdir "$f"
	exe=3
	for a in $(cat "$T/bg.out"); do
		# The process's own vector, but for its vDSO, in 32-bit words,
		# and an i386 executable's header (EM_386), or with the i386
		# vDSO header an ARM one (EM_ARM).
		[ "$a" = "$(awk '{ print $NF }' "$T/bg.out")" ] && exe=40
		rm -rf "${f:?}/$BG_PID"
		python3 - "$f/$BG_PID" "$a" "$exe" <<'PY2'
import os, sys
from mkfixture import Elf
d, vdso, machine = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
os.makedirs(d)
k = Elf(4, "little")
with open(d + "/auxv", "wb") as f:
    f.write(k.vector([(6, 4096), (17, 100), (33, vdso)]) + bytes(8))
with open(d + "/exe", "wb") as f:
    f.write(k.ehdr(2, machine, 52, 0) + bytes(12))
PY2
		run -0 --separate-stderr fakeproc "$f" "$AUXV" --json "$BG_PID"
		[ -z "$stderr" ]
		python3 - "$output" "$f/$BG_PID/auxv" <<'PY2'
import json, sys
from oracle import pairs_of
d = json.loads(sys.argv[1])
assert (d["arch"], d["word_size"], d["byte_order"]) == ("i386", 4, "little"), d
got = [(e["type"], e["value"]) for e in d["entries"]]
assert got == pairs_of(sys.argv[2], 4), got
PY2
	done
}

# --- Under qemu-user ----------------------------------------------------
#
# auxv built for another architecture (common.bash, guest_build) runs
# under qemu-user, which refuses process_vm_readv (ENOSYS) and passes
# /proc/self/mem through untranslated: for a 32-bit guest, whose
# addresses are not the host's, it holds the host's bytes.  The oracle
# is of the same process: tests/exec/auxvrec.c, preloaded into auxv,
# writes what libc's getauxval() points to and /proc/self/auxv, which
# qemu serves for its guest.

# guest_self NAME TRIPLE PLATFORM...: auxv --json of NAME's build under
# its qemu, against the oracle; AT_EXECFN is the path qemu was given and
# AT_PLATFORM one of PLATFORM....
guest_self() {
	local d=$BATS_RUN_TMPDIR/guest-$1 q=qemu-$1-static t=$2
	shift 2
	# (Its own libc: the host's ld.so.cache names /lib32's to i386.)
	run -0 --separate-stderr "$q" -L "/usr/$t" \
	    -E "LD_LIBRARY_PATH=/usr/$t/lib" -E LD_PRELOAD="$d/auxvrec.so" \
	    -E AUXVREC="$T/rec" "$d/auxv" --json
	[ -z "$stderr" ]
	python3 - "$output" "$T/rec" "$d/auxv" "$@" <<'PY'
import json, sys
from oracle import pairs
doc, path, plats = json.loads(sys.argv[1]), sys.argv[3], sys.argv[4:]
rec = {}
for line in open(sys.argv[2]):
    k, _, v = line.rstrip("\n").partition(" ")
    rec[k] = v
want = pairs(bytes.fromhex(rec["auxv"]), doc["word_size"], doc["byte_order"])
got = [(e["type"], e["value"]) for e in doc["entries"]]
assert got == want, (got, want)
e = {x["type"]: x for x in doc["entries"]}
execfn = bytes.fromhex(rec["execfn"]).decode()
platform = bytes.fromhex(rec["platform"]).decode()
assert e[31]["string"] == execfn == path, (e[31], execfn, path)
assert e[15]["string"] == platform and platform in plats, (e[15], platform)
assert e[25]["bytes"] == rec["random"], (e[25], rec["random"])
PY
}

# bats test_tags=full
@test "qemu-arm: self's strings and random bytes are the guest's, not the host's at the same address" {
	need qemu_arm
	guest_self arm arm-linux-gnueabihf v7l v8l
	# The human format's lines the same.
	local d=$BATS_RUN_TMPDIR/guest-arm
	run -0 qemu-arm-static -L /usr/arm-linux-gnueabihf "$d/auxv" -k EXECFN
	[ "$output" = "AT_EXECFN:            $d/auxv" ]
}

# bats test_tags=full
@test "qemu-i386: self's strings and random bytes are the guest's, not the host's at the same address" {
	need qemu_i386
	guest_self i386 i686-linux-gnu i686
}

# bats test_tags=full
@test "qemu-aarch64: self's strings and random bytes are the guest's" {
	need qemu_aarch64
	guest_self aarch64 aarch64-linux-gnu aarch64
}

# A host process read by an auxv built for another architecture: its
# machine is its executable's (e_machine read here by elf.py), never the
# reader's, however its words look.  The same with process_vm_readv
# refused natively.
exe_machine() {
	python3 - "$@" <<'PY'
import json, sys
import elf
doc = json.loads(sys.argv[1])
f = elf.read("/proc/%s/exe" % sys.argv[2])
ws, m = f.ws, f.h.machine
names = {62: "x86_64" if ws == 8 else "x32", 3: "i386", 183: "aarch64",
         40: "arm"}
assert doc["machine"] == m and doc["word_size"] == ws, (doc["machine"], m)
assert doc["arch"] == names.get(m, doc["arch"]), (doc["arch"], m)
print(doc["arch"])
PY
}

# bats test_tags=run32,slow
@test "a process's machine is its executable's: natively, and with process_vm_readv refused" {
	local pre pid
	start_bg sleep 1000
	pid=$BG_PID
	for pre in "" "$NOVMREAD" "$NOVMREAD -n"; do
		# shellcheck disable=SC2086
		run -0 --separate-stderr $pre "$AUXV" --json "$pid"
		exe_machine "$output" "$pid"
		# shellcheck disable=SC2086
		run -0 --separate-stderr $pre "$AUXV" -o od "$pid"
	done
	has run32 || return 0
	OTHER=$pid
	BG_PID=
	start_bg "$(sleep32)"
	for pre in "" "$NOVMREAD -n"; do
		# shellcheck disable=SC2086
		run -0 --separate-stderr $pre "$AUXV" --json "$BG_PID"
		[ "$(exe_machine "$output" "$BG_PID")" = i386 ]
	done
}

# bats test_tags=full
@test "qemu-aarch64: a host process is decoded as its own architecture, not aarch64" {
	need qemu_aarch64
	local d=$BATS_RUN_TMPDIR/guest-aarch64 q
	start_bg sleep 1000
	q=(qemu-aarch64-static -L /usr/aarch64-linux-gnu "$d/auxv")
	run -0 --separate-stderr "${q[@]}" --json "$BG_PID"
	[ -z "$stderr" ]
	exe_machine "$output" "$BG_PID"
	# Its HWCAP names are those the native build gives it.
	[ "$("${q[@]}" -k HWCAP,PLATFORM "$BG_PID")" = \
	    "$("$AUXV" -k HWCAP,PLATFORM "$BG_PID")" ]
	# A 32-bit guest reading the same: its layout from a header too.
	if has qemu_arm; then
		d=$BATS_RUN_TMPDIR/guest-arm
		run -0 --separate-stderr qemu-arm-static \
		    -L /usr/arm-linux-gnueabihf "$d/auxv" --json "$BG_PID"
		exe_machine "$output" "$BG_PID"
	fi
}

@test "a 64-bit vector of the build's words: its machine from the vDSO's header, else the executable's" {
	need mountns
	need jq
	[ "$("$AUXV" --json -k AT_PAGESZ | jq -r '"\(.word_size) \(.byte_order)"')" = "8 little" ] ||
	    skip "auxv's build reads 4-byte or big-endian words; the case writes a 64-bit little-endian vector"
	local f=$T/proc
	mkdir "$f"
	python3 - "$f" <<'PY'
import os, sys
from mkfixture import Elf
k = Elf(8, "little")
x86 = open("/bin/sh", "rb").read(64)


def ehdr(machine):
    return k.ehdr(3, machine, 64, 0)


def proc(pid, vdso, exe, mem):
    d = os.path.join(sys.argv[1], str(pid))
    os.makedirs(d)
    pairs = [(3, 0x400040), (4, 56), (5, 2), (6, 4096)]
    pairs += [(33, 0x7000)] if vdso else []
    with open(d + "/auxv", "wb") as f:
        f.write(k.vector(pairs))
    with open(d + "/mem", "wb") as f:
        f.seek(0x7000)
        f.write(mem)
    with open(d + "/exe", "wb") as f:
        f.write(exe)
    with open(d + "/comm", "w") as f:
        f.write("fake\n")


# The vDSO says aarch64 over an x86-64 executable; no vDSO, the
# executable does; a vDSO header of another class, the executable.
proc(5000031, True, x86, ehdr(183))
proc(5000032, False, ehdr(183)[:64], b"")
proc(5000033, True, ehdr(183), Elf(4, "little").ehdr(3, 3, 52, 0))
PY
	# /proc/PID/mem is the folder's file where process_vm_readv is refused.
	for how in "" -n; do
		# shellcheck disable=SC2086
		run -0 --separate-stderr fakeproc "$f" "$NOVMREAD" $how \
		    "$AUXV" --json 5000031 5000032 5000033
		[ -z "$stderr" ]
		echo "$output" | jq -e -s 'map([.pid, .arch, .machine, .word_size]) ==
		    [[5000031, "aarch64", 183, 8], [5000032, "aarch64", 183, 8],
		     [5000033, "aarch64", 183, 8]]'
	done
}

# A process's memory costs at most two process_vm_readv: one for what
# the decoders name at once (strings, random bytes, the vDSO's blocks,
# the program headers), one more for what those point to (the
# interpreter's name, the GNU properties, the rest of the vDSO).  Counted
# per thread read by strace; the processes read are those of auxv's
# document (python3's json), among them a sleep whose vDSO and headers
# were followed.
@test "-a --json: at most two process_vm_readv per process read (strace)" {
	need strace
	local more=() p
	start_bg sleep 1000
	for p in 1 2; do
		sleep 1000 &
		more+=("$!")
	done
	# Each one's sleep, not the shell it forked from: a vector read
	# mid-execve is read again.
	await_exec sleep "${more[@]}"
	# LeakSanitizer does not run under ptrace: without it.
	strace -f -qq -e trace=process_vm_readv -e signal=none \
	    -o "$T/trace" env ASAN_OPTIONS=detect_leaks=0 "$AUXV" -a --json \
	    >"$T/out"
	run python3 - "$T/trace" "$T/out" "$BG_PID" "${more[@]}" <<'PY'
import collections, json, re, sys
calls = collections.Counter()
for line in open(sys.argv[1]):
    m = re.match(r"\d+\s+process_vm_readv\((\d+),", line)
    if m:
        calls[int(m.group(1))] += 1
docs = [json.loads(l) for l in open(sys.argv[2])]
# Counted for the processes this test started, alive throughout: another
# process may exit between its reads (a test run beside this one), and
# a vector caught mid-execve is read again.
for bg in map(int, sys.argv[3:]):
    assert 1 <= calls[bg] <= 2, (bg, calls[bg])
    mine = [d for d in docs if d.get("entries") and d["pid"] == bg]
    assert len(mine) == 1, mine
    ent = {e["type"]: e for e in mine[0]["entries"]}
    assert ent[33]["vdso"]["error"] is None, ent[33]
    assert ent[3]["phdrs_error"] is None, ent[3]
    assert ent[31]["string"] and len(ent[25]["bytes"]) == 32, (ent[31], ent[25])
print(len(docs), sum(calls.values()))
PY
	kill "${more[@]}"
	wait "${more[@]}" 2>/dev/null || true
	echo "$output"
	[ "$status" -eq 0 ]
}
