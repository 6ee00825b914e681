#!/usr/bin/env bats
# --check's hwcap-run rule: each claimed HWCAP bit that has a probe runs
# its instruction in auxv's own process.  The oracle of what the CPU
# runs is tests/exec/insn (the same instructions, assembled by the
# toolchain from their mnemonics, run with no handler: it dies of
# SIGILL where the CPU refuses one); the vector's bits come from the
# kernel (this shell's /proc/PID/auxv) or from the loader that rewrote
# it (tests/exec/uexec); under qemu-user, the oracle runs under the same
# qemu and -cpu model, so the verdicts follow the installed qemu.

load common
# The readers of --check --json output (result, evidence), as the files of
# check/ read it.
load check/check

# The names evidence $1 lists after "$2:" (up to the next "; ").
listed() {
	local e="; $1;" h="; $2:" r
	[[ "$e" == *"$h"* ]] || return 0
	r=${e#*"$h"}
	r=${r%%;*}
	# Each name, without its " (instruction)", one a line.
	sed -E 's/ \([^()]*(\([^()]*\)[^()]*)*\)//g; s/^ //' <<<"$r" |
	    tr ' ' '\n' | grep -v '^$' || true
}

# bit_of ARCH NAME: "WORD BIT" of the probed bit NAME, from the kernel's
# uapi hwcap headers (x86: CPUID.1:EDX and asm/hwcap2.h; arm64 and arm:
# asm/hwcap.h; powerpc: asm/cputable.h; s390: asm/elf.h's HWCAP_NR_*;
# riscv: asm/hwcap.h, the letter's offset from 'A'), not from auxv's table.
bit_of() {
	case $1:$2 in
	x86_64:fpu | i?86:fpu) echo 0 0 ;;
	x86_64:tsc | i?86:tsc) echo 0 4 ;;
	x86_64:cx8 | i?86:cx8) echo 0 8 ;;
	x86_64:cmov | i?86:cmov) echo 0 15 ;;
	x86_64:clflush | i?86:clflush) echo 0 19 ;;
	x86_64:mmx | i?86:mmx) echo 0 23 ;;
	x86_64:fxsr | i?86:fxsr) echo 0 24 ;;
	x86_64:sse | i?86:sse) echo 0 25 ;;
	x86_64:sse2 | i?86:sse2) echo 0 26 ;;
	x86_64:ring3mwait | i?86:ring3mwait) echo 1 0 ;;
	x86_64:fsgsbase) echo 1 1 ;;
	aarch64:fp) echo 0 0 ;;
	aarch64:asimd) echo 0 1 ;;
	aarch64:aes) echo 0 3 ;;
	aarch64:pmull) echo 0 4 ;;
	aarch64:sha1) echo 0 5 ;;
	aarch64:sha2) echo 0 6 ;;
	aarch64:crc32) echo 0 7 ;;
	aarch64:atomics) echo 0 8 ;;
	aarch64:cpuid) echo 0 11 ;;
	aarch64:dcpop) echo 0 16 ;;
	aarch64:sha3) echo 0 17 ;;
	aarch64:sha512) echo 0 21 ;;
	aarch64:sve) echo 0 22 ;;
	arm*:vfp) echo 0 6 ;;
	arm*:neon) echo 0 12 ;;
	arm*:vfpv4) echo 0 16 ;;
	arm*:idiva) echo 0 17 ;;
	arm*:idivt) echo 0 18 ;;
	arm*:aes) echo 1 0 ;;
	arm*:pmull) echo 1 1 ;;
	arm*:sha1) echo 1 2 ;;
	arm*:sha2) echo 1 3 ;;
	arm*:crc32) echo 1 4 ;;
	ppc64*:vsx) echo 0 7 ;;
	ppc64*:fpu) echo 0 27 ;;
	ppc64*:altivec) echo 0 28 ;;
	s390x:vx) echo 0 11 ;;
	s390x:vxe) echo 0 13 ;;
	riscv64:d) echo 0 3 ;;
	riscv64:f) echo 0 5 ;;
	riscv64:v) echo 0 21 ;;
	*) return 1 ;;
	esac
}

# if_claimed ARCH NAME: whether auxv runs NAME's probe only where its
# bit is claimed: the kernel keeps state for the task from its first
# use on (arm64's SVE, riscv's V); the encoding is another instruction
# on a CPU of the architecture without the feature (arm's Thumb sdiv, a
# Thumb-1 branch on ARMv6; i386's SSE2 pxor, MMX pxor with a 66 prefix;
# riscv's vsetvli, XTheadVector's own); user-mode MONITOR is the
# kernel's to enable (x86's ring3mwait); rdfsbase where CPUID.(7,0):EBX
# bit 0 (FSGSBASE) is clear, as the cpuid helper reads it.
if_claimed() {
	case $1:$2 in
	aarch64:sve | riscv64:v | arm*:idivt | i?86:sse2) return 0 ;;
	x86_64:ring3mwait | i?86:ring3mwait) return 0 ;;
	x86_64:fsgsbase)
		local r
		[ -x "${CPUID:-}" ] || return 1
		r=($("$CPUID" 7)) || return 0
		[ $((r[1] & 1)) -eq 0 ] ;;
	*) return 1 ;;
	esac
}

