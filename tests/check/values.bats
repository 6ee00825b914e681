# --check's values rule: AT_RSEQ_*, AT_FLAGS and AT_MINSIGSTKSZ as a
# kernel gives them, saved, live and in a vector replaced since exec.

load ../common
load check
load hooks

# start_uexec FAULT: uexec FAULT loads the static auxv, which then waits
# (-f of a FIFO no one opens for writing): a process whose vector uexec
# made, on its stack and in /proc/PID/auxv alike (PR_SET_MM_MAP), as
# BG_PID once /proc/PID/auxv's AT_ENTRY is the program's (readelf).
start_uexec() {
	uexec_ready
	need setauxv
	local entry i
	entry=$(($(readelf_h "$st" "Entry point address")))
	rm -f "$BATS_TEST_TMPDIR/fifo"
	mkfifo "$BATS_TEST_TMPDIR/fifo"
	start_bg "$UEXEC" "$1" "$st" -f "$BATS_TEST_TMPDIR/fifo"
	for i in $(seq 200); do
		pyvec "/proc/$BG_PID/auxv" 8 | grep -qx "9 $entry" && return
		sleep 0.05
	done
	echo "uexec did not load $st: $(cat "$BATS_TEST_TMPDIR/bg.out")"
	return 1
}

# --- A PID's vector made elsewhere (src/check.c's provenance table) ---
# A process may replace its /proc/PID/auxv with PR_SET_MM_MAP (no
# capability), as CRIU's restorer does: where the vector at its
# startstack is another, nothing FAILs on it.  The oracle: python3 walks
# the stack from stat's startstack (oracle.py stackvec).
# bats test_tags=slow
@test "a PID whose vector was replaced by PR_SET_MM_MAP, its stack not: said, nothing fails" {
	need jq
	native_only "reads another process"
	[ "$(shell_ws)" = 8 ] || skip "the oracle walks a 64-bit stack"
	hw=$(shell_pairs | awk '$1 == 16 { print $2 }')
	# An AT_CLKTCK no kernel gives, and an AT_HWCAP bit (30) this CPU's
	# cpuinfo may lack: each would fail a vector the kernel made so.
	start_odd setauxv 17=1000 "16=$((hw | 1 << 30))"
	grep -q renamed "$BATS_TEST_TMPDIR/bg.out" ||
	    skip "PR_SET_MM_MAP refused: $(cat "$BATS_TEST_TMPDIR/bg.out")"
	# The kernel's view: /proc/PID/auxv is the new vector, the stack
	# still holds exec's.
	pyvec "/proc/$BG_PID/auxv" 8 | grep -qx '17 1000'
	[ "$(python3 "$TESTS_DIR/oracle.py" stackvec "$BG_PID")" = differs ]
	run -0 --separate-stderr "$AUXV" --check --json "$BG_PID"
	[ "$(fails "$output")" = "" ]
	[ "$(verdict "$output" clktck)" = "no data: AT_CLKTCK 1000; USER_HZ $(getconf CLK_TCK) $WHY_VEC" ]
	[[ "$(verdict "$output" layout)" == "no data: startstack 0x"*", then at 0x"*" another vector $WHY_VEC" ]]
}

