#!/usr/bin/env bats
# -o od against od(1) itself on the same bytes.

load common

teardown() {
	stop_bg
}

@test "PID: --od is byte for byte od -t d8 of /proc/PID/auxv" {
	need host_order
	start_bg sleep 1000
	run -0 "$AUXV" --od "$BG_PID"
	[ "$output" = "$(od -t d8 "/proc/$BG_PID/auxv")" ]
	run -0 "$AUXV" -o od "$BG_PID"
	[ "$output" = "$(od -t d8 "/proc/$BG_PID/auxv")" ]
	# -v describes entries: od has none to describe, nothing changes.
	run -0 "$AUXV" -v --od "$BG_PID"
	[ "$output" = "$(od -t d8 "/proc/$BG_PID/auxv")" ]
}

# Several PIDs: each block headed as the human format heads it, the
# process's name from /proc/PID/comm, then od of its /proc file in the
# word size of its executable's ELF class (EI_CLASS: 1 is 32-bit).
@test "PIDs: --od's block headers name each process as human output does" {
	need host_order
	start_bg sleep 1000
	local p cls first=1
	for p in "$BG_PID" "$$"; do
		[ -n "$first" ] || echo
		first=
		echo "==> $p ($(cat "/proc/$p/comm")) <=="
		cls=$(od -An -tu1 -j4 -N1 "/proc/$p/exe" | tr -d ' ')
		od -t "d$((cls == 1 ? 4 : 8))" "/proc/$p/auxv"
	done >"$BATS_TEST_TMPDIR/want"
	run -0 --separate-stderr "$AUXV" --od "$BG_PID" "$$"
	[ "$output" = "$(cat "$BATS_TEST_TMPDIR/want")" ]
}

# bats test_tags=run32
@test "32-bit PID: --od is od -t d4 of the /proc file, trailing zeros too" {
	need host_order
	need run32
	start_bg "$(sleep32)"
	run -0 "$AUXV" --od "$BG_PID"
	[ "$output" = "$(od -t d4 "/proc/$BG_PID/auxv")" ]
}

# What the kernel's /proc/PID/auxv holds for a 32-bit process, made from
# this machine's own vector, so that it is covered where no 32-bit program
# runs: 32-bit pairs, AT_NULL, then zeros up to the size of the kernel's
# saved vector.
@test "saved 32-bit /proc vector with trailing zeros: od -t d4, pairs, raw" {
	need host_order
	local v=$BATS_TEST_TMPDIR/v32
	python3 - "$v" <<'PY'
import struct, sys
from mkfixture import Elf
from oracle import pairs_of
pairs = pairs_of("/proc/self/auxv", struct.calcsize("P"), "=")
open(sys.argv[1], "wb").write(Elf(4, "little").vector(
    [(t, v & 0xffffffff) for t, v in pairs]) + bytes(80))
PY
	run -0 "$AUXV" -f "$v" --word-size 4 --endian little --od
	[ "$output" = "$(od -t d4 "$v")" ]
	run -0 --separate-stderr "$AUXV" -f "$v" --word-size 4 \
	    --endian little --arch i386 --json
	python3 -c '
import json, sys
from oracle import pairs_of
d = json.loads(sys.argv[1])
assert d["word_size"] == 4 and d["arch"] == "i386", d
got = [(e["type"], e["value"]) for e in d["entries"]]
assert got == pairs_of(sys.argv[2], 4), got' "$output" "$v"
	"$AUXV" -f "$v" --word-size 4 -o raw | cmp - "$v"
}

