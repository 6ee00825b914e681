#!/usr/bin/env bats
# Options, usage errors, queries, exit codes, and a source lint.

load common

@test "unknown option: usage error, nothing on stdout" {
	run -2 --separate-stderr "$AUXV" --no-such-option
	[ -z "$output" ]
	[[ "$stderr" == *"usage: auxv"* ]]
}

@test "unknown format, key, word size, byte order: usage errors" {
	run -2 --separate-stderr "$AUXV" -o yaml
	[[ "$stderr" == *"yaml: unknown format"* ]]
	run -2 --separate-stderr "$AUXV" -k NOSUCHKEY
	[[ "$stderr" == *"NOSUCHKEY: unknown key"* ]]
	run -2 "$AUXV" --word-size 5 -f /dev/null
	run -2 "$AUXV" --endian middle -f /dev/null
	run -2 --separate-stderr "$AUXV" -e
	[[ "$stderr" == *"usage: auxv"* ]]
}

@test "--arch with an unknown name lists the known ones" {
	run -2 --separate-stderr "$AUXV" --arch vax
	[[ "$stderr" == *"vax: unknown architecture"* ]]
	[[ "$stderr" == *"x86_64"* && "$stderr" == *"aarch64"* && "$stderr" == *"s390x"* ]]
}

@test "--help and --version: status 0, on stdout" {
	run -0 "$AUXV" --help
	[[ "$output" == *"usage: auxv"* && "$output" == *"--json"* && "$output" == *"--exec"* ]]
	run -0 "$AUXV" -h
	run -0 "$AUXV" --version
	[[ "$output" == "auxv "[0-9]* ]]
}

@test "every -k spelling of a key gives getconf's page size" {
	want=$(getconf PAGESIZE)
	for k in AT_PAGESZ PAGESZ pagesz at_pagesz 6 0x6; do
		run -0 "$AUXV" -k "$k" --value
		[ "$output" = "$want" ] || { echo "$k: $output"; false; }
	done
}

@test "--value: one value per kept entry, vector order; absent key is status 1" {
	run -0 "$AUXV" -k UID,EGID --value
	[ "${lines[0]}" = "$(id -u)" ]
	[ "${lines[1]}" = "$(id -g)" ]
	run -0 "$AUXV" -k PLATFORM --value
	[ "$output" = "$(uname -m)" ]
	run -1 "$AUXV" -k ADI_BLKSZ --value
	[ -z "$output" ]
}

@test "-o raw is refused on a terminal" {
	command -v script >/dev/null || skip "no script(1)"
	run script -qec "$AUXV -o raw" /dev/null
	[ "$status" -eq 2 ]
	[[ "$output" == *"terminal"* ]]
}

@test "-o raw to a pipe: the bytes of a PID's /proc file" {
	sleep 1000 &
	pid=$!
	sleep 0.2
	"$AUXV" -o raw "$pid" >"$BATS_TEST_TMPDIR/raw"
	cp "/proc/$pid/auxv" "$BATS_TEST_TMPDIR/want"
	kill "$pid"
	cmp "$BATS_TEST_TMPDIR/raw" "$BATS_TEST_TMPDIR/want"
}

@test "a write error on stdout is status 1" {
	[ -w /dev/full ] || skip "no /dev/full"
	run -1 --separate-stderr sh -c "\"$AUXV\" >/dev/full"
	[[ "$stderr" == *"write error"* ]]
}

@test "source lint: no strcpy, sprintf, atoi, gets; err.h only in main.c" {
	src="$TESTS_DIR/../src"
	[ -d "$src" ] || skip "no source tree"
	! grep -nE '\b(strcpy|sprintf|atoi|gets|strcat)\s*\(' "$src"/*.c "$src"/*.h
	[ "$(grep -l '<err.h>' "$src"/*.c)" = "$src/main.c" ]
}

@test "-e ends option parsing: -e -- CMD runs CMD, -ev is refused" {
	run -0 "$AUXV" -k EXECFN --value -e -- /bin/true
	[ "$output" = /bin/true ]
	run -0 "$AUXV" -k EXECFN --value -ve /bin/true
	[[ "$output" == "/bin/true  # "* ]] || [ "$output" = /bin/true ]
	run -2 --separate-stderr "$AUXV" -ev /bin/true
	[[ "$stderr" == *"-e must end its group"* ]]
}