# holds OUTPUT ARCH HW HW2 RUNNER...: hwcap-run's verdict in OUTPUT is
# what the oracle says, each probed name run by RUNNER... (an emulator
# and the insn helper): a bit claimed in HW/HW2 whose instruction
# dies of SIGILL is listed as raised SIGILL and fails the rule; one that
# dies of another signal (qemu-s390x's vector instruction with the
# facility off: SIGFPE) is listed as no data; one that runs is listed as
# ran, claimed or not; sve and v run only where claimed.  No FAIL and
# no claimed bit's instruction run: no data.
holds() {
	local out=$1 arch=$2 hw=$3 hw2=$4 e n wb c st want_fail=0 ran=0
	shift 4
	e=$(evidence "$out" hwcap-run)
	echo "evidence: $e"
	for n in $("$@"); do
		wb=($(bit_of "$arch" "$n")) || { echo "no bit for $n"; return 1; }
		if [ "${wb[0]}" -eq 0 ]; then
			c=$((hw >> wb[1] & 1))
		else
			c=$((hw2 >> wb[1] & 1))
		fi
		st=0
		"$@" "$n" >/dev/null 2>&1 || st=$?
		echo "$n: claimed $c, oracle status $st"
		if if_claimed "$arch" "$n" && [ "$c" -eq 0 ]; then
			! grep -qx "$n" < <(listed "$e" "not claimed, ran")
			continue
		fi
		if [ "$st" -eq 0 ] && [ "$c" -eq 1 ]; then
			grep -qx "$n" < <(listed "$e" "claimed, ran")
			ran=1
		elif [ "$st" -eq 0 ]; then
			grep -qx "$n" < <(listed "$e" "not claimed, ran")
		elif [ "$c" -eq 1 ] && [ "$st" -eq 132 ]; then
			# Killed by SIGILL (qemu-user exits 128 + 4 too).
			grep -qx "$n" < <(listed "$e" "claimed, raised SIGILL")
			want_fail=1
		elif [ "$c" -eq 1 ]; then
			# Killed by another signal: 128 + its number.
			[ "$st" -gt 128 ]
			grep -qx "$n" < <(listed "$e" \
			    "claimed, stopped by another signal (no data)")
		else
			! grep -qx "$n" < <(listed "$e" "not claimed, ran")
		fi
	done
	if [ "$want_fail" -eq 1 ]; then
		[ "$(result "$out" hwcap-run)" = FAIL ]
	elif [ "$ran" -eq 1 ]; then
		[ "$(result "$out" hwcap-run)" = ok ]
	else
		[ "$(result "$out" hwcap-run)" = "no data" ]
	fi
}

# The HWCAP words of the kernel's vector for this shell.
kernel_hw() {
	local ws
	ws=$(($(getconf LONG_BIT) / 8))
	pyvec "/proc/$$/auxv" "$ws" | awk -v t="$1" '$1 == t { print $2 }'
}

# bats test_tags=slow
@test "self, natively: every claimed bit that has a probe runs; none fails" {
	need jq
	native_only "the kernel's vector is this shell's"
	[ -x "${INSN:-}" ] || skip "no insn helper built"
	[ -n "$("$INSN")" ] || skip "no probes for $(uname -m)"
	run --separate-stderr "$AUXV" --check --json
	[ "$status" -le 1 ]
	hw=$(kernel_hw 16)
	hw2=$(kernel_hw 26)
	holds "$output" "$(uname -m)" "${hw:-0}" "${hw2:-0}" "$INSN"
	[ "$(result "$output" hwcap-run)" = ok ]
}

@test "human: the rule's line names each bit that ran" {
	run --separate-stderr "$AUXV" --check
	[ "$status" -le 1 ]
	# A FAIL is true of an emulator (qemu-aarch64 7.2's dcpop), never
	# of this machine.
	grep -E '^hwcap-run +(ok|no data|FAIL) +[^ ]' <<<"$output"
	! grep -E '^hwcap-run +FAIL' <<<"$output" || ! has native
}

# verdicts OUTPUT: each rule's name and result in --check --json OUTPUT,
# and hwcap-run's evidence (which holds no address), one a line.
verdicts() {
	jq -r '.checks[] | "\(.name) \(.result)"' <<<"$1"
	evidence "$1" hwcap-run
}

# probe_env_block: env(1) blocks signals for what it runs (coreutils 8.31
# on; Debian 12's 9.1 does).
probe_env_block() {
	env --block-signal=ILL true 2>/dev/null ||
	    echo "env has no --block-signal (coreutils before 8.31)"
}

