#!/usr/bin/env bats
#
# -f FILE: raw vectors and ELF core dumps, from files and standard input.
#
# The expected values never come from auxv itself: raw vectors are decoded
# with python3 struct, cores are checked against eu-readelf -n and against
# what the live process showed in /proc/PID/auxv and /proc/PID/mem before
# it died, and synthetic files against the values mkfixture was told to
# write (see the comment at the top of tests/mkfixture.py for its layout).

bats_require_minimum_version 1.5.0

: "${AUXV:?AUXV must name the auxv binary}"
: "${MKFIXTURE:?MKFIXTURE must name tests/mkfixture.py}"

load common
load stress

# Types are given by number: AT_PAGESZ 6, AT_CLKTCK 17, AT_UID 11,
# AT_HWCAP 16, AT_PLATFORM 15, AT_RANDOM 25, AT_EXECFN 31.  A core from
# mkfixture holds 16, 6, 17, 11, 25, 31, 15 in that order.
RANDOM_HEX=0f1e2d3c4b5a69788796a5b4c3d2e1f0

setup() {
	T=$BATS_TEST_TMPDIR
}

teardown() {
	if [ -n "${OLD_PATTERN+set}" ]; then
		printf '%s\n' "$OLD_PATTERN" >/proc/sys/kernel/core_pattern
	fi
	if [ -n "${PID:-}" ]; then
		kill -9 "$PID" 2>/dev/null || true
		wait "$PID" 2>/dev/null || true
	fi
	stop_bg
	return 0
}

# pycheck JSON CODE [ARG...]: runs the python CODE with the parsed
# document in d, its entries by type in e, their (type, value) pairs in
# pairs and the ARGs in a.  Python integers keep 64-bit values exact.
pycheck() {
	local doc=$1 code=$2
	shift 2
	printf '%s' "$doc" | python3 -c "
import json, sys
d = json.load(sys.stdin)
a = sys.argv[1:]
e = {x['type']: x for x in d.get('entries', [])}
pairs = [[x['type'], x['value']] for x in d.get('entries', [])]
$code" "$@"
}

# eu_auxv CORE: the AUXV note as eu-readelf -n prints it, as JSON pairs
# of (label, value); the label is a name without AT_, or a number.  The
# value is null where eu-readelf prints none: elfutils 0.188 prints a type
# it has no value format for as a bare "    26", later ones "    26: 0x2".
eu_auxv() {
	eu-readelf -n "$1" | python3 -c '
import json, re, sys
out, inside = [], False
for line in sys.stdin:
    if re.match(r"^\s+CORE\s+\d+\s+AUXV\s*$", line):
        inside = True
        continue
    if not inside:
        continue
    m = re.match(r"^\s{4}(\w+)(?::\s+(\S+))?\s*$", line) or \
        re.match(r"^\s{4}(\w+): (\S+)\s", line)
    if m is None or m.group(1) == "NULL":
        break
    v = m.group(2)
    out.append([m.group(1), None if v is None else int(v, 0)])
print(json.dumps(out))'
}

# same_as_eu JSON CORE: every entry's type and value is what eu-readelf
# shows for the core's NT_AUXV note, in the same order.
same_as_eu() {
	local eu
	eu=$(eu_auxv "$2")
	pycheck "$1" '
eu = json.loads(a[0])
assert len(eu) == len(pairs), (eu, pairs)
for (label, value), x in zip(eu, d["entries"]):
    assert value is None or value == x["value"], (label, value, x)
    if label.isdigit():
        assert int(label) == x["type"], (label, x)
    else:
        assert "AT_" + label == x["name"], (label, x)
' "$eu"
}

# spawn [core]: starts sleep by its real path (with RLIMIT_CORE unlimited
# for "core") as $PID, and saves while it lives its /proc/PID/auxv, the 16
# bytes at AT_RANDOM and the strings at AT_EXECFN and AT_PLATFORM, read
# from /proc/PID/mem.
spawn() {
	local i
	SLEEP=$(readlink -f "$(command -v sleep)")
	if [ "${1:-}" = core ]; then
		(ulimit -c unlimited && exec "$SLEEP" 1000) &
	else
		"$SLEEP" 1000 &
	fi
	PID=$!
	for i in $(seq 1 250); do
		[ "$(readlink "/proc/$PID/exe" 2>/dev/null)" = "$SLEEP" ] && break
		sleep 0.02
	done
	[ "$(readlink "/proc/$PID/exe")" = "$SLEEP" ]
	cp "/proc/$PID/auxv" "$T/proc.auxv"
	python3 - "$PID" "$T" <<'EOF'
import struct, sys
from oracle import pairs_of, cstring
pid, t = sys.argv[1], sys.argv[2]
ent = dict(pairs_of(t + "/proc.auxv", struct.calcsize("P"), "="))
mem = open("/proc/%s/mem" % pid, "rb", buffering=0)
mem.seek(ent[25])
open(t + "/random", "w").write(mem.read(16).hex())
open(t + "/execfn", "wb").write(cstring(mem, ent[31]))
open(t + "/platform", "wb").write(cstring(mem, ent[15]))
EOF
}

# check_real_core CORE: auxv's reading of a core of the process spawned,
# against its saved vector and memory, eu-readelf and od.
check_real_core() {
	local core=$1 pid=$2 ws order
	ws=$(python3 -c 'import struct; print(struct.calcsize("P"))')
	order=$(python3 -c 'import sys; print(sys.byteorder)')

	run -0 --separate-stderr "$AUXV" -f "$core" --json
	[ -z "$stderr" ]
	pycheck "$output" '
want = json.loads(a[0])
assert d["source"] == "core", d["source"]
assert d["path"] == a[1], d["path"]
assert d["word_size"] == int(a[2]) and d["byte_order"] == a[3], d
assert pairs == want, (pairs, want)
assert e[31]["string"] == a[4] == open(a[5] + "/execfn").read(), e[31]
assert e[15]["string"] == open(a[5] + "/platform").read(), e[15]
assert e[25]["bytes"] == open(a[5] + "/random").read(), e[25]
' "$(pyvec_json "$T/proc.auxv" "$ws" "$order")" "$core" "$ws" "$order" \
	    "$SLEEP" "$T"
	same_as_eu "$output" "$core"
	# Its name: NT_PRPSINFO's fname as eu-readelf shows it; its program:
	# the NT_FILE entry the live process's exe was.
	local fname
	fname=$(eu-readelf -n "$core" | sed -n 's/^ *fname: \([^,]*\),.*/\1/p')
	[ -n "$fname" ]
	pycheck "$output" 'assert d["comm"] == a[0] and d["exe"] == a[1], d' \
	    "$fname" "$SLEEP"
	# Its pid: the process's, that its NT_PRSTATUS holds.
	pycheck "$output" 'assert d["pid"] == int(a[0]), d["pid"]' "$pid"

	# The raw bytes of a core are its NT_AUXV note: /proc/PID/auxv.
	"$AUXV" -f "$core" -o raw >"$T/core.raw"
	cmp "$T/core.raw" "$T/proc.auxv"
	if has host_order; then
		run -0 "$AUXV" -f "$core" --od
		[ "$output" = "$(od -t "d$ws" "$T/proc.auxv")" ]
	fi
	run -0 "$AUXV" -f "$core" -k EXECFN --value
	[ "$output" = "$SLEEP" ]
}

# --- Real cores -------------------------------------------------------

