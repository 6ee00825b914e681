#!/usr/bin/env bats
# Hostile input, as a table: each case ends within a bound, with the
# documented status and a message, and without a signal.

load common
load stress

# One case a line: name | expected status | stderr pattern | command.
# /dev/zero starts with AT_NULL: an empty vector, read no further.
cases() {
	local t=$BATS_TEST_TMPDIR
	: >"$t/empty"
	printf 'x' >"$t/one"
	head -c 13 /proc/self/auxv >"$t/odd"
	"$MKFIXTURE" raw -N 6=4096 6=4096 6=4096 >"$t/nonull"
	"$MKFIXTURE" raw $(yes 6=4096 | head -n 10000) >"$t/10000"
	head -c 3000000 /dev/urandom >"$t/random"
	printf '\177ELF\2\1\1' >"$t/elfstub"
	cat <<EOF
empty file|1|empty|"$AUXV" -f "$t/empty"
one byte|1|truncated at offset 0|"$AUXV" -f "$t/one"
odd length|1|truncated at offset|"$AUXV" -f "$t/odd"
no AT_NULL|1|no AT_NULL: truncated at offset 48|"$AUXV" -f "$t/nonull"
10000 entries|1|too large|"$AUXV" -f "$t/10000"
3 MB of random bytes|1|$t/random: |"$AUXV" -f "$t/random"
/dev/zero|0||"$AUXV" -f /dev/zero
/dev/null|1|empty|"$AUXV" -f /dev/null
a directory|1|is a directory|"$AUXV" -f "$t"
no such file|1|no such file or directory|"$AUXV" -f "$t/nosuch"
ELF stub|1|$t/elfstub: |"$AUXV" -f "$t/elfstub"
random bytes on stdin|1|-: |"$AUXV" -f - <"$t/random"
/dev/zero on stdin|0||"$AUXV" -f - </dev/zero
10000 entries, JSON|1|too large|"$AUXV" --json -f "$t/10000"
EOF
}

# bats test_tags=slow
@test "hostile files: bounded, documented status, a message, no signal" {
	while IFS='|' read -r name want pat cmd; do
		run --separate-stderr timeout 30 bash -c "$cmd"
		echo "$name: status $status, stderr: $stderr"
		[ "$status" -lt 124 ] || { echo "$name: hung or killed"; false; }
		[ "$status" -eq "$want" ] || { echo "$name: want $want"; false; }
		if [ "$want" -eq 0 ]; then
			[ -z "$stderr" ] || { echo "$name: no message"; false; }
		else
			[[ "$stderr" == "auxv: "*"$pat"* ]] ||
			    { echo "$name: message"; false; }
		fi
	done < <(cases)
}

# bats test_tags=stress
@test "a FIFO with no writer: refused after a bounded wait" {
	stress_only
	mkfifo "$BATS_TEST_TMPDIR/fifo"
	run -1 --separate-stderr timeout 30 "$AUXV" -f "$BATS_TEST_TMPDIR/fifo"
	[[ "$stderr" == *"FIFO: no writer within 10 s"* ]]
}

# bats test_tags=full
@test "a FIFO whose writer comes later is read" {
	mkfifo "$BATS_TEST_TMPDIR/fifo"
	(sleep 1; cat /proc/self/auxv >"$BATS_TEST_TMPDIR/fifo") &
	writer=$!
	run -0 timeout 30 "$AUXV" -f "$BATS_TEST_TMPDIR/fifo" -k PAGESZ --value
	[ "$output" = "$(getconf PAGESIZE)" ]
	# Only the writer: bats' own time-out runs in the background too.
	wait "$writer"
}

@test "string pointers to nowhere are unreadable, not fatal" {
	mkraw "$BATS_TEST_TMPDIR/v" 8 '<' 31 0x10 15 0xffffffffffffff00
	# Its layout said: a build of another word size reads it too.
	run -0 "$AUXV" --json --word-size 8 --endian little -f "$BATS_TEST_TMPDIR/v"
	echo "$output" | jq -e '.entries[0].string == null and .entries[1].string == null'
}

# bats test_tags=full
@test "a process that exits while being read: a message, no signal" {
	for i in $(seq 1 30); do
		sleep 0.01 &
		run "$AUXV" --json "$!"
		[ "$status" -le 1 ]
	done
}

