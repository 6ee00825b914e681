#!/usr/bin/env bats
#
# The text of each AT_ type, against a table written here: glibc's
# _dl_show_auxv (elf/dl-sysdep.c, later sysdeps/unix/sysv/linux/
# dl-sysdep.c) for the types LD_SHOW_AUXV names, the SPEC's rule for the
# rest (decimal for sizes and counts, 0x hex otherwise, "AT_??? (0xNN):
# 0xVALUE" for a type nobody names).  Vectors are written with mkraw;
# values are chosen so that decimal, bare hex and 0x hex all differ.

load common

# type: name, form as glibc prints it ("dec", "hex" bare, "0x" hex,
# "str"), copied from glibc's auxvars[] table.
GLIBC_TABLE='
2 EXECFD dec
3 PHDR 0x
4 PHENT dec
5 PHNUM dec
6 PAGESZ dec
7 BASE 0x
8 FLAGS 0x
9 ENTRY 0x
10 NOTELF hex
11 UID dec
12 EUID dec
13 GID dec
14 EGID dec
15 PLATFORM str
16 HWCAP hex
17 CLKTCK dec
18 FPUCW hex
19 DCACHEBSIZE 0x
20 ICACHEBSIZE 0x
21 UCACHEBSIZE 0x
23 SECURE dec
24 BASE_PLATFORM str
25 RANDOM 0x
26 HWCAP2 0x
31 EXECFN str
32 SYSINFO 0x
33 SYSINFO_EHDR 0x
40 L1I_CACHESIZE dec
41 L1I_CACHEGEOMETRY 0x
42 L1D_CACHESIZE dec
43 L1D_CACHEGEOMETRY 0x
44 L2_CACHESIZE dec
45 L2_CACHEGEOMETRY 0x
46 L3_CACHESIZE dec
47 L3_CACHEGEOMETRY 0x
51 MINSIGSTKSZ dec
'

# Types the kernel names and glibc does not print (include/uapi/linux/
# auxvec.h): by the SPEC's rule, sizes and counts in decimal, the rest in
# 0x hex.  AT_IGNORE and AT_IGNOREPPC are in a test of their own below.
KERNEL_TABLE='
27 RSEQ_FEATURE_SIZE dec
28 RSEQ_ALIGN dec
29 HWCAP3 0x
30 HWCAP4 0x
'

# check_lines OUT TABLE: the human lines of OUT, one per
# (type, value) pair in $BATS_TEST_TMPDIR/pairs, against the table.
check_lines() {
	python3 - "$1" "$BATS_TEST_TMPDIR/pairs" "$2" <<'PY'
import sys
out = open(sys.argv[1], encoding="utf-8").read().split("\n")
assert out[-1] == "", out[-1]
out = out[:-1]
pairs = [tuple(int(x, 0) for x in l.split()) for l in open(sys.argv[2])]
table = {}
for l in sys.argv[3].split("\n"):
    if not l.strip():
        continue
    t, name, form = l.split()
    table[int(t)] = (name, form)
assert len(out) == len(pairs), (len(out), len(pairs), out)
for line, (t, v) in zip(out, pairs):
    if t in table:
        name, form = table[t]
        text = {"dec": "%d" % v, "hex": "%x" % v, "0x": "0x%x" % v,
                "str": "0x%x" % v}[form]
        want = ("AT_" + name + ":").ljust(22) + text
        # The decoded extras follow after two spaces, if any.
        rest = line[len(want):]
        assert line.startswith(want), (line, want)
        if form == "str":
            assert rest == "  (unreadable)", (line, want)
        else:
            assert rest == "" or rest.startswith("  ") and \
                rest.strip() != "", (line, want)
    else:
        want = "AT_??? (0x%x): 0x%x" % (t, v)
        assert line == want, (line, want)
print("ok", len(out))
PY
}