# bats test_tags=full
@test "gcore core: entries, strings and AT_RANDOM as the live process had" {
	need gcore
	need eu_readelf
	local pid
	spawn
	pid=$PID
	gcore -o "$T/gc" "$pid" >/dev/null 2>&1
	kill "$PID"
	wait "$PID" 2>/dev/null || true
	PID=
	check_real_core "$T/gc.$pid" "$pid"
}

# bats test_tags=slow
@test "kernel core: entries, strings and AT_RANDOM as the live process had" {
	need eu_readelf
	local pattern=$T/kcore.%p
	[ "${#pattern}" -lt 120 ] || skip "temporary directory name too long"
	# One run at a time sets the pattern (the cross stage of .ci/run runs
	# two at once): else one's core lands in the other's folder.
	exec {lock}</proc/sys/kernel/core_pattern
	flock "$lock"
	OLD_PATTERN=$(cat /proc/sys/kernel/core_pattern) ||
	    skip "core_pattern not readable"
	if ! (printf '%s\n' "$pattern" >/proc/sys/kernel/core_pattern) \
	    2>/dev/null; then
		unset OLD_PATTERN
		skip "core_pattern not writable"
	fi
	spawn core
	local pid=$PID
	kill -SEGV "$PID"
	wait "$PID" 2>/dev/null || true
	PID=
	printf '%s\n' "$OLD_PATTERN" >/proc/sys/kernel/core_pattern
	unset OLD_PATTERN
	set -- "$T"/kcore.*
	[ -f "$1" ] || skip "the kernel wrote no core (container?)"
	check_real_core "$1" "$pid"
}

# bats test_tags=full
@test "a raw vector from /proc/PID/auxv: od and raw give its bytes back" {
	local ws order
	ws=$(python3 -c 'import struct; print(struct.calcsize("P"))')
	order=$(python3 -c 'import sys; print(sys.byteorder)')
	spawn
	run -0 --separate-stderr "$AUXV" -f "$T/proc.auxv" --json
	pycheck "$output" '
assert d["source"] == "file" and d["path"] == a[1], d
assert pairs == json.loads(a[0]), pairs
assert e[31]["string"] is None and e[25]["bytes"] is None, e
' "$(pyvec_json "$T/proc.auxv" "$ws" "$order")" "$T/proc.auxv"
	"$AUXV" -f "$T/proc.auxv" -o raw >"$T/back"
	cmp "$T/back" "$T/proc.auxv"
	run -0 "$AUXV" -f "$T/proc.auxv" --od
	[ "$output" = "$(od -t "d$ws" "$T/proc.auxv")" ]
	# And from a process directly, then back in through -f.
	"$AUXV" "$PID" -o raw >"$T/pid.raw"
	cmp "$T/pid.raw" "$T/proc.auxv"
}

# --- Synthetic cores --------------------------------------------------

# foreign MACHINE CLASS ENDIAN ARCH: a core of another architecture.
foreign() {
	local m=$1 class=$2 endian=$3 arch=$4 ws=$(($2 / 8))
	need eu_readelf
	"$MKFIXTURE" core -m "$m" -c "$class" -e "$endian" -p 65536 -H 0x5 \
	    -x "/opt/$arch/bin/prog" -P "$arch-plat" -r "$RANDOM_HEX" \
	    >"$T/core"
	run -0 --separate-stderr "$AUXV" -f "$T/core" --json
	[ -z "$stderr" ]
	pycheck "$output" '
m, ws, endian, arch, rnd = a
assert d["source"] == "core" and d["path"].endswith("/core"), d
assert d["arch"] == arch, d["arch"]
assert d["machine"] == int(m), d["machine"]
assert d["word_size"] == int(ws) and d["byte_order"] == endian, d
assert [p[0] for p in pairs] == [16, 6, 17, 11, 25, 31, 15], pairs
assert e[6]["value"] == 65536 and e[16]["value"] == 5, e
assert e[17]["value"] == 100 and e[11]["value"] == 1000, e
assert e[31]["string"] == "/opt/%s/bin/prog" % arch, e[31]
assert e[15]["string"] == arch + "-plat", e[15]
assert e[25]["bytes"] == rnd, e[25]
' "$m" "$ws" "$endian" "$arch" "$RANDOM_HEX"
	same_as_eu "$output" "$T/core"
	local json=$output

	# -o raw is the note's descriptor; read back as a raw vector of the
	# same word size and byte order, it has the same entries.
	"$AUXV" -f "$T/core" -o raw >"$T/raw"
	run -0 --separate-stderr "$AUXV" -f "$T/raw" --word-size "$ws" \
	    --endian "$endian" --arch "$arch" --json
	pycheck "$output" '
assert d["source"] == "file", d
core = json.loads(a[0])
assert pairs == [[x["type"], x["value"]] for x in core["entries"]]
assert pairs == json.loads(a[1]), pairs
' "$json" "$(pyvec_json "$T/raw" "$ws" "$endian")"
}

# bats test_tags=full
@test "foreign core: s390x (EM_S390, 64-bit, big-endian)" {
	foreign 22 64 big s390x
}

# bats test_tags=full
@test "foreign core: s390 (EM_S390, 32-bit, big-endian)" {
	foreign 22 32 big s390
}

# bats test_tags=full
@test "foreign core: x32 (EM_X86_64, 32-bit)" {
	foreign 62 32 little x32
}

# bats test_tags=full
@test "foreign core: arm (EM_ARM, 32-bit)" {
	foreign 40 32 little arm
}

# bats test_tags=full
@test "foreign core: ppc64 (EM_PPC64, 64-bit, big-endian)" {
	foreign 21 64 big ppc64
}

# bats test_tags=full
@test "foreign core: aarch64 (EM_AARCH64, 64-bit)" {
	foreign 183 64 little aarch64
}

# bats test_tags=full
@test "foreign core: i386 (EM_386, 32-bit)" {
	foreign 3 32 little i386
}

@test "core: human output names the strings and bytes it read" {
	"$MKFIXTURE" core -x /usr/bin/prog -P x86_64 -r "$RANDOM_HEX" \
	    -p 16384 >"$T/core"
	run -0 --separate-stderr "$AUXV" -f "$T/core"
	[[ "${lines[1]}" == "AT_PAGESZ:            16384" ]]
	[[ "$output" == *"AT_EXECFN:            /usr/bin/prog"* ]]
	[[ "$output" == *"AT_PLATFORM:          x86_64"* ]]
	[[ "$output" == *"AT_RANDOM:            0x"*"  $RANDOM_HEX"* ]]
}

@test "core on standard input: a pipe and a redirected file" {
	"$MKFIXTURE" core -x /bin/piped -r "$RANDOM_HEX" >"$T/core"
	run -0 --separate-stderr bash -c '"$1" -f - --json <"$2"' _ \
	    "$AUXV" "$T/core"
	pycheck "$output" '
assert d["source"] == "core" and d["path"] == "-", d
assert e[31]["string"] == "/bin/piped" and e[25]["bytes"] == a[0], e
' "$RANDOM_HEX"
	run -0 --separate-stderr bash -c 'cat "$2" | "$1" -f - --json' _ \
	    "$AUXV" "$T/core"
	pycheck "$output" '
assert d["source"] == "core" and d["path"] == "-", d
assert e[31]["string"] == "/bin/piped" and e[25]["bytes"] == a[0], e
' "$RANDOM_HEX"
	# A file whose core starts 7 bytes in, with standard input there
	# (dd read the 7): its offsets are the core's, not the file's.
	{ printf 'prefix:'; cat "$T/core"; } >"$T/late"
	run -0 --separate-stderr bash -c \
	    'dd bs=7 count=1 of=/dev/null status=none; exec "$1" -f - --json' \
	    _ "$AUXV" <"$T/late"
	pycheck "$output" '
assert d["source"] == "core" and d["path"] == "-", d
assert e[31]["string"] == "/bin/piped" and e[25]["bytes"] == a[0], e
' "$RANDOM_HEX"
}