# bats test_tags=full
@test "--all while processes come and go: exit 0, valid JSON" {
	( for i in $(seq 1 200); do /bin/true; done ) &
	forker=$!
	run -0 --separate-stderr "$AUXV" -a --json
	wait "$forker"
	echo "$output" | python3 -c 'import json, sys; [json.loads(l) for l in sys.stdin]'
}

# A PID that is reused: the process that held it (A) is killed and reaped,
# and another program (B) is started in its place.  What auxv shows must be
# B's, checked against B's /proc/PID/auxv decoded with python3 struct.

teardown() {
	stop_bg
}

# Starts "$@" with start_bg so that it gets PID $1: PID-1 is written to
# ns_last_pid right before the fork, a few times, as another fork may come
# in between.  Skips when ns_last_pid can't be written or PID isn't had.
start_at() {
	local want=$1 i
	shift
	for i in $(seq 1 10); do
		{ echo $((want - 1)) >/proc/sys/kernel/ns_last_pid; } 2>/dev/null ||
		    skip "/proc/sys/kernel/ns_last_pid is not writable"
		start_bg "$@"
		[ "$BG_PID" -ne "$want" ] || return 0
		stop_bg
		sleep 0.01
	done
	skip "PID $want not had again in 10 tries: other forks raced"
}

# Checks a --json document against the pairs pyvec decoded from the raw
# vector, and the human output's AT_PAGESZ, AT_ENTRY and AT_EXECFN lines.
# Usage: check_reused JSON HUMAN PAIRS WORDSIZE PID ARCH EXECFN
check_reused() {
	python3 - "$@" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
human = open(sys.argv[2]).read().splitlines()
want = [tuple(map(int, l.split())) for l in open(sys.argv[3])]
ws, pid, arch, execfn = int(sys.argv[4]), int(sys.argv[5]), sys.argv[6], sys.argv[7]
got = [(e["type"], e["value"]) for e in doc["entries"]]
assert got == want, (got, want)
assert doc["source"] == "pid" and doc["pid"] == pid, doc
assert doc["word_size"] == ws and doc["arch"] == arch, (doc["word_size"], doc["arch"])
by = {e["name"]: e for e in doc["entries"]}
assert by["AT_EXECFN"]["string"] == execfn, by["AT_EXECFN"]
val = dict(want)
for line in ("AT_PAGESZ:".ljust(22) + str(val[6]),
             "AT_ENTRY:".ljust(22) + "0x%x" % val[9],
             "AT_EXECFN:".ljust(22) + execfn):
    assert line in human, (line, human)
print("ok", len(got))
PY
}

# Usage: reused WORDSIZE ARCH A_COMMAND... -- B_COMMAND...
# B_COMMAND's first word is an absolute path: it is B's AT_EXECFN.
reused() {
	local ws=$1 arch=$2 t=$BATS_TEST_TMPDIR a=() p aexe bexe
	shift 2
	while [ "$1" != -- ]; do a+=("$1"); shift; done
	shift
	pid_lock
	start_bg "${a[@]}"
	p=$BG_PID
	aexe=$(readlink "/proc/$p/exe")
	stop_bg
	[ ! -e "/proc/$p" ] || { echo "A's PID $p taken again at once"; return 1; }
	start_at "$p" "$@"
	bexe=$(readlink "/proc/$p/exe")
	echo "PID $p: A $aexe, B $bexe"
	[ "$bexe" = "$(realpath "$1")" ]
	[ "$bexe" != "$aexe" ]
	cp "/proc/$p/auxv" "$t/raw"
	pyvec "$t/raw" "$ws" >"$t/pairs"
	run -0 --separate-stderr timeout 10 "$AUXV" --json "$p"
	printf '%s\n' "$output" >"$t/json"
	run -0 --separate-stderr timeout 10 "$AUXV" "$p"
	printf '%s\n' "$output" >"$t/human"
	run check_reused "$t/json" "$t/human" "$t/pairs" "$ws" "$p" "$arch" "$1"
	echo "$output"
	[ "$status" -eq 0 ]
}

