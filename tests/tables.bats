#!/usr/bin/env bats
#
# The generated tables (src/gentables.py, run on Linux 7.3.4) against
# names written out below by hand from that tree (the one HWCAP oracle):
# for every architecture with HWCAP tables, in each word size and byte
# order, a vector with every bit of AT_HWCAP..AT_HWCAP4 set must name
# exactly the bits Linux 7.3 names and count the rest in `unknown_bits`,
# and one with every other named bit set must name only those.  These
# lists are the independent check of the generator: do not produce them
# with it.  Then the generator on a made-up tree, and the bash
# completion's lists against the tables.

load common

AT_HWCAP=16
AT_HWCAP2=26
AT_HWCAP3=29
AT_HWCAP4=30

# arch/x86/include/asm/cpufeatures.h word 0 (quoted names) and
# arch/x86/include/uapi/asm/hwcap2.h.
X86_1="0=fpu 1=vme 2=de 3=pse 4=tsc 5=msr 6=pae 7=mce 8=cx8 9=apic 11=sep
	12=mtrr 13=pge 14=mca 15=cmov 16=pat 17=pse36 18=pn 19=clflush 21=dts
	22=acpi 23=mmx 24=fxsr 25=sse 26=sse2 27=ss 28=ht 29=tm 30=ia64 31=pbe"
X86_2="0=ring3mwait 1=fsgsbase"

# arch/arm64/include/uapi/asm/hwcap.h and kernel/cpuinfo.c hwcap_str[].
AARCH64_1="0=fp 1=asimd 2=evtstrm 3=aes 4=pmull 5=sha1 6=sha2 7=crc32
	8=atomics 9=fphp 10=asimdhp 11=cpuid 12=asimdrdm 13=jscvt 14=fcma
	15=lrcpc 16=dcpop 17=sha3 18=sm3 19=sm4 20=asimddp 21=sha512 22=sve
	23=asimdfhm 24=dit 25=uscat 26=ilrcpc 27=flagm 28=ssbs 29=sb 30=paca
	31=pacg 32=gcs 33=cmpbr 34=fprcvt 35=f8mm8 36=f8mm4 37=svef16mm
	38=sveeltperm 39=sveaes2 40=svebfscale 41=sve2p2 42=sme2p2
	43=smesbitperm 44=smeaes 45=smesfexpa 46=smestmop 47=smesmop4"
AARCH64_2="0=dcpodp 1=sve2 2=sveaes 3=svepmull 4=svebitperm 5=svesha3
	6=svesm4 7=flagm2 8=frint 9=svei8mm 10=svef32mm 11=svef64mm 12=svebf16
	13=i8mm 14=bf16 15=dgh 16=rng 17=bti 18=mte 19=ecv 20=afp 21=rpres
	22=mte3 23=sme 24=smei16i64 25=smef64f64 26=smei8i32 27=smef16f32
	28=smeb16f32 29=smef32f32 30=smefa64 31=wfxt 32=ebf16 33=sveebf16
	34=cssc 35=rprfm 36=sve2p1 37=sme2 38=sme2p1 39=smei16i32
	40=smebi32i32 41=smeb16b16 42=smef16f16 43=mops 44=hbc 45=sveb16b16
	46=lrcpc3 47=lse128 48=fpmr 49=lut 50=faminmax 51=f8cvt 52=f8fma
	53=f8dp4 54=f8dp2 55=f8e4m3 56=f8e5m2 57=smelutv2 58=smef8f16
	59=smef8f32 60=smesf8fma 61=smesf8dp4 62=smesf8dp2 63=poe"
AARCH64_3="0=mtefar 1=mtestoreonly 2=lsfe 3=ls64 4=sveb16mm 5=sve2p3
	6=smelut6 7=sme2p3 8=f16mm 9=f16f32dot 10=f16f32mm 11=svelut6"

# arch/arm/include/uapi/asm/hwcap.h and kernel/setup.c hwcap_str[],
# hwcap2_str[].
ARM_1="0=swp 1=half 2=thumb 3=26bit 4=fastmult 5=fpa 6=vfp 7=edsp 8=java
	9=iwmmxt 10=crunch 11=thumbee 12=neon 13=vfpv3 14=vfpv3d16 15=tls
	16=vfpv4 17=idiva 18=idivt 19=vfpd32 20=lpae 21=evtstrm 22=fphp
	23=asimdhp 24=asimddp 25=asimdfhm 26=asimdbf16 27=i8mm"
