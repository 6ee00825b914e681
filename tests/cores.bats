#!/usr/bin/env bats
#
# Crafted cores (tests/mkfixture.py): the architecture a core's header
# names, the edges of its program header table and notes, and the JSON
# error object of each way a file can be refused.
#
# The expected architecture names are written here from the ELF spec's
# e_machine numbers (<elf.h> EM_*) and the names auxv(1) lists under
# --arch (uname -m's); offsets are computed from the layout of the file,
# read back with python3 struct, never taken from auxv's output.

bats_require_minimum_version 1.5.0

: "${MKFIXTURE:?MKFIXTURE must name tests/mkfixture.py}"

load common

setup() {
	T=$BATS_TEST_TMPDIR
}

# --- The architecture of a core ---------------------------------------

# e_machine, ELF class, byte order, and the name uname -m prints on such
# a machine.  A 32-bit EM_X86_64 core is x32 and a 32-bit EM_S390 one
# s390 (SPEC); the byte order tells ppc64le and aarch64_be apart, and
# names nothing else for mips, arm, sh, microblaze and xtensa.
ARCHES='
62	64	little	x86_64		EM_X86_64
62	32	little	x32		EM_X86_64, ILP32
3	32	little	i386		EM_386
183	64	little	aarch64		EM_AARCH64
183	64	big	aarch64_be	EM_AARCH64
40	32	little	arm		EM_ARM
40	32	big	arm		EM_ARM
21	64	little	ppc64le		EM_PPC64
21	64	big	ppc64		EM_PPC64
20	32	big	ppc		EM_PPC
22	64	big	s390x		EM_S390
22	32	big	s390		EM_S390
243	64	little	riscv64		EM_RISCV
243	32	little	riscv32		EM_RISCV
258	64	little	loongarch64	EM_LOONGARCH
258	32	little	loongarch32	EM_LOONGARCH
8	64	big	mips64		EM_MIPS
8	64	little	mips64		EM_MIPS
8	32	big	mips		EM_MIPS
8	32	little	mips		EM_MIPS
43	64	big	sparc64		EM_SPARCV9
2	32	big	sparc		EM_SPARC
18	32	big	sparc		EM_SPARC32PLUS
4	32	big	m68k		EM_68K
36902	64	little	alpha		EM_ALPHA (0x9026)
42	32	little	sh		EM_SH
42	32	big	sh		EM_SH
15	64	big	parisc64	EM_PARISC
15	32	big	parisc		EM_PARISC
50	64	little	ia64		EM_IA_64
189	32	big	microblaze	EM_MICROBLAZE
189	32	little	microblaze	EM_MICROBLAZE
92	32	big	or1k		EM_OPENRISC
252	32	little	csky		EM_CSKY
195	32	little	arc		EM_ARCV2
94	32	little	xtensa		EM_XTENSA
94	32	big	xtensa		EM_XTENSA
164	32	little	hexagon		EM_QDSP6
113	32	little	nios2		EM_ALTERA_NIOS2
'

