#!/usr/bin/env bats
# Options, usage errors, queries, exit codes, and a source lint.

load common
load_assert

@test "unknown option: usage error, nothing on stdout" {
	run -2 --separate-stderr "$AUXV" --no-such-option
	[ -z "$output" ]
	[ "${stderr#*$'\n'}" = "$TRY_HELP" ]
}

@test "unknown format, key, word size, byte order: usage errors" {
	run -2 --separate-stderr "$AUXV" -o yaml
	[[ "$stderr" == *"yaml: unknown format"* ]]
	run -2 --separate-stderr "$AUXV" -k NOSUCHKEY
	[[ "$stderr" == *"NOSUCHKEY: unknown key"* ]]
	run -2 "$AUXV" --word-size 5 -f /dev/null
	run -2 "$AUXV" --endian middle -f /dev/null
	run -2 --separate-stderr "$AUXV" -e
	[ "${stderr#*$'\n'}" = "$TRY_HELP" ]
}

# A near miss is suggested, and what it names works: the key gives
# getconf's page size, the option is one --help lists.  Nothing is offered
# for a word near nothing.
# bats test_tags=slow
@test "near misses: -k PAGESIZE names AT_PAGESZ, --jsno names --json" {
	local k
	for k in PAGESIZE pagesize AT_PAGESIZE at_pagsz; do
		run -2 --separate-stderr "$AUXV" -k "$k" --value
		[ -z "$output" ]
		assert_equal "$stderr" "auxv: $k: unknown key (did you mean AT_PAGESZ?)
$TRY_HELP"
	done
	run -0 "$AUXV" -k AT_PAGESZ --value
	assert_output "$(getconf PAGESIZE)"
	run -2 --separate-stderr "$AUXV" -k UID,hwcap5
	assert_equal "${stderr_lines[0]}" "auxv: hwcap5: unknown key (did you mean AT_HWCAP, AT_HWCAP2, AT_HWCAP3 or AT_HWCAP4?)"
	run -2 --separate-stderr "$AUXV" -k NOSUCHKEY
	assert_equal "${stderr_lines[0]}" "auxv: NOSUCHKEY: unknown key"
	"$AUXV" --help | grep -qE -- '--json\b'
	"$AUXV" --help | grep -qE -- '--word-size\b'
	run -2 --separate-stderr "$AUXV" --jsno
	assert_equal "$stderr" "auxv: unrecognized option '--jsno' (did you mean --json?)
$TRY_HELP"
	run -2 --separate-stderr "$AUXV" --wrod-size=4 -f /dev/null
	assert_equal "${stderr_lines[0]}" "auxv: unrecognized option '--wrod-size=4' (did you mean --word-size?)"
	run -2 --separate-stderr "$AUXV" --no-such-option
	assert_equal "${stderr_lines[0]}" "auxv: unrecognized option '--no-such-option'"
}