# same_blocked CMD...: CMD --check --json, run with SIGILL, SIGSEGV,
# SIGBUS and SIGFPE blocked by its parent (env), gives the verdicts and
# the status it gives without.
same_blocked() {
	local out st v
	run --separate-stderr "$@" --check --json
	echo "unblocked: status $status"
	[ "$status" -le 1 ]
	out=$output st=$status
	run --separate-stderr env --block-signal=ILL,SEGV,BUS,FPE "$@" \
	    --check --json
	echo "blocked: status $status $stderr"
	[ "$status" -eq "$st" ]
	# One after the other: evidence's reader keeps its parse in one file
	# of the case's (check/check.bash), which two at once would share.
	v=$(verdicts "$out")
	diff <(echo "$v") <(verdicts "$output")
}

# A blocked SIGILL, SIGSEGV, SIGBUS or SIGFPE kills a process whose
# instruction raises it (the kernel resets the handler): the probes
# unblock the four for their run.
# bats test_tags=slow
@test "a parent's mask blocking SIGILL, SIGSEGV, SIGBUS and SIGFPE: the same verdicts and status as without (dynamic, static and musl builds)" {
	need jq
	need env_block
	same_blocked "$AUXV"
	# The builds beside it are the host's: natively only.
	has native || return 0
	local st=$BUILD_DIR/tests/bench/auxv-static
	if [ -x "$st" ]; then same_blocked "$st"; fi
	if [ -x "${AUXV_MUSL:-}" ]; then same_blocked "$AUXV_MUSL"; fi
}

# The oracle of the mask: the kernel's SigBlk of the process, read
# before and after the probes in the same process (tests/exec/probemask).
@test "the probes leave the caller's mask as it was, after a run whose rows trap and one with none claimed" {
	need env_block
	native_only "under qemu-user SigBlk is qemu's own mask"
	[ -x "${PROBEMASK:-}" ] || skip "no probemask helper built"
	run -0 --separate-stderr env --block-signal=ILL,SEGV,BUS,FPE,USR1 \
	    "$PROBEMASK"
	[ "${#lines[@]}" -eq 3 ]
	# SIGILL (4), SIGBUS (7), SIGFPE (8), SIGUSR1 (10), SIGSEGV (11): bit
	# N - 1 each.
	[ $((0x${lines[0]} & 0x6c8)) -eq $((0x6c8)) ]
	[ "${lines[1]}" = "${lines[0]}" ]
	[ "${lines[2]}" = "${lines[0]}" ]
	run -0 --separate-stderr "$PROBEMASK"
	[ "${lines[1]}" = "${lines[0]}" ]
	[ "${lines[2]}" = "${lines[0]}" ]
}

# A signal pending and blocked survives exec (python3 blocks SIGILL,
# sends it to its thread, execs auxv): unblocking it would deliver it
# with no stub running, which kills.
@test "SIGILL pending and blocked since before exec: hwcap-run has no data, saying so; auxv lives" {
	need jq
	# qemu-user itself dies of it before the guest starts.
	native_only "a SIGILL pending at exec kills qemu-user"
	run --separate-stderr python3 -c 'import os, signal, sys, threading
signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGILL})
signal.pthread_kill(threading.get_ident(), signal.SIGILL)
os.execv(sys.argv[1], sys.argv[1:])' "$AUXV" --check --json
	[ "$status" -le 1 ]
	[ "$(result "$output" hwcap-run)" = "no data" ]
	[ "$(evidence "$output" hwcap-run)" = "a fault signal the probes catch is pending, blocked since before auxv ran" ]
}

# valgrind reports each instruction it cannot run (without -q): the rows
# that run unclaimed are those that tell something there, and valgrind's
# CPUID lists neither FSGSBASE nor a user-mode MONITOR it runs.
# bats test_tags=slow
@test "valgrind: no unrecognised instruction reported on --check" {
	native_only "valgrind runs natively"
	command -v valgrind >/dev/null || skip "no valgrind"
	valgrind -q --tool=none "$AUXV" --version >/dev/null 2>&1 ||
	    skip "this auxv does not run under valgrind (a sanitizer's build)"
	run --separate-stderr valgrind --tool=none "$AUXV" --check
	echo "$stderr" | grep -i -B2 -A4 unrecognised || true
	[[ "$stderr" == *"Command: "* ]]
	! grep -qi "unrecognised instruction" <<<"$stderr"
}

