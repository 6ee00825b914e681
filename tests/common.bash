# Shared by the bats files: the program is $AUXV; helpers start processes
# the tests read and kill them afterwards, decode vectors independently of
# auxv (tests/oracle.py), and probe what this machine can do.

bats_require_minimum_version 1.5.0

: "${AUXV:?AUXV must name the auxv binary}"

# A bug that loops burns CPU time: each process of a test stops after 10 s
# of it (what the tests run takes well under one), so that the test fails
# instead of waiting for it, time-out or not.  The stress cases may take
# longer.
[ -n "${AUXV_STRESS:-}" ] || ulimit -S -t 10

# The folder of this file and of the python helpers, whether the bats
# file that loads it is in tests/ or in tests/check/ (meson sets it).
: "${TESTS_DIR:=$(cd "${BASH_SOURCE[0]%/*}" && pwd)}"
export TESTS_DIR

# The python snippets import the vector decoder and the fixture writer:
# from oracle import pairs, from mkfixture import Elf.
export PYTHONPATH="$TESTS_DIR${PYTHONPATH:+:$PYTHONPATH}"

# load_assert: bats-support and bats-assert, the files bats_load_library
# would load, sourced straight from BATS_LIB_PATH: their load.bash runs a
# dirname per file, and bats sources a file's libraries again for each
# case, a seventh of a second a case.
load_assert() {
	local d f dirs
	IFS=: read -ra dirs <<<"${BATS_LIB_PATH:-/usr/lib/bats}"
	for d in "${dirs[@]}"; do
		[ -d "$d/bats-support/src" ] && [ -d "$d/bats-assert/src" ] ||
		    continue
		for f in "$d"/bats-support/src/*.bash "$d"/bats-assert/src/*.bash; do
			# shellcheck disable=SC1090
			source "$f"
		done
		return
	done
	bats_load_library bats-support
	bats_load_library bats-assert
}

# Starts "$@" in the background with its output in $BATS_TEST_TMPDIR/bg.out
# and waits until it has exec'd (its /proc/PID/exe is no longer bash).
# Fails, saying what it waited for, when that takes more than 30 s (a
# bound for a machine under load: it returns as soon as the exec is seen).
start_bg() {
	local exe self end
	# The program's fork first: hostile.bats' start_at hands it the next
	# PID, which the command substitution's fork would take.
	"$@" >"$BATS_TEST_TMPDIR/bg.out" 2>&1 8<&- &
	BG_PID=$!
	self=$(readlink /proc/$$/exe)
	end=$((SECONDS + 30))
	while [ "$SECONDS" -le "$end" ]; do
		exe=$(readlink "/proc/$BG_PID/exe" 2>/dev/null) || true
		if [ -n "$exe" ] && [ "$exe" != "$self" ]; then
			return 0
		fi
		sleep 0.02
	done
	echo "start_bg: $1 (PID $BG_PID) did not exec within 30 s:" \
	    "$(cat "$BATS_TEST_TMPDIR/bg.out")" >&2
	stop_bg
	return 1
}

# await_exec PROG PID...: waits (30 s at most) until each PID runs PROG
# (its exe link is PROG's file): before its exec, a child shows its
# shell's vector.
await_exec() {
	local want p end
	want=$(readlink -f "$(command -v "$1")")
	shift
	for p in "$@"; do
		end=$((SECONDS + 30))
		while [ "$SECONDS" -le "$end" ]; do
			[ "$(readlink "/proc/$p/exe" 2>/dev/null)" != "$want" ] || break
			sleep 0.02
		done
		[ "$(readlink "/proc/$p/exe" 2>/dev/null)" = "$want" ] ||
		    { echo "await_exec: $p does not run $want"; return 1; }
	done
}

# spawn_many N CMD...: starts N copies of CMD from one small shell, which
# forks far faster than bats' own, and adds their PIDs to $EXTRA_PIDS; the
# shell waits for them, so that none is left a zombie once killed.  Their
# PIDs, a line each, are in $BATS_TEST_TMPDIR/spawned.N.
spawn_many() {
	local n=$1 f=$BATS_TEST_TMPDIR/spawned.$1
	shift
	# The file exists before the shell starts to append to it.
	: >"$f"
	sh -c 'n=$1; shift; while [ "$n" -gt 0 ]; do
		"$@" >/dev/null 2>&1 3>&- & echo $!; n=$((n - 1)); done
		exec >/dev/null; wait' _ "$n" "$@" >>"$f" 3>&- &
	for _ in $(seq 400); do
		[ "$(wc -l <"$f")" -lt "$n" ] || break
		sleep 0.05
	done
	EXTRA_PIDS="${EXTRA_PIDS:-} $(tr '\n' ' ' <"$f")"
	[ "$(wc -l <"$f")" -eq "$n" ] ||
	    { echo "spawn_many: $n processes not started in 20 s"; return 1; }
}

# pid_lock: holds, until the test ends, the lock that orders the cases
# which hand out PIDs (hostile.bats' start_at writes ns_last_pid) or need
# a freed PID not handed out again.  Two runs of the suite at once (the
# cross stage runs two guests' at a time) otherwise give each other's
# freed PIDs back: one run's PID-1, written to ns_last_pid, lets its
# next forks take the PIDs the other run has just freed.  The lock is
# flock(2) on that sysctl, the one file every run on the machine opens
# alike, whatever its TMPDIR or user; where it is absent nothing writes
# it and there is nothing to order.  On fd 8, which start_bg's programs
# do not inherit (they would hold the lock while they live).
pid_lock() {
	[ -e /proc/sys/kernel/ns_last_pid ] || return 0
	exec 8</proc/sys/kernel/ns_last_pid
	flock -w 120 8 ||
	    { echo "pid_lock: ns_last_pid's lock not had in 120 s"; return 1; }
}

stop_bg() {
	if [ -n "${BG_PID:-}" ]; then
		kill "$BG_PID" 2>/dev/null || true
		wait "$BG_PID" 2>/dev/null || true
		BG_PID=
	fi
}

# pyvec FILE WORDSIZE [ORDER]: the pairs before AT_NULL as "type value"
# lines; pyvec_json the same as one JSON list.  ORDER: little, big, < or >.
pyvec() {
	python3 "$TESTS_DIR/oracle.py" pairs "$@"
}

pyvec_json() {
	python3 "$TESTS_DIR/oracle.py" pairs "$@" --json
}

# Writes a raw vector: mkraw FILE WORDSIZE ENDIAN(<|>) TYPE VALUE ...
# (AT_NULL is appended), with mkfixture.py raw.
mkraw() {
	local f=$1 ws=$2 e=little pairs=()
	[ "$3" != '>' ] || e=big
	shift 3
	while [ $# -gt 1 ]; do
		pairs+=("$1=$2")
		shift 2
	done
	"$MKFIXTURE" raw -w "$ws" -e "$e" "${pairs[@]}" >"$f"
}

# --- Another user ----------------------------------------------------
#
# A case that runs a program as another user (nobody) runs it from
# $NOBODY_DIR, a folder under /tmp that every user may pass through
# (0711): bats 1.8.2 makes its run directory 0700, and the build may lie
# in such a folder too (a checkout under /root, a mktemp -d), where that
# user's exec fails (status 127), as does the program's open of itself
# (--check reads its own executable) or of another file there.
# nobody_setup, in the setup_file of a file that runs something as
# another user, makes it, and in it $NOBODY_AUXV, a copy of auxv;
# nobody_teardown, in its teardown_file, removes it; nobody_copy FILE
# [NAME] copies more there, its path printed (nobody_case_dir, a folder
# of a case's own there).
NOBODY=(setpriv --reuid=65534 --regid=65534 --clear-groups)

nobody_setup() {
	NOBODY_DIR=$(mktemp -d /tmp/auxv-nobody.XXXXXX) &&
	    chmod 0711 "$NOBODY_DIR" || return
	export NOBODY_DIR
	NOBODY_AUXV=$(nobody_copy "$AUXV") || return
	export NOBODY_AUXV
}

nobody_teardown() {
	[ -z "${NOBODY_DIR:-}" ] || rm -rf "$NOBODY_DIR"
}

# nobody_case_dir: a new folder in $NOBODY_DIR, 0755, its path printed.
nobody_case_dir() {
	local d
	d=$(mktemp -d "$NOBODY_DIR/case.XXXXXX") && chmod 755 "$d" && echo "$d"
}

nobody_copy() {
	local f=$NOBODY_DIR/${2:-${1##*/}}
	# Removed first: a copy still running (a case's left-over) is busy.
	rm -f "$f" && cp "$1" "$f" && chmod 0755 "$f" && echo "$f"
}