# strerror(3)'s capital is lowered, as in auxv's own reasons: the same
# style for both, here a file that is not there and a directory.
@test "messages: strerror's text in auxv's style, lower case first" {
	run -1 --separate-stderr "$AUXV" -f "$BATS_TEST_TMPDIR/none"
	assert_equal "$stderr" "auxv: $BATS_TEST_TMPDIR/none: no such file or directory"
	run -1 --separate-stderr "$AUXV" -f "$BATS_TEST_TMPDIR"
	assert_equal "$stderr" "auxv: $BATS_TEST_TMPDIR: is a directory"
	# -e needs ptrace, which qemu-user does not implement (cross stage).
	has native || return 0
	run -127 --separate-stderr "$AUXV" -e "$BATS_TEST_TMPDIR/none"
	assert_equal "$stderr" "auxv: $BATS_TEST_TMPDIR/none: no such file or directory"
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

# The static build (tests/bench/meson.build, glibc's static start-up;
# the cross stage runs it under each guest's qemu) checks its own vector
# natively as the dynamic build does: the same rules, none failed
# (check/ holds each rule of self to its oracles).
@test "the static build: --check --json checks the dynamic build's rules, none fails, status 0" {
	need jq
	native_only "a build of the guest's architecture runs under qemu"
	local st=$BUILD_DIR/tests/bench/auxv-static
	[ -x "$st" ] ||
	    skip "no static auxv built (a sanitizer build, or no static libc: tests/bench/meson.build)"
	run -0 --separate-stderr "$AUXV" --check --json
	local rules
	rules=$(jq -c '[.checks[].name]' <<<"$output")
	run -0 --separate-stderr "$st" --check --json
	jq -e '[.checks[] | select(.result == "FAIL")] == [] and .failures == 0' \
	    <<<"$output"
	[ "$(jq -c '[.checks[].name]' <<<"$output")" = "$rules" ]
}

@test "every -k spelling of a key gives getconf's page size" {
	want=$(getconf PAGESIZE)
	for k in AT_PAGESZ PAGESZ pagesz at_pagesz 6 0x6; do
		run -0 "$AUXV" -k "$k" --value
		[ "$output" = "$want" ] || { echo "$k: $output"; false; }
	done
}

@test "--value: a line per key, in the order given; absent key is status 1" {
	# Not the vector's order (AT_UID comes before AT_EGID there).
	run -0 "$AUXV" -k EGID,UID --value
	[ "${lines[0]}" = "$(id -g)" ]
	[ "${lines[1]}" = "$(id -u)" ]
	# AT_PLATFORM as glibc's loader shows auxv's own (not uname -m: a
	# 32-bit program under a 64-bit kernel is "i686", an emulator's
	# guest its own).
	plat=$(ld_show "$AUXV" PLATFORM)
	# qemu-user gives some guests no AT_PLATFORM (s390x, mips64el,
	# ppc64le: FINDINGS.md); natively every architecture here has one.
	if [ -n "$plat" ] || has native; then
		run -0 "$AUXV" -k PLATFORM --value
		[ -z "$plat" ] || [ "$output" = "$plat" ]
		[ -n "$output" ]
		# -v adds no description to a bare value.
		run -0 "$AUXV" -v -k PLATFORM --value
		[ -z "$plat" ] || [ "$output" = "$plat" ]
	fi
	run -1 "$AUXV" -k ADI_BLKSZ --value
	[ -z "$output" ]
}

# value_oracle PID KEY...: the lines --value prints for the keys (numbers)
# of PID's vector, from the kernel's bytes read by oracle.py in the word
# size and byte order of PID's executable: decimal for AT_PAGESZ and the
# IDs, 0x hex for the rest, an empty line for a key the vector lacks, a
# key given twice only at its first place.
value_oracle() {
	python3 - "$@" <<-'PY'
	import sys
	from oracle import pairs_of
	pid, keys = sys.argv[1], [int(k) for k in sys.argv[2:]]
	ident = open("/proc/%s/exe" % pid, "rb").read(6)
	ws, order = 4 * ident[4], "little" if ident[5] == 1 else "big"
	vec = pairs_of("/proc/%s/auxv" % pid, ws, order)
	dec = {6, 11, 12, 13, 14}
	for i, k in enumerate(keys):
	    if k in keys[:i]:
	        continue
	    got = [str(v) if t in dec else hex(v) for t, v in vec if t == k]
	    print("\n".join(got))
	PY
}

# The keys out of the vector's order (AT_HWCAP 16, AT_PAGESZ 6, AT_UID
# 11, AT_ENTRY 9), one no kernel gives (0x99) in the middle, and
# AT_PAGESZ again: mapfile puts each key's value at its index.
@test "--value of a process: mapfile -t gets each key at its place (oracle: /proc/PID/auxv)" {
	start_bg sleep 1000
	local -a want got
	mapfile -t want < <(value_oracle "$BG_PID" 16 6 153 11 9 6)
	[ "${#want[@]}" -eq 5 ] && [ -z "${want[2]}" ]
	mapfile -t got < <("$AUXV" -k hwcap,pagesz,0x99,uid,entry,6 --value \
	    "$BG_PID")
	[ "${got[*]@Q}" = "${want[*]@Q}" ]
	# The same in a read per line; the absent key makes the status 1.
	run -1 --separate-stderr bash -c 'set -o pipefail
	    "$1" -k pagesz,0x99,hwcap --value "$2" |
	    { read -r a; read -r b; read -r c; echo "$a|$b|$c"; }' _ "$AUXV" "$BG_PID"
	[ "$output" = "${want[1]}||${want[0]}" ]
	# Shell arithmetic reads the hex as the kernel's number.
	[ "$(( ${got[0]} ))" = "$(( ${want[0]} ))" ]
	[[ "${got[0]}" == 0x* ]]
}

@test "--value of self: { read -r a; read -r b; } takes the keys in their order" {
	local uid pg
	{ read -r uid; read -r pg; } < <("$AUXV" -k UID,PAGESZ --value)
	[ "$uid" = "$(id -u)" ]
	[ "$pg" = "$(getconf PAGESIZE)" ]
	{ read -r pg; read -r uid; } < <("$AUXV" -k PAGESZ,UID --value)
	[ "$uid" = "$(id -u)" ]
	[ "$pg" = "$(getconf PAGESIZE)" ]
	# An absent key in the middle is an empty line in its place.
	local -a v
	mapfile -t v < <("$AUXV" -k PAGESZ,0x99,UID,PAGESZ --value)
	[ "${#v[@]}" -eq 3 ]
	[ "${v[0]}" = "$(getconf PAGESIZE)" ] && [ -z "${v[1]}" ] &&
	    [ "${v[2]}" = "$(id -u)" ]
	run -1 "$AUXV" -k PAGESZ,0x99,UID --value
}

# A type the vector holds twice, as powerpc's AT_IGNOREPPC pair: a line
# per entry, at its key's place, in the vector's order.
@test "--value: a type held twice is a line per entry, in its key's place" {
	local v=$BATS_TEST_TMPDIR/v
	mkraw "$v" 8 '>' 22 0x11 6 65536 22 0x22 11 1000
	set -- --arch ppc64 --word-size 8 --endian big -f "$v"
	local -a got
	mapfile -t got < <("$AUXV" "$@" -k UID,IGNOREPPC,PAGESZ --value)
	[ "${#got[@]}" -eq 4 ] && [ "${got[*]}" = "1000 0x11 0x22 65536" ]
	run -0 --separate-stderr "$AUXV" "$@" -k IGNOREPPC --value
	assert_output "$(printf '0x11\n0x22')"
}

# Several sources: a group of lines per source, in the order given; one
# that could not be read is a group of empty lines, so that the next
# source's lines stay in their place.
@test "--value of several sources: a group per source, a failed one empty" {
	local a=$BATS_TEST_TMPDIR/a b=$BATS_TEST_TMPDIR/b
	mkraw "$a" 8 '<' 6 4096 11 1000
	mkraw "$b" 8 '<' 11 2000 6 16384
	set -- --word-size 8 --endian little
	local -a got
	mapfile -t got < <("$AUXV" "$@" -k PAGESZ,UID --value -f "$a" -f "$b")
	[ "${got[*]}" = "4096 1000 16384 2000" ]
	set -- "$@" -k PAGESZ,UID --value -f "$a" -f "$BATS_TEST_TMPDIR/none"
	mapfile -t got < <("$AUXV" "$@" -f "$b" 2>/dev/null)
	[ "${got[*]@Q}" = "'4096' '1000' '' '' '16384' '2000'" ]
	run -1 --separate-stderr "$AUXV" "$@" -f "$b"
	[[ "$stderr" == "auxv: $BATS_TEST_TMPDIR/none: "* ]]
	set -- --word-size 8 --endian little
	# Without -k, a line per entry, in the vector's order.
	run -0 --separate-stderr "$AUXV" "$@" --value -f "$b"
	assert_output "$(printf '2000\n16384')"
}

# In --value every hexadecimal number starts 0x (glibc's human line
# shows AT_HWCAP bare): one form, which $(( )) reads.
@test "--value: AT_HWCAP and AT_HWCAP2 both 0x hex; the human line keeps glibc's" {
	local v=$BATS_TEST_TMPDIR/v
	mkraw "$v" 8 '<' 16 0x178bebff 26 0 18 0x37f
	set -- --arch x86_64 --word-size 8 --endian little -f "$v"
	run -0 --separate-stderr "$AUXV" "$@" -k HWCAP,HWCAP2,FPUCW --value
	assert_output "$(printf '0x178bebff\n0x0\n0x37f')"
	[ "$(( ${lines[0]} ))" = "$(( 0x178bebff ))" ]
	run -0 --separate-stderr "$AUXV" "$@" -k HWCAP,FPUCW
	[[ "${lines[0]}" == "AT_HWCAP:             178bebff"* ]]
	[ "${lines[1]}" = "AT_FPUCW:             37f" ]
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
	await_exec sleep "$pid"
	"$AUXV" -o raw "$pid" >"$BATS_TEST_TMPDIR/raw"
	cp "/proc/$pid/auxv" "$BATS_TEST_TMPDIR/want"
	kill "$pid"
	cmp "$BATS_TEST_TMPDIR/raw" "$BATS_TEST_TMPDIR/want"
}

# With SIGPIPE ignored a reader that went away is a write error (EPIPE)
# as any other: the contract's statuses, 1, and 2 for --diff (cmp(1)'s
# trouble), never the 0 of a whole output.  The pipe's reading end is
# closed before auxv starts, so that every write fails.
@test "SIGPIPE ignored: a closed pipe is a write error, 2 for --diff" {
	local v=$BATS_TEST_TMPDIR/v
	mkraw_own "$v" 6 1 17 1
	run -0 python3 - "$AUXV" "$v" <<'PY'
import os, signal, subprocess, sys
auxv, v = sys.argv[1:]
for args, want in (([], 1), (["--json"], 1), (["-o", "table"], 1),
                   (["--value", "-k", "PAGESZ"], 1), (["--help"], 1),
                   (["--check"], 1), (["--diff", "self", "-f", v], 2),
                   (["--diff-all", "self", "-f", v], 2)):
    r, w = os.pipe()
    os.close(r)
    p = subprocess.run([auxv] + args, stdout=w, stderr=subprocess.PIPE,
                       text=True, restore_signals=False)
    os.close(w)
    assert signal.getsignal(signal.SIGPIPE) == signal.SIG_IGN
    assert (p.returncode, p.stderr.endswith("write error: broken pipe\n")) == \
        (want, True), (args, p.returncode, p.stderr)
PY
}

# Two vectors one after another read back as the first alone: one source
# only, the file of one still copied byte for byte (cmp the oracle).
@test "-o raw takes one source: several, -a and -C are usage errors" {
	local v=$BATS_TEST_TMPDIR/v
	mkraw "$v" 8 '<' 6 4096 0 0
	run -0 sh -c '"$1" -o raw -f "$2" | cmp - "$2"' sh "$AUXV" "$v"
	for args in "-f $v -f $v" "self -f $v" "-a" "-C sleep"; do
		# shellcheck disable=SC2086
		run -2 --separate-stderr "$AUXV" -o raw $args
		[ -z "$output" ]
		[[ "$stderr" == *"-o raw"*"one source"* ]]
		[ "${#stderr_lines[@]}" -eq 2 ]
	done
}

@test "a write error on stdout is status 1" {
	[ -w /dev/full ] || skip "no /dev/full"
	run -1 --separate-stderr sh -c "\"$AUXV\" >/dev/full"
	[[ "$stderr" == *"write error"* ]]
}

# bats test_tags=slow
@test "source lint: no strcpy, sprintf, atoi, gets; only main.c writes stderr" {
	src="$TESTS_DIR/../src"
	[ -d "$src" ] || skip "no source tree"
	! grep -nE '\b(strcpy|sprintf|atoi|gets|strcat)\s*\(' "$src"/*.c "$src"/*.h
	# What writes standard error names it in code: the text of a string
	# (--help's "counts on stderr") does not count.
	for f in "$src"/*.c; do
		sed 's/"[^"]*"//g' "$f" | grep -qE 'STDERR_FILENO|stderr|<err\.h>' &&
		    echo "$f"
	done >"$BATS_TEST_TMPDIR/writers"
	[ "$(cat "$BATS_TEST_TMPDIR/writers")" = "$src/main.c" ]
}

@test "-e ends option parsing: -e -- CMD runs CMD, -ev is refused" {
	run -2 --separate-stderr "$AUXV" -ev /bin/true
	[[ "$stderr" == *"-e must end its group"* ]]
	native_only "-e needs ptrace"
	run -0 "$AUXV" -k EXECFN --value -e -- /bin/true
	[ "$output" = /bin/true ]
	run -0 "$AUXV" -k EXECFN --value -ve /bin/true
	[[ "$output" == "/bin/true  # "* ]] || [ "$output" = /bin/true ]
}

# The options go through getopt_long with "-af:ehk:o:v": operands in
# their place, groups, abbreviations, -e ending the options.

# A raw vector to read with -f, so that outputs compare byte for byte.
mkvec() {
	VEC="$BATS_TEST_TMPDIR/vec"
	mkraw_own "$VEC" 6 4096 17 100 16 0x3 25 0x7ffd1000
}

# Runs auxv with "$@" and checks what it printed against the output of
# the reference spelling in $want.
same_as_want() {
	run -0 --separate-stderr "$AUXV" "$@"
	assert_output "$want"
}

# Sleepers started by a test: killed even when it fails, and without
# fd 3, so that bats does not wait for them.
teardown() {
	if [ -n "${SLEEPERS:-}" ]; then
		kill $SLEEPERS 2>/dev/null || true
	fi
	stop_bg
}

@test "parser: options and PIDs interleave, each PID in its place" {
	sleep 1000 3>&- &
	p1=$!
	sleep 1000 3>&- &
	p2=$!
	SLEEPERS="$p1 $p2"
	await_exec sleep "$p1" "$p2"
	run -0 --separate-stderr "$AUXV" "$p1" --json "$p2"
	assert_equal "${#lines[@]}" 2
	assert_line -n 0 --partial "\"pid\":$p1,"
	assert_line -n 1 --partial "\"pid\":$p2,"
	run -0 --separate-stderr "$AUXV" "$p2" -k 6 "$p1" --json -- "$p2"
	assert_equal "${#lines[@]}" 3
	assert_line -n 0 --partial "\"pid\":$p2,"
	assert_line -n 1 --partial "\"pid\":$p1,"
	assert_line -n 2 --partial "\"pid\":$p2,"
	refute_output --partial '"AT_UID"'
}

# bats test_tags=full
@test "parser: groups, attached and separate arguments, --name=x" {
	mkvec
	run -0 --separate-stderr "$AUXV" --verbose --key 6 --key=17 \
	    --format human --file "$VEC"
	want=$output
	[[ "$want" == "AT_PAGESZ:"*"4096  # "*$'\n'"AT_CLKTCK:"*"100  # "* ]]
	same_as_want -v -k 6 -k 17 -o human -f "$VEC"
	same_as_want -vk6 -k17 -ohuman -f"$VEC"
	same_as_want -vk 6,17 -vo human -vf "$VEC"
	same_as_want -k6,17 -vf"$VEC"
	same_as_want --verbose --key=6,17 --format=human --file="$VEC"
	run -0 --separate-stderr "$AUXV" --json -f "$VEC"
	want=$output
	[[ "$want" == "{"* ]]
	same_as_want -ojson -f "$VEC"
	same_as_want -o json -f"$VEC"
	same_as_want --format=json --file "$VEC"
	same_as_want --format json "--file=$VEC"
}

# bats test_tags=full
@test "parser: a long name may be cut to a prefix that only it has" {
	mkvec
	run -0 --separate-stderr "$AUXV" --json --verbose --key=6 \
	    --arch=i386 --word-size=8 --endian little --file "$VEC"
	want=$output
	[[ "$want" == *'"arch":"i386"'* ]]
	same_as_want --js --verb --k=6 --ar=i386 --wo=8 --en little --fil "$VEC"
	same_as_want --jso --verbos --ke 6 --arc i386 --word 8 --endi=little \
	    --fi="$VEC"
	run -0 --separate-stderr "$AUXV" --he
	assert_line -n 0 --partial "usage: auxv"
	want=$("$AUXV" --version)
	same_as_want --vers
	run -0 --separate-stderr "$AUXV" -k 6 --val
	assert_output "$(getconf PAGESIZE)"
}

# Checks one usage error: status 2, nothing on stdout, a message that
# names the option (in getopt_long's words, whatever its version), then
# one line that points to --help, not the synopsis.
usage_error() {
	local opt=$1
	shift
	run -2 --separate-stderr "$AUXV" "$@"
	[ -z "$output" ]
	[[ "${stderr_lines[0]}" == *"$opt"* ]]
	assert_equal "${stderr_lines[1]}" "$TRY_HELP"
	assert_equal "${#stderr_lines[@]}" 2
}

# bats test_tags=full
@test "parser: bad options are usage errors, status 2, and a pointer to --help" {
	usage_error no-such-option --no-such-option
	usage_error nosuch -v --nosuch=3
	usage_error jsonx --jsonx
	usage_error x -x
	usage_error x -vx
	usage_error f -f
	usage_error k -vk
	usage_error o -v -o
	usage_error file --file
	usage_error arch --ar
	usage_error ver --ver
	usage_error json --json=1
	usage_error exec --exec=/bin/true
}

# bats test_tags=full
@test "parser: -- ends the options; - is an operand; -f - is stdin" {
	mkvec
	run -2 --separate-stderr "$AUXV" -- --json
	assert_equal "${stderr_lines[0]}" "auxv: --json: not a process ID"
	run -2 --separate-stderr "$AUXV" -k6 -- 1 -- 2
	assert_equal "${stderr_lines[0]}" "auxv: --: not a process ID"
	run -2 --separate-stderr "$AUXV" -
	assert_equal "${stderr_lines[0]}" "auxv: -: not a process ID"
	run -2 --separate-stderr "$AUXV" -- -
	assert_equal "${stderr_lines[0]}" "auxv: -: not a process ID"
	run -0 --separate-stderr "$AUXV" -k6 --value --
	assert_output "$(getconf PAGESIZE)"
	run -0 --separate-stderr "$AUXV" -f "$VEC"
	want=$output
	run -0 --separate-stderr sh -c '"$AUXV" -f - <"$1"' _ "$VEC"
	assert_output "$want"
	run -0 --separate-stderr sh -c '"$AUXV" --file=- <"$1"' _ "$VEC"
	assert_output "$want"
	run -0 --separate-stderr sh -c '"$AUXV" -vf- -k 6 <"$1"' _ "$VEC"
	assert_output --regexp '^AT_PAGESZ: +4096  # '
}

# bats test_tags=full
@test "parser: -e ends option parsing, the rest is COMMAND and its args" {
	# -v and --json go to echo: the output is human, without notes.
	run -0 --separate-stderr "$AUXV" -e /bin/echo -v --json
	assert_line --regexp '^AT_EXECFN: +/bin/echo$'
	refute_line --partial '  # '
	refute_output --partial '{'
	run -0 --separate-stderr "$AUXV" -k EXECFN --value --exec /bin/echo -k 6
	assert_output /bin/echo
	run -0 --separate-stderr "$AUXV" -k EXECFN --value --ex -- /bin/echo --
	assert_output /bin/echo
	# What follows -e is COMMAND, whatever it looks like.
	run -127 --separate-stderr "$AUXV" -e -v /bin/true
	assert_equal "${stderr_lines[0]}" "auxv: -v: command not found"
	run -127 --separate-stderr "$AUXV" -e -- -- /bin/true
	assert_equal "${stderr_lines[0]}" "auxv: --: command not found"
	run -2 --separate-stderr "$AUXV" -vev /bin/true
	assert_equal "${stderr_lines[0]}" "auxv: -e must end its group of options"
	run -2 --separate-stderr "$AUXV" -e --
	assert_equal "${stderr_lines[0]}" "auxv: -e needs a command"
}

@test "parser: -h and --version end the run wherever they come" {
	run -0 --separate-stderr "$AUXV" -vhx --no-such-option
	assert_line -n 0 --partial "usage: auxv"
	assert_line --partial "--exec"
	run -0 --separate-stderr "$AUXV" --version --bogus
	[[ "$output" == "auxv "[0-9]* ]]
}

# --- Keys and messages (each of these once misbehaved) -----------------

# "011" is eleven, not nine; "09" is nine, not an error.
# bats test_tags=slow
@test "-k: decimal unless 0x, empty keys refused, repeats count once" {
	local v=$BATS_TEST_TMPDIR/v
	# AT_ENTRY (9) is an address, AT_UID (11) a decimal ID.
	mkraw_own "$v" 9 0x1111 11 222 6 4096
	run -0 --separate-stderr "$AUXV" -f "$v" -k 011 --value
	assert_output 222
	run -0 --separate-stderr "$AUXV" -f "$v" -k 09 --value
	assert_output 0x1111
	run -0 --separate-stderr "$AUXV" -f "$v" -k 0xB --value
	assert_output 222
	run -0 --separate-stderr "$AUXV" -f "$v" -k 0XB --value
	assert_output 222
	run -0 --separate-stderr "$AUXV" -f "$v" -k 6,PAGESZ -k at_pagesz --value
	assert_output 4096
	local k
	for k in '' , ',6' '6,' '6,,8' 0x 0x-1 ' 6'; do
		run -2 --separate-stderr "$AUXV" -f "$v" -k "$k" --value
		[ -z "$output" ]
		[[ "${stderr_lines[0]}" == "auxv: "* ]]
	done
	# The largest 64-bit key, and one hex digit more: out of range.
	run -1 --separate-stderr "$AUXV" -f "$v" -k 0xffffffffffffffff --value
	[ -z "$output" ]
	run -2 --separate-stderr "$AUXV" -f "$v" -k 0x1ffffffffffffffff
	[ "${stderr_lines[0]}" = "auxv: 0x1ffffffffffffffff: unknown key" ]
	# A number with bytes after its digits is no number, nor a name.
	for k in 6x 0x6g 11.0; do
		run -2 --separate-stderr "$AUXV" -f "$v" -k "$k"
		[ "${stderr_lines[0]}" = "auxv: $k: unknown key" ]
	done
	# At most 64 keys (the manual): 64 distinct ones are kept (status 1:
	# most are absent), a 65th is a usage error; a repeat past 64 is no
	# new key.
	run -1 --separate-stderr "$AUXV" -f "$v" -k "$(seq -s, 1 64),6" --value
	[ "$output" = "$(printf '\n\n\n\n\n4096\n\n\n0x1111\n\n222')" ]
	[ "$("$AUXV" -f "$v" -k "$(seq -s, 1 64),6" --value | wc -l)" -eq 64 ]
	run -2 --separate-stderr "$AUXV" -f "$v" -k "$(seq -s, 1 65)" --value
	[ -z "$output" ]
	[ "${stderr_lines[0]}" = "auxv: too many keys (at most 64)" ]
}

@test "-k with --od or -o raw, which show whole bytes: usage error" {
	local v=$BATS_TEST_TMPDIR/v
	mkraw "$v" 8 '<' 6 4096
	run -2 --separate-stderr "$AUXV" -f "$v" -k 6 --od
	[ -z "$output" ]
	run -2 --separate-stderr "$AUXV" -f "$v" -k 6 -o raw
	[ -z "$output" ]
	# --value prints text (SPEC): no other format goes with it.
	local f
	for f in json od raw table; do
		run -2 --separate-stderr "$AUXV" -f "$v" -k 6 --value -o "$f"
		[ -z "$output" ]
		[ "${stderr_lines[0]}" = "auxv: --value prints text: it takes no -o" ]
	done
	# A usage error with standard error closed: still status 2.
	run -2 bash -c '"$1" --no-such-option 2>&-' _ "$AUXV"
	[ -z "$output" ]
}

# bats test_tags=full
@test "--value of a type nobody names: 0x hex, as its human line shows it" {
	local v=$BATS_TEST_TMPDIR/v
	mkraw "$v" 8 '<' 0x99 0x20000000000001
	set -- --word-size 8 --endian little -f "$v"
	run -0 --separate-stderr "$AUXV" "$@" -k 0x99 --value
	assert_output "$(python3 -c 'print(hex(0x20000000000001))')"
	run -0 --separate-stderr "$AUXV" "$@"
	assert_output "AT_??? (0x99): $(python3 -c 'print(hex(0x20000000000001))')"
}

@test "-f - with standard input closed: bad file descriptor, other files read" {
	local v=$BATS_TEST_TMPDIR/v
	mkraw_own "$v" 6 4096
	run -1 --separate-stderr bash -c '"$@" <&-' _ "$AUXV" -f "$v" -f - --json
	assert_equal "${#lines[@]}" 2
	jq -e '.entries[0].value == 4096' <<<"${lines[0]}"
	jq -e '.path == "-" and .error.errno == 9' <<<"${lines[1]}"
	assert_equal "$stderr" "auxv: -: $(strerror EBADF)"
}

@test "names in messages are escaped: no terminal escape passes through" {
	local name=$'x\e]0;pwned\a'
	run -1 --separate-stderr "$AUXV" -f "$BATS_TEST_TMPDIR/$name"
	[[ "$stderr" != *$'\e'* && "$stderr" != *$'\a'* ]]
	assert_equal "$stderr" \
	    "auxv: $BATS_TEST_TMPDIR/x\\033]0;pwned\\a: $(strerror ENOENT)"
	run -2 --separate-stderr "$AUXV" -k $'\e[2J'
	[[ "$stderr" == 'auxv: \033[2J: unknown key'* ]]
	run -2 --separate-stderr "$AUXV" --arch $'\e[2J'
	[[ "$stderr" == 'auxv: \033[2J: unknown architecture'* ]]
	# -e needs ptrace, which qemu-user does not implement (cross stage).
	has native || return 0
	run -127 --separate-stderr "$AUXV" -e "$BATS_TEST_TMPDIR/$name"
	[[ "$stderr" != *$'\e'* ]]
}

# What uname -m prints on each kind of kernel, and the arch it names.
@test "--arch takes every spelling uname -m prints" {
	local v=$BATS_TEST_TMPDIR/v
	mkraw "$v" 4 '<' 6 4096
	# ARM's: the cpu_arch_name of Linux 7.3's arch/arm/mm/proc-*.S
	# (armv4, armv4t, armv5t, armv5te, armv5tej, armv6, armv7, armv7m),
	# older kernels' armv5 and arm64's 32-bit armv8, each with
	# arch/arm/kernel/setup.c's endianness letter.  SH's: "sh", the
	# CPU family arch/sh/kernel/setup.c appends (2, 2a, 3, 4, 4a,
	# 4al-dsp; none where unknown) and "eb" on a big-endian kernel.
	# Besides, the names Debian and toolchains give (arm64, mipsel,
	# mips64el, sparcv9), which arch.c takes too.
	# One python runs them all: a run and a jq each took 1.7 s.
	run -0 python3 - "$AUXV" "$v" <<'PY'
import json, subprocess, sys
auxv, v = sys.argv[1:]
pairs = """i386=i386 i486=i386 i586=i386 i686=i386 armv4l=arm armv4tl=arm
armv5l=arm armv5tl=arm armv5tel=arm armv5tejl=arm armv6l=arm armv7l=arm
armv7ml=arm armv8l=arm armv4b=arm armv5b=arm armv5teb=arm armv6b=arm
armv7b=arm armv8b=arm aarch64=aarch64 arm64=aarch64 mips=mips mipsel=mips
mips64el=mips64 ppc=ppc sparc=sparc sparcv9=sparc64 s390=s390
openrisc=or1k sh=sh sh2=sh sh2a=sh sh3=sh sh4=sh sh4a=sh sh4al-dsp=sh
sheb=sh sh2eb=sh sh2aeb=sh sh3eb=sh sh4eb=sh sh4aeb=sh sh4al-dspeb=sh"""
for pair in pairs.split():
    given, want = pair.split("=")
    p = subprocess.run([auxv, "-f", v, "--word-size", "4", "--arch", given,
                        "--json"], capture_output=True, text=True)
    assert p.returncode == 0, (pair, p.returncode, p.stderr)
    assert json.loads(p.stdout)["arch"] == want, (pair, p.stdout)
PY
	run -2 --separate-stderr "$AUXV" -f "$v" --arch armv9x
}

# A spelling that names a byte order (ARM's "b", SH's "eb", Debian's
# "el") is that order for a raw file: its words read as python's struct
# reads them in that order, AT_HWCAP's bits and AT_PAGESZ included.
# bats test_tags=slow
@test "--arch's big-endian spellings read a raw file big-endian" {
	local v=$BATS_TEST_TMPDIR/v
	run -0 python3 - "$AUXV" "$MKFIXTURE" "$v" <<'PY'
import json, struct, subprocess, sys
auxv, mkfixture, v = sys.argv[1:]
spellings = {"big": """armv4b armv5b armv5teb armv6b armv7b armv8b sheb
sh2eb sh2aeb sh3eb sh4eb sh4aeb sh4al-dspeb""",
             "little": """armv7l armv5tel sh4 sh4al-dsp mipsel
mips64el"""}
for order, names in spellings.items():
    for given in names.split():
        ws = 8 if given == "mips64el" else 4
        raw = subprocess.run([mkfixture, "raw", "-w", str(ws), "-e", order,
                              "6=4096", "16=0x1f", "0x1234=5"],
                             capture_output=True, check=True).stdout
        open(v, "wb").write(raw)
        fmt = ("<" if order == "little" else ">") + "IQ"[ws == 8] * 2
        want = [struct.unpack_from(fmt, raw, i)
                for i in range(0, len(raw), 2 * ws)]
        p = subprocess.run([auxv, "-f", v, "--arch", given, "--json"],
                           capture_output=True, text=True)
        assert p.returncode == 0 and p.stderr == "", (given, p.stderr)
        j = json.loads(p.stdout)
        assert j["byte_order"] == order, (given, j["byte_order"])
        got = [(e["type"], e["value"]) for e in j["entries"]]
        assert got + [(0, 0)] == want, (given, got, want)
PY
	# --endian still wins, given before or after.
	mkraw "$v" 4 '<' 6 4096
	run -0 --separate-stderr "$AUXV" --endian little -f "$v" --arch armv7b \
	    -k PAGESZ --value
	assert_output 4096
}

@test "-C: an empty name anywhere in the list is a usage error, as for -k" {
	local a
	for a in '' ',' 'a,,b' 'a,' ',a'; do
		run -2 --separate-stderr "$AUXV" -C "$a"
		[ -z "$output" ]
		[ "${stderr%%$'\n'*}" = "auxv: -C: empty name" ]
		run -2 --separate-stderr "$AUXV" -C sh -C "$a"
		[ "${stderr%%$'\n'*}" = "auxv: -C: empty name" ]
	done
}

@test "getopt's own messages start with auxv:, not the path it was run by" {
	[[ "$AUXV" == */* && "$AUXV" != auxv ]]
	run -2 --separate-stderr "$AUXV" --no-such-option
	[ "${stderr%%$'\n'*}" = "auxv: unrecognized option '--no-such-option'" ]
	run -2 --separate-stderr "$AUXV" -z
	[ "${stderr%%$'\n'*}" = "auxv: invalid option -- 'z'" ]
	run -2 --separate-stderr "$AUXV" -k
	[ "${stderr%%$'\n'*}" = "auxv: option requires an argument -- 'k'" ]
	run -2 --separate-stderr "$AUXV" --json=x
	[ "${stderr%%$'\n'*}" = "auxv: option '--json' doesn't allow an argument" ]
	run -2 --separate-stderr "$AUXV" --diff --pid
	[ "${stderr%%$'\n'*}" = "auxv: option '--pid' requires an argument" ]
	[ "${stderr#*$'\n'}" = "$TRY_HELP" ]
}