# In the default suite (0.2 s): it alone holds each row of arch.c's
# table to its name.
@test "a core of each architecture: arch, machine, word size, byte order" {
	local m class order name bad=0
	# The cores written by one python, not one for each row.
	python3 - "$T" "$ARCHES" <<'PY'
import sys
from mkfixture import fixture_core
d, table = sys.argv[1], sys.argv[2]
for row in table.strip().splitlines():
    m, cls, order, name = row.split()[:4]
    open("%s/%s.%s.%s.core" % (d, m, cls, order), "wb").write(fixture_core(
        ws=int(cls) // 8, endian=order, machine=int(m),
        execfn=("/opt/%s/prog" % name).encode()))
PY
	while read -r m class order name _; do
		[ -n "$m" ] || continue
		"$AUXV" -f "$T/$m.$class.$order.core" --json \
		    >"$T/$m.$class.$order.json" ||
		    { echo "$m $class $order: status $?"; bad=1; }
	done <<<"$ARCHES"
	python3 - "$T" "$ARCHES" <<'PY'
import json, sys
d, table = sys.argv[1], sys.argv[2]
bad = []
for row in table.strip().splitlines():
    m, cls, order, name = row.split("\t")[:4] if "\t" in row else row.split()[:4]
    m, cls = int(m), int(cls)
    doc = json.load(open("%s/%d.%d.%s.json" % (d, m, cls, order)))
    got = (doc["arch"], doc["machine"], doc["word_size"], doc["byte_order"])
    want = (name, m, cls // 8, order)
    e = {x["type"]: x for x in doc["entries"]}
    if got != want or e[31]["string"] != "/opt/%s/prog" % name:
        bad.append("%s: got %s" % (row, got))
assert not bad, "\n".join(bad)
PY
	[ "$bad" -eq 0 ]
}

# bats test_tags=full
@test "a core of a machine without a row: arch null, every type decoded" {
	for m in 0 93 4660 65535; do
		"$MKFIXTURE" core -m "$m" -x /opt/unknown >"$T/core"
		run -0 --separate-stderr "$AUXV" -f "$T/core" --json
		echo "$output" | jq -e --argjson m "$m" '.arch == null and
		    .machine == $m and .word_size == 8 and
		    ([.entries[].name] == ["AT_HWCAP", "AT_PAGESZ",
		    "AT_CLKTCK", "AT_UID", "AT_RANDOM", "AT_EXECFN",
		    "AT_PLATFORM"]) and
		    (.entries[] | select(.type == 31) | .string == "/opt/unknown")'
	done
}

# --- Edges of the program headers and the notes -----------------------

# layout CORE: the offsets a reader of the core meets, from elf.py:
# "phoff phentsize phnum shoff ehsize shinfo" (e_phnum as the header has
# it; shinfo where sh_info is in a section header), then one line
# "NOTE OFFSET TYPE" per note header in each PT_NOTE, in table order.
layout() {
	python3 - "$1" <<'PY'
import sys
import elf
f = elf.read(sys.argv[1])
print(f.h.phoff, f.h.phentsize, f.h.phnum, f.h.shoff, f.h.ehsize,
      f.offset("shdr", "info"))
for p in f.phdrs():
    if p.type == elf.PT_NOTE:
        for n in f.notes(p):
            print("NOTE", n.offset, n.type)
PY
}

# Issue 46: an empty note (namesz and descsz 0) is its 12-byte header,
# which may end its PT_NOTE (the ELF format allows it): alone in a
# PT_NOTE before NT_AUXV's, and after NT_AUXV in the same one.  In the
# default suite: a walker that refused it survived there.  The oracles:
# elf.py's walk of the notes, and the vector's pairs as written.
# bats test_tags=slow
@test "a note header that ends exactly where its PT_NOTE ends is read" {
	local v want
	for v in "note-at-end 64 little" "empty-last 32 big" \
	    "note-at-end 32 big" "empty-last 64 little"; do
		set -- $v
		"$MKFIXTURE" core -b "$1" -c "$2" -e "$3" \
		    -x /note/at/end >"$T/core"
		run -0 layout "$T/core"
		if [ "$1" = note-at-end ]; then
			# The first PT_NOTE is one 12-byte header with no name
			# and no descriptor; NT_AUXV is in the second.
			want=$'\n'"NOTE [0-9]+ 0"$'\n'"NOTE [0-9]+ 1"$'\n'
		else
			want=$'\nNOTE [0-9]+ 6\nNOTE [0-9]+ 0$'
		fi
		[[ "$output" =~ $want ]]
		run -0 --separate-stderr "$AUXV" -f "$T/core" --json
		[ -z "$stderr" ]
		echo "$output" | jq -e '.entries | length == 7 and
		    (.[] | select(.type == 31) | .string == "/note/at/end")'
		echo "$output" | jq -e '[.entries[] | [.type, .value]][:4] ==
		    [[16, 1], [6, 4096], [17, 100], [11, 1000]]'
	done
	need eu_readelf
	eu-readelf -n "$T/core" | grep -q 'EXECFN'
}

# cut CORE LEN: the core's first LEN bytes, in $T/cut.
cut_core() {
	head -c "$2" "$1" >"$T/cut"
}

# bats test_tags=full
@test "program header table cut short: truncated at the first cut header" {
	local phoff phentsize phnum shoff
	for v in "64 little" "32 big"; do
		set -- $v
		"$MKFIXTURE" core -c "$1" -e "$2" >"$T/core"
		read -r phoff phentsize phnum shoff _ < <(layout "$T/core")
		[ "$phnum" -eq 2 ]
		# Cut at the end of the ELF header, inside the first header,
		# at its end, inside the second and one byte short of its end.
		for len in $phoff $((phoff + 1)) $((phoff + phentsize - 1)) \
		    $((phoff + phentsize)) $((phoff + phentsize + 7)) \
		    $((phoff + 2 * phentsize - 1)); do
			cut_core "$T/core" "$len"
			n=$(((len - phoff) / phentsize * phentsize + phoff))
			run -1 --separate-stderr "$AUXV" -f "$T/cut"
			[ -z "$output" ]
			[ "$stderr" = "auxv: $T/cut: truncated at offset $n" ]
			run -1 --separate-stderr "$AUXV" -f "$T/cut" --json
			echo "$output" | jq -e --argjson n "$n" \
			    '.error.offset == $n and .error.errno == 22 and
			    .error.message == "truncated at offset \($n)"'
		done
	done
}

# bats test_tags=slow
@test "ELF header cut short: truncated at offset 0" {
	for v in "64 little" "32 big"; do
		set -- $v
		"$MKFIXTURE" core -c "$1" -e "$2" >"$T/core"
		read -r _ _ _ _ ehsize _ < <(layout "$T/core")
		[ "$ehsize" -eq $(($1 == 64 ? 64 : 52)) ]
		for len in 4 15 16 $((ehsize - 1)); do
			cut_core "$T/core" "$len"
			run -1 --separate-stderr "$AUXV" -f "$T/cut"
			[ "$stderr" = "auxv: $T/cut: truncated at offset 0" ]
		done
	done
}

# bats test_tags=slow
@test "notes cut short: truncated at the offset of the note that is cut" {
	for v in "64 little" "32 big"; do
		set -- $v
		"$MKFIXTURE" core -c "$1" -e "$2" >"$T/core"
		local auxv_at
		auxv_at=$(layout "$T/core" | awk '$1 == "NOTE" && $3 == 6 { print $2 }')
		[ -n "$auxv_at" ]
		# Inside the NT_AUXV header, its name and its descriptor.
		for len in $((auxv_at + 5)) $((auxv_at + 12)) \
		    $((auxv_at + 20 + 9)); do
			cut_core "$T/core" "$len"
			run -1 --separate-stderr "$AUXV" -f "$T/cut" --json
			echo "$output" | jq -e --argjson n "$auxv_at" \
			    '.error.offset == $n and
			    .error.message == "truncated at offset \($n)"'
		done
	done
}

# A PT_NOTE whose last bytes are too few for a note header (12), or
# whose offset and size pass 2^64: malformed, at the offset of the stray
# bytes or where the segment says it starts (elf.py patches the
# fixture's p_offset).
@test "a PT_NOTE that ends in 4 stray bytes or wraps past 2^64: malformed note at its offset" {
	python3 - "$AUXV" "$T/core" <<'PY'
import subprocess, sys
import elf
from mkfixture import Elf, build_core
auxv, f = sys.argv[1:]
for ws, order in ((8, "little"), (4, "big")):
    k = Elf(ws, order)
    first = k.note(b"CORE", 3, bytes(136))
    core = build_core(k, 62, first + bytes(4))
    cases = [(core, core.index(first) + len(first))]
    if ws == 8:
        # The PT_NOTE's p_offset 16 bytes short of 2^64.
        b = elf.File(bytearray(build_core(k, 62, k.note(
            b"CORE", 6, k.vector([(6, 4096)])))))
        b.set("phdr", 0, "offset", 2 ** 64 - 16)
        cases.append((bytes(b.data), 2 ** 64 - 16))
    for data, off in cases:
        open(f, "wb").write(data)
        r = subprocess.run([auxv, "-f", f], capture_output=True, text=True)
        want = "auxv: %s: malformed note at offset %d\n" % (f, off)
        assert (r.returncode, r.stdout, r.stderr) == (1, "", want), (ws, r, want)
PY
}

@test "PN_XNUM core cut inside section header 0: truncated at e_shoff" {
	local phoff phentsize phnum shoff info
	for v in "64 little" "32 big"; do
		set -- $v
		"$MKFIXTURE" core -b xnum -c "$1" -e "$2" >"$T/core"
		read -r phoff phentsize phnum shoff _ info < <(layout "$T/core")
		[ "$phnum" -eq 65535 ] && [ "$shoff" -gt 0 ]
		for len in $shoff $((shoff + info + 3)); do
			cut_core "$T/core" "$len"
			run -1 --separate-stderr "$AUXV" -f "$T/cut"
			[ "$stderr" = "auxv: $T/cut: truncated at offset $shoff" ]
		done
		cut_core "$T/core" $((shoff + info + 4))
		run -1 --separate-stderr "$AUXV" -f "$T/cut"
		[[ "$stderr" == "auxv: $T/cut: truncated at offset "* ]]
		[[ "$stderr" != *" $shoff" ]]
	done
}

# --- JSON: offset exactly when the input is malformed at an offset ----

# json_err WHAT STATUS ARG...: auxv --json ARG... fails with STATUS; the
# error object's offset is the number that ends its message, present
# exactly when the message says "at offset N".
# json_err WHAT STATUS ARGS...: auxv --json ARGS exits STATUS; its error
# object is noted in $T/errs to be checked by check_errs: WHAT "offset"
# (malformed at an offset, given as a number and in the message) or
# "none" (no offset in either).
json_err() {
	local what=$1 status=$2
	shift 2
	run -"$status" --separate-stderr "$AUXV" --json "$@"
	printf '%s\t%s\n' "$what" "$output" >>"$T/errs"
}

check_errs() {
	python3 - "$T/errs" <<'PY'
import json, re, sys
n = 0
for line in open(sys.argv[1]):
    what, doc = line.rstrip("\n").split("\t", 1)
    err = json.loads(doc)["error"]
    assert set(err) <= {"errno", "message", "offset"}, err
    m = re.search(r" at offset (\d+)$", err["message"])
    if what == "offset":
        assert m is not None, err
        assert err["offset"] == int(m.group(1)), err
        assert isinstance(err["offset"], int), err
    else:
        assert m is None and "offset" not in err, err
    n += 1
assert n == 19, n
PY
}

# bats test_tags=full
@test "JSON error: offset present for malformed input, absent otherwise" {
	local b
	# The fixtures written by one python, not one for each.
	python3 - "$T" <<'PY'
import sys
from mkfixture import fixture_core, raw_main
d = sys.argv[1]
for b in ("huge-descsz huge-namesz phoff-past-end note-past-end phentsize "
          "bad-class no-null big-auxv not-core no-auxv xnum-huge "
          "desc-overlap").split():
    open("%s/%s" % (d, b), "wb").write(fixture_core(v=b))
open(d + "/cut", "wb").write(fixture_core()[:100])
for name, argv in (("raw", ["-N", "6=4096", "17=100"]),
                   ("odd", ["-N", "-O", "6=4096"]), ("big", ["-n", "4097"])):
    open("%s/%s" % (d, name), "wb").write(raw_main(argv))
PY
	# Malformed at an offset.
	for b in huge-descsz huge-namesz phoff-past-end note-past-end \
	    phentsize bad-class no-null big-auxv cut raw odd; do
		json_err offset 1 -f "$T/$b"
	done
	# Refused for another reason: no offset.
	json_err none 1 -f "$T/no such file"
	json_err none 1 -f "$T"
	# Too large as a whole: 4097 entries, or more than 65536 headers.
	json_err none 1 -f "$T/big"
	for b in not-core no-auxv xnum-huge desc-overlap; do
		json_err none 1 -f "$T/$b"
	done
	json_err none 1 999999999
	check_errs
}

# bats test_tags=full
@test "JSON error: the offset of a vector that breaks off is where it does" {
	# Three pairs of 8-byte words and no AT_NULL: it breaks off at 48;
	# one stray byte after them: at 48 too, the pair that is cut.  A raw
	# file that breaks off is no vector: the error object has no entries.
	"$MKFIXTURE" raw -N 6=4096 17=100 11=0 >"$T/raw"
	run -1 --separate-stderr "$AUXV" -f "$T/raw" --json
	echo "$output" | jq -e '.error.offset == 48 and (has("entries") | not)'
	"$MKFIXTURE" raw -N -O 6=4096 17=100 11=0 >"$T/raw"
	run -1 --separate-stderr "$AUXV" -f "$T/raw" --json
	echo "$output" | jq -e '.error.offset == 48 and (has("entries") | not)'
	"$MKFIXTURE" raw -w 4 -N 6=4096 17=100 11=0 >"$T/raw"
	run -1 --separate-stderr "$AUXV" -f "$T/raw" --word-size 4 --json
	echo "$output" | jq -e '.error.offset == 24 and (has("entries") | not)'
}

# A core on a pipe is read from memory: a read past its end is the end,
# told as "truncated at offset N", the same as for the file.
@test "core on a pipe cut short: truncated at the same offset as the file" {
	local b f=$BATS_TEST_TMPDIR/core
	for b in note-past-end phoff-past-end; do
		"$MKFIXTURE" core -b "$b" >"$f"
		run -1 --separate-stderr "$AUXV" -f "$f"
		want=${stderr#"auxv: $f: "}
		[[ "$want" == "truncated at offset "* ]]
		run -1 --separate-stderr bash -c 'cat "$2" | "$1" -f -' _ "$AUXV" "$f"
		[ "$stderr" = "auxv: -: $want" ]
	done
	# Cut inside its program headers (64 on): the first one cut.
	"$MKFIXTURE" core >"$f"
	head -c 100 "$f" >"$f.100"
	run -1 --separate-stderr bash -c 'cat "$2" | "$1" -f -' _ "$AUXV" "$f.100"
	[ "$stderr" = "auxv: -: truncated at offset 64" ]
}

# A core read by offset keeps its file open while it is shown, and no
# longer: forty cores under a limit of 16 open files are all read.
@test "many cores in one run: each file closed after its core" {
	local args=() i
	"$MKFIXTURE" core >"$T/core"
	for i in $(seq 40); do
		args+=(-f "$T/core")
	done
	run -0 --separate-stderr bash -c 'ulimit -n 16 && exec "$@"' sh \
	    "$AUXV" "${args[@]}" -k PAGESZ --value
	[ -z "$stderr" ]
	[ "${#lines[@]}" -eq 40 ]
	[ "$(sort -u <<<"$output")" = 4096 ]
}

# An e_machine with a word size or byte order no row of the table has
# takes the first row of that machine (ARM, 64-bit: arm).
@test "a machine's unknown word size: the machine's first row" {
	printf '{"word_size":8,"byte_order":"little","machine":40,"entries":[{"type":6,"value":4096}]}' >"$T/j"
	run -0 "$AUXV" --json -f "$T/j"
	[ "$(jq -r .arch <<<"$output")" = arm ]
	printf '{"word_size":4,"byte_order":"little","machine":62,"entries":[{"type":6,"value":4096}]}' >"$T/j"
	run -0 "$AUXV" --json -f "$T/j"
	[ "$(jq -r .arch <<<"$output")" = x32 ]
}

# --- The process's name and program: NT_PRPSINFO and NT_FILE ----------

# names_core OUT WS ORDER SPEC: a core of one PT_NOTE: NT_AUXV with SPEC's
# "auxv" pairs, then SPEC's "notes" in order, each one of
#   ["prpsinfo", SIZE, FNAME]  FNAME in the 16 bytes 96 before the end
#                              (pr_fname, then pr_psargs's 80)
#   ["file", [[START, END, NAME], ...]]  NT_FILE, page size 4096
#   ["file", [...], {"count": N, "len": L}]  the same with its count
#                              replaced by N, cut to its first L bytes
#   ["prstatus", SIZE, PID]    NT_PRSTATUS with pr_pid PID, where
#                              <linux/elfcore.h> puts it: after 3 ints, a
#                              short and two longs (32 or 24 bytes in)
#   ["pad", TOTAL]             a note that brings the notes to TOTAL bytes
# Prints the notes' size in bytes.
names_core() {
	python3 - "$@" <<'PY'
import json, sys
from mkfixture import Elf, build_core
out, ws, order, spec = sys.argv[1], int(sys.argv[2]), sys.argv[3], json.loads(sys.argv[4])
k = Elf(ws, order)
notes = k.note(b"CORE", 6, k.vector(spec["auxv"]))
for n in spec["notes"]:
    if n[0] == "prpsinfo":
        d = bytearray(n[1])
        f = n[2].encode()
        d[n[1] - 96:n[1] - 96 + len(f)] = f
        notes += k.note(b"CORE", 3, bytes(d))
    elif n[0] == "file":
        d = k.p(k.W * 2, len(n[1]), 4096)
        d += b"".join(k.p(k.W * 3, s, t, 0) for s, t, _ in n[1])
        d += b"".join(name.encode() + b"\0" for _, _, name in n[1])
        if len(n) > 2:
            d = k.p(k.W, n[2].get("count", len(n[1]))) + d[k.ws:]
            d = d[:n[2].get("len", len(d))]
        notes += k.note(b"CORE", 0x46494c45, d)
    elif n[0] == "prstatus":
        d = bytearray(n[1])
        at = 32 if ws == 8 else 24
        d[at:at + 4] = k.p("i", n[2])[:max(0, n[1] - at)]
        notes += k.note(b"CORE", 1, bytes(d[:n[1]]))
    elif n[0] == "pad":
        left = n[1] - len(notes) - sum(len(k.note(b"CORE", 3, bytes(x[1])))
                                       for x in spec["notes"] if x[0] == "prpsinfo")
        notes += k.note(b"PAD", 0x999, bytes(left - 16))
open(out, "wb").write(build_core(k, 62 if ws == 8 else 3, notes))
print(len(notes))
PY
}

# comm and exe of a core as JSON shows them, one line.
core_names() {
	"$AUXV" --json -f "$1" | jq -c '[.comm, .exe]'
}

# bats test_tags=full
@test "core names: pr_fname, and the NT_FILE entry where AT_ENTRY is, in each class" {
	local ws spec
	for ws in 8 4; do
		spec='{"auxv": [[9, 4198656], [6, 4096]], "notes": [
		    ["prpsinfo", '$((ws == 8 ? 136 : 124))', "crafted-name"],
		    ["file", [[4096, 8192, "/lib/ld-crafted.so"],
		              [4194304, 4202496, "/usr/bin/crafted"]]]]}'
		names_core "$T/core" "$ws" little "$spec" >/dev/null
		# eu-readelf reads the same fname (x86-64's and i386's layouts).
		if has eu_readelf; then
			eu-readelf -n "$T/core" | grep -q '^ *fname: crafted-name,'
		fi
		[ "$(core_names "$T/core")" = '["crafted-name","/usr/bin/crafted"]' ]
		# AT_ENTRY in no mapping: the first file.
		names_core "$T/core" "$ws" big "${spec/4198656/1}" >/dev/null
		[ "$(core_names "$T/core")" = '["crafted-name","/lib/ld-crafted.so"]' ]
	done
}

