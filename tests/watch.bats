#!/usr/bin/env bats
# -w, --watch: every program as it starts, from the kernel's
# process-events connector.  The oracle is $WITNESS (tests/exec/
# witness.c): each copy writes its PID, the bytes at AT_RANDOM and the
# string at AT_EXECFN, from getauxval(3) and its own memory, to a file.

load common

load_assert

# The summary on standard error when the watch ends.
SUMMARY='^auxv: [0-9]+ programs? shown, [0-9]+ ended before they could be read(, [0-9]+ not readable: permission denied)?, 0 events lost$'

# A copy of the witness named for this run alone ($W, its comm; not
# ending in 32, which check_witnesses takes for a 32-bit one): other
# test files run $WITNESS meanwhile, and a -w that showed theirs would
# see runs these tests did not make.
setup_file() {
	export W=wt$$x
	cp "$WITNESS" "$BATS_FILE_TMPDIR/$W"
	export WITNESS=$BATS_FILE_TMPDIR/$W
	nobody_setup
}

teardown_file() {
	nobody_teardown
}

setup() {
	D=$BATS_TEST_TMPDIR
	AS=()
	W_PID=
}

teardown() {
	[ -z "${W_PID:-}" ] || kill -KILL "$W_PID" 2>/dev/null || true
	[ -z "${EXTRA_PIDS:-}" ] || kill $EXTRA_PIDS 2>/dev/null || true
}

# start_watch ARGS: auxv -w ARGS in the background (as ${AS[@]} where
# set), its output in $D/out and its messages in $D/err; it is ready
# once it has shown a witness, which wait_shown starts in a loop.
start_watch() {
	"${AS[@]}" "$AUXV" -w "$@" >"$D/out" 2>"$D/err" 3>&- &
	W_PID=$!
	wait_shown "$D/ready"
}

# wait_shown FILE: starts witnesses (as ${AS[@]}) that write to FILE until
# auxv has shown one of them, as a JSON object, a block or a table row;
# fails, saying why, after 10 s or when auxv has ended.
wait_shown() {
	local pid _
	for _ in $(seq 100); do
		"${AS[@]}" "$WITNESS" "$1" 20 3>&-
		while read -r pid _; do
			grep -qE "(\"pid\":$pid,|^==> $pid |^$pid )" "$D/out" &&
			    return 0
		done <"$1"
		if ! kill -0 "$W_PID" 2>/dev/null; then
			echo "auxv -w ended: $(cat "$D/err")"
			return 1
		fi
		sleep 0.1
	done
	echo "auxv -w showed none of 100 witnesses in 10 s: $(cat "$D/err")"
	return 1
}

# stop_watch SIGNAL: ends auxv with SIGNAL; its status in $W_STATUS.
stop_watch() {
	kill -s "$1" "$W_PID"
	await_watch
}

# await_watch: waits for auxv -w to end, 10 s at most (issue 46: a bug
# that kept it watching hung the case until meson's time-out); its
# status in W_STATUS.  Where it has not ended, kills it and fails,
# saying so.
await_watch() {
	local i
	for i in $(seq 200); do
		kill -0 "$W_PID" 2>/dev/null || break
		sleep 0.05
	done
	if kill -0 "$W_PID" 2>/dev/null; then
		kill -KILL "$W_PID" 2>/dev/null || true
		echo "auxv -w (PID $W_PID) had not ended within 10 s: $(cat "$D/err")"
		return 1
	fi
	W_STATUS=0
	wait "$W_PID" || W_STATUS=$?
	W_PID=
}

# lines_are N FILE: FILE has N lines.
lines_are() {
	[ "$(wc -l <"$2" 2>/dev/null)" = "$1" ]
}

# wait_until SECONDS COMMAND...: runs COMMAND every 10 ms until it
# succeeds; fails, naming it, after SECONDS.
wait_until() {
	local n=$(($1 * 100))
	shift
	while ! "$@"; do
		n=$((n - 1))
		if [ "$n" -le 0 ]; then
			echo "not within the time allowed: $*"
			return 1
		fi
		sleep 0.01
	done
}

# count_ended: fails, saying so, where auxv -w --count N has not ended
# (teardown kills it), rather than waiting for it.
count_ended() {
	if kill -0 "$W_PID" 2>/dev/null; then
		echo "auxv -w --count had not ended: $(cat "$D/err")"
		return 1
	fi
}

# watch_failed MESSAGE: auxv -w ended with status 1, nothing on standard
# output, MESSAGE alone on standard error.
watch_failed() {
	await_watch
	[ "$W_STATUS" -eq 1 ]
	[ ! -s "$D/out" ]
	run cat "$D/err"
	assert_output "$1"
}