# Issue 46: getopt printed the option's bytes as they were.  Each of its
# kinds of message, with control bytes in the option and in argv[0]: the
# first line is auxv's, the option escaped as ls -b escapes (\ooo, \a),
# and od finds no ESC or BEL on standard error.  The candidates of an
# ambiguous option are the long options of --help that it begins.
# bats test_tags=slow
@test "getopt's five kinds of message: auxv: first, the option escaped, whatever argv[0] is" {
	local d=$BATS_TEST_TMPDIR i want
	local -a args=(
		$'--x\e]0;t\a' "unrecognized option '--x\\033]0;t\\a'"
		$'-\e' "invalid option -- '\\033'"
		"-vC" "option requires an argument -- 'C'"
		"--count" "option '--count' requires an argument"
		"--fil" "option '--fil' requires an argument (--file)"
		$'--json=\e[2J' "option '--json' doesn't allow an argument"
		$'--chec=\e[2J' "option '--chec' doesn't allow an argument (--check)"
		$'--ver=\e' "option '--ver=\\033' is ambiguous; possibilities: '--verbose' '--version'"
		"--di" "option '--di' is ambiguous; possibilities: '--diff' '--diff-all'"
	)
	# The oracle of the candidates: the long options --help lists.
	"$AUXV" --help | grep -oE -- '--[a-z-]+' | sort -u >"$d/long"
	[ "$(grep -c -- '^--ver' "$d/long")" -eq 2 ]
	[ "$(grep -c -- '^--di' "$d/long")" -eq 2 ]
	for ((i = 0; i < ${#args[@]}; i += 2)); do
		want=${args[i + 1]}
		(exec -a $'\e[31mX\a' "$AUXV" "${args[i]}") \
		    >"$d/out" 2>"$d/err" && false || [ $? -eq 2 ]
		[ ! -s "$d/out" ]
		assert_equal "$(head -n 1 "$d/err")" "auxv: ${want}"
		[ "$(sed -n 2p "$d/err")" = "$TRY_HELP" ]
		[ "$(wc -l <"$d/err")" -eq 2 ]
		! od -An -b "$d/err" | grep -qwE '033|007'
	done
}

@test "exclusive sources are named as given: self is not a process ID" {
	run -2 --separate-stderr "$AUXV" --diff self -e /bin/true
	[ "${stderr%%$'\n'*}" = "auxv: self and -e exclude each other" ]
	run -2 --separate-stderr "$AUXV" self -a
	[ "${stderr%%$'\n'*}" = "auxv: self and -a exclude each other" ]
	run -2 --separate-stderr "$AUXV" 1 -e /bin/true
	[ "${stderr%%$'\n'*}" = "auxv: a process ID and -e exclude each other" ]
	run -2 --separate-stderr "$AUXV" -C sh -- self
	[ "${stderr%%$'\n'*}" = "auxv: -C and self exclude each other" ]
}

# --pid chooses among the objects of a JSON Lines file: without -f it has
# nothing to choose from (a usage error), and a -f that turns out to be a
# raw vector or a core is an error for that source, naming --pid.
# A PID is at most the kernel's FUTEX_TID_MASK (linux/futex.h: no thread
# ID can be larger), and --count an unsigned long: beyond, or with a
# non-digit anywhere, a usage error, never a wrapped or cut number.
# bats test_tags=slow
@test "numbers out of range or not digits: PID and --pid, --count are usage errors" {
	local max a
	max=$(printf '#include <linux/futex.h>\nFUTEX_TID_MASK\n' |
	    cpp -P 2>/dev/null | tail -1) || true
	[ -n "$max" ] || skip "no <linux/futex.h>"
	max=$((max))
	for a in x1 "$((max + 1))" 99999999999999999999; do
		run -2 --separate-stderr "$AUXV" "$a"
		assert_equal "${stderr_lines[0]}" "auxv: $a: not a process ID"
		run -2 --separate-stderr "$AUXV" -f - --pid "$a" </dev/null
		assert_equal "${stderr_lines[0]}" "auxv: $a: not a process ID"
	done
	# The largest is one, of no process (pid_max is below it).
	[ "$(cat /proc/sys/kernel/pid_max)" -lt "$max" ]
	run -1 --separate-stderr "$AUXV" "$max"
	[ "$stderr" = "auxv: $max: no such process" ]
	for a in 5x 0 -1 +1 ' 1'; do
		run -2 --separate-stderr "$AUXV" -w --count "$a" </dev/null
		assert_equal "${stderr_lines[0]}" "auxv: $a: --count: not a positive number"
	done
	# Issue 46: digits beyond an unsigned long are too large, saying
	# the largest (getconf's ULONG_MAX), not "not a positive number".
	# Under qemu-user getconf is the host's: a 32-bit guest's is 2^32-1.
	max=$(getconf ULONG_MAX)
	has native ||
	    [ "$("$AUXV" --json -k AT_PAGESZ | jq .word_size)" = 8 ] ||
	    max=4294967295
	for a in 999999999999999999999999 "$max"0 "$(python3 -c "print($max + 1)")"; do
		run -2 --separate-stderr "$AUXV" -w --count "$a" </dev/null
		assert_equal "${stderr_lines[0]}" "auxv: $a: --count: too large (at most $max)"
	done
}

# bats test_tags=slow
@test "--pid without a JSON -f: usage error, or an error for that file" {
	local v=$BATS_TEST_TMPDIR/v
	run -2 --separate-stderr "$AUXV" --pid 1
	[ -z "$output" ]
	[[ "$stderr" == "auxv: --pid "*"needs -f"* ]]
	[ "${stderr#*$'\n'}" = "$TRY_HELP" ]
	run -2 --separate-stderr "$AUXV" --pid 1 self
	[[ "$stderr" == "auxv: --pid "* ]]
	run -2 --separate-stderr "$AUXV" --pid 1 --json "$$"
	[[ "$stderr" == "auxv: --pid "* ]]
	run -2 --separate-stderr "$AUXV" --pid 1 -a
	[[ "$stderr" == "auxv: --pid "* ]]

	mkraw_own "$v.raw" 6 4096
	"$MKFIXTURE" core >"$v.core"
	for f in "$v.raw" "$v.core"; do
		run -1 --separate-stderr "$AUXV" --pid 1 -f "$f"
		[ -z "$output" ]
		[ "$stderr" = "auxv: $f: --pid: not auxv's JSON, no objects to choose from" ]
		run -1 --separate-stderr "$AUXV" --pid 1 -f - <"$f"
		[[ "$stderr" == "auxv: -: --pid: "* ]]
		run -1 --separate-stderr "$AUXV" --pid 1 --json -f "$f"
		jq -e '.error.message | startswith("--pid: ")' <<<"$output"
	done
	# Without --pid, the same files are read.
	run -0 "$AUXV" -f "$v.raw" -k PAGESZ --value
	[ "$output" = 4096 ]
	# With a JSON save, --pid chooses its object.
	"$AUXV" --json -f "$v.raw" | jq -c '.pid = 4242' >"$v.json"
	run -0 --separate-stderr "$AUXV" --pid 4242 -f "$v.json" -k PAGESZ --value
	[ "$output" = 4096 ]
}

# Issue 27: one set of options, named alike everywhere a user meets
# them.  Read from the sources, not from a list kept here: args.c's
# short and long option tables, the option lines of --help, the option
# list of the man page's DESCRIPTION (and every option its SYNOPSIS
# names), the words the bash completion offers after "-" and the option
# specs of the zsh completion.
@test "options: args.c's tables, --help, the man page and the bash and zsh completions name the same ones" {
	python3 - "$AUXV" "$TESTS_DIR/../src/args.c" "$TESTS_DIR/../man/auxv.1" \
	    "$TESTS_DIR/../src/auxv.bash" "$TESTS_DIR/../src/auxv.zsh" <<'PY'
import re, subprocess, sys
auxv, mainc, man, bash, zsh = sys.argv[1:]
src = open(mainc).read()
short = re.search(r'shortopts\[\] = "([^"]*)"', src).group(1)
code = {"-" + c for c in short if c.isalnum()}
table = src[src.index("longopts[] = {"):]
code |= {"--" + n for n in re.findall(r'\{ "([a-z0-9-]+)",', table[:table.index("};")])}
assert len(code) > 20, code

out = subprocess.run([auxv, "--help"], capture_output=True, text=True, check=True).stdout
helped = set()
for line in out.splitlines():
    m = re.match(r' {2,}(-[a-zA-Z]|--[a-z0-9-]+)(, --[a-z0-9-]+)?[ ,]', line + " ")
    if m:
        helped |= {g.lstrip(", ") for g in m.groups() if g}

page = open(man).read()
def flags(text):
    return {"-" + f.replace("\\-", "-") for f in re.findall(r'\bFl (\\-[a-z0-9\\-]+|[a-zA-Z])\b', text)}
desc = page[page.index("\n.Sh DESCRIPTION"):page.index("\n.Ss Output formats")]
listed = set()
for line in desc.splitlines():
    if line.startswith(".It "):
        listed |= flags(line)
synopsis = flags(page[page.index("\n.Sh SYNOPSIS"):page.index("\n.Sh DESCRIPTION")])

words = re.search(r"compgen -W '(-[^']*)' -- \"\$cur\"", open(bash).read()).group(1)
completed = set(words.split())

# zsh: the _arguments specs, one a line: what precedes the explanation's
# "[", its exclusion list "(...)" left out.
spec = open(zsh).read()
spec = spec[spec.index("\n_arguments "):]
zshed = set()
for line in spec.splitlines()[1:]:
    if "[" in line:
        head = re.sub(r"\([^)]*\)", "", line[:line.index("[")])
        zshed |= set(re.findall(r"--?[a-zA-Z0-9][-a-z0-9]*", head))

for name, got in (("--help", helped), ("the man page's option list", listed),
                  ("the bash completion", completed), ("the zsh completion", zshed)):
    assert got == code, "%s: missing %s, extra %s" % (name, sorted(code - got), sorted(got - code))
assert synopsis <= code, sorted(synopsis - code)
print(len(code), "options")
PY
}

# zsh_complete DIR NAME:LINE...: the zsh completion as zsh runs it.  An
# interactive zsh -f on a pseudo-terminal (zsh/zpty) loads it through
# compinit from DIR/fp, a folder in fpath, and completes each LINE (the
# cursor at its end) with a compadd that also writes down what it is
# given, into DIR/NAME.  DIR/rc.more, where it exists, is sourced before
# (compdef works there).
zsh_complete() {
	local dir=$1
	shift
	mkdir -p "$dir/fp"
	cp "$TESTS_DIR/../src/auxv.zsh" "$dir/fp/_auxv"
	cat >"$dir/rc" <<'ZSH'
compadd() {
	local -a got
	builtin compadd -A got "$@"
	print -rl -- $got >>$AUXV_ZOUT
	builtin compadd "$@"
}
# Completion stops early when input is waiting: the driver types on
# only once this widget says that it has finished.
tab_then_mark() {
	zle complete-word
	: >$AUXV_ZOUT.done
}
zle -N tab_then_mark
bindkey '^I' tab_then_mark
# A long list is shown, never asked about ("do you wish to see all").
LISTMAX=1000000
[[ -e $AUXV_ZDIR/rc.more ]] && source $AUXV_ZDIR/rc.more
ZSH
	cat >"$dir/drive" <<'ZSH'
zmodload zsh/zpty || exit 3
dir=$1
shift
zpty z zsh -f -i
zpty -w z "PS1='> '; fpath=($dir/fp \$fpath); autoload -Uz compinit;" \
    "compinit -u -d $dir/zcd 2>$dir/err; (( \$+functions[_auxv] )) ||" \
    "autoload -Uz _auxv; print -r -- \$_comps[auxv] >$dir/comps; print RE''ADY"
zpty -r z junk '*READY*'
for w; do
	zpty -w z "AUXV_ZDIR=$dir AUXV_ZOUT=$dir/${w%%:*}; source $dir/rc; print GO''T"
	zpty -r z junk '*GOT*'
	zpty -n -w z "${w#*:}"$'\t'
	for i in {1..200}; do [[ -e $dir/${w%%:*}.done ]] && break; sleep 0.05; done
	zpty -n -w z $'\C-u'"print EN''D"$'\n'
	zpty -r z junk '*END*'
done
zpty -d z
ZSH
	timeout 60 zsh -f "$dir/drive" "$dir" "$@"
	[ ! -s "$dir/err" ]
	[ "$(cat "$dir/comps")" = _auxv ]
}

# Issue 27: the zsh completion as zsh runs it: "auxv -" and "auxv -o "
# each offer what --help names.
# bats test_tags=slow
@test "zsh completion: compinit loads _auxv; it offers --help's options and -o's formats" {
	command -v zsh >/dev/null || skip "zsh not installed (Debian package zsh)"
	local dir=$BATS_TEST_TMPDIR
	zsh_complete "$dir" options:'auxv -' formats:'auxv -o '
	"$AUXV" --help | sed -n 's/^ \{2,\}\(-[a-zA-Z]\)\{0,1\}\(, \)\{0,1\}\(--[a-z0-9-]*\)\{0,1\}[ ,].*/\1 \3/p' |
	    tr ' ' '\n' | grep -- '^-' | sort -u >"$dir/helped"
	grep -- '^-' "$dir/options" | sort -u >"$dir/offered"
	diff "$dir/helped" "$dir/offered"
	[ "$(grep -c . "$dir/helped")" -gt 20 ]
	[ "$(sort -u "$dir/formats" | tr '\n' ' ')" = "human json od raw table " ]
}

# bash_complete WORD...: what the bash completion offers for the last
# WORD (the cursor at its end), one a line, called as bash calls it:
# the words as bash splits them ("--key=x" is "--key" "=" "x" where
# COMP_WORDBREAKS holds "=", as by default).  $BASH_SETUP runs first.
bash_complete() {
	bash -c 'eval "$BASH_SETUP"; source "$1"; shift
		COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1))
		COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
		_auxv "$1" "${COMP_WORDS[COMP_CWORD]}" \
		    "${COMP_WORDS[COMP_CWORD - 1]}"
		printf "%s\n" "${COMPREPLY[@]}"' _ \
	    "$TESTS_DIR/../src/auxv.bash" "$@"
}

# bash_readline DIR KEYS: KEYS typed into an interactive bash on a
# pseudo-terminal that has loaded the completion, in DIR, then Enter:
# "auxv" there is a function that writes each argument it was given,
# as bash read the line, into DIR/args, one "<ARG>" a line.  The oracle
# for what readline inserts is bash's own parsing of the line.
bash_readline() {
	printf '%s\n' "PS1='> '" "source '$TESTS_DIR/../src/auxv.bash'" \
	    "auxv() { printf '<%s>\n' \"\$@\" >args; }" \
	    'bind "set bell-style none"' >"$1/rc"
	python3 - "$1" "$2" <<'PY'
import os, pty, select, sys, time
d, keys = sys.argv[1:]
pid, fd = pty.fork()
if pid == 0:
    os.chdir(d)
    os.environ["INPUTRC"] = "/dev/null"
    os.execvp("bash", ["bash", "--noprofile", "--rcfile", d + "/rc", "-i"])
os.write(fd, keys.encode() + b"\n" + b"exit\n")
end = time.time() + 30
while time.time() < end:
    if select.select([fd], [], [], 0.1)[0]:
        try:
            if not os.read(fd, 4096):
                break
        except OSError:
            break
os.waitpid(pid, 0)
PY
}

# at.def's names but AT_NULL, without AT_, one a line.
at_names() {
	sed -n 's/^AT_X( *[0-9]*, *\([A-Z0-9_]*\),.*/\1/p' \
	    "$TESTS_DIR/../src/at.def" | grep -vx NULL
}

# Issue 54: keys as auxv takes them, in any case and without AT_, in the
# case typed; the last of a comma list; "--key=" split at "=" as bash
# splits it by default, or whole.  The oracle is at.def, and each key
# offered is one auxv takes.
# bats test_tags=slow
@test "bash completion: -k offers keys in any case, without AT_, after a comma and in --key=" {
	local names f=$BATS_TEST_TMPDIR/v.auxv
	names=$(at_names)
	[ "$(bash_complete auxv -k pag)" = "$(grep '^PAG' <<<"$names" | tr A-Z a-z)" ]
	[ "$(bash_complete auxv -k PAG)" = "$(grep '^PAG' <<<"$names")" ]
	[ "$(bash_complete auxv -k at_Pag)" = "$(grep '^PAG' <<<"$names" | sed 's/^/at_/' | tr A-Z a-z)" ]
	[ "$(bash_complete auxv -k pagesz,Hw | sort)" = \
	    "$(grep '^HW' <<<"$names" | tr A-Z a-z | sed 's/^/pagesz,/' | sort)" ]
	[ "$(bash_complete auxv --key = pag)" = pagesz ]
	[ "$(bash_complete auxv --key=pag)" = --key=pagesz ]
	[ "$(bash_complete auxv --key = | sort)" = "$(sed 's/^/AT_/' <<<"$names" | sort)" ]
	# "a": the AT_ form of every key and the keys that begin with A.
	[ "$(bash_complete auxv -k a | sort)" = \
	    "$( (sed 's/^/at_/' <<<"$names"; grep '^A' <<<"$names") | tr A-Z a-z | sort)" ]
	mkraw "$f" 8 '<' 6 4096
	run -0 --separate-stderr "$AUXV" -f "$f" --json \
	    -k "$(bash_complete auxv -k a | paste -sd,)"
}

# Issue 54: --diff's operands are self, PIDs and -f files; self is a
# source everywhere, -f is offered for --diff only.
@test "bash completion: --diff's operands offer self and -f; others self" {
	local w
	for w in "--diff ''" "--diff self ''" "--diff-all -f x ''"; do
		eval "bash_complete auxv $w" >"$BATS_TEST_TMPDIR/got"
		grep -qx self "$BATS_TEST_TMPDIR/got"
		grep -qx -- -f "$BATS_TEST_TMPDIR/got"
	done
	[ "$(bash_complete auxv --diff s)" = self ]
	bash_complete auxv '' >"$BATS_TEST_TMPDIR/got"
	grep -qx self "$BATS_TEST_TMPDIR/got"
	! grep -qx -- -f "$BATS_TEST_TMPDIR/got"
}

# Issue 54: after -e COMMAND, COMMAND's own completion, given the line
# from COMMAND on (bash-completion's _command_offset where it is
# loaded), or file names; never auxv's options.
# bats test_tags=slow
@test "bash completion: after -e COMMAND, COMMAND's own completion or files, not auxv's options" {
	local d=$BATS_TEST_TMPDIR/d bc=/usr/share/bash-completion/bash_completion
	local want='fakecmd|--f|fakecmd|1|fakecmd --f|fakecmd --f'
	mkdir "$d"
	touch "$d/x y" "$d/xz"
	# What the command's completion is given: its arguments, the words
	# from COMMAND on, and the line up to the cursor from COMMAND on.
	export BASH_SETUP='_fake() {
			local l=${COMP_LINE:0:COMP_POINT}
			l=${l#"${l%%[! ]*}"}
			COMPREPLY=("$1|$2|$3|$COMP_CWORD|${COMP_WORDS[*]}|$l")
		}
		complete -F _fake fakecmd; cd "$D"'
	export D=$d
	[ "$(bash_complete auxv -e fakecmd --f)" = "$want" ]
	[ "$(bash_complete auxv --json -ve fakecmd --f)" = "$want" ]
	[ "$(bash_complete auxv -k pagesz --exec fakecmd --f)" = "$want" ]
	[ -z "$(bash_complete auxv -e nosuchcmd -)" ]
	# An option's argument that reads "-e" is no -e.
	[ "$(bash_complete auxv -C -e fakecmd s)" = self ]
	[ "$(bash_complete auxv -e nosuchcmd x | sort)" = "$(printf '%s\n' 'x y' xz)" ]
	bash_complete auxv -o json -e slee | grep -qx sleep
	[ -r "$bc" ] || skip "bash-completion is not installed (Debian: bash-completion)"
	BASH_SETUP="source $bc; $BASH_SETUP"
	[ "$(bash_complete auxv -e fakecmd --f)" = "$want" ]
	[ -z "$(bash_complete auxv -e nosuchcmd --al)" ]
}

# Issue 54: a file name with spaces is one answer, inserted whole: bash's
# own reading of the line readline completed is the oracle.
@test "bash completion: file names with spaces are kept whole" {
	local d=$BATS_TEST_TMPDIR got
	touch "$d/a b  c" "$d/x y" "$d/x z"
	export D=$d BASH_SETUP='cd "$D"'
	[ "$(bash_complete auxv -f 'a b')" = "a b  c" ]
	mapfile -t got < <(bash_complete auxv --file = x)
	[ "${#got[@]}" -eq 2 ]
	[ "$(printf '%s\n' "${got[@]}" | sort)" = "$(printf '%s\n' 'x y' 'x z')" ]
	bash_readline "$d" $'auxv --diff -f a\t -f x\\ z\t'
	[ "$(cat "$d/args")" = "$(printf '%s\n' '<--diff>' '<-f>' '<a b  c>' '<-f>' '<x z>')" ]
}

# proc_stats FILE: the processes /proc shows now as "PID K COMM" lines,
# read from /proc/PID/stat (the comm between the first "(" and the last
# ")"): K is 1 for a kernel thread (PF_KTHREAD, 0x00200000, in its
# flags), else 0.  With DIR/stats.before of an earlier call,
# DIR/kthreads is then the PIDs that were kernel threads at both times,
# so neither a kernel thread begun since nor a PID handed on since
# counts, and DIR/konly the names of those that no other process bore
# at either time.
proc_stats() {
	python3 - "$1" <<'PY'
import os, sys
d = sys.argv[1]
now = {}
for p in os.listdir("/proc"):
    if p.isdigit():
        try:
            s = open("/proc/%s/stat" % p, "rb").read().decode("utf-8", "replace")
        except OSError:
            continue
        flags = int(s[s.rindex(")") + 2:].split()[6])
        now[p] = (bool(flags & 0x00200000), s[s.index("(") + 1:s.rindex(")")])
try:
    before = {}
    for line in open(d + "/stats.before"):
        p, k, comm = line.rstrip("\n").split(" ", 2)
        before[p] = (k == "1", comm)
except FileNotFoundError:
    with open(d + "/stats.before", "w") as f:
        for p, (k, comm) in now.items():
            print(p, int(k), comm, file=f)
    sys.exit(0)
both = {p: now[p][1] for p in now if now[p][0] and before.get(p) == now[p]}
user = {c for t in (now, before) for k, c in t.values() if not k}
with open(d + "/kthreads", "w") as f:
    print("\n".join(sorted(both)), file=f)
with open(d + "/konly", "w") as f:
    print("\n".join(sorted(set(both.values()) - user)), file=f)
PY
}

# A copy of sleep whose comm holds spaces, running until the test ends.
start_spaced_sleeper() {
	cp "$(command -v sleep)" "$BATS_TEST_TMPDIR/zz sleep 54"
	start_bg "$BATS_TEST_TMPDIR/zz sleep 54" 1000
}

# Issue 54: kernel threads have no vector: none among the PIDs and -C
# names offered.  The oracle is PF_KTHREAD in the flags field of
# /proc/PID/stat, read by python (proc_stats).
# bats test_tags=slow
@test "bash completion: no kernel threads among the PIDs and -C names; a name with spaces is one answer" {
	local f=$BATS_TEST_TMPDIR
	start_spaced_sleeper
	proc_stats "$f"
	bash_complete auxv '' >"$f/pids"
	bash_complete auxv -C '' >"$f/names"
	proc_stats "$f"
	[ -s "$f/konly" ] || skip "no kernel thread in /proc (a PID namespace of its own)"
	grep -qx "$BG_PID" "$f/pids"
	grep -qx "$$" "$f/pids"
	[ -z "$(grep -Fxf "$f/kthreads" "$f/pids")" ]
	[ -z "$(grep -Fxf "$f/konly" "$f/names")" ]
	grep -qx 'zz\\ sleep\\ 54' "$f/names"
	[ "$(bash_complete auxv -C 'bash,zz')" = 'bash,zz\ sleep\ 54' ]
}

# Issue 54: the zsh completion as zsh runs it (zsh_complete): keys in any
# case and without AT_, after a comma; --diff's self and -f; after -e
# COMMAND, COMMAND's own completion (a compdef of the test's), not
# auxv's; no kernel thread among PIDs and -C names.
# bats test_tags=slow
@test "zsh completion: keys as auxv takes them, --diff's sources, -e COMMAND's own arguments, no kernel threads" {
	command -v zsh >/dev/null || skip "zsh not installed (Debian package zsh)"
	local dir=$BATS_TEST_TMPDIR names
	names=$(at_names)
	start_spaced_sleeper
	proc_stats "$dir"
	cat >"$dir/rc.more" <<'ZSH'
_fakecmd() { compadd fake-one fake-two }
compdef _fakecmd fakecmd
ZSH
	zsh_complete "$dir" k1:'auxv -k pag' k2:'auxv -k pagesz,hw' \
	    k3:'auxv --key=PAG' d1:'auxv --diff ' e1:'auxv -e fakecmd ' \
	    e2:'auxv -ave fakecmd --json fake-' e3:'auxv -e fakecmd -' \
	    e4:'auxv -C -e fakecmd s' e5:'auxv --json -e slee' c1:'auxv -C zz' \
	    c2:'auxv -C '
	[ "$(cat "$dir/k1")" = pagesz ]
	[ "$(grep . "$dir/k2" | sort -u)" = "$(grep '^HW' <<<"$names" | tr A-Z a-z | sort)" ]
	[ "$(cat "$dir/k3")" = PAGESZ ]
	grep -qx self "$dir/d1"
	grep -qx -- -f "$dir/d1"
	grep -qx "$BG_PID" "$dir/d1"
	[ "$(grep . "$dir/e1" | sort -u)" = "$(printf '%s\n' fake-one fake-two)" ]
	[ "$(grep . "$dir/e2" | sort -u)" = "$(printf '%s\n' fake-one fake-two)" ]
	[ -z "$(grep . "$dir/e3")" ]
	# An option's argument that reads "-e" is no -e.
	[ "$(grep . "$dir/e4" | sort -u)" = self ]
	grep -qx sleep "$dir/e5"
	# One word, its spaces quoted as zsh inserts it.
	[ "$(grep . "$dir/c1" | sort -u)" = 'zz\ sleep\ 54' ]
	proc_stats "$dir"
	[ -s "$dir/konly" ] || skip "no kernel thread in /proc (a PID namespace of its own)"
	[ -z "$(grep -Fxf "$dir/kthreads" "$dir/d1")" ]
	[ -z "$(grep -Fxf "$dir/konly" "$dir/c2")" ]
}

# Issue 27: the page renders as written.  mandoc's own lint (its notes
# on the system's outdated mandoc.db are about this machine, not the
# page), then the rendered text: every quote that opens closes before
# the next opens, so that none renders doubled or nested.
@test "auxv.1: mandoc -Tlint -Wstyle finds nothing; rendered quotes never nest or double" {
	command -v mandoc >/dev/null || skip "mandoc is not installed (Debian: mandoc)"
	run mandoc -Tlint -Wstyle "$TESTS_DIR/../man/auxv.1"
	[ -z "$(grep -v 'outdated mandoc.db' <<<"$output")" ]
	mandoc -Tutf8 "$TESTS_DIR/../man/auxv.1" >"$BATS_TEST_TMPDIR/page"
	# What a user needs, as OpenBSD's pages say it (issue 40: 420
	# lines at most, from 770).
	[ "$(wc -l <"$BATS_TEST_TMPDIR/page")" -le 420 ]
	python3 - "$BATS_TEST_TMPDIR/page" <<'PY'
import re, sys
t = re.sub(r".\x08", "", open(sys.argv[1], encoding="utf-8").read())
open_at = None
for i, c in enumerate(t):
    if c in "\u2018\u201c":
        assert open_at is None, "nested: " + t[open_at - 30:i + 30]
        open_at = i
    elif c in "\u2019\u201d":
        assert open_at is not None, "closed twice: " + t[i - 60:i + 10]
        open_at = None
assert open_at is None
assert t.count("\u2018") > 50, t.count("\u2018")
for bad in ("\u2018\u2019", "''", "``"):
    assert bad not in t, bad
PY
}

# Issue 54: someone looking for avx2 on x86 is told where it is.  What
# the page says holds here: on x86 AT_HWCAP's flags are CPUID leaf 1's
# EDX names (Intel SDM vol. 2A, table 3-11) and AT_HWCAP2's two bits,
# never avx2, which /proc/cpuinfo's flags list where the CPU has it.
@test "auxv.1: where avx2 is on x86 (cpuinfo, glibc-hwcaps), and AT_HWCAP holds CPUID.1:EDX alone" {
	command -v mandoc >/dev/null || skip "mandoc is not installed (Debian: mandoc)"
	mandoc -Tutf8 "$TESTS_DIR/../man/auxv.1" | col -b | tr -s ' \n' '  ' >"$BATS_TEST_TMPDIR/page"
	local w
	for w in "CPUID leaf 1's EDX" avx2 AT_HWCAP2 /proc/cpuinfo x86-64-v2 "v3: AVX2" "v4: AVX-512" "ld.so --help"; do
		grep -qF -- "$w" "$BATS_TEST_TMPDIR/page" || { echo "no $w"; return 1; }
	done
	run -0 --separate-stderr "$AUXV" --json -k HWCAP,HWCAP2
	case $(jq -r .arch <<<"$output") in x86_64 | i386 | x32) ;; *) return 0 ;; esac
	python3 -c '