# The tables of every architecture, read from src/probe_*.c and
# src/probe_x86.h: each row says what a CPU of its architecture without
# the feature does with the encoding, UNDEFINED (PROBE_UNDEF) or maybe
# another instruction (PROBE_NOT_UNDEF), and a row of the latter kind
# runs only where claimed (PROBE_IF_CLAIMED).
@test "the probe tables: each row says whether its encoding is UNDEFINED without the feature; one that is not runs only where claimed" {
	local src=${TESTS_DIR:-$BATS_TEST_DIRNAME}/../src
	run -0 python3 -c 'import re, sys
rows = 0
bad = []
for f in sys.argv[1:]:
    text = re.sub(r"\\\n", " ", open(f).read())
    for m in re.finditer(r"\bX\((\w+),\s*(\d+),\s*(\d+),\s*([^,]+),\s*\"", text):
        rows += 1
        fl = {t.strip() for t in m.group(4).split("|")}
        cls = fl & {"PROBE_UNDEF", "PROBE_NOT_UNDEF"}
        if len(cls) != 1:
            bad.append("%s: %s says neither or both" % (f, m.group(1)))
        elif "PROBE_NOT_UNDEF" in fl and "PROBE_IF_CLAIMED" not in fl:
            bad.append("%s: %s runs unclaimed" % (f, m.group(1)))
print(rows)
if bad:
    print("\n".join(bad))' "$src"/probe_*.c "$src"/probe_x86.h
	echo "$output"
	[ "${lines[0]}" -ge 40 ]
	[ "${#lines[@]}" -eq 1 ]
}

@test "-e of a program, a PID and -a: the probes run for self only, never a FAIL" {
	need jq
	native_only "-e needs ptrace, and other processes are the host's"
	need ptrace
	run -0 --separate-stderr "$AUXV" --check --json -e /bin/true
	[ "$(result "$output" hwcap-run)" = "no data" ]
	[ "$(evidence "$output" hwcap-run)" = "not auxv's own vector: self only" ]
	run --separate-stderr "$AUXV" --check --json -a
	[ "$status" -le 1 ]
	[ "$(jq -s '[.[].checks // [] | .[] | select(.name == "hwcap-run" and .result != "no data")] | length' <<<"$output")" -eq 0 ]
}

@test "a saved vector: no data" {
	need jq
	# Another rule may fail a guest's vector (an emulator's): not this one.
	run --separate-stderr "$AUXV" --check --json -f /proc/self/auxv
	[ "$status" -le 1 ]
	[ "$(result "$output" hwcap-run)" = "no data" ]
}

# uexec_probe_ready: the loader and a static non-PIE auxv of this build.
uexec_probe_ready() {
	[ -x "${UEXEC:-}" ] || skip "no uexec helper built"
	[ -x "${INSN:-}" ] || skip "no insn helper built"
	st=$BUILD_DIR/tests/bench/auxv-static
	[ -x "$st" ] || skip "no static auxv built (tests/bench)"
	[ "$(readelf_h "$st" Type)" = EXEC ] || skip "static auxv is a PIE"
	[ -n "$("$INSN")" ] || skip "no probes for $(uname -m)"
}

# bats test_tags=slow
@test "uexec, natively: a bit whose instruction this CPU refuses, claimed: FAIL naming the bit and the instruction" {
	need jq
	native_only "the loader runs natively"
	uexec_probe_ready
	local n wb=() found=
	for n in $("$INSN"); do
		! "$INSN" "$n" >/dev/null 2>&1 || continue
		[ "$n" != sve ] || continue
		wb=($(bit_of "$(uname -m)" "$n")) && found=$n && break
	done
	[ -n "$found" ] || skip "this CPU runs every probed instruction"
	run --separate-stderr "$UEXEC" \
	    "set=$((16 + 10 * wb[0]))=|$((1 << wb[1]))" "$st" --check --json
	[ "$status" -eq 1 ]
	[[ "$(evidence "$output" hwcap-run)" == "claimed, raised SIGILL: $found ("*")"* ]]
	hw=$(kernel_hw 16)
	hw2=$(kernel_hw 26)
	if [ "${wb[0]}" -eq 0 ]; then hw=$((hw | 1 << wb[1])); else hw2=$((${hw2:-0} | 1 << wb[1])); fi
	holds "$output" "$(uname -m)" "$hw" "${hw2:-0}" "$INSN"
}

@test "uexec, natively: every bit cleared: what runs is said, not failed" {
	need jq
	native_only "the loader runs natively"
	uexec_probe_ready
	run --separate-stderr "$UEXEC" set=16=0,set=26=0 "$st" --check --json
	[ "$(result "$output" hwcap-run)" = "no data" ]
	[[ "$(evidence "$output" hwcap-run)" == "not claimed, ran: "*"; no claimed bit's instruction ran" ]]
	holds_clear=$(listed "$(evidence "$output" hwcap-run)" "not claimed, ran")
	for n in $holds_clear; do "$INSN" "$n" >/dev/null; done
}