# check_witnesses OUT PPID LIST...: every line of the LISTs is shown in
# OUT once, as one object with its PID, parent (unless PPID is 0), random
# bytes and AT_EXECFN, stamped within the last five minutes; every object
# of a witness in OUT is of a line.  The lines of a LIST written as
# ?LIST may be missing (witnesses run until the watch was ready).
check_witnesses() {
	python3 -c '
import datetime, json, os, sys
out, ppid, lists = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
runs = [l.split() + [f[0] == "?"] for f in lists for l in open(f.lstrip("?"))]
objs = [json.loads(l) for l in open(out)]
pids = {int(r[0]) for r in runs}
names = {os.path.basename(r[2])[:15] for r in runs}
for o in objs:
    if o.get("comm") in names:
        assert o["pid"] in pids, ("not a witness run", o["pid"])
for pid, rnd, fn, maybe in runs:
    # By PID and executable: a PID is handed out again (pid_max may be
    # 32768), to programs that others on the machine start meanwhile.
    mine = [o for o in objs if o["pid"] == int(pid) and o["exe"] == fn]
    if maybe and not mine:
        continue
    assert len(mine) == 1, (pid, len(mine))
    o = mine[0]
    assert "entries" in o, o
    ent = {e["name"]: e for e in o["entries"]}
    assert ent["AT_RANDOM"]["bytes"] == rnd, (pid, ent["AT_RANDOM"], rnd)
    assert ent["AT_EXECFN"]["string"] == fn, (pid, ent["AT_EXECFN"], fn)
    assert o["exe"] == fn, (o["exe"], fn)
    assert o["word_size"] == (4 if fn.endswith("32") else 8), o
    if ppid:
        assert o["ppid"] == ppid, (pid, o["ppid"], ppid)
    t = datetime.datetime.strptime(o["time"], "%Y-%m-%dT%H:%M:%S.%fZ")
    assert len(o["time"]) == 24, o["time"]
    age = datetime.datetime.utcnow() - t
    assert datetime.timedelta(0) <= age < datetime.timedelta(minutes=5), t
print(len(runs), "runs checked")' "$@"
}

# bats test_tags=slow
@test "-w: usage errors, status 2" {
	local a
	for a in "-w -a" "-w 1" "-w -f x" "-a -w" "--watch --od" "-w -o raw" \
	    "--count 1" "-C x --count 1" "-w --count 0" "-w --count x" \
	    "-w --count -1" "-w -e true"; do
		# shellcheck disable=SC2086
		run -2 --separate-stderr "$AUXV" $a </dev/null
		[ -z "$output" ]
		[[ "${stderr_lines[0]}" == auxv:* ]]
	done
	run -2 --separate-stderr "$AUXV" -w -a
	assert_equal "${stderr_lines[0]}" "auxv: -w and -a exclude each other"
	# A count of any digits is one; the error is its use without -w.
	for a in 2 9 90 09; do
		run -2 --separate-stderr "$AUXV" --count "$a"
		assert_equal "${stderr_lines[0]}" "auxv: --count counts the programs of -w"
	done
	run -2 --separate-stderr "$AUXV" -w --od
	assert_equal "${stderr_lines[0]}" \
	    "auxv: -w shows decoded vectors: -o od shows whole bytes"
}

@test "-w: --help and the synopsis name it and --count" {
	run -0 "$AUXV" --help
	assert_line "       auxv -w [-C name[,name...]] [--count n] [-v] [-o format] [-k key[,key...]]"
	assert_line --partial "  -w, --watch "
	assert_line --partial "      --count N "
}

# bats test_tags=full,run32
@test "-w --json: 200 programs started while it runs, each shown once with what it was given" {
	need connector
	local progs=("$WITNESS") pids=() i p
	[ -z "$WITNESS_STATIC" ] || progs+=("$WITNESS_STATIC")
	[ -z "$WITNESS32" ] || ! has run32 || progs+=("$WITNESS32")
	# Copies named for this run alone: another test file may run the
	# witnesses meanwhile, and a PID is handed out again (pid_max may be
	# 32768).
	for i in "${!progs[@]}"; do
		p=$D/w$$-$(basename "${progs[i]}")
		cp "${progs[i]}" "$p"
		progs[i]=$p
	done
	start_watch --json
	# They linger, so that all can be read at any priority.
	for i in $(seq 0 199); do
		"${progs[i % ${#progs[@]}]}" "$D/list" 300 3>&- &
		pids+=("$!")
	done
	wait "${pids[@]}"
	[ "$(wc -l <"$D/list")" -eq 200 ]
	# What came before the last witness has been shown when it is.
	wait_shown "$D/drain"
	stop_watch INT
	[ "$W_STATUS" -eq 0 ]
	check_witnesses "$D/out" "$BASHPID" "$D/list" "?$D/ready" "$D/drain"
	grep -qE "$SUMMARY" "$D/err"
	# Every object is a program's vector or the error of one.
	jq -e -s 'all(.source == "pid" and (has("entries") or has("error"))
	    and has("time") and has("ppid"))' "$D/out"
}

# bats test_tags=full
@test "-w -C NAME --count 3 --json: the next three programs of that name, then status 0" {
	need connector
	"$AUXV" -w -C "$W" --count 3 --json >"$D/out" 2>"$D/err" 3>&- &
	W_PID=$!
	for _ in $(seq 200); do
		/bin/true
		"$WITNESS" "$D/list" 20
		kill -0 "$W_PID" 2>/dev/null || break
		sleep 0.05
	done
	count_ended
	await_watch
	[ "$W_STATUS" -eq 0 ]
	[ "$(wc -l <"$D/out")" -eq 3 ]
	jq -e -s --arg w "$W" 'all(.comm == $w and has("entries"))' "$D/out"
	# Each of the three is a run of the list, with its bytes.
	python3 -c '
import json, sys
runs = {int(l.split()[0]): l.split()[1] for l in open(sys.argv[2])}
for l in open(sys.argv[1]):
    o = json.loads(l)
    r = [e for e in o["entries"] if e["name"] == "AT_RANDOM"][0]
    assert runs[o["pid"]] == r["bytes"], o["pid"]' "$D/out" "$D/list"
	grep -qE '^auxv: 3 programs shown, [0-9]+ ended' "$D/err"
}