# --- What the machine can do ------------------------------------------
#
# need CAPABILITY skips the test, with a reason that names what is
# missing, unless the machine has it.  Each capability is probed for real
# (the program is run, the core is written), once per bats run; the
# verdict is kept in $BATS_RUN_TMPDIR.  AUXV_TEST_NO32=1 makes the run32
# probe report no 32-bit support, so that the skip paths are exercised
# on machines that have it (.ci/run does that in a second pass).

need() {
	local f="$BATS_RUN_TMPDIR/probe.$1"
	if [ ! -e "$f" ]; then
		"probe_$1" >"$f.new" 2>/dev/null || true
		mv "$f.new" "$f"
	fi
	if [ -s "$f" ]; then
		skip "$(cat "$f")"
	fi
	return 0
}

# has CAPABILITY: the probe's verdict as a status, without skipping.
has() {
	(need "$1" >/dev/null 2>&1) &&
	    [ ! -s "$BATS_RUN_TMPDIR/probe.$1" ]
}

# A 32-bit static program, $BATS_RUN_TMPDIR/sleep32: with an argument it
# exits 42 at once, without one it sleeps until killed.
probe_cc32() {
	local d=$BATS_RUN_TMPDIR
	printf '%s\n' '#include <unistd.h>' \
	    'int main(int argc, char **argv) { (void)argv;' \
	    '	if (argc > 1) return 42; pause(); return 0; }' >"$d/sleep32.c"
	# Debian's i686 cross compiler (gcc-multilib conflicts with it),
	# else the native one's -m32.
	i686-linux-gnu-gcc -static -o "$d/sleep32" "$d/sleep32.c" ||
	    gcc -m32 -static -o "$d/sleep32" "$d/sleep32.c" ||
	    echo "no 32-bit toolchain (i686-linux-gnu-gcc -static and" \
		"gcc -m32 -static fail: gcc-i686-linux-gnu)"
}

