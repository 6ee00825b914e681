#!/usr/bin/env bats
# --diff A B: only what differs, as cmp(1) exits: 0 same, 1 different, 2
# trouble.  The differences are written in the tests from the vectors the
# tests craft, never taken from auxv's output.

load common

teardown() {
	stop_bg
}

# Two x86-64 vectors that differ in every way --diff tells apart:
# AT_PAGESZ changed, AT_CLKTCK only in A, AT_MINSIGSTKSZ only in B,
# AT_HWCAP2 with bit 1 (fsgsbase) added and bit 0 (ring3mwait) removed,
# AT_HWCAP (fpu vme) the same, AT_ENTRY moved (an address: left out
# unless --diff-all), and a type nobody names.
mkpair() {
	mkraw "$BATS_TEST_TMPDIR/a" 8 '<' 6 4096 17 100 16 0x3 26 0x1 \
	    9 0x401000 0x99 7
	mkraw "$BATS_TEST_TMPDIR/b" 8 '<' 6 16384 16 0x3 26 0x2 \
	    9 0x402000 0x99 8 51 2048
}

@test "--diff of two crafted vectors: each kind of difference, status 1" {
	mkpair
	run -1 --separate-stderr "$AUXV" --arch x86_64 --diff \
	    -f "$BATS_TEST_TMPDIR/a" -f "$BATS_TEST_TMPDIR/b"
	[ -z "$stderr" ]
	[ "$output" = "--- $BATS_TEST_TMPDIR/a
+++ $BATS_TEST_TMPDIR/b
AT_PAGESZ: 4096 -> 16384
- AT_CLKTCK: 100
AT_HWCAP2: 0x1 -> 0x2  -ring3mwait +fsgsbase
AT_??? (0x99): 0x7 -> 0x8
+ AT_MINSIGSTKSZ: 2048" ]
	# --diff-all: the moved address too.
	run -1 --separate-stderr "$AUXV" --arch x86_64 --diff-all \
	    -f "$BATS_TEST_TMPDIR/a" -f "$BATS_TEST_TMPDIR/b"
	[[ "$output" == *$'\nAT_ENTRY: 0x401000 -> 0x402000\n'* ]]
}

# A bit the tables do not name (x86 AT_HWCAP2 bit 40) changes as its
# mask, in hex; a named one beside it by its name (bit 1, fsgsbase).
@test "--diff: a bit without a name is its mask, in human and JSON" {
	mkraw "$BATS_TEST_TMPDIR/a" 8 '<' 26 0x10000000000
	mkraw "$BATS_TEST_TMPDIR/b" 8 '<' 26 0x2
	run -1 --separate-stderr "$AUXV" --arch x86_64 --diff \
	    -f "$BATS_TEST_TMPDIR/a" -f "$BATS_TEST_TMPDIR/b"
	[ "${lines[2]}" = "AT_HWCAP2: 0x10000000000 -> 0x2  -$(python3 -c 'print(hex(1 << 40))') +fsgsbase" ]
	run -1 --separate-stderr "$AUXV" --arch x86_64 --diff --json \
	    -f "$BATS_TEST_TMPDIR/a" -f "$BATS_TEST_TMPDIR/b"
	jq -e '.differences[0].flags == ["-0x10000000000", "+fsgsbase"]' <<<"$output"
}

@test "--diff --json: one object, the same differences" {
	mkpair
	run -1 --separate-stderr "$AUXV" --arch x86_64 --diff --json \
	    -f "$BATS_TEST_TMPDIR/a" -f "$BATS_TEST_TMPDIR/b"
	[ "${#lines[@]}" -eq 1 ]
	python3 -c '
import json, sys
d = json.loads(sys.argv[1])
assert d["same"] is False
got = {(x["type"], x["change"]): x for x in d["differences"]}
assert set(got) == {(6, "changed"), (17, "removed"), (26, "changed"),
                    (0x99, "changed"), (51, "added")}, sorted(got)
assert got[(6, "changed")]["a"]["value"] == 4096
assert got[(6, "changed")]["b"]["value"] == 16384
assert got[(17, "removed")]["b"] is None
assert got[(51, "added")]["a"] is None and got[(51, "added")]["b"]["value"] == 2048
assert got[(26, "changed")]["flags"] == ["-ring3mwait", "+fsgsbase"]
assert got[(0x99, "changed")]["name"] is None' "$output"
}

@test "--diff of a process with itself, and of its saved vector: status 0" {
	# The raw save is read as auxv's own architecture.
	need native
	start_bg sleep 1000
	run -0 --separate-stderr "$AUXV" --diff "$BG_PID" "$BG_PID"
	[ -z "$output" ]
	run -0 --separate-stderr "$AUXV" --diff --json "$BG_PID" "$BG_PID"
	jq -e '.same and (.differences | length) == 0' <<<"$output"
	cp "/proc/$BG_PID/auxv" "$BATS_TEST_TMPDIR/saved"
	run -0 --separate-stderr "$AUXV" --diff -f "$BATS_TEST_TMPDIR/saved" \
	    "$BG_PID"
	run -0 --separate-stderr "$AUXV" --diff-all \
	    -f "$BATS_TEST_TMPDIR/saved" "$BG_PID"
}

@test "--diff self against another program: strings compared by content" {
	need native
	start_bg sleep 1000
	run -1 --separate-stderr "$AUXV" --diff self "$BG_PID"
	[ "${lines[0]}" = "--- self (auxv)" ]
	[ "${lines[1]}" = "+++ $BG_PID (sleep)" ]
	grep -qx "AT_EXECFN: $AUXV -> $(command -v sleep)" <<<"$output"
	# Addresses, random bytes and the vDSO are left out.
	! grep -Eq '^AT_(PHDR|BASE|ENTRY|RANDOM|SYSINFO_EHDR):' <<<"$output"
}

# bats test_tags=full
@test "--diff of a core against the live process it was made from: same" {
	need gcore
	start_bg sleep 1000
	gcore -o "$BATS_TEST_TMPDIR/core" "$BG_PID" >/dev/null 2>&1
	run -0 --separate-stderr "$AUXV" --diff \
	    -f "$BATS_TEST_TMPDIR/core.$BG_PID" "$BG_PID"
	[ -z "$output" ]
}

@test "--diff trouble: a source that can't be read is status 2, so is usage" {
	mkpair
	run -2 --separate-stderr "$AUXV" --diff -f "$BATS_TEST_TMPDIR/a" \
	    -f "$BATS_TEST_TMPDIR/none"
	[ -z "$output" ]
	[[ "$stderr" == "auxv: $BATS_TEST_TMPDIR/none: "* ]]
	run -2 --separate-stderr "$AUXV" --diff -f "$BATS_TEST_TMPDIR/a"
	run -2 --separate-stderr "$AUXV" --diff -a
	run -2 --separate-stderr "$AUXV" --diff --od self self
	# An option without effect there is a usage error, as the contract
	# says: --value shows no difference.
	run -2 --separate-stderr "$AUXV" --diff --value self self
	[ -z "$output" ]
	[ "${stderr%%$'\n'*}" = "auxv: --diff shows what differs: it takes no --value" ]
	# Read but not a vector: too large (4097 entries before AT_NULL).
	"$MKFIXTURE" raw -n 4097 >"$BATS_TEST_TMPDIR/over"
	run -2 --separate-stderr "$AUXV" --diff --word-size 8 --endian little \
	    -f "$BATS_TEST_TMPDIR/a" -f "$BATS_TEST_TMPDIR/over"
	[ -z "$output" ]
	[ "$stderr" = "auxv: $BATS_TEST_TMPDIR/over: too large: more than 4096 entries before AT_NULL" ]
}

# A type the vector repeats: its first, second... entries are paired in
# order, so only the one that differs is told, or the one more.
@test "--diff of a type that repeats: paired in order, the extra one added or removed" {
	local T=$BATS_TEST_TMPDIR
	mkraw_own "$T/a" 0x99 7 0x99 8 6 4096
	mkraw_own "$T/b" 0x99 7 0x99 9 6 4096
	mkraw_own "$T/c" 0x99 7 6 4096
	run -1 --separate-stderr "$AUXV" --diff -f "$T/a" -f "$T/b"
	[ "${lines[2]}" = "AT_??? (0x99): 0x8 -> 0x9" ]
	[ "${#lines[@]}" -eq 3 ]
	run -1 --separate-stderr "$AUXV" --diff -f "$T/a" -f "$T/c"
	[ "${lines[2]}" = "- AT_??? (0x99): 0x8" ]
	[ "${#lines[@]}" -eq 3 ]
	run -1 --separate-stderr "$AUXV" --diff -f "$T/c" -f "$T/a"
	[ "${lines[2]}" = "+ AT_??? (0x99): 0x8" ]
	[ "${#lines[@]}" -eq 3 ]
}

# What one side could not read is compared by its address, even under
# --diff-all: a string or random bytes saved as null against the same
# address read is no difference.
@test "--diff-all: a string or AT_RANDOM read on one side only is its address" {
	local T=$BATS_TEST_TMPDIR
	printf '{"word_size":8,"byte_order":"little","entries":[{"type":31,"value":4096,"string":"/bin/x"},{"type":25,"value":8192,"bytes":"00112233445566778899aabbccddeeff"}]}' >"$T/read"
	printf '{"word_size":8,"byte_order":"little","entries":[{"type":31,"value":4096,"string":null},{"type":25,"value":8192,"bytes":null}]}' >"$T/unread"
	run -0 --separate-stderr "$AUXV" --diff-all -f "$T/read" -f "$T/unread"
	[ -z "$output" ]
	run -0 --separate-stderr "$AUXV" --diff-all -f "$T/unread" -f "$T/read"
	[ -z "$output" ]
	sed 's/8192/12288/' "$T/unread" >"$T/moved"
	run -1 --separate-stderr "$AUXV" --diff-all -f "$T/read" -f "$T/moved"
	[ "${lines[2]}" = "AT_RANDOM: 0x2000  00112233445566778899aabbccddeeff -> 0x3000" ]
	[ "${#lines[@]}" -eq 3 ]
}

# Bits of two architectures mean different things: all of A's flags go,
# all of B's come.  (aarch64 AT_HWCAP bit 0 is fp, bit 2 evtstrm; x86's
# bit 0 is fpu.)
@test "--diff of an x86-64 vector and an aarch64 core: arch, and flags by each side's names" {
	# A raw file has no architecture of its own (--arch would name the
	# core's too): the x86-64 side is a JSON save that names it.
	mkraw "$BATS_TEST_TMPDIR/x86" 8 '<' 16 0x1 6 4096
	"$AUXV" --json --arch x86_64 -f "$BATS_TEST_TMPDIR/x86" \
	    >"$BATS_TEST_TMPDIR/x86.json"
	"$MKFIXTURE" core -m 183 -c 64 -e little -p 65536 -H 0x5 \
	    >"$BATS_TEST_TMPDIR/arm.core"
	run -1 --separate-stderr "$AUXV" --diff \
	    -f "$BATS_TEST_TMPDIR/x86.json" -f "$BATS_TEST_TMPDIR/arm.core"
	[ "${lines[2]}" = "arch: x86_64 -> aarch64" ]
	grep -qx 'AT_HWCAP: 1 -> 5  -fpu +fp +evtstrm' <<<"$output"
	grep -qx 'AT_PAGESZ: 4096 -> 65536' <<<"$output"
}

# AT_RANDOM at the same address is compared by its bytes (--diff-all,
# which shows what --diff leaves out as different in every process), and
# shown with them, as its human line has them: else both sides read the
# same.  The bytes are those the crafted cores hold (mkfixture's -r) and
# python's json reads the same in each side's text.
@test "--diff-all: AT_RANDOM's bytes, not only its address" {
	local b
	for b in 00 ff; do
		printf '{"word_size":8,"byte_order":"little","entries":[{"type":6,"value":4096},{"type":25,"value":4096,"bytes":"%s%s"}]}' \
		    "$b" "$(printf '%030d' 0)" >"$BATS_TEST_TMPDIR/r$b"
	done
	run -0 "$AUXV" --diff-all -f "$BATS_TEST_TMPDIR/r00" -f "$BATS_TEST_TMPDIR/r00"
	[ -z "$output" ]
	run -1 "$AUXV" --diff-all -f "$BATS_TEST_TMPDIR/r00" -f "$BATS_TEST_TMPDIR/rff"
	[ "${lines[2]}" = "AT_RANDOM: 0x1000  $(printf '%032d' 0) -> 0x1000  ff$(printf '%030d' 0)" ]
	[ "${#lines[@]}" -eq 3 ]
	local r1=000102030405060708090a0b0c0d0e0f r2=f0e0d0c0b0a090807060504030201000
	"$MKFIXTURE" core -r "$r1" >"$BATS_TEST_TMPDIR/c1"
	"$MKFIXTURE" core -r "$r2" >"$BATS_TEST_TMPDIR/c2"
	run -1 --separate-stderr "$AUXV" --diff-all \
	    -f "$BATS_TEST_TMPDIR/c1" -f "$BATS_TEST_TMPDIR/c2"
	grep -Eqx "AT_RANDOM: (0x[0-9a-f]+)  $r1 -> \\1  $r2" <<<"$output"
	run -1 --separate-stderr "$AUXV" --diff-all --json \
	    -f "$BATS_TEST_TMPDIR/c1" -f "$BATS_TEST_TMPDIR/c2"
	python3 -c '
import json, sys
d = [x for x in json.loads(sys.argv[1])["differences"] if x["type"] == 25]
assert len(d) == 1 and d[0]["a"]["value"] == d[0]["b"]["value"], d
assert d[0]["a"]["text"].endswith("  " + sys.argv[2]), d
assert d[0]["b"]["text"].endswith("  " + sys.argv[3]), d
' "$output" "$r1" "$r2"
}

# cmp(1): 0 same, 1 different, 2 trouble, and a write error is trouble.
# cmp itself is the oracle for the differing files; auxv's JSON is written
# even when the sources are the same, so that too fails to be written.
# bats test_tags=full
@test "--diff: a write error is status 2, as cmp's, even for the same sources" {
	mkpair
	local a=$BATS_TEST_TMPDIR/a b=$BATS_TEST_TMPDIR/b
	run -2 bash -c 'cmp "$1" "$2" >/dev/full' _ "$a" "$b"
	run -2 --separate-stderr bash -c '"$1" --diff -f "$2" -f "$3" >/dev/full' \
	    _ "$AUXV" "$a" "$b"
	[[ "$stderr" == "auxv: write error: "* ]]
	run -2 --separate-stderr bash -c '"$1" --diff --json self self >/dev/full' \
	    _ "$AUXV"
	[[ "$stderr" == "auxv: write error: "* ]]
	run -2 --separate-stderr bash -c '"$1" --diff --json self self >&-' \
	    _ "$AUXV"
	[[ "$stderr" == "auxv: write error: "* ]]
	run -2 bash -c '"$1" --diff-all --json -f "$2" -f "$2" >&-' _ "$AUXV" "$a"
	# Nothing to write, nothing failed: cmp says 0 too.
	run -0 bash -c 'cmp "$1" "$1" >&-' _ "$a"
	run -0 --separate-stderr bash -c '"$1" --diff -f "$2" -f "$2" >&-' \
	    _ "$AUXV" "$a"
	[ -z "$stderr" ]
	# Elsewhere a write error is status 1, as documented.
	run -1 bash -c '"$1" --json self >/dev/full' _ "$AUXV"
	run -1 bash -c '"$1" -f "$2" >&-' _ "$AUXV" "$a"
}

# Every element of "differences" has the keys the man page lists, the
# layout's (arch, word_size) as much as the entries': checked by python
# on a 64-bit x86 core against a 32-bit one, and against a raw file read
# with --word-size 4, each differing in its entries too.
@test "--diff --json: every element of differences has exactly the documented keys" {
	local t=$BATS_TEST_TMPDIR
	"$MKFIXTURE" core -c 64 -m 62 -H 0x3 -p 4096 >"$t/c64"
	"$MKFIXTURE" core -c 32 -m 3 -H 0x1 -p 65536 >"$t/c32"
	mkraw "$t/r4" 4 '<' 6 4096 16 0x3 17 100 51 2048
	run -1 --separate-stderr "$AUXV" --diff --json -f "$t/c64" -f "$t/c32"
	[ -z "$stderr" ]
	echo "$output" >"$t/cores.json"
	run -1 --separate-stderr "$AUXV" --diff --json --word-size 4 \
	    -f "$t/c64" -f "$t/r4"
	[ -z "$stderr" ]
	echo "$output" >"$t/raw.json"
	python3 - "$t/cores.json" "$t/raw.json" <<'PY'
import json, sys
KEYS = {"type", "name", "field", "change", "a", "b", "flags"}
cores, raw = (json.load(open(p)) for p in sys.argv[1:])
for doc in (cores, raw):
    assert doc["same"] is False
    for e in doc["differences"]:
        assert set(e) == KEYS, e
        assert e["change"] in ("changed", "added", "removed"), e
        for side in (e["a"], e["b"]):
            assert side is None or set(side) == {"value", "text"}, e
        assert e["flags"] is None or isinstance(e["flags"], list), e
        if e["field"] is None:
            assert isinstance(e["type"], int), e
        else:
            assert e["type"] is None and e["name"] is None, e
            assert e["change"] == "changed" and e["flags"] is None, e
by = {e["field"]: e for e in cores["differences"] if e["field"]}
assert by["arch"]["a"] == {"value": None, "text": "x86_64"}, by
assert by["arch"]["b"] == {"value": None, "text": "i386"}, by
assert by["word_size"]["a"] == {"value": 8, "text": "8"}, by
assert by["word_size"]["b"] == {"value": 4, "text": "4"}, by
ent = {e["type"]: e for e in cores["differences"] if e["type"] is not None}
assert ent[6]["a"]["value"] == 4096 and ent[6]["b"]["value"] == 65536, ent
assert ent[6]["flags"] is None and ent[6]["name"] == "AT_PAGESZ", ent
assert isinstance(ent[16]["flags"], list), ent
by = {e["field"]: e for e in raw["differences"] if e["field"]}
# The host's machine with 4-byte words: x32 on x86-64, a field too.
assert "word_size" in by, by
assert by["word_size"]["b"]["value"] == 4, by
PY
	# The same keys in jq's eyes, element by element.
	jq -e '[.differences[] | keys == ["a","b","change","field","flags","name","type"]] | all' \
	    "$t/cores.json" "$t/raw.json"
	# In human output, the layout's fields first, as NAME: A -> B.
	run -1 --separate-stderr "$AUXV" --diff -f "$t/c64" -f "$t/c32"
	[ "${lines[2]}" = "arch: x86_64 -> i386" ]
	[ "${lines[3]}" = "word_size: 8 -> 4" ]
}

# Issue 54, item 2: each -f of --diff has its own --pid, so two objects
# of one JSON Lines file are compared, not the second with itself; a file
# of several objects without --pid is no one vector: trouble, naming
# --pid.  The values are those the test writes.
@test "--diff of two objects of one JSON Lines file, each by its --pid; several without --pid: status 2" {
	local f=$BATS_TEST_TMPDIR/s.jsonl a
	a='{"pid":5,"word_size":8,"byte_order":"little","machine":62,"entries":[{"type":6,"value":4096},{"type":17,"value":100}]}'
	printf '%s\n%s\n' "$a" "$(sed 's/"pid":5/"pid":6/; s/4096/16384/' <<<"$a")" >"$f"
	run -1 --separate-stderr "$AUXV" --diff -f "$f" --pid 5 -f "$f" --pid 6
	[ "${output##*$'\n'}" = "AT_PAGESZ: 4096 -> 16384" ]
	run -1 --separate-stderr "$AUXV" --diff --json -f "$f" --pid 6 -f "$f" --pid 5
	jq -e '[.differences[] | [.type, .a.value, .b.value]] == [[6, 16384, 4096]]' <<<"$output"
	run -0 --separate-stderr "$AUXV" --diff -f "$f" --pid 6 -f "$f" --pid 6
	[ -z "$output" ]
	run -2 --separate-stderr "$AUXV" --diff -f "$f" self
	[ -z "$output" ]
	[ "$stderr" = "auxv: $f: several objects: choose one with --pid" ]
	run -2 --separate-stderr "$AUXV" --diff -f "$f" --pid 5 -f "$f"
	[ "$stderr" = "auxv: $f: several objects: choose one with --pid" ]
	# One object alone needs none.
	head -1 "$f" >"$f.1"
	run -0 --separate-stderr "$AUXV" --diff -f "$f.1" -f "$f" --pid 5
}