@test "-w -k EXECFN --value --count 2: the values alone, a line each" {
	need connector
	"$AUXV" -w -C "$W" -k EXECFN --value --count 2 >"$D/out" \
	    2>"$D/err" 3>&- &
	W_PID=$!
	for _ in $(seq 200); do
		"$WITNESS" "$D/list" 20
		kill -0 "$W_PID" 2>/dev/null || break
		sleep 0.05
	done
	count_ended
	await_watch
	run cat "$D/out"
	assert_output "$WITNESS"$'\n'"$WITNESS"
	grep -qE '^auxv: 2 programs shown, ' "$D/err"
}

@test "-w: blocks headed as -a heads them, -k keeps the entries asked for" {
	need connector
	start_watch -C "$W" -k PAGESZ,EXECFN
	stop_watch TERM
	[ "$W_STATUS" -eq 0 ]
	run cat "$D/out"
	assert_line --regexp '^==> [0-9]+ \('"$W"'\) <==$'
	assert_line "AT_PAGESZ:            $(getconf PAGESIZE)"
	assert_line "AT_EXECFN:            $WITNESS"
	refute_line --partial AT_RANDOM
	# The summary counts the blocks written.
	n=$(grep -c '^==> ' "$D/out")
	grep -qE "^auxv: $n programs? shown, " "$D/err"
}

@test "-w -o table: the header once, then a row per program as it starts" {
	need connector
	start_watch -o table -C "$W" -k PAGESZ,EXECFN
	# Rows are written as programs start: wait_shown saw one already.
	wait_shown "$D/more"
	stop_watch INT
	[ "$W_STATUS" -eq 0 ]
	run cat "$D/out"
	assert_line -n 0 --regexp '^PID +COMM +AT_PAGESZ +AT_EXECFN$'
	[ "$(grep -c '^PID ' "$D/out")" -eq 1 ]
	[ "${#lines[@]}" -ge 3 ]
	for l in "${lines[@]:1}"; do
		[[ "$l" =~ ^[0-9]+\ +$W\ +[0-9]+\ +/ ]]
	done
}

@test "-w: a program that ended before it was read is counted and an error object, never another's vector" {
	need connector
	# Not with -C: the name of a program that has gone can't be read.
	start_watch --json
	# While auxv is stopped, a witness runs and is reaped.
	kill -STOP "$W_PID"
	"$WITNESS" "$D/gone"
	kill -CONT "$W_PID"
	wait_shown "$D/after"
	stop_watch INT
	[ "$W_STATUS" -eq 0 ]
	pid=$(cut -d' ' -f1 "$D/gone")
	jq -e -s --argjson p "$pid" 'map(select(.pid == $p)) | length == 1
	    and (.[0] | (has("entries") | not) and .error.errno == 3 and
	    has("time"))' "$D/out"
	# The summary counts what the objects show.
	shown=$(jq -s '[.[] | select(has("entries"))] | length' "$D/out")
	ended=$(jq -s '[.[] | select(.error.errno == 3)] | length' "$D/out")
	[ "$ended" -ge 1 ]
	grep -qx "auxv: $shown programs\? shown, $ended ended before they could be read, 0 events lost" "$D/err"
}

@test "-w: SIGINT, SIGTERM and SIGPIPE end it with the summary, status 0" {
	need connector
	for sig in INT TERM PIPE; do
		start_watch --json
		stop_watch "$sig"
		[ "$W_STATUS" -eq 0 ]
		[ "$(wc -l <"$D/err")" -eq 1 ]
		grep -qE "$SUMMARY" "$D/err"
		rm "$D/ready"
	done
}

# page_says ERE: the man page, as mandoc renders it on one line, matches
# ERE (issue 46: it said a closed output ended the watch with status 0).
page_says() {
	command -v mandoc >/dev/null || skip "mandoc is not installed (Debian: mandoc)"
	mandoc -Tascii "$TESTS_DIR/../man/auxv.1" | col -b |
	    tr -s ' \t\n' '   ' | grep -qE -- "$1"
}

@test "-w into a pipe that closes: ends at its next write, the summary, status 0" {
	need connector
	# Bounded: a watch that never writes leaves head waiting.
	(timeout 20 "$AUXV" -w --json 2>"$D/err" 3>&-
	    echo $? >"$D/rc") 3>&- | timeout 20 head -c 1 >/dev/null 3>&- &
	for _ in $(seq 200); do
		[ ! -s "$D/rc" ] || break
		/bin/true
		sleep 0.05
	done
	[ "$(cat "$D/rc")" = 0 ]
	grep -qE "$SUMMARY" "$D/err"
	# As the man page has it: a reader that goes away is status 0.
	page_says "SIGTERM, a reader that goes away \(a pipe closed, [^)]*\) or --count end the watch with exit status 0"
}