import json, sys
d = json.loads(sys.argv[1])
edx = set("""fpu vme de pse tsc msr pae mce cx8 apic sep mtrr pge mca cmov pat
pse36 pn clflush dts acpi mmx fxsr sse sse2 ss ht tm ia64 pbe""".split())
f = {e["name"]: set(e["flags"]) for e in d["entries"]}
assert f["AT_HWCAP"] <= edx, f["AT_HWCAP"] - edx
assert f.get("AT_HWCAP2", set()) <= {"ring3mwait", "fsgsbase"}, f
' "$output"
}

# Issue 39: messages are "auxv: WHAT: REASON" however auxv was run.
@test "messages start auxv: whatever argv[0] is (a copy's name, an escape sequence), getopt's too" {
	local d=$BATS_TEST_TMPDIR
	cp "$AUXV" "$d/zz"
	# No PID is 4194304: pid_max is below it.
	run -1 --separate-stderr "$d/zz" 4194304
	[ "$stderr" = "auxv: 4194304: no such process" ]
	# The bytes on standard error, as od shows them: no ESC anywhere.
	(exec -a $'\e[31mX' "$AUXV" 4194304) 2>"$d/err" >/dev/null || true
	od -An -c "$d/err" >"$d/od"
	! grep -q '033' "$d/od"
	[ "$(head -c 6 "$d/err")" = "auxv: " ]
	(exec -a $'\e[31mX' "$AUXV" --no-such-option) 2>"$d/err" >/dev/null || true
	! od -An -c "$d/err" | grep -q '033'
	[ "$(head -n 1 "$d/err")" = "auxv: unrecognized option '--no-such-option'" ]
	# With no argument at all: a source that fails is still auxv's.
	(exec -a zz "$AUXV" >&-) 2>"$d/err" || true
	[ "$(cat "$d/err")" = "auxv: write error: $(strerror EBADF)" ]
}

