#!/usr/bin/env bats
# --json against the kernel's bytes decoded with python3 struct.

load common

teardown() {
	stop_bg
}

# Checks a --json document against a raw vector file with python3.
check_json() {
	python3 - "$1" "$2" "$3" <<'PY'
import json, sys
from oracle import pairs_of
doc = json.load(open(sys.argv[1]))
ws = int(sys.argv[3])
want = pairs_of(sys.argv[2], ws, "little")
got = [(e["type"], e["value"]) for e in doc["entries"]]
assert got == want, (got, want)
assert doc["word_size"] == ws and doc["byte_order"] == "little"
for e in doc["entries"]:
    assert e["hex"] == "0x%x" % e["value"], e
    assert e["name"] is None or e["name"].startswith("AT_"), e
print("ok", len(got))
PY
}

@test "PID: entries are /proc/PID/auxv decoded with struct" {
	need little_endian
	need x86_64
	start_bg sleep 1000
	cp "/proc/$BG_PID/auxv" "$BATS_TEST_TMPDIR/raw"
	"$AUXV" --json "$BG_PID" >"$BATS_TEST_TMPDIR/j"
	run check_json "$BATS_TEST_TMPDIR/j" "$BATS_TEST_TMPDIR/raw" 8
	echo "$output"
	[ "$status" -eq 0 ]
	jq -e --arg p "$BG_PID" '.source == "pid" and .pid == ($p|tonumber) and .arch == "x86_64"' "$BATS_TEST_TMPDIR/j"
}

@test "PID: strings and AT_RANDOM bytes come from the process's memory" {
	need x86_64
	start_bg sleep 1000
	"$AUXV" --json "$BG_PID" >"$BATS_TEST_TMPDIR/j"
	python3 - "$BATS_TEST_TMPDIR/j" "$BG_PID" "$(command -v sleep)" "$(uname -m)" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
by = {e["name"]: e for e in doc["entries"]}
mem = open("/proc/%s/mem" % sys.argv[2], "rb")
mem.seek(by["AT_RANDOM"]["value"])
assert by["AT_RANDOM"]["bytes"] == mem.read(16).hex(), by["AT_RANDOM"]
assert by["AT_EXECFN"]["string"] == sys.argv[3], by["AT_EXECFN"]
assert by["AT_PLATFORM"]["string"] == sys.argv[4], by["AT_PLATFORM"]
PY
}

# bats test_tags=full,run32
@test "32-bit PID: word_size 4, arch i386, values from struct '<I'" {
	need x86_64
	need run32
	s32=$(sleep32)
	start_bg "$s32"
	cp "/proc/$BG_PID/auxv" "$BATS_TEST_TMPDIR/raw"
	"$AUXV" --json "$BG_PID" >"$BATS_TEST_TMPDIR/j"
	run check_json "$BATS_TEST_TMPDIR/j" "$BATS_TEST_TMPDIR/raw" 4
	echo "$output"
	[ "$status" -eq 0 ]
	jq -e '.arch == "i386" and .word_size == 4' "$BATS_TEST_TMPDIR/j"
	jq -e --arg f "$s32" '.entries[] | select(.name == "AT_EXECFN") | .string == $f' "$BATS_TEST_TMPDIR/j"
	jq -e '.entries[] | select(.name == "AT_PLATFORM") | .string == "i686"' "$BATS_TEST_TMPDIR/j"
}

@test "self: page size, uid, platform agree with getconf, id, uname" {
	need native
	run -0 "$AUXV" --json
	echo "$output" | jq -e --argjson p "$(getconf PAGESIZE)" --argjson u "$(id -u)" --arg m "$(uname -m)" '
	    .source == "self" and
	    (.entries[] | select(.name == "AT_PAGESZ") | .value) == $p and
	    (.entries[] | select(.name == "AT_UID") | .value) == $u and
	    (.entries[] | select(.name == "AT_PLATFORM") | .string) == $m and
	    (.entries[] | select(.name == "AT_CLKTCK") | .value) == '"$(getconf CLK_TCK)"
}

@test "HWCAP: flags are the set bits' names, unknown_bits the rest" {
	# fpu (0), bit 10 (unnamed on x86), sse2 (26), bit 40 (unnamed).
	mkraw "$BATS_TEST_TMPDIR/v" 8 '<' 16 $(( (1 << 0) | (1 << 10) | (1 << 26) | (1 << 40) )) 26 3
	run -0 "$AUXV" --json --arch x86_64 -f "$BATS_TEST_TMPDIR/v"
	echo "$output" | jq -e '.entries[0].flags == ["fpu", "sse2"] and .entries[0].unknown_bits == (1024 + 1099511627776)'
	echo "$output" | jq -e '.entries[1].flags == ["ring3mwait", "fsgsbase"] and .entries[1].unknown_bits == 0'
}

@test "64-bit values are exact, hex is lower-case and unpadded" {
	mkraw "$BATS_TEST_TMPDIR/v" 8 '<' 7 0xffffffffffffffff 9 0x1 0xdeadbeef 0x10
	# A type no kernel gives: a warning on stderr, the entries all the same.
	run -0 --separate-stderr "$AUXV" --json --arch x86_64 \
	    -f "$BATS_TEST_TMPDIR/v"
	python3 -c '
import json, sys
d = json.loads(sys.argv[1])
e = d["entries"]
assert e[0]["value"] == 2**64 - 1 and e[0]["hex"] == "0xffffffffffffffff", e[0]
assert e[1]["hex"] == "0x1", e[1]
assert e[2]["name"] is None and e[2]["type"] == 0xdeadbeef and e[2]["value"] == 16, e[2]
assert d["source"] == "file" and "path" in d
' "$output"
}

@test "unreadable string and bytes are null" {
	mkraw "$BATS_TEST_TMPDIR/v" 8 '<' 31 0x7ffc1234 25 0x20
	# Its layout said: a build of another word size reads it too.
	run -0 "$AUXV" --json --word-size 8 --endian little -f "$BATS_TEST_TMPDIR/v"
	echo "$output" | jq -e '.entries[0].string == null and .entries[1].bytes == null'
}

@test "several sources are JSON Lines, one valid object each" {
	start_bg sleep 1000
	run -0 "$AUXV" --json "$BG_PID" "$$"
	[ "${#lines[@]}" -eq 2 ]
	echo "${lines[0]}" | jq -e --argjson p "$BG_PID" '.pid == $p'
	echo "${lines[1]}" | jq -e --argjson p "$$" '.pid == $p'
}

@test "a source that fails is an object with error, not entries" {
	run -1 --separate-stderr "$AUXV" --json 999999999
	echo "$output" | jq -e '.error.errno == 3 and (.error.message | test("no such process")) and (has("entries") | not)'
	[[ "$stderr" == "auxv: 999999999: no such process" ]]
}

# json_kinds FILE: checks each line of FILE with python's json: an object
# whose first member is "schema", the integer 2, and that is a vector
# ("entries"; one cut short adds "error") or a source that failed
# ("error" alone), as the manual tells a script, or --check's ("checks").
# Prints the kinds, one per object: vector, partial, error, check.
json_kinds() {
	python3 - "$1" <<-'PY'
	import json, sys
	for line in open(sys.argv[1]):
	    o = json.loads(line)
	    assert list(o)[0] == "schema", list(o)
	    assert type(o["schema"]) is int and o["schema"] == 2, o["schema"]
	    if "entries" in o:
	        print("partial" if "error" in o else "vector")
	    elif "checks" in o:
	        print("check")
	    else:
	        assert "error" in o, list(o)
	        assert set(o["error"]) >= {"errno", "message"}, o["error"]
	        print("error")
	PY
}