# A core's pid is the pr_pid of its first NT_PRSTATUS (the thread that
# dumped it, which the kernel writes first), as eu-readelf -n shows it;
# an NT_PRSTATUS too short for it, or none, leaves it null.
# bats test_tags=slow
@test "core pid: the first NT_PRSTATUS's pr_pid, in each class and order" {
	local ws order size
	for ws in 8 4; do
		size=$((ws == 8 ? 336 : 144))
		for order in little big; do
			names_core "$T/core" "$ws" "$order" '{"auxv": [[6, 4096]],
			    "notes": [["prstatus", '$size', 4242],
			              ["prstatus", '$size', 4343]]}' >/dev/null
			run -0 --separate-stderr "$AUXV" --json -f "$T/core"
			[ "$(jq -c '[.source, .pid]' <<<"$output")" = '["core",4242]' ]
		done
		# eu-readelf reads the same pid (x86-64's and i386's layouts).
		if has eu_readelf; then
			names_core "$T/core" "$ws" little '{"auxv": [[6, 4096]],
			    "notes": [["prstatus", '$size', 4242]]}' >/dev/null
			eu-readelf -n "$T/core" | grep -Eq '^ +pid: 4242,'
		fi
		names_core "$T/core" "$ws" little '{"auxv": [[6, 4096]],
		    "notes": [["prstatus", '$((ws == 8 ? 35 : 27))', 4242]]}' >/dev/null
		[ "$("$AUXV" --json -f "$T/core" | jq .pid)" = null ]
	done
	names_core "$T/core" 8 little '{"auxv": [[6, 4096]], "notes": []}' >/dev/null
	[ "$("$AUXV" --json -f "$T/core" | jq .pid)" = null ]
}

