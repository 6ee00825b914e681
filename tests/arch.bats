#!/usr/bin/env bats
#
# HWCAP bit names per architecture.  Each case writes a raw vector with
# python3 struct, sets every named bit of one AT_HWCAP* word plus one bit
# that has no name, and checks the JSON `flags` and `unknown_bits`.  The
# expected names are written out from the Linux 7.2 tables (and glibc's
# for powerpc), not taken from the program.

bats_require_minimum_version 1.5.0

AT_HWCAP=16
AT_HWCAP2=26

# check_hwcap ARCH WORDSIZE ENDIAN TYPE UNNAMED BIT=NAME...
#
# Writes AT_PAGESZ, TYPE with every BIT and the UNNAMED bit set (UNNAMED
# is "-" for a word whose 64 bits all have names), and AT_NULL.  The
# BIT=NAME pairs are given in ascending bit order; `flags` must be their
# names in that order and `unknown_bits` must be 1 << UNNAMED.
check_hwcap() {
	local arch=$1 ws=$2 endian=$3 type=$4 unnamed=$5
	local f="$BATS_TEST_TMPDIR/$arch.$type.auxv"
	shift 5

	python3 - "$f" "$ws" "$endian" "$type" "$unnamed" "$@" <<'EOF'
import struct
import sys

path, ws, endian, atype, unnamed = sys.argv[1:6]
bits = [int(p.split("=", 1)[0]) for p in sys.argv[6:]]
assert bits == sorted(set(bits)), "test bug: bits not ascending"
mask = 0
for b in bits:
    mask |= 1 << b
if unnamed != "-":
    assert int(unnamed) not in bits, "test bug: unnamed bit is named"
    mask |= 1 << int(unnamed)
assert mask < 1 << (8 * int(ws)), "test bug: bit beyond the word"
word = {"4": "I", "8": "Q"}[ws]
order = {"little": "<", "big": ">"}[endian]
with open(path, "wb") as f:
    for t, v in ((6, 4096), (int(atype), mask), (0, 0)):
        f.write(struct.pack(order + 2 * word, t, v))
EOF

	run -0 --separate-stderr "$AUXV" -f "$f" --arch "$arch" \
	    --word-size "$ws" --endian "$endian" --json

	python3 - "$output" "$arch" "$type" "$unnamed" "$@" <<'EOF'
import json
import sys

doc = json.loads(sys.argv[1])
arch, atype, unnamed = sys.argv[2], int(sys.argv[3]), sys.argv[4]
want = [p.split("=", 1)[1] for p in sys.argv[5:]]
want_unknown = 0 if unnamed == "-" else 1 << int(unnamed)
want_name = {16: "AT_HWCAP", 26: "AT_HWCAP2"}[atype]

ents = [e for e in doc["entries"] if e["type"] == atype]
assert len(ents) == 1, ents
e = ents[0]
ok = (doc["arch"] == arch and e["name"] == want_name and
      e["flags"] == want and e["unknown_bits"] == want_unknown)
if not ok:
    print("arch:", doc["arch"], "want", arch)
    print("name:", e["name"], "want", want_name)
    print("flags:", e["flags"])
    print("want: ", want)
    print("unknown_bits:", e["unknown_bits"], "want", want_unknown)
    sys.exit(1)
EOF
}

# CPUID.1:EDX, names from arch/x86/include/asm/cpufeatures.h word 0.
X86_HWCAP=(0=fpu 1=vme 2=de 3=pse 4=tsc 5=msr 6=pae 7=mce 8=cx8 9=apic
	11=sep 12=mtrr 13=pge 14=mca 15=cmov 16=pat 17=pse36 18=pn
	19=clflush 21=dts 22=acpi 23=mmx 24=fxsr 25=sse 26=sse2 27=ss 28=ht
	29=tm 30=ia64 31=pbe)

@test "x86_64: AT_HWCAP is CPUID.1:EDX" {
	check_hwcap x86_64 8 little $AT_HWCAP 10 "${X86_HWCAP[@]}"
}

@test "x86_64: AT_HWCAP2 from asm/hwcap2.h" {
	check_hwcap x86_64 8 little $AT_HWCAP2 2 0=ring3mwait 1=fsgsbase
}

@test "i386: 32-bit vector, same tables" {
	check_hwcap i386 4 little $AT_HWCAP 20 "${X86_HWCAP[@]}"
	check_hwcap i386 4 little $AT_HWCAP2 31 0=ring3mwait 1=fsgsbase
}

@test "x32: 32-bit vector, same tables" {
	check_hwcap x32 4 little $AT_HWCAP 10 0=fpu 25=sse 26=sse2
	check_hwcap x32 4 little $AT_HWCAP2 5 1=fsgsbase
}