# guest_static NAME TRIPLE: a static non-PIE auxv, uexec (dynamic, run
# with -L /usr/TRIPLE) and insn built by TRIPLE-gcc in
# $BATS_RUN_TMPDIR/probe-NAME; says why not where it can't be.
guest_static() {
	local d=$BATS_RUN_TMPDIR/probe-$1 t=$2 x=${TESTS_DIR:-$BATS_TEST_DIRNAME}/exec
	command -v "$t-gcc" >/dev/null ||
	    { echo "no $t-gcc (gcc-$t, libc6-dev-*-cross)"; return; }
	mkdir -p "$d"
	"$t-gcc" -static -std=gnu11 -O1 -D_GNU_SOURCE -DAUXV_VERSION='"guest"' \
	    -o "$d/auxv" $(probe_srcs "$t") -lpthread >"$d/cc.log" 2>&1 &&
	    "$t-gcc" -std=gnu11 -O2 -o "$d/uexec" "$x/uexec.c" >>"$d/cc.log" 2>&1 &&
	    "$t-gcc" -static -std=gnu11 -O2 -o "$d/insn" "$x/insn.c" \
		>>"$d/cc.log" 2>&1 ||
	    echo "$t-gcc cannot build the guest: $(grep -m1 error "$d/cc.log")"
}

probe_probe_arm() {
	command -v qemu-arm >/dev/null || { echo "no qemu-arm (qemu-user)"; return; }
	guest_static arm arm-linux-gnueabihf
}

probe_probe_aarch64() {
	command -v qemu-aarch64 >/dev/null || { echo "no qemu-aarch64 (qemu-user)"; return; }
	guest_static aarch64 aarch64-linux-gnu
}

probe_probe_ppc64le() {
	command -v qemu-ppc64le >/dev/null || { echo "no qemu-ppc64le (qemu-user)"; return; }
	guest_static ppc64le powerpc64le-linux-gnu
}

probe_probe_s390x() {
	command -v qemu-s390x >/dev/null || { echo "no qemu-s390x (qemu-user)"; return; }
	guest_static s390x s390x-linux-gnu
}

probe_probe_riscv64() {
	command -v qemu-riscv64 >/dev/null || { echo "no qemu-riscv64 (qemu-user)"; return; }
	guest_static riscv64 riscv64-linux-gnu
}

probe_probe_i386() {
	command -v qemu-i386 >/dev/null || command -v qemu-i386-static >/dev/null ||
	    { echo "no qemu-i386"; return; }
	guest_static i386 i686-linux-gnu
}

# guest_case NAME ARCH QEMU TRIPLE CPU TYPE BIT: under QEMU -cpu CPU, the
# guest auxv run by uexec with bit BIT of TYPE (16 or 26) claimed; the
# verdict held to the oracle under the same qemu and model.  The vector's
# words: the guest's own, as uexec's /proc/self/auxv gives them under qemu
# (the guest insn helper cannot read them: it runs one instruction).
guest_case() {
	local name=$1 arch=$2 q=$3 t=$4 cpu=$5 type=$6 bit=$7
	local d=$BATS_RUN_TMPDIR/probe-$name hw hw2
	guest_case_run "$name" "$q" "$t" "$cpu" "$type" "$bit"
	echo "status $status: $stderr"
	[ "$status" -le 1 ]
	# The words uexec handed on, as the guest's vector shows them, read
	# back by the oracle (python3 struct) from auxv's raw save.
	"$q" -cpu "$cpu" -L "/usr/$t" "$d/uexec" "set=$type=|$((1 << bit))" \
	    "$d/auxv" -o raw >"$BATS_TEST_TMPDIR/v.raw"
	hw=$(pyvec "$BATS_TEST_TMPDIR/v.raw" $(guest_ws "$arch") |
	    awk '$1 == 16 { print $2 }')
	hw2=$(pyvec "$BATS_TEST_TMPDIR/v.raw" $(guest_ws "$arch") |
	    awk '$1 == 26 { print $2 }')
	holds "$output" "$arch" "${hw:-0}" "${hw2:-0}" "$q" -cpu "$cpu" "$d/insn"
}

# guest_case_run NAME QEMU TRIPLE CPU TYPE BIT: the run alone; skips
# where the installed QEMU has no such CPU model (or property).
guest_case_run() {
	local d=$BATS_RUN_TMPDIR/probe-$1
	need "probe_$1"
	need jq
	"$2" -cpu "$4" "$d/insn" >/dev/null 2>&1 ||
	    skip "$2 has no CPU model $4: $("$2" -cpu "$4" "$d/insn" 2>&1 | tail -1)"
	run --separate-stderr "$2" -cpu "$4" -L "/usr/$3" "$d/uexec" \
	    "set=$5=|$((1 << $6))" "$d/auxv" --check --json
}

# guest_ws ARCH: the word size and byte order of ARCH's vector, as
# pyvec takes them.
guest_ws() {
	case $1 in
	s390x | ppc64) echo 8 big ;;
	aarch64 | x86_64 | ppc64le | riscv64) echo 8 little ;;
	*) echo 4 little ;;
	esac
}

