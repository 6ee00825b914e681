# --check's rules of the process's memory: sysinfo and vdso-image (the
# vDSO unmapped or moved), stack and layout (the strings, argv and envp,
# arg_start), and how /proc/PID/maps is read.

load ../common
load check
load hooks

# bats test_tags=slow
@test "a PID with more mappings than --check keeps: [stack] and [vdso] still found" {
	need jq
	# 6,000 pages of alternating protection: as many mappings, more
	# than the 4,096 that --check keeps, all below [stack] and [vdso].
	start_bg python3 -c '
import ctypes, mmap, signal
pg = mmap.PAGESIZE
m = mmap.mmap(-1, 6000 * pg, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)
a = ctypes.addressof(ctypes.c_char.from_buffer(m))
for i in range(0, 6000, 2):
    if ctypes.CDLL(None).mprotect(ctypes.c_void_p(a + i * pg), pg, 1):
        raise SystemExit("mprotect failed")
print("mapped", flush=True)
signal.pause()'
	for _ in $(seq 100); do
		! grep -q mapped "$BATS_TEST_TMPDIR/bg.out" || break
		sleep 0.05
	done
	maps=$(cat "/proc/$BG_PID/maps")
	run -0 --separate-stderr "$AUXV" --check --json "$BG_PID"
	stop_bg
	[ "$(wc -l <<<"$maps")" -gt 6000 ]
	[ "$(fails "$output")" = "" ]
	stack=$(grep ' \[stack\]$' <<<"$maps" | sed 's/ .*//')
	[ "$(evidence "$output" stack)" = "[stack] 0x${stack%-*}-0x${stack#*-} holds AT_RANDOM, AT_EXECFN and the platform strings" ]
	jq -e '.checks[] | select(.name == "sysinfo") | .result == "ok"' \
	    <<<"$output"
}

# bats test_tags=slow
@test "a PID mapping a file whose maps line is longer than --check's buffer: the line's tail is never a line of its own" {
	need jq
	local maps exe long fake
	# A path of more than PATH_MAX bytes, which the kernel prints whole in
	# maps: its last component ends in zeros and the text of a maps line
	# that names python3's executable at 0x1000.  The line's tail, cut
	# anywhere in the zeros (read_maps cuts at byte 4,351: PATH_MAX + 256
	# - 1), read as a line would be the executable's lowest mapping: a
	# false load bias, phdr and entry failed.
	start_bg python3 -c '
import mmap, os, signal, sys
from mkfixture import deep_dir
st = os.stat("/proc/self/exe")
fake = "1000-2000 r--p 00000000 %02x:%02x %d x" % (
    os.major(st.st_dev), os.minor(st.st_dev), st.st_ino)
# A path starts at byte 73 of a 64-bit maps line: the zeros at 4,300.
d, path = deep_dir(sys.argv[1], 4300 - 73 + 180 + len(fake), 180 + len(fake))
name = "f" * (4300 - 73 - len(path) - 1) + "0" * 180 + fake
fd = os.open(name, os.O_RDWR | os.O_CREAT, 0o644, dir_fd=d)
os.write(fd, b"x" * 4096)
m = mmap.mmap(fd, 4096, prot=mmap.PROT_READ)
print("mapped", fake, flush=True)
signal.pause()' "$BATS_TEST_TMPDIR"
	for _ in $(seq 100); do
		grep -q mapped "$BATS_TEST_TMPDIR/bg.out" && break
		sleep 0.05
	done
	maps=$(cat "/proc/$BG_PID/maps")
	exe=$(readlink "/proc/$BG_PID/exe")
	run -0 --separate-stderr "$AUXV" --check --json "$BG_PID"
	fake=$(sed -n 's/^mapped //p' "$BATS_TEST_TMPDIR/bg.out")
	stop_bg
	# The line is as made: the zeros from byte 4,300, then the text.
	long=$(awk 'length($0) > 4351' <<<"$maps")
	[ "${long:4300}" = "$(printf '0%.0s' $(seq 180))$fake" ]
	[ "$(fails "$output")" = "" ]
	[[ "$(evidence "$output" entry)" == *" + load bias $(load_bias "$exe" "$maps") (from stat's startcode) = "* ]]
}

# bats test_tags=slow
@test "a PID whose memory map is longer than --check reads (8 MiB): the rules that need it say so" {
	need jq
	local size r
	# 2,300 mappings of one file at a path of 3,900 bytes: 9 MB of maps.
	start_bg python3 -c '
import mmap, os, signal, sys
from mkfixture import deep_dir
d, path = deep_dir(sys.argv[1], 3900, 10)
fd = os.open("f" * (3900 - len(path) - 1), os.O_RDWR | os.O_CREAT, 0o644,
             dir_fd=d)
os.write(fd, b"x" * 4096)
maps = [mmap.mmap(fd, 4096, prot=mmap.PROT_READ) for _ in range(2300)]
print("mapped", flush=True)
signal.pause()' "$BATS_TEST_TMPDIR"
	for _ in $(seq 100); do
		grep -q mapped "$BATS_TEST_TMPDIR/bg.out" && break
		sleep 0.05
	done
	size=$(wc -c <"/proc/$BG_PID/maps")
	run -0 --separate-stderr "$AUXV" --check --json "$BG_PID"
	stop_bg
	# AUXV_CHECK_MAPS_BYTES (src/bounds.h): 8 MiB.
	[ "$size" -gt $((8 << 20)) ]
	[ "$(fails "$output")" = "" ]
	for r in base sysinfo stack; do
		[ "$(verdict "$output" "$r")" = "no data: no memory map" ]
	done
}