probe_ulimit_v() {
	(ulimit -v 12000 && "$AUXV" --help >/dev/null) ||
	    echo "auxv cannot run under ulimit -v 12000 (a sanitizer build or an emulator reserves more)"
}

# bats test_tags=slow
@test "core on a pipe and memory short: the error, status 1; in a file: read by offset" {
	need ulimit_v
	"$MKFIXTURE" core -p 16384 >"$T/core"
	# 200 MB more than 60 MB of address space can hold.
	run -1 --separate-stderr bash -c 'ulimit -v 60000
	    { cat "$2"; head -c 200M /dev/zero; } | "$1" -f -' _ \
	    "$AUXV" "$T/core"
	[ -z "$output" ]
	[ "$stderr" = "auxv: -: $(strerror ENOMEM)" ]
	head -c 200M /dev/zero >>"$T/core"
	run -0 --separate-stderr bash -c 'ulimit -v 60000
	    "$1" -f "$2" -k PAGESZ --value' _ "$AUXV" "$T/core"
	[ "$output" = 16384 ]
}

# bats test_tags=stress
@test "core on a pipe: held up to 1 GiB, refused beyond" {
	stress_only
	local avail
	avail=$(awk '/^MemAvailable:/ { print $2 }' /proc/meminfo)
	[ "${avail:-0}" -gt $((3 << 20)) ] || skip "less than 3 GiB free"
	"$MKFIXTURE" core -p 16384 >"$T/core"
	local size
	size=$(stat -c %s "$T/core")
	# Exactly 1 GiB in all: read.
	run -0 --separate-stderr bash -c '{ cat "$2"; head -c "$3" /dev/zero; } |
	    "$1" -f - -k PAGESZ --value' _ "$AUXV" "$T/core" \
	    $(((1 << 30) - size))
	[ "$output" = 16384 ]
	# One byte more: refused, not cut.
	run -1 --separate-stderr bash -c '{ cat "$2"; head -c "$3" /dev/zero; } |
	    "$1" -f -' _ "$AUXV" "$T/core" $(((1 << 30) - size + 1))
	[ -z "$output" ]
	[[ "$stderr" == "auxv: -: too large"* ]]
}

# bats test_tags=full
@test "core with PN_XNUM: the count from section header 0" {
	need eu_readelf
	"$MKFIXTURE" core -b xnum -p 8192 >"$T/core"
	run -0 --separate-stderr "$AUXV" -f "$T/core" --json
	pycheck "$output" 'assert e[6]["value"] == 8192, e'
	# eu-readelf looks for notes in the section headers there are: ask it
	# about the same core with an ordinary e_phnum.
	"$MKFIXTURE" core -p 8192 >"$T/plain"
	same_as_eu "$output" "$T/plain"
}

@test "core: a misaligned PT_NOTE over the real one does no harm" {
	"$MKFIXTURE" core -b overlap -p 8192 >"$T/core"
	run -0 --separate-stderr "$AUXV" -f "$T/core" --json
	pycheck "$output" 'assert e[6]["value"] == 8192, e'
}

# bats test_tags=full
@test "core: a string that runs across two PT_LOADs is read whole" {
	"$MKFIXTURE" core -b split -x /a/path/across/segments >"$T/core"
	run -0 --separate-stderr "$AUXV" -f "$T/core" --json
	pycheck "$output" '
assert e[31]["string"] == "/a/path/across/segments", e[31]
assert "truncated" not in e[31], e[31]
assert e[15]["string"] == "fixture", e[15]'
}

@test "core: a string cut by the end of its segment is marked truncated" {
	"$MKFIXTURE" core -b cutstr -x /no/nul/here >"$T/core"
	run -0 --separate-stderr "$AUXV" -f "$T/core" --json
	pycheck "$output" '
assert e[31]["string"] == "/no/nul/here", e[31]
assert e[31]["truncated"] is True, e[31]'
}

# The file ends inside AT_EXECFN (cut 5 bytes into it, python finds where):
# the bytes the file has, marked truncated, -o table (which sets the
# locale) and C.UTF-8 too.
@test "core: a file cut inside a string shows what it holds, truncated" {
	"$MKFIXTURE" core -x /usr/bin/prog >"$T/core"
	python3 -c 'import sys
d = open(sys.argv[1], "rb").read()
open(sys.argv[1], "wb").write(d[:d.index(b"/usr/bin/prog\0") + 5])' "$T/core"
	run -0 --separate-stderr "$AUXV" -f "$T/core" --json
	pycheck "$output" '
assert e[31]["string"] == "/usr/" and e[31]["truncated"] is True, e[31]'
	run -0 --separate-stderr env LC_ALL=C.UTF-8 "$AUXV" -f "$T/core" \
	    -o table -k EXECFN
	[ "${lines[1]}" = "$T/core  -     /usr/" ]
}

@test "core: memory past p_filesz or in no segment is unreadable" {
	"$MKFIXTURE" core -b unmapped >"$T/core"
	run -0 --separate-stderr "$AUXV" -f "$T/core" --json
	pycheck "$output" '
assert e[15]["string"] is None and e[25]["bytes"] is None, e
assert e[31]["string"] == "/usr/bin/fixture", e[31]'
	run -0 --separate-stderr "$AUXV" -f "$T/core"
	[[ "$output" == *"AT_PLATFORM:          0x7ffc12341200  (unreadable)"* ]]
}

# bats test_tags=full
@test "core: a PT_LOAD past the end of the file leaves strings unreadable" {
	"$MKFIXTURE" core -b load-past-end >"$T/core"
	run -0 --separate-stderr "$AUXV" -f "$T/core" --json
	pycheck "$output" '
assert e[31]["string"] is None and e[15]["string"] is None, e
assert e[25]["bytes"] is None, e'
	# At the largest offsets a file can have, 2^63 - 8 and past it: the
	# same.  (The PT_LOAD is the second program header.)
	local off
	for off in $(((1 << 63) - 8)) 9223372036854775816; do
		"$MKFIXTURE" core >"$T/core"
		python3 - "$T/core" "$off" <<'EOF'
import sys
import elf
f = elf.read(sys.argv[1], writable=True)
assert f.phdrs()[1].type == elf.PT_LOAD
f.set("phdr", 1, "offset", int(sys.argv[2]))
open(sys.argv[1], "wb").write(f.data)
EOF
		run -0 --separate-stderr "$AUXV" -f "$T/core" --json
		pycheck "$output" '
assert e[31]["string"] is None and e[15]["string"] is None, e
assert e[25]["bytes"] is None and e[6]["value"] == 4096, e'
	done
}

@test "core of 8 GiB (sparse): read by offset, quickly" {
	"$MKFIXTURE" core -x /far/away -r "$RANDOM_HEX" >"$T/core"
	# Move the PT_LOAD's bytes 8 GiB into the file, leaving a hole.
	python3 - "$T/core" <<'EOF' || skip "no sparse files here"
import sys
import elf
path = sys.argv[1]
f = elf.read(path, writable=True)
for i, p in enumerate(f.phdrs()):
    if p.type == elf.PT_LOAD:
        seg = bytes(f.data[p.offset:p.offset + p.filesz])
        f.set("phdr", i, "offset", 8 << 30)
with open(path, "wb") as out:
    out.write(f.data)
    out.seek(8 << 30)
    out.write(seg)
EOF
	[ "$(stat -c %s "$T/core")" -gt $((8 << 30)) ]
	run -0 --separate-stderr timeout 10 "$AUXV" -f "$T/core" --json
	pycheck "$output" '
assert e[31]["string"] == "/far/away" and e[25]["bytes"] == a[0], e
' "$RANDOM_HEX"
}