ARM_2="0=aes 1=pmull 2=sha1 3=sha2 4=crc32 5=sb 6=ssbs"

# arch/powerpc/include/uapi/asm/cputable.h bits, glibc's names
# (sysdeps/powerpc/dl-procinfo.c); glibc has none yet for 7.3's DMF and
# ARCH_3_2 (bits 15 and 16 of AT_HWCAP2): the macros' names, lower-case.
PPC_1="0=ppcle 1=true_le 6=archpmu 7=vsx 8=arch_2_06 9=power6x 10=dfp
	11=pa6t 12=arch_2_05 13=ic_snoop 14=smt 15=booke 16=cellbe 17=power5+
	18=power5 19=power4 20=notb 21=efpdouble 22=efpsingle 23=spe
	24=ucache 25=4xxmac 26=mmu 27=fpu 28=altivec 29=ppc601 30=ppc64
	31=ppc32"
PPC_2="15=dmf 16=arch_3_2 17=mma 18=arch_3_1 19=htm-no-suspend 20=scv 21=darn 22=ieee128
	23=arch_3_00 24=htm-nosc 25=vcrypto 26=tar 27=isel 28=ebb 29=dscr
	30=htm 31=arch_2_07"

# arch/s390/include/asm/elf.h HWCAP_NR_*, kernel/processor.c hwcap_str[].
S390_1="0=esan3 1=zarch 2=stfle 3=msa 4=ldisp 5=eimm 6=dfp 7=edat 8=etf3eh
	9=highgprs 10=te 11=vx 12=vxd 13=vxe 14=gs 15=vxe2 16=vxp 17=sort
	18=dflt 19=vxp2 20=nnpa 21=pcimio 22=sie"

# arch/riscv/include/uapi/asm/hwcap.h: bit N is the letter 'a' + N.
RISCV_1="0=a 1=b 2=c 3=d 4=e 5=f 6=g 7=h 8=i 9=j 10=k 11=l 12=m 13=n 14=o
	15=p 16=q 17=r 18=s 19=t 20=u 21=v 22=w 23=x 24=y 25=z"

# arch/loongarch/include/uapi/asm/hwcap.h, kernel/proc.c Features.
LOONGARCH_1="0=cpucfg 1=lam 2=ual 3=fpu 4=lsx 5=lasx 6=crc32 7=complex
	8=crypto 9=lvz 10=lbt_x86 11=lbt_arm 12=lbt_mips 13=ptw 14=lspw 15=scq
	16=lam_bh"

# arch/mips/include/uapi/asm/hwcap.h, kernel/proc.c (r6, crc32 and
# loongson-cpucfg: no name of their own there).
MIPS_1="0=r6 1=msa 2=crc32 3=mips16 4=mdmx 5=mips3d 6=smartmips 7=dsp
	8=dsp2 9=dsp3 10=mips16e2 11=loongson-mmi 12=loongson-ext
	13=loongson-ext2 14=loongson-cpucfg"

# arch/sparc/include/asm/elf_64.h, kernel/setup_64.c hwcaps[] (26 is
# HWCAP_SPARC_CRYPTO, NULL there).
SPARC_1="0=flush 1=stbar 2=swap 3=muldiv 4=v9 5=ultra3 6=blkinit 7=n2
	8=mul32 9=div32 10=fsmuld 11=v8plus 12=popc 13=vis 14=vis2
	15=ASIBlkInit 16=fmaf 17=vis3 18=hpc 19=random 20=trans 21=fjfmau
	22=ima 23=cspare 24=pause 25=cbcond 26=crypto 27=adp"

# arch/sh/include/uapi/asm/cpu-features.h, kernel/cpu/proc.c cpu_flags[]
# (10 is CPU_HAS_CAS_L, past its names).
SH_1="0=fpu 1=p2flush 2=mmuassoc 3=dsp 4=perfctr 5=ptea 6=llsc 7=l2 8=op32
	9=pteaex 10=cas_l"

