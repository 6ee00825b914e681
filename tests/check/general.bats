# auxv --check as a whole: self, -e, static builds, -a and saved vectors;
# the human and JSON forms, the exit status, the options refused with it;
# a vector made right by a userland exec (uexec).

load ../common
load check
load hooks

# bats test_tags=slow
@test "self: every rule holds, and the evidence is the oracles'" {
	need jq
	local may n exe=$AUXV
	may=" $(self_not_ok) "
	run --separate-stderr "$AUXV" --check --json
	[ "$status" -le 1 ]
	while IFS=$'\t' read -r n r e; do
		[ "$r" = ok ] || [[ "$may" == *" $n:${r/ /_} "* ]] ||
		    { echo "$n: $r: $e"; false; }
		[ -n "$e" ]
	done < <(jq -r '.checks[] | [.name, .result, .evidence] | @tsv' <<<"$output")
	[ "$(jq '.checks | length' <<<"$output")" -eq 22 ]
	[[ "$(evidence "$output" pagesz)" == *"KernelPageSize $(getconf PAGESIZE)" ]]
	[[ "$(evidence "$output" clktck)" == *"USER_HZ $(getconf CLK_TCK)" ]]
	[[ "$(evidence "$output" ids)" == *"the process $(id -u)/$(id -u)/$(id -g)/$(id -g)" ]]
	# Under an emulator $AUXV runs the build's auxv (tests/meson.build).
	has native || exe=$BUILD_DIR/auxv
	n=$(readelf_h "$exe" "Number of program headers")
	[[ "$(evidence "$output" phdr)" == *"executable's $n headers"* ]]
	# The HWCAP words the kernel gives every process (this shell's, from
	# its /proc/PID/auxv), one after the other, "; " between them; an
	# emulator's are its model CPU's (the qemu-user case).
	has native || return 0
	hw=$(shell_pairs | awk '$1 == 16 { print $2 }')
	hw2=$(shell_pairs | awk '$1 == 26 { print $2 }')
	[[ "$(evidence "$output" hwcap)" == "AT_HWCAP $(printf '0x%x' "$hw")"[\;\ ]* ]]
	if [ -n "$hw2" ]; then
		[[ "$(evidence "$output" hwcap)" == *"; AT_HWCAP2 $(printf '0x%x' "$hw2");"* ]]
	fi
}

# bats test_tags=slow
@test "self, human: a line per rule, its name, ok, the evidence" {
	local may r
	may=" $(self_not_ok) "
	run "$AUXV" --check
	[ "$status" -le 1 ]
	[ "${#lines[@]}" -eq 22 ]
	for r in phdr entry base ids pagesz clktck hwcap hwcap-run hwcap-base \
	    hwcap-deps sysinfo stack platform entries layout stack-align args random execfn \
	    procauxv vdso-image values; do
		grep -qE "^$r +ok +[^ ]" <<<"$output" ||
		    [[ "$may" == *" $r:$(sed -En "s/^$r +(FAIL|no data) +[^ ].*/\1/p" <<<"$output" | tr ' ' _) "* ]]
	done
}

@test "-e: a dynamic program stopped at its exec holds every rule" {
	need ptrace
	run -0 "$AUXV" --check -e /bin/true
	! grep -q FAIL <<<"$output"
}

# bats test_tags=run32
@test "-e: static and 32-bit programs hold every rule, AT_BASE 0" {
	need ptrace
	[ -x "$MARKER" ] || skip "no static toolchain"
	! readelf -l "$MARKER" | grep -q INTERP
	run -0 "$AUXV" --check -e "$MARKER"
	grep -qE '^base +ok +AT_BASE 0x0; the executable has no PT_INTERP' \
	    <<<"$output"
	need run32
	[ -x "$MARKER32" ] || skip "no 32-bit static toolchain"
	run -0 "$AUXV" --check -e "$MARKER32"
	# i386 alone has AT_SYSINFO, in the vDSO.
	grep -qE '^sysinfo +ok .*AT_SYSINFO 0x' <<<"$output"
	grep -qE '^platform +ok +AT_PLATFORM "i[3-6]86"' <<<"$output"
	# i386 is x86 too: its bits are held to /proc/cpuinfo's flags, not
	# refused as of another architecture.
	grep -qE '^hwcap +ok +AT_HWCAP 0x[0-9a-f]+; /proc/cpuinfo 0x' \
	    <<<"$output"
}

@test "a static auxv checks itself: no interpreter, load bias 0" {
	st=$BUILD_DIR/tests/bench/auxv-static
	[ -x "$st" ] || skip "no static auxv built (tests/bench)"
	run -0 "$st" --check
	[ "$(readelf_h "$st" Type)" = EXEC ] || skip "static build is a PIE"
	grep -qE '^entry +ok .*load bias 0x0 ' <<<"$output"
}

