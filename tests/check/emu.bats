# --check of auxv run under tools that give it a vector of their making:
# qemu-user, valgrind, proot, and a loader that builds qemu-arm's stack.

load ../common
load check
load hooks

# absent_given EVIDENCE RAW: each "AT_X absent" of entries' EVIDENCE is
# an entry the kernel gave this shell and RAW, an emulator's vector,
# lacks (numbers of include/uapi/linux/auxvec.h and asm/auxvec.h); at
# least one.
absent_given() {
	local name t n=0 native got
	declare -A num=([AT_MINSIGSTKSZ]=51 [AT_HWCAP2]=26 \
	    [AT_RSEQ_FEATURE_SIZE]=27 [AT_RSEQ_ALIGN]=28 [AT_SYSINFO_EHDR]=33)
	native=$(pyvec "/proc/$$/auxv" 8 | cut -d' ' -f1)
	got=$(pyvec "$2" 8 | cut -d' ' -f1)
	for name in $(grep -o 'AT_[A-Z0-9_]* absent' <<<"$1" | cut -d' ' -f1); do
		t=${num[$name]}
		[ -n "$t" ]
		! grep -qx "$t" <<<"$got"
		grep -qx "$t" <<<"$native"
		n=$((n + 1))
	done
	[ "$n" -ge 1 ]
}

# bats test_tags=slow
@test "qemu-user: the emulator's vector lacks entries the kernel gives" {
	need_x86_64
	need jq
	command -v qemu-x86_64 >/dev/null || skip "no qemu-x86_64 (qemu-user)"
	# ASan reserves its shadow memory where qemu-user cannot give it.
	unsanitized qemu-user
	qemu-x86_64 "$AUXV" --version >/dev/null 2>&1 ||
	    skip "qemu-x86_64 cannot run $AUXV here"
	run -1 --separate-stderr qemu-x86_64 "$AUXV" --check --json
	# Debian 12's qemu 7.2: AT_MINSIGSTKSZ, AT_HWCAP2 and the AT_RSEQ
	# pair are not given; no vDSO is mapped, so none is wanted.
	# It serves the guest's vector at /proc/self/auxv, but not at
	# /proc/thread-self/auxv, which is the host's file, qemu's own (the
	# other ways: the issue 48 case below).
	[ "$(fails "$output")" = "entries procauxv" ]
	[[ "$(evidence "$output" procauxv)" == "/proc/thread-self/auxv differs from the vector in memory from entry "* ]]
	qemu-x86_64 "$AUXV" -o raw >"$BATS_TEST_TMPDIR/q.raw"
	# Its AT_HWCAP is its model CPU's CPUID (tests/exec/cpuid run under
	# it), and /proc/cpuinfo the host's: that one set aside, saying why
	# (the host's flags or family that the model's CPUID lacks).
	hw=$(pyvec "$BATS_TEST_TMPDIR/q.raw" 8 | awk '$1 == 16 { print $2 }')
	if [ -x "${CPUID:-}" ]; then
		[ "$hw" -eq "$(CPUID_WRAP=qemu-x86_64 cpuid_reg 1 3)" ]
		[ "$hw" -ne "$(cpuid_reg 1 3)" ] ||
		    [ "$(CPUID_WRAP=qemu-x86_64 cpuid_reg 1 0)" -ne "$(cpuid_reg 1 0)" ]
	fi
	[[ "$(evidence "$output" hwcap)" == "AT_HWCAP $(printf '0x%x' "$hw"); /proc/cpuinfo 0x"+([0-9a-f])" set aside: not the CPU this process sees ("*"); CPUID.1:EDX $(printf '0x%x' "$hw")" ]]
	absent_given "$(evidence "$output" entries)" "$BATS_TEST_TMPDIR/q.raw"
}