# bats test_tags=slow
@test "every object has schema 2, and entries (a vector) or error alone (a failure): every source kind" {
	local t=$BATS_TEST_TMPDIR
	start_bg sleep 1000
	"$MKFIXTURE" core >"$t/core"
	mkraw "$t/cut" 8 '<' 6 4096 11 1000 16 0
	head -c 40 "$t/cut" >"$t/cut.raw"
	set -- --word-size 8 --endian little
	run -1 --separate-stderr "$AUXV" --json "$@" "$BG_PID" -f "$t/core" \
	    -f "$t/none" -f "$t/cut.raw" 999999999
	printf '%s\n' "$output" >"$t/j"
	"$AUXV" --json >>"$t/j"
	run -0 json_kinds "$t/j"
	# A raw file cut short is no vector: its error alone, no entries.
	[ "${lines[*]}" = "vector vector error error error vector" ]
	# -a: vectors, and error objects for what it may not read.
	"$AUXV" -a --json >"$t/a"
	run -0 json_kinds "$t/a"
	[[ " ${lines[*]} " == *" vector "* ]]
	# --check's object; --diff's, which is neither.
	"$AUXV" --check --json >"$t/c" || true
	[ "$(json_kinds "$t/c")" = check ]
	run -1 "$AUXV" --diff --json self "$BG_PID"
	python3 -c 'import json, sys; o = json.loads(sys.argv[1])
assert list(o)[0] == "schema" and o["schema"] == 2, o
assert "differences" in o and "entries" not in o' "$output"
	# jq sees the same.
	if has jq; then
		jq -e '.schema == 2' "$t/j" "$t/a" >/dev/null
	fi
}

@test "-e and --watch objects have schema 2" {
	native_only "-e needs ptrace, -w the connector"
	if has ptrace; then
		"$AUXV" --json -e /bin/true >"$BATS_TEST_TMPDIR/e"
		run -0 json_kinds "$BATS_TEST_TMPDIR/e"
		[ "$output" = vector ]
	fi
	need connector
	local w=$BATS_TEST_TMPDIR/w
	"$AUXV" -w --count 1 --json >"$w" 2>/dev/null 3>&- &
	local wpid=$! i
	for i in $(seq 100); do
		kill -0 "$wpid" 2>/dev/null || break
		/bin/true
		sleep 0.1
	done
	kill "$wpid" 2>/dev/null && { echo "-w showed no program in 10 s"; false; }
	wait "$wpid" || true
	run -0 json_kinds "$w"
	[ "${#lines[@]}" -eq 1 ]
	python3 -c 'import json, sys; o = json.load(open(sys.argv[1]))
assert "time" in o and "ppid" in o, o' "$w"
}

# The schema member is read back as auxv's own: a number, once; a save
# without it (auxv before it, or a script's) is version 1 and still read.
@test "-f of JSON: schema read back and saved again; a save without it still read; a schema not a number refused" {
	local t=$BATS_TEST_TMPDIR
	mkraw "$t/v" 8 '<' 6 16384 11 1000
	"$AUXV" --json --word-size 8 --endian little -f "$t/v" >"$t/s.json"
	run -0 --separate-stderr "$AUXV" --json -f "$t/s.json"
	python3 -c 'import json, sys
a, b = json.load(open(sys.argv[1])), json.loads(sys.argv[2])
assert b["schema"] == 2 and a["entries"] == b["entries"], (a, b)' \
	    "$t/s.json" "$output"
	# Version 1: the member taken away, by python's json.
	python3 -c 'import json, sys
o = json.load(open(sys.argv[1])); del o["schema"]
json.dump(o, open(sys.argv[2], "w"))' "$t/s.json" "$t/v1.json"
	run -0 --separate-stderr "$AUXV" -f "$t/v1.json" --value -k UID,PAGESZ
	[ "$output" = "$(printf '1000\n16384')" ]
	# A schema that is no number, or given twice: not auxv's, at its offset.
	local bad
	for bad in '"2"' null '{}' '[2]' true; do
		sed "s/^{\"schema\":2,/{\"schema\":$bad,/" "$t/s.json" >"$t/b.json"
		run -1 --separate-stderr "$AUXV" -f "$t/b.json"
		[ -z "$output" ]
		[ "$stderr" = "auxv: $t/b.json: not auxv's JSON: malformed at offset 10" ]
	done
	sed 's/^{"schema":2,/{"schema":2,"schema":2,/' "$t/s.json" >"$t/b.json"
	run -1 --separate-stderr "$AUXV" -f "$t/b.json"
	[ "$stderr" = "auxv: $t/b.json: not auxv's JSON: duplicate key at offset 12" ]
}

@test "-k keeps only the asked types, in vector order" {
	run -0 "$AUXV" --json -k UID,PAGESZ -k 0x11
	[ "$(echo "$output" | jq '.entries | length')" -eq 3 ]
	# The same order as the unfiltered vector.
	want=$("$AUXV" --json | jq -c '[.entries[].name | select(. == "AT_PAGESZ" or . == "AT_CLKTCK" or . == "AT_UID")]')
	[ "$(echo "$output" | jq -c '[.entries[].name]')" = "$want" ]
}

@test "numbers: every digit count in decimal and hex, as python3 prints them" {
	# Each bit length from 1 to 64 at its edges, powers of ten and their
	# neighbours, and random values; types in decimal (AT_PAGESZ), hex
	# (AT_PHDR) and bare hex (AT_HWCAP) forms.
	python3 - "$BATS_TEST_TMPDIR/v" <<'PY'
import random, sys
from mkfixture import Elf
vals = [0]
for b in range(1, 65):
    vals += [1 << (b - 1), (1 << b) - 1]
for e in range(20):
    vals += [v for v in (10**e - 1, 10**e, 10**e + 1) if v < 2**64]
random.seed(7)
vals += [random.getrandbits(random.randint(1, 64)) for _ in range(500)]
open(sys.argv[1], "wb").write(Elf(8, "little").vector(
    [(t, v) for v in vals for t in (6, 3, 16)]))
open(sys.argv[1] + ".txt", "w").write("\n".join(map(str, vals)))
PY
	run -0 --separate-stderr "$AUXV" -f "$BATS_TEST_TMPDIR/v" --arch x86_64 \
	    --json
	echo "$output" >"$BATS_TEST_TMPDIR/doc"
	run -0 --separate-stderr "$AUXV" -f "$BATS_TEST_TMPDIR/v" --arch x86_64
	echo "$output" >"$BATS_TEST_TMPDIR/human"
	python3 - "$BATS_TEST_TMPDIR" <<'PY'
import json, sys
d = sys.argv[1]
vals = [int(x) for x in open(d + "/v.txt").read().split()]
doc = json.load(open(d + "/doc"))
ents = doc["entries"]
assert len(ents) == 3 * len(vals)
for i, v in enumerate(vals):
    for e in ents[3 * i:3 * i + 3]:
        assert e["value"] == v and e["hex"] == hex(v), (e, v)
lines = open(d + "/human").read().splitlines()
for i, v in enumerate(vals):
    pg, ph, hw = lines[3 * i:3 * i + 3]
    assert pg.split()[1] == str(v), (pg, v)
    assert ph.split()[1] == hex(v), (ph, v)
    assert hw.split()[1] == "%x" % v, (hw, v)
print("ok")
PY
}

@test "an entry of a type nobody names has a null description" {
	mkraw "$BATS_TEST_TMPDIR/v" 8 '<' 0x99 5 6 4096
	run -0 --separate-stderr "$AUXV" -f "$BATS_TEST_TMPDIR/v" --arch x86_64 \
	    --json
	jq -e '.entries[0] | has("description") and .description == null and .name == null' <<<"$output"
	jq -e '.entries[1].description | type == "string"' <<<"$output"
}