@test "-w where the connector is refused: names CAP_NET_ADMIN, status 1" {
	need setpriv
	has connector_nobody && skip "the connector lets nobody listen here"
	grep -q CAP_NET_ADMIN "$BATS_RUN_TMPDIR/probe.connector_nobody" ||
	    skip "$(cat "$BATS_RUN_TMPDIR/probe.connector_nobody")"
	run -1 --separate-stderr "${NOBODY[@]}" "$NOBODY_AUXV" -w
	[ -z "$output" ]
	assert_equal "$stderr" \
	    "auxv: -w: this kernel lets only CAP_NET_ADMIN listen to process events"
}

# bats test_tags=slow
@test "-w as another user: its own programs shown, root's refused and counted, no real-time priority said" {
	need setpriv
	need connector
	local d
	# Plain nobody where the kernel lets anyone listen, else nobody
	# with CAP_NET_ADMIN alone, which reads no other user's memory.
	if has connector_nobody; then
		AS=("${NOBODY[@]}")
	else
		AS=("${NOBODY[@]}" --inh-caps=+net_admin --ambient-caps=+net_admin)
		"${AS[@]}" true || skip "setpriv cannot raise CAP_NET_ADMIN here"
	fi
	# No RLIMIT_RTPRIO: the reader stays at normal priority.
	AS=(prlimit --rtprio=0 "${AS[@]}")
	# A folder nobody may enter and write to, with copies of both.
	d=$(nobody_case_dir)
	chmod 777 "$d"
	cp "$AUXV" "$WITNESS" "$d/"
	D=$d AUXV=$d/auxv WITNESS=$d/$W
	start_watch --json -C "$W"
	"$WITNESS" "$D/root" 300
	wait_shown "$D/after"
	stop_watch INT
	[ "$W_STATUS" -eq 0 ]
	# Root's run is an error object, checked below.
	check_witnesses "$D/out" 0 "?$D/ready" "$D/after" "?$D/root"
	pid=$(cut -d' ' -f1 "$D/root")
	jq -e -s --argjson p "$pid" 'map(select(.pid == $p)) | length == 1
	    and (.[0] | (has("entries") | not) and .error.errno == 13 and
	    .ppid == '"$BASHPID"')' "$D/out"
	grep -qE '^auxv: [0-9]+ programs? shown, [0-9]+ ended before they could be read, 1 not readable: permission denied, 0 events lost$' "$D/err"
	grep -q '^auxv: not at real-time priority (SCHED_FIFO 1: ' "$D/err"
	rm -r "$d"
}

@test "-w: an exec event sent by a process, not the kernel, is not believed" {
	need connector
	# A witness that was running before -w began: no exec of its is due.
	"$WITNESS" "$D/old" 30000 3>&- &
	EXTRA_PIDS=$!
	wait_until 10 test -s "$D/old"
	start_watch --json -C "$W"
	# The kernel's own datagram of an exec, taken by a listener of this
	# test, is sent again to auxv's socket, naming the old witness.
	run -0 python3 - "$W_PID" "$EXTRA_PIDS" "$WITNESS" "$D/seen" <<'PY'
import os, select, socket, struct, subprocess, sys, time
auxv, old, witness, seen = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4]
def req(s, op):
    cn = struct.pack("=IIIIHHI", 1, 1, 0, 0, 4, 0, op)
    s.send(struct.pack("=IHHII", 16 + len(cn), 3, 0, 0, 0) + cn)
# auxv's connector socket, by its inode in /proc/net/netlink: its port.
inodes = {os.readlink("/proc/%d/fd/%s" % (auxv, f))
          for f in os.listdir("/proc/%d/fd" % auxv)}
port = [int(l.split()[2]) for l in open("/proc/net/netlink").readlines()[1:]
        if l.split()[1] == "11" and "socket:[%s]" % l.split()[9] in inodes]
assert len(port) == 1, port
s = socket.socket(socket.AF_NETLINK, socket.SOCK_DGRAM, 11)
s.bind((0, 1))
req(s, 1)
p = subprocess.Popen([witness, seen])
end = time.time() + 10
while True:
    assert select.select([s], [], [], end - time.time())[0], "no exec event"
    d, (src, _) = s.recvfrom(256)
    # cn_msg at 16, proc_event at 36: what, then exec's pid and tgid at 52.
    if src == 0 and struct.unpack_from("=I", d, 36)[0] == 2 and \
       struct.unpack_from("=I", d, 56)[0] == p.pid:
        break
req(s, 2)
p.wait()
forged = d[:52] + struct.pack("=II", old, old) + d[60:]
try:
    s.sendto(forged, (port[0], 0))
except PermissionError:
    print("skip: sending to another netlink socket needs CAP_NET_ADMIN")
PY
	[[ "$output" != skip:* ]] || skip "${output#skip: }"
	# Events are read in order: the forged one before this witness.
	wait_shown "$D/after"
	stop_watch INT
	[ "$W_STATUS" -eq 0 ]
	check_witnesses "$D/out" 0 "?$D/ready" "?$D/seen" "$D/after"
	jq -e -s --argjson p "$EXTRA_PIDS" 'map(select(.pid == $p)) == []' \
	    "$D/out"
}