# bats test_tags=full
@test "qemu-arm -cpu cortex-a8 with IDIVA claimed: as the installed qemu runs sdiv (FAIL where it refuses it)" {
	guest_case arm arm qemu-arm arm-linux-gnueabihf cortex-a8 16 17
	qemu-arm -cpu cortex-a8 "$BATS_RUN_TMPDIR/probe-arm/insn" idiva ||
	    [[ "$(evidence "$output" hwcap-run)" == "claimed, raised SIGILL: idiva (sdiv r0, r0, r1 (ARM))"* ]]
}

# ARMv6 (ARM1176, a Raspberry Pi Zero's) has no Thumb-2: the first
# halfword of Thumb's sdiv is a BL suffix there, a branch.  Debian's
# armhf libc does not start on it, so tests/exec/armv6probe, free of
# libc, runs arm's table (rows, stubs, and probe_runs' choice) under
# qemu-arm -cpu arm1176: the oracle is the kernel's wait status of a
# child per row.  A row that runs unclaimed traps or returns; IDIVT's
# stub is not entered unclaimed, and where a vector claims it the
# branch lands on an undefined instruction, not in the harness.
# bats test_tags=slow
@test "qemu-arm -cpu arm1176 (no Thumb-2): no bit claimed, each row traps or returns and IDIVT's stub is not entered; claimed, it raises SIGILL" {
	command -v qemu-arm >/dev/null || skip "no qemu-arm (qemu-user)"
	[ -x "${ARMV6PROBE:-}" ] || skip "no armv6probe helper built (arm-linux-gnueabihf-gcc)"
	ulimit -c 0
	run -0 --separate-stderr qemu-arm -cpu arm1176 "$ARMV6PROBE" 0 0
	echo "$output"
	[ "${#lines[@]}" -ge 10 ]
	[ -z "$(grep -v -E ': (not run|ran|SIGILL)$' <<<"$output")" ]
	grep -qx 'sdiv r0, r0, r1 (Thumb): not run' <<<"$output"
	# IDIVT (AT_HWCAP bit 18, arch/arm/include/uapi/asm/hwcap.h) claimed.
	run -0 --separate-stderr qemu-arm -cpu arm1176 "$ARMV6PROBE" \
	    $((1 << 18)) 0
	grep -qx 'sdiv r0, r0, r1 (Thumb): SIGILL' <<<"$output"
	# Where the model has the division (cortex-a15), the stub returns.
	if qemu-arm -cpu cortex-a15 "$ARMV6PROBE" 0 0 >/dev/null 2>&1; then
		run -0 --separate-stderr qemu-arm -cpu cortex-a15 \
		    "$ARMV6PROBE" $((1 << 18)) 0
		grep -qx 'sdiv r0, r0, r1 (Thumb): ran' <<<"$output"
	fi
}

# The mask a parent passes reaches the guest under qemu-user (7.2 takes
# the guest's first mask from its own): the same verdicts with the four
# signals blocked, for each guest this machine can build and run, under a
# model that refuses some probed instruction where the installed qemu
# has one.
# bats test_tags=full
@test "qemu guests, a parent's mask blocking SIGILL, SIGSEGV, SIGBUS and SIGFPE: the same verdicts and status as without" {
	need jq
	need env_block
	local g q t cpu n=0 d
	for g in arm:qemu-arm:arm-linux-gnueabihf:cortex-a8 \
	    aarch64:qemu-aarch64:aarch64-linux-gnu:cortex-a53 \
	    i386:qemu-i386:i686-linux-gnu:pentium3 \
	    ppc64le:qemu-ppc64le:powerpc64le-linux-gnu:power8 \
	    s390x:qemu-s390x:s390x-linux-gnu:max \
	    riscv64:qemu-riscv64:riscv64-linux-gnu:rv64; do
		IFS=: read -r g q t cpu <<<"$g"
		has "probe_$g" || continue
		d=$BATS_RUN_TMPDIR/probe-$g
		command -v "$q" >/dev/null || q=$q-static
		"$q" -cpu "$cpu" "$d/insn" >/dev/null 2>&1 || continue
		echo "== $g ($q -cpu $cpu)"
		same_blocked "$q" -cpu "$cpu" -L "/usr/$t" "$d/auxv"
		n=$((n + 1))
	done
	[ "$n" -gt 0 ] || skip "no guest built and run here (qemu-user, cross compilers)"
}

# bats test_tags=full
@test "qemu-aarch64 -cpu cortex-a53 with SHA3 claimed: as the installed qemu runs eor3 (FAIL where it refuses it)" {
	guest_case aarch64 aarch64 qemu-aarch64 aarch64-linux-gnu cortex-a53 16 17
	qemu-aarch64 -cpu cortex-a53 "$BATS_RUN_TMPDIR/probe-aarch64/insn" sha3 ||
	    [[ "$(evidence "$output" hwcap-run)" == "claimed, raised SIGILL: sha3 (eor3 "* ]]
}