# -f reads auxv's own JSON back: the vector, strings and random bytes a
# save on one machine held can be shown and compared on another.
@test "-f of a JSON save: the same entries, strings and bytes; --diff with the live one is 0" {
	start_bg sleep 1000
	"$AUXV" --json "$BG_PID" >"$BATS_TEST_TMPDIR/saved.json"
	run -0 --separate-stderr "$AUXV" -f "$BATS_TEST_TMPDIR/saved.json" --json
	python3 -c '
import json, sys
saved = json.load(open(sys.argv[1]))
back = json.loads(sys.argv[2])
assert back["word_size"] == saved["word_size"] and back["arch"] == saved["arch"]
keep = ("type", "value", "name", "hex", "string", "bytes", "flags")
strip = lambda es: [{k: e[k] for k in keep if k in e} for e in es]
assert strip(back["entries"]) == strip(saved["entries"]), back["entries"]
assert any(e.get("string") for e in back["entries"])
assert any(e.get("bytes") for e in back["entries"])' \
	    "$BATS_TEST_TMPDIR/saved.json" "$output"
	run -0 --separate-stderr "$AUXV" --diff -f "$BATS_TEST_TMPDIR/saved.json" "$BG_PID"
	[ -z "$output" ]
	# As the human format shows a live process: string and bytes lines.
	run -0 --separate-stderr "$AUXV" -f "$BATS_TEST_TMPDIR/saved.json" -k EXECFN --value
	[ "$output" = "$(command -v sleep)" ]
}

@test "-f of JSON Lines: every object, or --pid's" {
	start_bg sleep 1000
	"$AUXV" --json "$$" "$BG_PID" >"$BATS_TEST_TMPDIR/lines.json"
	run -0 --separate-stderr "$AUXV" -f "$BATS_TEST_TMPDIR/lines.json" -k EXECFN --value
	[ "$output" = "$(jq -r '.entries[] | select(.type == 31) | .string' \
	    "$BATS_TEST_TMPDIR/lines.json")" ]
	run -0 --separate-stderr "$AUXV" -f "$BATS_TEST_TMPDIR/lines.json" --pid "$BG_PID" -k EXECFN --value
	[ "$output" = "$(command -v sleep)" ]
	run -1 --separate-stderr "$AUXV" -f "$BATS_TEST_TMPDIR/lines.json" --pid 999999999
	[ "$stderr" = "auxv: $BATS_TEST_TMPDIR/lines.json: no object of that --pid in the file" ]
}

# A save of a failure (an object with "error", no "entries") is no vector;
# with --pid, another process's saved failure is passed over and the next
# object read, but an object that is malformed stops the search there.
@test "-f of JSON Lines: a saved failure, passed over for --pid; a malformed one stops it" {
	local f=$BATS_TEST_TMPDIR/l.json
	run -1 --separate-stderr "$AUXV" --json 999999999
	echo "$output" >"$f"
	jq -e 'has("error") and (has("entries") | not)' "$f"
	# Alone in its file, the file's failure, said with the saved reason.
	local why
	why=$(jq -r .error.message "$f")
	run -1 --separate-stderr "$AUXV" -f "$f"
	[ "$stderr" = "auxv: $f: a saved failure: $why" ]
	run -1 --separate-stderr "$AUXV" -f "$f" --json
	jq -e --arg w "a saved failure: $why" --slurpfile s "$f" \
	    '.error.message == $w and .error.errno == $s[0].error.errno' <<<"$output"
	printf '{"pid":7,"word_size":8,"byte_order":"little","entries":[{"type":6,"value":4096}]}\n' >>"$f"
	run -0 --separate-stderr "$AUXV" -f "$f" --pid 7 -k PAGESZ --value
	[ "$output" = 4096 ]
	# The failure asked for by its pid: that failure.
	[ "$(jq -s '.[0].pid' "$f")" = 999999999 ]
	run -1 --separate-stderr "$AUXV" -f "$f" --pid 999999999
	[ -z "$output" ]
	[ "$stderr" = "auxv: $f: a saved failure: $why" ]
	# Malformed before the object asked for, or not an object at all:
	# refused at that offset (python finds it: the value that is wrong).
	python3 - "$AUXV" "$f" <<'PY'
import subprocess, sys
auxv, f = sys.argv[1:]
good = '{"pid":7,"word_size":8,"byte_order":"little","entries":[{"type":6,"value":4096}]}'
for first, at in (('{"pid":3,"word_size":5,"entries":[]}', '"word_size":5'),
                  ('[1,2]', '')):
    doc = good.replace('"pid":7', '"pid":1') + "\n" + first + "\n" + good + "\n"
    off = doc.index(first) + (doc[doc.index(first):].index(at) + len(at) if at else 0)
    open(f, "w").write(doc)
    r = subprocess.run([auxv, "-f", f, "--pid", "7"], capture_output=True, text=True)
    want = "auxv: %s: not auxv's JSON: malformed at offset %d\n" % (f, off)
    assert (r.returncode, r.stdout, r.stderr) == (1, "", want), (doc, r)
PY
}

# bats test_tags=slow
@test "-f of JSON that is not auxv's: refused with the offset, never a crash" {
	local f=$BATS_TEST_TMPDIR/j
	printf '{"a":1}\n' >"$f"
	run -1 --separate-stderr "$AUXV" -f "$f"
	[ "$stderr" = "auxv: $f: not auxv's JSON: malformed at offset 7" ]
	python3 -c 'print("{\"x\":" + "[" * 100000 + "]" * 100000 + "}")' >"$f"
	run -1 --separate-stderr timeout 10 "$AUXV" -f "$f"
	[[ "$stderr" == *"not auxv's JSON"* ]]
	# DOC|AT: refused at the offset just after AT's first occurrence (the
	# value that is wrong), or at the end when AT is empty: cut short, an
	# unknown byte order, a negative value, a value too large for 32 bits
	# (checked at the end of its entry).
	while IFS='|' read -r doc at; do
		printf '%s' "$doc" >"$f"
		off=$(python3 -c 'import sys; d, a = sys.argv[1:]; print(d.index(a) + len(a) if a else len(d))' "$doc" "$at")
		run -1 --separate-stderr "$AUXV" -f "$f"
		[ "$stderr" = "auxv: $f: not auxv's JSON: malformed at offset $off" ]
	done <<'EOF'
{"word_size":8,"byte_order":"little","entries":[{"type":6,"value":4096}|
{"word_size":8,"byte_order":"middle","entries":[{"type":6,"value":1}]}|"entries":
{"word_size":8,"byte_order":"little","entries":[{"type":6,"value":-1}]}|"value":
{"word_size":4,"byte_order":"little","entries":[{"type":6,"value":4294967296}]}|4294967296}
{"word_size":4,"byte_order":"little","entries":[{"type":4294967296,"value":6}]}|"value":6}
EOF
	# A control byte unescaped inside a string: just after it.
	for c in '\001' '\t' '\037'; do
		printf '{"word_size":8,"byte_order":"little","comm":"a'"$c"'b","entries":[{"type":15,"value":1,"string":"x'"$c"'y"}]}' >"$f"
		off=$(python3 -c 'import sys; d = open(sys.argv[1]).read(); print(d.index("\"a") + 3)' "$f")
		run -1 --separate-stderr "$AUXV" -f "$f"
		[ "$stderr" = "auxv: $f: not auxv's JSON: malformed at offset $off" ]
		printf '{"word_size":8,"byte_order":"little","entries":[{"type":15,"value":1,"string":"x'"$c"'y"}]}' >"$f"
		off=$(python3 -c 'import sys; d = open(sys.argv[1]).read(); print(d.index("x") + 2)' "$f")
		run -1 --separate-stderr "$AUXV" -f "$f"
		[ "$stderr" = "auxv: $f: not auxv's JSON: malformed at offset $off" ]
	done
}