@test "-w: SIGINT while it waits for the acknowledgement ends it, the summary, status 0" {
	need connector
	need pidns
	local child=
	# In another PID namespace no acknowledgement comes for a second;
	# auxv is the namespace's first process there, which ignores a
	# signal it has not blocked, so SIGINT is sent until it ends.
	unshare -p -f --mount-proc "$AUXV" -w --json >"$D/out" 2>"$D/err" 3>&- &
	W_PID=$!
	# 10 s at most: await_watch fails, naming it, where it goes on.
	for _ in $(seq 500); do
		kill -0 "$W_PID" 2>/dev/null || break
		[ -n "$child" ] || child=$(pgrep -P "$W_PID" || true)
		[ -z "$child" ] || kill -INT "$child" 2>/dev/null || true
		sleep 0.02
	done
	await_watch
	[ "$W_STATUS" -eq 0 ]
	[ ! -s "$D/out" ]
	run cat "$D/err"
	assert_output "auxv: 0 programs shown, 0 ended before they could be read, 0 events lost"
}

# exec_twice FILE [SH-COMMANDS]: while auxv is stopped, a shell (its PID,
# P) runs SH-COMMANDS, then execs a witness that writes to FILE and
# lingers; auxv goes on once the witness has written.  The exec events of
# P, the shell's then the witness's, wait in auxv's socket together.
# P is added to EXTRA_PIDS, which teardown ends.
exec_twice() {
	kill -STOP "$W_PID"
	sh -c "$2"'
exec "$0" "$1" 500' "$WITNESS" "$1" 3>&- &
	P=$!
	EXTRA_PIDS="${EXTRA_PIDS:-} $P"
	wait_until 10 test -s "$1" || { kill -CONT "$W_PID"; return 1; }
	kill -CONT "$W_PID"
}

@test "-w: a program that exec'd again before it was read is counted as ended, the next one shown once" {
	need connector
	local shown ended i
	start_watch --json -C "$W"
	# P's two events must come in one batch of auxv's (8 events): where
	# other programs exec meanwhile (a suite run beside this one), a
	# batch may end between them, and P is read once, as a witness, as
	# in the case below.  Again with another P until one came in one
	# batch, 20 times at most; every P's witness is shown once all the
	# same.
	for i in $(seq 20); do
		exec_twice "$D/twice$i"
		wait_until 10 grep -q "\"pid\":$P,.*\"entries\"" "$D/out"
		! grep -q "\"pid\":$P,.*executed another program" "$D/out" ||
		    break
	done
	wait_shown "$D/after"
	stop_watch INT
	[ "$W_STATUS" -eq 0 ]
	check_witnesses "$D/out" "$BASHPID" "$D"/twice* "?$D/ready" "$D/after"
	# The last P's events came in one batch: the shell's can't be read,
	# and is an error object, never the witness's vector under its name;
	# no P has more than one.
	jq -e -s --argjson p "$P" '[.[] | select(.pid == $p and
	    has("error"))] | length == 1 and (.[0] | .error.errno == 3 and
	    .error.message == "executed another program before it could be read"
	    and .comm == null and .exe == null)' "$D/out"
	jq -e -s --arg ps "$EXTRA_PIDS" '($ps | split(" ") | map(select(. != "")
	    | tonumber)) as $ps | [.[] | select(has("error")) | .pid |
	    select(. as $x | $ps | index($x))] | group_by(.) |
	    all(length == 1)' "$D/out"
	# The summary counts every program of the name: on a loaded machine
	# a witness of wait_shown's may end before it is read too.
	shown=$(jq -s '[.[] | select(has("entries"))] | length' "$D/out")
	ended=$(jq -s '[.[] | select(has("error") and .error.errno == 3)] |
	    length' "$D/out")
	[ "$ended" -ge 1 ]
	grep -qx "auxv: $shown programs shown, $ended ended before they could be read, 0 events lost" "$D/err"
}

@test "-w: a program read once it had exec'd again is the next one's vector, shown once, not twice" {
	need connector
	start_watch --json -C "$W"
	# Nine programs between P's two execs: more than auxv takes from its
	# socket at once (8), so P's first event is read alone, by which time
	# P is the witness; its own event then brings the same vector again.
	exec_twice "$D/twice" 'for i in 1 2 3 4 5 6 7 8 9; do /bin/true; done'
	wait_shown "$D/after"
	stop_watch INT
	[ "$W_STATUS" -eq 0 ]
	check_witnesses "$D/out" "$BASHPID" "$D/twice" "?$D/ready" "$D/after"
	jq -e -s --argjson p "$P" \
	    'map(select(.pid == $p)) | length == 1' "$D/out"
	grep -qE '^auxv: [0-9]+ programs shown, 0 ended before they could be read, 0 events lost$' "$D/err"
}

# bats test_tags=slow
@test "-w: one process that runs two programs, each read in its time, shows both" {
	need connector
	local sh=ws$$y
	cp "$(command -v sh)" "$D/$sh"
	start_watch --json -C "$sh,$W"
	# A shell of a name of this test's, read while it waits, then the
	# witness it becomes: one PID, two execs, two sets of random bytes.
	"$D/$sh" -c 'sleep 0.5; exec "$0" "$1" 500' "$WITNESS" "$D/twice" 3>&- &
	EXTRA_PIDS=$!
	wait_until 10 test -s "$D/twice"
	wait_shown "$D/after"
	stop_watch INT
	[ "$W_STATUS" -eq 0 ]
	check_witnesses "$D/out" 0 "$D/twice" "?$D/ready" "$D/after"
	jq -e -s --argjson p "$EXTRA_PIDS" --arg sh "$sh" \
	    '[.[] | select(.pid == $p) | .comm] == [$sh, env.W]' "$D/out"
}