probe_run32() {
	local rc=0
	if [ -n "${AUXV_TEST_NO32:-}" ]; then
		echo "kernel cannot run 32-bit programs (AUXV_TEST_NO32 set)"
		return
	fi
	has cc32 || { cat "$BATS_RUN_TMPDIR/probe.cc32"; return; }
	"$BATS_RUN_TMPDIR/sleep32" probe || rc=$?
	[ "$rc" -eq 42 ] ||
	    echo "kernel cannot run 32-bit programs (no IA-32 emulation)"
}

# PTRACE_TRACEME in a child, then exec: the parent must see the stop.
probe_ptrace() {
	python3 -c '
import ctypes, os, signal, sys
pid = os.fork()
if pid == 0:
    if ctypes.CDLL(None, use_errno=True).ptrace(0, 0, 0, 0) != 0:
        os._exit(3)
    os.execv("/bin/true", ["true"])
_, st = os.waitpid(pid, 0)
ok = os.WIFSTOPPED(st) and os.WSTOPSIG(st) == signal.SIGTRAP
os.kill(pid, signal.SIGKILL)
os.waitpid(pid, 0)
sys.exit(0 if ok else 1)' || echo "ptrace of a child is not permitted here"
}

probe_gcore() {
	local p d=$BATS_RUN_TMPDIR
	command -v gcore >/dev/null || { echo "no gcore (gdb)"; return; }
	sleep 100 &
	p=$!
	gcore -o "$d/gcore-probe" "$p" >/dev/null 2>&1 || true
	kill "$p"
	wait "$p" 2>/dev/null
	[ -s "$d/gcore-probe.$p" ] || echo "gcore writes no core here"
	rm -f "$d/gcore-probe.$p"
}