# Well-formed JSON (python's json reads it) whose entries lack the layout
# they need: the missing member is named, word_size first, wherever the
# others stand; a save from auxv with the member deleted is refused so.
@test "-f of JSON without word_size or byte_order: the member is named" {
	local f=$BATS_TEST_TMPDIR/j k
	while IFS='|' read -r doc k; do
		printf '%s' "$doc" >"$f"
		python3 -c 'import json, sys; json.load(open(sys.argv[1]))' "$f"
		run -1 --separate-stderr "$AUXV" -f "$f"
		[ -z "$output" ]
		[ "$stderr" = "auxv: $f: not auxv's JSON: no \"$k\" member" ]
	done <<'EOF'
{"entries":[{"type":6,"value":4096}]}|word_size
{"entries":[{"type":6,"value":4096}],"word_size":8}|byte_order
{"byte_order":"little","entries":[{"type":6,"value":4096}]}|word_size
{"word_size":4,"entries":[]}|byte_order
EOF
	"$AUXV" --json >"$BATS_TEST_TMPDIR/save"
	for k in word_size byte_order; do
		python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
del d[sys.argv[2]]
print(json.dumps(d))' "$BATS_TEST_TMPDIR/save" "$k" >"$f"
		run -1 --separate-stderr "$AUXV" -f "$f"
		[ "$stderr" = "auxv: $f: not auxv's JSON: no \"$k\" member" ]
	done
}

# A \u escape is that character in UTF-8 (python3's own encoding of it),
# as RFC 8259 says.  Written back as JSON, the characters are the same.
@test "-f of JSON: \\u escapes of two and three UTF-8 bytes, at each edge" {
	python3 - "$AUXV" "$BATS_TEST_TMPDIR/j" <<'PY'
import json, subprocess, sys
auxv, f = sys.argv[1:]
chars = "\u0100\u0101\u0140\u07bf\u07ff\u0800\u0fc0\u20ac\uffff"
doc = ('{"word_size":8,"byte_order":"little","entries":[{"type":15,"value":4096,"string":"%s"}]}'
       % "".join("\\u%04x" % ord(c) for c in chars))
open(f, "w").write(doc)
r = subprocess.run([auxv, "-f", f, "-k", "PLATFORM", "-o", "human"], capture_output=True)
assert r.returncode == 0, r
want = b"AT_PLATFORM:          " + chars.encode("utf-8") + b"\n"
assert r.stdout == want, (r.stdout, want)
r = subprocess.run([auxv, "-f", f, "--json"], capture_output=True, text=True)
assert json.loads(r.stdout)["entries"][0]["string"] == chars, r.stdout
PY
}

# Bytes that are not UTF-8 are written as \uefXX (U+EF00 + the byte) and
# read back as those bytes; the human form escapes them again.
@test "-f of JSON: hostile strings round-trip, escaped on the way out" {
	local f=$BATS_TEST_TMPDIR/j
	printf '{"word_size":4,"byte_order":"big","machine":20,"entries":[{"type":15,"value":4096,"string":"ppc\\uefff\\u001b]0;x\\u0007"},{"type":25,"value":8192,"bytes":"00112233445566778899aabbccddeeff"}]}\n' >"$f"
	run -0 --separate-stderr "$AUXV" -f "$f"
	[ "${lines[0]}" = 'AT_PLATFORM:          ppc\377\033]0;x\a' ]
	[ "${lines[1]}" = 'AT_RANDOM:            0x2000  00112233445566778899aabbccddeeff' ]
	run -0 --separate-stderr "$AUXV" -f "$f" --json
	python3 -c '
import json, sys
d = json.loads(sys.argv[1].encode("utf-8", "surrogateescape"))
assert d["arch"] == "ppc" and d["word_size"] == 4 and d["byte_order"] == "big", d
e = {x["type"]: x for x in d["entries"]}
assert e[15]["string"] == "ppc\uefff\x1b]0;x\x07", e[15]
assert e[25]["bytes"] == "00112233445566778899aabbccddeeff", e[25]' "$output"
}

# Every way a JSON document can fail to be auxv's, each refused at an
# offset a rule gives: "py" is where python3's json module stops (a
# syntax error), else just after the first occurrence of AT in the
# document (the end when AT is empty): after the byte that breaks a
# string, the key whose value has the wrong kind, the number that is
# out of range, the entry that lacks its type or value.  Then documents
# that are auxv's however odd: accepted.
@test "-f of JSON cut after a key, read after a whole save: malformed where it ends, nothing of the first taken" {
	"$AUXV" --json -f "/proc/$$/auxv" >"$BATS_TEST_TMPDIR/a.json"
	# The save has its colon where the cut one ends.
	printf '{"schema"' >"$BATS_TEST_TMPDIR/b.json"
	[ "$(head -c 10 "$BATS_TEST_TMPDIR/a.json")" = '{"schema":' ]
	run -1 --separate-stderr "$AUXV" -f "$BATS_TEST_TMPDIR/a.json" \
	    -f "$BATS_TEST_TMPDIR/b.json"
	[ "${stderr_lines[-1]}" = "auxv: $BATS_TEST_TMPDIR/b.json: not auxv's JSON: malformed at offset $(wc -c <"$BATS_TEST_TMPDIR/b.json")" ]
}