# Issue 39: a descriptor that auxv opens never takes the place of a
# closed standard input, output or error.
@test "closed standard input, output and error: opened on /dev/null first, so that no file of auxv's takes their place (strace)" {
	need strace
	local d=$BATS_TEST_TMPDIR f
	f=$d/vec
	mkraw "$f" 8 '<' 6 4096
	set -- --arch x86_64 --word-size 8 --endian little -f "$f"
	strace -qq -e trace=openat,open -e signal=none -o "$d/trace" \
	    "$AUXV" "$@" <&- >&- 2>&- || true
	# The file given is opened at 3 or above, after /dev/null at 0-2.
	grep -q "\"$f\".* = [3-9]" "$d/trace"
	[ "$(grep -c '"/dev/null", O_RDONLY) = [012]$' "$d/trace")" -eq 3 ]
	# And what was to be written is a write error, status 1.
	local rc=0
	("$AUXV" "$@" >&-) 2>"$d/err" || rc=$?
	[ "$rc" -eq 1 ]
	[ "$(cat "$d/err")" = "auxv: write error: $(strerror EBADF)" ]
	# -f - with standard input closed is still refused as closed.
	rc=0
	("$AUXV" -f - <&-) 2>"$d/err" || rc=$?
	[ "$rc" -eq 1 ]
	[ "$(cat "$d/err")" = "auxv: -: $(strerror EBADF)" ]
}