# all_ones ARCH WS ORDER W1 W2 W3 W4
#
# Decodes with --arch ARCH --json two vectors of AT_PAGESZ and
# AT_HWCAP..AT_HWCAP4: every bit of each word set, then every other bit Wn
# names and the lowest it leaves out (a name shown for a clear bit fails).
# Each word's `flags` must be the names Wn (bit=name, ascending) gives its
# set bits, `unknown_bits` the set bits Wn leaves out.
all_ones() {
	python3 - "$AUXV" "$BATS_TEST_TMPDIR/v" "$@" <<'EOF'
import json, subprocess, sys
from mkfixture import Elf

auxv, path, arch, ws, order = sys.argv[1:6]
ws, endian = int(ws), "little" if order == "<" else "big"
words = []
for spec in sys.argv[6:10]:
    pairs = [(int(b), n) for b, n in (p.split("=", 1) for p in spec.split())]
    assert [b for b, _ in pairs] == sorted({b for b, _ in pairs}), spec
    words.append(dict(pairs))
types = (16, 26, 29, 30)
ones = (1 << 8 * ws) - 1


def sparse(word):
    named = sorted(b for b in word if b < 8 * ws)
    free = [b for b in range(8 * ws) if b not in word]
    return sum(1 << b for b in named[::2] + free[:1])


bad = 0
for masks in ([ones] * 4, [sparse(w) for w in words]):
    with open(path, "wb") as f:
        f.write(Elf(ws, endian).vector([(6, 4096)] + list(zip(types, masks))))
    doc = json.loads(subprocess.run(
        [auxv, "-f", path, "--arch", arch, "--word-size", str(ws),
         "--endian", endian, "--json"],
        check=True, capture_output=True, text=True).stdout)
    if doc["arch"] != arch:
        print("arch:", doc["arch"], "want", arch)
        bad = 1
    for i, (atype, word, mask) in enumerate(zip(types, words, masks)):
        name = "AT_HWCAP%s" % (i + 1 if i else "")
        want = [word[b] for b in sorted(word) if mask >> b & 1]
        unknown = mask & ~sum(1 << b for b in word)
        ents = [e for e in doc["entries"] if e["type"] == atype]
        if len(ents) != 1 or ents[0]["name"] != name:
            print(name, "entry:", ents)
            bad = 1
            continue
        e = ents[0]
        if e["value"] != mask or e["flags"] != want or \
                e["unknown_bits"] != unknown:
            print("%s %#x: flags %s" % (name, mask, e["flags"]))
            print("%s %#x: want  %s" % (name, mask, want))
            print("%s: unknown_bits %#x, want %#x" %
                  (name, e["unknown_bits"], unknown))
            bad = 1
sys.exit(bad)
EOF
}

# bats test_tags=full
@test "x86_64, i386, x32: every bit of every HWCAP word" {
	all_ones x86_64 8 '<' "$X86_1" "$X86_2" "" ""
	all_ones i386 4 '<' "$X86_1" "$X86_2" "" ""
	all_ones x32 4 '<' "$X86_1" "$X86_2" "" ""
}

@test "aarch64: HWCAP, HWCAP2, HWCAP3 all ones name every bit Linux 7.3 names" {
	all_ones aarch64 8 '<' "$AARCH64_1" "$AARCH64_2" "$AARCH64_3" ""
}

@test "aarch64_be: every bit of every HWCAP word" {
	all_ones aarch64_be 8 '>' "$AARCH64_1" "$AARCH64_2" "$AARCH64_3" ""
}

@test "arm: every bit of every HWCAP word, both byte orders" {
	all_ones arm 4 '<' "$ARM_1" "$ARM_2" "" ""
	all_ones arm 4 '>' "$ARM_1" "$ARM_2" "" ""
}

@test "ppc64, ppc64le, ppc: every bit of every HWCAP word" {
	all_ones ppc64 8 '>' "$PPC_1" "$PPC_2" "" ""
	all_ones ppc64le 8 '<' "$PPC_1" "$PPC_2" "" ""
	all_ones ppc 4 '>' "$PPC_1" "$PPC_2" "" ""
}

# bats test_tags=full
@test "s390x, s390: every bit of every HWCAP word" {
	all_ones s390x 8 '>' "$S390_1" "" "" ""
	all_ones s390 4 '>' "$S390_1" "" "" ""
}

@test "riscv64, riscv32: every bit of every HWCAP word" {
	all_ones riscv64 8 '<' "$RISCV_1" "" "" ""
	all_ones riscv32 4 '<' "$RISCV_1" "" "" ""
}

@test "loongarch64: HWCAP all ones names every bit Linux 7.3 names" {
	all_ones loongarch64 8 '<' "$LOONGARCH_1" "" "" ""
}