# mkpairs TYPE VALUE ...: the raw vector $T/v and the pairs file.
mkpairs() {
	mkraw "$BATS_TEST_TMPDIR/v" 8 '<' "$@"
	: >"$BATS_TEST_TMPDIR/pairs"
	while [ $# -gt 1 ]; do
		echo "$1 $2" >>"$BATS_TEST_TMPDIR/pairs"
		shift 2
	done
}

# Every type 1..59 but the two ignored ones, with a small value and with
# a 64-bit one, and a few numbers nobody names.
all_types() {
	local t args=()
	for t in $(seq 2 59); do
		[ "$t" -eq 22 ] && continue
		args+=("$t" "$((0xabc00 + t))")
	done
	for t in $(seq 2 59); do
		[ "$t" -eq 22 ] && continue
		args+=("$t" "$(printf 0xfedcba98765432%02x "$t")")
	done
	args+=(0x99 0xabc 1000 7 0xffffffffffffffff 0 4096 0x1)
	mkpairs "${args[@]}"
}

# bats test_tags=slow
@test "human: every type glibc names is glibc's text; the others the SPEC's" {
	all_types
	"$AUXV" -f "$BATS_TEST_TMPDIR/v" --arch x86_64 >"$BATS_TEST_TMPDIR/out"
	check_lines "$BATS_TEST_TMPDIR/out" "$GLIBC_TABLE$KERNEL_TABLE"
}

@test "human: the same text for a 32-bit vector" {
	local t args=()
	for t in $(seq 2 59); do
		[ "$t" -eq 22 ] && continue
		args+=("$t" "$((0xfedcba00 + t))")
	done
	mkraw "$BATS_TEST_TMPDIR/v" 4 '>' "${args[@]}"
	printf '%s %s\n' "${args[@]}" >"$BATS_TEST_TMPDIR/pairs"
	"$AUXV" -f "$BATS_TEST_TMPDIR/v" --arch ppc >"$BATS_TEST_TMPDIR/out"
	check_lines "$BATS_TEST_TMPDIR/out" "$GLIBC_TABLE$KERNEL_TABLE"
}

@test "human: architecture types: alpha's cache shapes, sparc's ADI" {
	# arch/alpha/include/uapi/asm/auxvec.h: AT_L1I_CACHESHAPE 34 ..
	# AT_L3_CACHESHAPE 37 (hex words); arch/sparc: AT_ADI_BLKSZ 48,
	# AT_ADI_NBITS 49 (a size and a count), AT_ADI_UEONADI 50.
	mkpairs 48 0x40 49 0xc 50 0xb 34 0xabc 38 0xabd
	"$AUXV" -f "$BATS_TEST_TMPDIR/v" --arch sparc64 --endian little \
	    >"$BATS_TEST_TMPDIR/out"
	check_lines "$BATS_TEST_TMPDIR/out" '
48 ADI_BLKSZ dec
49 ADI_NBITS dec
50 ADI_UEONADI dec'
	"$AUXV" -f "$BATS_TEST_TMPDIR/v" --arch x86_64 >"$BATS_TEST_TMPDIR/out"
	check_lines "$BATS_TEST_TMPDIR/out" ''
}

@test "human: alpha's cache shapes in 0x hex, as the SPEC's rule" {
	mkpairs 34 0xabc 35 0xabd 36 0xabe 37 0xabf
	"$AUXV" -f "$BATS_TEST_TMPDIR/v" --arch alpha --word-size 8 \
	    --endian little >"$BATS_TEST_TMPDIR/out"
	check_lines "$BATS_TEST_TMPDIR/out" '
34 L1I_CACHESHAPE 0x
35 L1D_CACHESHAPE 0x
36 L2_CACHESHAPE 0x
37 L3_CACHESHAPE 0x'
}

@test "human: AT_IGNORE and AT_IGNOREPPC, which glibc skips: 0x hex" {
	mkpairs 1 0xabc 22 0xabd
	"$AUXV" -f "$BATS_TEST_TMPDIR/v" --arch x86_64 >"$BATS_TEST_TMPDIR/out"
	check_lines "$BATS_TEST_TMPDIR/out" '
1 IGNORE 0x
22 IGNOREPPC 0x'
}

# bats test_tags=slow
@test "-v: each line is the plain one, two spaces, #, a space, a description" {
	all_types
	"$AUXV" -f "$BATS_TEST_TMPDIR/v" --arch x86_64 >"$BATS_TEST_TMPDIR/plain"
	"$AUXV" -f "$BATS_TEST_TMPDIR/v" --arch x86_64 -v \
	    >"$BATS_TEST_TMPDIR/verbose"
	python3 - "$BATS_TEST_TMPDIR/plain" "$BATS_TEST_TMPDIR/verbose" <<'PY'
import sys
plain = open(sys.argv[1]).read().split("\n")
verbose = open(sys.argv[2]).read().split("\n")
assert len(plain) == len(verbose) > 100, (len(plain), len(verbose))
followed = set()
for p, v in zip(plain[:-1], verbose[:-1]):
    # -v follows the first AT_SYSINFO_EHDR and AT_PHDR: a raw file has
    # no memory behind them.
    name = p.split(":")[0]
    if name in ("AT_SYSINFO_EHDR", "AT_PHDR") and name not in followed:
        followed.add(name)
        p += "  (unreadable)"
    assert v.startswith(p + "  # "), (p, v)
    desc = v[len(p) + 4:]
    assert desc.strip() == desc and desc and "  # " not in desc, v
# gdb's info auxv words for a few types.
for line, desc in (("AT_PAGESZ:", "System page size"),
                   ("AT_EXECFN:", "File name of executable"),
                   ("AT_HWCAP:", "Machine-dependent CPU capability hints"),
                   ("AT_SECURE:", "Boolean, was exec setuid-like?")):
    assert any(v.startswith(line) and v.endswith("  # " + desc)
               for v in verbose), (line, desc)
PY
}

# bats test_tags=full
@test "json: name and hex of every type, null for a type nobody names" {
	all_types
	"$AUXV" -f "$BATS_TEST_TMPDIR/v" --arch x86_64 --json \
	    >"$BATS_TEST_TMPDIR/j"
	python3 - "$BATS_TEST_TMPDIR/j" "$BATS_TEST_TMPDIR/pairs" \
	    "$GLIBC_TABLE$KERNEL_TABLE" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
pairs = [tuple(int(x, 0) for x in l.split()) for l in open(sys.argv[2])]
names = {int(l.split()[0]): l.split()[1]
         for l in sys.argv[3].split("\n") if l.strip()}
ents = d["entries"]
assert [(e["type"], e["value"]) for e in ents] == pairs, ents
for e in ents:
    want = "AT_" + names[e["type"]] if e["type"] in names else None
    assert e["name"] == want, (e, want)
    assert e["hex"] == "0x%x" % e["value"], e
    if e["type"] in (15, 24, 31):
        assert e["string"] is None, e
    if e["type"] == 25:
        assert e["bytes"] is None, e
print("ok", len(ents))
PY
	mkpairs 34 1 48 2 1 3 22 4
	run -0 --separate-stderr "$AUXV" -f "$BATS_TEST_TMPDIR/v" --arch alpha \
	    --word-size 8 --endian little --json
	python3 -c '
import json, sys
e = json.loads(sys.argv[1])["entries"]
assert [x["name"] for x in e] == ["AT_L1I_CACHESHAPE", None, "AT_IGNORE",
                                  "AT_IGNOREPPC"], e' "$output"
}

# bats test_tags=full
@test "AT_NULL with a non-zero value ends the vector" {
	# Words after it are not entries, as the kernel and glibc read it.
	mkraw "$BATS_TEST_TMPDIR/v" 8 '<' 6 4096 0 5 17 100 11 1000
	run -0 --separate-stderr "$AUXV" -f "$BATS_TEST_TMPDIR/v"
	[ "$output" = "AT_PAGESZ:            4096" ]
	run -0 --separate-stderr "$AUXV" -f "$BATS_TEST_TMPDIR/v" --json
	python3 -c '
import json, sys
e = json.loads(sys.argv[1])["entries"]
assert [(x["type"], x["value"]) for x in e] == [(6, 4096)], e' "$output"
	run -1 --separate-stderr "$AUXV" -f "$BATS_TEST_TMPDIR/v" -k CLKTCK \
	    --value
	[ -z "$output" ]
	# 32-bit, big-endian: the same.
	mkraw "$BATS_TEST_TMPDIR/v" 4 '>' 6 4096 0 0xffffffff 17 100
	run -0 --separate-stderr "$AUXV" -f "$BATS_TEST_TMPDIR/v" \
	    --word-size 4 --endian big
	[ "$output" = "AT_PAGESZ:            4096" ]
	# AT_NULL first, with a value: an empty vector.
	mkraw "$BATS_TEST_TMPDIR/v" 8 '<' 0 7 6 4096
	run -0 --separate-stderr "$AUXV" -f "$BATS_TEST_TMPDIR/v"
	[ -z "$output" ]
	run -0 --separate-stderr "$AUXV" -f "$BATS_TEST_TMPDIR/v" --json
	python3 -c '
import json, sys
assert json.loads(sys.argv[1])["entries"] == []' "$output"
	# A value whose low word is zero still does not make it go on.
	mkraw "$BATS_TEST_TMPDIR/v" 8 '<' 6 4096 0 0x100000000 17 100
	run -0 --separate-stderr "$AUXV" -f "$BATS_TEST_TMPDIR/v"
	[ "$output" = "AT_PAGESZ:            4096" ]
}

# bats test_tags=full
@test "HWCAP extras: unknown:0x after two spaces alone, after one space after names" {
	# x86 AT_HWCAP is CPUID.1:EDX (arch/x86/include/asm/cpufeatures.h,
	# word 0): bit 0 is fpu, bits 10 and 20 have no name.  AT_HWCAP2
	# (asm/hwcap2.h): bit 0 ring3mwait, bit 1 fsgsbase.  No HWCAP3 bit
	# has a name on x86.
	mkraw "$BATS_TEST_TMPDIR/v" 8 '<' 16 0x100400 16 0x401 16 0 16 0x1 \
	    29 0x5 26 0x6 16 0x8000000000000001
	run -0 --separate-stderr "$AUXV" -f "$BATS_TEST_TMPDIR/v" --arch x86_64
	[ "${lines[0]}" = "AT_HWCAP:             100400  unknown:0x100400" ]
	[ "${lines[1]}" = "AT_HWCAP:             401  fpu unknown:0x400" ]
	[ "${lines[2]}" = "AT_HWCAP:             0" ]
	[ "${lines[3]}" = "AT_HWCAP:             1  fpu" ]
	[ "${lines[4]}" = "AT_HWCAP3:            0x5  unknown:0x5" ]
	[ "${lines[5]}" = "AT_HWCAP2:            0x6  fsgsbase unknown:0x4" ]
	[ "${lines[6]}" = "AT_HWCAP:             8000000000000001  fpu unknown:0x8000000000000000" ]
	[ "${#lines[@]}" -eq 7 ]
	run -0 --separate-stderr "$AUXV" -f "$BATS_TEST_TMPDIR/v" --arch x86_64 \
	    --json
	python3 -c '
import json, sys
e = json.loads(sys.argv[1])["entries"]
got = [(x["flags"], x["unknown_bits"]) for x in e]
assert got == [([], 0x100400), (["fpu"], 0x400), ([], 0), (["fpu"], 0),
               ([], 5), (["fsgsbase"], 4), (["fpu"], 1 << 63)], got' "$output"
}

@test "core: a string cut by its segment's end is (truncated), escaped too" {
	"$MKFIXTURE" core -b cutstr -x "$(printf '/no/nul\033here')" \
	    >"$BATS_TEST_TMPDIR/core"
	run -0 --separate-stderr "$AUXV" -f "$BATS_TEST_TMPDIR/core" -k EXECFN
	[ "$output" = 'AT_EXECFN:            /no/nul\033here  (truncated)' ]
	run -0 --separate-stderr "$AUXV" -f "$BATS_TEST_TMPDIR/core" -k EXECFN -v
	[ "$output" = 'AT_EXECFN:            /no/nul\033here  (truncated)  # File name of executable' ]
	# The whole string, with its NUL, is not truncated.
	"$MKFIXTURE" core -x /with/nul >"$BATS_TEST_TMPDIR/core"
	run -0 --separate-stderr "$AUXV" -f "$BATS_TEST_TMPDIR/core" -k EXECFN
	[ "$output" = 'AT_EXECFN:            /with/nul' ]
}

# bats test_tags=full
@test "unreadable strings and bytes: the 0x address, then (unreadable)" {
	"$MKFIXTURE" core -b unmapped >"$BATS_TEST_TMPDIR/core"
	run -0 --separate-stderr "$AUXV" -f "$BATS_TEST_TMPDIR/core" \
	    -k PLATFORM,RANDOM,EXECFN
	[ "${lines[0]}" = "AT_RANDOM:            0x10  (unreadable)" ]
	[ "${lines[1]}" = "AT_EXECFN:            /usr/bin/fixture" ]
	[ "${lines[2]}" = "AT_PLATFORM:          0x7ffc12341200  (unreadable)" ]
	mkraw "$BATS_TEST_TMPDIR/v" 8 '<' 24 0xabc 31 0 25 0xdef
	run -0 --separate-stderr "$AUXV" -f "$BATS_TEST_TMPDIR/v"
	[ "${lines[0]}" = "AT_BASE_PLATFORM:     0xabc  (unreadable)" ]
	[ "${lines[1]}" = "AT_EXECFN:            0x0  (unreadable)" ]
	[ "${lines[2]}" = "AT_RANDOM:            0xdef  (unreadable)" ]
	run -0 --separate-stderr "$AUXV" -f "$BATS_TEST_TMPDIR/v" -k 24 --value
	[ "$output" = "0xabc" ]
}

# bats test_tags=full
@test "-k KEY of a type the vector lacks: nothing, exit 0; with --value its empty line, exit 1" {
	mkraw "$BATS_TEST_TMPDIR/v" 8 '<' 6 4096 17 100
	run -0 --separate-stderr "$AUXV" -f "$BATS_TEST_TMPDIR/v" -k UID
	[ -z "$output" ]
	[ -z "$stderr" ]
	run -0 --separate-stderr "$AUXV" -f "$BATS_TEST_TMPDIR/v" -k UID --json
	python3 -c '
import json, sys
assert json.loads(sys.argv[1])["entries"] == []' "$output"
	run -1 --separate-stderr "$AUXV" -f "$BATS_TEST_TMPDIR/v" -k UID --value
	[ -z "$output" ]
	run -1 --separate-stderr "$AUXV" -f "$BATS_TEST_TMPDIR/v" \
	    -k UID,CLKTCK --value
	[ "$output" = "$(printf '\n100')" ]
	run -0 --separate-stderr "$AUXV" -f "$BATS_TEST_TMPDIR/v" \
	    -k CLKTCK,PAGESZ --value
	[ "$output" = "$(printf '100\n4096')" ]
	run -0 --separate-stderr "$AUXV" -f "$BATS_TEST_TMPDIR/v" -k UID,6
	[ "$output" = "AT_PAGESZ:            4096" ]
}
