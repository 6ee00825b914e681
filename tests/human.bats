#!/usr/bin/env bats
# The default format against glibc's own LD_SHOW_AUXV text.

load common

teardown() {
	stop_bg
}

# Every line glibc prints must start our line for the same entry; where
# glibc prints "AT_??? (0xNN): 0xV", we print the kernel's name for NN.
compare_with_glibc() {
	python3 - "$1" "$2" <<'PY'
import re, sys
glibc = [l for l in open(sys.argv[1]).read().splitlines() if l.startswith("AT_")]
ours = [l for l in open(sys.argv[2]).read().splitlines()]
# glibc leaves out powerpc's AT_IGNOREPPC padding.
if not any(l.startswith("AT_IGNOREPPC:") for l in glibc):
    ours = [l for l in ours if not l.startswith("AT_IGNOREPPC:")]
names = {0x1b: ("AT_RSEQ_FEATURE_SIZE", 10), 0x1c: ("AT_RSEQ_ALIGN", 10),
         0x1d: ("AT_HWCAP3", 16), 0x1e: ("AT_HWCAP4", 16)}
assert len(glibc) > 10, glibc
assert len(glibc) == len(ours), (len(glibc), len(ours))
for g, o in zip(glibc, ours):
    m = re.match(r"AT_\?\?\? \(0x([0-9a-f]+)\): 0x([0-9a-f]+)$", g)
    hw = re.match(r"(AT_HWCAP2?:) +(.*)$", g)
    if hw and not re.fullmatch(r"(0x)?[0-9a-f]+", hw.group(2)):
        # glibc's dl-procinfo of arm, i386, powerpc and s390 prints the
        # bits' names alone: the same names as ours, after the value.
        assert o.split()[0] == hw.group(1), (g, o)
        assert o.split()[2:] == hw.group(2).split(), (g, o)
    elif m and int(m.group(1), 16) in names:
        name, base = names[int(m.group(1), 16)]
        v = int(m.group(2), 16)
        want = (name + ":").ljust(22) + (str(v) if base == 10 else "0x%x" % v)
        assert o.startswith(want), (g, o, want)
    else:
        assert o.startswith(g), (g, o)
        rest = o[len(g):]
        assert rest == "" or rest.startswith("  "), (g, o)
print("ok", len(glibc))
PY
}

# same_as_glibc [VAR=VALUE]...: auxv run with LD_SHOW_AUXV=1 and the
# environment given; ld.so prints the vector of the process before its
# constructors run, then auxv prints its own: the same vector, twice.
same_as_glibc() {
	local both=$BATS_TEST_TMPDIR/both n total half
	env "$@" LD_SHOW_AUXV=1 "$AUXV" >"$both"
	n=$(LD_SHOW_AUXV=1 /bin/true | wc -l)
	[ "$n" -gt 10 ]
	total=$(wc -l <"$both")
	# Ours are the last lines, one per entry: glibc may skip some
	# (powerpc's AT_IGNOREPPC).
	half=$((total - $(env "$@" "$AUXV" | wc -l)))
	head -n "$half" "$both" >"$BATS_TEST_TMPDIR/glibc"
	tail -n +"$((half + 1))" "$both" >"$BATS_TEST_TMPDIR/ours"
	compare_with_glibc "$BATS_TEST_TMPDIR/glibc" "$BATS_TEST_TMPDIR/ours"
}

@test "self: each line starts with what glibc prints for the same vector" {
	run same_as_glibc
	echo "$output"
	[ "$status" -eq 0 ]
}