# bats test_tags=slow
@test "-f of JSON: each malformed part refused at its offset; odd but valid parts read" {
	python3 - "$AUXV" "$BATS_TEST_TMPDIR/j" <<'PY'
import json, subprocess, sys
auxv, f = sys.argv[1:]
H = '{"word_size":8,"byte_order":"little","entries":['
E = '{"type":6,"value":4096}'
T = ']}'
X = H + '{"type":6,"value":4096,"x":'
bad = [
    (X + 'tru}' + T, "py"),
    (X + 'fals}' + T, "py"),
    (X + 'nul}' + T, "py"),
    (X + '@}' + T, "py"),
    (X, ""),
    # A word that ends the text is read whole: the text ends after it.
    (X + 'true', ""),
    (X + 'null', ""),
    # Numbers end where RFC 8259's grammar does (no leading zero, no
    # '.' or 'e' without digits, no NUL): refused where python's json
    # refuses them.
    (X + '-}' + T, "py"),
    (X + '-a}' + T, "py"),
    (X + '+1}' + T, "py"),
    (X + '.5}' + T, "py"),
    (X + '01}' + T, "py"),
    (X + '-01}' + T, "py"),
    (X + '1.}' + T, "py"),
    (X + '1..2}' + T, "py"),
    (X + '1e}' + T, "py"),
    (X + '1E-}' + T, "py"),
    (X + '1.5e3.2}' + T, "py"),
    (X + '1\x00}' + T, "py"),
    (H + '{"type":06,"value":4096}' + T, "py"),
    (H + '{"type":6,"value":00}' + T, "py"),
    ('{"pid":01,"word_size":8,"byte_order":"little","entries":[' + E + T, "py"),
    (X + '{"a" 1}}' + T, "py"),
    (X + '{1:1}}' + T, "py"),
    (X + '[' * 17 + ']' * 17 + '}' + T, '"x":' + '[' * 16),
    (H + '{"type":15,"value":1,"string":nul}' + T, "py"),
    (H + '{"type":15,"value":1,"string":"a\\qb"}' + T, 'a\\q'),
    (H + '{"type":15,"value":1,"string":"a\\u00g1"}' + T, 'a\\u00g'),
    (H + '{"type":15,"value":1,"string":"a\\u00' + T, 'a\\u00]'),
    (H + '{"type":15,"value":1,"string":"a\\', ""),
    (H + '{"type":15,"value":1,"string":"abc', ""),
    (H + '{"type":15,"value":1,"string":5}' + T, '"string":'),
    (H + '{"type":25,"value":1,"bytes":5}' + T, '"bytes":'),
    (H + '{"type":25,"value":1,"bytes":,"x":1}' + T, "py"),
    (H + '{"type":15,"value":1,"string":,"x":1}' + T, "py"),
    # Bytes that are not hex: at the first that is not a digit.
    (H + '{"type":25,"value":1,"bytes":"zz"}' + T, '"bytes":"'),
    (H + '{"type":31,"value":1,"bytes":"00\\u0030"}' + T, '"bytes":"00'),
    (H + '{"type" 6,"value":4096}' + T, "py"),
    (H + '{"type":6 "value":4096}' + T, "py"),
    (H + '{}' + T, '{}'),
    (H + '{"value":4096}' + T, '{"value":4096}'),
    (H + '{"type":6}' + T, '{"type":6}'),
    (H + '{"type":"6","value":4096}' + T, '"type":'),
    (H + '{"type":6,"value":-4096}' + T, '"value":'),
    (H + '{"type":18446744073709551616,"value":1}' + T, '18446744073709551616'),
    (H + '6' + T, '"entries":['),
    ('{"word_size":8,"byte_order":"little","entries":{}}', '"entries":'),
    (H + E, "py"),
    (H + E + ',' + T, "py"),
    (H + E + ']', "py"),
    ('{"word_size":5,"byte_order":"little","entries":[' + E + T, '"word_size":5'),
    ('{"word_size":"8","byte_order":"little","entries":[' + E + T, '"word_size":'),
    ('{"word_size":8,"byte_order":1,"entries":[' + E + T, '"byte_order":'),
    ('{"word_size":8,"byte_order":"little","machine":65536,"entries":[' + E + T, '"machine":65536'),
    ('{"word_size":8,"byte_order":"little","comm":5,"entries":[' + E + T, '"comm":'),
    ('{"pid":"1","word_size":8,"byte_order":"little","entries":[' + E + T, '"pid":'),
    ('{"word_size":8,"byte_order":"little","exe":5,"entries":[' + E + T, '"exe":'),
    # A high surrogate not followed by a low one: after what was read.
    (H + '{"type":15,"value":1,"string":"a\\ud800x"}' + T, 'a\\ud800'),
    (H + '{"type":15,"value":1,"string":"a\\ud800\\u0041"}' + T, 'a\\ud800\\u0041'),
    # Bytes of an odd number of hex digits: where the last one is not.
    (H + '{"type":31,"value":1,"bytes":"abc"}' + T, '"bytes":"abc'),
    # Issue 46: AT_RANDOM's bytes are 16, as auxv writes them (17 were
    # cut to 16, 15 left unreadable, in silence), at their opening quote,
    # in any order of the keys; a NUL in a string (which cut it, in
    # silence) at its escape, in an entry's string, comm and exe alike.
    (H + '{"type":25,"value":1,"bytes":"' + '00' * 17 + '"}' + T, '"bytes":'),
    (H + '{"bytes":"' + '00' * 15 + '","value":1,"type":25}' + T, '{"bytes":'),
    (H + '{"type":25,"value":1,"bytes":""}' + T, '"bytes":'),
    (H + '{"type":31,"value":1,"string":"\\u001b[2J\\u0000x"}' + T, '"\\u001b[2J'),
    (H + '{"type":15,"value":1,"string":"\\u0000"}' + T, '"string":"'),
    ('{"comm":"a\\u0000b","word_size":8,"byte_order":"little","entries":[' + E + T, '"comm":"a'),
    ('{"exe":"/bin/x\\u0000","word_size":8,"byte_order":"little","entries":[' + E + T, '"exe":"/bin/x'),
    # Issue 54: and in every other string, whatever member holds it.
    ('{"label":"se\\u0000lf","word_size":8,"byte_order":"little","entries":[' + E + T, '"label":"se'),
    ('{"source":"self\\u0000","word_size":8,"byte_order":"little","entries":[' + E + T, '"source":"self'),
    ('{"arch":"x86_64\\u0000","word_size":8,"byte_order":"little","entries":[' + E + T, '"arch":"x86_64'),
    ('{"x\\u0000":1,"word_size":8,"byte_order":"little","entries":[' + E + T, '{"x'),
    (H + '{"type":6,"value":1,"name":"AT_\\u0000PAGESZ"}' + T, '"name":"AT_'),
    (H + '{"type":6,"value":1,"hex":"0x1\\u0000"}' + T, '"hex":"0x1'),
    (H + '{"type":6,"value":1,"description":"\\u0000"}' + T, '"description":"'),
    (H + '{"type":16,"value":1,"flags":["fpu","\\u0000"]}' + T, '"flags":["fpu","'),
    (H + '{"type":16,"value":1,"unknown":"\\u0000"}' + T, '"unknown":"'),
    ('{"error":{"errno":1,"message":"a\\u0000"}}', '"message":"a'),
    (H + '{"type":6,"value":4096,"a\\qb":1}' + T, 'a\\q'),
    ('{"error":tru}', "py"),
    # 64 keys in an object at most: the 65th is refused at its quote.
    (H + '{"type":6,"value":4096,' + ','.join('"k%d":1' % i for i in range(62)) + ',"z":1}' + T, ',"k61":1,'),
]
# Memory: 64 KiB in all, as auxv reads it; a string's NUL counts.  Sixteen
# strings of 4095 bytes fill it; one more byte is too large, valid JSON
# as the save is (as 4097 entries are, below: EFBIG, no offset).
FULL = ','.join('{"type":31,"value":%d,"string":"%s"}' % (0x1000 * (i + 1), chr(97 + i) * 4095)
                for i in range(16))
MORE = '{"type":25,"value":1,"bytes":"%s"}' % ("00" * 16)
for doc in (H + FULL + ',' + MORE + T, H + FULL.replace('"string":"a', '"string":"aa', 1) + T):
    json.loads(doc)
    open(f, "w").write(doc)
    r = subprocess.run([auxv, "-f", f], capture_output=True, text=True)
    want = "auxv: %s: too large: more than 64 KiB of strings and bytes\n" % f
    assert (r.returncode, r.stdout, r.stderr) == (1, "", want), (r.returncode, r.stdout, r.stderr)
for doc, at in bad:
    if at == "py":
        try:
            json.loads(doc)
            raise AssertionError("valid: " + doc)
        except json.JSONDecodeError as e:
            off = e.pos
    else:
        off = doc.index(at) + len(at) if at else len(doc)
    open(f, "w").write(doc)
    r = subprocess.run([auxv, "-f", f], capture_output=True, text=True)
    want = "auxv: %s: not auxv's JSON: malformed at offset %d\n" % (f, off)
    assert (r.returncode, r.stdout, r.stderr) == (1, "", want), (doc, r.returncode, r.stdout, r.stderr, want)
good = [
    (H + '{"type":6,"value":18446744073709551615}' + T, 18446744073709551615),
    (X + '[' * 15 + ']' * 15 + '}' + T, 4096),
    (X + '{"a":[1,-2.5e3,true,false,null,"s\\"\\\\\\/\\b\\f\\n\\r\\t\\u0041"],"b":{},"c":[]}}' + T, 4096),
    ('{"pid":null,"comm":null,"exe":null,"word_size":8,"byte_order":"little","entries":[' + E + T, 4096),
    (' \t\r\n{ "word_size" : 8 , "byte_order" : "little" , "entries" : [ { "type" : 6 , "value" : 4096 } ] } ', 4096),
    # The layout after the entries, as jq -S and Ansible's facts sort keys.
    ('{"byte_order":"little","entries":[' + E + '],"word_size":8}', 4096),
    ('{"entries":[{"type":6,"value":4096,"x":' + '[' * 15 + ']' * 15 + '}],"word_size":8,"byte_order":"little"}', 4096),
    (X + '[1.5e3,2E-1,"\\u00C9\\uD83D\\uDE00"]}' + T, 4096),
    # Any number RFC 8259 allows, of any size, where auxv's JSON has none.
    (X + '[0,-0,0.5,-0.0e-0,1E+2,2e-1,0e0,123456789012345678901234567890,-1e400]}' + T, 4096),
    (H + '{"type":6,"value":0}' + T, 0),
    (H + '{"type":6,"value":4096,' + ','.join('"k%d":1' % i for i in range(62)) + '}' + T, 4096),
    (H + '{"type":6,"value":1,"string":null,"bytes":null}' + T, 1),
]
for doc, value in good:
    json.loads(doc)
    open(f, "w").write(doc)
    r = subprocess.run([auxv, "-f", f, "--value"], capture_output=True, text=True)
    assert (r.returncode, r.stdout, r.stderr) == (0, "%d\n" % value, ""), (doc, r.returncode, r.stdout, r.stderr)
doc = H + FULL + T
open(f, "w").write(doc)
r = subprocess.run([auxv, "-f", f, "--json"], capture_output=True, text=True)
assert r.returncode == 0 and r.stderr == "", (r.returncode, r.stderr)
want = [(x["value"], x["string"]) for x in json.loads(doc)["entries"]]
assert [(x["value"], x["string"]) for x in json.loads(r.stdout)["entries"]] == want
# Upper-case hex in a \\u escape and in bytes, the first and last pairs
# of surrogates (U+10000, U+10FFFF); an empty vector.
for doc in (H + '{"type":15,"value":1,"string":"\\u00C9\\u00e9\\uD83D\\uDE00\\uDBFF\\uDFFF\\uD800\\uDC00"},'
            '{"type":25,"value":4096,"bytes":"0A0b0C0d0E0f101112131415161718FF"}' + T,
            H + T):
    open(f, "w").write(doc)
    r = subprocess.run([auxv, "-f", f, "--json"], capture_output=True, text=True)
    assert r.returncode == 0 and r.stderr == "", (r.returncode, r.stderr)
    got = json.loads(r.stdout)["entries"]
    want = json.loads(doc)["entries"]
    assert [{k: x[k] for k in x if k in ("type", "value", "string")} for x in got] == \
        [{k: x[k] for k in x if k != "bytes"} for x in want], (got, want)
    assert [x.get("bytes", "").lower() for x in got] == [x.get("bytes", "").lower() for x in want], got
# An entry with a string and bytes both: the string is its memory.
doc = H + '{"type":15,"value":4096,"string":"x86_64","bytes":"00"}' + T
open(f, "w").write(doc)
r = subprocess.run([auxv, "-f", f, "--json"], capture_output=True, text=True)
assert r.returncode == 0 and r.stderr == "", (r.returncode, r.stderr)
assert json.loads(r.stdout)["entries"][0]["string"] == "x86_64", r.stdout
# Memory that would end past the last address, 2^64 - 1: not held, the
# string unreadable (null), the vector read.
doc = H + '{"type":15,"value":18446744073709551615,"string":"ab"}' + T
open(f, "w").write(doc)
r = subprocess.run([auxv, "-f", f, "--json"], capture_output=True, text=True)
assert r.returncode == 0 and r.stderr == "", (r.returncode, r.stderr)
got = json.loads(r.stdout)["entries"]
assert [(x["value"], x["string"]) for x in got] == [(2 ** 64 - 1, None)], got
print("ok", len(bad), len(good))
PY
}