# --- Malformed cores --------------------------------------------------

# bad VARIANT STATUS MESSAGE [CLASS ENDIAN]: the variant fails with the
# status and "auxv: PATH: MESSAGE" on standard error.
bad() {
	"$MKFIXTURE" core -b "$1" -c "${4:-64}" -e "${5:-little}" >"$T/core"
	run -"$2" --separate-stderr timeout 10 "$AUXV" -f "$T/core"
	[[ "$stderr" == "auxv: $T/core: $3"* ]]
	[ "${#stderr_lines[@]}" -eq 1 ]
}

@test "ELF that is not a core: not a core dump" {
	bad not-core 1 "not a core dump"
	[ -z "$output" ]
	[[ "$stderr" != *NT_AUXV* ]]
	# An executable ($AUXV may be a wrapper script under an emulator).
	exe=$(command -v sleep)
	run -1 --separate-stderr "$AUXV" -f "$exe"
	[ "$stderr" = "auxv: $exe: not a core dump" ]
}

# bats test_tags=full
@test "core without NT_AUXV: not a core dump with NT_AUXV" {
	bad no-auxv 1 "not a core dump with NT_AUXV"
	[ -z "$output" ]
	run -1 --separate-stderr "$AUXV" -f "$T/core" --json
	pycheck "$output" '
assert d["source"] == "core" and "entries" not in d, d
assert d["error"]["message"] == "not a core dump with NT_AUXV", d'
	bad no-auxv 1 "not a core dump with NT_AUXV" 32 big
}

@test "core whose NT_AUXV has no AT_NULL: entries shown, then the error" {
	# Seven pairs of 8-byte words: the vector breaks off at 7 * 16.
	bad no-null 1 "no AT_NULL: truncated at offset 112"
	[ "${#lines[@]}" -eq 7 ]
	[[ "${lines[6]}" == "AT_PLATFORM:          fixture" ]]
	bad no-null 1 "no AT_NULL: truncated at offset 56" 32 big
	[ "${#lines[@]}" -eq 7 ]
}

@test "core with a huge note descsz or namesz: malformed note" {
	# The notes start after the ELF header and two program headers.
	bad huge-descsz 1 "malformed note at offset $((64 + 2 * 56))"
	bad huge-namesz 1 "malformed note at offset $((64 + 2 * 56))"
	bad huge-descsz 1 "malformed note at offset $((52 + 2 * 32))" 32 big
	bad huge-namesz 1 "malformed note at offset $((52 + 2 * 32))" 32 little
}

@test "core whose first note's descriptor covers NT_AUXV: not found" {
	bad desc-overlap 1 "not a core dump with NT_AUXV"
}

# bats test_tags=full
@test "core with offsets past the end: truncated at that offset" {
	bad phoff-past-end 1 "truncated at offset 18446744073709551600"
	bad phoff-past-end 1 "truncated at offset 4294967280" 32 big
	# PT_NOTE at the end of the 4096-byte segment at 4096, plus 1000.
	bad note-past-end 1 "truncated at offset 9192"
}

# bats test_tags=full
@test "core with an NT_AUXV of 4096 entries and AT_NULL, auxv's limit: read whole" {
	need eu-readelf
	local c
	for c in 64 32; do
		"$MKFIXTURE" core -b max-auxv -c "$c" >"$T/core"
		# The note's descriptor is 4097 pairs of the class's words.
		eu-readelf -n "$T/core" |
		    grep -Eq "^ +CORE +$((4097 * c / 4)) +AUXV\$"
		run -0 --separate-stderr "$AUXV" --json -f "$T/core"
		same_as_eu "$output" "$T/core"
		pycheck "$output" 'assert len(pairs) == 4096'
	done
}

@test "core with an NT_AUXV of more than 4096 entries: too large" {
	bad big-auxv 1 "too large"
	[ -z "$output" ]
}

@test "core with more than 64 MiB of notes: too large, quickly" {
	bad many-notes 1 "too large: more than 64 MiB of notes"
	bad many-notes 1 "too large: more than 64 MiB of notes" 32 big
}

@test "core with more than 65536 program headers: too large" {
	bad xnum-huge 1 "too large: more than 65536 program headers"
}

# bats test_tags=slow
@test "core with a bad header: malformed at the field's offset" {
	bad phentsize 1 "malformed ELF header at offset 54"
	bad phentsize 1 "malformed ELF header at offset 42" 32 big
	bad bad-class 1 "malformed ELF header at offset 4"
	# EI_DATA (byte 5) neither 1 nor 2; PN_XNUM with e_shoff 0, whose
	# field is at 40 in a 64-bit header and at 32 in a 32-bit one.
	local c
	for c in "64 40" "32 32"; do
		set -- $c
		"$MKFIXTURE" core -c "$1" >"$T/core"
		python3 -c 'import sys
f = bytearray(open(sys.argv[1], "rb").read()); f[5] = 3
open(sys.argv[1], "wb").write(f)' "$T/core"
		run -1 --separate-stderr "$AUXV" -f "$T/core"
		[ "$stderr" = "auxv: $T/core: malformed ELF header at offset 5" ]
		"$MKFIXTURE" core -b xnum -c "$1" >"$T/core"
		python3 -c 'import sys
f = bytearray(open(sys.argv[1], "rb").read())
off, ws = int(sys.argv[2]), int(sys.argv[3]) // 8
f[off:off + ws] = bytes(ws)
open(sys.argv[1], "wb").write(f)' "$T/core" "$2" "$1"
		run -1 --separate-stderr "$AUXV" -f "$T/core"
		[ "$stderr" = "auxv: $T/core: malformed ELF header at offset $2" ]
	done
}

# bats test_tags=stress
@test "every variant in every class and byte order: no crash, a message" {
	stress_only
	local v c e
	for v in not-core no-auxv no-null huge-descsz huge-namesz \
	    desc-overlap overlap phoff-past-end note-past-end load-past-end \
	    big-auxv many-notes xnum xnum-huge phentsize bad-class unmapped \
	    split cutstr; do
		for c in 32 64; do
			for e in little big; do
				"$MKFIXTURE" core -b "$v" -c "$c" -e "$e" \
				    >"$T/core"
				run --separate-stderr timeout 10 "$AUXV" \
				    -f "$T/core" --json
				echo "$v $c $e: $status $stderr"
				[ "$status" -le 1 ]
				[ "${#stderr_lines[@]}" -le "$status" ]
				if [ "$status" -eq 1 ]; then
					[[ "$stderr" == "auxv: $T/core: "?* ]]
				fi
				jq -e --arg p "$T/core" '.path == $p' \
				    <<<"$output" >/dev/null
			done
		done
	done
}

