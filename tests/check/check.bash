# Shared by the files of tests/check/ (auxv --check: each rule held
# against independent oracles, readelf, /proc/PID/maps and status,
# getconf, python3 struct, natively, under qemu-user, and on vectors made
# wrong one fault at a time) and by probe.bats: reading --check --json
# output, this shell's vector and crafted ones, the userland exec, the
# CPUID oracle.  Each file of tests/check/ runs check_setup and the other
# hooks below from its own setup, teardown, setup_file and teardown_file.

# --check --json output $1 (one source) parsed once, by one jq, into
# $BATS_TEST_TMPDIR/checks: a line a rule, its name, result and evidence
# (jq's @tsv), which fails, evidence and verdict read with the shell's
# read: a jq each took a tenth of a second on a busy machine.
parse_checks() {
	local f=$BATS_TEST_TMPDIR/checks
	[ -e "$f.json" ] && [ "$(<"$f.json")" = "$1" ] && return
	printf '%s' "$1" >"$f.json"
	jq -r '.checks[] | [.name, .result, .evidence] | @tsv' <<<"$1" >"$f"
}

# The names of the rules that fail, from --check --json output $1.
fails() {
	local n r e out=
	parse_checks "$1"
	while IFS=$'\t' read -r n r e; do
		[ "$r" != FAIL ] || out+=${out:+ }$n
	done <"$BATS_TEST_TMPDIR/checks"
	printf '%s\n' "$out"
}

# The result ($3 r) or evidence ($3 e) of rule $2 in output $1.
rule_field() {
	local n r e
	parse_checks "$1"
	while IFS=$'\t' read -r n r e; do
		[ "$n" != "$2" ] || printf '%b\n' "${!3}"
	done <"$BATS_TEST_TMPDIR/checks"
}

# The evidence of rule $2 in --check --json output $1.
evidence() {
	rule_field "$1" "$2" e
}

# The result of rule $2 in --check --json output $1.
result() {
	rule_field "$1" "$2" r
}

# This shell's vector, /proc/$$/auxv: words of its long (getconf
# LONG_BIT), in the host's byte order; SHELL_VEC the options that read a
# save of it as such, whatever auxv's own build (an emulator's guest
# reads a raw file in its own word size and order).
shell_ws() {
	echo $(($(getconf LONG_BIT) / 8))
}

shell_order() {
	python3 -c 'import sys; print(sys.byteorder)'
}

shell_vec_opts() {
	SHELL_VEC=(--arch "$(uname -m)" --word-size "$(shell_ws)"
	    --endian "$(shell_order)")
}

# shell_pairs: this shell's vector as "type value" lines (oracle.py).
shell_pairs() {
	pyvec "/proc/$$/auxv" "$(shell_ws)" "$(shell_order)"
}

# Writes $BATS_TEST_TMPDIR/v.raw: our shell's own vector, as the kernel
# gave it (oracle.py), changed by the python statements $1 on the
# list v of [type, value] pairs; CRAFTED the options that read it.
crafted() {
	shell_vec_opts
	python3 - "$1" "$BATS_TEST_TMPDIR/v.raw" "/proc/$$/auxv" \
	    "$(shell_ws)" "$(shell_order)" <<'EOF'
import sys
from mkfixture import Elf
from oracle import pairs_of
ws, order = int(sys.argv[4]), sys.argv[5]
v = [list(p) for p in pairs_of(sys.argv[3], ws, order)]
exec(sys.argv[1])
open(sys.argv[2], "wb").write(Elf(ws, order).vector(v))
EOF
	CRAFTED=("${SHELL_VEC[@]}" -f "$BATS_TEST_TMPDIR/v.raw")
}

# load_bias EXE MAPS [COPY]: where MAPS has EXE's first page, less its
# first PT_LOAD's page (ELF gABI: PT_LOADs ascend by p_vaddr), in hex;
# readelf reads COPY, where EXE is another mount namespace's.
load_bias() {
	printf '0x%x' $((0x$(grep -m1 " $1\$" <<<"$2" | sed 's/-.*//') -
	    ($(readelf -lW "${3:-$1}" | awk '$1 == "LOAD" { print $3; exit }') &
	    ~($(getconf PAGESIZE) - 1))))
}