# Rewrites of a save by standard JSON tools: python's json.dump (\u
# escapes, surrogate pairs), jq -a (the same), python3 -m json.tool
# (indented), jq -c (raw UTF-8), and with the keys sorted, the layout
# after the entries: jq -S, and json.dump as Ansible writes a fact
# (sort_keys, indent 4).  rewrite SAVE DIR: DIR/1.json ... DIR/6.json.
rewrite() {
	python3 -c 'import json, sys
json.dump(json.load(open(sys.argv[1])), open(sys.argv[2], "w"))' "$1" "$2/1.json"
	jq -a . "$1" >"$2/2.json"
	python3 -m json.tool "$1" >"$2/3.json"
	jq -c . "$1" >"$2/4.json"
	jq -S . "$1" >"$2/5.json"
	python3 -c 'import json, sys
json.dump(json.load(open(sys.argv[1])), open(sys.argv[2], "w"), sort_keys=True, indent=4)' "$1" "$2/6.json"
}

# Checks the strings of a save read back (auxv -f REWRITE --json) against
# the bytes of /proc: the documented form, U+EF80..U+EFFF for a byte
# that is not UTF-8, undone in python.
check_names() {
	python3 - "$@" <<'PY'
import json, os, sys
doc, pid = json.loads(open(sys.argv[1], "rb").read()), int(sys.argv[2])
def raw(s):
    return b"".join(bytes([ord(c) - 0xef00]) if 0xef80 <= ord(c) <= 0xefff
                    else c.encode("utf-8") for c in s)
exe = os.readlink(b"/proc/%d/exe" % pid)
comm = open("/proc/%d/comm" % pid, "rb").read().rstrip(b"\n")
assert raw(doc["exe"]) == exe, (doc["exe"], exe)
assert raw(doc["comm"]) == comm, (doc["comm"], comm)
fn = [e["string"] for e in doc["entries"] if e["type"] == 31][0]
assert raw(fn) == exe, (fn, exe)
assert doc["pid"] == pid, doc["pid"]
PY
}

# Issue 24, item 4: \u00e9 is U+00E9 and a surrogate pair one code point.
# bats test_tags=full
@test "-f of JSON: a UTF-8 name (café-ü, an emoji) reads back the same after json.dump, jq -a, json.tool, jq -c" {
	local T=$BATS_TEST_TMPDIR d
	d="$T/😀"
	mkdir "$d"
	cp "$(command -v sleep)" "$d/café-ü"
	start_bg "$d/café-ü" 1000
	"$AUXV" --json "$BG_PID" >"$T/a.json"
	mkdir "$T/w"
	rewrite "$T/a.json" "$T/w"
	grep -q 'caf\\u00e9-\\u00fc' "$T/w/1.json"
	grep -q '\\ud83d\\ude00' "$T/w/2.json"
	for i in 1 2 3 4 5 6; do
		run -0 --separate-stderr "$AUXV" --diff -f "$T/a.json" -f "$T/w/$i.json"
		[ -z "$output" ]
		"$AUXV" -f "$T/w/$i.json" --json >"$T/back.json"
		run check_names "$T/back.json" "$BG_PID"
		echo "$i: $output"
		[ "$status" -eq 0 ]
		python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
assert d["comm"] == "café-ü" and d["exe"].endswith("/😀/café-ü"), d' "$T/back.json"
	done
}