# Skips where the fault injection library is not built or LD_PRELOAD
# does not reach auxv.
faultinj_ready() {
	[ -n "${FAULTINJ:-}" ] || skip "no fault injection library built"
	LD_PRELOAD=$FAULTINJ AUXV_FAULT_COUNT=$D/probe \
	    ASAN_OPTIONS=verify_asan_link_order=0 "$AUXV" --help >/dev/null
	[ -s "$D/probe" ] || skip "LD_PRELOAD does not reach $AUXV (linked static?)"
}

# faulty_watch CALL N ERRNO ARGS...: auxv -w ARGS with the Nth CALL failed
# (tests/fault/faultinj.c), as start_watch starts it; the calls made are
# counted in $D/counts.  Skips where LD_PRELOAD does not reach auxv.
faulty_watch() {
	local call=$1 n=$2 e=$3
	shift 3
	faultinj_ready
	LD_PRELOAD=$FAULTINJ AUXV_FAULT_CALL=$call AUXV_FAULT_N=$n \
	    AUXV_FAULT_ERRNO=$e AUXV_FAULT_COUNT=$D/counts \
	    ASAN_OPTIONS=verify_asan_link_order=0 \
	    "$AUXV" -w "$@" >"$D/out" 2>"$D/err" 3>&- &
	W_PID=$!
}

@test "-w: events the kernel dropped (recvmmsg's ENOBUFS) are said in the summary" {
	need connector
	local try lost=
	# The calls through syscall(2): signalfd4, then recvmmsg, once
	# for the acknowledgement (seldom twice: failed there, ENOBUFS is
	# of events before the start, and not counted), then the watch's.
	for try in 1 2 3; do
		faulty_watch syscall 3 ENOBUFS --json -C "$W"
		wait_shown "$D/list.$try"
		stop_watch INT
		[ "$W_STATUS" -eq 0 ]
		grep -qx 'fired 1' "$D/counts"
		check_witnesses "$D/out" "$BASHPID" "?$D/list.$try"
		run cat "$D/err"
		assert_output --regexp '^auxv: [0-9]+ programs? shown, 0 ended before they could be read, (0 events lost|events lost: the kernel.s buffer overflowed 1 time)$'
		[[ "$output" != *"0 events lost" ]] && lost=1 && break
	done
	[ -n "$lost" ]
}

# The kernel's own list of the connector's users names cn_proc.
kernel_has_cn_proc() {
	grep -q '^cn_proc ' /proc/net/connector 2>/dev/null
}

@test "-w where the kernel has no connector: says so, status 1" {
	need mountns
	faultinj_ready
	local e c f=$BATS_TEST_TMPDIR/fake
	# A /proc whose list of the connector's users has no cn_proc, and
	# one without the list (no CONFIG_CONNECTOR).
	mkdir -p "$f/net"
	printf 'Name            ID\n' >"$f/net/connector"
	for e in EPROTONOSUPPORT EAFNOSUPPORT; do
		for c in with without; do
			[ "$c" = with ] || rm -f "$f/net/connector"
			run -1 --separate-stderr fakeproc "$f" env \
			    LD_PRELOAD="$FAULTINJ" AUXV_FAULT_CALL=socket \
			    AUXV_FAULT_N=1 AUXV_FAULT_ERRNO="$e" \
			    ASAN_OPTIONS=verify_asan_link_order=0 "$AUXV" -w
			[ -z "$output" ]
			assert_equal "$stderr" "auxv: -w: no process-events connector in this kernel (CONFIG_CONNECTOR, CONFIG_PROC_EVENTS)"
		done
		printf 'Name            ID\n' >"$f/net/connector"
	done
}

@test "-w whose socket is refused though the kernel has the connector (seccomp, an emulator): says so, not that the kernel has none" {
	kernel_has_cn_proc || skip "no cn_proc in /proc/net/connector"
	local e
	for e in EPROTONOSUPPORT EAFNOSUPPORT; do
		faulty_watch socket 1 "$e" --json
		watch_failed "auxv: -w: the kernel has the process-events connector, but its socket was refused here (by an emulator, as qemu-user, or a seccomp filter)"
	done
}

# qemu-user for this machine's architecture runs $AUXV (not a sanitizer
# build, whose shadow memory it can't map).
probe_qemu_user() {
	local q=qemu-$(uname -m)
	command -v "$q" >/dev/null || { echo "no $q (qemu-user)"; return; }
	"$q" "$AUXV" --version >/dev/null 2>&1 ||
	    echo "$q cannot run $AUXV (a sanitizer build?)"
}

@test "-w under qemu-user: the connector refused by the emulator, not missing from the kernel" {
	need qemu_user
	kernel_has_cn_proc || skip "no cn_proc in /proc/net/connector"
	# The oracle: the same socket, opened by python on the host, is not
	# refused.
	python3 -c 'import socket
socket.socket(socket.AF_NETLINK, socket.SOCK_DGRAM, 11).close()' ||
	    skip "the host refuses the connector's socket too"
	run -1 --separate-stderr "qemu-$(uname -m)" "$AUXV" -w --json
	[ -z "$output" ]
	assert_equal "$stderr" "auxv: -w: the kernel has the process-events connector, but its socket was refused here (by an emulator, as qemu-user, or a seccomp filter)"
}