@test "core names: a short NT_FILE is read; an NT_PRPSINFO too short for pr_fname is not" {
	# One mapping: 43 bytes in all, less than NT_PRPSINFO's 96.
	names_core "$T/core" 8 little '{"auxv": [[9, 4096]], "notes": [
	    ["prpsinfo", 95, ""], ["file", [[0, 8192, "/a"]]]]}' >/dev/null
	[ "$(core_names "$T/core")" = '[null,"/a"]' ]
	names_core "$T/core" 8 little '{"auxv": [[9, 4096]], "notes": [
	    ["prpsinfo", 96, "sixteen-bytes-ok"]]}' >/dev/null
	[ "$(core_names "$T/core")" = '["sixteen-bytes-ok",null]' ]
}

# NT_FILE is a count and page size, a (start, end, offset) triple per
# mapping, then the names, each ending in a NUL (Linux fs/binfmt_elf.c
# fill_files_note).  One of two 64-bit words, one triple and "/abc\0" is
# 45 bytes.  A note too short for its header or its count of triples, or
# a name without its NUL, names no program; without AT_ENTRY, the first
# mapping's file is the program.
# bats test_tags=slow
@test "core names: an NT_FILE cut short or miscounted names no program; no AT_ENTRY: the first file" {
	local spec opts want
	while read -r opts want; do
		spec='{"auxv": [[9, 4096]], "notes": [
		    ["file", [[4096, 8192, "/abc"]], '$opts']]}'
		names_core "$T/core" 8 little "$spec" >/dev/null
		[ "$(core_names "$T/core")" = "[null,$want]" ]
	done <<'EOF'
{"len":45} "/abc"
{"len":15} null
{"len":44} null
{"count":0} null
{"count":2} null
EOF
	# The first even where another file is mapped at 0.
	names_core "$T/core" 8 little '{"auxv": [[6, 4096]], "notes": [
	    ["file", [[4096, 8192, "/a"], [0, 4096, "/b"]]]]}' >/dev/null
	[ "$(core_names "$T/core")" = '[null,"/a"]' ]
	# AT_ENTRY 0 is an entry, of the file mapped there.
	names_core "$T/core" 8 little '{"auxv": [[9, 0]], "notes": [
	    ["file", [[4096, 8192, "/a"], [0, 4096, "/b"]]]]}' >/dev/null
	[ "$(core_names "$T/core")" = '[null,"/b"]' ]
}