# bats test_tags=full
@test "a static-pie program holds every rule" {
	need ptrace
	printf 'int main(void) { return 0; }\n' >"$BATS_TEST_TMPDIR/p.c"
	gcc -static-pie -fPIE -o "$BATS_TEST_TMPDIR/spie" \
	    "$BATS_TEST_TMPDIR/p.c" 2>/dev/null ||
	    skip "gcc -static-pie does not link here"
	[ "$(readelf_h "$BATS_TEST_TMPDIR/spie" Type)" = DYN ]
	run -0 "$AUXV" --check -e "$BATS_TEST_TMPDIR/spie"
	! grep -q FAIL <<<"$output"
	! grep -qE '^entry .*load bias 0x0 ' <<<"$output"
}

# In a PID namespace of its own (need pidns), -a sees only the
# processes the test starts: none may fail.  Outside it, another test
# may be running a process made wrong on purpose (uexec, qemu-user).
# pidns_a ARGS: auxv --check -a ARGS beside two sleeps, in a PID namespace.
pidns_a() {
	# Both sleeps exec'd before auxv looks: a child still between fork
	# and exec is sh, or a vector in the making.
	unshare -p -f --mount-proc sh -c 'sleep 100 & a=$!; sleep 100 & b=$!
		for p in $a $b; do
			c=; until [ "$c" = sleep ]; do read -r c </proc/$p/comm; done
		done
		"$@"; s=$?; kill $a $b; exit $s' sh "$AUXV" --check -a "$@"
}

@test "-a: no process fails, nothing but failures is printed" {
	need pidns
	run -0 --separate-stderr pidns_a
	[ -z "$output" ]
	[ -z "$stderr" ]
}

# At a terminal (python's pty as standard error), the processes --check
# -a held to its rules are summed up there: as many as /proc lists (the
# python that counts them, the namespace's sh and sleeps) and auxv
# itself, as many failed as lines name a FAIL on standard output, none
# unreadable here (root).  To a pipe, nothing: the case above.
@test "-a: at a terminal, a summary on standard error: processes, failed, not readable" {
	need pidns
	run -0 unshare -p -f --mount-proc sh -c 'sleep 100 & a=$!; sleep 100 & b=$!
		for p in $a $b; do
			c=; until [ "$c" = sleep ]; do read -r c </proc/$p/comm; done
		done
		python3 - "$1" <<"PY"; s=$?; kill $a $b; exit $s
import os, pty, subprocess, sys
master, slave = pty.openpty()
n = sum(e.isdigit() for e in os.listdir("/proc")) + 1
p = subprocess.run([sys.argv[1], "--check", "-a"], stdout=subprocess.PIPE,
                   stderr=slave, text=True)
os.close(slave)
err = b""
while True:
    try:
        b = os.read(master, 4096)
    except OSError:
        break
    if not b:
        break
    err += b
fails = len(p.stdout.splitlines())
want = "auxv: --check: %d processes, %d failed, 0 not readable" % (n, fails)
assert err.decode().splitlines() == [want], (err, want, p.stdout)
assert p.returncode == (1 if fails else 0), p.returncode
PY' sh "$AUXV"
}

@test "-a: a process that fails is one line naming its rules, status 1" {
	need pidns
	uexec_ready
	need setauxv
	# A vector wrong from its exec: uexec gives the program it loads one
	# whose AT_CLKTCK no kernel gives (USER_HZ is 100 but on alpha and
	# ia64), stack and /proc/PID/auxv alike; the program then waits,
	# opening a FIFO no one writes.  A rule held to every kernel fails.
	mkfifo "$BATS_TEST_TMPDIR/fifo"
	run --separate-stderr unshare -p -f --mount-proc sh -c '
		"$1" set=17=1000 "$2" -f "$3" >/dev/null 2>&1 &
		for i in $(seq 200); do
			python3 "$5/oracle.py" pairs /proc/$!/auxv 8 2>/dev/null |
			    grep -qx "17 1000" && break
			sleep 0.05
		done
		echo $! >"$3.pid"
		"$4" --check -a' sh "$UEXEC" "$st" "$BATS_TEST_TMPDIR/fifo" \
	    "$AUXV" "$TESTS_DIR"
	[ "$status" -eq 1 ]
	[ "$output" = "$(cat "$BATS_TEST_TMPDIR/fifo.pid") (uexec): FAIL: clktck" ]
}