# A vector wrong from exec, stack and /proc/PID/auxv alike (uexec's, by
# PR_SET_MM_MAP before the program ran): checked as any other, but the
# rules held to this machine (hwcap, pagesz, platform, and the entries
# that depend on the kernel's version) confirm a PID's, never fail it:
# a restore carries another machine's vector.  A rule every kernel obeys
# (clktck) fails.
# bats test_tags=slow
@test "a PID whose vector uexec made wrong: this CPU's HWCAP and this kernel's entries said, not failed; USER_HZ and the AT_RSEQ_* pair held" {
	need jq
	native_only "reads another process"
	grep -qw ia64 /proc/cpuinfo && skip "this CPU lists ia64"
	hw=$(shell_pairs | awk '$1 == 16 { print $2 }')
	# IA64 (CPUID.1:EDX bit 30), which no x86-64 CPU's cpuinfo lists,
	# and AT_RSEQ_ALIGN (28) dropped where this kernel gives it.
	start_uexec "set=16=$((hw | 1 << 30)),drop=28"
	[ "$(python3 "$TESTS_DIR/oracle.py" stackvec "$BG_PID")" = same ]
	run --separate-stderr "$AUXV" --check --json "$BG_PID"
	local here="(a PID's vector may be another machine's, by a restore or PR_SET_MM_MAP)"
	# AT_RSEQ_FEATURE_SIZE without AT_RSEQ_ALIGN is no kernel's at all.
	if shell_pairs | grep -q '^28 '; then
		[ "$status" -eq 1 ]
		[ "$(fails "$output")" = values ]
		[[ "$(evidence "$output" values)" == "AT_RSEQ_FEATURE_SIZE without AT_RSEQ_ALIGN; "* ]]
		[[ "$(evidence "$output" entries)" == *"no data for AT_RSEQ_ALIGN (a PID's vector may be another machine's, by a restore or PR_SET_MM_MAP: they depend on the kernel's version or build)" ]]
	else
		[ "$status" -eq 0 ]
	fi
	[ "$(rule_field "$output" hwcap r)" = "no data" ]
	[[ "$(evidence "$output" hwcap)" == "AT_HWCAP $(printf '0x%x' $((hw | 1 << 30)))"*"+ia64"*" $here" ]]
	stop_bg
	start_uexec set=17=1000
	run -1 --separate-stderr "$AUXV" --check --json "$BG_PID"
	[ "$(fails "$output")" = clktck ]
	[ "$(evidence "$output" clktck)" = "AT_CLKTCK 1000; USER_HZ $(getconf CLK_TCK)" ]
	# uexec's exe link and mappings, the program's startcode (stat's
	# field 26, which uexec set): the headers and entry rest on a file
	# that is not the program's.
	python3 - "$BG_PID" <<'PY'
import os, sys
pid = sys.argv[1]
sc = int(open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()[23])
ino = os.stat(f"/proc/{pid}/exe").st_ino
for l in open(f"/proc/{pid}/maps"):
    lo, hi = (int(x, 16) for x in l.split()[0].split("-"))
    assert not (lo <= sc < hi and int(l.split()[4]) == ino), l
PY
	[[ "$(verdict "$output" phdr)" == "no data: AT_PHENT "*" $WHY_EXE" ]]
	[[ "$(verdict "$output" entry)" == "no data: AT_ENTRY "*" $WHY_EXE" ]]
	# AT_BASE (uexec sets 0 for the static program) against where the
	# exe link's interpreter (readelf) is mapped: its first mapping of
	# the file, offset 0, is where load_elf_interp put it.
	local interp lo
	interp=$(readelf -l "$UEXEC" | sed -n 's/.*Requesting program interpreter: \(.*\)]/\1/p')
	lo=$(awk -v ino="$(stat -L -c %i "$interp")" '$5 == ino && $3 == "00000000" { sub(/-.*/, "", $1); print "0x" $1; exit }' "/proc/$BG_PID/maps")
	[ -n "$lo" ]
	[ "$(verdict "$output" base)" = "no data: AT_BASE 0x0; $interp mapped at $lo (AT_BASE $lo there), not at AT_BASE $WHY_EXE" ]
}