@test "self: --od pairs are the vector glibc shows for the same process" {
	LD_SHOW_AUXV=1 "$AUXV" --od >"$BATS_TEST_TMPDIR/both"
	# -t d4 for a 32-bit build.
	ws=$("$AUXV" --json -k AT_PAGESZ | jq .word_size)
	python3 - "$BATS_TEST_TMPDIR/both" "$ws" <<'PY'
import re, sys
ws = int(sys.argv[2])
lines = open(sys.argv[1]).read().splitlines()
glibc = [l for l in lines if l.startswith("AT_")]
od = [l for l in lines if re.match(r"^[0-7]{7}", l)]
words = []
# A "*" folds lines that repeat the one before (powerpc's AT_IGNOREPPC
# pairs): the next line's offset says how many.
fold = False
for l in lines:
    if l == "*":
        fold = True
    elif re.match(r"^[0-7]{7}", l):
        while fold and len(words) * ws < int(l.split()[0], 8):
            words += prev
        fold = False
        prev = [int(x) for x in l.split()[1:]]
        words += prev
assert od[-1].split() == [od[-1]] and int(od[-1], 8) == len(words) * ws, od[-1]
pairs = list(zip(words[0::2], words[1::2]))
assert pairs[-1] == (0, 0), pairs[-1]
pairs = pairs[:-1]
# glibc leaves out powerpc's AT_IGNOREPPC padding.
if not any(l.startswith("AT_IGNOREPPC:") for l in glibc):
    pairs = [p for p in pairs if p[0] != 22]
assert len(pairs) == len(glibc), (len(pairs), len(glibc))
for (t, v), g in zip(pairs, glibc):
    m = re.match(r"AT_\?\?\? \(0x([0-9a-f]+)\): 0x([0-9a-f]+)$", g)
    if m:
        assert (t, v % 2**(8 * ws)) == (int(m.group(1), 16), int(m.group(2), 16)), g
    elif g.startswith("AT_PAGESZ"):
        assert t == 6 and v == int(g.split()[1]), g
print("ok")
PY
}

@test "raw file of odd length: --od still equals od -t d8 of the file" {
	need host_order
	mkraw "$BATS_TEST_TMPDIR/v" 8 '<' 6 4096 17 100 3 0x400040
	head -c 37 "$BATS_TEST_TMPDIR/v" >"$BATS_TEST_TMPDIR/odd"
	run -1 --separate-stderr "$AUXV" --od --word-size 8 \
	    -f "$BATS_TEST_TMPDIR/odd"
	[ "$output" = "$(od -t d8 "$BATS_TEST_TMPDIR/odd")" ]
	[[ "$stderr" == *"truncated at offset 32"* ]]
}

@test "raw file with repeated pairs: od's * folding, and negative words" {
	need host_order
	mkraw "$BATS_TEST_TMPDIR/v" 8 '<' 1 0 1 0 1 0 1 0 6 0xffffffffffffffff
	run -0 "$AUXV" --od --word-size 8 -f "$BATS_TEST_TMPDIR/v"
	[ "$output" = "$(od -t d8 "$BATS_TEST_TMPDIR/v")" ]
	[[ "$output" == *"-1"* ]]
}

@test "32-bit raw file: -t d4 layout" {
	need host_order
	mkraw "$BATS_TEST_TMPDIR/v" 4 '<' 6 4096 16 0xffffffff 0 0 0 0 0 0
	run -0 "$AUXV" --od --word-size 4 -f "$BATS_TEST_TMPDIR/v"
	[ "$output" = "$(od -t d4 "$BATS_TEST_TMPDIR/v")" ]
}