# Issue 24, item 4: bytes that are not UTF-8, and U+EF80..U+EFFF itself.
# bats test_tags=slow
@test "-f of JSON: a name with bytes that are not UTF-8 survives json.dump, jq -a, json.tool, jq -c byte for byte" {
	local T=$BATS_TEST_TMPDIR name
	name=$(printf 'a\377\351b\356\276\200c')
	cp "$(command -v sleep)" "$T/$name"
	start_bg "$T/$name" 1000
	"$AUXV" --json "$BG_PID" >"$T/a.json"
	run check_names "$T/a.json" "$BG_PID"
	echo "$output"
	[ "$status" -eq 0 ]
	mkdir "$T/w"
	rewrite "$T/a.json" "$T/w"
	for i in 1 2 3 4 5 6; do
		run -0 --separate-stderr "$AUXV" --diff -f "$T/a.json" -f "$T/w/$i.json"
		[ -z "$output" ]
		"$AUXV" -f "$T/w/$i.json" --json >"$T/back.json"
		run check_names "$T/back.json" "$BG_PID"
		echo "$i: $output"
		[ "$status" -eq 0 ]
	done
	# A lone surrogate is no character: malformed, just after it (the
	# low ones' first and last as well).
	for u in dc80 dc00 dfff; do
		printf '{"word_size":8,"byte_order":"little","entries":[{"type":31,"value":4096,"string":"a\\u%sb"}]}' "$u" >"$T/s.json"
		run -1 --separate-stderr "$AUXV" -f "$T/s.json"
		[ "$stderr" = "auxv: $T/s.json: not auxv's JSON: malformed at offset $(($(grep -bo "u$u" "$T/s.json" | cut -d: -f1) + 5))" ]
	done
}

# Issue 24, item 11: python's json takes the last of two equal keys; auxv
# refuses the second, at its opening quote.
@test "-f of JSON: a duplicate key is malformed, refused at the second key" {
	python3 - "$AUXV" "$BATS_TEST_TMPDIR/j" <<'PY'
import json, subprocess, sys
auxv, f = sys.argv[1:]
E = '{"type":6,"value":4096}'
docs = [
    '{"word_size":4,"byte_order":"little","entries":[' + E + '],@"word_size":8}',
    '{"word_size":8,@"word_size":8,"byte_order":"little","entries":[' + E + ']}',
    '{"word_size":8,"byte_order":"little","entries":[{"type":6,@"type":7,"value":1}]}',
    '{"word_size":8,"byte_order":"little","entries":[{"type":6,"value":1,"hex":"0x1",@"hex":"0x1"}]}',
    '{"pid":1,"word_size":8,"byte_order":"little",@"\\u0070id":2,"entries":[' + E + ']}',
    '{"x":{"a":1,"b":{"c":[{"d":1,@"d":2}]}},"word_size":8,"byte_order":"little","entries":[' + E + ']}',
    '{"x":{"\\u00e9":1,@"\xe9":2},"word_size":8,"byte_order":"little","entries":[' + E + ']}',
    '{"word_size":8,"byte_order":"little","entries":[' + E + '],@"entries":[]}',
]
for doc in docs:
    at = len(doc[:doc.index("@")].encode("utf-8"))
    doc = doc.replace("@", "")
    json.loads(doc)
    open(f, "w", encoding="utf-8").write(doc)
    r = subprocess.run([auxv, "-f", f], capture_output=True, text=True)
    want = "auxv: %s: not auxv's JSON: duplicate key at offset %d\n" % (f, at)
    assert (r.returncode, r.stdout, r.stderr) == (1, "", want), (doc, r)
# Keys that only look alike are not the same.
doc = '{"x":{"a":1,"A":2,"a ":3,"\\u00e9":4,"e\\u0301":5},"word_size":8,"byte_order":"little","entries":[' + E + ']}'
open(f, "w").write(doc)
r = subprocess.run([auxv, "-f", f, "--value"], capture_output=True, text=True)
assert (r.returncode, r.stdout) == (0, "4096\n"), r
# Nor are two keys of one length whose 64-bit FNV-1a hashes collide (a
# pair found by search): python hashes them, and sees two keys.
def fnv1a(k):
    h = 0xcbf29ce484222325
    for c in k.encode():
        h = ((h ^ c) * 0x100000001b3) % (1 << 64)
    return h
a, b = "13d51083df96dfa5", "e8efb5615671959d"
assert a != b and fnv1a(a) == fnv1a(b)
doc = ('{"%s":1,"%s":2,"word_size":8,"byte_order":"little","entries":'
       '[{"type":6,"%s":1,"%s":2,"value":4096}]}' % (a, b, a, b))
assert len(json.loads(doc, object_pairs_hook=list)) == 5
open(f, "w").write(doc)
r = subprocess.run([auxv, "-f", f, "--value"], capture_output=True, text=True)
assert (r.returncode, r.stdout) == (0, "4096\n"), r
print("ok", len(docs))
PY
}

# Issue 24, item 14.
@test "-f of a JSON save --json: pid, comm and exe read back and saved again; --pid finds the re-save" {
	local T=$BATS_TEST_TMPDIR
	start_bg sleep 1000
	"$AUXV" --json "$BG_PID" >"$T/a.json"
	"$AUXV" -f "$T/a.json" --json >"$T/b.json"
	"$AUXV" -f "$T/b.json" --json >"$T/c.json"
	python3 - "$T/a.json" "$T/b.json" "$T/c.json" "$BG_PID" <<'PY'
import json, os, sys
a, b, c = (json.load(open(x)) for x in sys.argv[1:4])
pid = int(sys.argv[4])
comm = open("/proc/%d/comm" % pid).read().rstrip("\n")
exe = os.readlink("/proc/%d/exe" % pid)
for d in a, b, c:
    assert (d["pid"], d["comm"], d["exe"]) == (pid, comm, exe), d
assert b["source"] == "file" and b["path"] == sys.argv[1], b
PY
	run -0 --separate-stderr "$AUXV" -f "$T/b.json" --pid "$BG_PID" -k EXECFN --value
	[ "$output" = "$(command -v sleep)" ]
	# A raw file has none of them.
	cp "/proc/$BG_PID/auxv" "$T/raw"
	"$AUXV" -f "$T/raw" --json | jq -e 'has("pid") or has("comm") or has("exe") | not'
	# A save with any one of them has all three again, the others null.
	local k
	for k in '"pid":7' '"comm":"c"' '"exe":"/bin/x"'; do
		printf '{%s,"word_size":8,"byte_order":"little","entries":[{"type":6,"value":4096}]}' "$k" >"$T/one.json"
		run -0 --separate-stderr "$AUXV" -f "$T/one.json" --json
		python3 -c 'import json, sys
d, want = json.loads(sys.argv[1]), {"pid": None, "comm": None, "exe": None}
want.update(json.loads("{%s}" % sys.argv[2]))
assert {k: d[k] for k in want} == want, d' "$output" "$k"
	done
}

# Issue 24, item 18: RFC 8259 lets a reader skip a byte order mark.
@test "-f of a JSON save with a UTF-8 byte order mark: the same entries as without" {
	local T=$BATS_TEST_TMPDIR
	start_bg sleep 1000
	"$AUXV" --json "$BG_PID" >"$T/a.json"
	python3 -c 'import json, sys
json.dump(json.load(open(sys.argv[1])), open(sys.argv[2], "w", encoding="utf-8-sig"))' \
	    "$T/a.json" "$T/bom.json"
	[ "$(head -c 3 "$T/bom.json" | od -An -tx1 | tr -d ' ')" = efbbbf ]
	run -0 --separate-stderr "$AUXV" -f "$T/bom.json" --json
	python3 -c '
import json, sys
saved = json.load(open(sys.argv[1], encoding="utf-8-sig"))
back = json.loads(sys.argv[2])
keep = ("type", "value", "string", "bytes")
strip = lambda es: [{k: e[k] for k in keep if k in e} for e in es]
assert strip(back["entries"]) == strip(saved["entries"]), back["entries"]
assert back["word_size"] == saved["word_size"]' "$T/bom.json" "$output"
	run -0 --separate-stderr "$AUXV" --diff -f "$T/a.json" -f "$T/bom.json"
	# On standard input too, and before JSON Lines.
	run -0 --separate-stderr bash -c 'cat "$2" "$3" | "$1" -f - --pid "$4" -k PAGESZ --value' _ \
	    "$AUXV" "$T/bom.json" "$T/a.json" "$BG_PID"
	[ "$output" = "$(getconf PAGESIZE)" ]
}