probe_eu_readelf() {
	command -v eu-readelf >/dev/null || echo "no eu-readelf (elfutils)"
}

probe_strace() {
	command -v strace >/dev/null || { echo "no strace"; return; }
	strace -f -qq -o /dev/null -e trace=clone,clone3 true ||
	    echo "strace cannot trace here"
}

probe_jq() {
	command -v jq >/dev/null || echo "no jq"
}

probe_setpriv() {
	[ "$(id -u)" -eq 0 ] || { echo "not root: cannot switch to nobody"; return; }
	command -v setpriv >/dev/null || { echo "no setpriv (util-linux)"; return; }
	setpriv --reuid=65534 --regid=65534 --clear-groups -- true ||
	    echo "setpriv cannot switch to nobody here"
}

# fakeroot (its preload says root to getuid() and kin), run as nobody.
probe_fakeroot() {
	has setpriv || { cat "$BATS_RUN_TMPDIR/probe.setpriv"; return; }
	command -v fakeroot >/dev/null || { echo "no fakeroot"; return; }
	[ "$(setpriv --reuid=65534 --regid=65534 --clear-groups fakeroot \
	    id -u)" = 0 ] || echo "fakeroot does not run for nobody here"
}

# The kernel's process-events connector, joined and asked to acknowledge
# a listener within a second, by python's own socket (not by auxv): a
# kernel that wants CAP_NET_ADMIN (6.1), and one that ignores listeners
# of another PID or user namespace (a container), skip the -w cases.
# probe_connector_nobody asks the same as the user nobody.  A probe that
# could not run (no python3 that user may run) says so: no verdict is a
# skip, never a yes.
probe_connector() {
	"$@" python3 -c '
import errno, os, select, socket, struct, sys, time
CAP = "the process-events connector needs CAP_NET_ADMIN on this kernel"
def req(s, ack, op):
    cn = struct.pack("=IIIIHHI", 1, 1, 0, ack, 4, 0, op)
    s.send(struct.pack("=IHHII", 16 + len(cn), 3, 0, 0, 0) + cn)
try:
    s = socket.socket(socket.AF_NETLINK, socket.SOCK_DGRAM, 11)
    s.bind((0, 1))
    ack = os.getpid()
    req(s, ack, 1)
except OSError as e:
    print(CAP if e.errno == errno.EPERM else
          "no process-events connector: " + e.strerror)
    sys.exit()
end = time.time() + 1
while True:
    left = end - time.time()
    if left <= 0 or not select.select([s], [], [], left)[0]:
        print("the process-events connector acknowledges no listener here"
              " (another PID or user namespace)")
        break
    d = s.recv(256)
    # The answer: cn_msg ack + 1, proc_event what PROC_EVENT_NONE.
    if len(d) < 56 or struct.unpack_from("=I", d, 28)[0] != ack + 1 or \
       struct.unpack_from("=I", d, 36)[0] != 0:
        continue
    err = struct.unpack_from("=i", d, 52)[0]
    if err:
        print(CAP if err == errno.EPERM else
              "the process-events connector refuses: " + os.strerror(err))
    req(s, 0, 2)
    break' || echo "the process-events connector probe did not run: $* python3 failed"
}

probe_connector_nobody() {
	has setpriv || { cat "$BATS_RUN_TMPDIR/probe.setpriv"; return; }
	probe_connector setpriv --reuid=65534 --regid=65534 --clear-groups
}