# -a --check: status 1 where a process fails a rule; one that could not
# be read (here a vector cut short in a /proc of the test's making) is
# said on standard error and passed over, status 0, as for -a.
@test "-a --check: a process that could not be read is said, not a failure of a rule: status 0" {
	need mountns
	local f=$BATS_TEST_TMPDIR/proc
	# An empty vector, and a thread's of half a word (pid.bats has it).
	fakepid "$f" 5000006 auxv= stat='5000006 (x) S 1 1 1 0 -1 4194560\n' \
	    comm='six\n' task/5000007/auxv:='raw -N -C 4 6=0'
	chmod 755 "$f"/5000006/task/*
	run --separate-stderr fakeproc "$f" "$AUXV" --check -a
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	[ "$stderr" = "auxv: 5000006: truncated at offset 0" ]
}

@test "-a: status 1 exactly when a line says a process fails; ours do not" {
	run --separate-stderr "$AUXV" --check -a
	[ "$status" -le 1 ]
	if [ -z "$output" ]; then
		[ "$status" -eq 0 ]
	else
		[ "$status" -eq 1 ]
	fi
	! grep -E "^==> $$ |^$$ " <<<"$output"
}

# bats test_tags=full
@test "a saved vector: the rules without data say so, the others hold" {
	need jq
	crafted ''
	run -0 --separate-stderr "$AUXV" --check --json "${CRAFTED[@]}"
	# hwcap-base: x86-64's alone; hwcap-deps: ok on x86-64 and arm64
	# alone (kernel.bats).
	[ "$(jq -r '[.checks[] | select(.result == "no data" and (.name | test("^hwcap-(base|deps)$") | not)) | .name] | join(" ")' <<<"$output")" = \
	    "phdr entry base ids hwcap hwcap-run sysinfo stack platform layout stack-align args random execfn procauxv vdso-image" ]
	[ "$(jq -r '[.checks[] | select(.result == "ok" and (.name | test("^hwcap-(base|deps)$") | not)) | .name] | join(" ")' <<<"$output")" = \
	    "pagesz clktck entries values" ]
}

@test "a saved vector cut short: no rule runs, the file and where it ends said, status 1" {
	need jq
	local pair off
	# 200 bytes of our vector: whole pairs, the last cut, no AT_NULL.
	head -c 200 "/proc/$$/auxv" >"$BATS_TEST_TMPDIR/cut.raw"
	shell_vec_opts
	pair=$((2 * $(shell_ws)))
	off=$((200 / pair * pair))
	run -1 --separate-stderr "$AUXV" --check "${SHELL_VEC[@]}" \
	    -f "$BATS_TEST_TMPDIR/cut.raw"
	[ -z "$output" ]
	[ "$stderr" = "auxv: $BATS_TEST_TMPDIR/cut.raw: truncated at offset $off" ]
	run -1 --separate-stderr "$AUXV" --check --json "${SHELL_VEC[@]}" \
	    -f "$BATS_TEST_TMPDIR/cut.raw"
	jq -e --argjson o "$off" '(has("checks") | not) and
	    .error.offset == $o and
	    .error.message == "truncated at offset \($o)"' <<<"$output"
}

@test "--check refuses options that make no sense with it" {
	run -2 --separate-stderr "$AUXV" --check -o od
	[[ "$stderr" == *"--check shows its rules in human or json, not -o od"* ]]
	run -2 --separate-stderr "$AUXV" --check -k PAGESZ
	[[ "$stderr" == *"--check takes no"* ]]
	run -2 --separate-stderr "$AUXV" --check --value
	run -2 --separate-stderr "$AUXV" --check -w
	run -2 --separate-stderr "$AUXV" --check --diff self self
	[ -z "$output" ]
}

@test "uexec: a vector made right by a userland exec holds every rule" {
	need jq
	uexec_check none
	[ "$status" -eq 0 ]
	[ "$(fails "$output")" = "" ]
	# The headers uexec's vector names are the file's, as readelf has them.
	n=$(readelf_h "$st" "Number of program headers")
	[[ "$(evidence "$output" phdr)" == *"0x400040 holds the executable's $n headers"* ]]
}

# bats test_tags=full
@test "uexec: each fault fails its rule alone, status 1" {
	need jq
	local f rule
	for f in phdr:phdr phnum:phdr phdrmod:phdr entry:entry ids:ids hwcap0:"hwcap hwcap-base" \
	    nohwcap2:entries sysinfo:sysinfo ehdr:sysinfo twice:entries \
	    random:"stack layout" execfn:stack base:base; do
		uexec_check "${f%%:*}"
		rule=${f#*:}
		echo "fault ${f%%:*}: status $status, fails $(fails "$output")"
		[ "$status" -eq 1 ]
		[ "$(fails "$output")" = "$rule" ]
	done
}

@test "self in secure mode (set-group-ID) with TMPDIR set, which ld.so unsets: still the kernel's vector" {
	need jq
	local sg=$BATS_TEST_TMPDIR/auxv-sg want
	[ "$(id -u)" -eq 0 ] || skip "not root: cannot make a set-group-ID copy"
	# A copy of auxv set-group-ID to nobody's group: the kernel sets
	# AT_SECURE (egid not gid), and ld.so unsets TMPDIR (twice here) and
	# LD_LIBRARY_PATH, which moves envp's NULL two words down.
	cp "$AUXV" "$sg"
	chgrp 65534 "$sg"
	chmod g+s "$sg"
	# With no variable to unset, envp's NULL is the kernel's.
	[ "$(env -i "$sg" -k SECURE --value)" = 1 ] ||
	    skip "no set-group-ID exec here (a nosuid mount?)"
	run -0 --separate-stderr env -i TMPDIR=/x TMPDIR=/y LD_LIBRARY_PATH=/z \
	    "$sg" --json
	# The kernel's types, in its order, as it gives them to this shell.
	want=$(shell_pairs | cut -d' ' -f1 | tr '\n' ' ')
	[ "$(jq -r '[.entries[].type] | join(" ")' <<<"$output") " = "$want" ]
	[ "$(jq -r '[.entries[] | select(.name == "AT_PAGESZ" or
	    .name == "AT_GID" or .name == "AT_EGID" or .name == "AT_SECURE") |
	    .value] | join(" ")' <<<"$output")" = \
	    "$(getconf PAGESIZE) $(id -g) 65534 1" ]
}

@test "-e: a static musl program holds every rule" {
	need ptrace
	[ -n "${MARKER_MUSL:-}" ] && [ -x "$MARKER_MUSL" ] ||
	    skip "no musl-gcc (musl-tools) to build a musl program"
	run -0 "$AUXV" --check -e "$MARKER_MUSL"
	! grep -q FAIL <<<"$output"
}

@test "-a --json: one object per process, checks or an error, for jq" {
	need jq
	run --separate-stderr "$AUXV" --check -a --json
	[ "$status" -le 1 ]
	jq -e -s 'length > 0 and all(.[]; (.checks | length) == 22 or .error)' \
	    <<<"$output"
	jq -e -s --argjson p $$ 'any(.[]; .pid == $p and .failures == 0)' \
	    <<<"$output"
	# Status 1 exactly when an object has failures.
	jq -e -s --argjson s "$status" \
	    '(any(.[]; .failures > 0) | if . then 1 else 0 end) == $s' \
	    <<<"$output"
}

@test "-a --json in a PID namespace: the test's processes, each holding every rule" {
	need jq
	need pidns
	run -0 --separate-stderr pidns_a --json
	jq -e -s 'length >= 4 and all(.[]; .failures == 0 and
	    (.checks | length) == 22)' <<<"$output"
	jq -e -s '[.[].comm] | index("sleep") != null' <<<"$output"
}

# The build that survives the vectors it judges: auxv linked statically
# with musl, whose start-up reads neither AT_RANDOM nor, past PT_TLS,
# AT_PHDR (glibc's static start-up dies of both), run by the userland
# exec with each fault: the fault is a FAIL of its rule, not a crash.
# bats test_tags=slow
@test "the musl build under a userland exec: no AT_RANDOM, AT_PHDR at the vDSO's headers: each a FAIL, not a crash" {
	need jq
	uexec_ready
	[ -x "${AUXV_MUSL:-}" ] || skip "no musl build of auxv (Debian: musl-tools)"
	[ "$(readelf_h "$AUXV_MUSL" Type)" = EXEC ] || skip "the musl build is a PIE"
	run --separate-stderr "$UEXEC" none "$AUXV_MUSL" --check --json
	uexec_output
	[ "$status" -eq 0 ]
	run --separate-stderr "$UEXEC" drop=25 "$AUXV_MUSL" --check --json
	uexec_output
	[ "$status" -eq 1 ]
	[ "$(fails "$output")" = entries ]
	[ "$(evidence "$output" entries)" = "AT_RANDOM absent" ]
	run --separate-stderr "$UEXEC" phdrvdso "$AUXV_MUSL" --check --json
	uexec_output
	[ "$status" -eq 1 ]
	[ "$(fails "$output")" = phdr ]
	[[ "$(evidence "$output" phdr)" == "AT_PHDR 0x7"*"; the executable's e_phoff 0x"*" is loaded at 0x4"* ]]
}