# A constructor that edits the environment before main (envedit.c, a
# common pattern of preload libraries): glibc hands main the environment
# as it stands then (unsetenv leaves two NULLs on the stack, setenv moves
# it to the heap, clearenv makes it NULL); the vector is still found on
# the stack the kernel built.  Oracles in the same process: glibc's
# LD_SHOW_AUXV, printed before the constructor ran, and the kernel's
# /proc/self/auxv, which the constructor copied (python's struct).
# bats test_tags=slow
@test "self: a constructor's unsetenv, setenv or clearenv leaves the vector found, glibc and musl" {
	[ -n "$ENVEDIT" ] || skip "envedit.c not built"
	local how saved=$BATS_TEST_TMPDIR/saved ws order asan
	read -r ws order < <("$AUXV" --json -k AT_PAGESZ |
	    jq -r '"\(.word_size) \(.byte_order)"')
	# An ASan build's runtime must come first: the preload goes before it.
	asan=verify_asan_link_order=0:${ASAN_OPTIONS:-}
	# --check: the verdicts of the same program with no constructor.
	run "$AUXV" --check
	local want=$status fails
	fails=$(grep FAIL <<<"$output" | cut -d' ' -f1)
	for how in unset set clear; do
		run same_as_glibc ASAN_OPTIONS="$asan" LD_PRELOAD="$ENVEDIT" \
		    ENVEDIT=$how
		echo "$how: $output"
		[ "$status" -eq 0 ]
		run env ASAN_OPTIONS="$asan" LD_PRELOAD="$ENVEDIT" ENVEDIT=$how \
		    ENVEDIT_SAVE="$saved" "$AUXV" --json
		[ "$status" -eq 0 ]
		[ "$(jq -c '[.entries[] | [.type, .value]]' <<<"$output")" = \
		    "$(pyvec_json "$saved" "$ws" "$order" | jq -c .)" ]
		run env ASAN_OPTIONS="$asan" LD_PRELOAD="$ENVEDIT" ENVEDIT=$how \
		    "$AUXV" --check
		echo "$output"
		[ "$status" -eq "$want" ]
		[ "$(grep FAIL <<<"$output" | cut -d' ' -f1)" = "$fails" ]
	done
	[ -n "$AUXV_MUSL_ENVEDIT" ] || skip "no musl build (musl-gcc)"
	for how in unset set clear; do
		run env ENVEDIT=$how ENVEDIT_SAVE="$saved" "$AUXV_MUSL_ENVEDIT" \
		    --json
		[ "$status" -eq 0 ]
		[ "$(jq -c '[.entries[] | [.type, .value]]' <<<"$output")" = \
		    "$(pyvec_json "$saved" "$ws" "$order" | jq -c .)" ]
		run env ENVEDIT=$how "$AUXV_MUSL_ENVEDIT" --check
		echo "musl $how: $output"
		[ "$status" -eq 0 ]
		! grep FAIL <<<"$output"
	done
}

@test "PID: each line starts with what glibc printed at that process's start" {
	LD_SHOW_AUXV=1 start_bg sleep 1000
	for i in $(seq 1 100); do
		[ -s "$BATS_TEST_TMPDIR/bg.out" ] && break
		sleep 0.02
	done
	run -0 "$AUXV" "$BG_PID"
	printf '%s\n' "$output" >"$BATS_TEST_TMPDIR/ours"
	run compare_with_glibc "$BATS_TEST_TMPDIR/bg.out" "$BATS_TEST_TMPDIR/ours"
	echo "$output"
	[ "$status" -eq 0 ]
}

@test "names and colon are padded to 22 columns, values follow glibc forms" {
	run -0 "$AUXV"
	pagesz=$(getconf PAGESIZE)
	[[ "$output" == *$'\n'"AT_PAGESZ:            $pagesz"$'\n'* ]]
	[[ "$output" == *"AT_UID:               $(id -u)"* ]]
	# qemu-user gives some architectures none.
	! has native || [[ "$output" == *"AT_PLATFORM:          "* ]]
	# Addresses are 0x hex, AT_HWCAP bare hex.
	echo "$output" | grep -Eq '^AT_PHDR:              0x[0-9a-f]+$'
	echo "$output" | grep -Eq '^AT_HWCAP:             [0-9a-f]+( |$)'
	! echo "$output" | grep -q '^AT_NULL'
}