# The expected values of some tests are x86-64's: AT_PLATFORM "x86_64"
# equal to uname -m, the HWCAP bits of /proc/cpuinfo's flags, i386 as
# the name of the 32-bit architecture.
probe_x86_64() {
	[ "$(uname -m)" = x86_64 ] ||
	    echo "written for an x86-64 host, this is $(uname -m)"
}

# A PID namespace with its own /proc (which a container may refuse).
probe_pidns() {
	unshare -p -f --mount-proc true ||
	    echo "cannot make a PID namespace (unshare -p -f --mount-proc)"
}

# A PID namespace that keeps the /proc it was given (another
# namespace's: /proc/1 is not its PID 1).
probe_pidns_bare() {
	unshare --pid --fork true ||
	    echo "cannot make a PID namespace (unshare --pid --fork)"
}

probe_little_endian() {
	[ "$(python3 -c 'import sys; print(sys.byteorder)')" = little ] ||
	    echo "written for a little-endian host"
}

# The path of the 32-bit sleeper, after need run32.
sleep32() {
	echo "$BATS_RUN_TMPDIR/sleep32"
}

# The line after a usage error's message, which is all that follows it.
TRY_HELP="Try 'auxv --help' for more information."

# strerror NAME: libc's message for errno NAME, as python3 has it, and as
# auxv words it: its capital lowered where the word is not an acronym
# ("no such file or directory").
strerror() {
	python3 -c 'import errno, os, sys
m = os.strerror(getattr(errno, sys.argv[1]))
print(m[0].lower() + m[1:] if m[1:2].islower() else m)' "$1"
}

# --- A /proc that procfs did not write ------------------------------

probe_mountns() {
	unshare -m sh -c 'umount -l /proc' ||
	    echo "cannot unmount /proc in a mount namespace (unshare -m)"
}

# fakeproc FAKE CMD...: CMD in a mount namespace where the folder FAKE is
# /proc.  FAKE/.real is the real /proc; FAKE/self and FAKE/$$ (CMD's own
# PID) lead there, so that the /proc check (/proc/self is our PID) and a
# sanitizer runtime's own reads still work.  Names in FAKE that are PIDs
# are links to FAKE/.real/PID, or folders of files a test writes.  Its
# PID is left in FAKE/.pid.  The namespace's first command is
# "${FAKEPROC_WRAP[@]}" (strace, that traces CMD from its start), if set.
fakeproc() {
	local f=$1
	shift
	mkdir -p "$f/.real"
	chmod 755 "$f"
	unshare -m "${FAKEPROC_WRAP[@]}" sh -c 'f=$1; shift
	    mount --rbind /proc "$f/.real" && mount --rbind "$f" /proc &&
	    ln -sfn ".real/$$" "/proc/$$" && ln -sfn "$$" /proc/self &&
	    echo "$$" >/proc/.pid && exec "$@"' _ "$f" "$@"
}