# bats test_tags=stress
@test "every prefix of a small core: status 0 or 1, a message, no signal" {
	stress_only
	local c e
	for c in 64 32; do
		e=little
		[ "$c" = 32 ] && e=big
		"$MKFIXTURE" core -S 1024 -c "$c" -e "$e" >"$T/core"
		python3 - "$AUXV" "$T/core" "$T/prefix" <<'EOF'
import subprocess, sys
auxv, core, prefix = sys.argv[1:]
data = open(core, "rb").read()
assert len(data) < 2048, len(data)
for n in range(len(data) + 1):
    with open(prefix, "wb") as f:
        f.write(data[:n])
    for args, stdin in (([auxv, "-f", prefix], None),
                        ([auxv, "-f", "-"], data[:n])):
        r = subprocess.run(args, input=stdin, capture_output=True,
                           timeout=5, stdin=None if stdin is not None
                           else subprocess.DEVNULL)
        what = "%s, %d bytes: status %d" % (args[2], n, r.returncode)
        assert r.returncode in (0, 1), what
        assert r.stderr.count(b"\n") <= 1, (what, r.stderr)
        if r.returncode == 1:
            assert r.stderr.startswith(b"auxv: "), (what, r.stderr)
        else:
            assert r.stdout and not r.stderr, (what, r.stderr)
assert r.returncode == 0, "the whole core must be read"
EOF
	done
}

# --- Raw vectors --------------------------------------------------------

@test "raw 64-bit little-endian: every pair before AT_NULL" {
	"$MKFIXTURE" raw -w 8 -e little 6=16384 17=100 \
	    25=0xffffffffffff0000 31=0x7ffd00001000 >"$T/raw"
	run -0 --separate-stderr "$AUXV" -f "$T/raw" --word-size 8 \
	    --endian little --json
	pycheck "$output" '
assert d["source"] == "file" and d["path"] == a[1], d
assert d["word_size"] == 8 and d["byte_order"] == "little", d
assert pairs == json.loads(a[0]), pairs
assert pairs == [[6, 16384], [17, 100], [25, 0xffffffffffff0000],
                 [31, 0x7ffd00001000]], pairs
assert e[31]["string"] is None and e[25]["bytes"] is None, e
' "$(pyvec_json "$T/raw" 8 little)" "$T/raw"
	run -0 --separate-stderr "$AUXV" -f "$T/raw" --word-size 8 \
	    --endian little
	[[ "$output" == *"AT_EXECFN:            0x7ffd00001000  (unreadable)"* ]]
}

# bats test_tags=full
@test "raw 32-bit (--word-size 4)" {
	"$MKFIXTURE" raw -w 4 6=4096 11=1000 16=0xbfebfbff >"$T/raw"
	[ "$(stat -c %s "$T/raw")" -eq 32 ]
	run -0 --separate-stderr "$AUXV" -f "$T/raw" --word-size 4 \
	    --endian little --json
	pycheck "$output" '
assert d["word_size"] == 4, d
assert pairs == json.loads(a[0]) == [[6, 4096], [11, 1000],
                                     [16, 0xbfebfbff]], pairs
' "$(pyvec_json "$T/raw" 4 little)"
	run -0 "$AUXV" -f "$T/raw" --word-size 4 --endian little --od
	[ "$output" = "$(od -t d4 "$T/raw")" ]
}

# bats test_tags=full
@test "raw big-endian (--endian big), 64- and 32-bit" {
	"$MKFIXTURE" raw -w 8 -e big 6=65536 16=0x123 >"$T/raw8"
	run -0 --separate-stderr "$AUXV" -f "$T/raw8" --word-size 8 \
	    --endian big --json
	pycheck "$output" '
assert d["byte_order"] == "big", d
assert pairs == json.loads(a[0]) == [[6, 65536], [16, 0x123]], pairs
' "$(pyvec_json "$T/raw8" 8 big)"
	"$MKFIXTURE" raw -w 4 -e big 6=65536 17=250 >"$T/raw4"
	run -0 --separate-stderr "$AUXV" -f "$T/raw4" --word-size 4 \
	    --endian big --json
	pycheck "$output" '
assert d["word_size"] == 4 and d["byte_order"] == "big", d
assert pairs == json.loads(a[0]) == [[6, 65536], [17, 250]], pairs
' "$(pyvec_json "$T/raw4" 4 big)"
}

# bats test_tags=full
@test "raw: --arch gives the default word size and byte order" {
	"$MKFIXTURE" raw -w 8 -e big 6=65536 16=0x3 >"$T/raw"
	run -0 --separate-stderr "$AUXV" -f "$T/raw" --arch s390x --json
	pycheck "$output" '
assert d["arch"] == "s390x" and d["byte_order"] == "big", d
assert d["word_size"] == 8 and pairs == [[6, 65536], [16, 3]], d'
	"$MKFIXTURE" raw -w 4 -e little 6=4096 >"$T/raw4"
	run -0 --separate-stderr "$AUXV" -f "$T/raw4" --arch i386 --json
	pycheck "$output" '
assert d["arch"] == "i386" and d["word_size"] == 4, d
assert pairs == [[6, 4096]], pairs'
	# LoongArch's 32-bit kernels (Linux 7.3's CONFIG_32BIT: uname -m
	# loongarch32) and 64-bit ones share EM_LOONGARCH.
	run -0 --separate-stderr "$AUXV" -f "$T/raw4" --arch loongarch32 --json
	pycheck "$output" '
assert d["arch"] == "loongarch32" and d["word_size"] == 4, d
assert d["byte_order"] == "little" and pairs == [[6, 4096]], d'
}

@test "raw from standard input (-f -), pipe and redirection" {
	"$MKFIXTURE" raw 6=4096 17=100 >"$T/raw"
	run -0 --separate-stderr bash -c '"$1" -f - --arch x86_64 --json <"$2"' \
	    _ "$AUXV" "$T/raw"
	pycheck "$output" '
assert d["source"] == "file" and d["path"] == "-", d
assert pairs == [[6, 4096], [17, 100]], pairs'
	run -0 --separate-stderr bash -c 'cat "$2" | "$1" -f - -k PAGESZ \
	    --arch x86_64 --value' _ "$AUXV" "$T/raw"
	[ "$output" = 4096 ]
}

# bats test_tags=full
@test "raw of 4096 entries is read; 4097 is refused as too large" {
	"$MKFIXTURE" raw -n 4096 >"$T/max"
	[ "$(stat -c %s "$T/max")" -eq $((4097 * 16)) ]
	run -0 --separate-stderr "$AUXV" -f "$T/max" --word-size 8 \
	    --endian little --json
	pycheck "$output" 'assert len(pairs) == 4096 and pairs[-1] == [145, 4095]'

	"$MKFIXTURE" raw -n 4097 >"$T/over"
	run -1 --separate-stderr "$AUXV" -f "$T/over"
	[ -z "$output" ]
	[[ "$stderr" == "auxv: $T/over: too large"* ]]
	run -1 --separate-stderr bash -c 'cat "$2" | "$1" -f -' _ \
	    "$AUXV" "$T/over"
	[[ "$stderr" == "auxv: -: too large"* ]]

	# A short vector followed by more than the cap is read up to its
	# AT_NULL, as the kernel reads it.
	{ "$MKFIXTURE" raw 6=4096; head -c 70000 /dev/zero; } >"$T/padded"
	run -0 --separate-stderr "$AUXV" -f "$T/padded" --json
	pycheck "$output" 'assert pairs == [[6, 4096]], pairs'

	# 32-bit words: the file fits, the entries don't.
	"$MKFIXTURE" raw -w 4 -n 4097 >"$T/over4"
	run -1 --separate-stderr "$AUXV" -f "$T/over4" --word-size 4 \
	    --endian little
	[[ "$stderr" == "auxv: $T/over4: too large"* ]]
}

# bats test_tags=full
@test "raw of odd length: the stray byte after AT_NULL, or truncated" {
	"$MKFIXTURE" raw -O 6=4096 >"$T/odd"
	[ $(($(stat -c %s "$T/odd") % 2)) -eq 1 ]
	run -0 --separate-stderr "$AUXV" -f "$T/odd" --word-size 8 \
	    --endian little --json
	pycheck "$output" 'assert pairs == [[6, 4096]], pairs'

	"$MKFIXTURE" raw -N -O 6=4096 17=100 >"$T/odd"
	run -1 --separate-stderr "$AUXV" -f "$T/odd" --word-size 8 \
	    --endian little
	[ -z "$output" ]
	[ "$stderr" = "auxv: $T/odd: truncated at offset 32" ]
}

