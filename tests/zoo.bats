# The zoo: every legitimately odd process at once, one for each fact of
# --check's provenance table (src/check.c) that a process can change
# after its exec, then `auxv -a --check` over the machine and `auxv
# --check PID` of each, and `auxv --check` run where a member runs (a
# PID namespace, fakeroot, a seccomp filter): no FAIL, and every "no
# data" says why.  A member
# this machine cannot make (no qemu-x86_64, no user namespaces) is left
# out and named on the TAP stream; the oracle that each member is what it
# claims is the kernel's own view (/proc/PID/exe, maps, status, uid_map).

load common

# auxv run as nobody runs a copy in $NOBODY_DIR (common.bash).
setup_file() {
	nobody_setup
}

teardown_file() {
	nobody_teardown
}

teardown() {
	local p
	{
		for p in ${ZOO_PIDS:-}; do
			pkill -9 -P "$p" || true
			kill -9 "$p" || true
		done
		for p in ${ZOO_PIDS:-}; do
			wait "$p" || true
		done
	} 2>/dev/null
}

# zoo_note TEXT: said on the TAP stream (bats' fd 3).
zoo_note() {
	echo "# zoo: $*" >&3
}

# zoo_add NAME CMD...: starts CMD in the background, output in
# $Z/NAME.out, as member NAME.
zoo_add() {
	local name=$1
	shift
	# Not on bats' descriptors 3 and 8 (its TAP stream, pid_lock's).
	"$@" >"$Z/$name.out" 2>&1 </dev/null 3>&- 8<&- &
	ZOO_PIDS+=" $!"
	ZOO_NAMES[$!]=$name
}

# zoo_wait PID [TEXT]: until PID has exec'd past bash (its exe is not our
# shell's) and, with TEXT, its output holds TEXT; 5 s at most, then the
# member is dropped, said why.  TEXT "-": until its main thread has
# ended (the exe link then reads nothing), another running.
zoo_wait() {
	local p=$1 text=${2:-} self exe
	self=$(readlink /proc/$$/exe)
	for _ in $(seq 250); do
		if [ "$text" = - ]; then
			[ "$(ls "/proc/$p/task" 2>/dev/null | wc -l)" -ne 2 ] ||
			    ! grep -q '^State:.*Z' "/proc/$p/status" || return 0
			sleep 0.02
			continue
		fi
		exe=$(readlink "/proc/$p/exe" 2>/dev/null) || exe=
		if [ -n "$exe" ] && [ "$exe" != "$self" ] &&
		    { [ -z "$text" ] ||
		        grep -q "$text" "$Z/${ZOO_NAMES[$p]}.out"; }; then
			return 0
		fi
		sleep 0.02
	done
	zoo_note "${ZOO_NAMES[$p]} did not start:" \
	    "$(head -c 200 "$Z/${ZOO_NAMES[$p]}.out" | tr '\n' ' ')"
	unset "ZOO_NAMES[$p]"
	return 0
}

# zoo_judge WHAT: the --check --json that run left in $status and
# $output holds no FAIL and says why of each no data; else it is said,
# with WHAT, and bad=1.
zoo_judge() {
	if [ "$status" -gt 1 ] || ! jq -e . <<<"$output" >/dev/null 2>&1; then
		echo "$1: status $status: $stderr"
		bad=1
	elif ! jq -e '[.checks[] | select(.result == "FAIL" or
	    (.result == "no data" and .evidence == ""))] | length == 0' \
	    <<<"$output" >/dev/null; then
		echo "$1:"
		jq -r '.checks[] | select(.result == "FAIL" or .evidence == "") |
		    "  \(.name) \(.result): \(.evidence)"' <<<"$output"
		bad=1
	fi
}

# zoo_self NAME CMD...: CMD runs auxv --check --json on itself, judged.
zoo_self() {
	local name=$1
	shift
	run --separate-stderr "$@"
	zoo_judge "auxv --check as $name"
}

