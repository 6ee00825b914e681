# auxv --check: each rule held against independent oracles (readelf,
# /proc/PID/maps and status, getconf, python3 struct), natively, under
# qemu-user, and on vectors made wrong one fault at a time.

load common

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
setup() {
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

teardown() {
	stop_bg
	[ -z "${EXTRA_PIDS:-}" ] || kill $EXTRA_PIDS 2>/dev/null || true
}

# The cases run as nobody run copies in $NOBODY_DIR (common.bash).
setup_file() {
	nobody_setup
}

teardown_file() {
	nobody_teardown
}

need_x86_64() {
	[ "$(uname -m)" = x86_64 ] || skip "not an x86-64 machine"
}

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
	else
		echo "entries:FAIL procauxv:FAIL vdso-image:no_data" \
		    "sysinfo:no_data hwcap:no_data platform:no_data" \
		    "hwcap-run:no_data hwcap-run:FAIL"
	fi
}

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
	[ "$(jq '.checks | length' <<<"$output")" -eq 17 ]
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

@test "self, human: a line per rule, its name, ok, the evidence" {
	local may r
	may=" $(self_not_ok) "
	run "$AUXV" --check
	[ "$status" -le 1 ]
	[ "${#lines[@]}" -eq 17 ]
	for r in phdr entry base ids pagesz clktck hwcap hwcap-run sysinfo stack \
	    platform entries layout execfn procauxv vdso-image values; do
		grep -qE "^$r +ok +[^ ]" <<<"$output" ||
		    [[ "$may" == *" $r:$(sed -En "s/^$r +(FAIL|no data) +[^ ].*/\1/p" <<<"$output" | tr ' ' _) "* ]]
	done
}

# bats test_tags=full
@test "a PID: AT_ENTRY and AT_BASE against readelf and /proc/PID/maps" {
	need jq
	start_bg sleep 100
	run -0 --separate-stderr "$AUXV" --check --json "$BG_PID"
	exe=$(readlink "/proc/$BG_PID/exe")
	maps=$(cat "/proc/$BG_PID/maps")
	stop_bg
	[ "$(fails "$output")" = "" ]
	entry=$(readelf_h "$exe" "Entry point address")
	[[ "$(evidence "$output" entry)" == *"e_entry $entry + load bias"* ]]
	# sleep is a PIE: its first mapping is its load bias.
	if readelf_h "$exe" Type | grep -q DYN; then
		bias=0x$(grep -m1 " $exe\$" <<<"$maps" | sed 's/-.*//; s/^0*//')
		[[ "$(evidence "$output" entry)" == *"load bias $bias "* ]]
	fi
	interp=$(readelf -l "$exe" | sed -n 's/.*interpreter: \(.*\)]/\1/p')
	real=$(readlink -f "$interp")
	base=0x$(grep -m1 " $real\$" <<<"$maps" | sed 's/-.*//; s/^0*//')
	[[ "$(evidence "$output" base)" == *"mapped at $base" ]]
}

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

# same_ino FSTYPE: in a mount namespace, a program on a fresh tmpfs maps,
# below itself, a file of a fresh FSTYPE (tmpfs, or ext2 on a loop
# device) with its own inode number (12: ext2's first file; tmpfs
# numbers from 2), and is checked: $output, and its maps in $maps.
same_ino() {
	local T=$BATS_TEST_TMPDIR s=0
	unshare -m true 2>/dev/null || skip "cannot make a mount namespace (unshare -m)"
	[ -x "${ODDPROC:-}" ] || skip "no oddproc helper built"
	cp "$ODDPROC" "$T/h"
	mkdir "$T/a" "$T/b"
	if [ "$1" = ext2 ]; then
		command -v mkfs.ext2 >/dev/null || skip "no mkfs.ext2 (e2fsprogs)"
		truncate -s 1M "$T/img"
		mkfs.ext2 -q "$T/img"
	fi
	# The files numbered 2 to 11 of a tmpfs go first: then the program,
	# or the data, 12.
	unshare -m --propagation private sh -ec '
		T=$1
		mount -t tmpfs none "$T/a"
		if [ "$2" = ext2 ]; then
			mount -o loop "$T/img" "$T/b" || exit 3
		else
			mount -t tmpfs none "$T/b"
		fi
		for d in "$T/a" "$T/b"; do
			[ "$(stat -fc %T "$d")" = tmpfs ] || continue
			i=2; while [ $i -lt 12 ]; do : >"$d/$i"; i=$((i + 1)); done
		done
		cp "$T/h" "$T/a/h"
		echo data >"$T/b/data"
		stat -c "%i %D %n" "$T/a/h" "$T/b/data" >"$T/stat"
		"$T/a/h" mapat "$T/b/data" >"$T/h.out" &
		until grep -q mapped "$T/h.out"; do sleep 0.05; done
		cat /proc/$!/maps >"$T/maps"
		readlink /proc/$!/exe >"$T/exe"
		s=0; "$3" --check --json $! >"$T/out" || s=$?
		echo $s >"$T/status"
		kill $!' sh "$T" "$1" "$AUXV" || s=$?
	[ "$s" -ne 3 ] || skip "cannot mount a loop device here"
	[ "$s" -eq 0 ]
	output=$(cat "$T/out")
	status=$(cat "$T/status")
	maps=$(cat "$T/maps")
}

# told_by_device: after same_ino, the two files are of inode 12 and two
# devices, the other one's mapping is below the executable's, and
# --check holds every rule, the load bias the executable's.
told_by_device() {
	local exe
	[ "$(cut -d' ' -f1 "$BATS_TEST_TMPDIR/stat" | uniq)" = 12 ]
	[ "$(cut -d' ' -f2 "$BATS_TEST_TMPDIR/stat" | uniq | wc -l)" -eq 2 ]
	exe=$(cat "$BATS_TEST_TMPDIR/exe")
	# Below it: the other file's mapping, at 0x10000.
	[[ "${maps%%$'\n'*}" == "00010000-00011000 r--p 00000000 "*" 12 "*"/b/data" ]]
	[ "$status" -eq 0 ]
	[ "$(fails "$output")" = "" ]
	[[ "$(evidence "$output" entry)" == *" + load bias $(load_bias "$exe" "$maps" "$BATS_TEST_TMPDIR/h") (from stat's startcode) = "* ]]
}

@test "a PID beside another tmpfs's file with its executable's inode number, mapped below it: the executable told by its device" {
	need jq
	same_ino tmpfs
	# The two files: inode 12 both, of two devices of major 0.
	told_by_device
}

@test "a PID beside a file of a block device (ext2 on a loop device) with its executable's inode number, mapped below it: the executable told by its device" {
	need jq
	same_ino ext2
	# The two files: inode 12 both, of a tmpfs (major 0) and of a loop
	# device (major 7).
	told_by_device
}

@test "-e: a dynamic program stopped at its exec holds every rule" {
	need ptrace
	run -0 "$AUXV" --check -e /bin/true
	! grep -q FAIL <<<"$output"
}

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
@test "as nobody: self holds every rule, the IDs are nobody's" {
	need setpriv
	need jq
	run -0 --separate-stderr "${NOBODY[@]}" -- "$NOBODY_AUXV" --check --json
	[ "$(fails "$output")" = "" ]
	[[ "$(evidence "$output" ids)" == *"the process 65534/65534/65534/65534" ]]
}

# fakeroot, which every Debian package build runs under, preloads a
# library whose getuid() and kin say root: self's IDs are the kernel's.
# The oracle, in one process under the same fakeroot: python's getuid()
# and kin say root, its /proc/self/status says nobody.
@test "as nobody under fakeroot: ids holds the kernel's IDs, not the preload's root" {
	need jq
	need fakeroot
	unsanitized fakeroot
	run -0 "${NOBODY[@]}" fakeroot python3 -c 'import os
st = dict(l.split(":", 1) for l in open("/proc/self/status"))
print(os.getuid(), os.geteuid(), os.getgid(), os.getegid(),
      *st["Uid"].split()[:2], *st["Gid"].split()[:2])'
	[ "$output" = "0 0 0 0 65534 65534 65534 65534" ]
	run -0 --separate-stderr "${NOBODY[@]}" fakeroot "$NOBODY_AUXV" \
	    --check --json
	[ "$(fails "$output")" = "" ]
	[ "$(evidence "$output" ids)" = "AT_UID/EUID/GID/EGID 65534/65534/65534/65534; the process 65534/65534/65534/65534" ]
}

# A seccomp filter that refuses getuid() and kin and getpid() with EPERM
# (tests/exec/novmread -s): their -1 is no ID and no PID, and auxv asks the
# kernel another way.  The oracle, under the same filter: python's
# getuid(), getegid() and getpid() are -1, its /proc/self/status has the
# real IDs.
@test "seccomp refusing getuid and kin and getpid (EPERM): self's IDs and PID from the kernel, no FAIL" {
	need jq
	native_only "the filter is the guest's: qemu makes the calls"
	[ -x "${NOVMREAD:-}" ] || skip "no novmread helper built"
	local deny=getuid,geteuid,getgid,getegid,getpid
	run -0 "$NOVMREAD" -s "$deny" python3 -c 'import os
st = dict(l.split(":", 1) for l in open("/proc/self/status"))
print(os.getuid(), os.getegid(), os.getpid(), st["Uid"].split()[0])'
	[ "$output" = "-1 -1 -1 $(id -u)" ]
	# LeakSanitizer's pass at exit (a sanitized build) loops where the
	# filter refuses getpid: not run.
	run -0 --separate-stderr "$NOVMREAD" -s "$deny" \
	    env ASAN_OPTIONS=detect_leaks=0 "$AUXV" --check --json
	[ "$(fails "$output")" = "" ]
	[ "$(jq .pid <<<"$output")" = null ]
	[ "$(evidence "$output" ids)" = "AT_UID/EUID/GID/EGID $(id -u)/$(id -u)/$(id -g)/$(id -g); the process $(id -u)/$(id -u)/$(id -g)/$(id -g)" ]
	[ "$(rule_field "$output" layout r)" = ok ]
	[ "$(rule_field "$output" procauxv r)" = ok ]
}

# unsanitized TOOL: skips where $AUXV is built with ASan, which reserves
# its shadow memory where an emulator or loader (TOOL) cannot give it.
unsanitized() {
	! ldd "$AUXV" 2>/dev/null | grep -q libasan ||
	    skip "a sanitized build does not run under $1"
}

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