# Vectors written by mkfixture.py, then --od against od(1) on the same
# file.  od prints words in the host's byte order whatever the file's, so a
# big-endian vector is compared with plain od -t d8 as well.  Each file is
# named by what it holds, so that a failure says which one.
od_cases() {
	python3 - "$BATS_TEST_TMPDIR" "$1" "$2" <<'PY'
import os, sys
from mkfixture import Elf
d, ws, order = sys.argv[1], int(sys.argv[2]), sys.argv[3]
k = Elf(ws, order)
tag = {"<": "le", ">": "be"}[order]
def write(name, words):
    with open(os.path.join(d, "%s-%d-%s" % (name, ws, tag)), "wb") as fh:
        fh.write(k.words(words))
for n in range(1, 21):
    # n pairs, AT_NULL the last: all the same, all different, and
    # repeats in runs of three, so that * comes and goes.
    write("same%02d" % n, [1, 7] * (n - 1) + [0, 0])
    write("diff%02d" % n, sum(([6 + i, 4096 * i] for i in range(n - 1)), [])
          + [0, 0])
    write("runs%02d" % n, sum(([1 + i // 3, -1 - i // 3] for i in range(n - 1)),
                              []) + [0, 0])
# AT_NULL, then zeros, as /proc/PID/auxv of a 32-bit process ends.
write("zeros", [6, 4096, 17, 100, 0, 0] + [0] * 40)
# A run of repeated lines, a different one, a run again, then the
# repeated line cut short at the end.
line = [1, 5] if ws == 8 else [1, 5, 1, 5]
other = [-2, 2] if ws == 8 else [-2, 2, 3, -3]
write("twofolds", line * 4 + other + line * 3 + other * 2 + [0, 0])
write("shortlast", line * 3 + line[:2] if ws == 4 else line * 3 + [0])
# Lines that differ from the one before in their last byte only, or in
# their first only.
hi_byte, lo_byte = 1 << (8 * ws - 8), 1
write("lastbyte", line + line[:-1] + [line[-1] + hi_byte] +
      line[:-1] + [line[-1] + hi_byte + lo_byte] + [0, 0])
write("firstbyte", line + [line[0] + hi_byte] + line[1:] +
      [line[0] + hi_byte + lo_byte] + line[1:] + [0, 0])
# Extreme words: the least and greatest signed values.
lo, hi = -(1 << (8 * ws - 1)), (1 << (8 * ws - 1)) - 1
write("extremes", [lo, hi, hi, lo, -1, 0, 0, 0])
PY
}

# od_compare OD-OPTION AUXV-OPTION...: one auxv run over every file,
# against od run on each, under the ==> FILE <== headers of several
# sources.
od_compare() {
	local f odopt=$1 first=1
	shift
	for f in "$BATS_TEST_TMPDIR"/*-*-*; do
		[ -n "$first" ] || echo
		first=
		echo "==> $f <=="
		od "$odopt" "$f"
	done >"$BATS_TEST_TMPDIR/want"
	set -- "$@" $(printf -- '-f %s ' "$BATS_TEST_TMPDIR"/*-*-*)
	# Bounded: output without end (a loop that never passes the end of
	# the bytes) must fail the test, not hang it or fill the disk.
	timeout 10 "$AUXV" --od "$@" 2>"$BATS_TEST_TMPDIR/err" |
	    head -c 1000000 >"$BATS_TEST_TMPDIR/got" || true
	if ! diff "$BATS_TEST_TMPDIR/want" "$BATS_TEST_TMPDIR/got" \
	    >"$BATS_TEST_TMPDIR/diff"; then
		head -40 "$BATS_TEST_TMPDIR/diff"
		return 1
	fi
}

# bats test_tags=slow
@test "od: 1 to 20 pairs, repeats folded into *, 8-byte words, little-endian" {
	need host_order
	od_cases 8 '<'
	od_compare -td8 --word-size 8 --endian little
}

# bats test_tags=full
@test "od: 1 to 20 pairs, repeats and a short last line, 4-byte words" {
	need host_order
	od_cases 4 '<'
	od_compare -td4 --word-size 4 --endian little
}

# bats test_tags=full
@test "od: big-endian vectors are still od's bytes in the host's order" {
	need little_endian
	od_cases 8 '>'
	od_compare -td8 --word-size 8 --endian big
	rm -f "$BATS_TEST_TMPDIR"/*-*-*
	od_cases 4 '>'
	od_compare -td4 --word-size 4 --endian big
}

# bats test_tags=slow
@test "od: a file cut at every length: partial words zero-filled, as od" {
	need host_order
	local n f=$BATS_TEST_TMPDIR/v
	mkraw "$f" 8 '<' 6 4096 6 4096 6 4096 17 0xffffffffffffffff 11 1000
	for n in $(seq 1 40); do
		head -c "$n" "$f" >"$f-$n-cut"
	done
	od_compare -td8 --word-size 8
	od_compare -td4 --word-size 4
}