# valgrind (FINDINGS.md) runs the program on a client stack of its own, a
# mapping not labelled [stack], and turns the entries it does not handle
# into AT_IGNORE, several of them.
# bats test_tags=slow
@test "valgrind: its client stack holds the strings, AT_IGNORE repeats; the entries it hides, its AT_RANDOM and thread-self fail" {
	need jq
	command -v valgrind >/dev/null || skip "no valgrind"
	unsanitized valgrind
	run -1 --separate-stderr valgrind -q --tool=none "$AUXV" --check --json
	# Besides, true of it: its AT_RANDOM bytes above the argument
	# strings, and /proc/thread-self/auxv the host's file (it serves the
	# client's vector at /proc/self/auxv and /proc/PID/auxv only).
	[ "$(fails "$output")" = "entries layout procauxv" ]
	[[ "$(evidence "$output" layout)" =~ \;\ AT_RANDOM\ 0x[0-9a-f]+\ not\ between\ the\ vector\'s\ end ]]
	[[ "$(evidence "$output" procauxv)" == "/proc/thread-self/auxv differs"* ]]
	[ "$(rule_field "$output" stack r)" = ok ]
	valgrind -q --tool=none "$AUXV" -o raw >"$BATS_TEST_TMPDIR/vg.raw"
	[ "$(pyvec "$BATS_TEST_TMPDIR/vg.raw" 8 | awk '$1 == 1' | wc -l)" -ge 1 ]
	[[ "$(evidence "$output" entries)" != *twice* ]]
	absent_given "$(evidence "$output" entries)" "$BATS_TEST_TMPDIR/vg.raw"
}

# proot 5.1 (FINDINGS.md) runs the program by a loader of its own and
# leaves /proc/self/auxv the loader's vector: a true finding, and the
# only one.
# bats test_tags=slow
@test "proot: /proc/self/auxv is its loader's vector: procauxv fails alone, naming where it differs" {
	need jq
	command -v proot >/dev/null || skip "no proot"
	unsanitized proot
	run --separate-stderr proot "$AUXV" --check --json
	[ -n "$output" ] || skip "proot cannot run here: $stderr"
	[ "$status" -eq 1 ]
	[ "$(fails "$output")" = procauxv ]
	# The other ways read the same saved vector (and thread-self the
	# host's): each is named after it.
	[[ "$(evidence "$output" procauxv)" =~ ^/proc/self/auxv\ differs\ from\ the\ vector\ in\ memory\ from\ entry\ [0-9]+\ \(type\ [0-9]+\)(\;\ |$) ]]
	# The oracle, in one process under proot: glibc's getauxval(AT_ENTRY),
	# python's entry, is not what its /proc/self/auxv says, the loader's
	# (python3 ctypes and oracle.py; AT_PHDR may be the same, where
	# python is linked at the loader's address).
	run -0 proot python3 -c 'import ctypes, struct
from oracle import pairs_of
g = ctypes.CDLL(None).getauxval
g.restype = ctypes.c_ulong
f = dict(pairs_of("/proc/self/auxv", struct.calcsize("P"), "="))
print(g(9) != f.get(9))'
	[ "$output" = True ]
}

# 32-bit ARM under a loader that built the program's stack below its
# own (tests/exec/armshim.S, under qemu-arm): glibc's _start wrote
# argv's address over argc, and startstack is the loader's.  The
# oracle: the arguments and variables given.
# bats test_tags=full
@test "qemu-arm: self on a stack a loader built, argc written over by libc's _start: layout holds" {
	local d=$BATS_TEST_TMPDIR t=arm-linux-gnueabihf
	local src=${TESTS_DIR:-$BATS_TEST_DIRNAME}
	need jq
	command -v qemu-arm-static >/dev/null || skip "no qemu-arm-static (qemu-user-static)"
	command -v "$t-gcc" >/dev/null || skip "no $t-gcc (gcc-$t)"
	"$t-gcc" -static -std=gnu11 -O0 -D_GNU_SOURCE -DAUXV_VERSION='"guest"' \
	    -o "$d/auxv" $(probe_srcs "$t") "$src/exec/armshim.S" \
	    -Wl,-e,shim_start -lpthread >"$d/cc.log" 2>&1 ||
	    skip "$t-gcc cannot build a static auxv: $(grep -m1 error "$d/cc.log")"
	run --separate-stderr env -i A=1 B=2 qemu-arm-static "$d/auxv" --check --json
	[ "$status" -le 1 ]
	[[ " $(fails "$output") " != *" layout "* ]]
	[[ "$(verdict "$output" layout)" =~ ^ok:\ argc\ 3\ at\ 0x([0-9a-f]+),\ 2\ envp\ pointers,\ the\ vector\ at\ 0x([0-9a-f]+)\; ]]
	# argc, 3 pointers and their NULL, 2 and theirs: 8 words of 4 bytes.
	[ $((0x${BASH_REMATCH[2]} - 0x${BASH_REMATCH[1]})) -eq 32 ]
}