@test "mips64, mips: every bit of every HWCAP word" {
	all_ones mips64 8 '<' "$MIPS_1" "" "" ""
	all_ones mips 4 '>' "$MIPS_1" "" "" ""
}

@test "sparc64, sparc: every bit of every HWCAP word" {
	all_ones sparc64 8 '>' "$SPARC_1" "" "" ""
	all_ones sparc 4 '>' "$SPARC_1" "" "" ""
}

@test "sh: every bit of every HWCAP word" {
	all_ones sh 4 '<' "$SH_1" "" "" ""
}

@test "m68k: no HWCAP tables, every set bit unknown" {
	all_ones m68k 4 '>' "" "" "" ""
}

@test "a set bit newer than the tables stays unknown:0x... in human output" {
	local f="$BATS_TEST_TMPDIR/new.auxv"

	mkraw "$f" 8 '<' $AT_HWCAP3 0x1001 $AT_HWCAP4 0x1
	run -0 --separate-stderr "$AUXV" -f "$f" --arch aarch64 \
	    --word-size 8 --endian little
	[ "${lines[0]}" = "AT_HWCAP3:            0x1001  mtefar unknown:0x1000" ]
	[ "${lines[1]}" = "AT_HWCAP4:            0x1  unknown:0x1" ]
}

@test "the generated files name the kernel that made them" {
	local f

	for f in at.def hwcap.h hwcap.c; do
		grep -q 'Generated by src/gentables.py from Linux 7\.3\.4: do not edit by' \
		    "$TESTS_DIR/../src/$f"
	done
}

# The words a completion offers after "auxv WORD ", from src/auxv.bash.
complete_after() {
	bash -c 'source "$1"; COMP_WORDS=(auxv "$2" ""); COMP_CWORD=2
		_auxv; printf "%s\n" "${COMPREPLY[@]}"' _ \
	    "$TESTS_DIR/../src/auxv.bash" "$1"
}

@test "completion: -k offers every AT_ name of at.def but AT_NULL, each a key auxv takes" {
	local f="$BATS_TEST_TMPDIR/v.auxv" keys want

	keys=$(complete_after -k | sort)
	want=$(sed -n 's/^AT_X( *[0-9]*, *\([A-Z0-9_]*\),.*/AT_\1/p' \
	    "$TESTS_DIR/../src/at.def" | grep -vx AT_NULL | sort)
	[ -n "$want" ]
	if [ "$keys" != "$want" ]; then
		diff <(echo "$want") <(echo "$keys")
		false
	fi
	mkraw "$f" 8 '<' 6 4096
	run -0 --separate-stderr "$AUXV" -f "$f" -k "$(echo $keys | tr ' ' ,)" \
	    --json
	[ "$(complete_after --key | sort)" = "$keys" ]
}

# bats test_tags=full
@test "completion: --arch offers the architectures auxv knows, each accepted" {
	local f="$BATS_TEST_TMPDIR/v.auxv" arches known a

	arches=$(complete_after --arch | sort)
	mkraw "$f" 8 '<' 6 4096
	run -2 --separate-stderr "$AUXV" -f "$f" --arch nosucharch --json
	[ -z "$output" ]
	known=$(printf '%s\n' "$stderr" | sed -n 's/.*nosucharch.*; known: //p' |
	    tr ' ' '\n' | sort)
	for a in x86_64 i386 aarch64 arm ppc64le s390x riscv64 loongarch64 \
	    mips sparc64 sh; do
		grep -qx "$a" <<<"$known"
	done
	if [ "$arches" != "$known" ]; then
		diff <(echo "$known") <(echo "$arches")
		false
	fi
	for a in $arches; do
		run -0 --separate-stderr "$AUXV" -f "$f" --arch "$a" \
		    --word-size 8 --json
		[[ "$output" == *"\"arch\":\"$a\""* ]]
	done
}

# gentables_tree: a copy of gentables.py and the files it reads and
# rewrites in $T/src, and the made-up kernel tree of
# tests/gentables-tree.txt in $T/linux.
gentables_tree() {
	mkdir "$T/src"
	cp "$TESTS_DIR/../src/"{gentables.py,arch.c,auxv.bash,auxv.zsh} \
	    "$TESTS_DIR/../src/"print{,_*}.c "$T/src/"
	python3 - "$TESTS_DIR/gentables-tree.txt" "$T/linux" <<'EOF'
import os, re, sys
for path, body in re.findall(r"^=== (\S+)\n(.*?)(?=^=== |\Z)",
                             open(sys.argv[1]).read(), re.M | re.S):
    os.makedirs(os.path.dirname(os.path.join(sys.argv[2], path)),
                exist_ok=True)
    open(os.path.join(sys.argv[2], path), "w").write(body)
EOF
}