# Under qemu-user (the cross stage of .ci/run; FINDINGS.md) the cases
# that read other processes (a PID, -a: they are the host's), trace one
# (-e: no ptrace) or run auxv under another tool or as a copy skip,
# saying why; each by its name's start, those to come too.
check_setup() {
	case $BATS_TEST_DESCRIPTION in
	"a PID"* | "-a"* | "as nobody"*)
		native_only "reads other processes (or its own through /proc/PID)" ;;
	"-e"* | "a program whose"*)
		native_only "-e needs ptrace" ;;
	"procauxv: /proc/self/auxv by path"*)
		native_only "natively only: qemu serves the guest's vector by path alone" ;;
	"qemu-user"* | "valgrind"* | "proot"* | "self run by the dynamic loader"* | \
	    "self in secure mode"* | "a static auxv"*)
		native_only "runs auxv under another tool or as a copy" ;;
	esac
}

check_teardown() {
	stop_bg
	[ -z "${EXTRA_PIDS:-}" ] || kill $EXTRA_PIDS 2>/dev/null || true
}

# The cases run as nobody run copies in $NOBODY_DIR (common.bash).
check_setup_file() {
	nobody_setup
}

check_teardown_file() {
	nobody_teardown
}

need_x86_64() {
	[ "$(uname -m)" = x86_64 ] || skip "not an x86-64 machine"
}

# The reasons of check.c's provenance table: a FAIL that rests on a fact
# a process may change after exec is no data, naming it, one per row.
WHY_MEM="(a process's memory: it may have changed since exec)"
WHY_MAPS="(a process's memory map: munmap, mremap or mmap may have changed it since exec)"
WHY_PATH="(the file at a path now: a rename, an upgrade, a link flipped, chroot or chdir may have changed it since exec)"
WHY_IDS="(a process's IDs: setuid and kin may have changed them since exec)"
WHY_SEEN="(changed since exec)"
WHY_STAT="(stat's startstack and arg_start: PR_SET_MM may have set them since exec)"
WHY_VEC="(/proc/PID/auxv is not the vector at stat's startstack: PR_SET_MM_MAP set one of them since exec)"
WHY_EXE="(stat's startcode is in no mapping of the exe link's file: the process runs another program than exec gave it: a userland exec, PR_SET_MM)"

# The rules that may say other than ok for self on this machine, as
# RULE:RESULT words: none natively, but where the machine maps no vDSO
# (vdso=0: sysinfo and vdso-image have no data, saying so); under
# qemu-user (the cross stage of .ci/run, FINDINGS.md) its vector lacks
# entries the kernel gives and /proc/thread-self/auxv is the host's
# (entries and procauxv fail), a guest may have no vDSO, and the host's
# /proc/cpuinfo has no flags of another architecture's (hwcap); a guest
# without probe stubs has no hwcap-run, and qemu-aarch64 7.2 claims DCPOP
# yet refuses dc cvap (probe.bats holds each verdict to the installed
# qemu).
self_not_ok() {
	if has native; then
		grep -q '\[vdso\]' /proc/self/maps ||
		    echo "sysinfo:no_data vdso-image:no_data"
		# hwcap-base: x86-64's vectors alone.
		[ "$(uname -m)" = x86_64 ] || echo "hwcap-base:no_data"
		# hwcap-deps: arm64's and x86-64's tables alone.
		case $(uname -m) in
		x86_64 | aarch64) ;;
		*) echo "hwcap-deps:no_data" ;;
		esac
	else
		echo "entries:FAIL procauxv:FAIL vdso-image:no_data" \
		    "sysinfo:no_data hwcap:no_data platform:no_data" \
		    "hwcap-run:no_data hwcap-run:FAIL hwcap-base:no_data" \
		    "hwcap-deps:no_data"
	fi
}