# bats test_tags=full
@test "a saved vector: the rules without data say so, the others hold" {
	need jq
	crafted ''
	run -0 --separate-stderr "$AUXV" --check --json "${CRAFTED[@]}"
	[ "$(jq -r '[.checks[] | select(.result == "no data") | .name] | join(" ")' <<<"$output")" = \
	    "phdr entry base ids hwcap hwcap-run sysinfo stack platform layout execfn procauxv vdso-image" ]
	[ "$(jq -r '[.checks[] | select(.result == "ok") | .name] | join(" ")' <<<"$output")" = \
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

@test "a saved vector of a machine auxv does not name: entries says so, unless a type is twice" {
	need jq
	local j='{"word_size":8,"byte_order":"little","machine":9999,"entries":[{"type":6,"value":4096},{"type":17,"value":100}'
	printf '%s]}' "$j" >"$BATS_TEST_TMPDIR/j"
	run -0 --separate-stderr "$AUXV" --check --json -f "$BATS_TEST_TMPDIR/j"
	[ "$(verdict "$output" entries)" = "no data: no table of entries for this architecture" ]
	# A type twice is wrong on any architecture.
	printf '%s,{"type":6,"value":4096}]}' "$j" >"$BATS_TEST_TMPDIR/j"
	run -1 --separate-stderr "$AUXV" --check --json -f "$BATS_TEST_TMPDIR/j"
	[ "$(verdict "$output" entries)" = "FAIL: AT_PAGESZ (6) twice, entries 0 and 2" ]
}

# One fault at a time in a copy of the kernel's vector: exactly its rule
# fails, with status 1.
@test "crafted: a type twice fails entries alone" {
	need jq
	crafted 'v.insert(3, [6, 4096])'
	run -1 --separate-stderr "$AUXV" --check --json "${CRAFTED[@]}"
	[ "$(fails "$output")" = entries ]
	[[ "$(evidence "$output" entries)" == *"AT_PAGESZ (6) twice"* ]]
}

@test "crafted: AT_SYSINFO on x86-64 fails sysinfo alone" {
	need_x86_64
	need jq
	crafted 'v.insert(0, [32, 0x1000])'
	run -1 --separate-stderr "$AUXV" --check --json "${CRAFTED[@]}"
	[ "$(fails "$output")" = sysinfo ]
	[[ "$(evidence "$output" sysinfo)" == *"only i386 has it" ]]
}

# x86 gives AT_HWCAP2 since Linux 4.11, AT_MINSIGSTKSZ since 5.14, and
# AT_RSEQ_* since 6.3 where built with rseq: a save of an unknown kernel
# may lack them (a live vector without AT_HWCAP2 fails: uexec nohwcap2).
@test "crafted: a save without AT_HWCAP2, AT_MINSIGSTKSZ and AT_RSEQ_*, as an older kernel's: not asked, said" {
	need_x86_64
	need jq
	crafted 'v = [p for p in v if p[0] not in (26, 27, 28, 51)]'
	run -0 --separate-stderr "$AUXV" --check --json "${CRAFTED[@]}"
	[ "$(verdict "$output" entries)" = "ok: each of the $(pyvec "$BATS_TEST_TMPDIR/v.raw" "$(shell_ws)" | wc -l) entries once; none of x86_64's missing; no data for AT_MINSIGSTKSZ, AT_HWCAP2, AT_RSEQ_FEATURE_SIZE, AT_RSEQ_ALIGN (a saved vector: they depend on the kernel's version or build)" ]
}

@test "crafted: AT_CLKTCK other than USER_HZ fails clktck alone" {
	need jq
	crafted 'v = [[t, 250 if t == 17 else x] for t, x in v]'
	run -1 --separate-stderr "$AUXV" --check --json "${CRAFTED[@]}"
	[ "$(fails "$output")" = clktck ]
	[ "$(evidence "$output" clktck)" = "AT_CLKTCK 250; USER_HZ $(getconf CLK_TCK)" ]
}

# The result and evidence of rule $2 in --check --json output $1, as
# "RESULT: EVIDENCE".
verdict() {
	printf '%s: %s\n' "$(rule_field "$1" "$2" r)" "$(evidence "$1" "$2")"
}

@test "crafted: AT_CLKTCK is the USER_HZ of the vector's architecture: alpha's 1024, none without one" {
	need jq
	local T=$BATS_TEST_TMPDIR
	# USER_HZ: 100 in include/asm-generic/param.h, 1024 in
	# arch/alpha/include/uapi/asm/param.h.
	# (The saves lack the entries alpha's kernel gives: entries fails.)
	mkraw "$T/a.raw" 8 '<' 6 8192 17 1024
	run -1 --separate-stderr "$AUXV" --check --json --arch alpha -f "$T/a.raw"
	[ "$(fails "$output")" = entries ]
	[ "$(verdict "$output" clktck)" = "ok: AT_CLKTCK 1024; USER_HZ 1024" ]
	mkraw "$T/a.raw" 8 '<' 6 8192 17 100
	run -1 --separate-stderr "$AUXV" --check --json --arch alpha -f "$T/a.raw"
	[ "$(fails "$output")" = "clktck entries" ]
	[ "$(verdict "$output" clktck)" = "FAIL: AT_CLKTCK 100; USER_HZ 1024" ]
	# ia64's USER_HZ is the kernel's HZ (arch/ia64/include/asm/param.h).
	mkraw "$T/a.raw" 8 '<' 6 4096 17 1024
	run --separate-stderr "$AUXV" --check --json --arch ia64 -f "$T/a.raw"
	[ "$(verdict "$output" clktck)" = "no data: USER_HZ is the kernel's HZ on ia64" ]
	# A save of e_machine 0 (EM_NONE): no architecture, no USER_HZ.
	printf '{"word_size":8,"byte_order":"little","machine":0,"entries":[{"type":6,"value":4096},{"type":17,"value":100}]}' >"$T/j"
	run -0 --separate-stderr "$AUXV" --check --json -f "$T/j"
	[ "$(verdict "$output" clktck)" = "no data: architecture unknown" ]
}

# ELF_EXEC_PAGESIZE's values, each architecture's Kconfig page-size
# choices in Linux 7.3.4: x86 4 KiB only; arm64 4, 16 or 64 KiB; sparc64
# and alpha 8 KiB; powerpc (64-bit) 4 or 64 KiB.  A save is held to its
# architecture's, not to this machine's page size.
@test "crafted: AT_PAGESZ a page size of the vector's architecture, not of this machine" {
	need jq
	local T=$BATS_TEST_TMPDIR
	while read -r a ws e pg want; do
		mkraw "$T/p.raw" "$ws" "$e" 6 "$pg" 17 100
		run --separate-stderr "$AUXV" --check --json --arch "$a" -f "$T/p.raw"
		echo "$a $pg: $(verdict "$output" pagesz)"
		[ "$(verdict "$output" pagesz)" = "$want" ]
	done <<'EOF'
x86_64 8 < 4096 ok: AT_PAGESZ 4096; x86_64 has 4096
x86_64 8 < 16384 FAIL: AT_PAGESZ 16384; x86_64 has 4096
i386 4 < 65536 FAIL: AT_PAGESZ 65536; i386 has 4096
aarch64 8 < 16384 ok: AT_PAGESZ 16384; aarch64 has 4096 16384 65536
aarch64 8 < 8192 FAIL: AT_PAGESZ 8192; aarch64 has 4096 16384 65536
ppc64le 8 < 65536 ok: AT_PAGESZ 65536; ppc64le has 4096 65536
sparc64 8 > 8192 ok: AT_PAGESZ 8192; sparc64 has 8192
sparc64 8 > 4096 FAIL: AT_PAGESZ 4096; sparc64 has 8192
alpha 8 < 4096 FAIL: AT_PAGESZ 4096; alpha has 8192
EOF
	# A live vector of this machine's architecture is held to the
	# kernel's page size too (getconf's); under qemu-user other rules
	# fail (self_not_ok).
	run --separate-stderr "$AUXV" --check --json
	[ "$status" -eq 0 ] || { ! has native && [ "$status" -eq 1 ]; }
	[[ "$(verdict "$output" pagesz)" == "ok: AT_PAGESZ $(getconf PAGESIZE); "*" has "*"$(getconf PAGESIZE)"*"; KernelPageSize $(getconf PAGESIZE)" ]]
}

# A live vector's page size may be its architecture's or the kernel's:
# an emulator gives its guest's on a kernel of other pages (box64's
# x86-64 4096 on a 16K arm64 kernel), an arm process on a 16K arm64
# kernel gets 16384.  Either holds, neither fails.  uexec makes the
# vector (set=6=P), --arch says whose it is; each architecture's sizes
# are its Kconfig's (as above), the kernel's getconf's.
@test "uexec: a live AT_PAGESZ the kernel's or one of its architecture's holds, neither fails" {
	need jq
	local a sizes p want h
	uexec_ready
	h=$(getconf PAGESIZE)
	while read -r a sizes; do
		for p in 4096 8192 16384 65536; do
			want=FAIL
			[ "$p" -ne "$h" ] && [[ " $sizes " != *" $p "* ]] || want=ok
			run --separate-stderr "$UEXEC" "set=6=$p" "$st" --check \
			    --json --arch "$a"
			echo "$a $p: $(verdict "$output" pagesz)"
			[ "$(rule_field "$output" pagesz r)" = "$want" ]
			[[ "$(evidence "$output" pagesz)" == "AT_PAGESZ $p; $a has $sizes; KernelPageSize $h"* ]]
		done
	done <<'EOF'
x86_64 4096
aarch64 4096 16384 65536
ppc64le 4096 65536
alpha 8192
EOF
}

# ARCH_DLINFO_IA32 (arch/x86/include/asm/elf.h) writes AT_SYSINFO, the
# vDSO's __kernel_vsyscall, with AT_SYSINFO_EHDR, or neither.
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

@test "crafted: types twice, named or not: each pair said, in vector order" {
	need jq
	# 200: a type no architecture names (AT_??? in human output).
	"$MKFIXTURE" raw 200=1 6=4096 200=2 6=4096 17=100 >"$BATS_TEST_TMPDIR/v.raw"
	set -- --word-size 8 --endian little -f "$BATS_TEST_TMPDIR/v.raw"
	run -0 --separate-stderr "$AUXV" "$@"
	[ "${lines[0]}" = "AT_??? (0xc8): 0x1" ]
	run -1 --separate-stderr "$AUXV" --check --json --arch riscv64 "$@"
	[ "$(fails "$output")" = entries ]
	[[ "$(evidence "$output" entries)" == "AT_??? (200) twice, entries 0 and 2; AT_PAGESZ (6) twice, entries 1 and 3; AT_"*" absent"* ]]
}

# The entries a saved vector of each architecture must hold, read in Linux
# 7.3.4: fs/binfmt_elf.c create_elf_tables' unconditional ones (HWCAP
# PAGESZ CLKTCK PHDR PHENT PHNUM BASE FLAGS ENTRY UID EUID GID EGID
# SECURE RANDOM EXECFN), AT_PLATFORM (15) where ELF_PLATFORM is not NULL
# (not riscv, sparc, m68k), and what each ARCH_DLINFO writes always:
# powerpc AT_IGNOREPPC (22) twice, AT_{D,I,U}CACHEBSIZE (19-21) and
# ELF_BASE_PLATFORM's AT_BASE_PLATFORM (24); alpha AT_L1I..L3_CACHESHAPE
# (34-37), sh L1I..L2 (34-36).  What depends on the kernel's version or
# build (AT_HWCAP2, AT_MINSIGSTKSZ, AT_RSEQ_*, the cache geometry) is not
# asked of a save, and the evidence names it; the vDSO's entries are
# asked only where a vDSO is mapped.  Architecture, word size, byte
# order, its own entries, what is said to be not asked.
@test "crafted: entries: the kernel's generic set and each architecture's own, every architecture" {
	need jq
	local a ws e own nd t v n want name nodata kept i T=$BATS_TEST_TMPDIR
	local generic="16 6 17 3 4 5 7 8 9 11 12 13 14 23 25 31"
	while read -r a ws e own; do
		nd=${own#*:}
		own=${own%%:*}
		# PAGESZ a size of the architecture (8192 on sparc64 and
		# alpha), CLKTCK 100 (1024 on alpha); the rest any value.
		# powerpc's AT_IGNOREPPC twice, first, as its kernel writes it.
		pairs=()
		for t in $generic $own; do
			if [ "$t" = 22 ]; then
				pairs=(22 22 22 22 "${pairs[@]}")
				continue
			fi
			v=1
			[ "$t" != 6 ] || v=4096
			[ "$t" != 6 ] || [ "$a" != sparc64 ] || v=8192
			[ "$t" != 6 ] || [ "$a" != alpha ] || v=8192
			[ "$t" != 17 ] || v=100
			[ "$t" != 17 ] || [ "$a" != alpha ] || v=1024
			pairs+=("$t" "$v")
		done
		mkraw "$T/$a.raw" "$ws" "$e" "${pairs[@]}"
		run -0 --separate-stderr "$AUXV" --check --json --arch "$a" -f "$T/$a.raw"
		echo "$a: $(verdict "$output" entries)"
		[ "$(fails "$output")" = "" ]
		n=$((${#pairs[@]} / 2))
		nodata="; no data for $nd (a saved vector: they depend on the kernel's version or build)"
		want="ok: each of the $n entries once; none of $a's missing"
		[ -z "$nd" ] || want+=$nodata
		[ "$(verdict "$output" entries)" = "$want" ]
		# Each of its own entries, and AT_FLAGS, left out: said absent.
		for t in 8 $own; do
			kept=()
			for ((i = 0; i < ${#pairs[@]}; i += 2)); do
				[ "${pairs[i]}" = "$t" ] ||
				    kept+=("${pairs[i]}" "${pairs[i + 1]}")
			done
			mkraw "$T/drop.raw" "$ws" "$e" "${kept[@]}"
			run -1 --separate-stderr "$AUXV" --check --json --arch "$a" -f "$T/drop.raw"
			[ "$(fails "$output")" = entries ]
			name=$(python3 -c 'import re, sys
for l in open(sys.argv[1]):
    m = re.match(r"AT_X\(\s*(\d+),\s*(\w+),", l)
    if m and int(m.group(1)) == int(sys.argv[2]):
        print("AT_" + m.group(2))' "$TESTS_DIR/../src/at.def" "$t")
			[ "$(evidence "$output" entries)" = "$name absent${nd:+$nodata}" ]
		done
	done <<'EOF'
x86_64 8 < 15:AT_MINSIGSTKSZ, AT_HWCAP2, AT_RSEQ_FEATURE_SIZE, AT_RSEQ_ALIGN
x32 4 < 15:AT_MINSIGSTKSZ, AT_HWCAP2, AT_RSEQ_FEATURE_SIZE, AT_RSEQ_ALIGN
i386 4 < 15:AT_MINSIGSTKSZ, AT_HWCAP2, AT_RSEQ_FEATURE_SIZE, AT_RSEQ_ALIGN
aarch64 8 < 15:AT_MINSIGSTKSZ, AT_HWCAP2, AT_HWCAP3, AT_RSEQ_FEATURE_SIZE, AT_RSEQ_ALIGN
arm 4 < 15:AT_HWCAP2, AT_RSEQ_FEATURE_SIZE, AT_RSEQ_ALIGN
ppc64le 8 < 22 19 20 21 15 24:AT_L1I_CACHESIZE, AT_L1I_CACHEGEOMETRY, AT_L1D_CACHESIZE, AT_L1D_CACHEGEOMETRY, AT_L2_CACHESIZE, AT_L2_CACHEGEOMETRY, AT_L3_CACHESIZE, AT_L3_CACHEGEOMETRY, AT_MINSIGSTKSZ, AT_HWCAP2, AT_RSEQ_FEATURE_SIZE, AT_RSEQ_ALIGN
ppc 4 > 22 19 20 21 15 24:AT_MINSIGSTKSZ, AT_HWCAP2, AT_RSEQ_FEATURE_SIZE, AT_RSEQ_ALIGN
s390x 8 > 15:AT_RSEQ_FEATURE_SIZE, AT_RSEQ_ALIGN
riscv64 8 < :AT_L1I_CACHESIZE, AT_L1I_CACHEGEOMETRY, AT_L1D_CACHESIZE, AT_L1D_CACHEGEOMETRY, AT_L2_CACHESIZE, AT_L2_CACHEGEOMETRY, AT_L3_CACHESIZE, AT_L3_CACHEGEOMETRY, AT_MINSIGSTKSZ, AT_RSEQ_FEATURE_SIZE, AT_RSEQ_ALIGN
loongarch64 8 < 15:AT_RSEQ_FEATURE_SIZE, AT_RSEQ_ALIGN
mips64 8 < 15:AT_RSEQ_FEATURE_SIZE, AT_RSEQ_ALIGN
sparc64 8 > :AT_ADI_BLKSZ, AT_ADI_NBITS, AT_ADI_UEONADI, AT_RSEQ_FEATURE_SIZE, AT_RSEQ_ALIGN
sparc 4 > :AT_RSEQ_FEATURE_SIZE, AT_RSEQ_ALIGN
alpha 8 < 15 34 35 36 37:AT_RSEQ_FEATURE_SIZE, AT_RSEQ_ALIGN
sh 4 < 15 34 35 36:AT_RSEQ_FEATURE_SIZE, AT_RSEQ_ALIGN
parisc 4 > 15:AT_RSEQ_FEATURE_SIZE, AT_RSEQ_ALIGN
m68k 4 > :AT_RSEQ_FEATURE_SIZE, AT_RSEQ_ALIGN
EOF
}

@test "crafted: AT_PLATFORM of a save against the names its architecture's kernel gives" {
	need jq
	local T=$BATS_TEST_TMPDIR
	# ELF_PLATFORM: arch/x86/include/asm/elf.h ("x86_64"; 32-bit: uname
	# -m of the kernel, i386 to i686; x32 and i386 under a 64-bit kernel
	# COMPAT_ELF_PLATFORM "i686", fs/compat_binfmt_elf.c), arch/arm64 ("aarch64"), arch/arm
	# (elf_platform "v4".."v7" and "l" or "b"; arm64's compat "v8l",
	# "v8b": any "v" digit "l" or "b" is a newer core).  Machine, word
	# size, AT_PLATFORM, the verdict; a save each (python3 json).
	cat >"$T/cases" <<'EOF'
62 8 x86_64 ok
62 8 i686 FAIL
62 4 i686 ok
62 4 x86_64 FAIL
3 4 i386 ok
3 4 i686 ok
3 4 x86_64 FAIL
183 8 aarch64 ok
183 8 v8l FAIL
40 4 v5b ok
40 4 v7l ok
40 4 v8l ok
40 4 v9b ok
40 4 v8 FAIL
40 4 w8l FAIL
40 4 v8x FAIL
40 4 aarch64 FAIL
21 8 power9 no data
9999 8 x86_64 no data
EOF
	python3 -c '
import json, sys
for i, line in enumerate(open(sys.argv[1] + "/cases")):
    m, ws, p, _ = line.split(" ", 3)
    json.dump({"word_size": int(ws), "byte_order": "little",
               "machine": int(m), "entries": [
                   {"type": 15, "value": 4096, "string": p},
                   {"type": 17, "value": 100}]},
              open("%s/j%02d" % (sys.argv[1], i), "w"))' "$T"
	run --separate-stderr "$AUXV" --check --json $(printf -- "-f $T/j%02d " $(seq 0 18))
	[ "$status" -eq 1 ]
	diff <(cut -d' ' -f4- "$T/cases") <(jq -r '.checks[] |
	    select(.name == "platform") | .result' <<<"$output")
	# Both sides said: the string, at most 64 bytes of it, and the names.
	[ "$(jq -r 'select(.label | endswith("/j13")) | .checks[] |
	    select(.name == "platform") | .evidence' <<<"$output")" = \
	    'AT_PLATFORM "v8"; arm has v4l v4b v5l v5b v6l v6b v7l v7b' ]
	[ "$(jq -r 'select(.label | endswith("/j18")) | .checks[] |
	    select(.name == "platform") | .evidence' <<<"$output")" = \
	    "no platform names for this architecture" ]
	python3 -c 'import json
print(json.dumps({"word_size": 4, "byte_order": "little", "machine": 40,
    "entries": [{"type": 15, "value": 4096, "string": "v" + "7" * 99},
    {"type": 17, "value": 100}, {"type": 6, "value": 4096}]}))' >"$BATS_TEST_TMPDIR/j"
	run -1 --separate-stderr "$AUXV" --check --json -f "$BATS_TEST_TMPDIR/j"
	[ "$(fails "$output")" = "platform entries" ]
	[ "$(evidence "$output" platform)" = "AT_PLATFORM \"v$(printf '7%.0s' $(seq 63))\"; arm has v4l v4b v5l v5b v6l v6b v7l v7b" ]
	# A string longer than auxv reads (PATH_MAX): cut, so not known.  (The
	# save lacks every other entry arm's kernel gives: entries fails.)
	python3 -c 'import json
print(json.dumps({"word_size": 4, "byte_order": "little", "machine": 40,
    "entries": [{"type": 15, "value": 4096, "string": "v" * 5000},
    {"type": 17, "value": 100}, {"type": 6, "value": 4096}]}))' >"$BATS_TEST_TMPDIR/j"
	run -1 --separate-stderr "$AUXV" --check --json -f "$BATS_TEST_TMPDIR/j"
	[ "$(fails "$output")" = entries ]
	[ "$(verdict "$output" platform)" = "no data: AT_PLATFORM not readable" ]
}

# arch/arm64/include/asm/elf.h: ELF_PLATFORM "aarch64_be" on a big-endian
# kernel (CONFIG_CPU_BIG_ENDIAN), "aarch64" on a little-endian one; the
# save's byte order tells them apart, as the row of arch.c it is decoded by.
@test "crafted: AT_PLATFORM of a big-endian arm64 save is aarch64_be, of a little-endian one aarch64" {
	need jq
	local T=$BATS_TEST_TMPDIR
	python3 -c '
import json, sys
for i, (order, p) in enumerate([("big", "aarch64_be"), ("big", "aarch64"),
                                ("little", "aarch64_be"), ("little", "aarch64")]):
    json.dump({"word_size": 8, "byte_order": order, "machine": 183,
               "entries": [{"type": 15, "value": 4096, "string": p},
                           {"type": 17, "value": 100}]},
              open("%s/j%d" % (sys.argv[1], i), "w"))' "$T"
	run -1 --separate-stderr "$AUXV" --check --json -f "$T/j0" -f "$T/j1" \
	    -f "$T/j2" -f "$T/j3"
	[ "$(jq -r .arch <<<"$output" | tr '\n' ' ')" = "aarch64_be aarch64_be aarch64 aarch64 " ]
	[ "$(jq -r '.checks[] | select(.name == "platform") | .result' <<<"$output" |
	    tr '\n' ' ')" = "ok FAIL FAIL ok " ]
	[ "$(jq -r 'select(.label | endswith("/j0")) | .checks[] |
	    select(.name == "platform") | .evidence' <<<"$output")" = \
	    'AT_PLATFORM "aarch64_be"; aarch64_be has aarch64_be' ]
	[ "$(jq -r 'select(.label | endswith("/j2")) | .checks[] |
	    select(.name == "platform") | .evidence' <<<"$output")" = \
	    'AT_PLATFORM "aarch64_be"; aarch64 has aarch64' ]
	# Shown as the string it is, in human output and JSON alike.
	run -0 --separate-stderr "$AUXV" -f "$T/j0" -k PLATFORM
	[ "$output" = "AT_PLATFORM:          aarch64_be" ]
	run -0 --separate-stderr "$AUXV" --json -f "$T/j0" -k PLATFORM
	[ "$(jq -r '.entries[0].string' <<<"$output")" = aarch64_be ]
}

# glibc's ld.so run as a program (FINDINGS.md) rewrites AT_PHDR, AT_PHNUM,
# AT_ENTRY and AT_EXECFN for the program it loads, not AT_BASE: 0, the
# kernel's for the program it ran, which has no PT_INTERP.
@test "self run by the dynamic loader as a program: base holds, saying why; procauxv fails; the other rules hold" {
	need jq
	local interp real
	interp=$(readelf -lW "$AUXV" |
	    sed -n 's/.*Requesting program interpreter: \(.*\)]$/\1/p')
	[ -n "$interp" ] || skip "auxv is linked statically: no interpreter"
	run -1 --separate-stderr "$interp" "$AUXV" --check --json
	# It rewrites them in memory only: /proc/self/auxv keeps the
	# kernel's, ld.so's own AT_PHDR first of all.
	[ "$(fails "$output")" = procauxv ]
	# Every other way reads the same saved vector: each differs too.
	[[ "$(evidence "$output" procauxv)" =~ ^/proc/self/auxv\ differs\ from\ the\ vector\ in\ memory\ from\ entry\ [0-9]+\ \(type\ 3\)(\;\ |$) ]]
	real=$(readlink -f "$interp")
	[[ "$(evidence "$output" base)" =~ ^AT_BASE\ 0x0\;\ the\ dynamic\ linker\ that\ runs,\ ${real//./\\.},\ at\ 0x[0-9a-f]+\ \(its\ link\ map\)\;\ ld\.so\ run\ as\ a\ program:\ AT_BASE\ stays\ 0,\ the\ kernel\'s$ ]]
	# glibc's own view of a program it ran so: AT_BASE 0 (LD_SHOW_AUXV).
	LD_SHOW_AUXV=1 "$interp" /bin/true | grep -qx 'AT_BASE: *0x0'
}

# --arch decodes a vector with another architecture's tables: its HWCAP
# words are then not held to this CPU's flags.
@test "self decoded as another architecture (--arch aarch64): hwcap has no data, saying why" {
	need jq
	local other=aarch64
	# An aarch64 build (a guest of the cross stage) is decoded as x86-64.
	[ "$("$AUXV" --json -k AT_PAGESZ | jq -r .arch)" != aarch64 ] ||
	    other=x86_64
	run --separate-stderr "$AUXV" --check --json --arch "$other"
	[ "$status" -eq 0 ] || { ! has native && [ "$status" -eq 1 ]; }
	[ "$(verdict "$output" hwcap)" = "no data: decoded as --arch says, not as the process's architecture" ]
	[ "$(jq -r .arch <<<"$output")" = "$other" ]
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
	for f in phdr:phdr phnum:phdr phdrmod:phdr entry:entry ids:ids hwcap0:hwcap \
	    nohwcap2:entries sysinfo:sysinfo ehdr:sysinfo twice:entries \
	    random:"stack layout" execfn:stack base:base; do
		uexec_check "${f%%:*}"
		rule=${f#*:}
		echo "fault ${f%%:*}: status $status, fails $(fails "$output")"
		[ "$status" -eq 1 ]
		[ "$(fails "$output")" = "$rule" ]
	done
}

# proot (FINDINGS.md) leaves /proc/self/auxv its loader's vector: uexec's
# keepauxv does as much.
@test "uexec: /proc/self/auxv left the loader's (keepauxv): procauxv fails alone, naming where it differs" {
	need jq
	uexec_ready
	run -1 --separate-stderr "$UEXEC" keepauxv "$st" --check --json
	[ "$(fails "$output")" = procauxv ]
	# The first entry that differs: AT_PHDR (3), uexec's own headers'
	# address in the kernel's copy (/proc/PID/auxv of a uexec).
	# Every other way reads the same saved vector: each differs too.
	[[ "$(evidence "$output" procauxv)" =~ ^/proc/self/auxv\ differs\ from\ the\ vector\ in\ memory\ from\ entry\ [0-9]+\ \(type\ 3\)(\;\ |$) ]]
	# What the loader could have done, and did not.
	[[ "$(evidence "$output" procauxv)" == *"; a loader makes it the vector it gives with prctl(PR_SET_MM, PR_SET_MM_MAP), no capability needed" ]]
}

@test "uexec: where it may set /proc/self/auxv (PR_SET_MM_MAP), every way of opening it holds the vector" {
	need jq
	uexec_ready
	need setauxv
	run -0 --separate-stderr "$UEXEC" none "$st" --check --json
	[[ "$(evidence "$output" procauxv)" == '/proc/self/auxv, /proc/PID/auxv, /proc/thread-self/auxv, openat(/proc, "self/auxv"), openat(openat(/proc, "self"), "auxv") '*'hold the vector in memory'* ]]
}

# PR_SET_MM_MAP needs no capability (kernel/sys.c prctl_set_mm returns
# into prctl_set_mm_map before its CAP_SYS_RESOURCE check): uexec run as
# nobody makes /proc/self/auxv, and /proc/PID/stat's memory fields, the
# program's.  The oracle: python reads the kernel's copy of the vector
# of a static witness uexec started (/proc/PID/auxv, its AT_EXECFN
# string through /proc/PID/mem), which names the witness, not uexec;
# and stat's startcode and startstack are the witness's.
@test "as nobody, uexec: PR_SET_MM_MAP, no capability needed, makes /proc/self/auxv the vector it gives: procauxv holds" {
	need jq
	need setpriv
	uexec_ready
	[ -x "${WITNESS_STATIC:-}" ] || skip "no static witness built"
	local u w d f
	u=$(nobody_copy "$UEXEC") && st=$(nobody_copy "$st") &&
	    w=$(nobody_copy "$WITNESS_STATIC") && d=$(nobody_case_dir)
	run -0 --separate-stderr "${NOBODY[@]}" "$u" none "$st" --check --json
	[ "$(fails "$output")" = "" ]
	[[ "$(verdict "$output" procauxv)" == "ok: /proc/self/auxv, /proc/PID/auxv, "* ]]
	f=$d/witness
	install -m 666 /dev/null "$f"
	start_bg "${NOBODY[@]}" "$u" none "$w" "$f" 5000
	for _ in $(seq 100); do
		[ -s "$f" ] && break
		sleep 0.05
	done
	read -r _ _ execfn <"$f"
	[ "$execfn" = "$w" ]
	run -0 python3 - "$BG_PID" <<'EOF2'
import struct, sys
from oracle import pairs_of
pid = sys.argv[1]
v = dict(pairs_of("/proc/%s/auxv" % pid, struct.calcsize("P"), "="))
s = b""
with open("/proc/%s/mem" % pid, "rb", buffering=0) as m:
    m.seek(v[31])
    while not s.endswith(b"\0"):
        s += m.read(1)
print(s[:-1].decode())
stat = open("/proc/%s/stat" % pid).read().rsplit(")", 1)[1].split()
print(int(stat[23]), v[9])
EOF2
	[ "${lines[0]}" = "$w" ]
	# startcode: the witness's text, at or below its entry.
	read -r code entry <<<"${lines[1]}"
	[ "$(printf '0x%x' "$entry")" = "$(readelf_h "$w" "Entry point address")" ]
	[ "$code" -le "$entry" ]
	[ "$code" -ge $((0x400000)) ]
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
	uexec_check zerorandom
	[ "$status" -eq 1 ]
	[ "$(fails "$output")" = layout ]
	[[ "$(evidence "$output" layout)" =~ \;\ AT_RANDOM\ 0x[0-9a-f]+:\ its\ 16\ bytes\ are\ all\ zero$ ]]
	uexec_check randomplat
	[ "$status" -eq 1 ]
	[ "$(fails "$output")" = layout ]
	[[ "$(evidence "$output" layout)" =~ \;\ AT_RANDOM\ (0x[0-9a-f]+)\ overlaps\ AT_PLATFORM\'s\ string\ at\ (0x[0-9a-f]+)$ ]]
	[ "${BASH_REMATCH[1]}" = "${BASH_REMATCH[2]}" ]
}

# AT_EXECFN is the path given to execve (fs/exec.c): the executable, or
# a #! script, or a file binfmt_misc hands to an interpreter (an ELF
# program of another machine); another program of this machine is a
# loader's mistake (argv[0], or the loader's own path).
@test "uexec: AT_EXECFN naming another program fails execfn alone; a #! script or another machine's program holds" {
	need jq
	local T=$BATS_TEST_TMPDIR
	uexec_ready
	uexec_check execfile=/bin/sh
	[ "$status" -eq 1 ]
	[ "$(fails "$output")" = execfn ]
	[ "$(evidence "$output" execfn)" = 'AT_EXECFN "/bin/sh" is another program than the executable' ]
	printf '#!/bin/sh\n' >"$T/script"
	uexec_check "execfile=$T/script"
	[ "$status" -eq 0 ]
	[ "$(verdict "$output" execfn)" = "ok: AT_EXECFN \"$T/script\" is a #! script its interpreter runs" ]
	# An ELF header of e_machine 183 (EM_AARCH64), as python writes it.
	python3 -c 'import sys
from mkfixture import Elf
open(sys.argv[1], "wb").write(Elf(8, "little").ehdr(2, 183, 64, 0))' "$T/a64"
	uexec_check "execfile=$T/a64"
	[ "$status" -eq 0 ]
	[ "$(verdict "$output" execfn)" = "ok: AT_EXECFN \"$T/a64\" is no program of this machine: binfmt_misc's interpreter runs it" ]
}

# A loader that gives argv[0] as AT_EXECFN where the kernel gives the
# path execve was given (a PATH lookup's "/usr/bin/auxv" for a typed
# "auxv"): self fails execfn where nothing since exec explains a name
# that resolves to no file (the directory has no such file: ls).  The
# healthy ways to the same: execv("3") in /proc/self/fd of a descriptor
# closed at exec, a preloaded constructor that changes directory, and
# the executable renamed after exec (stopped there under ptrace): no data.
@test "self: AT_EXECFN set to argv[0], a name nothing in the directory has, fails execfn; the healthy ways to such a name have no data" {
	need jq
	local T=$BATS_TEST_TMPDIR
	uexec_ready
	mkdir "$T/empty"
	cd "$T/empty"
	run --separate-stderr "$UEXEC" argv0=auxv "$st" --check --json
	uexec_output
	[ -z "$(ls -A "$T/empty")" ]
	[ "$status" -eq 1 ]
	[ "$(fails "$output")" = execfn ]
	[ "$(evidence "$output" execfn)" = 'AT_EXECFN "auxv" is argv[0], relative, and names no file in our working directory (No such file or directory), where exec found it: the kernel gives the path execve was given' ]
	# The same name where the file is: it holds.
	cp "$st" "$T/auxv"
	cd "$T"
	touch -d '1 hour ago' auxv
	run --separate-stderr "$UEXEC" argv0=auxv "$T/auxv" --check --json
	uexec_output
	[ "$(verdict "$output" execfn)" = 'ok: AT_EXECFN "auxv" is the executable' ]
	# execv("3") in /proc/self/fd: AT_EXECFN "3", a descriptor gone.
	run --separate-stderr python3 -c 'import os, sys
fd = os.open(sys.argv[1], os.O_RDONLY | os.O_CLOEXEC)
os.chdir("/proc/self/fd")
os.execv(str(fd), [str(fd), "--check", "--json"])' "$st"
	[ "$(fails "$output")" = "" ]
	[[ "$(verdict "$output" execfn)" == "no data: AT_EXECFN \""[0-9]*"\": names no file (a name under /proc, or a file renamed or removed since our exec)" ]]
	# A preloaded constructor that changed directory to /.
	[ -n "$ENVEDIT" ] || skip "envedit.c not built"
	cp "$AUXV" "$T/dyn"
	touch -d '1 hour ago' "$T/dyn"
	run --separate-stderr env ASAN_OPTIONS="verify_asan_link_order=0:${ASAN_OPTIONS:-}" \
	    LD_PRELOAD="$ENVEDIT" ENVEDIT=chdir ./dyn --check --json
	[ "$(fails "$output")" = "" ]
	[ "$(verdict "$output" execfn)" = 'no data: AT_EXECFN "./dyn": names no file (a loader'"'"'s argv[0], or a file removed since our exec)' ]
	# Renamed after exec: stopped at its exec under ptrace, renamed, let go.
	need ptrace
	run --separate-stderr python3 -c 'import ctypes, os, sys
libc = ctypes.CDLL(None, use_errno=True)
pid = os.fork()
if pid == 0:
    libc.ptrace(0, 0, 0, 0)
    os.execv("./auxv", ["./auxv", "--check", "--json"])
os.waitpid(pid, 0)
os.rename("auxv", "auxv.old")
libc.ptrace(17, pid, 0, 0)
sys.exit(os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]))'
	[ ! -e auxv ]
	[ -e auxv.old ]
	[ "$(fails "$output")" = "" ]
	[ "$(verdict "$output" execfn)" = 'no data: AT_EXECFN "./auxv": names no file (a name under /proc, or a file renamed or removed since our exec)' ]
}

@test "uexec: headers in memory that differ from the file's: the header named, by readelf's index" {
	need jq
	local i
	uexec_check phdrmod
	[ "$status" -eq 1 ]
	# uexec changed PT_GNU_STACK (0x6474e551 in the ELF gABI) in memory.
	i=$(readelf -lW "$st" | awk '/^  [A-Z]/ && $1 != "Type" { if ($1 == "GNU_STACK") print n; n++ }')
	[ -n "$i" ]
	[ "$(evidence "$output" phdr)" = "AT_PHDR 0x400040: header $i (type 0x6474e551) differs from the executable's (type 0x6474e551)" ]
}

# bats test_tags=full
@test "uexec: an entry left out fails its rule, saying it is absent, and entries" {
	need jq
	local t rule ev name
	# Type, its name, the rule that needs it and its evidence.  (Static
	# glibc can't start without AT_PHNUM or AT_RANDOM.)
	while IFS=: read -r t name rule ev; do
		uexec_check "drop=$t"
		echo "drop=$t: status $status, fails $(fails "$output")"
		[ "$status" -eq 1 ]
		[ "$(fails "$output")" = "${rule:+$rule }entries" ]
		[ -z "$rule" ] || [ "$(evidence "$output" "$rule")" = "$ev" ]
		[ "$(evidence "$output" entries)" = "$name absent" ]
	done <<'EOF'
3:AT_PHDR:phdr:AT_PHDR, AT_PHENT or AT_PHNUM absent
4:AT_PHENT:phdr:AT_PHDR, AT_PHENT or AT_PHNUM absent
9:AT_ENTRY:entry:AT_ENTRY absent
7:AT_BASE:base:AT_BASE absent
6:AT_PAGESZ:pagesz:AT_PAGESZ absent
17:AT_CLKTCK:clktck:AT_CLKTCK absent
11:AT_UID:ids:AT_UID absent
12:AT_EUID:ids:AT_EUID absent
13:AT_GID:ids:AT_GID absent
14:AT_EGID:ids:AT_EGID absent
23:AT_SECURE::
16:AT_HWCAP::
31:AT_EXECFN::
EOF
	# Without AT_PLATFORM the platform rule has no data.
	uexec_check drop=15
	[ "$(evidence "$output" platform)" = "no AT_PLATFORM" ]
	[ "$(fails "$output")" = entries ]
	uexec_check drop=33
	[ "$(fails "$output")" = "sysinfo entries" ]
	[[ "$(evidence "$output" sysinfo)" =~ ^AT_SYSINFO_EHDR\ absent\;\ \[vdso\]\ at\ 0x[0-9a-f]+$ ]]
}

# bats test_tags=full
@test "uexec: the evidence names both sides (readelf, id, CPUID)" {
	need jq
	uexec_check entry
	e=$(readelf_h "$st" "Entry point address")
	# The bias from stat's startcode where uexec could set it
	# (PR_SET_MM_MAP), else from where our code runs.
	[[ "$(evidence "$output" entry)" =~ "e_entry $e + load bias 0x0 (from "(stat\'s startcode|where our code runs)") = $e"$ ]]
	uexec_check ids
	[[ "$(evidence "$output" ids)" == *"the process $(id -u)/$(id -u)/$(id -g)/$(id -g)" ]]
	uexec_check hwcap0
	# Every flag of CPUID leaf 1 EDX that cpuinfo lists, said missing.
	for fl in fpu tsc cx8 sse2; do
		grep -qw "$fl" /proc/cpuinfo || continue
		[[ "$(evidence "$output" hwcap)" == *" -$fl "* ]]
	done
	# AT_SYSINFO_EHDR 0 beside a mapped vDSO: both, and that alone.
	uexec_check ehdr
	[[ "$(evidence "$output" sysinfo)" =~ ^AT_SYSINFO_EHDR\ 0x0\;\ \[vdso\]\ at\ 0x[0-9a-f]+$ ]]
	# AT_RANDOM at uexec's own bytes, outside the stack: that alone.
	uexec_check random
	[[ "$(evidence "$output" stack)" =~ ^\[stack\]\ 0x[0-9a-f]+-0x[0-9a-f]+\;\ AT_RANDOM\ 0x[0-9a-f]+\ outside$ ]]
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

# cpuinfo_edx FILE: CPUID.1:EDX's bits that FILE's first flags line names.
cpuinfo_edx() {
	local f w=0 i
	f=" $(grep -m1 '^flags' "$1" | sed 's/^[^:]*://') "
	for i in "${!X86_EDX[@]}"; do
		[[ "$f" != *" ${X86_EDX[i]} "* ]] || w=$((w | 1 << i))
	done
	echo "$w"
}

# edx_names WORD: the names of WORD's named bits, in bit order.
edx_names() {
	local i out=
	for i in "${!X86_EDX[@]}"; do
		[ $(($1 >> i & 1)) -eq 0 ] || [ "${X86_EDX[i]}" = - ] ||
		    out+=${out:+ }${X86_EDX[i]}
	done
	echo "$out"
}

# cpuinfo_as FILE CMD...: CMD where /proc/cpuinfo is FILE.
cpuinfo_as() {
	unshare -m sh -c 'mount --bind "$1" /proc/cpuinfo && shift &&
	    exec "$@"' _ "$@"
}

@test "uexec: AT_HWCAP bits the CPU lacks: each said with +, by name or, unnamed, by number" {
	need jq
	need_cpuid
	local ci cpu off want
	uexec_ready
	# The kernel's AT_HWCAP is its view of CPUID.1:EDX, cpuinfo's (the
	# vector made right holds every rule).  Bit 10 of it is reserved,
	# bit 30 IA64, "ia64" in arch/x86/include/asm/cpufeatures.h: no
	# x86-64 CPU has either.
	cpu=$(cpuid_reg 1 3)
	ci=$(cpuinfo_edx /proc/cpuinfo)
	[ $((cpu >> 10 & 1)) -eq 0 ] && [ $((cpu >> 30 & 1)) -eq 0 ]
	off=$(edx_names $((cpu & ~ci)))
	want=$(printf '0x%x' $((ci | 1 << 10 | 1 << 30)))
	uexec_check "set=16=$want"
	[ "$status" -eq 1 ]
	[ "$(fails "$output")" = hwcap ]
	# ia64 is a name cpuinfo would list: said against the kernel's view;
	# both bits against CPUID, which has neither; what the kernel turned
	# off, CPUID's bits that cpuinfo lacks, between.
	[[ "$(evidence "$output" hwcap)" == "AT_HWCAP $want; /proc/cpuinfo $(printf '0x%x' "$ci") +ia64; CPUID.1:EDX $(printf '0x%x' "$cpu")${off:+; kernel turned off: $off}; not in CPUID: ?(bit 10) ia64"?(;*) ]]
}

# AT_HWCAP 0: every bit cpuinfo lists is said missing, and the kernel is
# said to have turned off only what CPUID has and cpuinfo, its view,
# lacks: not every bit the vector lacks.
@test "uexec: AT_HWCAP 0: each cpuinfo bit said missing; 'kernel turned off' only CPUID's bits that cpuinfo lacks" {
	need jq
	need_cpuid
	local ci cpu off e
	uexec_ready
	cpu=$(cpuid_reg 1 3)
	ci=$(cpuinfo_edx /proc/cpuinfo)
	off=$(edx_names $((cpu & ~ci)))
	uexec_check set=16=0
	[ "$status" -eq 1 ]
	[ "$(fails "$output")" = hwcap ]
	e=$(evidence "$output" hwcap)
	[[ "$e" == "AT_HWCAP 0x0; /proc/cpuinfo $(printf '0x%x' "$ci") -$(edx_names "$ci" | sed 's/ / -/g'); CPUID.1:EDX $(printf '0x%x' "$cpu")${off:+; kernel turned off: $off}"?(;*) ]]
}

# A bit of CPUID.1:EDX that the kernel turned off (as a kernel that
# disabled MTRR does, or clearcpuid=): neither the vector nor the
# kernel's view, /proc/cpuinfo, has it.  Here each bit the kernel gave,
# taken off both in turn (cpuinfo's flags bound over it in a mount
# namespace), for the names of arch/x86/kernel/cpu/cpuinfo's flags; the
# kernel turned off those, and whatever this kernel had turned off.
@test "uexec: a CPUID bit the kernel turned off, gone from AT_HWCAP and cpuinfo: said, not failed" {
	need jq
	need mountns
	need_cpuid
	local ci cpu fl bit n=0 T=$BATS_TEST_TMPDIR
	uexec_ready
	cpu=$(cpuid_reg 1 3)
	ci=$(cpuinfo_edx /proc/cpuinfo)
	for fl in fpu:0 tsc:4 mtrr:12 sse2:26; do
		bit=${fl#*:}
		fl=${fl%:*}
		[ $((ci >> bit & 1)) -eq 1 ] || continue
		sed -E "/^flags/s/ $fl( |\$)/\1/" /proc/cpuinfo >"$T/cpuinfo"
		[ "$(cpuinfo_edx "$T/cpuinfo")" -eq $((ci & ~(1 << bit))) ]
		run --separate-stderr cpuinfo_as "$T/cpuinfo" "$UEXEC" \
		    "set=16=$((ci & ~(1 << bit)))" "$st" --check --json
		uexec_output
		echo "$fl: status $status, $(evidence "$output" hwcap)"
		[ "$status" -eq 0 ]
		[ "$(fails "$output")" = "" ]
		[[ "$(evidence "$output" hwcap)" == *"; CPUID.1:EDX $(printf '0x%x' "$cpu"); kernel turned off: $(edx_names $((cpu & ~ci | 1 << bit)))"?(;*) ]]
		n=$((n + 1))
	done
	[ "$n" -ge 1 ]
	# And the vector that claims it where the kernel's view lacks it.
	run --separate-stderr cpuinfo_as "$T/cpuinfo" "$UEXEC" \
	    "set=16=$ci" "$st" --check --json
	uexec_output
	[ "$status" -eq 1 ]
	[ "$(fails "$output")" = hwcap ]
	[[ "$(evidence "$output" hwcap)" == "AT_HWCAP $(printf '0x%x' "$ci"); /proc/cpuinfo "*" +$fl;"* ]]
}

# x86's AT_HWCAP2 FSGSBASE (bit 1, arch/x86/include/uapi/asm/hwcap2.h) is
# set where the kernel enabled the instructions: cpuinfo's "fsgsbase",
# CPUID.7:EBX bit 0 besides.  Both kernels' views, whichever this one
# took: cpuinfo's flags with and without it, bound over /proc/cpuinfo.
@test "uexec: AT_HWCAP2 without FSGSBASE where the kernel enabled it fails; where the kernel turned it off, said" {
	need jq
	need mountns
	need_cpuid
	local b7 T=$BATS_TEST_TMPDIR
	uexec_ready
	b7=$(cpuid_reg 7 1) && [ $((b7 & 1)) -eq 1 ] ||
	    skip "the CPU has no FSGSBASE (CPUID.7:EBX bit 0 clear)"
	# Neither word: nothing to compare (entries says what is missing).
	uexec_check drop=16,drop=26
	[ "$(verdict "$output" hwcap)" = "no data: no HWCAP word to compare" ]
	sed -E '/^flags/s/ fsgsbase( |$)/\1/; /^flags/s/ ring3mwait( |$)/\1/' \
	    /proc/cpuinfo >"$T/off"
	sed -E '/^flags/s/$/ fsgsbase/' "$T/off" >"$T/on"
	# The kernel enabled it: a vector without it fails, and the kernel
	# is not said to have turned it off.
	run --separate-stderr cpuinfo_as "$T/on" "$UEXEC" set=26=0 "$st" \
	    --check --json
	uexec_output
	[ "$status" -eq 1 ]
	[ "$(fails "$output")" = hwcap ]
	[[ "$(evidence "$output" hwcap)" == *"; AT_HWCAP2 0x0; /proc/cpuinfo 0x2 -fsgsbase; CPUID.7:EBX.FSGSBASE 1" ]]
	# It turned it off: said; a vector that claims it fails.
	run --separate-stderr cpuinfo_as "$T/off" "$UEXEC" set=26=0 "$st" \
	    --check --json
	uexec_output
	[ "$status" -eq 0 ]
	[[ "$(evidence "$output" hwcap)" == *"; AT_HWCAP2 0x0; /proc/cpuinfo 0x0; CPUID.7:EBX.FSGSBASE 1; kernel turned off: fsgsbase" ]]
	run --separate-stderr cpuinfo_as "$T/off" "$UEXEC" set=26=2 "$st" \
	    --check --json
	uexec_output
	[ "$status" -eq 1 ]
	[[ "$(evidence "$output" hwcap)" == *"; AT_HWCAP2 0x2; /proc/cpuinfo 0x0 +fsgsbase; CPUID.7:EBX.FSGSBASE 1; kernel turned off: fsgsbase" ]]
}

# A cpuinfo that is not the CPU this process sees (an emulator passes the
# host's through): one whose flags claim a bit CPUID lacks, one whose
# family is not CPUID's.  Set aside, saying why; the vector held within
# CPUID alone: a bit it lacks is no FAIL, one CPUID lacks is.
@test "uexec: a cpuinfo of another CPU (flags CPUID lacks, another family): set aside, saying why; AT_HWCAP held within CPUID" {
	need jq
	need mountns
	need_cpuid
	local ci cpu fam a T=$BATS_TEST_TMPDIR
	uexec_ready
	cpu=$(cpuid_reg 1 3)
	ci=$(cpuinfo_edx /proc/cpuinfo)
	[ $((cpu >> 30 & 1)) -eq 0 ]
	sed -E '/^flags/s/$/ ia64/' /proc/cpuinfo >"$T/ia64"
	fam=$(sed -n 's/^cpu family[[:space:]]*: //p;T;q' /proc/cpuinfo)
	sed -E "s/^(cpu family[[:space:]]*: ).*/\\1$((fam + 1))/" \
	    /proc/cpuinfo >"$T/fam"
	for a in "ia64:it claims ia64, which CPUID lacks" \
	    "fam:its CPU * family $((fam + 1)) model *, CPUID's * family $fam model *"; do
		run --separate-stderr cpuinfo_as "$T/${a%%:*}" "$UEXEC" \
		    set=16=$((cpu & ~1)) "$st" --check --json
		uexec_output
		echo "${a%%:*}: $(evidence "$output" hwcap)"
		[ "$status" -eq 0 ]
		[[ "$(evidence "$output" hwcap)" == "AT_HWCAP $(printf '0x%x' $((cpu & ~1))); /proc/cpuinfo 0x"+([0-9a-f])" set aside: not the CPU this process sees ("${a#*:}"); CPUID.1:EDX $(printf '0x%x' "$cpu")"?(;*) ]]
		[[ "$(evidence "$output" hwcap)" != *"kernel turned off"* ]]
		run --separate-stderr cpuinfo_as "$T/${a%%:*}" "$UEXEC" \
		    set=16=$((cpu | 1 << 30)) "$st" --check --json
		uexec_output
		[ "$status" -eq 1 ]
		[ "$(fails "$output")" = hwcap ]
		[[ "$(evidence "$output" hwcap)" == *"; CPUID.1:EDX $(printf '0x%x' "$cpu"); not in CPUID: ia64"?(;*) ]]
	done
}

@test "uexec: IDs that differ: AT_SECURE must say so, and each is held to the process's" {
	need jq
	local u g o
	u=$(id -u)
	g=$(id -g)
	o=$((u == 1000 ? 1001 : 1000))
	# AT_EUID not AT_UID with AT_SECURE 0: the kernel sets AT_SECURE
	# where they differ (security/commoncap.c cap_bprm_creds_from_file).
	uexec_check "set=12=$o"
	[ "$status" -eq 1 ]
	[ "$(fails "$output")" = ids ]
	[ "$(evidence "$output" ids)" = "AT_UID/EUID/GID/EGID $u/$o/$g/$g; the process $u/$u/$g/$g; AT_SECURE 0 where they differ" ]
	# AT_EGID not AT_GID, AT_SECURE 1: consistent, but not the process's.
	uexec_check "set=14=$o,set=23=1"
	[ "$status" -eq 1 ]
	[ "$(fails "$output")" = ids ]
	[ "$(evidence "$output" ids)" = "AT_UID/EUID/GID/EGID $u/$u/$g/$o; the process $u/$u/$g/$g" ]
}

@test "uexec: a program copied into anonymous memory is held to /proc/self/exe, its loader's file" {
	need jq
	local n m want
	uexec_check anon
	[ "$status" -eq 1 ]
	# No file mapping holds auxv's code: the executable is uexec itself,
	# whose headers, entry and interpreter are not the vector's, nor is
	# AT_EXECFN's file.
	want="phdr entry"
	! readelf -lW "$UEXEC" | grep -q INTERP || want="phdr entry base"
	want+=" execfn"
	[ "$(fails "$output")" = "$want" ]
	n=$(readelf_h "$st" "Number of program headers")
	m=$(readelf_h "$UEXEC" "Number of program headers")
	[ "$n" -eq "$m" ] ||
	    [ "$(evidence "$output" phdr)" = "AT_PHENT 56, AT_PHNUM $n; the executable's e_phentsize 56, e_phnum $m" ]
	[[ "$(evidence "$output" entry)" == "AT_ENTRY $(readelf_h "$st" "Entry point address"); e_entry $(readelf_h "$UEXEC" "Entry point address") + load bias "* ]]
}

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

@test "uexec: the executable's file changed once loaded: what auxv cannot read is no data, a header that differs FAIL" {
	need jq
	local name spec want s cp=$BATS_TEST_TMPDIR/st
	uexec_ready
	# Each case: its name, uexec's patches of a copy of the program (the
	# loaded one left as it was; set= a fault of the vector besides), then
	# the rules that fail and the verdicts of phdr, entry and base, from
	# the ELF file itself (elf.py), "|" between them.
	python3 - "$st" >"$BATS_TEST_TMPDIR/cases" <<'EOF'
import sys
import elf
f = elf.read(sys.argv[1])
entry, phoff, phnum, phent = f.h.entry, f.h.phoff, f.h.phnum, f.h.phentsize
ph = f.phdrs()
loads = [i for i in range(phnum) if ph[i].type == elf.PT_LOAD]
k = [i for i in loads if ph[i].offset <= phoff <
     ph[i].offset + ph[i].filesz][0]
at_phdr = phoff - ph[k].offset + ph[k].vaddr

def p(off, data):
    return "patch=%d:%s" % (off, data.hex())

def hdr(i, name, value):
    return p(f.where("phdr", i, name), f.packfield("phdr", name, value))

def ehdr(name, value):
    return p(f.where("ehdr", 0, name), f.packfield("ehdr", name, value))

# A PT_INTERP at header i naming a path written after the headers,
# where nothing is read at run time, or one past the end of the file.
path, where = b"/nonexistent/interp\0", f.at("phdr", phnum)
interp = lambda i: [hdr(i, "type", elf.PT_INTERP), hdr(i, "offset", where),
                    hdr(i, "filesz", len(path)), p(where, path)]
eof = lambda i: [hdr(i, "type", elf.PT_INTERP),
                 hdr(i, "offset", len(f.data)), hdr(i, "filesz", len(path))]
no = "no data: executable is not a readable ELF file"
ok = ("ok: AT_PHDR 0x%x holds the executable's %d headers of %d bytes, "
      "load bias 0x0 (from where our code runs)" % (at_phdr, phnum, phent),
      "ok: AT_ENTRY 0x%x; e_entry 0x%x + load bias 0x0 (from where our "
      "code runs) = 0x%x"
      % (entry, entry, entry),
      "ok: AT_BASE 0x0; the executable has no PT_INTERP: 0")
differs = lambda i, t: ("FAIL: AT_PHDR 0x%x: header %d (type 0x%x) differs "
                        "from the executable's (type 0x%x)"
                        % (at_phdr, i, ph[i].type, t))
unmapped = "FAIL: AT_BASE 0x0; interpreter /nonexistent/interp not mapped"
last = phnum - 1
for name, patches, fails, verdicts in [
        ("e_phentsize 57", [ehdr("phentsize", 57)], "", (no, no, no)),
        ("e_phnum 200", [ehdr("phnum", 200)], "", (no, no, no)),
        ("e_phoff past the end", [ehdr("phoff", len(f.data))], "",
         (no, no, no)),
        ("EI_CLASS 3", [p(elf.EI_CLASS, b"\3")], "", (no, no, no)),
        ("a PT_INTERP past the end", eof(last), "", (no, no, no)),
        ("a PT_INTERP longer than PATH_MAX",
         interp(last) + [hdr(last, "filesz", 4097)], "", (no, no, no)),
        ("a PT_INTERP of no file", interp(last), "phdr base",
         (differs(last, 3), ok[1], unmapped)),
        ("the first of two PT_INTERPs", interp(last - 1) + eof(last),
         "phdr base", (differs(last - 1, 3), ok[1], unmapped)),
        ("no PT_LOAD", [hdr(i, "type", 0) for i in loads], "phdr",
         (differs(loads[0], 0),
          "no data: the executable has no PT_LOAD", ok[2])),
        ("the headers outside the PT_LOAD",
         [hdr(k, "filesz", phoff - ph[k].offset)], "phdr",
         (differs(k, 1), ok[1], ok[2])),
        # What the kernel gives then since Linux 5.18 (load_elf_binary:
        # the load bias), before it the address above; neither fails.
        ("the headers outside the PT_LOAD, AT_PHDR 0",
         [hdr(k, "filesz", phoff - ph[k].offset), "set=3=0"], "",
         ("ok: AT_PHDR 0x0: no PT_LOAD holds e_phoff 0x%x, the kernel "
          "gives the load bias (Linux 5.18 on)" % phoff, ok[1], ok[2]))]:
    print("|".join([name, ",".join(patches), fails] + list(verdicts)))
EOF
	while IFS='|' read -r name spec want; do
		cp "$st" "$cp"
		run --separate-stderr "$UEXEC" "$spec" "$cp" --check --json
		uexec_output
		echo "$name: status $status"
		s=1
		[ -n "${want%%|*}" ] || s=0
		[ "$status" -eq "$s" ]
		printf '%s\n' "$output" >>"$BATS_TEST_TMPDIR/out"
		printf '%s\n' "$name|$want" >>"$BATS_TEST_TMPDIR/want"
		# The file says what the patches wrote, as readelf reads it.
		[ "$name" != "a PT_INTERP of no file" ] || readelf -lW "$cp" |
		    grep -q 'Requesting program interpreter: /nonexistent/interp'
	done <"$BATS_TEST_TMPDIR/cases"
	[ "$(wc -l <"$BATS_TEST_TMPDIR/want")" -eq 11 ]
	# The load bias is from stat's startcode where uexec could set it
	# (PR_SET_MM_MAP), else from where our code runs: the same value.
	diff "$BATS_TEST_TMPDIR/want" <(cut -d'|' -f1 "$BATS_TEST_TMPDIR/cases" |
	    paste -d'|' - <(jq -r '[[.checks[] | select(.result == "FAIL") |
	    .name] | join(" ")] + [.checks[] | select(.name == "phdr" or
	    .name == "entry" or .name == "base") | .result + ": " +
	    .evidence] | join("|")' "$BATS_TEST_TMPDIR/out" |
	    sed "s/(from stat's startcode)/(from where our code runs)/g"))
}

@test "uexec: AT_MINSIGSTKSZ and AT_RSEQ_* left out: missing on this kernel, not on one that uname says is 2.6" {
	need jq
	local a want
	uexec_ready
	a=$(uname -m)
	[ "$(setarch "$a" --uname-2.6 uname -r 2>/dev/null | cut -d. -f1,2)" = 2.6 ] ||
	    skip "setarch cannot set the UNAME26 personality here"
	# x86 gives AT_MINSIGSTKSZ since 5.14, every architecture AT_RSEQ_*
	# since 6.3: asked of a live vector where uname(2) names such a kernel.
	# (AT_RSEQ_* where this kernel is built with rseq: this shell has
	# them then.)
	if [ "$(printf '%s\n' 6.3 "$(uname -r)" | sort -V | head -1)" = 6.3 ]; then
		uexec_check drop=51,drop=27,drop=28
		[ "$status" -eq 1 ]
		[ "$(fails "$output")" = entries ]
		want="AT_MINSIGSTKSZ absent"
		! shell_pairs | grep -q '^27 ' ||
		    want+="; AT_RSEQ_FEATURE_SIZE absent; AT_RSEQ_ALIGN absent"
		[ "$(evidence "$output" entries)" = "$want" ]
	fi
	run --separate-stderr setarch "$a" --uname-2.6 "$UEXEC" \
	    drop=51,drop=27,drop=28 "$st" --check --json
	uexec_output
	[ "$status" -eq 0 ]
	[ "$(fails "$output")" = "" ]
	[[ "$(evidence "$output" entries)" == "each of the "*" entries once; none of x86_64's missing" ]]
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

# [stack] is the mapping that holds startstack (vma_is_initial_stack),
# which PR_SET_MM_MAP moves: the strings outside it are not the kernel's
# fault.  Oracle: python3 finds startstack in the [stack] line of maps,
# and AT_RANDOM of /proc/PID/auxv outside it.
@test "a PID that moved its startstack by PR_SET_MM_MAP, [stack] with it: stack and layout said, not failed" {
	need jq
	local sp arg same rnd lo hi
	start_odd setstack
	grep -q renamed "$BATS_TEST_TMPDIR/bg.out" ||
	    skip "PR_SET_MM_MAP needs CONFIG_CHECKPOINT_RESTORE: $(cat "$BATS_TEST_TMPDIR/bg.out")"
	read -r sp arg same rnd < <(stack_facts "$BG_PID")
	read -r lo hi < <(awk '$6 == "[stack]" { split($1, a, "-"); print "0x" a[1], "0x" a[2] }' "/proc/$BG_PID/maps")
	lo=$(printf '0x%x' "$lo") hi=$(printf '0x%x' "$hi")
	[ $((sp)) -ge $((lo)) ] && [ $((sp)) -lt $((hi)) ]
	[ $((rnd)) -lt $((lo)) ] || [ $((rnd)) -ge $((hi)) ]
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
	start_odd copystack
	grep -q renamed "$BATS_TEST_TMPDIR/bg.out" ||
	    skip "PR_SET_MM_MAP needs CONFIG_CHECKPOINT_RESTORE: $(cat "$BATS_TEST_TMPDIR/bg.out")"
	[ "$(python3 "$TESTS_DIR/oracle.py" stackvec "$BG_PID")" = same ]
	read -r sp arg same rnd < <(stack_facts "$BG_PID")
	read -r lo hi < <(awk '$6 == "[stack]" { split($1, a, "-"); print "0x" a[1], "0x" a[2] }' "/proc/$BG_PID/maps")
	[ $((sp)) -ge $((lo)) ] && [ $((sp)) -lt $((hi)) ]
	[ $((rnd)) -lt $((lo)) ] || [ $((rnd)) -ge $((hi)) ]
	run -0 --separate-stderr "$AUXV" --check --json "$BG_PID"
	stop_bg
	[ "$(fails "$output")" = "" ]
	[[ "$(verdict "$output" stack)" == "no data: [stack] "*"; AT_RANDOM $rnd outside;"*" $WHY_STAT" ]]
	[[ "$(verdict "$output" layout)" == "no data: argc 2 at $sp, "*"; AT_RANDOM $rnd in another mapping $WHY_STAT" ]]
}

# More strings than 65,536, auxv's old bound: only the kernel's counts.
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

# 32-bit ARM under a loader that built the program's stack below its
# own (tests/exec/armshim.S, under qemu-arm): glibc's _start wrote
# argv's address over argc, and startstack is the loader's.  The
# oracle: the arguments and variables given.
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

# A long-running process whose interpreter was replaced since its exec
# (an upgrade of libc): the file at PT_INTERP's path is another inode,
# and the mapping at AT_BASE a deleted file's.
@test "a PID whose interpreter was replaced since exec: base has no data, saying so" {
	need jq
	local d interp
	d=$(mktemp -d /tmp/ldXXXX)
	interp=$(readelf -lW /bin/sleep |
	    sed -n 's/.*Requesting program interpreter: \(.*\)]$/\1/p')
	[ -n "$interp" ] || skip "/bin/sleep has no interpreter"
	cp "$interp" "$d/ld.so"
	# /bin/sleep with PT_INTERP naming the copy (a shorter path, NUL
	# padded), as python3 writes it.
	python3 -c 'import sys
f = bytearray(open("/bin/sleep", "rb").read())
old = sys.argv[1].encode() + b"\0"
i = f.index(old)
new = sys.argv[2].encode()
f[i:i + len(old)] = new + b"\0" * (len(old) - len(new))
open(sys.argv[3], "wb").write(f)' "$interp" "$d/ld.so" "$d/sleep"
	chmod 755 "$d/sleep"
	start_bg "$d/sleep" 100
	rm "$d/ld.so"
	cp "$interp" "$d/ld.so"
	grep -q "$d/ld.so (deleted)" "/proc/$BG_PID/maps"
	run -0 --separate-stderr "$AUXV" --check --json "$BG_PID"
	stop_bg
	rm -r "$d"
	[[ "$(verdict "$output" base)" =~ ^no\ data:\ AT_BASE\ 0x[0-9a-f]+\;\ a\ deleted\ file\ mapped\ there:\ interpreter\ /tmp/ld[A-Za-z0-9]+/ld\.so\ replaced\ \(changed\ since\ exec\)$ ]]
}

# --- Facts the process may change after exec (issue 45) -------------------
#
# A PID's root, directory, the files at its paths and its mappings may
# have changed since its exec; a path looked up now may confirm the
# vector, never fail it.  Each case a process a real system runs, the
# kernel's vector read by python3 (oracle.py), maps, exe and uid_map the
# other side.

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

# execfn_of PID: the string AT_EXECFN points to, read from /proc/PID/mem.
execfn_of() {
	python3 - "$1" "$(ws_of "$1")" <<'EOF'
import sys
from oracle import cstring, pairs_of
pid, ws = sys.argv[1], int(sys.argv[2])
at = dict(pairs_of("/proc/%s/auxv" % pid, ws))[31]
with open("/proc/%s/mem" % pid, "rb") as mem:
    print(cstring(mem, at).decode())
EOF
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

# interp_of EXE: the path PT_INTERP names, as readelf has it.
interp_of() {
	readelf -lW "$1" | sed -n 's/.*Requesting program interpreter: \(.*\)]$/\1/p'
}

# with_interp EXE INTERP OUT: EXE with PT_INTERP naming INTERP (no longer
# than EXE's, NUL-padded), as python3 writes it.
with_interp() {
	python3 -c 'import sys
f = bytearray(open(sys.argv[1], "rb").read())
old = sys.argv[2].encode() + b"\0"
i = f.index(old)
new = sys.argv[3].encode()
f[i:i + len(old)] = new + b"\0" * (len(old) - len(new))
open(sys.argv[4], "wb").write(f)' "$1" "$(interp_of "$1")" "$2" "$3"
	chmod 755 "$3"
}

@test "a PID whose executable's path now names another program (replaced, renamed away, a link flipped, as upgrades do): execfn has no data, never FAIL" {
	need jq
	local T=$BATS_TEST_TMPDIR exe why
	cp "$(command -v sleep)" "$T/s1"
	cp "$(type -P true)" "$T/s2"
	for how in replace rename link; do
		cp "$T/s1" "$T/d"
		[ "$how" != link ] || ln -sfn s1 "$T/l"
		exe=$T/d
		[ "$how" != link ] || exe=$T/l
		start_bg "$exe" 100
		case $how in
		replace) cp "$T/s2" "$T/new" && mv "$T/new" "$T/d" ;;
		rename) mv "$T/d" "$T/d.old" && cp "$T/s2" "$T/d" ;;
		link) ln -sfn s2 "$T/l.new" && mv -T "$T/l.new" "$T/l" ;;
		esac
		# The kernel's AT_EXECFN, and the file at it now another.
		[ "$(execfn_of "$BG_PID")" = "$exe" ]
		! same_inode "$exe" "/proc/$BG_PID/exe"
		why=" $WHY_PATH"
		if [ "$how" = replace ]; then
			[[ "$(readlink "/proc/$BG_PID/exe")" == *" (deleted)" ]]
			why="; the executable's file is deleted $WHY_SEEN"
		fi
		run -0 --separate-stderr "$AUXV" --check --json "$BG_PID"
		stop_bg
		echo "$how: $(verdict "$output" execfn)"
		[ "$(fails "$output")" = "" ]
		[ "$(verdict "$output" execfn)" = "no data: AT_EXECFN \"$exe\" is another program than the executable$why" ]
		rm -f "$T/d" "$T/d.old" "$T/l"
	done
}

# fexecve(3) and execveat(2) give AT_EXECFN "/dev/fd/N" or
# "/dev/fd/N/name" (fs/exec.c alloc_bprm), glibc without execveat
# "/proc/self/fd/N", runc's re-exec "/proc/self/exe": names of the
# caller's view, never resolved in auxv's, whatever auxv has open there.
@test "a PID started by fexecve, execveat, /proc/self/fd/N or /proc/self/exe: execfn has no data, saying why, whatever auxv holds at that descriptor" {
	need jq
	local T=$BATS_TEST_TMPDIR mode want
	mkdir "$T/other"
	cp "$(type -P true)" "$T/other/$(basename "$ODDPROC")"
	for mode in fexec:"/dev/fd/9" execat:"/dev/fd/9/$(basename "$ODDPROC")" \
	    procfd:/proc/self/fd/9 selfexe:/proc/self/exe; do
		start_odd "${mode%%:*}"
		wait_out waiting
		same_inode "/proc/$BG_PID/exe" "$ODDPROC"
		[ "$(execfn_of "$BG_PID")" = "${mode#*:}" ]
		# auxv's own descriptor 9: another program, or a directory
		# holding one of the name.
		if [ "${mode%%:*}" = execat ]; then
			run -0 --separate-stderr "$AUXV" --check --json "$BG_PID" 9<"$T/other"
		else
			run -0 --separate-stderr "$AUXV" --check --json "$BG_PID" 9<"$T/other/$(basename "$ODDPROC")"
		fi
		stop_bg
		case ${mode%%:*} in
		fexec) want="names a descriptor of the process at exec (fexecve)" ;;
		execat) want="names a file under a directory descriptor of the process at exec (execveat)" ;;
		procfd) want="names a descriptor of the process at exec (fexecve through /proc)" ;;
		selfexe) want="names the executable of the process that called exec (/proc/self/exe), not ours" ;;
		esac
		echo "$mode: $(verdict "$output" execfn)"
		[ "$(fails "$output")" = "" ]
		[ "$(verdict "$output" execfn)" = "no data: AT_EXECFN \"${mode#*:}\": $want" ]
	done
}

# Why execfn has no data is the real reason: /proc not mounted (nothing
# was replaced), and a long AT_EXECFN is quoted whole up to 200 bytes,
# past that marked as cut with its length (the path's, from bash).
@test "self: execfn says /proc is not mounted, and quotes a long AT_EXECFN whole or marked as cut" {
	native_only "copies of auxv run as themselves, with no /proc"
	need mountns
	unsanitized "a mount namespace without /proc (ASan reads its maps at start)"
	need jq
	local T=$BATS_TEST_TMPDIR d75 d300 out
	run -0 unshare -m sh -c 'umount -l /proc && exec "$1" --check --json' \
	    sh "$AUXV"
	[ "$(verdict "$output" execfn)" = "no data: AT_EXECFN \"$AUXV\"; /proc is not mounted" ]
	[ "$(fails "$output")" = "" ]
	d75=$T/$(printf 'd%.0s' $(seq $((69 - ${#T}))))
	d300=$T/$(printf 'e%.0s' $(seq 200))/$(printf 'f%.0s' $(seq $((93 - ${#T}))))
	mkdir -p "$d75" "$d300"
	cp "$AUXV" "$d75/auxv"
	cp "$AUXV" "$d300/auxv"
	[ "${#d75}" -eq 70 ]
	[ "${#d300}" -eq 295 ]
	run -0 "$d75/auxv" --check --json
	[ "$(verdict "$output" execfn)" = "ok: AT_EXECFN \"$d75/auxv\" is the executable" ]
	run -0 "$d300/auxv" --check --json
	[ "$(verdict "$output" execfn)" = "ok: AT_EXECFN \"${d300:0:200}\"... (cut, 300 bytes) is the executable" ]
}

# maps_at PID ADDR: the path of PID's mapping that starts at ADDR.
maps_at() {
	python3 -c 'import sys
for l in open("/proc/%s/maps" % sys.argv[1]):
    f = l.split()
    if int(f[0].split("-")[0], 16) == int(sys.argv[2], 16) and len(f) > 5:
        print(f[5])
        break' "$1" "$2"
}

# base_ok PID: AT_BASE is the start of a mapping at offset 0 of the
# interpreter's file, one of two or more (maps), and --check holds base.
base_ok() {
	local at n
	at=$(at_of "$1" 7)
	n=$(awk -v f="$(readlink -f "$2")" '$6 == f && $3 == "00000000"' \
	    "/proc/$1/maps" | wc -l)
	[ "$n" -ge 2 ]
	awk -v f="$(readlink -f "$2")" '$6 == f && $3 == "00000000" {
	    split($1, r, "-"); print "0x" r[1] }' "/proc/$1/maps" |
	    python3 -c 'import sys; sys.exit(int(sys.argv[1], 16) not in
	        [int(l, 16) for l in sys.stdin])' "$at"
	run -0 --separate-stderr "$AUXV" --check --json "$1"
	[ "$(verdict "$output" base)" = "ok: AT_BASE $at; $2 mapped at $at" ]
}

@test "a PID whose interpreter's file is mapped twice (qemu-user's guest ld.so, oddproc mapat): AT_BASE held to either" {
	need jq
	local interp
	interp=$(interp_of "$ODDPROC")
	[ -n "$interp" ] || skip "oddproc is linked statically"
	[ -x "${ODDPROC:-}" ] || skip "no oddproc helper built"
	start_bg "$ODDPROC" mapat "$interp"
	wait_out mapped
	base_ok "$BG_PID" "$interp"
	[ "$(fails "$output")" = "" ]
	stop_bg
	need_x86_64
	command -v qemu-x86_64 >/dev/null || skip "no qemu-x86_64 (qemu-user)"
	interp=$(interp_of "$(command -v sleep)")
	[ -n "$interp" ] || skip "sleep is linked statically"
	# qemu-user, itself dynamic, loads the guest's interpreter too: the
	# same file, at a lower address.
	start_bg qemu-x86_64 "$(command -v sleep)" 100
	sleep 0.5
	grep -q "$(readlink -f "$interp")" "/proc/$BG_PID/maps"
	[ "$(interp_of "$(readlink "/proc/$BG_PID/exe")")" = "$interp" ] ||
	    skip "qemu-x86_64 is not linked with $interp"
	base_ok "$BG_PID" "$interp"
	stop_bg
}

# startcode_bias PID EXE: the load bias that /proc/PID/stat's startcode
# (field 26: the lowest PF_X PT_LOAD's p_vaddr plus the bias,
# fs/binfmt_elf.c load_elf_binary) gives, with readelf's p_vaddr.
startcode_bias() {
	local sc x
	sc=$(sed 's/.*) //' "/proc/$1/stat" | cut -d' ' -f24)
	x=$(readelf -lW "$2" | awk '$1 == "LOAD" && $(NF - 1) ~ /E/ { print $3; exit }')
	printf '0x%x' $((sc - x))
}

# bias_ok OUTPUT BIAS FROM: nothing fails, and entry holds at load bias
# BIAS, from the fact FROM.
bias_ok() {
	[ "$(fails "$1")" = "" ]
	[[ "$(evidence "$1" entry)" == *"+ load bias $2 (from $3) = "* ]]
	[ "$(rule_field "$1" entry r)" = ok ]
}

@test "a PID that maps its own file below exec's mapping, or unmapped its first page: phdr and entry take the load bias from stat's startcode, no FAIL" {
	need jq
	[ -x "${ODDPROC:-}" ] || skip "no oddproc helper built"
	local bias lo
	start_bg "$ODDPROC" mapat "$ODDPROC"
	wait_out mapped
	bias=$(startcode_bias "$BG_PID" "$ODDPROC")
	# maps (the oracle): the lowest mapping of the file is the new one,
	# at offset 0, below the one exec made at the bias.
	lo=$(grep -m1 " $(readlink -f "$ODDPROC")\$" "/proc/$BG_PID/maps")
	[[ "$lo" == 00010000-*" 00000000 "* ]]
	[ $((0x${lo%%-*})) -lt $((bias)) ]
	run -0 --separate-stderr "$AUXV" --check --json "$BG_PID"
	stop_bg
	bias_ok "$output" "$bias" "stat's startcode"
	[[ "$(evidence "$output" phdr)" == *"load bias $bias (from stat's startcode)" ]]
	[ "$(rule_field "$output" phdr r)" = ok ]
	# Its ELF header's page gone: its headers are not in memory to
	# compare (no data), its entry still held.
	start_bg "$ODDPROC" unmapfirst
	wait_out unmapped
	bias=$(startcode_bias "$BG_PID" "$ODDPROC")
	! grep -q "^0*${bias#0x}-" "/proc/$BG_PID/maps"
	run -0 --separate-stderr "$AUXV" --check --json "$BG_PID"
	stop_bg
	bias_ok "$output" "$bias" "stat's startcode"
	[ "$(rule_field "$output" phdr r)" = "no data" ]
	# startcode moved into anonymous memory (PR_SET_MM_MAP, as CRIU
	# restores it): no fact of the file.  The file mapped once more at
	# another bias, nothing says which is exec's: no data; mapped once,
	# its one bias.
	start_bg "$ODDPROC" mapat "$ODDPROC" setcode
	wait_out 'renamed\|refused'
	grep -q renamed "$BATS_TEST_TMPDIR/bg.out" ||
	    skip "PR_SET_MM_MAP refused: $(cat "$BATS_TEST_TMPDIR/bg.out")"
	run -0 --separate-stderr "$AUXV" --check --json "$BG_PID"
	stop_bg
	[ "$(fails "$output")" = "" ]
	[ "$(verdict "$output" entry)" = "no data: the executable's file is mapped at more than one load bias (mapped again since exec?), and stat's startcode does not say which" ]
	[ "$(verdict "$output" phdr)" = "no data: the executable's file is mapped at more than one load bias (mapped again since exec?), and stat's startcode does not say which" ]
	start_bg "$ODDPROC" mapat /etc/passwd setcode
	wait_out renamed
	run -0 --separate-stderr "$AUXV" --check --json "$BG_PID"
	stop_bg
	[ "$(fails "$output")" = "" ]
	[ "$(rule_field "$output" phdr r)" = ok ]
	[ "$(rule_field "$output" entry r)" = ok ]
	[[ "$(evidence "$output" entry)" == *"(from the executable's mappings)"* ]]
}

@test "-a over processes that map their own file below exec's mapping, or unmapped their first page: no FAIL" {
	need pidns
	[ -x "${ODDPROC:-}" ] || skip "no oddproc helper built"
	run --separate-stderr unshare -p -f --mount-proc sh -c '
		"$1" mapat "$1" >"$2.1" &
		"$1" unmapfirst >"$2.2" &
		for i in $(seq 100); do
			! grep -q . "$2.1" || ! grep -q . "$2.2" || break
			sleep 0.05
		done
		grep -q mapped "$2.1" && grep -q unmapped "$2.2" || exit 3
		"$3" --check -a' sh "$ODDPROC" "$BATS_TEST_TMPDIR/out" "$AUXV"
	[ "$status" -eq 0 ]
	[ -z "$output" ]
}

@test "self, its file mapped again below exec's mapping by a preload: phdr and entry hold at exec's load bias" {
	need jq
	local T=$BATS_TEST_TMPDIR
	ldd "$AUXV" >/dev/null 2>&1 || skip "auxv is linked statically"
	! ldd "$AUXV" | grep -q 'libasan\|libtsan' ||
	    skip "a sanitized build takes no other preload first"
	# The constructor copies the maps it made to $MAPS_OUT: the last
	# program to start (auxv, after env) writes it last.
	cat >"$T/below.c" <<'EOF'
#include <fcntl.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>
__attribute__((constructor)) static void below(void) {
	char b[65536];
	ssize_t n;
	int fd = open("/proc/self/exe", O_RDONLY), in, out;
	if (fd == -1 || mmap((void *)0x10000, 4096, PROT_READ,
	    MAP_PRIVATE | MAP_FIXED_NOREPLACE, fd, 0) == MAP_FAILED)
		_exit(1);
	in = open("/proc/self/maps", O_RDONLY);
	out = open(getenv("MAPS_OUT"), O_WRONLY | O_CREAT | O_TRUNC, 0600);
	while ((n = read(in, b, sizeof(b))) > 0)
		if (write(out, b, n) != n)
			_exit(1);
}
EOF
	gcc -shared -fPIC -o "$T/below.so" "$T/below.c" ||
	    skip "gcc cannot build a preload"
	run --separate-stderr env MAPS_OUT="$T/maps" LD_PRELOAD="$T/below.so" \
	    "$AUXV" --check --json
	# maps (the oracle): the file's lowest mapping is the preload's.
	grep -m1 " $(readlink -f "$AUXV")\$" "$T/maps" | grep -q '^00010000-'
	[ "$(rule_field "$output" phdr r)" = ok ]
	[ "$(rule_field "$output" entry r)" = ok ]
	[[ "$(evidence "$output" entry)" != *"load bias 0x10000 "* ]]
}

# chroot(2) since exec (sshd's privilege-separated child): PT_INTERP's
# path leads nowhere in the new root, or to another file; the file at
# AT_BASE is found through maps, by its device and inode.
@test "a PID that changed its root since exec: the interpreter at AT_BASE found through maps, base holds" {
	need jq
	local T=$BATS_TEST_TMPDIR interp at real root pre=()
	interp=$(interp_of "$ODDPROC")
	[ -n "$interp" ] || skip "oddproc is linked statically"
	[ "$(id -u)" -eq 0 ] || pre=(unshare -r)
	"${pre[@]}" "$ODDPROC" chroot / </dev/null >"$T/probe" 2>&1 &
	sleep 0.3
	kill $! 2>/dev/null || true
	grep -q chrooted "$T/probe" || skip "cannot chroot(2): $(cat "$T/probe")"
	mkdir -p "$T/empty" "$T/copy$(dirname "$interp")"
	cp "$interp" "$T/copy$interp"
	for root in empty copy; do
		start_bg "${pre[@]}" "$ODDPROC" chroot "$T/$root"
		wait_out chrooted
		at=$(at_of "$BG_PID" 7)
		real=$(maps_at "$BG_PID" "$at")
		same_inode "$real" "$interp"
		run -0 --separate-stderr "$AUXV" --check --json "$BG_PID"
		stop_bg
		echo "$root: $(verdict "$output" base)"
		[ "$(fails "$output")" = "" ]
		if [ "$root" = empty ]; then
			[ "$(verdict "$output" base)" = "ok: AT_BASE $at; $real mapped there, the interpreter (PT_INTERP's path does not resolve now)" ]
		else
			[ "$(verdict "$output" base)" = "ok: AT_BASE $at; $real mapped there, the interpreter (PT_INTERP's path now leads to another file)" ]
		fi
	done
}

# The kernel opens a relative PT_INTERP in the directory of the exec
# (open_exec): gcc -Wl,--dynamic-linker=ld.so, run from there.
@test "a program whose PT_INTERP is relative, run from its directory: base holds, for a PID and -e" {
	need jq
	local T=$BATS_TEST_TMPDIR interp at
	interp=$(interp_of "$(command -v sleep)")
	[ -n "$interp" ] || skip "sleep is linked statically"
	cp "$interp" "$T/ld.so"
	with_interp "$(command -v sleep)" ld.so "$T/sleep"
	[ "$(interp_of "$T/sleep")" = ld.so ]
	cd "$T"
	start_bg ./sleep 100
	at=$(at_of "$BG_PID" 7)
	[ "$(maps_at "$BG_PID" "$at")" = "$T/ld.so" ]
	run -0 --separate-stderr "$AUXV" --check --json "$BG_PID"
	stop_bg
	[ "$(fails "$output")" = "" ]
	[ "$(verdict "$output" base)" = "ok: AT_BASE $at; ld.so mapped at $at" ]
	need ptrace
	run -0 --separate-stderr "$AUXV" --check --json -e ./sleep 0
	[ "$(fails "$output")" = "" ]
	[[ "$(verdict "$output" base)" =~ ^ok:\ AT_BASE\ (0x[0-9a-f]+)\;\ ld\.so\ mapped\ at\ (0x[0-9a-f]+)$ ]]
	[ "${BASH_REMATCH[1]}" = "${BASH_REMATCH[2]}" ]
}

# A chain-loading interpreter (FINDINGS.md: nix-ld): PT_INTERP names
# tests/exec/chainld, which maps the dynamic linker CHAINLD_TO names and
# jumps there, AT_BASE moved to it in memory or, CHAINLD_BASE=keep, left
# at itself.  glibc's LD_SHOW_AUXV, in the same process, prints the
# vector in memory; a PID's map shows both loaders.
@test "self under a chain loader: base holds where it moved AT_BASE to the dynamic linker that runs, fails where it left it at itself; a PID's holds either way" {
	need jq
	[ -n "$CHAINLD" ] || skip "tests/exec/chainld is built for x86-64 only"
	local T=$BATS_TEST_TMPDIR interp real at glibc json
	interp=$(interp_of "$AUXV")
	[ -n "$interp" ] || skip "auxv is linked statically: no interpreter"
	real=$(readlink -f "$interp")
	cp "$CHAINLD" "$T/ld.chain"
	with_interp "$AUXV" ld.chain "$T/auxv"
	with_interp "$(command -v sleep)" ld.chain "$T/sleep"
	cd "$T"
	for mode in fix keep; do
		run --separate-stderr env CHAINLD_TO="$interp" \
		    CHAINLD_BASE=$mode LD_SHOW_AUXV=1 ./auxv --check --json
		glibc=$(awk '$1 == "AT_BASE:" { print $2 }' <<<"$output")
		json=$(grep -v '^AT_' <<<"$output")
		echo "$mode: glibc's AT_BASE $glibc; $(verdict "$json" base); $(verdict "$json" procauxv)"
		[[ "$(evidence "$json" base)" =~ ^AT_BASE\ (0x[0-9a-f]+)\;\ the\ dynamic\ linker\ that\ runs,\ ${real//./\\.},\ at\ (0x[0-9a-f]+)\ \(its\ link\ map\) ]]
		[ "${BASH_REMATCH[1]}" = "$glibc" ]
		if [ "$mode" = fix ]; then
			[ "$status" -eq 0 ]
			[ "$(fails "$json")" = "" ]
			[ "${BASH_REMATCH[2]}" = "$glibc" ]
			# The saved vector keeps the kernel's AT_BASE, the
			# chain loader's: procauxv sets that entry aside.
			[[ "$(evidence "$json" procauxv)" == *"AT_BASE aside, which is the dynamic linker that runs in memory (its link map), another in the saved vector: a chain loader moved it"* ]]
		else
			[ "$status" -eq 1 ]
			[ "$(fails "$json")" = base ]
			[ "${BASH_REMATCH[2]}" != "$glibc" ]
			[[ "$(evidence "$json" base)" == *"(its link map); $T/ld.chain mapped at AT_BASE" ]]
		fi
		# A PID's vector is the kernel's: AT_BASE at the chain
		# loader, which its map shows there, the real one elsewhere.
		start_bg env CHAINLD_TO="$interp" CHAINLD_BASE=$mode ./sleep 100
		at=$(at_of "$BG_PID" 7)
		[ "$(maps_at "$BG_PID" "$at")" = "$T/ld.chain" ]
		grep -q " $real\$" "/proc/$BG_PID/maps"
		run -0 --separate-stderr "$AUXV" --check --json "$BG_PID"
		stop_bg
		[ "$(fails "$output")" = "" ]
		[ "$(verdict "$output" base)" = "ok: AT_BASE $at; ld.chain mapped at $at" ]
		! has ptrace || run -0 --separate-stderr env \
		    CHAINLD_TO="$interp" CHAINLD_BASE=$mode \
		    "$AUXV" --check --json -e ./sleep 0
		! has ptrace || [ "$(fails "$output")" = "" ]
		! has ptrace || [[ "$(verdict "$output" base)" == "ok: AT_BASE 0x"*"; ld.chain mapped at 0x"* ]]
	done
}

# load_elf_interp: AT_BASE is the first PT_LOAD's mapping less PAGESTART
# of its p_vaddr for an ET_DYN interpreter, 0 for an ET_EXEC one.  Here
# interpreters of mkfixture.py's that only wait, linked at 0x200000 and
# at 0x10000000 (ET_EXEC).
@test "a PID whose interpreter is not linked at 0 (ET_DYN at 0x200000, ET_EXEC): AT_BASE as load_elf_interp computes it" {
	need_x86_64
	need jq
	local d at lo vaddr type
	[ -n "$(interp_of "$(command -v sleep)")" ] || skip "sleep is linked statically"
	d=$(mktemp -d /tmp/ldXXXX)
	with_interp "$(command -v sleep)" "$d/ld.so" "$d/sleep"
	for layout in dyn-high exec-high; do
		"$MKFIXTURE" pause-program "$d/ld.so" 0x40 "$layout"
		start_bg "$d/sleep" 100
		at=$(at_of "$BG_PID" 7)
		lo=0x$(awk -v f="$d/ld.so" '$6 == f { sub(/-.*/, "", $1); print $1; exit }' "/proc/$BG_PID/maps" | sed 's/^0*//')
		run -0 --separate-stderr "$AUXV" --check --json "$BG_PID"
		stop_bg
		type=$(readelf_h "$d/ld.so" Type)
		vaddr=$(readelf -lW "$d/ld.so" | awk '$1 == "LOAD" { print $3; exit }')
		echo "$layout: $type $vaddr at $lo; $(verdict "$output" base)"
		[ "$(fails "$output")" = "" ]
		if [ "$type" = DYN ]; then
			[ $((at)) -eq $((lo - (vaddr & -4096))) ]
			[ "$(verdict "$output" base)" = "ok: AT_BASE $at; $d/ld.so mapped at $lo (linked at $(printf '0x%x' "$vaddr"))" ]
		else
			[ "$at" = 0x0 ]
			[ "$(verdict "$output" base)" = "ok: AT_BASE 0x0; $d/ld.so mapped at $lo (ET_EXEC: AT_BASE 0)" ]
		fi
	done
	rm -r "$d"
}

# load_elf_binary's AT_PHDR (fs/binfmt_elf.c): since Linux 5.18 e_phoff
# in the last PT_LOAD that holds it, or the load bias where none does;
# before, the first PT_LOAD's address of e_phoff.
@test "a program whose headers no PT_LOAD holds, or two do: phdr holds, for a PID and -e" {
	need_x86_64
	need jq
	local p=$BATS_TEST_TMPDIR/p at
	for layout in past twice; do
		"$MKFIXTURE" pause-program "$p" 0x40 "$layout"
		start_bg "$p"
		at=$(at_of "$BG_PID" 3)
		run -0 --separate-stderr "$AUXV" --check --json "$BG_PID"
		stop_bg
		echo "$layout: AT_PHDR $at; $(verdict "$output" phdr)"
		[ "$(fails "$output")" = "" ]
		case $layout:$at in
		past:0x0) [ "$(verdict "$output" phdr)" = "ok: AT_PHDR 0x0: no PT_LOAD holds e_phoff 0x40, the kernel gives the load bias (Linux 5.18 on)" ] ;;
		past:0x400040) [ "$(verdict "$output" phdr)" = "ok: AT_PHDR 0x400040: no PT_LOAD holds e_phoff 0x40, the kernel gives the first PT_LOAD's address of e_phoff (before Linux 5.18)" ] ;;
		twice:0x600040 | twice:0x400040) [ "$(verdict "$output" phdr)" = "ok: AT_PHDR $at holds the executable's 3 headers of 56 bytes, load bias 0x0 (from stat's startcode)" ] ;;
		*) false ;;
		esac
		has ptrace || continue
		run -0 --separate-stderr "$AUXV" --check --json -e "$p"
		[ "$(fails "$output")" = "" ]
		[ "$(rule_field "$output" phdr r)" = ok ]
	done
}

# A process in a user namespace of its own: the kernel writes its IDs as
# its namespace names them (from_kuid_munged(cred->user_ns, ...)),
# status as the reader's does; uid_map maps one to the other.
@test "a PID in another user namespace: ids held through its uid_map and gid_map" {
	need jq
	local in
	unshare -U --map-user=1000 --map-group=1000 true 2>/dev/null ||
	    skip "cannot make a user namespace (unshare -U --map-user)"
	[ -x "${ODDPROC:-}" ] || skip "no oddproc helper built"
	start_bg unshare -U --map-user=1000 --map-group=1000 "$ODDPROC" wait
	wait_out waiting
	in=$(awk '{ print $1 }' "/proc/$BG_PID/uid_map")
	[ "$in" = 1000 ]
	[ "$(awk '$1 == "Uid:" { print $2 }' "/proc/$BG_PID/status")" = "$(id -u)" ]
	[ "$(at_of "$BG_PID" 11)" = 0x3e8 ]
	run -0 --separate-stderr "$AUXV" --check --json "$BG_PID"
	stop_bg
	[ "$(fails "$output")" = "" ]
	[ "$(verdict "$output" ids)" = "ok: AT_UID/EUID/GID/EGID 1000/1000/1000/1000; the process 1000/1000/1000/1000 in its user namespace (status's IDs mapped by its uid_map and gid_map)" ]
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

@test "a PID that changed its IDs since exec: said, not failed" {
	need jq
	[ "$(id -u)" -eq 0 ] || skip "not root: cannot change IDs"
	# Real and effective to nobody, the saved ones still root's (0).
	start_bg python3 -c '
import os, time
os.setresgid(65534, 65534, 0)
os.setresuid(65534, 65534, 0)
print("changed", flush=True)
time.sleep(100)'
	for _ in $(seq 100); do
		grep -q changed "$BATS_TEST_TMPDIR/bg.out" && break
		sleep 0.05
	done
	grep -q '^Uid:.65534.65534.0' "/proc/$BG_PID/status"
	run -0 --separate-stderr "$AUXV" --check --json "$BG_PID"
	stop_bg
	[ "$(fails "$output")" = "" ]
	[ "$(verdict "$output" ids)" = "no data: AT_UID/EUID/GID/EGID 0/0/0/0; the process 65534/65534/65534/65534; saved IDs 0/0 are the vector's $WHY_IDS" ]
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

@test "a PID that dropped all its IDs since exec, as a daemon's worker does: said, not failed" {
	need jq
	local ids
	[ "$(id -u)" -eq 0 ] || skip "not root: cannot change IDs"
	# Root's vector (0/0/0/0); then every ID nobody's, the saved user ID
	# kept root's (keep 1) or not (keep 0): what exec left is not known,
	# and a process may do this (nginx's workers, sshd's privilege
	# separation), so the kernel may have made the vector.
	for keep in 0 1; do
		start_bg python3 -c '
import os, sys, time
os.setresgid(65534, 65534, 65534)
os.setresuid(65534, 65534, 0 if sys.argv[1] == "1" else 65534)
print("changed", flush=True)
time.sleep(100)' "$keep"
		for _ in $(seq 100); do
			grep -q changed "$BATS_TEST_TMPDIR/bg.out" && break
			sleep 0.05
		done
		ids=$(awk '$1 == "Uid:" || $1 == "Gid:" { print $2, $3, $4 }' \
		    "/proc/$BG_PID/status" | tr '\n' ' ')
		run -0 --separate-stderr "$AUXV" --check --json "$BG_PID"
		stop_bg
		[ "$ids" = "65534 65534 $((keep ? 0 : 65534)) 65534 65534 65534 " ]
		[ "$(fails "$output")" = "" ]
		[ "$(verdict "$output" ids)" = "no data: AT_UID/EUID/GID/EGID 0/0/0/0; the process 65534/65534/65534/65534 $WHY_IDS" ]
	done
}

@test "a PID whose main thread has exited: checked through a live thread, every rule holds" {
	need jq
	local T=$BATS_TEST_TMPDIR
	# The main thread ends by pthread_exit (a zombie, its memory map
	# gone from /proc/PID), another thread lives on; it waits first for
	# start_bg to see its exec.
	printf '%s\n' '#include <pthread.h>' '#include <stdio.h>' \
	    '#include <unistd.h>' \
	    'static void *run(void *a) { (void)a; for (;;) pause(); }' \
	    'int main(void) { pthread_t t;' \
	    '	pthread_create(&t, NULL, run, NULL);' \
	    '	usleep(300000); pthread_exit(NULL); }' \
	    >"$T/noleader.c"
	cc -pthread -o "$T/noleader" "$T/noleader.c" ||
	    skip "no C compiler to build a program whose main thread exits"
	start_bg "$T/noleader"
	for _ in $(seq 100); do
		grep -q '^State:.Z' "/proc/$BG_PID/status" && break
		sleep 0.05
	done
	grep -q '^State:.Z' "/proc/$BG_PID/status"
	[ "$(ls "/proc/$BG_PID/task" | wc -l)" -eq 2 ]
	run -0 --separate-stderr "$AUXV" --check --json "$BG_PID"
	[ "$(fails "$output")" = "" ]
	# All have data, but hwcap-run and procauxv, which are for self only.
	[ "$(jq -c '[.checks[] | select(.result != "ok") | .name]' <<<"$output")" = '["hwcap-run","procauxv"]' ]
	n=$(readelf_h "$T/noleader" "Number of program headers")
	[[ "$(evidence "$output" phdr)" == *"executable's $n headers"* ]]
}

@test "a PID run as a #! script by a relative path: execfn holds; once it left that directory, no data; layout holds" {
	need jq
	local T=$BATS_TEST_TMPDIR
	printf '%s\n' '#!/usr/bin/python3' 'import os, sys, time' \
	    'if sys.argv[1:] == ["away"]: os.chdir("/")' \
	    'print("ready", flush=True)' 'time.sleep(100)' >"$T/script"
	chmod 755 "$T/script"
	cd "$T"
	start_bg ./script
	run -0 --separate-stderr "$AUXV" --check --json "$BG_PID"
	stop_bg
	[ "$(verdict "$output" execfn)" = 'ok: AT_EXECFN "./script" is a #! script its interpreter runs' ]
	[ "$(rule_field "$output" layout r)" = ok ]
	start_bg ./script away
	for _ in $(seq 100); do
		grep -q ready "$BATS_TEST_TMPDIR/bg.out" && break
		sleep 0.05
	done
	[ "$(readlink "/proc/$BG_PID/cwd")" = / ]
	run -0 --separate-stderr "$AUXV" --check --json "$BG_PID"
	stop_bg
	[ "$(verdict "$output" execfn)" = "no data: AT_EXECFN \"./script\": relative, and the process's directory no longer holds it" ]
}

# catch_exec PID: checks PID, a process that runs a new program again
# and again, until five checks have found its vector changed under them
# (every rule says so; one check in four or five is, measured); never a
# FAIL.  At most 500 tries.  Five, as a check can catch the vector in the
# making (no AT_NULL yet) as well as a whole other one.
catch_exec() {
	local try n=0
	for try in $(seq 500); do
		run --separate-stderr "$AUXV" --check "$1"
		if [ "$status" -ne 0 ]; then
			# Read while its vector was being made: an error, no rule.
			[ "$status" -eq 1 ]
			[ -z "$output" ]
			[ -n "$stderr" ]
			continue
		fi
		if [ "$(grep -c ' no data  the process ran a new program while checked$' \
		    <<<"$output")" -eq "${#lines[@]}" ]; then
			n=$((n + 1))
			[ "$n" -lt 5 ] || break
		fi
	done
	echo "caught $n times in $try tries"
	[ "$n" -eq 5 ]
}

# bats test_tags=full
@test "a PID that runs a new program again and again: never failed; caught between two, every rule says so" {
	need jq
	local T=$BATS_TEST_TMPDIR
	# Each image waits 1 ms, then execs the other (tests/exec/oddproc.c,
	# swap): itself, its PID kept, at new addresses (ASLR), a vector of
	# the same length and other bytes; or, with a 32-bit one, the other
	# one and back, a vector of another length each time.
	[ -x "${ODDPROC:-}" ] || skip "no oddproc helper built"
	start_bg "$ODDPROC" swap "$ODDPROC"
	catch_exec "$BG_PID"
	stop_bg
	has run32 && [ -x "${ODDPROC32:-}" ] || return 0
	start_bg "$ODDPROC" swap "$ODDPROC32"
	catch_exec "$BG_PID"
	stop_bg
}

# exe_refused OUTPUT: no rule of --check's OUTPUT failed, and the three
# that read the executable had no data: it was not readable.
exe_refused() {
	local r
	[ "$(fails "$1")" = "" ]
	for r in phdr entry base; do
		[ "$(verdict "$1" "$r")" = "no data: executable not readable (permission denied)" ]
	done
}

@test "a PID whose executable auxv may not read: the rules that read it say why" {
	need jq
	need setpriv
	local drop=(setpriv --bounding-set=-dac_override,-dac_read_search --)
	# A copy of sleep that nobody owns, execute-only for others: root
	# without CAP_DAC_OVERRIDE and CAP_DAC_READ_SEARCH may trace it (the
	# same user, CAP_SYS_PTRACE kept), not read its file.
	cp "$(command -v sleep)" "$BATS_TEST_TMPDIR/xsleep"
	chown 65534:65534 "$BATS_TEST_TMPDIR/xsleep"
	chmod 0711 "$BATS_TEST_TMPDIR/xsleep"
	start_bg "$BATS_TEST_TMPDIR/xsleep" 100
	run -1 --separate-stderr "${drop[@]}" python3 -c \
	    'import sys; open(sys.argv[1], "rb")' "/proc/$BG_PID/exe"
	[[ "$stderr" == *PermissionError* ]]
	run -0 --separate-stderr "${drop[@]}" "$AUXV" --check --json "$BG_PID"
	stop_bg
	exe_refused "$output"
}

@test "a PID whose program headers' page it made inaccessible: phdr says so, memory not readable, no FAIL" {
	need jq
	local phdr n range perms prot=
	cat >"$BATS_TEST_TMPDIR/noph.c" <<'EOF'
#include <sys/auxv.h>
#include <sys/mman.h>
#include <unistd.h>
int main(void) {
	unsigned long ph = getauxval(AT_PHDR), pg = getpagesize();
	if (mprotect((void *)(ph & ~(pg - 1)), pg, PROT_NONE) != 0)
		return 1;
	write(1, "protected\n", 10);
	for (;;)
		pause();
}
EOF
	# Bound at start (-z now): nothing reads that page afterwards.
	gcc -Wl,-z,now -o "$BATS_TEST_TMPDIR/noph" "$BATS_TEST_TMPDIR/noph.c" ||
	    skip "gcc cannot build a helper"
	start_bg "$BATS_TEST_TMPDIR/noph"
	for _ in $(seq 100); do
		grep -q protected "$BATS_TEST_TMPDIR/bg.out" && break
		sleep 0.05
	done
	phdr=$(printf '0x%x' "$(pyvec "/proc/$BG_PID/auxv" 8 | awk '$1 == 3 { print $2 }')")
	# maps says the page of the headers has no access.
	while read -r range perms _; do
		[ $((0x${range%-*})) -ne $((phdr & -$(getconf PAGESIZE))) ] ||
		    prot=$perms
	done <"/proc/$BG_PID/maps"
	[ "$prot" = ---p ]
	# The process's own doing since exec: said, not failed (src/check.c's
	# provenance table: maps).
	run -0 --separate-stderr "$AUXV" --check --json "$BG_PID"
	stop_bg
	n=$(readelf_h "$BATS_TEST_TMPDIR/noph" "Number of program headers")
	[ "$(fails "$output")" = "" ]
	[ "$(verdict "$output" phdr)" = "no data: AT_PHDR $phdr: memory not readable; the executable has $n headers (a process's memory: it may have changed since exec)" ]
}

@test "a PID whose program headers run past its first page (a program without libc): the kernel's AT_PHDR, headers cut short, said" {
	need_x86_64
	need jq
	local p=$BATS_TEST_TMPDIR/pause
	# Its two headers at 0x40, then at 0xfc8: the second one past the
	# one page its PT_LOAD maps, in the file alone.
	"$MKFIXTURE" pause-program "$p" 0x40
	start_bg "$p"
	run -0 --separate-stderr "$AUXV" --check --json "$BG_PID"
	stop_bg
	[ "$(verdict "$output" phdr)" = "ok: AT_PHDR 0x400040 holds the executable's 2 headers of 56 bytes, load bias 0x0 (from stat's startcode)" ]
	"$MKFIXTURE" pause-program "$p" 0xfc8
	[ "$(readelf_h "$p" "Start of program headers")" = 4040 ]
	start_bg "$p"
	# The kernel's AT_PHDR: e_phoff in the PT_LOAD, 0x400000 + 0xfc8.
	[ "$(pyvec "/proc/$BG_PID/auxv" 8 | awk '$1 == 3 { print $2 }')" = $((0x400fc8)) ]
	# By PID the memory is as the process left it: said, not failed.
	run -0 --separate-stderr "$AUXV" --check --json "$BG_PID"
	stop_bg
	[ "$(fails "$output")" = "" ]
	[ "$(verdict "$output" phdr)" = "no data: AT_PHDR 0x400fc8: headers cut short; the executable has 2 headers (a process's memory: it may have changed since exec)" ]
}

@test "a PID whose executable a fanotify listener forbids opening (EPERM): the rules that read it say permission denied" {
	need jq
	local T=$BATS_TEST_TMPDIR
	cp "$(command -v sleep)" "$T/fsleep"
	start_bg "$T/fsleep" 100
	# Denies every open of that file (FAN_OPEN_PERM; fanotify(7)): open(2)
	# fails with EPERM, as under an access-control daemon.
	python3 -c '
import ctypes, os, struct, sys
libc = ctypes.CDLL(None, use_errno=True)
fd = libc.fanotify_init(0x4, os.O_RDONLY)  # FAN_CLASS_CONTENT
if fd < 0 or libc.fanotify_mark(fd, 1, ctypes.c_uint64(0x10000), -100,
                                sys.argv[1].encode()) != 0:
    print("no fanotify:", os.strerror(ctypes.get_errno()), flush=True)
    sys.exit()
print("marked", flush=True)
while True:
    buf, off = os.read(fd, 4096), 0
    while off + 24 <= len(buf):
        # struct fanotify_event_metadata; the answer FAN_DENY (2)
        n, _, _, _, _, efd, _ = struct.unpack_from("=IBBHQii", buf, off)
        os.write(fd, struct.pack("=iI", efd, 2))
        os.close(efd)
        off += n' "$T/fsleep" >"$T/fan.out" &
	EXTRA_PIDS=$!
	for _ in $(seq 100); do
		[ ! -s "$T/fan.out" ] || break
		sleep 0.05
	done
	! grep -q "no fanotify" "$T/fan.out" || skip "$(cat "$T/fan.out")"
	grep -q marked "$T/fan.out"
	run -1 --separate-stderr python3 -c \
	    'import sys; open(sys.argv[1], "rb")' "/proc/$BG_PID/exe"
	[[ "$stderr" == *"PermissionError: [Errno $(python3 -c 'import errno; print(errno.EPERM)')]"* ]]
	run -0 --separate-stderr "$AUXV" --check --json "$BG_PID"
	stop_bg
	exe_refused "$output"
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
	jq -e -s 'length > 0 and all(.[]; (.checks | length) == 17 or .error)' \
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
	    (.checks | length) == 17)' <<<"$output"
	jq -e -s '[.[].comm] | index("sleep") != null' <<<"$output"
}

# --- issue 48: --check proves what it can --------------------------------
#
# Each rule a crafted case fails alone: powerpc's AT_IGNOREPPC pair out of
# place, AT_EXECFN not the path -e gave execve, our saved vector read
# another way (openat by component, PR_GET_AUXV) that is not the vector.

# fs/binfmt_elf.c writes ARCH_DLINFO first ("so PPC can do its special
# alignment of AUXV"), and powerpc's (arch/powerpc/include/asm/elf.h,
# COMMON_ARCH_DLINFO, native and compat alike) starts with AT_IGNOREPPC
# (22) twice: entries 0 and 1, in every saved vector too.
@test "crafted: powerpc's AT_IGNOREPPC pair not entries 0 and 1 fails entries alone, each word size and byte order" {
	need jq
	local a ws e en t v rest T=$BATS_TEST_TMPDIR
	while read -r a ws e en; do
		# The generic set and powerpc's own, as in the entries case.
		rest=()
		for t in 16 6 17 3 4 5 7 8 9 11 12 13 14 23 25 31 19 20 21 15 24; do
			v=1
			[ "$t" != 6 ] || v=4096
			[ "$t" != 17 ] || v=100
			rest+=("$t" "$v")
		done
		mkraw "$T/first.raw" "$ws" "$e" 22 22 22 22 "${rest[@]}"
		run -0 --separate-stderr "$AUXV" --check --json --arch "$a" \
		    --word-size "$ws" --endian "$en" -f "$T/first.raw"
		[ "$(rule_field "$output" entries r)" = ok ]
		# The pair last (qemu-user's order before it built the stack
		# downwards), then split: entries 21 and 22, then 0 and 2.
		mkraw "$T/last.raw" "$ws" "$e" "${rest[@]}" 22 22 22 22
		mkraw "$T/split.raw" "$ws" "$e" 22 22 "${rest[@]:0:2}" 22 22 "${rest[@]:2}"
		for t in last:"21, 22" split:"0, 2"; do
			run -1 --separate-stderr "$AUXV" --check --json --arch "$a" \
			    --word-size "$ws" --endian "$en" -f "$T/${t%%:*}.raw"
			echo "$a ${t%%:*}: $(verdict "$output" entries)"
			[ "$(fails "$output")" = entries ]
			[[ "$(evidence "$output" entries)" == "AT_IGNOREPPC (22) at entries ${t#*:}, not 0 and 1 (the kernel writes the pair first); no data for "* ]]
		done
	done <<'EOT'
ppc 4 > big
ppc64 8 > big
ppc64le 8 < little
EOT
}

# fs/exec.c: AT_EXECFN is the path given to execve, copied before any
# binary handler runs: the very string auxv passed, relative, through a
# symlink or found in PATH; the oracle is the path the test hands auxv.
@test "-e: AT_EXECFN is exactly the path auxv gave execve (relative, a symlink, found in PATH)" {
	need ptrace
	need jq
	local T=$BATS_TEST_TMPDIR t
	t=$(type -P true)
	ln -s "$t" "$T/link"
	run -0 --separate-stderr "$AUXV" --check --json -e "$T/link"
	[ "$(verdict "$output" execfn)" = "ok: AT_EXECFN \"$T/link\" is the path auxv gave execve" ]
	cd "$T"
	run -0 --separate-stderr "$AUXV" --check --json -e ./link
	[ "$(verdict "$output" execfn)" = 'ok: AT_EXECFN "./link" is the path auxv gave execve' ]
	run -0 --separate-stderr env PATH="$T" "$AUXV" --check --json -e link
	[ "$(verdict "$output" execfn)" = "ok: AT_EXECFN \"$T/link\" is the path auxv gave execve" ]
}

# No kernel gives -e's child another AT_EXECFN, and the child is stopped
# at its exec before it runs: no honest producer can be made to.  What
# can be made is the other side: faultinj's AUXV_FAULT_EXECPATH has the
# child exec another path than the one auxv chose (as an interposer of
# execve would); the kernel's AT_EXECFN is then not auxv's path.  A
# symlink to the same program: the file is the executable, so only the
# exact comparison tells.
@test "-e: AT_EXECFN not the path auxv gave execve (the child's exec redirected) fails execfn alone" {
	need ptrace
	need jq
	local T=$BATS_TEST_TMPDIR t
	# As fault.bats probes it: a counting run writes its counts.
	[ -n "${FAULTINJ:-}" ] || skip "no fault injection library built"
	LD_PRELOAD=$FAULTINJ AUXV_FAULT_COUNT=$T/counts \
	    ASAN_OPTIONS=verify_asan_link_order=0 \
	    "$AUXV" -f /proc/self/auxv >/dev/null 2>&1 || true
	grep -q '^open [1-9]' "$T/counts" 2>/dev/null ||
	    skip "LD_PRELOAD does not reach $AUXV (linked static?)"
	t=$(type -P true)
	ln -s "$t" "$T/link"
	run -1 --separate-stderr env LD_PRELOAD="$FAULTINJ" \
	    ASAN_OPTIONS=verify_asan_link_order=0${ASAN_OPTIONS:+:$ASAN_OPTIONS} \
	    AUXV_FAULT_EXECPATH="$T/link" "$AUXV" --check --json -e "$t"
	[ "$(fails "$output")" = execfn ]
	[ "$(evidence "$output" execfn)" = "AT_EXECFN \"$T/link\" is not \"$t\", the path auxv gave execve" ]
	# A name under /proc that an emulator execs as another path
	# (qemu-user's /proc/self/exe): said, not failed.
	run -0 --separate-stderr env LD_PRELOAD="$FAULTINJ" \
	    ASAN_OPTIONS=verify_asan_link_order=0${ASAN_OPTIONS:+:$ASAN_OPTIONS} \
	    AUXV_FAULT_EXECPATH="$t" "$AUXV" --check --json -e /proc/self/exe
	[ "$(verdict "$output" execfn)" = "no data: AT_EXECFN \"$t\" is not \"/proc/self/exe\", the path auxv gave execve (which an emulator may exec under another name)" ]
}

# For self, AT_EXECFN may be a loader's argv[0], a name that resolves to
# no file: its own reason, never a FAIL.
@test "uexec: self's AT_EXECFN naming no file: no data, saying a loader may have given it" {
	need jq
	uexec_ready
	uexec_check execfile=/nonexistent/prog
	[ "$status" -eq 0 ]
	[ "$(verdict "$output" execfn)" = 'no data: AT_EXECFN "/nonexistent/prog": names no file (a loader'"'"'s argv[0], or a file removed since our exec)' ]
}

# procauxv_want REC PID: the evidence procauxv gives for what auxvrec.so
# (preloaded into the same auxv process, PID) read each way: a file way
# holds where it is the vector in memory then zeros, PR_GET_AUXV where it
# starts with it; errno 22 of PR_GET_AUXV is no data; a FAIL says what a
# loader can do.
procauxv_want() {
	python3 - "$1" "$2" <<'EOF2'
import struct, sys
rec = {}
for line in open(sys.argv[1]):
    w = line.split()
    rec[w[0]] = w[1:]
ws = int(rec["word"][0])
mem = bytes.fromhex(rec["mem"][0])
types = struct.unpack(("<" if rec["word"][1] == "little" else ">")
                      + ("QQ" if ws == 8 else "II") * (len(mem) // (2 * ws)),
                      mem)[0::2]
ways = [("auxv", "/proc/self/auxv"), ("auxv_pid", "/proc/%s/auxv" % sys.argv[2]),
        ("auxv_thread", "/proc/thread-self/auxv"),
        ("auxv_at", 'openat(/proc, "self/auxv")'),
        ("auxv_parts", 'openat(openat(/proc, "self"), "auxv")'),
        ("prctl", "PR_GET_AUXV")]
out, noprctl = [], False
for key, name in ways:
    if key == "prctl" and rec.get("prctl_errno") == ["22"]:
        noprctl = True
        continue
    got = bytes.fromhex(rec[key][0] if rec.get(key) else "")
    k = 0
    while k < len(got) and k < len(mem) and got[k] == mem[k]:
        k += 1
    if k == len(mem) and (key == "prctl" or not got[k:].strip(b"\0")):
        continue
    s = "%s differs from %s" % (name, "it" if out else "the vector in memory")
    if k < len(mem) - 2 * ws:
        s += " from entry %d (type %d)" % (k // (2 * ws), types[k // (2 * ws)])
    out.append(s)
if out:
    out.append("a loader makes it the vector it gives with "
               "prctl(PR_SET_MM, PR_SET_MM_MAP), no capability needed")
ev = "; ".join(out) if out else (
    '/proc/self/auxv, /proc/PID/auxv, /proc/thread-self/auxv, '
    'openat(/proc, "self/auxv"), openat(openat(/proc, "self"), "auxv")'
    + ("" if noprctl else " and PR_GET_AUXV") + " hold the vector in memory")
if noprctl:
    ev += ("; no data for PR_GET_AUXV (EINVAL: a kernel before 6.4, "
           "or an emulator that does not serve it)")
print(("FAIL: " if out else "ok: ") + ev)
EOF2
}

# procauxv_run [EMULATOR...]: auxv --check --json run (under EMULATOR)
# with auxvrec.so preloaded, its record in $BATS_TEST_TMPDIR/rec; skips
# where the preload does not reach auxv (a static or sanitized build).
procauxv_run() {
	local rec=$BATS_TEST_TMPDIR/rec
	unsanitized "LD_PRELOAD of auxvrec.so"
	[ -n "${AUXVREC_SO:-}" ] || skip "no auxvrec.so built"
	rm -f "$rec"
	if [ $# -gt 0 ]; then
		run --separate-stderr "$@" -E "LD_PRELOAD=$AUXVREC_SO" \
		    -E "AUXVREC=$rec" "$AUXV" --check --json
	else
		run --separate-stderr env LD_PRELOAD="$AUXVREC_SO" \
		    AUXVREC="$rec" "$AUXV" --check --json
	fi
	[ -s "$rec" ] || skip "LD_PRELOAD does not reach $AUXV (linked static?)"
}

# Natively every way reads mm->saved_auxv, the kernel's copy of the
# vector it gave: all agree.  The oracle: what auxvrec.so, preloaded
# into the same process, read each way, and the kernel's answer to
# PR_GET_AUXV there (EINVAL before 6.4).
@test "procauxv: /proc/self/auxv by path, by openat of each component, and PR_GET_AUXV hold the vector natively" {
	need jq
	procauxv_run
	[ "$status" -le 1 ]
	want=$(procauxv_want "$BATS_TEST_TMPDIR/rec" "$(jq .pid <<<"$output")")
	echo "auxvrec: $want"
	[[ "$want" == ok:* ]]
	[ "$(verdict "$output" procauxv)" = "$want" ]
}

# In a PID namespace that did not mount a /proc of its own (unshare
# --pid --fork), getpid() is 1, and /proc/1 the host's init: the way
# through our PID reads the number /proc/self names, ours.  The oracle:
# python in such a namespace has PID 1, and /proc/self names another.
@test "procauxv in a PID namespace without its own /proc: /proc/PID/auxv is the process /proc/self names" {
	need jq
	native_only "qemu serves the guest's vector by its own PID's path alone"
	need pidns_bare
	run -0 unshare --pid --fork python3 -c \
	    'import os; print(os.getpid(), os.readlink("/proc/self") != "1")'
	[ "$output" = "1 True" ]
	run -0 --separate-stderr unshare --pid --fork "$AUXV" --check --json
	[ "$(jq .pid <<<"$output")" = 1 ]
	[ "$(fails "$output")" = "" ]
	[[ "$(verdict "$output" procauxv)" == 'ok: /proc/self/auxv, /proc/PID/auxv, /proc/thread-self/auxv, '*' hold the vector in memory'* ]]
}

# qemu-user serves the guest's vector for some ways of reading it and
# not for others (the host's file, qemu's own): which, is what the
# installed qemu does, read in the same process by auxvrec.so (qemu 7.2
# of Debian 12: /proc/self/auxv and /proc/PID/auxv by path are the
# guest's; thread-self, openat and openat by component the host's;
# PR_GET_AUXV EINVAL).  The verdict is computed from that record.
@test "qemu-user: procauxv names each way that is not the guest's vector, as the installed qemu serves them" {
	need jq
	command -v qemu-x86_64 >/dev/null || skip "no qemu-x86_64 (qemu-user)"
	unsanitized qemu-user
	qemu-x86_64 "$AUXV" --version >/dev/null 2>&1 ||
	    skip "qemu-x86_64 cannot run $AUXV here"
	procauxv_run qemu-x86_64
	[ "$status" -le 1 ]
	want=$(procauxv_want "$BATS_TEST_TMPDIR/rec" "$(jq .pid <<<"$output")")
	echo "auxvrec under qemu-x86_64: $want"
	[ "$(verdict "$output" procauxv)" = "$want" ]
	# Where qemu serves a way but not another, the rule fails naming it.
	if [[ "$want" == FAIL:* ]]; then
		[ "$status" -eq 1 ]
		[[ " $(fails "$output") " == *" procauxv "* ]]
	fi
}

# --- A PID's vector made elsewhere (src/check.c's provenance table) ---
# A process may replace its /proc/PID/auxv with PR_SET_MM_MAP (no
# capability), as CRIU's restorer does: where the vector at its
# startstack is another, nothing FAILs on it.  The oracle: python3 walks
# the stack from stat's startstack (oracle.py stackvec).
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
@test "a PID whose vector uexec made wrong: this CPU's HWCAP and this kernel's entries said, not failed; USER_HZ and the AT_RSEQ_* pair held" {
	need jq
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
}

# values: bounds every kernel obeys, on values no other rule reads.
# AT_RSEQ_FEATURE_SIZE is offsetof(struct rseq, end) (28 from 6.3, 33 in
# 7.3's include/uapi/linux/rseq.h), AT_RSEQ_ALIGN __alignof__(struct
# rseq), 32, then 7.3's rseq_alloc_align(), the size's next power of
# two; the two come together (fs/binfmt_elf.c create_elf_tables).
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

@test "values, a PID whose vector uexec made: AT_MINSIGSTKSZ under the XSAVE area said, not failed; AT_RSEQ_ALIGN 3 fails" {
	need jq
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

# capped COPY NAME: COPY as NAME with CAP_NET_RAW in its file's permitted
# set (setcap), in $NOBODY_DIR/cap, a directory nobody may enter; skips
# where this kernel or mount does not raise file capabilities, as a
# capped cat's own status (CapPrm) shows, run as nobody.
capped() {
	local d=$NOBODY_DIR/cap
	has setpriv || skip "$(cat "$BATS_RUN_TMPDIR/probe.setpriv")"
	command -v setcap >/dev/null || skip "no setcap (libcap2-bin)"
	mkdir -p -m 0755 "$d"
	rm -f "$d/cat" "$d/$2"
	cp "$(command -v cat)" "$d/cat" && setcap cap_net_raw+p "$d/cat" ||
	    skip "setcap refused here"
	[ "$(nobody "$d/cat" /proc/self/status | awk '$1 == "CapPrm:" { print $2 }' |
	    sed 's/^0*//')" = 2000 ] ||
	    skip "file capabilities not raised here (a nosuid mount?)"
	cp "$1" "$d/$2" && setcap cap_net_raw+p "$d/$2"
}

nobody() {
	"${NOBODY[@]}" "$@"
}

# capped_sleep: the capped copy of sleep, run as nobody, in BG_PID once
# it has exec'd.
capped_sleep() {
	local d=$NOBODY_DIR/cap
	capped "$(command -v sleep)" sleep
	# Not through nobody(): a function in the background is a subshell.
	"${NOBODY[@]}" "$d/sleep" 100 &
	BG_PID=$!
	for _ in $(seq 250); do
		[ "$(readlink "/proc/$BG_PID/exe")" != "$d/sleep" ] || return 0
		sleep 0.02
	done
	return 1
}

# security/commoncap.c: exec of a file with capabilities by a real UID
# other than root raises the permitted set beyond the ambient one and
# sets AT_SECURE (the kernel's, in the capped program's /proc/PID/auxv:
# python's struct, an oracle beside auxv).
@test "ids, self: capabilities exec raised with AT_SECURE 1 hold; a userland exec that leaves AT_SECURE 0 there fails" {
	need jq
	native_only "file capabilities of a program qemu runs are qemu's"
	local st=$BUILD_DIR/tests/bench/auxv-static d=$NOBODY_DIR/cap
	[ -x "$st" ] || skip "no static auxv built (tests/bench)"
	capped "$st" auxv
	run -0 --separate-stderr nobody "$d/auxv" --check --json
	[ "$(rule_field "$output" ids r)" = ok ]
	[[ "$(evidence "$output" ids)" == *"; CapPrm 0x2000 beyond CapAmb 0x0 with a real UID not root: exec raised capabilities, AT_SECURE 1" ]]
	capped_sleep
	[ "$(pyvec "/proc/$BG_PID/auxv" 8 | awk '$1 == 23 { print $2 }')" = 1 ]
	kill "$BG_PID"
	# The same credentials under a loader that writes AT_SECURE 0.
	uexec_ready
	capped "$UEXEC" uexec
	st=$(nobody_copy "$st")
	run --separate-stderr nobody "$d/uexec" set=23=0 "$st" --check --json
	[ "$status" -eq 1 ]
	[[ "$(fails "$output")" == *ids* ]]
	[[ "$(evidence "$output" ids)" == *"; CapPrm 0x2000 beyond CapAmb 0x0 with a real UID not root: exec raised capabilities, AT_SECURE 0" ]]
}

@test "ids, self: no capabilities raised, AT_SECURE 0 holds; -e and a PID are never held to capabilities" {
	need jq
	local st=$BUILD_DIR/tests/bench/auxv-static d=$NOBODY_DIR/cap
	has setpriv || skip "$(cat "$BATS_RUN_TMPDIR/probe.setpriv")"
	# Under an emulator another rule may fail its vector: not this one.
	run --separate-stderr nobody "$NOBODY_AUXV" --check --json
	[ "$status" -le 1 ]
	[ "$(rule_field "$output" ids r)" = ok ]
	[[ "$(evidence "$output" ids)" != *CapPrm* ]]
	[ -x "$st" ] || skip "no static auxv built (tests/bench)"
	native_only "reads another process, and -e needs ptrace"
	capped_sleep
	run --separate-stderr "$AUXV" --check --json "$BG_PID"
	[ "$(rule_field "$output" ids r)" = ok ]
	[[ "$(evidence "$output" ids)" != *CapPrm* ]]
	kill "$BG_PID"
	# Traced by nobody, who may not, the program's capabilities stay
	# unraised (security/commoncap.c), whatever AT_SECURE says.
	run --separate-stderr nobody "$NOBODY_AUXV" --check --json -e "$d/sleep" 0
	jq -e .checks <<<"$output" >/dev/null ||
	    skip "-e of a capped program as nobody: $(jq -r .error.message <<<"$output")"
	[ "$(rule_field "$output" ids r)" = ok ]
	[[ "$(evidence "$output" ids)" != *CapPrm* ]]
}

# The build that survives the vectors it judges: auxv linked statically
# with musl, whose start-up reads neither AT_RANDOM nor, past PT_TLS,
# AT_PHDR (glibc's static start-up dies of both), run by the userland
# exec with each fault: the fault is a FAIL of its rule, not a crash.
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