# A kernel-like tree, tests/gentables-tree.txt, of a few made-up bits in
# the shapes gentables.py parses: what it writes must name exactly those.
# bats test_tags=full
@test "gentables.py: a small made-up tree gives its names, no others" {
	local T=$BATS_TEST_TMPDIR
	gentables_tree
	run -0 --separate-stderr python3 "$T/src/gentables.py" "$T/linux"
	# One warning per guessed name: the new type and seven bits.
	[ "${#stderr_lines[@]}" -eq 8 ]
	python3 - "$T/src" <<'EOF'
import re, string, sys
d = sys.argv[1]
want = {"HWT_X86": {0: "fpx", 5: "zz"}, "HWT2_X86": {3: "testa"},
        "HWT_AARCH64": {2: "foo64"}, "HWT3_AARCH64": {4: "bar"},
        "HWT_ARM": {0: "swq", 1: "hlf"}, "HWT2_ARM": {0: "aez"},
        "HWT_PPC": {31: "ppc32"}, "HWT2_PPC": {2: "madeup"},
        "HWT_S390": {0: "esan9", 3: "zzz"},
        "HWT_RISCV": dict(enumerate(string.ascii_lowercase)),
        "HWT_LOONGARCH": {0: "cfg", 1: "newx"},
        "HWT_MIPS": {1: "msa9", 12: "loongson-ext"},
        "HWT_SPARC": {0: "flosh", 2: "new"}, "HWT_SH": {0: "fpux", 2: "new"}}
c = open(d + "/hwcap.c").read()
got = {t: {int(b): n for b, n in re.findall(r'\[(\d+)\] = "([^"]*)"', body)}
       for t, body in re.findall(r"\[(HWT\d?_\w+)\] = \{(.*?)\}", c, re.S)}
assert got == want, got
at = open(d + "/at.def").read()
rows = re.findall(r"^AT_X\(\s*(\d+), (\w+),", at, re.M)
assert rows == [("0", "NULL"), ("6", "PAGESZ"), ("77", "TESTNEW")], rows
assert '"A made-up type")' in at
for f in ("at.def", "hwcap.h", "hwcap.c"):
    assert "from Linux 9.8.7: do not" in open(d + "/" + f).read(), f
assert "\n\tlocal keys='AT_PAGESZ AT_TESTNEW'\n" in open(d + "/auxv.bash").read()
assert "\nkeys=(AT_PAGESZ AT_TESTNEW)\n" in open(d + "/auxv.zsh").read()
assert "\nformats=(human od json raw table)\n" in open(d + "/auxv.zsh").read()
assert "\n\tlocal formats='human od json raw table'\n" in open(d + "/auxv.bash").read()
EOF
}

# Each file of the tree that gentables.py reads, removed in turn: status
# 1, a last line naming that file and strerror(ENOENT) (python's), after
# what it had to guess so far, and nothing written (src/ as it was: no
# table half updated).  Without the
# generic auxvec.h the folder is no Linux tree at all.
# bats test_tags=full
@test "gentables.py: a file of the tree missing is named, status 1, nothing written" {
	local T=$BATS_TEST_TMPDIR f enoent
	gentables_tree
	cp -r "$T/src" "$T/orig"
	enoent=$(python3 -c 'import errno, os; print(os.strerror(errno.ENOENT))')
	for f in Makefile arch/x86/include/asm/cpufeatures.h \
	    arch/arm64/kernel/cpuinfo.c arch/sh/kernel/cpu/proc.c; do
		mv "$T/linux/$f" "$T/away"
		run -1 --separate-stderr python3 "$T/src/gentables.py" "$T/linux"
		mv "$T/away" "$T/linux/$f"
		[ -z "$output" ]
		[ "${stderr_lines[-1]}" = "gentables: $T/linux/$f: $enoent" ]
		diff -r "$T/orig" "$T/src"
	done
	rm "$T/linux/include/uapi/linux/auxvec.h"
	run -1 --separate-stderr python3 "$T/src/gentables.py" "$T/linux"
	[ "$stderr" = "gentables: $T/linux: not a Linux source tree" ]
	diff -r "$T/orig" "$T/src"
}