# bats test_tags=slow
@test "the zoo: every odd process at once, no FAIL by PID or by -a, each no data with its reason" {
	need jq
	Z=$BATS_TEST_TMPDIR
	declare -gA ZOO_NAMES=()
	ZOO_PIDS=
	local sleep_bin p interp n
	sleep_bin=$(command -v sleep)
	interp=$(readelf -lW "$sleep_bin" 2>/dev/null |
	    sed -n 's/.*Requesting program interpreter: \(.*\)]/\1/p')

	# The executable replaced by an upgrade (mv over it: the old file is
	# deleted), renamed away with another file at its path, reached by
	# a symbolic link flipped since (update-alternatives).
	cp "$sleep_bin" "$Z/replaced"
	zoo_add replaced "$Z/replaced" 1000
	cp "$sleep_bin" "$Z/renamed"
	zoo_add renamed "$Z/renamed" 1000
	cp "$sleep_bin" "$Z/flip-a"
	ln -s "$Z/flip-a" "$Z/flip"
	zoo_add flipped "$Z/flip" 1000
	# A #! script its interpreter runs.
	printf '#!/bin/sh\nsleep 1000\n:\n' >"$Z/script"
	chmod 755 "$Z/script"
	zoo_add script "$Z/script"
	# The dynamic loader run as a program.
	if [ -n "$interp" ] && [ -x "$interp" ]; then
		zoo_add ldso "$interp" "$sleep_bin" 1000
	else
		zoo_note "no PT_INTERP in $sleep_bin: no ld.so run as a program"
	fi
	# Strings rewritten (setproctitle: perl's $0 rewrites argv's area).
	if command -v perl >/dev/null; then
		zoo_add proctitle perl -e '$0 = "renamed " x 40; print "set\n"; $| = 1; sleep 1000'
	else
		zoo_note "no perl: no rewritten strings"
	fi
	# IDs dropped after exec (as root only: else there is none to drop).
	if [ "$(id -u)" -eq 0 ]; then
		zoo_add dropped python3 -c 'import os, time
os.setgroups([]); os.setgid(65534); os.setuid(65534)
print("dropped", flush=True); time.sleep(1000)'
	fi
	# chroot(2) after exec, into a directory that holds nothing: no
	# interpreter, no AT_EXECFN there.
	mkdir "$Z/empty"
	if [ "$(id -u)" -eq 0 ]; then
		zoo_add chrooted python3 -c 'import os, sys, time
os.chroot(sys.argv[1]); os.chdir("/")
print("chrooted", flush=True); time.sleep(1000)' "$Z/empty"
	fi
	# fexecve (AT_EXECFN /dev/fd/N), a memfd launcher (the same, the
	# executable a memfd), and a re-exec through /proc/self/exe.
	zoo_add fexecve python3 -c 'import os, sys
fd = os.open(sys.argv[1], os.O_RDONLY)
os.execve(fd, ["sleep", "1000"], dict(os.environ))' "$sleep_bin"
	zoo_add memfd python3 -c 'import os, sys
fd = os.memfd_create("zoo", 0)
os.write(fd, open(sys.argv[1], "rb").read())
os.execve(fd, ["sleep", "1000"], dict(os.environ))' "$sleep_bin"
	zoo_add pyselfexe python3 -c 'import os, sys
os.execv("/proc/self/exe", [sys.executable, "-c",
    "import time; print(\"reexec\", flush=True); time.sleep(1000)"])'
	# Another user namespace, whose IDs map differently: a user's
	# process that made one after its exec.
	if unshare -U true 2>/dev/null && has setpriv; then
		zoo_add userns "${NOBODY[@]}" python3 -c 'import ctypes, os, time
if ctypes.CDLL(None, use_errno=True).unshare(0x10000000) != 0:
    raise OSError(ctypes.get_errno(), "unshare(CLONE_NEWUSER)")
print("unshared", flush=True); time.sleep(1000)'
	else
		zoo_note "no user namespaces for nobody (unshare -U)"
	fi
	# A PID namespace that kept the /proc it was given: its PID 1 is
	# another process there.
	if has pidns_bare; then
		zoo_add pidns unshare --pid --fork --kill-child "$sleep_bin" 1000
	else
		zoo_note "$(cat "$BATS_RUN_TMPDIR/probe.pidns_bare")"
	fi
	# Under fakeroot, as nobody: its preload says root to getuid().
	if has fakeroot; then
		zoo_add fakeroot "${NOBODY[@]}" fakeroot "$sleep_bin" 1000
	else
		zoo_note "$(cat "$BATS_RUN_TMPDIR/probe.fakeroot")"
	fi
	# A seccomp filter that refuses getuid() and kin and getpid().
	if [ -x "${NOVMREAD:-}" ]; then
		zoo_add seccomp "$NOVMREAD" -s getuid,geteuid,getgid,getegid,getpid \
		    "$sleep_bin" 1000
	else
		zoo_note "no novmread helper built: no seccomp filter"
	fi
	# The main thread ended, another running.
	if command -v cc >/dev/null &&
	    printf '%s\n' '#include <pthread.h>' '#include <unistd.h>' \
	        'static void *run(void *a) { (void)a; for (;;) pause(); }' \
	        'int main(void) { pthread_t t; pthread_create(&t, 0, run, 0);' \
	        '	pthread_exit(0); }' >"$Z/mt.c" &&
	    cc -pthread -o "$Z/mt" "$Z/mt.c" 2>/dev/null; then
		zoo_add mainexit "$Z/mt"
	else
		zoo_note "no C compiler: no process whose main thread ended"
	fi
	# Emulators: qemu-user (its guest's loader mapped twice) and
	# valgrind (the vDSO gone, argv on its own stack).
	if [ "$(uname -m)" = x86_64 ] && command -v qemu-x86_64 >/dev/null; then
		zoo_add qemu qemu-x86_64 "$sleep_bin" 1000
	else
		zoo_note "no qemu-x86_64 on an x86-64 machine"
	fi
	if command -v valgrind >/dev/null; then
		zoo_add valgrind valgrind -q --tool=none "$sleep_bin" 1000
	else
		zoo_note "no valgrind"
	fi
	# tests/exec/oddproc's memory made odd after exec.
	if [ -x "${ODDPROC:-}" ]; then
		[ -z "$interp" ] || zoo_add mapinterp "$ODDPROC" mapat "$interp"
		# Its own file mapped again below exec's mapping (as a
		# symbolizer maps its program), its first page unmapped.
		zoo_add mapself "$ODDPROC" mapat "$ODDPROC"
		zoo_add unmapfirst "$ODDPROC" unmapfirst
		# The vDSO moved, an ordinary mapping where it was.
		zoo_add vdsoreuse "$ODDPROC" movevdso reuse
		# The vDSO unmapped and moved, argv's NULL written over, the
		# stack left, headers moved; the argument area and
		# startstack moved (PR_SET_MM_MAP, _ARG_START); fexecve,
		# execveat, /proc/self/fd/N and /proc/self/exe re-execs.
		for m in unvdso movevdso argvnull nostack farsegs setmm \
		    setstack argstart fexec execat procfd selfexe; do
			zoo_add "$m" "$ODDPROC" "$m"
		done
	else
		zoo_note "no oddproc helper built"
	fi

	# Each started, then the files changed under the running ones.
	for p in ${!ZOO_NAMES[@]}; do
		case ${ZOO_NAMES[$p]} in
		proctitle) zoo_wait "$p" set ;;
		dropped) zoo_wait "$p" dropped ;;
		chrooted) zoo_wait "$p" chrooted ;;
		userns) zoo_wait "$p" unshared ;;
		pyselfexe) zoo_wait "$p" reexec ;;
		mainexit) zoo_wait "$p" - ;;
		mapinterp | mapself) zoo_wait "$p" mapped ;;
		unmapfirst) zoo_wait "$p" unmapped ;;
		vdsoreuse) zoo_wait "$p" reused ;;
		unvdso | movevdso | argvnull | nostack | farsegs | setmm | \
		    setstack | argstart)
			zoo_wait "$p" . ;;
		fexec | execat | procfd | selfexe) zoo_wait "$p" waiting ;;
		*) zoo_wait "$p" ;;
		esac
	done
	cp /bin/true "$Z/new" && mv "$Z/new" "$Z/replaced"
	mv "$Z/renamed" "$Z/renamed.old" && cp /bin/true "$Z/renamed"
	ln -sfn /bin/true "$Z/flip"
	# The kernel's view that each is what it claims.
	for p in ${!ZOO_NAMES[@]}; do
		case ${ZOO_NAMES[$p]} in
		replaced) [[ "$(readlink "/proc/$p/exe")" == *" (deleted)" ]] ;;
		dropped) grep -q "^Uid:.*65534" "/proc/$p/status" ;;
		chrooted) [ "$(readlink "/proc/$p/root")" = "$Z/empty" ] ;;
		userns) [ "$(readlink "/proc/$p/ns/user")" != "$(readlink /proc/self/ns/user)" ] ;;
		memfd) [[ "$(readlink "/proc/$p/exe")" == /memfd:zoo* ]] ;;
		esac
	done
	[ "${#ZOO_NAMES[@]}" -ge 8 ]

	# Each by PID: no FAIL; each no data says why.  Every member's
	# verdicts are said before the case fails.
	local bad=0
	for p in ${!ZOO_NAMES[@]}; do
		n=${ZOO_NAMES[$p]}
		run --separate-stderr timeout 30 "$AUXV" --check --json "$p"
		zoo_judge "zoo member $n (PID $p), exe $(readlink "/proc/$p/exe")"
	done
	# auxv itself where a member is: self's verdicts, no FAIL.
	if has pidns_bare; then
		zoo_self pidns unshare --pid --fork "$AUXV" --check --json
	fi
	if has fakeroot && ! ldd "$AUXV" 2>/dev/null | grep -q libasan; then
		zoo_self fakeroot "${NOBODY[@]}" fakeroot "$NOBODY_AUXV" \
		    --check --json
	fi
	if [ -x "${NOVMREAD:-}" ]; then
		# LeakSanitizer's pass at exit loops where getpid is refused.
		zoo_self seccomp "$NOVMREAD" -s \
		    getuid,geteuid,getgid,getegid,getpid \
		    env ASAN_OPTIONS=detect_leaks=0 "$AUXV" --check --json
	fi
	[ "$bad" -eq 0 ]
	# And every process of the machine, the zoo among them.
	run --separate-stderr timeout 60 "$AUXV" -a --check --json
	[ "$status" -eq 0 ] || {
		echo "auxv -a --check: status $status"
		jq -c 'select(.failures > 0) | {pid, comm, f: [.checks[] | select(.result == "FAIL") | .name + ": " + .evidence]}' <<<"$output"
		false
	}
}