# glibc (2.36 on) picks __memcpy_sve where AT_HWCAP claims SVE: a glibc
# auxv on a CPU without SVE dies of SIGILL before main, as any glibc
# program does; what that vector does to auxv is said here, as measured.
# bats test_tags=full
@test "qemu-aarch64 -cpu cortex-a53 with SVE claimed: FAIL naming sve, where the guest's libc reaches main" {
	guest_case_run aarch64 qemu-aarch64 aarch64-linux-gnu cortex-a53 16 22
	if [ "$status" -eq 132 ] && [ -z "$output" ]; then
		skip "the guest's libc dies of SIGILL before main where SVE is claimed (glibc's SVE memcpy)"
	fi
	guest_case aarch64 aarch64 qemu-aarch64 aarch64-linux-gnu cortex-a53 16 22
	qemu-aarch64 -cpu cortex-a53 "$BATS_RUN_TMPDIR/probe-aarch64/insn" sve ||
	    [[ "$(evidence "$output" hwcap-run)" == "claimed, raised SIGILL: sve (cntb x0)"* ]]
}

# bats test_tags=full
@test "qemu-aarch64 -cpu max, the vector as qemu makes it: each claimed bit as the installed qemu runs it" {
	# bit 0 (FP) is claimed by every arm64 vector: nothing added.
	guest_case aarch64 aarch64 qemu-aarch64 aarch64-linux-gnu max 16 0
}

# bats test_tags=full
@test "qemu-i386 -cpu pentium3 with SSE2 claimed: as the installed qemu runs pxor (FAIL where it refuses it)" {
	local q=qemu-i386
	command -v "$q" >/dev/null || q=qemu-i386-static
	guest_case i386 i686 "$q" i686-linux-gnu pentium3 16 26
}

# bats test_tags=full
@test "qemu-ppc64le -cpu power8, the vector as qemu makes it: each claimed bit as the installed qemu runs it" {
	# qemu-user's models without AltiVec or VSX (970, power5+) refuse
	# little-endian: bit 28 (altivec) is claimed already, nothing added.
	guest_case ppc64le ppc64le qemu-ppc64le powerpc64le-linux-gnu power8 16 28
}

# bats test_tags=full
@test "qemu-s390x -cpu max with VXRS_EXT claimed: as the installed qemu runs vnx" {
	guest_case s390x s390x qemu-s390x s390x-linux-gnu max 16 13
}

# With the vector facility off, qemu-s390x 7.2 turns a vector
# instruction into a data exception (SIGFPE), as a z13 does with it
# disabled, where a machine without it raises SIGILL: the oracle says
# which.
# bats test_tags=full
@test "qemu-s390x -cpu max,vx=off with VXRS claimed: as the installed qemu stops vzero (no data for another signal, FAIL for SIGILL)" {
	guest_case_run s390x qemu-s390x s390x-linux-gnu max,vx=off 16 11
	if [ "$status" -gt 128 ] && [ -z "$output" ]; then
		skip "the guest's libc dies of signal $((status - 128)) before main where VXRS is claimed (glibc's vector string functions)"
	fi
	guest_case s390x s390x qemu-s390x s390x-linux-gnu max,vx=off 16 11
	! qemu-s390x -cpu max,vx=off "$BATS_RUN_TMPDIR/probe-s390x/insn" vx \
	    >/dev/null 2>&1 ||
	    [[ "$(evidence "$output" hwcap-run)" == *"claimed, ran: vx"* ]]
}

# bats test_tags=full
@test "qemu-riscv64 -cpu rv64 with V claimed: as the installed qemu runs vsetvli (FAIL where its model lacks V)" {
	guest_case riscv64 riscv64 qemu-riscv64 riscv64-linux-gnu rv64 16 21
	qemu-riscv64 -cpu rv64 "$BATS_RUN_TMPDIR/probe-riscv64/insn" v \
	    >/dev/null 2>&1 ||
	    [[ "$(evidence "$output" hwcap-run)" == "claimed, raised SIGILL: v (vsetvli t0, zero, e8, m1, ta, ma)"* ]]
}

# bats test_tags=full
@test "qemu-riscv64 -cpu rv64,v=true with V claimed: vsetvli runs where the installed qemu has V" {
	guest_case riscv64 riscv64 qemu-riscv64 riscv64-linux-gnu rv64,v=true 16 21
	qemu-riscv64 -cpu rv64,v=true "$BATS_RUN_TMPDIR/probe-riscv64/insn" v \
	    >/dev/null 2>&1 || skip "qemu-riscv64 -cpu rv64,v=true does not run vsetvli"
	grep -qx v < <(listed "$(evidence "$output" hwcap-run)" "claimed, ran")
}