# A raw file that breaks off is no vector: nothing of it on standard
# output (the JSON error object alone), only the error; od, which shows
# the bytes as they are, still shows them.
@test "raw without AT_NULL: nothing on stdout, the error, status 1" {
	"$MKFIXTURE" raw -N 6=4096 17=100 11=0 >"$T/nonull"
	python3 -c 'import struct, sys
w = struct.unpack("<6Q", open(sys.argv[1], "rb").read())
assert 0 not in w[0::2], w' "$T/nonull"
	for f in human table; do
		run -1 --separate-stderr "$AUXV" -f "$T/nonull" --word-size 8 \
		    --endian little -o "$f"
		[[ "$output" != *AT_PAGESZ* && "$output" != *4096* ]]
		[ "$stderr" = "auxv: $T/nonull: no AT_NULL: truncated at offset 48" ]
	done
	run -1 --separate-stderr "$AUXV" -f "$T/nonull" --word-size 8 \
	    --endian little -v
	[ -z "$output" ]
	run -1 --separate-stderr "$AUXV" -f "$T/nonull" --word-size 8 \
	    --endian little --json
	pycheck "$output" '
assert "entries" not in d, d
assert "truncated at offset 48" in d["error"]["message"], d'
	# od(1) reads in the host's order (a big-endian guest's differs).
	has host_order || return 0
	run -1 --separate-stderr "$AUXV" -f "$T/nonull" --word-size 8 \
	    --endian little --od
	[ "$output" = "$(od -t d8 "$T/nonull")" ]
}

# Empty input is said to be empty, from a file or standard input, in
# every format, as wc -c counts it.
@test "raw: empty input says empty" {
	: >"$T/empty"
	[ "$(wc -c <"$T/empty")" -eq 0 ]
	for f in human json od raw; do
		run -1 --separate-stderr "$AUXV" -f "$T/empty" -o "$f"
		[ "$stderr" = "auxv: $T/empty: empty" ]
		[ "$f" = json ] || [ -z "$output" ]
	done
	run -1 --separate-stderr "$AUXV" -f - </dev/null
	[ -z "$output" ]
	[ "$stderr" = "auxv: -: empty" ]
}

# A vector read in another word size or byte order than its own (the
# fixture's, which python's struct wrote) has types no kernel gives:
# warned of, naming the layout that reads it; read whole, status 0.
# bats test_tags=slow
@test "raw read with the wrong --word-size or --endian: a warning that names the right ones" {
	local ws e other
	for ws in 4 8; do
		for e in '<' '>'; do
			mkraw "$T/v" "$ws" "$e" 33 0xf7f12000 6 4096 \
			    16 0x178bfbff 25 0xffd1ff00 23 0
			want="--word-size $ws --endian $([ "$e" = '<' ] && echo little || echo big)"
			run -0 --separate-stderr "$AUXV" -f "$T/v" $want
			[ -z "$stderr" ]
			for other in "--word-size $((12 - ws)) --endian little" \
			    "--word-size $((12 - ws)) --endian big" \
			    "--word-size $ws --endian $([ "$e" = '<' ] && echo big || echo little)"; do
				# Cut short where no AT_NULL is found so: status 1.
				run --separate-stderr "$AUXV" -f "$T/v" $other
				[ "$status" -le 1 ]
				[[ "${stderr_lines[0]}" == "auxv: $T/v: does not look like a vector of "*"; it reads as one with $want" ]]
			done
		done
	done
}

@test "raw round trip: -o raw gives the file's bytes, --od what od gives" {
	need host_order
	"$MKFIXTURE" raw 33=0x7ffc00000000 6=4096 17=100 3=0x400040 \
	    25=0x7ffc0000ff00 >"$T/raw"
	"$AUXV" -f "$T/raw" --word-size 8 --endian little -o raw >"$T/back"
	cmp "$T/raw" "$T/back"
	run -0 "$AUXV" -f "$T/raw" --word-size 8 --endian little --od
	[ "$output" = "$(od -t d8 "$T/raw")" ]
}

@test "-f of a missing file or a directory: an error, status 1" {
	run -1 --separate-stderr "$AUXV" -f "$T/none"
	[ "$stderr" = "auxv: $T/none: $(strerror ENOENT)" ]
	run -1 --separate-stderr "$AUXV" -f "$T"
	[ "$stderr" = "auxv: $T: $(strerror EISDIR)" ]
}

# The kernel stops at AT_NULL; so does auxv, however much padding follows.
# bats test_tags=full
@test "a raw file over the cap: a vector when AT_NULL ends one within it" {
	"$MKFIXTURE" raw $(for i in $(seq 0 21); do
		echo "$((i % 2 ? 6 : 17))=$((4096 + i))"; done) >"$T/vec"
	{ cat "$T/vec"; head -c 70000 /dev/zero; } >"$T/pad"
	run -0 --separate-stderr "$AUXV" -f "$T/pad" --json
	pycheck "$output" 'assert pairs == json.loads(a[0]), pairs' \
	    "$(pyvec_json "$T/vec" 8 little)"
	run -0 --separate-stderr "$AUXV" -f "$T/pad" --od
	[ "$output" = "$(od -t d8 "$T/vec")" ]
	# No AT_NULL within the cap: too large, refused whole.
	"$MKFIXTURE" raw -N $(yes 6=4096 | head -n 5000) >"$T/big"
	run -1 --separate-stderr "$AUXV" -f "$T/big"
	[ -z "$output" ]
	[[ "$stderr" == "auxv: $T/big: too large: more than 4096 entries"* ]]
}

# One rule, the kernel's (fs/proc/base.c auxv_read, ld.so's loop): a
# vector ends at its first AT_NULL, whatever follows; more than 4096
# entries before it is too large.  The files are written by python, the
# expected pairs read by oracle.py, on both sides of the cap.
# bats test_tags=full
@test "raw file: AT_NULL first is an empty vector at any length; 4097 entries before it too large" {
	python3 -c '
import sys
from mkfixture import Elf
d = sys.argv[1]
e8 = Elf(8, "little")
def w(name, data):
    open(d + "/" + name, "wb").write(data)
w("z4097", bytes(4097 * 16))                 # the cap exactly
w("z4098", bytes(4098 * 16))                 # 65568: one pair over
w("zbig", bytes(100000 * 16))
w("null-then", e8.vector([]) + e8.vector([(6, 4096)] * 5000))
w("max-pad", e8.vector([(6, 4096)] * 4096) + bytes(32))
w("over-null", e8.vector([(6, 4096)] * 4097))   # AT_NULL after 4097
w("over-cap", e8.vector([(6, 4096)] * 4097, null=False))
' "$T"
	local f
	for f in z4097 z4098 zbig null-then; do
		[ "$(pyvec_json "$T/$f" 8 little)" = "[]" ]
		run -0 --separate-stderr "$AUXV" -f "$T/$f" --word-size 8 \
		    --endian little --json
		[ -z "$stderr" ]
		pycheck "$output" 'assert pairs == [], pairs'
		run -0 --separate-stderr "$AUXV" -f - --word-size 8 \
		    --endian little <"$T/$f"
		[ -z "$output" ] && [ -z "$stderr" ]
	done
	[ "$(pyvec "$T/max-pad" 8 little | wc -l)" -eq 4096 ]
	run -0 --separate-stderr "$AUXV" -f "$T/max-pad" --word-size 8 \
	    --endian little --json
	pycheck "$output" 'assert len(pairs) == 4096, len(pairs)'
	for f in over-null over-cap; do
		[ "$(pyvec "$T/$f" 8 little | wc -l)" -eq 4097 ]
		run -1 --separate-stderr "$AUXV" -f "$T/$f" --word-size 8 \
		    --endian little
		[ -z "$output" ]
		[ "$stderr" = "auxv: $T/$f: too large: more than 4096 entries before AT_NULL" ]
	done
}