# bats test_tags=run32
@test "a reused PID, 64-bit sleep then 32-bit static B: B's vector" {
	need x86_64
	need run32
	reused 4 i386 sleep 1000 -- "$(sleep32)"
}

@test "a reused PID, sleep then another 64-bit program: B's vector" {
	need x86_64
	reused 8 "$(uname -m)" sleep 1000 -- "$(command -v tail)" -f /dev/null
}

# bats test_tags=run32
@test "a reused PID, 32-bit static sleep then 64-bit B: B's vector" {
	need x86_64
	need run32
	reused 8 "$(uname -m)" "$(sleep32)" -- "$(command -v tail)" -f /dev/null
}

@test "a freed PID not reused: no such process, status 1, bounded" {
	pid_lock
	start_bg sleep 1000
	p=$BG_PID
	stop_bg
	[ ! -e "/proc/$p" ] || { echo "PID $p taken again at once"; return 1; }
	run --separate-stderr timeout 10 "$AUXV" "$p"
	human_status=$status human_err=$stderr human_out=$output
	run --separate-stderr timeout 10 "$AUXV" --json "$p"
	! [ -e "/proc/$p" ] || skip "PID $p was taken again meanwhile"
	echo "human: status $human_status, stdout: $human_out, stderr: $human_err"
	echo "json: status $status, stdout: $output, stderr: $stderr"
	[ "$human_status" -lt 124 ]
	[ "$status" -lt 124 ]
	[ "$human_status" -eq 1 ]
	[ "$status" -eq 1 ]
	[ "$human_err" = "auxv: $p: no such process" ]
	[ -z "$human_out" ]
	echo "$output" | jq -e --argjson p "$p" '.pid == $p and .error.message == "no such process" and (has("entries") | not)'
}

# bats test_tags=slow
@test "self given AT_EXECFN where nothing can be read (a loader's vector): the address, unreadable, status 0, no signal" {
	need jq
	uexec_ready
	local f want
	# uexec's faults: execfn puts AT_EXECFN at 0x1000, which nothing
	# maps; execfn-none in a page it maps without access; set= a kernel
	# address.  The libc under auxv never reads AT_EXECFN, so only auxv
	# could fault on it.
	for f in execfn:0x1000 execfn-none: set=31=0xffffffffffff0000:0xffffffffffff0000; do
		want=${f##*:}
		run --separate-stderr "$UEXEC" "${f%:*}" "$st" -v
		echo "${f%:*}: status $status, $(grep AT_EXECFN <<<"$output")"
		[ "$status" -eq 0 ]
		[ -z "$stderr" ]
		[[ "$output" =~ (^|$'\n')AT_EXECFN:\ +(0x[0-9a-f]+)\ \ \(unreadable\)\ \ # ]]
		[ -z "$want" ] || [ "${BASH_REMATCH[2]}" = "$want" ]
		run --separate-stderr "$UEXEC" "${f%:*}" "$st" --json
		[ "$status" -eq 0 ]
		# A new process: execfn-none's page may be elsewhere this time.
		jq -e --arg w "$want" '[.entries[] | select(.name == "AT_EXECFN")] |
		    length == 1 and .[0].string == null and
		    (if $w == "" then .[0].hex | test("^0x[0-9a-f]+$") else .[0].hex == $w end)' <<<"$output"
	done
}

@test "self given AT_PHENT that is not e_phentsize: no program headers read, phdrs empty and an error that names it; -v says malformed" {
	need jq
	uexec_ready
	local size
	size=$(readelf_h "$st" "Size of program headers")
	[ "$size" -ne 57 ]
	run --separate-stderr "$UEXEC" set=4=57 "$st" --json
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
	jq -e '[.entries[] | select(.name == "AT_PHDR")] | length == 1 and
	    .[0].phdrs == [] and (.[0].phdrs_error.message | test("AT_PHENT"))' <<<"$output"
	jq -e '.entries[] | select(.name == "AT_PHENT") | .value == 57' <<<"$output"
	run --separate-stderr "$UEXEC" set=4=57 "$st" -v
	[ "$status" -eq 0 ]
	[[ "$output" =~ (^|$'\n')AT_PHDR:\ +0x[0-9a-f]+\ .*\(malformed:\ AT_PHNUM\ or\ AT_PHENT ]]
}