@test "-w whose signals can't be taken (sigprocmask, signalfd failing): the errno said, status 1, no summary" {
	local c e
	# The first call through syscall(2) is signalfd4.
	for c in "sigprocmask EINVAL" "syscall EMFILE"; do
		e=${c#* }
		faulty_watch ${c% *} 1 "$e" --json
		watch_failed "auxv: -w: $(strerror "$e")"
		grep -qx 'fired 1' "$D/counts"
	done
}

@test "-w whose acknowledgement can't be received (recvmmsg ENOMEM, EIO): the errno said, status 1" {
	need connector
	local e
	# The second call through syscall(2) is the first recvmmsg: the one
	# that waits for the kernel's acknowledgement.
	for e in ENOMEM EIO; do
		faulty_watch syscall 2 "$e" --json
		watch_failed "auxv: -w: $(strerror "$e")"
		grep -qx 'fired 1' "$D/counts"
	done
}

# Issue 46: a receive that fails once the kernel has acknowledged, in
# the loop that reads events, ends the watch with its errno, as the
# acknowledgement's does: a bug that took it for a retry (as EAGAIN is)
# went on showing programs, and the default suite did not see it.
@test "-w whose events can't be received (recvmmsg EIO after the acknowledgement): the errno said, status 1, nothing shown" {
	need connector
	local try acked
	# Calls through syscall(2): signalfd4, the acknowledgement's
	# recvmmsg (seldom two), then the first of the loop, made when an
	# event comes: a witness's, or any program's on a busy machine.
	for try in 1 2 3; do
		faulty_watch syscall 3 EIO --json -C "$W"
		witness_until_end
		grep -qx 'fired 1' "$D/counts"
		[ "$W_STATUS" -eq 1 ]
		[ ! -s "$D/out" ]
		run cat "$D/err"
		assert_output "auxv: -w: $(strerror EIO)"
		# Acknowledged: the filtered request and the leaving one were
		# sent (three in all).  Else the fault fell on a second
		# receive of the acknowledgement: tried again.
		acked=
		! grep -qx 'send 3' "$D/counts" || acked=1
		[ -z "$acked" ] || break
	done
	[ -n "$acked" ]
}

@test "-w --count 1: one program shown even when more started at once" {
	need connector
	local i
	"$AUXV" -w -C "$W" --count 1 --json >"$D/out" 2>"$D/err" 3>&- &
	W_PID=$!
	# Ready once it listens: a witness it shows would end it.
	listening "$W_PID"
	# Three witnesses while it is stopped: their events are read together.
	kill -STOP "$W_PID"
	for i in 1 2 3; do "$WITNESS" "$D/list" 3000 3>&- & done
	wait_until 10 lines_are 3 "$D/list" || kill -CONT "$W_PID"
	kill -CONT "$W_PID"
	# (Should it have missed them, on a machine too slow for the wait
	# above, one more now and then, that it ends on.)
	for i in $(seq 600); do
		kill -0 "$W_PID" 2>/dev/null || break
		[ $((i % 50)) -ne 0 ] || "$WITNESS" "$D/list" 3000 3>&- &
		sleep 0.02
	done
	count_ended || { kill $(cut -d' ' -f1 "$D/list") 2>/dev/null; false; }
	await_watch
	kill $(cut -d' ' -f1 "$D/list")
	[ "$W_STATUS" -eq 0 ]
	[ "$(wc -l <"$D/out")" -eq 1 ]
	check_witnesses "$D/out" "$BASHPID" "?$D/list"
	grep -qx 'auxv: 1 program shown, 0 ended before they could be read, 0 events lost' "$D/err"
}

# bats test_tags=full
@test "-w in another PID namespace: no acknowledgement, said at once, status 1; another listener's is not taken for its own" {
	need connector
	need pidns
	t0=$(date +%s%N)
	timeout 10 unshare -p -f --mount-proc "$AUXV" -w --json >"$D/out" \
	    2>"$D/err" 3>&- &
	W_PID=$!
	# Listeners of this namespace join meanwhile: the kernel answers
	# each with an acknowledgement to every listener, auxv's too.
	while sleep 0.1 && kill -0 "$W_PID" 2>/dev/null; do
		probe_connector >/dev/null
	done
	await_watch
	t1=$(date +%s%N)
	[ "$W_STATUS" -eq 1 ]
	[ ! -s "$D/out" ]
	run cat "$D/err"
	assert_output "auxv: -w: no acknowledgement from the process-events connector within 1 s (another PID or user namespace, as in a container?)"
	# A second of waiting, not the time-out's ten.
	[ $(((t1 - t0) / 1000000000)) -lt 5 ]
}

@test "-w where the kernel refuses the listener in its acknowledgement: says why, status 1" {
	need connector
	local e
	# The acknowledgement carries an errno (tests/fault/faultinj.c): 6.1
	# refuses with EPERM a listener without CAP_NET_ADMIN.
	for e in EPERM ENOMEM; do
		# No call failed: "none" is of no kind.
		AUXV_FAULT_ACKERR=$e faulty_watch none 0 EIO --json
		if [ "$e" = EPERM ]; then
			watch_failed "auxv: -w: this kernel lets only CAP_NET_ADMIN listen to process events"
		else
			watch_failed "auxv: -w: $(strerror ENOMEM)"
		fi
	done
}

# witness_until_end: witnesses started one after another until the -w
# of $W_PID has ended (at most 100), then its status in $W_STATUS.
witness_until_end() {
	for _ in $(seq 100); do
		"$WITNESS" "$D/list" 20
		kill -0 "$W_PID" 2>/dev/null || break
		sleep 0.05
	done
	await_watch
}

# listening PID: waits until PID's connector socket has joined the
# process-events group (its Groups in /proc/net/netlink), and a while
# for the request that follows; fails after 10 s.
listening() {
	local i
	for i in $(seq 200); do
		python3 -c '
import os, sys
fds = {os.readlink("/proc/%s/fd/%s" % (sys.argv[1], f))
       for f in os.listdir("/proc/%s/fd" % sys.argv[1])}
sys.exit(not any(l.split()[1] == "11" and int(l.split()[3], 16) and
                 "socket:[%s]" % l.split()[9] in fds
                 for l in open("/proc/net/netlink").readlines()[1:]))
' "$1" 2>/dev/null && sleep 0.1 && return 0
		sleep 0.05
	done
	echo "auxv -w (PID $1) did not listen within 10 s"
	return 1
}

# bats test_tags=slow
@test "-w with standard input and output closed: they are /dev/null, not its socket; the output a write error, status 1" {
	need connector
	local fd
	for closed in "0 1" "1"; do
		if [ "$closed" = 1 ]; then
			"$AUXV" -w -C "$W" --count 1 >&- 2>"$D/err" 3>&- &
		else
			"$AUXV" -w -C "$W" --count 1 <&- >&- 2>"$D/err" 3>&- &
		fi
		W_PID=$!
		listening "$W_PID"
		# The oracle: what the kernel says each descriptor is.
		for fd in $closed; do
			assert_equal "$(readlink "/proc/$W_PID/fd/$fd")" /dev/null
		done
		for fd in 0 1 2; do
			[[ "$(readlink "/proc/$W_PID/fd/$fd")" != socket:* ]]
			[[ "$(readlink "/proc/$W_PID/fd/$fd")" != *signalfd* ]]
		done
		witness_until_end
		[ "$W_STATUS" -eq 1 ]
		run cat "$D/err"
		assert_line "auxv: write error: $(strerror EBADF)"
		assert_line --regexp '^auxv: 0 programs shown, '
	done
	# As the man page has it: a closed output is status 1, not 0.
	page_says "An output that can.t be written \(standard output closed, .>&-., or a full disk\) ends it too, after the summary, with .auxv: write error: \.\.\.. and exit status 1\."
	! page_says "a closed output or --count end the watch with exit status 0"
}

@test "-w into a full disk (/dev/full): no program counted as shown, the write error said, status 1" {
	need connector
	"$AUXV" -w -C "$W" --json >/dev/full 2>"$D/err" 3>&- &
	W_PID=$!
	listening "$W_PID"
	witness_until_end
	[ "$W_STATUS" -eq 1 ]
	# One of the witnesses was read: it is a program the output lost.
	[ -s "$D/list" ]
	run cat "$D/err"
	assert_line "auxv: write error: $(strerror ENOSPC)"
	assert_line --regexp '^auxv: 0 programs shown, [0-9]+ ended before they could be read, 0 events lost$'
}

@test "-w as root without CAP_SYS_NICE: the summary names the capability, and the scheduler says it is not real-time" {
	need connector
	need setpriv
	local caps
	# No RLIMIT_RTPRIO either: nothing permits SCHED_FIFO.
	AS=(prlimit --rtprio=0 setpriv --inh-caps=-sys_nice
	    --bounding-set=-sys_nice)
	"${AS[@]}" true || skip "setpriv cannot drop CAP_SYS_NICE here"
	start_watch --json -C "$W"
	# The oracles: the capability sets of its status, and its policy.
	caps=$(sed -n 's/^CapEff:\t//p' "/proc/$W_PID/status")
	[ $((0x$caps >> 23 & 1)) -eq 0 ]
	[ "$(awk '{ print $41 }' "/proc/$W_PID/stat")" -eq 0 ] # SCHED_OTHER
	stop_watch INT
	[ "$W_STATUS" -eq 0 ]
	run cat "$D/err"
	assert_line "auxv: not at real-time priority (SCHED_FIFO 1: $(strerror EPERM): needs CAP_SYS_NICE or ulimit -r 1): programs that end within a millisecond may be missed"
	refute_output --partial root
}

@test "-w as root: real-time priority, as the scheduler says, and nothing said of it" {
	need connector
	[ "$(id -u)" -eq 0 ] || skip "not root"
	start_watch --json -C "$W"
	# SCHED_FIFO is 1 (/proc/PID/stat's policy), at priority 1.
	[ "$(awk '{ print $41 }' "/proc/$W_PID/stat")" -eq 1 ]
	stop_watch INT
	[ "$W_STATUS" -eq 0 ]
	run cat "$D/err"
	refute_output --partial "real-time"
}
