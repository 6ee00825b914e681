# --check's ids rule: AT_UID, AT_EUID, AT_GID, AT_EGID and AT_SECURE
# against the process's IDs (status, uid_map), under fakeroot, seccomp,
# another user namespace and file capabilities.

load ../common
load check
load hooks

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
# bats test_tags=slow
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
# bats test_tags=slow
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

# bats test_tags=slow
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

# bats test_tags=slow
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