# strace_reads ARGS...: the read(2) and pread64(2) calls auxv ARGS makes
# (with its children), one per line, in $T/reads.
strace_reads() {
	# LeakSanitizer (an ASan build) can't work under ptrace.
	strace -f -qq -e trace=read,pread64 -o "$T/reads" \
	    env ASAN_OPTIONS=detect_leaks=0 "$AUXV" "$@" >/dev/null 2>&1 || true
	[ -s "$T/reads" ]
}

# bats test_tags=slow
@test "no read asks for 0 bytes: a buffer filled exactly is not read into again" {
	need strace
	"$MKFIXTURE" raw -n 4096 >"$T/max"
	"$MKFIXTURE" core >"$T/core"
	"$AUXV" --json -f "$T/core" >"$T/core.json"
	local args
	for args in "-f $T/max" "-f $T/core" "-f $T/core.json" "-f /proc/self/auxv" \
	    "--od -f $T/max" "-a --json" "-e true" "--word-size 8 -f $T/max"; do
		# shellcheck disable=SC2086
		strace_reads $args
		! grep -E '(^[0-9]+ )(read\([0-9]+, .*, 0|pread64\([0-9]+, .*, 0, [0-9]+)\) += ' \
		    "$T/reads" || { echo "auxv $args"; false; }
	done
	# A vector of exactly the buffer's size on a pipe, too.
	strace -f -qq -e trace=read -o "$T/reads" bash -c 'cat "$2" |
	    env ASAN_OPTIONS=detect_leaks=0 "$1" -f -' _ "$AUXV" "$T/max" >/dev/null
	! grep -E 'read\([0-9]+, .*, 0\) += ' "$T/reads"
}

# Issue 24, item 5: a JSON save is read object by object, in bounded
# memory, whatever its size: 24 MB of JSON Lines, twice what 12 MB of
# address space can hold, from a file and from a pipe; --pid of the first
# and the last object; a sparse file of 2 GiB after its object.
# bats test_tags=full
@test "JSON Lines of 24 MB: read object by object in bounded memory; --pid of the first and last" {
	need ulimit_v
	local first
	"$AUXV" --json >"$T/one.json"
	first=$(jq .pid "$T/one.json")
	python3 - "$T/one.json" "$T/lines.json" <<'PY'
import json, sys
line = open(sys.argv[1]).read().rstrip("\n")
d = json.loads(line)
d["pid"] = 1
other = json.dumps(d, separators=(",", ":"))
d["pid"] = 2
d["entries"][0]["value"] = 12345
last = json.dumps(d, separators=(",", ":"))
with open(sys.argv[2], "w") as f:
    f.write(line + "\n")
    n = 24_000_000 // (len(other) + 1)
    f.write((other + "\n") * n)
    f.write(last + "\n")
PY
	[ "$(stat -c %s "$T/lines.json")" -gt 24000000 ]
	run -0 --separate-stderr bash -c 'ulimit -v 12000
	    "$1" -f "$2" --pid 2 -k 0x21 --value' _ "$AUXV" "$T/lines.json"
	[ "$output" = 0x3039 ]
	run -0 --separate-stderr bash -c 'ulimit -v 12000
	    "$1" -f - --pid 2 --json <"$2"' _ "$AUXV" "$T/lines.json"
	[ "$(jq -c '.entries[0].value, .pid' <<<"$output" | tr '\n' ' ')" = "12345 2 " ]
	run -0 --separate-stderr bash -c 'ulimit -v 12000
	    cat "$2" | "$1" -f - --pid "$3" -k 0x21 --value' _ "$AUXV" \
	    "$T/lines.json" "$first"
	[ "$output" = "$(jq -r '.entries[0].hex' "$T/one.json")" ]
	run -1 --separate-stderr bash -c 'ulimit -v 12000
	    "$1" -f "$2" --pid 3' _ "$AUXV" "$T/lines.json"
	[ "$stderr" = "auxv: $T/lines.json: no object of that --pid in the file" ]
	# Over 1 GiB: the first object, then what follows it is no object,
	# refused where it starts, without reading the rest.
	cp "$T/one.json" "$T/big.json"
	truncate -s 2G "$T/big.json"
	run -1 --separate-stderr bash -c 'ulimit -v 12000
	    "$1" -f "$2" -k PAGESZ --value' _ "$AUXV" "$T/big.json"
	[ "$output" = "$(getconf PAGESIZE)" ]
	[ "$stderr" = "auxv: $T/big.json: not auxv's JSON: malformed at offset $(stat -c %s "$T/one.json")" ]
}

# Issue 24, item 5: one object is held whole, up to 16 MiB.
# bats test_tags=slow
@test "JSON Lines: an object of more than 16 MiB is refused as too large, at its offset" {
	python3 - "$T/j" <<'PY'
import sys
first = '{"pid":1,"word_size":8,"byte_order":"little","entries":[{"type":6,"value":4096}]}\n'
big = '{"pid":2,"x":"' + "a" * (16 << 20) + '","word_size":8,"byte_order":"little","entries":[{"type":6,"value":4096}]}\n'
open(sys.argv[1], "w").write(first + big)
PY
	local off
	off=$(head -1 "$T/j" | wc -c)
	run -1 --separate-stderr "$AUXV" -f "$T/j" --pid 2
	[ -z "$output" ]
	[ "$stderr" = "auxv: $T/j: too large: a JSON object of more than 16 MiB at offset $off" ]
	run -1 --separate-stderr bash -c '"$1" -f - --pid 2 <"$2"' _ "$AUXV" "$T/j"
	[ "$stderr" = "auxv: -: too large: a JSON object of more than 16 MiB at offset $off" ]
	# The one before it is read as ever; one of 16 MiB less a little too.
	run -0 --separate-stderr "$AUXV" -f "$T/j" --pid 1 -k PAGESZ --value
	[ "$output" = 4096 ]
	python3 -c 'import sys
pre = "{\"pid\":2,\"x\":\""
post = "\",\"word_size\":8,\"byte_order\":\"little\",\"entries\":[{\"type\":6,\"value\":4096}]}"
open(sys.argv[1], "w").write(pre + "a" * ((16 << 20) - len(pre) - len(post)) + post)' "$T/j"
	[ "$(stat -c %s "$T/j")" -eq $((16 << 20)) ]
	run -0 --separate-stderr "$AUXV" -f "$T/j" --pid 2 -k PAGESZ --value
	[ "$output" = 4096 ]
}