# fakepid FAKE PID FILE=TEXT...: a folder FAKE/PID of those files, the
# TEXT written by printf %b, mode 644 (a test takes away what it will).
# FILE:=ARGS instead writes what mkfixture.py ARGS writes (raw vectors:
# auxv:='raw -N -C 4 6=0').
fakepid() {
	local d=$1/$2 a n
	shift 2
	for a; do
		n=${a%%=*}
		mkdir -p "$(dirname "$d/${n%:}")"
		if [ "$n" != "${n%:}" ]; then
			# shellcheck disable=SC2086
			"$MKFIXTURE" ${a#*=} >"$d/${n%:}"
		else
			printf '%b' "${a#*=}" >"$d/$n"
		fi
		chmod 644 "$d/${n%:}"
	done
	chmod 755 "$d"
}

# A field of readelf -h of file $1: "Entry point address", ...
readelf_h() {
	readelf -h "$1" | sed -n "s/^ *$2: *//p" | sed 's/ .*//'
}

# Sets st to the static, non-PIE auxv that uexec (exec/uexec.c) can
# load with a vector of its making; skips where there is none.
uexec_ready() {
	native_only "uexec's fault cases run natively"
	[ "$(uname -m)" = x86_64 ] || skip "the fault cases hold x86-64's vector (its platform, its load addresses)"
	[ -x "${UEXEC:-}" ] || skip "no uexec helper built"
	st=$BUILD_DIR/tests/bench/auxv-static
	[ -x "$st" ] || skip "no static auxv built (tests/bench)"
	[ "$(readelf_h "$st" Type)" = EXEC ] || skip "static auxv is a PIE"
}

# Whether uexec makes /proc/self/auxv the program's vector
# (PR_SET_MM_MAP, which needs no capability but a kernel built with
# CONFIG_CHECKPOINT_RESTORE, and which qemu-user may refuse; else
# PR_SET_MM_AUXV, which needs CAP_SYS_RESOURCE): --check's procauxv
# holds for its vector made right.
probe_setauxv() {
	local st=$BUILD_DIR/tests/bench/auxv-static
	[ -x "${UEXEC:-}" ] && [ -x "$st" ] ||
	    { echo "no uexec helper or static auxv built"; return; }
	"$UEXEC" none "$st" --check 2>/dev/null | grep -q '^procauxv  *ok' ||
	    echo "uexec cannot make /proc/self/auxv the program's (PR_SET_MM_MAP refused)"
}

# start_odd MODE [ARG]...: tests/exec/oddproc MODE (unvdso, nostack, farsegs) as
# start_bg starts it, once it says it has done what the mode does (each
# mode writes one line then).
start_odd() {
	[ -x "${ODDPROC:-}" ] || skip "no oddproc helper built"
	start_bg "$ODDPROC" "$@"
	for _ in $(seq 100); do
		[ -s "$BATS_TEST_TMPDIR/bg.out" ] && break
		sleep 0.05
	done
}

# probe_srcs TRIPLE: src/*.c for a plain build by TRIPLE-gcc, each of
# whose probe files is the architecture's alone (src/meson.build picks
# them by cpu_family): the others' left out.
probe_srcs() {
	local d=$TESTS_DIR/../src f a s
	case $1 in
	x86_64-*) a=x86_64 ;;
	i?86-*) a=i386 ;;
	aarch64-*) a=aarch64 ;;
	arm-*) a=arm ;;
	powerpc64*-*) a=ppc64 ;;
	s390x-*) a=s390x ;;
	riscv64-*) a=riscv64 ;;
	*) a=none ;;
	esac
	for f in "$d"/*.c; do
		[[ "${f##*/}" == probe_*.c ]] || echo "$f"
	done
	# Both x86 builds assemble probe_x86.S.
	case $a in
	x86_64 | i386) s=x86 ;;
	*) s=$a ;;
	esac
	for f in "$d/probe_$a.c" "$d/probe_$s.S"; do
		[ ! -e "$f" ] || echo "$f"
	done
}

# guest_build NAME QEMU TRIPLE: auxv and its oracle tests/exec/auxvrec.c
# (a library preloaded into it) built for another architecture by
# Debian's cross compiler TRIPLE-gcc, in $BATS_RUN_TMPDIR/guest-NAME, and
# run once under QEMU with -L /usr/TRIPLE; says why not where it can't
# be.  A plain build of src/*.c, a few seconds: meson's cross build is
# the cross stage's (.ci/run).
guest_build() {
	local d=$BATS_RUN_TMPDIR/guest-$1 q=$2 t=$3
	local src=$TESTS_DIR
	command -v "$q" >/dev/null || { echo "no $q (qemu-user-static)"; return; }
	command -v "$t-gcc" >/dev/null ||
	    { echo "no $t-gcc (gcc-$t, libc6-dev-*-cross)"; return; }
	[ -e "$src/exec/auxvrec.c" ] || { echo "no tests/exec/auxvrec.c"; return; }
	mkdir -p "$d"
	"$t-gcc" -std=gnu11 -O1 -D_GNU_SOURCE -DAUXV_VERSION='"guest"' \
	    -o "$d/auxv" $(probe_srcs "$t") -lpthread >"$d/cc.log" 2>&1 ||
	    { echo "$t-gcc cannot build auxv: $(grep -m1 'error' "$d/cc.log")"
	      return; }
	"$t-gcc" -shared -fPIC -o "$d/auxvrec.so" "$src/exec/auxvrec.c" \
	    >>"$d/cc.log" 2>&1 ||
	    { echo "$t-gcc cannot build auxvrec.so: $(grep -m1 'error' "$d/cc.log")"
	      return; }
	"$q" -L "/usr/$t" -E "LD_LIBRARY_PATH=/usr/$t/lib" "$d/auxv" \
	    --version >/dev/null 2>&1 ||
	    echo "$q cannot run auxv built by $t-gcc"
}

