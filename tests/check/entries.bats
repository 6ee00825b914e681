# --check's entries rule: each entry the kernel of the vector's
# architecture always gives, present and once, on crafted saves of every
# architecture and under a userland exec.

load ../common
load check
load hooks

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
# bats test_tags=slow
@test "crafted: entries: the kernel's generic set and each architecture's own, every architecture" {
	# One python writes each vector (mkfixture's Elf), runs auxv on it and
	# reads its JSON: seventeen architectures, each whole and with each of
	# its own entries and AT_FLAGS left out, a hundred runs.
	python3 - "$AUXV" "$TESTS_DIR/../src/at.def" "$BATS_TEST_TMPDIR" <<'PY'
import json, re, subprocess, sys
from mkfixture import Elf
auxv, atdef, tmp = sys.argv[1:4]
# Each type's name as src/at.def has it.
name = {}
for l in open(atdef):
    m = re.match(r"AT_X\(\s*(\d+),\s*(\w+),", l)
    if m:
        name[int(m.group(1))] = "AT_" + m.group(2)
generic = [16, 6, 17, 3, 4, 5, 7, 8, 9, 11, 12, 13, 14, 23, 25, 31]
# Architecture, word size, byte order, its own entries, what is said to
# be not asked.
TABLE = """
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
"""
bad = 0
def check(a, ws, e, pairs, status, field, want):
    global bad
    f = "%s/%s.raw" % (tmp, a)
    k = Elf(ws, "big" if e == ">" else "little")
    open(f, "wb").write(k.words(w for p in pairs + [(0, 0)] for w in p))
    r = subprocess.run([auxv, "--check", "--json", "--arch", a, "-f", f],
                       capture_output=True, text=True)
    c = {x["name"]: x for x in json.loads(r.stdout)["checks"]}
    fails = [n for n, x in c.items() if x["result"] == "FAIL"]
    got = (r.returncode, fails, field(c["entries"]))
    if got != (status, ["entries"] if status else [], want):
        print("%s %s: got %r, want %r" % (a, [t for t, _ in pairs], got,
                                         (status, want)))
        bad += 1
for l in TABLE.strip().splitlines():
    a, ws, e, rest = l.split(" ", 3)
    own, nd = rest.split(":", 1)
    own = [int(t) for t in own.split()]
    # PAGESZ a size of the architecture (8192 on sparc64 and alpha),
    # CLKTCK 100 (1024 on alpha); the rest any value.  powerpc's
    # AT_IGNOREPPC twice, first, as its kernel writes it.
    pairs = []
    for t in generic + own:
        if t == 22:
            pairs = [(22, 22), (22, 22)] + pairs
            continue
        v = 1
        if t == 6:
            v = 8192 if a in ("sparc64", "alpha") else 4096
        if t == 17:
            v = 1024 if a == "alpha" else 100
        pairs.append((t, v))
    nodata = ("; no data for %s (a saved vector: they depend on the "
              "kernel's version or build)" % nd) if nd else ""
    check(a, int(ws), e, pairs, 0,
          lambda x: "%s: %s" % (x["result"], x["evidence"]),
          "ok: each of the %d entries once; none of %s's missing%s" %
          (len(pairs), a, nodata))
    # Each of its own entries, and AT_FLAGS, left out: said absent.
    for t in [8] + own:
        check(a, int(ws), e, [p for p in pairs if p[0] != t], 1,
              lambda x: x["evidence"], "%s absent%s" % (name[t], nodata))
sys.exit(bad)
PY
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

# bats test_tags=slow
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

# --- issue 48: --check proves what it can --------------------------------
#
# Each rule a crafted case fails alone: powerpc's AT_IGNOREPPC pair out of
# place, AT_EXECFN not the path -e gave execve, our saved vector read
# another way (openat by component, PR_GET_AUXV) that is not the vector.

# fs/binfmt_elf.c writes ARCH_DLINFO first ("so PPC can do its special
# alignment of AUXV"), and powerpc's (arch/powerpc/include/asm/elf.h,
# COMMON_ARCH_DLINFO, native and compat alike) starts with AT_IGNOREPPC
# (22) twice: entries 0 and 1, in every saved vector too.
# bats test_tags=slow
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

# powerpc's cache geometry (AT_L1I_CACHESIZE .. AT_L3_CACHEGEOMETRY) came
# with Linux 4.11 (commit 98a5f361b862, arch/powerpc/include/asm/elf.h's
# ARCH_DLINFO_CACHE_GEOMETRY, CONFIG_PPC64), its AT_HWCAP2 with 3.10
# (ELF_HWCAP2): asked of a live ppc64 vector where uname(2) names such a
# kernel.  qemu-ppc64le gives neither geometry entry (the guest's loader
# shows what it was given) and says the release QEMU_UNAME names.
# bats test_tags=full
@test "qemu-ppc64le: the cache geometry asked of a vector where uname says 4.11, not 4.10" {
	need qemu_ppc64le
	need jq
	local d=$BATS_RUN_TMPDIR/guest-ppc64le t=powerpc64le-linux-gnu v
	local q=(qemu-ppc64le-static -L "/usr/$t" -E "LD_LIBRARY_PATH=/usr/$t/lib")
	LD_SHOW_AUXV=1 "${q[@]}" -E LD_SHOW_AUXV=1 "$d/auxv" --version >"$BATS_TEST_TMPDIR/shown"
	grep -q '^AT_HWCAP2:' "$BATS_TEST_TMPDIR/shown" || skip "qemu-ppc64le gives no AT_HWCAP2"
	! grep -q '^AT_L1I_CACHESIZE:' "$BATS_TEST_TMPDIR/shown" ||
	    skip "qemu-ppc64le gives the cache geometry"
	local geo="AT_L1I_CACHESIZE absent; AT_L1I_CACHEGEOMETRY absent; AT_L1D_CACHESIZE absent; AT_L1D_CACHEGEOMETRY absent; AT_L2_CACHESIZE absent; AT_L2_CACHEGEOMETRY absent; AT_L3_CACHESIZE absent; AT_L3_CACHEGEOMETRY absent"
	# (qemu gives no AT_PLATFORM either: what else entries says, alike.)
	run --separate-stderr "${q[@]}" -r 4.10.0 "$d/auxv" --check --json
	[ "$(jq -r .arch <<<"$output")" = ppc64le ]
	local old
	old=$(evidence "$output" entries)
	echo "4.10.0: $old"
	[[ "$old" != *CACHE* ]]
	run --separate-stderr "${q[@]}" -r 4.11.0 "$d/auxv" --check --json
	echo "4.11.0: $(evidence "$output" entries)"
	[ "$(rule_field "$output" entries r)" = FAIL ]
	[ "$(evidence "$output" entries)" = "$geo${old:+; $old}" ]
}