# values: bounds every kernel obeys, on values no other rule reads.
# AT_RSEQ_FEATURE_SIZE is offsetof(struct rseq, end) (28 from 6.3, 33 in
# 7.3's include/uapi/linux/rseq.h), AT_RSEQ_ALIGN __alignof__(struct
# rseq), 32, then 7.3's rseq_alloc_align(), the size's next power of
# two; the two come together (fs/binfmt_elf.c create_elf_tables).
# bats test_tags=slow
@test "values, saved: AT_RSEQ_* as each kernel gives them hold; an alignment not a power of two of 32 or more, a size under 28, one without the other fail" {
	local T=$BATS_TEST_TMPDIR v
	for v in "28 32" "33 64" "200 256"; do
		# shellcheck disable=SC2086
		mkraw_own "$T/v.raw" 6 4096 8 0 27 ${v% *} 28 ${v#* }
		run --separate-stderr "$AUXV" --check --json -f "$T/v.raw"
		[ "$(rule_field "$output" values r)" = ok ]
		[ "$(evidence "$output" values)" = "AT_RSEQ_FEATURE_SIZE ${v% *}, AT_RSEQ_ALIGN ${v#* }; AT_FLAGS 0x0" ]
	done
	for v in "28 3" "28 16" "28 48" "20 32"; do
		# shellcheck disable=SC2086
		mkraw_own "$T/v.raw" 6 4096 27 ${v% *} 28 ${v#* }
		run -1 --separate-stderr "$AUXV" --check --json -f "$T/v.raw"
		[ "$(rule_field "$output" values r)" = FAIL ]
		[[ "$(evidence "$output" values)" == "AT_RSEQ_FEATURE_SIZE ${v% *}, AT_RSEQ_ALIGN ${v#* }: the "* ]]
	done
	mkraw_own "$T/v.raw" 6 4096 28 32
	run -1 --separate-stderr "$AUXV" --check --json -f "$T/v.raw"
	[ "$(evidence "$output" values)" = "AT_RSEQ_ALIGN without AT_RSEQ_FEATURE_SIZE" ]
	mkraw_own "$T/v.raw" 6 4096 27 28
	run -1 --separate-stderr "$AUXV" --check --json -f "$T/v.raw"
	[ "$(evidence "$output" values)" = "AT_RSEQ_FEATURE_SIZE without AT_RSEQ_ALIGN" ]
	mkraw_own "$T/v.raw" 6 4096
	run --separate-stderr "$AUXV" --check --json -f "$T/v.raw"
	[ "$(rule_field "$output" values r)" = "no data" ]
}

# AT_FLAGS: bit 0 is AT_FLAGS_PRESERVE_ARGV0 (include/uapi/linux/
# binfmts.h), said; another bit no kernel up to the tables' sets, but a
# save's kernel is unknown: no data.  AT_MINSIGSTKSZ has no bound
# without the CPU the vector was made for.
# bats test_tags=slow
@test "values, saved: AT_FLAGS bit 0 said, another bit no data; AT_MINSIGSTKSZ 1 no FAIL" {
	local T=$BATS_TEST_TMPDIR
	mkraw_own "$T/v.raw" 6 4096 8 1 51 1
	run --separate-stderr "$AUXV" --check --json -f "$T/v.raw"
	[ "$(rule_field "$output" values r)" = ok ]
	[ "$(evidence "$output" values)" = "AT_MINSIGSTKSZ 1; AT_FLAGS 0x1 (AT_FLAGS_PRESERVE_ARGV0: binfmt_misc kept argv[0])" ]
	mkraw_own "$T/v.raw" 6 4096 8 129
	run --separate-stderr "$AUXV" --check --json -f "$T/v.raw"
	[ "$(rule_field "$output" values r)" = "no data" ]
	[[ "$(evidence "$output" values)" == "AT_FLAGS 0x81 (AT_FLAGS_PRESERVE_ARGV0: binfmt_misc kept argv[0]): 0x80 no bit of Linux "*", and the kernel that made the vector is unknown" ]]
}

# kernel_newer: whether the running kernel is newer than the tables'
# (hwcap.h's TABLES_LINUX, gentables.py's reading of the tree's Makefile).
kernel_newer() {
	local t k
	t=$(sed -n 's/^#define TABLES_LINUX //p' "$TESTS_DIR/../src/hwcap.h")
	k=$(uname -r | awk -F'[.-]' '{ print $1 * 1000 + $2 }')
	[ "$k" -gt "$t" ]
}

# bats test_tags=slow
@test "values, self (a userland exec): AT_FLAGS 128 fails on a kernel no newer than the tables; AT_MINSIGSTKSZ under the XSAVE area fails" {
	need jq
	need_cpuid
	local ebx
	uexec_ready
	uexec_check set=8=128
	if kernel_newer; then
		[ "$(rule_field "$output" values r)" = "no data" ]
		[[ "$(evidence "$output" values)" == *"AT_FLAGS 0x80: 0x80 no bit of Linux "*", and this kernel is newer or unknown" ]]
	else
		[ "$status" -eq 1 ]
		[ "$(fails "$output")" = values ]
		[[ "$(evidence "$output" values)" == *"AT_FLAGS 0x80: 0x80 no bit of Linux "* ]]
	fi
	# CPUID.1:ECX bit 27, OSXSAVE: the kernel enabled XSAVE; leaf 0xD's
	# EBX, the XSAVE area of the features XCR0 enables.
	[ $(($(cpuid_reg 1 2) >> 27 & 1)) -eq 1 ] || skip "XSAVE not enabled"
	ebx=$(cpuid_reg 13 1)
	uexec_check "set=51=$((ebx - 1))"
	[ "$status" -eq 1 ]
	[ "$(fails "$output")" = values ]
	[[ "$(evidence "$output" values)" == *"AT_MINSIGSTKSZ $((ebx - 1)); CPUID.(EAX=0DH):EBX $ebx: the XSAVE area alone is larger"* ]]
	uexec_check "set=51=$ebx"
	[ "$(rule_field "$output" values r)" = ok ]
}

# bats test_tags=slow
@test "values, a PID whose vector uexec made: AT_MINSIGSTKSZ under the XSAVE area said, not failed; AT_RSEQ_ALIGN 3 fails" {
	need jq
	native_only "reads another process"
	need_cpuid
	local ebx
	[ $(($(cpuid_reg 1 2) >> 27 & 1)) -eq 1 ] || skip "XSAVE not enabled"
	ebx=$(cpuid_reg 13 1)
	start_uexec "set=51=$((ebx - 1))"
	run -0 --separate-stderr "$AUXV" --check --json "$BG_PID"
	[ "$(rule_field "$output" values r)" = "no data" ]
	[[ "$(evidence "$output" values)" == *"AT_MINSIGSTKSZ $((ebx - 1)); CPUID.(EAX=0DH):EBX $ebx: the XSAVE area alone is larger (a PID's vector may be another machine's, by a restore or PR_SET_MM_MAP)"* ]]
	stop_bg
	start_uexec set=27=28,set=28=3
	run -1 --separate-stderr "$AUXV" --check --json "$BG_PID"
	[ "$(fails "$output")" = values ]
}