@test "crafted: AT_SYSINFO on x86-64 fails sysinfo alone" {
	need_x86_64
	need jq
	crafted 'v.insert(0, [32, 0x1000])'
	run -1 --separate-stderr "$AUXV" --check --json "${CRAFTED[@]}"
	[ "$(fails "$output")" = sysinfo ]
	[[ "$(evidence "$output" sysinfo)" == *"only i386 has it" ]]
}

# ARCH_DLINFO_IA32 (arch/x86/include/asm/elf.h) writes AT_SYSINFO, the
# vDSO's __kernel_vsyscall, with AT_SYSINFO_EHDR, or neither.
# bats test_tags=slow
@test "crafted: an i386 vector with AT_SYSINFO_EHDR but no AT_SYSINFO fails sysinfo" {
	need jq
	local T=$BATS_TEST_TMPDIR
	mkraw "$T/i.raw" 4 '<' 33 0xf7f00000 6 4096 17 100
	run -1 --separate-stderr "$AUXV" --check --json --arch i386 -f "$T/i.raw"
	[ "$(verdict "$output" sysinfo)" = "FAIL: AT_SYSINFO_EHDR 0xf7f00000 without AT_SYSINFO on i386" ]
	mkraw "$T/i.raw" 4 '<' 32 0xf7f00570 33 0xf7f00000 6 4096 17 100
	run --separate-stderr "$AUXV" --check --json --arch i386 -f "$T/i.raw"
	[ "$(verdict "$output" sysinfo)" = "no data: no memory map" ]
	# On x86-64 AT_SYSINFO_EHDR alone is the kernel's.
	mkraw "$T/i.raw" 8 '<' 33 0x7ff000000000 6 4096 17 100
	run --separate-stderr "$AUXV" --check --json --arch x86_64 -f "$T/i.raw"
	[ "$(verdict "$output" sysinfo)" = "no data: no memory map" ]
}

@test "crafted: AT_SYSINFO on a machine no table names fails sysinfo, which says so" {
	need jq
	printf '{"word_size":8,"byte_order":"little","machine":9999,"entries":[{"type":6,"value":4096},{"type":17,"value":100},{"type":32,"value":4096}]}' \
	    >"$BATS_TEST_TMPDIR/j"
	run -1 --separate-stderr "$AUXV" --check --json -f "$BATS_TEST_TMPDIR/j"
	[ "$(fails "$output")" = sysinfo ]
	[ "$(evidence "$output" sysinfo)" = "AT_SYSINFO 0x1000 on this architecture; only i386 has it" ]
}

# auxv's own reads refused: a seccomp filter that refuses
# process_vm_readv (as Docker's default profile does) has auxv copy its
# memory through a pipe; one that refuses pipes too leaves it nothing to
# read its memory with: no data, saying so, never a fault of the stack.
# The oracle: python under the filter is refused a pipe.
@test "seccomp refusing process_vm_readv, then pipes too: layout holds, then has no data, saying auxv could not read" {
	need jq
	native_only "the filter is the guest's: qemu makes the calls"
	[ -x "${NOVMREAD:-}" ] || skip "no novmread helper built"
	run -0 --separate-stderr "$NOVMREAD" "$AUXV" --check --json
	[ "$(fails "$output")" = "" ]
	[ "$(rule_field "$output" layout r)" = ok ]
	run -1 "$NOVMREAD" -s process_vm_readv,pipe python3 -c 'import os; os.pipe()'
	[[ "$output" == *PermissionError* ]]
	run -0 --separate-stderr "$NOVMREAD" -s process_vm_readv,pipe "$AUXV" --check --json
	[ "$(fails "$output")" = "" ]
	[ "$(verdict "$output" layout)" = "no data: auxv could not read the stack" ]
}

