#!/usr/bin/env bats
# Hostile input, as a table: each case ends within a bound, with the
# documented status and a message, and without a signal.

load common
load stress

# One case a line: name | expected status | stderr pattern | command.
cases() {
	local t=$BATS_TEST_TMPDIR
	: >"$t/empty"
	printf 'x' >"$t/one"
	head -c 13 /proc/self/auxv >"$t/odd"
	python3 -c 'import struct, sys; sys.stdout.buffer.write(struct.pack("<QQ", 6, 4096) * 3)' >"$t/nonull"
	python3 -c 'import struct, sys; sys.stdout.buffer.write(struct.pack("<QQ", 6, 4096) * 10000 + b"\0" * 16)' >"$t/10000"
	head -c 3000000 /dev/urandom >"$t/random"
	printf '\177ELF\2\1\1' >"$t/elfstub"
	cat <<EOF
empty file|1|truncated at offset 0|"$AUXV" -f "$t/empty"
one byte|1|truncated at offset 0|"$AUXV" -f "$t/one"
odd length|1|truncated at offset|"$AUXV" -f "$t/odd"
no AT_NULL|1|no AT_NULL: truncated at offset 48|"$AUXV" -f "$t/nonull"
10000 entries|1|too large|"$AUXV" -f "$t/10000"
3 MB of random bytes|1|$t/random: |"$AUXV" -f "$t/random"
/dev/zero|1|too large|"$AUXV" -f /dev/zero
/dev/null|1|truncated at offset 0|"$AUXV" -f /dev/null
a directory|1|Is a directory|"$AUXV" -f "$t"
no such file|1|No such file or directory|"$AUXV" -f "$t/nosuch"
ELF stub|1|$t/elfstub: |"$AUXV" -f "$t/elfstub"
random bytes on stdin|1|-: |"$AUXV" -f - <"$t/random"
/dev/zero on stdin|1|too large|"$AUXV" -f - </dev/zero
10000 entries, JSON|1|too large|"$AUXV" --json -f "$t/10000"
EOF
}

@test "hostile files: bounded, documented status, a message, no signal" {
	while IFS='|' read -r name want pat cmd; do
		run --separate-stderr timeout 30 bash -c "$cmd"
		echo "$name: status $status, stderr: $stderr"
		[ "$status" -lt 124 ] || { echo "$name: hung or killed"; false; }
		[ "$status" -eq "$want" ] || { echo "$name: want $want"; false; }
		[[ "$stderr" == "auxv: "*"$pat"* ]] || { echo "$name: message"; false; }
	done < <(cases)
}

@test "stress: a FIFO with no writer: refused after a bounded wait" {
	stress_only
	mkfifo "$BATS_TEST_TMPDIR/fifo"
	run -1 --separate-stderr timeout 30 "$AUXV" -f "$BATS_TEST_TMPDIR/fifo"
	[[ "$stderr" == *"FIFO: no writer within 10 s"* ]]
}

@test "a FIFO whose writer comes later is read" {
	mkfifo "$BATS_TEST_TMPDIR/fifo"
	(sleep 1; cat /proc/self/auxv >"$BATS_TEST_TMPDIR/fifo") &
	run -0 timeout 30 "$AUXV" -f "$BATS_TEST_TMPDIR/fifo" -k PAGESZ --value
	[ "$output" = "$(getconf PAGESIZE)" ]
	wait
}

@test "string pointers to nowhere are unreadable, not fatal" {
	mkraw "$BATS_TEST_TMPDIR/v" 8 '<' 31 0x10 15 0xffffffffffffff00
	run -0 "$AUXV" --json -f "$BATS_TEST_TMPDIR/v"
	echo "$output" | jq -e '.entries[0].string == null and .entries[1].string == null'
}

@test "a process that exits while being read: a message, no signal" {
	for i in $(seq 1 30); do
		sleep 0.01 &
		run "$AUXV" --json "$!"
		[ "$status" -le 1 ]
	done
}

@test "--all while processes come and go: exit 0, valid JSON" {
	( for i in $(seq 1 200); do /bin/true; done ) &
	run -0 --separate-stderr "$AUXV" -a --json
	wait
	echo "$output" | python3 -c 'import json, sys; [json.loads(l) for l in sys.stdin]'
}