# Only the whole mark (EF BB BF) makes a file JSON: a vector whose first
# bytes start one (its type 0x7bbbef, or 0x7bef: EF BB then '{') is raw.
@test "-f: a partial byte order mark is no JSON: the file is a raw vector" {
	local f=$BATS_TEST_TMPDIR/v t
	for t in 0x7bbbef 0x7bef; do
		mkraw "$f" 8 '<' "$t" 1 6 4096
		run -0 --separate-stderr "$AUXV" -f "$f" --arch x86_64 --json
		python3 -c 'import json, sys
got = [[e["type"], e["value"]] for e in json.loads(sys.argv[1])["entries"]]
assert got == json.loads(sys.argv[2]), got' "$output" "$(pyvec_json "$f" 8 little)"
	done
}

# At most 4096 entries (SPEC.md): a save of 4097 is too large, as a raw
# vector of 4097 is, with the same message and errno (EFBIG, python's).
# bats test_tags=slow
@test "-f of JSON: 4096 entries read, 4097 too large as a raw vector is" {
	local f=$BATS_TEST_TMPDIR/j raw_err
	# N entries of type 6, values from 4096 on, without blanks.
	save() {
		python3 -c 'import json, sys
e = [{"type": 6, "value": 4096 + i} for i in range(int(sys.argv[1]))]
print(json.dumps({"word_size": 8, "byte_order": "little", "entries": e},
                 separators=(",", ":")))' "$1" >"$f"
	}
	# 4096: the same bytes as the raw vector mkfixture writes.
	save 4096
	"$MKFIXTURE" raw -w 8 -e little $(seq -f '6=%.0f' 4096 8191) >"$f.raw"
	run -0 bash -c '"$1" -f "$2" -o raw | cmp - "$3"' _ "$AUXV" "$f" "$f.raw"
	save 4097
	"$MKFIXTURE" raw -w 8 -e little $(seq -f '6=%.0f' 4096 8192) >"$f.raw"
	run -1 --separate-stderr "$AUXV" -f "$f.raw" --word-size 8 --endian little
	raw_err=${stderr#"auxv: $f.raw: "}
	[[ "$raw_err" == "too large: "* ]]
	run -1 --separate-stderr "$AUXV" -f "$f"
	[ -z "$output" ]
	[ "$stderr" = "auxv: $f: $raw_err" ]
	run -1 --separate-stderr "$AUXV" -f "$f" --json
	python3 -c 'import errno, json, sys
d = json.loads(sys.argv[1])
assert "entries" not in d and d["error"]["errno"] == errno.EFBIG, d
assert d["error"]["message"] == sys.argv[2], d' "$output" "$raw_err"
	# Another process's: --pid passes over it to the one asked for.
	python3 -c 'import json, sys
d = json.loads(open(sys.argv[1]).read())
print(json.dumps(dict(d, pid=5)))
print(json.dumps(dict(d, pid=6, entries=d["entries"][:1])))' "$f" >"$f.two"
	run -0 --separate-stderr "$AUXV" -f "$f.two" --pid 6 --value -k AT_PAGESZ
	[ "$output" = 4096 ]
	run -1 --separate-stderr "$AUXV" -f "$f.two" --pid 5
	[ "$stderr" = "auxv: $f.two: $raw_err" ]
}

# A string saved as "bytes" has no NUL: it runs to the end of the save's
# memory, so it is what is there, cut short, in every format and whatever
# the locale (-o table sets LC_CTYPE, whose failure left an errno that
# made the string unreadable).
@test "-f of JSON: a string without its NUL is shown truncated, in every format and locale" {
	local f=$BATS_TEST_TMPDIR/j l
	printf '{"word_size":8,"byte_order":"little","entries":[{"type":31,"value":4096,"bytes":"%s"}]}' \
	    "$(printf ABCD | od -An -tx1 | tr -d ' \n')" >"$f"
	for l in C C.UTF-8 xx_XX.UTF-8; do
		run -0 --separate-stderr env LC_ALL="$l" "$AUXV" -f "$f"
		[ "$output" = "AT_EXECFN:            ABCD  (truncated)" ]
		run -0 --separate-stderr env LC_ALL="$l" "$AUXV" -f "$f" --json
		jq -e '.entries[0].string == "ABCD" and .entries[0].truncated' <<<"$output"
		run -0 --separate-stderr env LC_ALL="$l" "$AUXV" -f "$f" -o table \
		    -k EXECFN
		[ "${lines[1]}" = "$f  -     ABCD" ]
	done
}

# A string is read up to PATH_MAX bytes (SPEC.md; getconf): a longer one
# saved whole is shown as its first PATH_MAX bytes, marked truncated.
@test "-f of JSON: a string longer than PATH_MAX is its first PATH_MAX bytes, truncated" {
	local f=$BATS_TEST_TMPDIR/j max
	max=$(getconf PATH_MAX /)
	python3 -c 'import json, sys
s = "".join(chr(97 + i % 26) for i in range(int(sys.argv[1]) + 100))
print(json.dumps({"word_size": 8, "byte_order": "little",
                  "entries": [{"type": 31, "value": 4096, "string": s}]}))' \
	    "$max" >"$f"
	run -0 --separate-stderr "$AUXV" -f "$f" --json
	python3 -c 'import json, sys
saved = json.load(open(sys.argv[1]))["entries"][0]["string"]
e = json.loads(sys.argv[2])["entries"][0]
assert e["string"] == saved[:int(sys.argv[3])] and e["truncated"] is True, e' \
	    "$f" "$output" "$max"
}

# Saved memory near the top of the address space: a string that ends
# below 2^64 reads back (it was unreadable: the read asked for PATH_MAX
# bytes past it); 16 random bytes that would run past 2^64 can't be held.
@test "-f of JSON: a string saved just below 2^64 reads back; bytes that would pass it are unreadable" {
	local f=$BATS_TEST_TMPDIR/j
	python3 -c 'import json
top = 1 << 64
print(json.dumps({"word_size": 8, "byte_order": "little", "entries": [
    {"type": 15, "value": 4096, "string": "x86_64"},
    {"type": 31, "value": top - 256, "string": "/bin/top"},
    {"type": 25, "value": top - 8, "bytes": "00112233445566778899aabbccddeeff"}]}))' >"$f"
	run -0 --separate-stderr "$AUXV" -f "$f" --json
	[ "$(jq -c '[.entries[] | [.type, .string, .bytes]]' <<<"$output")" = '[[15,"x86_64",null],[31,"/bin/top",null],[25,null,null]]' ]
}

# Each two-character escape of RFC 8259 reads back as what it stands for.
@test "-f of JSON: every two-character escape in a name reads back as python's json reads it" {
	local T=$BATS_TEST_TMPDIR
	start_bg sleep 1000
	"$AUXV" --json "$BG_PID" >"$T/a.json"
	python3 - "$T/a.json" "$T/b.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d["comm"] = "q\"b\\s/b\bf\fn\nr\rt\t"
open(sys.argv[2], "w").write(json.dumps(d).replace("/", "\\/"))
PY
	grep -qF '\/b\bf\fn\nr\rt\t' "$T/b.json"
	"$AUXV" -f "$T/b.json" --json >"$T/c.json"
	python3 - "$T/b.json" "$T/c.json" <<'PY'
import json, sys
b, c = (json.load(open(x)) for x in sys.argv[1:3])
assert c["comm"] == b["comm"], (c["comm"], b["comm"])
PY
}