# a64_bound FP VL: arm64's AT_MINSIGSTKSZ bound as the values rule holds
# it, from the kernel's layout (arch/arm64/kernel/signal.c
# minsigstksz_setup): __reserved[] at 592 of a 4688-byte struct
# rt_sigframe; records R (fpsimd_context 528 where FP is claimed, SVE's
# 16 + 546 vq rounded up to 16 at vector length VL, 0: none) inside, or
# past it with an extra_context and a terminator (48) where R passes
# 4048; a terminator (16); rounded up to 16; the frame record and the
# padding (32).
a64_bound() {
	local r=0 s
	[ "$1" -eq 0 ] || r=528
	[ "$2" -eq 0 ] || r=$((r + (16 + 546 * ($2 / 16) + 15) / 16 * 16))
	s=$((592 + r + 16))
	[ "$r" -le 4048 ] || s=$((s + 48))
	[ "$s" -ge 4688 ] || s=4688
	echo $(((s + 15) / 16 * 16 + 32))
}

# values_only A B: the --check --json outputs A and B agree on every
# rule but values.
values_only() {
	diff <(jq -c '[.checks[] | select(.name != "values") | [.name, .result]]' <<<"$1") \
	    <(jq -c '[.checks[] | select(.name != "values") | [.name, .result]]' <<<"$2")
}

# bats test_tags=full
@test "qemu-aarch64, uexec: AT_MINSIGSTKSZ under arm64's signal frame fails values alone; at the frame it holds" {
	need probe_aarch64
	need jq
	local d=$BATS_RUN_TMPDIR/probe-aarch64 q b vl=256 n out
	q=(qemu-aarch64 -cpu "max,sve-default-vector-length=$vl" -L /usr/aarch64-linux-gnu)
	# An older qemu without the property: a CPU without SVE.
	"${q[@]}" "$d/insn" >/dev/null 2>&1 ||
	    { vl=0; q=(qemu-aarch64 -cpu cortex-a53 -L /usr/aarch64-linux-gnu); }
	# qemu-user 7.2 gives no AT_MINSIGSTKSZ: nothing said of it then.
	run --separate-stderr "${q[@]}" "$d/auxv" --check --json
	[ "$status" -le 1 ]
	"${q[@]}" "$d/auxv" -o raw >"$BATS_TEST_TMPDIR/v.raw"
	pyvec "$BATS_TEST_TMPDIR/v.raw" 8 | grep -q '^51 ' ||
	    [[ "$(evidence "$output" values)" != *AT_MINSIGSTKSZ* ]]
	# FP is claimed by every arm64 vector qemu makes.
	b=$(a64_bound 1 "$vl")
	run --separate-stderr "${q[@]}" "$d/uexec" "set=51=$b" "$d/auxv" --check --json
	[ "$status" -le 1 ]
	out=$output
	echo "$(evidence "$out" values)"
	[ "$(result "$out" values)" = ok ]
	[[ "$(evidence "$out" values)" == "AT_MINSIGSTKSZ $b; arm64's signal frame at least $b (rt_sigframe, FP/SIMD"* ]]
	for n in 1024 $((b - 1)); do
		run -1 --separate-stderr "${q[@]}" "$d/uexec" "set=51=$n" "$d/auxv" --check --json
		[ "$(result "$output" values)" = FAIL ]
		[[ "$(evidence "$output" values)" == "AT_MINSIGSTKSZ $n; arm64's signal frame at least $b ("*"): the frame alone is larger; "* ]]
		values_only "$out" "$output"
	done
}

@test "arm64 natively, uexec: AT_MINSIGSTKSZ 1024 fails values alone, under the 4720 bytes of the fixed frame" {
	need jq
	native_only "the loader runs natively"
	[ "$("$AUXV" --json -k AT_PAGESZ | jq -r .arch)" = aarch64 ] ||
	    skip "auxv is not arm64 (x86's bound: check/values.bats, uexec)"
	[ -x "${UEXEC:-}" ] || skip "no uexec helper built"
	st=$BUILD_DIR/tests/bench/auxv-static
	[ -x "$st" ] || skip "no static auxv built (tests/bench)"
	[ "$(readelf_h "$st" Type)" = EXEC ] || skip "static auxv is a PIE"
	run --separate-stderr "$UEXEC" set=51=1048576 "$st" --check --json
	[ "$(result "$output" values)" = ok ]
	out=$output
	run -1 --separate-stderr "$UEXEC" set=51=1024 "$st" --check --json
	[ "$(result "$output" values)" = FAIL ]
	[[ "$(evidence "$output" values)" == "AT_MINSIGSTKSZ 1024; arm64's signal frame at least "*"): the frame alone is larger; "* ]]
	values_only "$out" "$output"
}