@test "aarch64: AT_HWCAP from arm64 cpuinfo.c" {
	check_hwcap aarch64 8 little $AT_HWCAP 48 \
	    0=fp 1=asimd 2=evtstrm 3=aes 4=pmull 5=sha1 6=sha2 7=crc32 \
	    8=atomics 9=fphp 10=asimdhp 11=cpuid 12=asimdrdm 13=jscvt \
	    14=fcma 15=lrcpc 16=dcpop 17=sha3 18=sm3 19=sm4 20=asimddp \
	    21=sha512 22=sve 23=asimdfhm 24=dit 25=uscat 26=ilrcpc \
	    27=flagm 28=ssbs 29=sb 30=paca 31=pacg 32=gcs 33=cmpbr \
	    34=fprcvt 35=f8mm8 36=f8mm4 37=svef16mm 38=sveeltperm \
	    39=sveaes2 40=svebfscale 41=sve2p2 42=sme2p2 43=smesbitperm \
	    44=smeaes 45=smesfexpa 46=smestmop 47=smesmop4
}

@test "aarch64: AT_HWCAP2 uses all 64 bits" {
	check_hwcap aarch64 8 little $AT_HWCAP2 - \
	    0=dcpodp 1=sve2 2=sveaes 3=svepmull 4=svebitperm 5=svesha3 \
	    6=svesm4 7=flagm2 8=frint 9=svei8mm 10=svef32mm 11=svef64mm \
	    12=svebf16 13=i8mm 14=bf16 15=dgh 16=rng 17=bti 18=mte 19=ecv \
	    20=afp 21=rpres 22=mte3 23=sme 24=smei16i64 25=smef64f64 \
	    26=smei8i32 27=smef16f32 28=smeb16f32 29=smef32f32 30=smefa64 \
	    31=wfxt 32=ebf16 33=sveebf16 34=cssc 35=rprfm 36=sve2p1 \
	    37=sme2 38=sme2p1 39=smei16i32 40=smebi32i32 41=smeb16b16 \
	    42=smef16f16 43=mops 44=hbc 45=sveb16b16 46=lrcpc3 47=lse128 \
	    48=fpmr 49=lut 50=faminmax 51=f8cvt 52=f8fma 53=f8dp4 \
	    54=f8dp2 55=f8e4m3 56=f8e5m2 57=smelutv2 58=smef8f16 \
	    59=smef8f32 60=smesf8fma 61=smesf8dp4 62=smesf8dp2 63=poe
}

@test "aarch64_be: big-endian vector" {
	check_hwcap aarch64_be 8 big $AT_HWCAP 63 0=fp 1=asimd 31=pacg
	check_hwcap aarch64_be 8 big $AT_HWCAP2 - 0=dcpodp 63=poe
}

@test "arm: 32-bit AT_HWCAP from arm setup.c" {
	check_hwcap arm 4 little $AT_HWCAP 28 \
	    0=swp 1=half 2=thumb 3=26bit 4=fastmult 5=fpa 6=vfp 7=edsp \
	    8=java 9=iwmmxt 10=crunch 11=thumbee 12=neon 13=vfpv3 \
	    14=vfpv3d16 15=tls 16=vfpv4 17=idiva 18=idivt 19=vfpd32 \
	    20=lpae 21=evtstrm 22=fphp 23=asimdhp 24=asimddp 25=asimdfhm \
	    26=asimdbf16 27=i8mm
}

@test "arm: 32-bit AT_HWCAP2, big-endian too" {
	check_hwcap arm 4 little $AT_HWCAP2 7 \
	    0=aes 1=pmull 2=sha1 3=sha2 4=crc32 5=sb 6=ssbs
	check_hwcap arm 4 big $AT_HWCAP2 31 0=aes 6=ssbs
}

@test "ppc64: big-endian AT_HWCAP, glibc names" {
	check_hwcap ppc64 8 big $AT_HWCAP 2 \
	    0=ppcle 1=true_le 6=archpmu 7=vsx 8=arch_2_06 9=power6x 10=dfp \
	    11=pa6t 12=arch_2_05 13=ic_snoop 14=smt 15=booke 16=cellbe \
	    17=power5+ 18=power5 19=power4 20=notb 21=efpdouble \
	    22=efpsingle 23=spe 24=ucache 25=4xxmac 26=mmu 27=fpu \
	    28=altivec 29=ppc601 30=ppc64 31=ppc32
}

@test "ppc64: big-endian AT_HWCAP2, glibc names" {
	check_hwcap ppc64 8 big $AT_HWCAP2 0 \
	    17=mma 18=arch_3_1 19=htm-no-suspend 20=scv 21=darn 22=ieee128 \
	    23=arch_3_00 24=htm-nosc 25=vcrypto 26=tar 27=isel 28=ebb \
	    29=dscr 30=htm 31=arch_2_07
}