# The triples are count's, no more: with count 1, the words after the
# first triple are the names (here the second triple's bytes, which
# would take AT_ENTRY in: its start the bytes "/AAAAAA" and a NUL, its
# end above AT_ENTRY, whose bytes name "").  The first file is the
# program: AT_ENTRY is in no mapping count gives.
@test "core names: AT_ENTRY in no mapping of NT_FILE's count, in the words past them: the first file" {
	local s e entry=$((0x50 << 48))
	read -r s e < <(python3 -c 'import struct, sys
s, e = struct.unpack("<QQ", b"/AAAAAA\0" + b"\0" + b"\xff" * 7)
assert s <= int(sys.argv[1]) < e
print(s, e)' "$entry")
	names_core "$T/core" 8 little '{"auxv": [[9, '"$entry"']], "notes": [
	    ["file", [[4096, 8192, "/b"], ['"$s"', '"$e"', "/c"]], {"count": 1}]]}' >/dev/null
	[ "$(core_names "$T/core")" = '[null,"/AAAAAA"]' ]
}

# A path has at most PATH_MAX bytes with its NUL (getconf): an NT_FILE
# name of PATH_MAX - 1 bytes is the program, one byte more names none.
@test "core names: an NT_FILE name of PATH_MAX - 1 bytes is read, of PATH_MAX is not" {
	local max name n
	max=$(getconf PATH_MAX /)
	for n in $((max - 1)) "$max"; do
		name=/$(printf 'n%.0s' $(seq 2 "$n"))
		[ "${#name}" -eq "$n" ]
		names_core "$T/core" 8 little '{"auxv": [[9, 4096]], "notes": [
		    ["file", [[4096, 8192, "'"$name"'"]]]]}' >/dev/null
		run -0 --separate-stderr "$AUXV" --json -f "$T/core"
		if [ "$n" -lt "$max" ]; then
			[ "$(jq -r .exe <<<"$output")" = "$name" ]
		else
			[ "$(jq -r .exe <<<"$output")" = null ]
		fi
	done
}

# bats test_tags=slow
@test "core names: read from 64 MiB of notes, not from more" {
	local mib64=$((64 << 20)) n
	n=$(names_core "$T/core" 8 little '{"auxv": [[6, 4096]], "notes": [
	    ["pad", '$mib64'], ["prpsinfo", 136, "last-of-64mib"]]}')
	[ "$n" -eq "$mib64" ]
	[ "$(core_names "$T/core")" = '["last-of-64mib",null]' ]
	n=$(names_core "$T/core" 8 little '{"auxv": [[6, 4096]], "notes": [
	    ["pad", '$((mib64 + 4))'], ["prpsinfo", 136, "past-64mib"]]}')
	[ "$n" -eq $((mib64 + 4)) ]
	# The vector is read all the same.
	run -0 --separate-stderr "$AUXV" --json -f "$T/core"
	[ "$(jq -c '[.comm, .entries[0].value]' <<<"$output")" = '[null,4096]' ]
}