probe_qemu_arm() {
	guest_build arm qemu-arm-static arm-linux-gnueabihf
}

probe_qemu_i386() {
	guest_build i386 qemu-i386-static i686-linux-gnu
}

probe_qemu_aarch64() {
	guest_build aarch64 qemu-aarch64-static aarch64-linux-gnu
}

probe_qemu_ppc64le() {
	guest_build ppc64le qemu-ppc64le-static powerpc64le-linux-gnu
}

# auxv runs natively: its own vector is of the architecture of the
# kernel's programs, as uname -m names it through auxv's --arch.  Under
# qemu-user (the cross stage of .ci/run) it is not: there another
# process, /proc/cpuinfo and uname are the host's, comm is qemu's.
probe_native() {
	local f=$BATS_RUN_TMPDIR/native.raw own host
	mkraw "$f" 8 '<' 6 4096
	own=$("$AUXV" --json -k AT_PAGESZ | jq -r .arch)
	host=$("$AUXV" --json --arch "$(uname -m)" -f "$f" | jq -r .arch)
	[ -n "$own" ] && [ "$own" = "$host" ] ||
	    echo "auxv ($own) runs under an emulator on $(uname -m):" \
		"other processes, /proc/cpuinfo and uname are the host's"
}

# od(1) prints words in its own machine's byte order, auxv's -o od in
# auxv's, and the host's locale files (C.UTF-8) are of the host's order:
# the same but where auxv runs under an emulator of the other order
# (s390x under qemu-user on x86-64).
probe_host_order() {
	local own host
	own=$("$AUXV" --json -k AT_PAGESZ | jq -r .byte_order)
	host=$(python3 -c 'import sys; print(sys.byteorder)')
	[ "$own" = "$host" ] ||
	    echo "auxv ($own-endian) runs under an emulator on a $host-endian" \
		"host: od(1) and the locale files are in the host's order"
}

# mkraw_own FILE TYPE VALUE ...: a raw vector in the word size and byte
# order auxv reads a raw file in without options, its build's (under an
# emulator, not the host's), for tests of layout, not of decoding.
mkraw_own() {
	local f=$BATS_RUN_TMPDIR/own-layout
	[ -s "$f" ] || "$AUXV" --json -k AT_PAGESZ | jq -r '"\(.word_size) " +
	    (if .byte_order == "big" then ">" else "<" end)' >"$f"
	# shellcheck disable=SC2046
	mkraw "$1" $(cat "$f") "${@:2}"
}

# native_only WHAT: skips, naming WHAT, where auxv runs under an emulator
# (probe_native; the cross stage of .ci/run): qemu-user has no ptrace
# and no process_vm_readv, refuses the connector, and shows other
# processes, /proc/cpuinfo and uname as the host's.
native_only() {
	has native ||
	    skip "$1: $(cat "$BATS_RUN_TMPDIR/probe.native")"
}

# ld_show PROGRAM TYPE: the value glibc's loader shows for TYPE (PLATFORM,
# HWCAP...) of PROGRAM's own vector (LD_SHOW_AUXV, an oracle beside
# auxv; under qemu-user the guest's loader), or nothing where PROGRAM
# has no loader that shows it (a static or musl build).
ld_show() {
	LD_SHOW_AUXV=1 "$1" --version 2>/dev/null |
	    sed -n "s/^AT_$2: *//p"
}
