#!/usr/bin/env bats
# -o od against od(1) itself on the same bytes.

load common

teardown() {
	stop_bg
}

@test "PID: --od is byte for byte od -t d8 of /proc/PID/auxv" {
	start_bg sleep 1000
	run -0 "$AUXV" --od "$BG_PID"
	[ "$output" = "$(od -t d8 "/proc/$BG_PID/auxv")" ]
	run -0 "$AUXV" -o od "$BG_PID"
	[ "$output" = "$(od -t d8 "/proc/$BG_PID/auxv")" ]
}

@test "32-bit PID: --od is od -t d4 of the /proc file, trailing zeros too" {
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
	local v=$BATS_TEST_TMPDIR/v32
	python3 - "$v" <<'PY'
import struct, sys
from oracle import pairs_of
words = []
for t, v in pairs_of("/proc/self/auxv", struct.calcsize("P"), "="):
    words += [t, v & 0xffffffff]
words += [0, 0] + [0] * 20
open(sys.argv[1], "wb").write(struct.pack("<%dI" % len(words), *words))
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
	python3 - "$BATS_TEST_TMPDIR/both" <<'PY'
import re, sys
lines = open(sys.argv[1]).read().splitlines()
glibc = [l for l in lines if l.startswith("AT_")]
od = [l for l in lines if re.match(r"^[0-7]{7}", l)]
words = []
for l in od:
    words += [int(x) for x in l.split()[1:]]
assert od[-1].split() == [od[-1]] and int(od[-1], 8) == len(words) * 8, od[-1]
pairs = list(zip(words[0::2], words[1::2]))
assert pairs[-1] == (0, 0), pairs[-1]
pairs = pairs[:-1]
assert len(pairs) == len(glibc), (len(pairs), len(glibc))
for (t, v), g in zip(pairs, glibc):
    m = re.match(r"AT_\?\?\? \(0x([0-9a-f]+)\): 0x([0-9a-f]+)$", g)
    if m:
        assert (t, v % 2**64) == (int(m.group(1), 16), int(m.group(2), 16)), g
    elif g.startswith("AT_PAGESZ"):
        assert t == 6 and v == int(g.split()[1]), g
print("ok")
PY
}

@test "raw file of odd length: --od still equals od -t d8 of the file" {
	mkraw "$BATS_TEST_TMPDIR/v" 8 '<' 6 4096 17 100 3 0x400040
	head -c 37 "$BATS_TEST_TMPDIR/v" >"$BATS_TEST_TMPDIR/odd"
	run -1 --separate-stderr "$AUXV" --od -f "$BATS_TEST_TMPDIR/odd"
	[ "$output" = "$(od -t d8 "$BATS_TEST_TMPDIR/odd")" ]
	[[ "$stderr" == *"truncated at offset 32"* ]]
}

@test "raw file with repeated pairs: od's * folding, and negative words" {
	mkraw "$BATS_TEST_TMPDIR/v" 8 '<' 1 0 1 0 1 0 1 0 6 0xffffffffffffffff
	run -0 "$AUXV" --od -f "$BATS_TEST_TMPDIR/v"
	[ "$output" = "$(od -t d8 "$BATS_TEST_TMPDIR/v")" ]
	[[ "$output" == *"-1"* ]]
}

@test "32-bit raw file: -t d4 layout" {
	mkraw "$BATS_TEST_TMPDIR/v" 4 '<' 6 4096 16 0xffffffff 0 0 0 0 0 0
	run -0 "$AUXV" --od --word-size 4 -f "$BATS_TEST_TMPDIR/v"
	[ "$output" = "$(od -t d4 "$BATS_TEST_TMPDIR/v")" ]
}