# The bare auxv opens no /dev/null in their place (it opens nothing), but
# where process_vm_readv is refused it copies its own memory through a
# pipe, whose ends must not land on a closed standard output or input.
@test "bare auxv, its memory copied through a pipe, standard input and output closed: the pipe is not standard output, a write error (strace)" {
	need strace
	"$NOVMREAD" true 2>/dev/null ||
	    skip "seccomp filters cannot be installed here"
	local d=$BATS_TEST_TMPDIR rc=0
	# LeakSanitizer, where auxv is built with it, cannot work under ptrace.
	(strace -qq -f -e trace=pipe2,write -e signal=none -o "$d/trace" \
	    "$NOVMREAD" env ASAN_OPTIONS=detect_leaks=0 "$AUXV" <&- >&-) \
	    2>"$d/err" || rc=$?
	[ "$rc" -eq 1 ]
	[ "$(cat "$d/err")" = "auxv: write error: $(strerror EBADF)" ]
	# The pipe was made (the copy ran), and the lines went to fd 1, closed.
	grep -q 'pipe2(\[[01], [0-9]*\]' "$d/trace"
	grep -q '^[0-9]* *write(1, "AT_.* = -1 EBADF' "$d/trace"
}

# Issue 39: whether a user without CAP_NET_ADMIN may listen to the
# connector depends on the kernel's build (SPEC), not on its version.
@test "docs: the connector's permission is said to depend on the kernel's build, in the unit, the man page and the README" {
	local f
	for f in man/examples/auxv-watch.service.in man/auxv.1 README.md; do
		f=$TESTS_DIR/../$f
		! grep -n 'Linux 6\.12' "$f" || false
		tr '\n' ' ' <"$f" | sed 's/^\.[A-Za-z][a-z] //; s/ *# */ /g' |
		    grep -q "depends on the kernel's build"
	done
}