@test "ppc64le and ppc: same tables" {
	check_hwcap ppc64le 8 little $AT_HWCAP 40 \
	    0=ppcle 1=true_le 7=vsx 28=altivec 30=ppc64
	check_hwcap ppc64le 8 little $AT_HWCAP2 16 18=arch_3_1 31=arch_2_07
	check_hwcap ppc 4 big $AT_HWCAP 5 27=fpu 28=altivec 31=ppc32
	check_hwcap ppc 4 big $AT_HWCAP2 1 27=isel
}

@test "s390x: big-endian AT_HWCAP from processor.c" {
	check_hwcap s390x 8 big $AT_HWCAP 23 \
	    0=esan3 1=zarch 2=stfle 3=msa 4=ldisp 5=eimm 6=dfp 7=edat \
	    8=etf3eh 9=highgprs 10=te 11=vx 12=vxd 13=vxe 14=gs 15=vxe2 \
	    16=vxp 17=sort 18=dflt 19=vxp2 20=nnpa 21=pcimio 22=sie
}

@test "s390: 32-bit big-endian" {
	check_hwcap s390 4 big $AT_HWCAP 30 0=esan3 7=edat 9=highgprs
}

@test "riscv64: one bit per ISA letter" {
	check_hwcap riscv64 8 little $AT_HWCAP 26 \
	    0=a 1=b 2=c 3=d 4=e 5=f 6=g 7=h 8=i 9=j 10=k 11=l 12=m 13=n \
	    14=o 15=p 16=q 17=r 18=s 19=t 20=u 21=v 22=w 23=x 24=y 25=z
}

@test "riscv32: rv32imafdc" {
	check_hwcap riscv32 4 little $AT_HWCAP 31 \
	    0=a 2=c 3=d 5=f 8=i 12=m
}

@test "loongarch64: AT_HWCAP from loongarch proc.c" {
	check_hwcap loongarch64 8 little $AT_HWCAP 17 \
	    0=cpucfg 1=lam 2=ual 3=fpu 4=lsx 5=lasx 6=crc32 7=complex \
	    8=crypto 9=lvz 10=lbt_x86 11=lbt_arm 12=lbt_mips 13=ptw 14=lspw \
	    15=scq 16=lam_bh
}

@test "mips64: AT_HWCAP from mips hwcap.h and proc.c" {
	check_hwcap mips64 8 little $AT_HWCAP 15 \
	    0=r6 1=msa 2=crc32 3=mips16 4=mdmx 5=mips3d 6=smartmips 7=dsp \
	    8=dsp2 9=dsp3 10=mips16e2 11=loongson-mmi 12=loongson-ext \
	    13=loongson-ext2 14=loongson-cpucfg
}

@test "mips: 32-bit big-endian" {
	check_hwcap mips 4 big $AT_HWCAP 20 1=msa 7=dsp 8=dsp2
}

@test "sparc64: AT_HWCAP from sparc setup_64.c" {
	check_hwcap sparc64 8 big $AT_HWCAP 28 \
	    0=flush 1=stbar 2=swap 3=muldiv 4=v9 5=ultra3 6=blkinit 7=n2 \
	    8=mul32 9=div32 10=fsmuld 11=v8plus 12=popc 13=vis 14=vis2 \
	    15=ASIBlkInit 16=fmaf 17=vis3 18=hpc 19=random 20=trans \
	    21=fjfmau 22=ima 23=cspare 24=pause 25=cbcond 26=crypto 27=adp
}

@test "sparc: 32-bit big-endian" {
	check_hwcap sparc 4 big $AT_HWCAP 29 \
	    0=flush 1=stbar 2=swap 3=muldiv 11=v8plus
}

@test "sh: AT_HWCAP from sh cpu/proc.c" {
	check_hwcap sh 4 little $AT_HWCAP 11 \
	    0=fpu 1=p2flush 2=mmuassoc 3=dsp 4=perfctr 5=ptea 6=llsc 7=l2 \
	    8=op32 9=pteaex 10=cas_l
}

@test "--arch nosucharch: usage error listing the known names" {
	local f="$BATS_TEST_TMPDIR/v.auxv"

	python3 -c 'import struct, sys
open(sys.argv[1], "wb").write(struct.pack("<4Q", 6, 4096, 0, 0))' "$f"
	run -2 --separate-stderr "$AUXV" -f "$f" --arch nosucharch --json
	[ -z "$output" ]
	[[ "$stderr" == *nosucharch* ]]
	for name in x86_64 i386 aarch64 arm ppc64le s390x riscv64 \
	    loongarch64 mips sparc64 sh; do
		[[ "$stderr" == *"$name"* ]]
	done
}