# What emulators and userland loaders get wrong in the layout
# (create_elf_tables): argc that does not count the argv pointers, so
# that envp and the vector are looked for in the wrong place; AT_RANDOM
# at another string, or at sixteen zero bytes.
# bats test_tags=slow
@test "uexec: argc not the number of arguments, AT_RANDOM's bytes zero or at the platform string: layout fails alone" {
	need jq
	uexec_ready
	# argc 3 for four arguments: main's envp is argv's fourth pointer,
	# and libc's vector what follows its NULL: three variables, so that
	# the pairs libc reads there end on the real vector (with fewer, or
	# an even number, static glibc's start crashes on what it reads).
	# main's argc, 3, leaves argv's fourth pointer where its NULL goes.
	run --separate-stderr env -i A=1 B=2 C=3 "$UEXEC" argc=3 "$st" \
	    --json --check x
	uexec_output
	[ "$status" -eq 1 ]
	[[ " $(fails "$output") " == *" layout "* ]]
	[ "$(evidence "$output" layout)" = "no NULL after argc argv pointers" ]
	# Zero bytes: random's (its cases at the end).
	uexec_check zerorandom
	[ "$status" -eq 1 ]
	[ "$(fails "$output")" = random ]
	uexec_check randomplat
	[ "$status" -eq 1 ]
	[ "$(fails "$output")" = layout ]
	[[ "$(evidence "$output" layout)" =~ \;\ AT_RANDOM\ (0x[0-9a-f]+)\ overlaps\ AT_PLATFORM\'s\ string\ at\ (0x[0-9a-f]+)$ ]]
	[ "${BASH_REMATCH[1]}" = "${BASH_REMATCH[2]}" ]
}

# bats test_tags=slow
@test "uexec: AT_PHENT not e_phentsize, AT_EXECFN above [stack], a vDSO without section headers: each fails its rule, saying so" {
	need jq
	local n
	uexec_ready
	n=$(readelf_h "$st" "Number of program headers")
	uexec_check set=4=57
	[ "$status" -eq 1 ]
	[ "$(fails "$output")" = phdr ]
	[ "$(evidence "$output" phdr)" = "AT_PHENT 57, AT_PHNUM $n; the executable's e_phentsize $(readelf_h "$st" "Size of program headers"), e_phnum $n" ]
	uexec_check set=31=0xffffffffffff0000
	[ "$status" -eq 1 ]
	[ "$(fails "$output")" = stack ]
	[[ "$(evidence "$output" stack)" =~ ^\[stack\]\ 0x[0-9a-f]+-0x[0-9a-f]+\;\ AT_EXECFN\ 0xffffffffffff0000\ outside$ ]]
	# e_shnum (Elf64_Ehdr offset 60) 0 in the vDSO's header, as a
	# debugger writes: glibc finds its functions by the dynamic section.
	uexec_check vdso=60:0000
	[ "$status" -eq 1 ]
	[ "$(fails "$output")" = "sysinfo vdso-image" ]
	[[ "$(evidence "$output" sysinfo)" =~ ^AT_SYSINFO_EHDR\ (0x[0-9a-f]+)\;\ \[vdso\]\ at\ (0x[0-9a-f]+)\;\ not\ an\ ELF\ image:\ no\ section\ headers$ ]]
	[ "${BASH_REMATCH[1]}" = "${BASH_REMATCH[2]}" ]
}

@test "uexec: [vdso] replaced by a copy in anonymous memory: self's AT_SYSINFO_EHDR points at no [vdso]" {
	need jq
	uexec_check novdso
	[ "$status" -eq 1 ]
	[ "$(fails "$output")" = sysinfo ]
	[[ "$(evidence "$output" sysinfo)" =~ ^no\ \[vdso\]\ mapped\;\ AT_SYSINFO_EHDR\ 0x[0-9a-f]+$ ]]
}

@test "uexec: AT_EXECFN in a page mapped without access: --check, reading it through the kernel, gets no signal; stack fails" {
	need jq
	# Read by a plain load, the page would kill the check of it (SIGSEGV).
	uexec_check execfn-none
	[ "$status" -eq 1 ]
	[ "$(fails "$output")" = stack ]
	[[ "$(evidence "$output" stack)" =~ \;\ AT_EXECFN\ 0x[0-9a-f]+\ outside$ ]]
}

@test "a PID that unmapped its vDSO since exec (as valgrind does): said, not failed" {
	need jq
	start_odd unvdso
	! grep -q '\[vdso\]' "/proc/$BG_PID/maps"
	run -0 --separate-stderr "$AUXV" --check --json "$BG_PID"
	stop_bg
	[ "$(fails "$output")" = "" ]
	[[ "$(verdict "$output" sysinfo)" == "no data: no [vdso] mapped; AT_SYSINFO_EHDR 0x"*" $WHY_MAPS" ]]
}

@test "a PID that moved its vDSO since exec (as a checkpoint restorer does): said, not failed" {
	need jq
	local at now
	start_odd movevdso
	grep -q 'vdso moved' "$BATS_TEST_TMPDIR/bg.out" || skip "the kernel refused to move the vDSO: $(cat "$BATS_TEST_TMPDIR/bg.out")"
	# The kernel's vector says where it was; maps where it is now.
	at=$(printf '0x%x' "$(pyvec "/proc/$BG_PID/auxv" 8 | awk '$1 == 33 { print $2 }')")
	now=0x$(awk '$6 == "[vdso]" { sub(/-.*/, "", $1); print $1 }' "/proc/$BG_PID/maps")
	[ -n "$at" ] && [ "$now" != 0x ] && [ $((at)) -ne $((now)) ]
	run -0 --separate-stderr "$AUXV" --check --json "$BG_PID"
	stop_bg
	[ "$(fails "$output")" = "" ]
	[ "$(verdict "$output" sysinfo)" = "no data: AT_SYSINFO_EHDR $at; [vdso] at $now $WHY_MAPS" ]
}

@test "a PID that moved its vDSO, its old address mapped anew: vdso-image has no data for what is there now, no FAIL" {
	need jq
	local at now range ino name
	start_odd movevdso reuse
	grep -q 'vdso moved, reused' "$BATS_TEST_TMPDIR/bg.out" || skip "the vDSO not moved, or its address not mapped again: $(cat "$BATS_TEST_TMPDIR/bg.out")"
	# The kernel's vector says where it was; maps where it is now, and
	# that an anonymous mapping holds where it was.
	at=$(printf '0x%x' "$(pyvec "/proc/$BG_PID/auxv" 8 | awk '$1 == 33 { print $2 }')")
	now=0x$(awk '$6 == "[vdso]" { sub(/-.*/, "", $1); print $1 }' "/proc/$BG_PID/maps")
	[ $((at)) -ne $((now)) ]
	while read -r range _ _ _ ino name; do
		[ $((0x${range%-*})) -ne $((at)) ] || break
	done <"/proc/$BG_PID/maps"
	[ $((0x${range%-*})) -eq $((at)) ] && [ "$ino" = 0 ] && [ -z "$name" ]
	run -0 --separate-stderr "$AUXV" --check --json "$BG_PID"
	stop_bg
	[ "$(fails "$output")" = "" ]
	[ "$(verdict "$output" sysinfo)" = "no data: AT_SYSINFO_EHDR $at; [vdso] at $now $WHY_MAPS" ]
	[[ "$(verdict "$output" vdso-image)" == "no data: vDSO at $at: "*"; [vdso] at $now $WHY_MAPS" ]]
}


# A process may rewrite its stack after its exec; only -e and self, where
# nothing ran since, are held to the layout create_elf_tables wrote.
# bats test_tags=slow
@test "a PID that wrote over argv's NULL since exec: layout said, not failed; -e of the same program holds" {
	need jq
	local sp
	start_odd argvnull
	sp=$(awk '{ print $28 }' "/proc/$BG_PID/stat")
	run -0 --separate-stderr "$AUXV" --check --json "$BG_PID"
	stop_bg
	[ "$(fails "$output")" = "" ]
	[ "$(verdict "$output" layout)" = "no data: startstack $(printf '0x%x' "$sp"): no NULL after argc argv pointers $WHY_MEM" ]
	need ptrace
	run -0 --separate-stderr "$AUXV" --check --json -e "$ODDPROC" argvnull
	[[ "$(verdict "$output" layout)" == "ok: argc 2 at 0x"*", the vector at 0x"*" between the vector and the strings" ]]
}

# The layout's facts that a process may set after its exec (issue 45):
# /proc/PID/stat's arg_start (PR_SET_MM_MAP, no capability needed;
# PR_SET_MM_ARG_START) and the count of strings, which only the kernel
# bounds (MAX_ARG_STRINGS, and the stack).  The oracle: python3 reading
# /proc/PID/stat, maps, auxv (its word size from the executable's
# ELF class) and cmdline.

# stack_facts PID: "STARTSTACK ARG_START SAME AT_RANDOM" in hex but SAME
# (1 where arg_start is in startstack's mapping, else 0).
stack_facts() {
	python3 - "$1" <<'PY'
import struct, sys
pid = sys.argv[1]
f = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
sp, arg = int(f[25]), int(f[45])  # fields 28 and 48 of proc(5)
ws = 8 if open(f"/proc/{pid}/exe", "rb").read(5)[4] == 2 else 4
maps = [[int(x, 16) for x in l.split()[0].split("-")]
        for l in open(f"/proc/{pid}/maps")]
def where(a):
    return next((m for m in maps if m[0] <= a < m[1]), None)
raw = open(f"/proc/{pid}/auxv", "rb").read()
w = struct.unpack(f"<{len(raw) // ws}{'Q' if ws == 8 else 'I'}", raw)
rnd = dict(zip(w[::2], w[1::2]))[25]
print(f"{sp:#x} {arg:#x} {int(where(sp) == where(arg))} {rnd:#x}")
PY
}

# odd_args MODE NEED [COMMAND...]: oddproc MODE started (by COMMAND,
# where given), checked as a PID; its argument area moved to an
# anonymous mapping: layout holds, naming arg_start.  NEED: what the
# kernel asks of the call, for the skip where it refused it.
odd_args() {
	local mode=$1 why=$2 sp arg same rnd
	shift 2
	[ -x "${ODDPROC:-}" ] || skip "no oddproc helper built"
	start_bg "$@" "$ODDPROC" "$mode"
	for _ in $(seq 100); do
		[ -s "$BATS_TEST_TMPDIR/bg.out" ] && break
		sleep 0.05
	done
	grep -q renamed "$BATS_TEST_TMPDIR/bg.out" ||
	    skip "$why: $(cat "$BATS_TEST_TMPDIR/bg.out")"
	[ "$(tr '\0' '\n' <"/proc/$BG_PID/cmdline")" = oddproc-renamed ]
	read -r sp arg same rnd < <(stack_facts "$BG_PID")
	[ "$same" = 0 ]
	run -0 --separate-stderr "$AUXV" --check --json "$BG_PID"
	stop_bg
	[ "$(fails "$output")" = "" ]
	[[ "$(verdict "$output" layout)" == "ok: argc 2 at $sp, "*"; arg_start $arg in another mapping (set since exec); AT_RANDOM $rnd between the vector and the strings" ]]
}

@test "a PID that moved its arguments by PR_SET_MM_MAP (no capability needed): layout holds, arg_start said set since exec" {
	need jq
	local drop=()
	# Without a capability, where setpriv can drop them all.
	! setpriv --bounding-set -all --inh-caps -all true 2>/dev/null ||
	    drop=(setpriv --bounding-set -all --inh-caps -all)
	odd_args setmm "PR_SET_MM_MAP needs CONFIG_CHECKPOINT_RESTORE" \
	    "${drop[@]}"
}

@test "a PID that moved its arguments by PR_SET_MM_ARG_START (systemd's rename_process): layout holds, arg_start said set since exec" {
	need jq
	odd_args argstart "PR_SET_MM_ARG_START needs CAP_SYS_RESOURCE"
}

# start_moved_stack MODE: oddproc MODE (setstack, copystack) started, its
# startstack, arg_start, whether they share a mapping and AT_RANDOM
# (stack_facts) in the caller's sp arg same rnd, [stack]'s bounds in lo
# hi: startstack in it (vma_is_initial_stack), AT_RANDOM outside.
start_moved_stack() {
	start_odd "$1"
	grep -q renamed "$BATS_TEST_TMPDIR/bg.out" ||
	    skip "PR_SET_MM_MAP needs CONFIG_CHECKPOINT_RESTORE: $(cat "$BATS_TEST_TMPDIR/bg.out")"
	read -r sp arg same rnd < <(stack_facts "$BG_PID")
	read -r lo hi < <(awk '$6 == "[stack]" { split($1, a, "-"); print "0x" a[1], "0x" a[2] }' "/proc/$BG_PID/maps")
	lo=$(printf '0x%x' "$lo") hi=$(printf '0x%x' "$hi")
	[ $((sp)) -ge $((lo)) ] && [ $((sp)) -lt $((hi)) ]
	[ $((rnd)) -lt $((lo)) ] || [ $((rnd)) -ge $((hi)) ]
}

# [stack] is the mapping that holds startstack (vma_is_initial_stack),
# which PR_SET_MM_MAP moves: the strings outside it are not the kernel's
# fault.  Oracle: python3 finds startstack in the [stack] line of maps,
# and AT_RANDOM of /proc/PID/auxv outside it.
@test "a PID that moved its startstack by PR_SET_MM_MAP, [stack] with it: stack and layout said, not failed" {
	need jq
	local sp arg same rnd lo hi
	start_moved_stack setstack
	# The words at the startstack it set are not its /proc/PID/auxv.
	[ "$(python3 "$TESTS_DIR/oracle.py" stackvec "$BG_PID")" = differs ]
	run -0 --separate-stderr "$AUXV" --check --json "$BG_PID"
	stop_bg
	[ "$(fails "$output")" = "" ]
	[[ "$(verdict "$output" stack)" == "no data: [stack] $lo-$hi; AT_RANDOM $rnd outside;"*" $WHY_VEC" ]]
	[[ "$(verdict "$output" layout)" == "no data: startstack $sp: argc "*" another vector $WHY_VEC" ]]
}

# The same to a copy of the words exec wrote (argc to the vector's
# AT_NULL): the vector there is its /proc/PID/auxv, but AT_RANDOM and the
# strings are not in startstack's mapping, which PR_SET_MM_MAP set.
# Oracle: python3 walks the copy (oracle.py stackvec), maps has the
# mapping of startstack anonymous, AT_RANDOM outside it.
@test "a PID that moved its startstack to a copy of its tables: stack and layout no data, naming startstack" {
	need jq
	local sp arg same rnd lo hi
	start_moved_stack copystack
	[ "$(python3 "$TESTS_DIR/oracle.py" stackvec "$BG_PID")" = same ]
	run -0 --separate-stderr "$AUXV" --check --json "$BG_PID"
	stop_bg
	[ "$(fails "$output")" = "" ]
	[[ "$(verdict "$output" stack)" == "no data: [stack] "*"; AT_RANDOM $rnd outside;"*" $WHY_STAT" ]]
	[[ "$(verdict "$output" layout)" == "no data: argc 2 at $sp, "*"; AT_RANDOM $rnd in another mapping $WHY_STAT" ]]
}

# More strings than 65,536, auxv's old bound: only the kernel's counts.
# bats test_tags=slow
@test "-e, self and a PID with 70,000 arguments or variables: layout holds, counting them all" {
	need jq
	local n=70000 cnt q=${QEMU_SET_ENV:-} envc
	# Self: an environment of n variables, from python (env(1) adds
	# them one setenv at a time, in seconds); under qemu-user (the
	# cross stage) QEMU_SET_ENV's variables are the guest's too.
	run -0 --separate-stderr python3 -c 'import os, sys
env = {f"V{i}": "1" for i in range(1, int(sys.argv[2]) + 1)}
if sys.argv[3]:
    env["QEMU_SET_ENV"] = sys.argv[3]
os.execve(sys.argv[1], [sys.argv[1], "--check", "--json"], env)' \
	    "$AUXV" "$n" "$q"
	[ "$(fails "$output")" = "" ]
	[[ "$(verdict "$output" layout)" =~ ^ok:\ argc\ 3\ at\ 0x[0-9a-f]+,\ ([0-9]+)\ envp\ pointers,\ the\ vector\ at\ 0x.*\ between\ the\ vector\ and\ the\ strings$ ]]
	envc=${BASH_REMATCH[1]}
	[ "$envc" -ge "$n" ]
	[ -n "$q" ] || [ "$envc" -eq "$n" ]
	# A PID: sleep adds its arguments up, n zeros.
	start_bg sleep 60 $(yes 0 | head -n "$n")
	cnt=$(python3 -c 'import sys; print(open(sys.argv[1], "rb").read().count(b"\0"))' "/proc/$BG_PID/cmdline")
	[ "$cnt" -eq $((n + 2)) ]
	run -0 --separate-stderr "$AUXV" --check --json "$BG_PID"
	stop_bg
	[ "$(fails "$output")" = "" ]
	[[ "$(verdict "$output" layout)" == "ok: argc $cnt at 0x"*" between the vector and the strings" ]]
	need ptrace
	run -0 --separate-stderr "$AUXV" --check --json -e /bin/true $(seq "$n")
	[ "$(fails "$output")" = "" ]
	[[ "$(verdict "$output" layout)" == "ok: argc $((n + 1)) at 0x"*" between the vector and the strings" ]]
}

# The /proc layer's maps reader (proc.c) on lines no kernel writes: each
# is passed over, the well-formed ones around it are read.
@test "a PID whose maps holds malformed lines: each passed over, the [stack] line among them read" {
	need jq
	need mountns
	local f=$BATS_TEST_TMPDIR/proc maps
	maps='ffffffffffffffffff-1 r--p 00000000 00:00 0\n'
	maps+='-1000 r--p 00000000 00:00 0\n'
	maps+='1000-2000 r-\n'
	maps+='1000-2000 r--pX 00000000 00:00 0\n'
	maps+='1000-2000 r--p zz 00:00 0\n'
	maps+='1000-2000 r--p 00000000 00 0\n'
	maps+='1000-2000 r--p 00000000 00:zz 0\n'
	maps+='1000-2000 r--p 00000000 00:00 x\n'
	maps+='3000-2000 r--p 00000000 00:00 0\n'
	maps+='1000-2000 r--p 00000000 100000000:00 0\n'
	maps+='7ffd00000000-7ffd00021000 rw-p 00000000 00:00 0                          [stack]\n'
	maps+='7ffd00021000-7ffd00022000 r--p 00000000 00:00 0 trailing words\n'
	fakepid "$f" 5000010 stat='5000010 (x) S 1 1 1 0 -1 4194560\n' \
	    comm='ten\n' maps="$maps"
	cp "/proc/$$/auxv" "$f/5000010/auxv"
	run --separate-stderr fakeproc "$f" "$AUXV" --check --json 5000010
	[ "$status" -le 1 ]
	[[ "$(evidence "$output" stack)" == "[stack] 0x7ffd00000000-0x7ffd00021000;"* ]]
}

@test "a PID that unmapped its [stack] (running on a stack of its own): stack has no data, the strings there unreadable" {
	need jq
	# Swapped to a stack in its data (ucontext), it unmaps the one the
	# kernel gave it, and the strings and bytes the vector points to.
	start_odd nostack
	! grep -q ' \[stack\]$' "/proc/$BG_PID/maps"
	run -0 --separate-stderr "$AUXV" --check --json "$BG_PID"
	[ "$(fails "$output")" = "" ]
	[ "$(verdict "$output" stack)" = "no data: no [stack] in the memory map" ]
	[ "$(verdict "$output" platform)" = "no data: AT_PLATFORM not readable" ]
	run -0 --separate-stderr "$AUXV" -k EXECFN "$BG_PID"
	stop_bg
	[[ "$output" =~ ^AT_EXECFN:\ +0x[0-9a-f]+\ \ \(unreadable\)$ ]]
}

# bats test_tags=slow
@test "a PID whose main thread has exited: checked through a live thread, every rule holds" {
	need jq
	local T=$BATS_TEST_TMPDIR
	# The main thread ends by pthread_exit (a zombie, its memory map
	# gone from /proc/PID), another thread lives on; it waits first for
	# start_bg to see its exec (the file go, made after).
	printf '%s\n' '#include <pthread.h>' '#include <stdio.h>' \
	    '#include <unistd.h>' \
	    'static void *run(void *a) { (void)a; for (;;) pause(); }' \
	    'int main(int c, char **v) { pthread_t t; (void)c;' \
	    '	pthread_create(&t, NULL, run, NULL);' \
	    '	while (access(v[1], F_OK)) usleep(1000);' \
	    '	pthread_exit(NULL); }' \
	    >"$T/noleader.c"
	cc -pthread -o "$T/noleader" "$T/noleader.c" ||
	    skip "no C compiler to build a program whose main thread exits"
	start_bg "$T/noleader" "$T/go"
	touch "$T/go"
	for _ in $(seq 100); do
		grep -q '^State:.Z' "/proc/$BG_PID/status" && break
		sleep 0.05
	done
	grep -q '^State:.Z' "/proc/$BG_PID/status"
	[ "$(ls "/proc/$BG_PID/task" | wc -l)" -eq 2 ]
	run -0 --separate-stderr "$AUXV" --check --json "$BG_PID"
	[ "$(fails "$output")" = "" ]
	# All have data, but hwcap-run and procauxv, which are for self only,
	# and args, not asked of a PID.
	[ "$(jq -c '[.checks[] | select(.result != "ok") | .name]' <<<"$output")" = '["hwcap-run","args","procauxv"]' ]
	n=$(readelf_h "$T/noleader" "Number of program headers")
	[[ "$(evidence "$output" phdr)" == *"executable's $n headers"* ]]
}

# stack-align (fs/binfmt_elf.c STACK_ROUND): argc's address 16-byte
# aligned; a loader that puts argc a word above that boundary.  Where
# uexec could not set stat's startstack (PR_SET_MM_MAP refused), it is
# uexec's own: said, not failed.
@test "uexec: argc a word above a 16-byte boundary: stack-align fails alone" {
	need jq
	uexec_check misalign
	if ! has setauxv; then
		[[ "$(verdict "$output" stack-align)" == "no data: argc at 0x"*", not 16-byte aligned (STACK_ROUND); stat's startstack 0x"*": a loader moved argc before main" ]]
		return
	fi
	[ "$status" -eq 1 ]
	[ "$(fails "$output")" = stack-align ]
	[[ "$(evidence "$output" stack-align)" =~ ^argc\ at\ 0x([0-9a-f]+),\ not\ 16-byte\ aligned\ \(STACK_ROUND\)$ ]]
	[ $((0x${BASH_REMATCH[1]} % 16)) -eq $(($(shell_ws) % 16)) ]
}

# A process's argc where stat's startstack says (python reads it), -e's
# at its exec stop, self's: each 16-byte aligned, as the kernel put it;
# AT_RANDOM's bytes no pattern.
# bats test_tags=slow
@test "a PID, -e and self: argc 16-byte aligned at stat's startstack; AT_RANDOM's bytes no pattern" {
	need jq
	local sp
	sp=$(python3 -c 'import sys; print("%x" % int(open("/proc/%s/stat" % sys.argv[1]).read().rsplit(")", 1)[1].split()[25]))' "$$")
	run -0 --separate-stderr "$AUXV" --check --json "$$"
	[ "$(verdict "$output" stack-align)" = "ok: argc at 0x$sp, 16-byte aligned" ]
	[ $((0x$sp % 16)) -eq 0 ]
	[[ "$(verdict "$output" random)" =~ ^ok:\ AT_RANDOM\ 0x[0-9a-f]+,\ no\ pattern$ ]]
	if has ptrace; then
		run -0 --separate-stderr "$AUXV" --check --json -e /bin/true
		[[ "$(verdict "$output" stack-align)" =~ ^ok:\ argc\ at\ 0x[0-9a-f]*0,\ 16-byte\ aligned$ ]]
		[ "$(rule_field "$output" random r)" = ok ]
	fi
	run --separate-stderr "$AUXV" --check --json
	[ "$(rule_field "$output" stack-align r)" = ok ]
	[ "$(rule_field "$output" random r)" = ok ]
}

# random: AT_RANDOM's 16 bytes, whose steps between neighbours take at
# most two values (under 2^38 of 2^128 patterns), as producers gave.
# bats test_tags=slow
@test "uexec: AT_RANDOM's bytes one value, a count, hex digits: random fails alone, the bytes said; three steps hold" {
	need jq
	local b
	for b in 41414141414141414141414141414141:"all one value" \
	    000102030405060708090a0b0c0d0e0f:"each byte 0x01 past the last" \
	    30313233343536373839616263646566:"the steps between bytes 0x01 and 0x28 alone" \
	    000102030405060708090a0b0c0d1020:; do
		uexec_check "rndbytes=${b%%:*}"
		echo "${b%%:*}: status $status; $(verdict "$output" random)"
		if [ -z "${b#*:}" ]; then
			[ "$status" -eq 0 ]
			[[ "$(verdict "$output" random)" =~ ^ok:\ AT_RANDOM\ 0x[0-9a-f]+,\ no\ pattern$ ]]
			continue
		fi
		[ "$status" -eq 1 ]
		[ "$(fails "$output")" = random ]
		[[ "$(evidence "$output" random)" =~ ^AT_RANDOM\ 0x[0-9a-f]+:\ ${b%%:*},\ ${b#*:}:\ get_random_bytes\(\)\ gives\ one\ with\ chance\ under\ 2\^-90$ ]]
	done
}

# A process may write over its AT_RANDOM bytes once used: a PID's
# pattern is said, not failed (F_MEM).
@test "a PID that wrote one value over its AT_RANDOM bytes: random said, not failed" {
	need jq
	local i
	start_bg python3 -c 'import ctypes, signal
c = ctypes.CDLL(None)
c.getauxval.restype = ctypes.c_ulong
ctypes.memset(c.getauxval(25), 0x41, 16)
print("ready", flush=True)
signal.pause()'
	for i in $(seq 250); do
		grep -q ready "$BATS_TEST_TMPDIR/bg.out" && break
		sleep 0.02
	done
	run -0 --separate-stderr "$AUXV" --check --json "$BG_PID"
	[[ "$(verdict "$output" random)" == "no data: AT_RANDOM 0x"*": $(printf '41%.0s' {1..16}), all one value: get_random_bytes() gives one with chance under 2^-90 $WHY_MEM" ]]
}

# A core holds AT_RANDOM's bytes (its memory as dumped, which the process
# may have written over since exec, as a PID may): a pattern said, not
# failed; a saved vector has none to hold.
@test "random: a core's AT_RANDOM bytes held, a count said but not failed, the kernel's kind holding; a saved vector's not read" {
	need jq
	local T=$BATS_TEST_TMPDIR h
	"$MKFIXTURE" core -r 00112233445566778899aabbccddeeff >"$T/count.core"
	h=$(python3 -c 'import os; print(os.urandom(16).hex())')
	"$MKFIXTURE" core -r "$h" >"$T/urandom.core"
	mkraw "$T/v.raw" 8 '<' 6 4096 25 0x7ffc12340100
	run --separate-stderr "$AUXV" --check --json -f "$T/count.core"
	[[ "$(verdict "$output" random)" == "no data: AT_RANDOM 0x"*": 00112233445566778899aabbccddeeff, each byte 0x11 past the last: get_random_bytes() gives one with chance under 2^-90 $WHY_MEM" ]]
	run --separate-stderr "$AUXV" --check --json -f "$T/urandom.core"
	[[ "$(verdict "$output" random)" =~ ^ok:\ AT_RANDOM\ 0x[0-9a-f]+,\ no\ pattern$ ]]
	run --separate-stderr "$AUXV" --check --json --arch x86_64 -f "$T/v.raw"
	[ "$(verdict "$output" random)" = "no data: AT_RANDOM 0x7ffc12340100: its bytes not read" ]
}

# args: argv's and envp's pointers point into the strings exec copied,
# above the vector's end, in the stack's mapping (fs/exec.c copy_strings,
# fs/binfmt_elf.c create_elf_tables).  uexec's stack is in our [stack]
# (/proc/PID/maps), its strings uexec's own, above its vector; each fault
# points one pointer elsewhere: args fails alone, naming where.
# bats test_tags=slow
@test "uexec: argv[0] into the vector, envp[0] into the vDSO or uexec's data: args fails alone, naming where" {
	need jq
	local f want
	uexec_check none
	[[ "$(verdict "$output" args)" == "ok: "*" argv and "*" envp pointers above the vector's end 0x"*", in the stack's mapping" ]]
	for f in argvvec envpvdso envpdata; do
		uexec_check "$f"
		echo "$f: $status $(verdict "$output" args)"
		[ "$status" -eq 1 ]
		[ "$(fails "$output")" = args ]
		case $f in
		argvvec) want='argv\[0\] 0x([0-9a-f]+) points into the vector, which overlaps the strings' ;;
		envpvdso) want='envp\[0\] 0x([0-9a-f]+) points into the vDSO' ;;
		envpdata) want="envp\[0\] 0x([0-9a-f]+) points into another mapping than the stack's" ;;
		esac
		[[ "$(evidence "$output" args)" =~ ^$want\ \(the\ vector\ 0x([0-9a-f]+)-0x([0-9a-f]+)\)$ ]]
		local p=$((0x${BASH_REMATCH[1]})) lo=$((0x${BASH_REMATCH[2]}))
		# uexec points argv[0] two words into the vector.
		[ "$f" != argvvec ] || [ "$p" -eq $((lo + 2 * $(shell_ws))) ]
	done
}

# The kernel's own: self's and -e's pointers where exec put them; a
# PID's are not asked (setproctitle moves them).
@test "args: self's and -e's argv and envp point above the vector into the stack; a PID's not asked" {
	need jq
	run --separate-stderr "$AUXV" --check --json
	[[ "$(verdict "$output" args)" =~ ^ok:\ 3\ argv\ and\ ([0-9]+)\ envp\ pointers\ above\ the\ vector\'s\ end\ 0x[0-9a-f]+,\ in\ the\ stack\'s\ mapping$ ]]
	# (qemu-user has no ptrace: -e and another process natively.)
	has native || return 0
	run --separate-stderr "$AUXV" --check --json -e true a b
	[[ "$(verdict "$output" args)" =~ ^ok:\ 3\ argv\ and\ [0-9]+\ envp\ pointers ]]
	run --separate-stderr "$AUXV" --check --json "$$"
	[ "$(verdict "$output" args)" = "no data: a process may point argv and envp elsewhere since exec (setproctitle, setenv)" ]
}