# unsanitized TOOL: skips where $AUXV is built with ASan, which reserves
# its shadow memory where an emulator or loader (TOOL) cannot give it.
unsanitized() {
	! ldd "$AUXV" 2>/dev/null | grep -q libasan ||
	    skip "a sanitized build does not run under $1"
}

# The result and evidence of rule $2 in --check --json output $1, as
# "RESULT: EVIDENCE".
verdict() {
	printf '%s: %s\n' "$(rule_field "$1" "$2" r)" "$(evidence "$1" "$2")"
}

# The static auxv started by tests/exec/uexec with a vector of uexec's
# making, one fault injected (FEX-Emu#788's bugs, one at a time).
#
# Where uexec may not make /proc/self/auxv the program's vector
# (PR_SET_MM_MAP refused: a kernel without CONFIG_CHECKPOINT_RESTORE, and
# no CAP_SYS_RESOURCE for PR_SET_MM_AUXV), procauxv fails each run,
# truly: there it is taken out of $output, and the cases of its own say
# what it finds.
uexec_check() {
	uexec_ready
	run --separate-stderr "$UEXEC" "$1" "$st" --check --json
	uexec_output
}

uexec_output() {
	if ! has setauxv && [ "$status" -le 1 ] && [ -n "$output" ]; then
		output=$(jq -c '.checks |= map(select(.name != "procauxv"))' \
		    <<<"$output")
		[ "$(jq '[.checks[] | select(.result == "FAIL")] | length' \
		    <<<"$output")" -gt 0 ] || status=0
	fi
}

# The oracles of x86's hwcap: CPUID as tests/exec/cpuid reads it (run
# under $CPUID_WRAP, qemu-x86_64 say, for an emulator's), and the words
# of a cpuinfo file's flags line by the names of Linux's
# arch/x86/include/asm/cpufeatures.h (word 0, CPUID.1:EDX; "-": none).
X86_EDX=(fpu vme de pse tsc msr pae mce cx8 apic - sep mtrr pge mca cmov pat
    pse36 pn clflush - dts acpi mmx fxsr sse sse2 ss ht tm ia64 pbe)

need_cpuid() {
	[ -x "${CPUID:-}" ] || skip "no cpuid helper built (an x86 build)"
}

# cpuid_reg LEAF N: register N (0 EAX .. 3 EDX) of CPUID leaf LEAF.
cpuid_reg() {
	local r
	r=($(${CPUID_WRAP:-} "$CPUID" "$1")) || return 1
	echo $((r[$2]))
}

# --- Facts the process may change after exec (issue 45) -------------------
#
# Read by the cases of exe.bats, base.bats and ids.bats: a PID's root,
# directory, the files at its paths and its mappings may have changed
# since its exec; a path looked up now may confirm the vector, never fail
# it.  Each case a process a real system runs, the kernel's vector read
# by python3 (oracle.py), maps, exe and uid_map the other side.

# ws_of PID: the process's word size, from its executable's EI_CLASS.
ws_of() {
	python3 -c 'import sys; print(4 * open(sys.argv[1], "rb").read(5)[4])' \
	    "/proc/$1/exe"
}

# at_of PID TYPE: the value of TYPE in the kernel's vector of PID, in hex.
at_of() {
	printf '0x%x' "$(pyvec "/proc/$1/auxv" "$(ws_of "$1")" |
	    awk -v t="$2" '$1 == t { print $2 }')"
}

# same_inode A B: A and B are one file (python3's stat).
same_inode() {
	python3 -c 'import os, sys
a, b = os.stat(sys.argv[1]), os.stat(sys.argv[2])
sys.exit((a.st_dev, a.st_ino) != (b.st_dev, b.st_ino))' "$1" "$2"
}

# wait_out WORD: bg.out says WORD within 5 s.
wait_out() {
	for _ in $(seq 100); do
		grep -q "$1" "$BATS_TEST_TMPDIR/bg.out" && return 0
		sleep 0.05
	done
	return 1
}

# nobody CMD...: CMD run as the user nobody (common.bash's NOBODY).
nobody() {
	"${NOBODY[@]}" "$@"
}