# The zoo's members that are auxv itself: a start-up routine that edited
# the environment (envedit.c, preloaded: unsetenv, setenv, clearenv) or
# changed directory under a relative AT_EXECFN, and an execv("3") in
# /proc/self/fd of a descriptor closed at exec.
# bats test_tags=slow
@test "the zoo, self: auxv --check on itself where a start-up routine edited its environment or directory, or run as a /proc descriptor's name: no FAIL" {
	need jq
	local how d asan=verify_asan_link_order=0:${ASAN_OPTIONS:-} bad=0
	if [ -n "$ENVEDIT" ]; then
		for how in unset set clear; do
			zoo_self "envedit $how" env ASAN_OPTIONS="$asan" \
			    LD_PRELOAD="$ENVEDIT" ENVEDIT=$how "$AUXV" --check --json
		done
		d=$(dirname "$AUXV")
		zoo_self "preload chdir" sh -c 'cd "$1" && exec env \
		    ASAN_OPTIONS="$2" LD_PRELOAD="$3" ENVEDIT=chdir \
		    "./$4" --check --json' sh "$d" "$asan" "$ENVEDIT" \
		    "$(basename "$AUXV")"
	else
		zoo_note "no envedit.c helper: its members left out"
	fi
	zoo_self "execv 3 in /proc/self/fd" python3 -c 'import os, sys
fd = os.open(sys.argv[1], os.O_RDONLY | os.O_CLOEXEC)
os.chdir("/proc/self/fd")
os.execv(str(fd), [str(fd), "--check", "--json"])' "$AUXV"
	[ "$bad" -eq 0 ]
}