@test "AT_RANDOM shows its 16 bytes, the same as /proc/PID/mem holds" {
	start_bg sleep 1000
	run -0 "$AUXV" -k RANDOM "$BG_PID"
	addr=$(echo "$output" | awk '{print $2}')
	shown=$(echo "$output" | awk '{print $3}')
	want=$(python3 -c '
import sys
f = open("/proc/%s/mem" % sys.argv[1], "rb"); f.seek(int(sys.argv[2], 16))
print(f.read(16).hex())' "$BG_PID" "$addr")
	[ "$shown" = "$want" ]
	[ "${#shown}" -eq 32 ]
}

@test "AT_HWCAP flag names are /proc/cpuinfo flags (x86)" {
	need x86_64
	need native
	run -0 "$AUXV" -k HWCAP
	flags=$(grep -m1 '^flags' /proc/cpuinfo | cut -d: -f2)
	set -- $output
	shift 2
	[ "$#" -gt 5 ]
	for f in "$@"; do
		[[ " $flags " == *" $f "* ]] || { echo "not in cpuinfo: $f"; false; }
	done
}

@test "-v ends each line with two spaces, #, a space and the description" {
	run -0 "$AUXV" -v
	while IFS= read -r line; do
		[[ "$line" == *"  # "?* ]] || { echo "$line"; false; }
	done <<<"$output"
	[[ "$output" == *"AT_PAGESZ:            $(getconf PAGESIZE)  # System page size"* ]]
}

@test "a type nobody names prints as glibc's AT_??? line" {
	mkraw_own "$BATS_TEST_TMPDIR/v" 6 4096 0x99 0xabc 1000 7
	run -0 "$AUXV" -f "$BATS_TEST_TMPDIR/v"
	[ "${lines[0]}" = "AT_PAGESZ:            4096" ]
	[ "${lines[1]}" = "AT_??? (0x99): 0xabc" ]
	[ "${lines[2]}" = "AT_??? (0x3e8): 0x7" ]
}

@test "kernel names glibc lacks: decimal for sizes, 0x hex otherwise" {
	mkraw_own "$BATS_TEST_TMPDIR/v" 27 28 28 32 29 0x5 30 0x0 51 2048
	run -0 "$AUXV" -f "$BATS_TEST_TMPDIR/v"
	[ "${lines[0]}" = "AT_RSEQ_FEATURE_SIZE: 28" ]
	[ "${lines[1]}" = "AT_RSEQ_ALIGN:        32" ]
	[[ "${lines[2]}" == "AT_HWCAP3:            0x5"* ]]
	[[ "${lines[3]}" == "AT_HWCAP4:            0x0"* ]]
	[ "${lines[4]}" = "AT_MINSIGSTKSZ:       2048" ]
}

@test "a string that can't be read shows its address and (unreadable)" {
	mkraw_own "$BATS_TEST_TMPDIR/v" 31 0x7ffc1234 15 0x10 25 0x20
	run -0 "$AUXV" -f "$BATS_TEST_TMPDIR/v"
	[ "${lines[0]}" = "AT_EXECFN:            0x7ffc1234  (unreadable)" ]
	[ "${lines[1]}" = "AT_PLATFORM:          0x10  (unreadable)" ]
	[ "${lines[2]}" = "AT_RANDOM:            0x20  (unreadable)" ]
}

@test "several sources: each block headed ==> NAME <==, blank line between" {
	start_bg sleep 1000
	run -0 "$AUXV" "$BG_PID" "$$"
	[ "${lines[0]}" = "==> $BG_PID (sleep) <==" ]
	n=$(echo "$output" | grep -c '^==> ')
	[ "$n" -eq 2 ]
	echo "$output" | grep -qx "==> $$ ($(cat /proc/$$/comm)) <=="
	echo "$output" | grep -B1 "^==> $$ (" | head -1 | grep -qx ''
}

# -o table: a row per source, a column per key, aligned under a header;
# each value is what --value gives for the same source, but AT_HWCAP's
# bare as on its human line (glibc's form), where --value has 0x.
@test "-o table: rows of the JSON's processes, values as --value shows them" {
	start_bg sleep 1000
	run -0 --separate-stderr "$AUXV" -o table "$BG_PID" "$$"
	printf '%s\n' "$output" >"$BATS_TEST_TMPDIR/table"
	local p k v want
	for p in "$BG_PID" "$$"; do
		want="$p $(cat /proc/$p/comm)"
		for k in SECURE PLATFORM HWCAP HWCAP2 EXECFN; do
			v=$("$AUXV" -k "$k" --value "$p") || v=-
			[ "$k" != HWCAP ] || v=${v#0x}
			want="$want $v"
		done
		grep -qx "$want" < <(tr -s ' ' <"$BATS_TEST_TMPDIR/table") ||
		    { echo "no row: $want"; cat "$BATS_TEST_TMPDIR/table"; return 1; }
	done
	python3 - "$BATS_TEST_TMPDIR/table" <<'PY'
import sys
lines = open(sys.argv[1]).read().splitlines()
assert lines[0].split() == ["PID", "COMM", "AT_SECURE", "AT_PLATFORM",
                            "AT_HWCAP", "AT_HWCAP2", "AT_EXECFN"], lines[0]
assert len(lines) == 3, lines
# Aligned: every column starts where its header does.
starts = [i for i in range(len(lines[0]))
          if lines[0][i] != " " and (i == 0 or lines[0][i - 1] == " ")]
for l in lines[1:]:
    for s in starts:
        assert l[s] != " " and (s == 0 or l[s - 1] == " "), (l, starts)
PY
	# With -a, keys of our choice; a key a vector lacks shows -.  (Under
	# an emulator -a reads the host's processes: the cross stage of
	# .ci/run runs -a there on its own, bounded.)
	has native || return 0
	run -0 --separate-stderr "$AUXV" -a -o table -k SECURE,0x7fff
	[[ "${lines[0]}" =~ ^PID\ +COMM\ +AT_SECURE\ +0x7fff$ ]]
	grep -Eq "^$BG_PID +sleep +0 +-$" <<<"$output"
}

@test "-o table: a hostile name and label are escaped, the row still aligned" {
	local name
	name=$(printf 'x\033[2J')
	mkraw_own "$BATS_TEST_TMPDIR/$name" 6 4096
	run -0 --separate-stderr "$AUXV" -o table -k PAGESZ \
	    -f "$BATS_TEST_TMPDIR/$name"
	[[ "$output" != *$'\e'* ]]
	[[ "${lines[1]}" == "$BATS_TEST_TMPDIR/x\\033[2J  -     4096" ]]
}

# table_check FULL [CUT WIDTH]: FULL's columns start at the same display
# column in every row, counted by python's unicodedata (east_asian_width
# W and F take two columns, combining marks none); each row of CUT, where
# given, is the longest prefix of FULL's row that fits in WIDTH columns,
# less the padding it ends in (cells hold no space: they are escaped).
table_check() {
	python3 - "$@" <<'PY'
import re, sys, unicodedata
def width(s):
    return sum(0 if unicodedata.combining(c) else
               2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in s)
full = open(sys.argv[1], encoding="utf-8").read().splitlines()
def starts(line):
    return [width(line[:m.start()]) for m in re.finditer(r"(?:^|(?<=  ))\S", line)]
for l in full[1:]:
    assert starts(l) == starts(full[0]), (l, starts(l), full[0], starts(full[0]))
if len(sys.argv) > 2:
    cut = open(sys.argv[2], encoding="utf-8").read().replace("\r\n", "\n").splitlines()
    w = int(sys.argv[3])
    assert len(cut) == len(full), (cut, full)
    for c, f in zip(cut, full):
        # The longest prefix that fits, without the padding it ends in.
        n = 0
        while n < len(f) and width(f[:n + 1]) <= w:
            n += 1
        assert c == f[:n].rstrip(" "), (c, f[:n])
    assert any(c != f for c, f in zip(cut, full)), "nothing was cut"
PY
}

# on_pty COLS OUT CMD...: CMD with its standard output a terminal of COLS
# columns; what it wrote in OUT.
on_pty() {
	python3 - "$@" <<'PY'
import fcntl, os, pty, struct, subprocess, sys, termios
cols, out, cmd = int(sys.argv[1]), sys.argv[2], sys.argv[3:]
m, s = pty.openpty()
fcntl.ioctl(s, termios.TIOCSWINSZ, struct.pack("HHHH", 24, cols, 0, 0))
p = subprocess.Popen(cmd, stdout=s)
os.close(s)
got = b""
while True:
    try:
        b = os.read(m, 65536)
    except OSError:  # EIO: the other side is closed
        break
    if not b:
        break
    got += b
sys.exit(p.wait() or open(out, "wb").write(got) and 0)
PY
}

# bats test_tags=slow
@test "-o table: aligned and cut by display columns (wcwidth), a CJK name too" {
	locale -a 2>/dev/null | grep -Eqix 'c\.utf-?8' || skip "no C.UTF-8 locale"
	need host_order
	export LC_ALL=C.UTF-8
	cd "$BATS_TEST_TMPDIR"
	local wide=日本語漢字 straddle
	straddle=$(printf 'x%.0s' $(seq 29))日本
	mkraw_own "$wide" 6 4096 17 100
	cp "$wide" ab
	cp "$wide" "$straddle"
	run -0 --separate-stderr "$AUXV" -o table -k PAGESZ,CLKTCK \
	    -f "$wide" -f ab
	printf '%s\n' "$output" >full
	[ "${#lines[@]}" -eq 3 ]
	[[ "${lines[1]}" == "$wide  -"* ]]
	table_check full
	# A terminal of 30 columns: every row cut to fit, a wide character
	# that would straddle the edge left out whole.
	on_pty 30 cut "$AUXV" -o table -k PAGESZ,CLKTCK -f "$wide" -f ab
	table_check full cut 30
	"$AUXV" -o table -k PAGESZ -f "$straddle" -f ab >full
	table_check full
	on_pty 30 cut "$AUXV" -o table -k PAGESZ -f "$straddle" -f ab
	table_check full cut 30
	grep -qx "$(printf 'x%.0s' $(seq 29))" <(tr -d '\r' <cut)
	# Under the UTF-8 locale too, bytes that are not UTF-8 and control
	# characters stay escaped, and count as the escapes they print.
	local bad
	bad=$(printf 'b\377\033[2J')
	cp ab "$bad"
	"$AUXV" -o table -k PAGESZ -f "$bad" -f "$wide" >full
	! grep -q $'[\e\377]' full
	grep -q '^b\\377\\033\[2J  ' full
	table_check full
	# A character whose wcwidth(3) is -1 that auxv does not escape
	# (U+2028, a line separator): one column, so that its cell of three
	# is padded to PID's three, not to five nor two.  (python's
	# splitlines would split at it.)
	local sep
	sep=$(printf 'x\342\200\250y')
	cp ab "$sep"
	"$AUXV" -o table -k PAGESZ -f "$sep" -f ab >full
	[ "$(sed -n 2p full)" = "$sep  -     4096" ]
	[ "$(sed -n 3p full)" = "ab   -     4096" ]
}

# Where the locale decodes no UTF-8 (LC_ALL=C), each character of a cell
# counts one column, as a terminal shows one replacement for it: the
# columns start at the header's, counted in characters.  A cell longer
# than the table's first 4096 bytes of room is held whole: a string of
# 3000 bytes 0xff (U+EFFF in a JSON save) is 3000 escapes \377.
@test "-o table: in the C locale a character is one column; a cell of 12000 bytes is whole" {
	cd "$BATS_TEST_TMPDIR"
	mkraw 日本 8 '<' 6 4096
	cp 日本 ab
	LC_ALL=C "$AUXV" -o table -k PAGESZ -f 日本 -f ab >full
	python3 - full <<'PY'
import re, sys
rows = open(sys.argv[1], encoding="utf-8").read().splitlines()
starts = lambda l: [m.start() for m in re.finditer(r"(?:^|(?<=  ))\S", l)]
assert len(rows) == 3 and rows[1].startswith("日本  "), rows
for r in rows[1:]:
    assert starts(r) == starts(rows[0]), (r, rows[0])
PY
	printf '{"word_size":8,"byte_order":"little","entries":[{"type":31,"value":4096,"string":"%s"}]}' \
	    "$(printf '\\uefff%.0s' $(seq 3000))" >big.json
	run -0 --separate-stderr "$AUXV" -o table -k EXECFN -f big.json
	[ "${#lines[@]}" -eq 2 ]
	[ "${lines[1]}" = "big.json  -     $(printf '\\377%.0s' $(seq 3000))" ]
}

# The table's room grows by doubling from 4096 bytes: strings of lengths
# around that boundary fill it to the byte once, where a byte too few
# (the cell's end) is a write past it that the sanitizer build reports.
# bats test_tags=slow
@test "-o table: cells that fill the table's room to the byte are whole" {
	cd "$BATS_TEST_TMPDIR"
	python3 - "$AUXV" <<'PY'
import json, subprocess, sys
for n in range(4000, 4096):
    doc = {"word_size": 8, "byte_order": "little",
           "entries": [{"type": 31, "value": 4096, "string": "x" * n}]}
    open("b.json", "w").write(json.dumps(doc))
    r = subprocess.run([sys.argv[1], "-o", "table", "-k", "EXECFN", "-f", "b.json"],
                       capture_output=True, text=True)
    assert (r.returncode, r.stderr) == (0, ""), (n, r.returncode, r.stderr)
    assert r.stdout.splitlines()[1] == "b.json  -     " + "x" * n, n
PY
}