# A distribution's build: without the suite (-Dtests=disabled, as where
# bats is missing) meson builds auxv alone, and installs it with its man
# page and completions; warnings do not stop it (werror off).
# bats test_tags=full
@test "build: -Dtests=disabled builds auxv alone; meson install puts the binary, the man page and both completions" {
	local top=$TESTS_DIR/.. b=$BATS_TEST_TMPDIR/b d=$BATS_TEST_TMPDIR/d
	command -v meson >/dev/null || skip "no meson"
	meson setup "$b" "$top" -Dtests=disabled -Db_lto=false >/dev/null
	meson introspect --buildoptions "$b" |
	    python3 -c 'import json, sys; o = {x["name"]: x["value"] for x in json.load(sys.stdin)}; assert o["werror"] is False and o["tests"] == "disabled", o'
	# What ninja would build: no target of tests/.
	! ninja -C "$b" -t targets all | grep -q '^tests/'
	meson compile -C "$b" >/dev/null
	meson install -C "$b" --destdir "$d" >/dev/null
	(cd "$d" && find . -type f | sort) >"$BATS_TEST_TMPDIR/got"
	grep -qx "./usr/local/bin/auxv" "$BATS_TEST_TMPDIR/got"
	grep -qx "./usr/local/share/man/man1/auxv.1" "$BATS_TEST_TMPDIR/got"
	grep -qx "./usr/local/share/bash-completion/completions/auxv" "$BATS_TEST_TMPDIR/got"
	grep -qx "./usr/local/share/zsh/vendor-completions/_auxv" "$BATS_TEST_TMPDIR/got"
	"$d/usr/local/bin/auxv" -k PAGESZ --value | grep -qx "$(getconf PAGESIZE)"
}

# Issue 40: the README's first screen is what auxv is, the command that
# installs what the build needs, builds and runs it, the test command and
# a line pointing on; the recipes live in man/examples/, installed with
# their files, and the systemd unit is not copied anywhere.
@test "docs: the README's first 25 lines hold the build and test commands; recipes in man/examples/, the unit not copied" {
	local top=$TESTS_DIR/.. head f
	head=$(sed -n 1,25p "$top/README.md")
	[[ "$head" == *"apt-get install -y meson ninja-build gcc &&"* ]]
	[[ "$head" == *"apt-get install -y bats bats-assert"* ]]
	[[ "$head" == *"meson compile -C build && ./build/auxv"* ]]
	[[ "$head" == *"meson test -C build"* ]]
	[[ "$head" == *"man/examples/README.md"* ]]
	for f in README.md auxv-fact.yml; do
		[ -f "$top/man/examples/$f" ]
		grep -q "examples/$f" "$top/man/meson.build"
	done
	! grep -n '^ *\[Service\]' "$top/README.md" "$top/man/examples/README.md"
}