# Issue 54, item 2: a save of several processes (JSON Lines, as -a --json
# writes it) is read whole, each object shown as -a shows a process: its
# pairs the kernel's (/proc/PID/auxv by python's struct), its name
# /proc/PID/comm's, and a saved failure shown again as python's json reads
# it from the save, or said, never the file's failure.  A file of one
# object, and --pid's, are one source as before.
# bats test_tags=slow
@test "-f of JSON Lines: every object, as -a shows processes, in each format and from a pipe" {
	start_bg sleep 1000
	PID=$BG_PID
	BG_PID=
	start_bg tail -f /dev/null
	local ps=$(getconf PAGESIZE) out
	run -1 --separate-stderr "$AUXV" --json "$PID" "$BG_PID" 999999999
	printf '%s\n' "$output" >"$T/s.jsonl"
	# Human: a block per vector, headed as -a heads it.
	run -0 --separate-stderr "$AUXV" -f "$T/s.jsonl" -k PAGESZ
	[ "$output" = "$(printf '==> %s (%s) <==\n%-22s%s\n\n==> %s (%s) <==\n%-22s%s' \
	    "$PID" "$(cat /proc/$PID/comm)" AT_PAGESZ: "$ps" \
	    "$BG_PID" "$(cat /proc/$BG_PID/comm)" AT_PAGESZ: "$ps")" ]
	[ "$stderr" = "auxv: 999999999: $(jq -r 'select(.error) | .error.message' "$T/s.jsonl")" ]
	# JSON, from the file and from a pipe: an object per object.
	for src in "$T/s.jsonl" -; do
		run -0 --separate-stderr "$AUXV" -f "$src" --json <"$T/s.jsonl"
		printf '%s\n' "$output" >"$T/out"
		python3 - "$T/s.jsonl" "$T/out" "$PID" "$BG_PID" <<'PY'
import json, struct, sys
from oracle import pairs
saved = [json.loads(l) for l in open(sys.argv[1])]
got = [json.loads(l) for l in open(sys.argv[2])]
assert [o["pid"] for o in got] == [o["pid"] for o in saved], got
for o, pid in zip(got, sys.argv[3:]):
    raw = open("/proc/%s/auxv" % pid, "rb").read()
    want = pairs(raw, struct.calcsize("P"), "=")
    assert [(e["type"], e["value"]) for e in o["entries"]] == want, (pid, o)
    assert o["comm"] == open("/proc/%s/comm" % pid).read().rstrip("\n")
assert got[2]["error"] == saved[2]["error"] and "entries" not in got[2]
PY
	done
	# A table row per vector; --check of each, its pid in order.
	run -0 --separate-stderr "$AUXV" -f "$T/s.jsonl" -o table -k PAGESZ
	[ "$(sed 1d <<<"$output" | awk '{ print $1, $2, $3 }')" = \
	    "$PID $(cat /proc/$PID/comm) $ps
$BG_PID $(cat /proc/$BG_PID/comm) $ps" ]
	run -0 --separate-stderr "$AUXV" -f "$T/s.jsonl" --check --json
	[ "$(jq -c '[.pid, has("checks")]' <<<"$output" | tr '\n' ' ')" = \
	    "[$PID,true] [$BG_PID,true] [999999999,false] " ]
	# Processes it could not read, saved: counted as -a counts them.
	out='{"source":"pid","label":"7","pid":7,"comm":"x","exe":null,"error":{"errno":13,"message":"permission denied"}}'
	printf '%s\n%s\n' "$out" "${out//7/8}" >>"$T/s.jsonl"
	run -0 --separate-stderr "$AUXV" -f "$T/s.jsonl" -k PAGESZ
	[ "${stderr##*$'\n'}" = "auxv: 2 processes not readable: permission denied" ]
	run -0 --separate-stderr "$AUXV" -f "$T/s.jsonl" --json
	[ "$(jq -c 'select(.error) | [.pid, .error.errno]' <<<"$output" | tr '\n' ' ')" = \
	    "[999999999,3] [7,13] [8,13] " ]
	# Alone, or chosen by --pid, a saved failure is the file's.
	run -1 --separate-stderr "$AUXV" -f "$T/s.jsonl" --pid 7
	[ "$stderr" = "auxv: $T/s.jsonl: a saved failure: permission denied" ]
	run -0 --separate-stderr "$AUXV" -f "$T/s.jsonl" --pid "$BG_PID" -k PAGESZ
	[ "$output" = "$(printf '%-22s%s' AT_PAGESZ: "$ps")" ]
}

# Issue 54, item 2: --pid is the -f's before it (before any -f, the
# first's), once: a second for the same -f is a usage error.
@test "-f FILE --pid N: that file's object alone; a second --pid for one -f: usage error" {
	local a='{"pid":5,"word_size":8,"byte_order":"little","entries":[{"type":6,"value":4096}]}'
	printf '%s\n%s\n' "$a" "${a/:5,/:6,}" >"$T/s.jsonl"
	run -0 --separate-stderr "$AUXV" -f "$T/s.jsonl" --pid 6 -f "$T/s.jsonl" --json
	[ "$(jq -c .pid <<<"$output" | tr '\n' ' ')" = "6 5 6 " ]
	run -0 --separate-stderr "$AUXV" --pid 5 -f "$T/s.jsonl" -f "$T/s.jsonl" --pid 6 --json
	[ "$(jq -c .pid <<<"$output" | tr '\n' ' ')" = "5 6 " ]
	run -2 --separate-stderr "$AUXV" -f "$T/s.jsonl" --pid 5 --pid 6
	[ -z "$output" ]
	[ "${stderr%%$'\n'*}" = "auxv: $T/s.jsonl: a second --pid for this -f" ]
	run -2 --separate-stderr "$AUXV" --pid 5 --pid 6 -f "$T/s.jsonl"
	[ "${stderr%%$'\n'*}" = "auxv: a second --pid before -f" ]
	run -1 --separate-stderr "$AUXV" -f "$T/s.jsonl" --pid 7
	[ "$stderr" = "auxv: $T/s.jsonl: no object of that --pid in the file" ]
	# Raw bytes are one vector's: --pid's, never several one after another.
	run -1 --separate-stderr "$AUXV" -f "$T/s.jsonl" -o raw
	[ -z "$output" ]
	[ "$stderr" = "auxv: $T/s.jsonl: several objects: -o raw writes one; choose it with --pid" ]
	"$AUXV" -f "$T/s.jsonl" --pid 6 -o raw >"$T/raw"
	[ "$(pyvec "$T/raw" 8 little)" = "6 4096" ]
}

# Issue 54, item 2: objects are read one by one, whatever their number:
# 24 MB of small objects, twice what 12 MB of address space holds, from
# the file and from a pipe, each object's value in order (python writes
# object i with the value 4096 + i).
# bats test_tags=slow
@test "-f of JSON Lines of 24 MB of small objects: each shown, in bounded memory, from a file and a pipe" {
	need ulimit_v
	python3 - "$T/big.jsonl" <<'PY'
import sys
lines, size, i = [], 0, 0
while size < 24_000_000:
    i += 1
    lines.append('{"pid":%d,"word_size":8,"byte_order":"little","entries":[{"type":6,"value":%d}]}\n' % (i, 4096 + i))
    size += len(lines[-1])
open(sys.argv[1], "w").write("".join(lines))
PY
	# Not through run, which splits its output into lines in bash.
	bash -c 'ulimit -v 12000
	    exec "$1" -f "$2" -k PAGESZ --value' _ "$AUXV" "$T/big.jsonl" \
	    >"$T/out" 2>"$T/err"
	[ ! -s "$T/err" ]
	seq 4097 $((4096 + $(wc -l <"$T/big.jsonl"))) | cmp - "$T/out"
	run -0 --separate-stderr bash -c 'ulimit -v 12000
	    cat "$2" | "$1" -f - --json -k PAGESZ | tail -1' _ "$AUXV" "$T/big.jsonl"
	[ "$(jq -c '[.pid, .entries[0].value]' <<<"$output")" = \
	    "$(tail -1 "$T/big.jsonl" | jq -c '[.pid, .entries[0].value]')" ]
}
