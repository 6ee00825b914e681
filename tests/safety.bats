#!/usr/bin/env bats
# Untrusted strings never reach the terminal unescaped.

load common

teardown() {
	stop_bg
}

# A program run through a symlink whose name holds an escape sequence, a
# newline and a 0xff byte: AT_EXECFN is that name.
start_hostile() {
	name=$(printf 'x\033[31mred\nline\377')
	ln -s "$(command -v sleep)" "$BATS_TEST_TMPDIR/$name"
	cd "$BATS_TEST_TMPDIR"
	start_bg "./$name" 1000
	cd - >/dev/null
}

@test "human: control characters and invalid UTF-8 are escaped as ls -b" {
	start_hostile
	"$AUXV" -k EXECFN "$BG_PID" >"$BATS_TEST_TMPDIR/out"
	[ "$(wc -l <"$BATS_TEST_TMPDIR/out")" -eq 1 ]
	python3 - "$BATS_TEST_TMPDIR/out" <<'PY'
import sys
b = open(sys.argv[1], "rb").read()
assert b"\x1b" not in b and b"\xff" not in b, b
assert b.rstrip(b"\n").count(b"\n") == 0, b
assert b == b"AT_EXECFN:            ./x\\033[31mred\\nline\\377\n", b
PY
}

@test "json: any bytes give valid JSON; invalid UTF-8 as \\uefXX" {
	start_hostile
	"$AUXV" --json "$BG_PID" >"$BATS_TEST_TMPDIR/j"
	python3 - "$BATS_TEST_TMPDIR/j" <<'PY'
import json, sys
raw = open(sys.argv[1], "rb").read()
assert b"\x1b" not in raw and b"\xff" not in raw
raw.decode("utf-8")
d = json.loads(raw)
s = [e for e in d["entries"] if e["name"] == "AT_EXECFN"][0]["string"]
assert s == "./x\x1b[31mred\nline\uefff", repr(s)
PY
}

@test "valid UTF-8 passes through; C1 controls are escaped" {
	name=$(printf 'caf\303\251\302\233x')
	ln -s "$(command -v sleep)" "$BATS_TEST_TMPDIR/$name"
	cd "$BATS_TEST_TMPDIR"
	start_bg "./$name" 1000
	cd - >/dev/null
	run -0 "$AUXV" -k EXECFN --value "$BG_PID"
	[ "$output" = "./café\\302\\233x" ]
}

@test "--value escapes too" {
	start_hostile
	run -0 "$AUXV" -k EXECFN --value "$BG_PID"
	[ "$output" = './x\033[31mred\nline\377' ]
}
