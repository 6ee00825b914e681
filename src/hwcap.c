/*
 * HWCAP bit names, spelled as /proc/cpuinfo spells them (powerpc, whose
 * kernel prints none, as glibc does).  Each table is keyed by bit number.
 */
#include "hwcap.h"

/*
 * A name of HWCAP_NAME_LEN characters would fill its slot with no room
 * for the NUL, which C allows silently; gcc's -Wc++-compat reports it.
 */
#pragma GCC diagnostic push
#pragma GCC diagnostic error "-Wc++-compat"

/*
 * HWT_NONE is left all empty: an architecture without names for a word
 * shows its set bits as unknown, with no special case.
 */
const char hwcap_names[HWT_COUNT][HWCAP_BITS][HWCAP_NAME_LEN] = {
	/*
	 * x86 AT_HWCAP is CPUID leaf 1 EDX.  Names: Linux 6.12
	 * arch/x86/include/asm/cpufeatures.h, word 0 (the quoted /proc/cpuinfo
	 * names).
	 */
	[HWT_X86] = {
		[0] = "fpu",
		[1] = "vme",
		[2] = "de",
		[3] = "pse",
		[4] = "tsc",
		[5] = "msr",
		[6] = "pae",
		[7] = "mce",
		[8] = "cx8",
		[9] = "apic",
		[11] = "sep",
		[12] = "mtrr",
		[13] = "pge",
		[14] = "mca",
		[15] = "cmov",
		[16] = "pat",
		[17] = "pse36",
		[18] = "pn",
		[19] = "clflush",
		[21] = "dts",
		[22] = "acpi",
		[23] = "mmx",
		[24] = "fxsr",
		[25] = "sse",
		[26] = "sse2",
		[27] = "ss",
		[28] = "ht",
		[29] = "tm",
		[30] = "ia64",
		[31] = "pbe",
	},

	/* x86 AT_HWCAP2: Linux 6.12 arch/x86/include/uapi/asm/hwcap2.h. */
	[HWT2_X86] = {
		[0] = "ring3mwait",
		[1] = "fsgsbase",
	},

	/*
	 * aarch64: Linux 6.12 arch/arm64/include/uapi/asm/hwcap.h for the bits,
	 * arch/arm64/kernel/cpuinfo.c hwcap_str[] for the names.  That table is
	 * keyed by KERNEL_HWCAP_*, which arch/arm64/include/asm/hwcap.h maps to
	 * the AT_HWCAP bit (0-63) or to 64 + the AT_HWCAP2 bit.  6.12 defines no
	 * AT_HWCAP3 bits.
	 */
	[HWT_AARCH64] = {
		[0] = "fp",
		[1] = "asimd",
		[2] = "evtstrm",
		[3] = "aes",
		[4] = "pmull",
		[5] = "sha1",
		[6] = "sha2",
		[7] = "crc32",
		[8] = "atomics",
		[9] = "fphp",
		[10] = "asimdhp",
		[11] = "cpuid",
		[12] = "asimdrdm",
		[13] = "jscvt",
		[14] = "fcma",
		[15] = "lrcpc",
		[16] = "dcpop",
		[17] = "sha3",
		[18] = "sm3",
		[19] = "sm4",
		[20] = "asimddp",
		[21] = "sha512",
		[22] = "sve",
		[23] = "asimdfhm",
		[24] = "dit",
		[25] = "uscat",
		[26] = "ilrcpc",
		[27] = "flagm",
		[28] = "ssbs",
		[29] = "sb",
		[30] = "paca",
		[31] = "pacg",
	},

	/* aarch64 AT_HWCAP2: the same files (KERNEL_HWCAP_* 64-127). */
	[HWT2_AARCH64] = {
		[0] = "dcpodp",
		[1] = "sve2",
		[2] = "sveaes",
		[3] = "svepmull",
		[4] = "svebitperm",
		[5] = "svesha3",
		[6] = "svesm4",
		[7] = "flagm2",
		[8] = "frint",
		[9] = "svei8mm",
		[10] = "svef32mm",
		[11] = "svef64mm",
		[12] = "svebf16",
		[13] = "i8mm",
		[14] = "bf16",
		[15] = "dgh",
		[16] = "rng",
		[17] = "bti",
		[18] = "mte",
		[19] = "ecv",
		[20] = "afp",
		[21] = "rpres",
		[22] = "mte3",
		[23] = "sme",
		[24] = "smei16i64",
		[25] = "smef64f64",
		[26] = "smei8i32",
		[27] = "smef16f32",
		[28] = "smeb16f32",
		[29] = "smef32f32",
		[30] = "smefa64",
		[31] = "wfxt",
		[32] = "ebf16",
		[33] = "sveebf16",
		[34] = "cssc",
		[35] = "rprfm",
		[36] = "sve2p1",
		[37] = "sme2",
		[38] = "sme2p1",
		[39] = "smei16i32",
		[40] = "smebi32i32",
		[41] = "smeb16b16",
		[42] = "smef16f16",
		[43] = "mops",
		[44] = "hbc",
		[45] = "sveb16b16",
		[46] = "lrcpc3",
		[47] = "lse128",
		[48] = "fpmr",
		[49] = "lut",
		[50] = "faminmax",
		[51] = "f8cvt",
		[52] = "f8fma",
		[53] = "f8dp4",
		[54] = "f8dp2",
		[55] = "f8e4m3",
		[56] = "f8e5m2",
		[57] = "smelutv2",
		[58] = "smef8f16",
		[59] = "smef8f32",
		[60] = "smesf8fma",
		[61] = "smesf8dp4",
		[62] = "smesf8dp2",
		[63] = "poe",
	},

	/*
	 * 32-bit arm: Linux 6.12 arch/arm/include/uapi/asm/hwcap.h for the bits,
	 * arch/arm/kernel/setup.c hwcap_str[] for the names.  The arm64 kernel
	 * gives compat tasks the same bits (arch/arm64/include/asm/hwcap.h).
	 */
	[HWT_ARM] = {
		[0] = "swp",
		[1] = "half",
		[2] = "thumb",
		[3] = "26bit",
		[4] = "fastmult",
		[5] = "fpa",
		[6] = "vfp",
		[7] = "edsp",
		[8] = "java",
		[9] = "iwmmxt",
		[10] = "crunch",
		[11] = "thumbee",
		[12] = "neon",
		[13] = "vfpv3",
		[14] = "vfpv3d16",
		[15] = "tls",
		[16] = "vfpv4",
		[17] = "idiva",
		[18] = "idivt",
		[19] = "vfpd32",
		[20] = "lpae",
		[21] = "evtstrm",
		[22] = "fphp",
		[23] = "asimdhp",
		[24] = "asimddp",
		[25] = "asimdfhm",
		[26] = "asimdbf16",
		[27] = "i8mm",
	},

	/* 32-bit arm AT_HWCAP2: the same files, hwcap2_str[]. */
	[HWT2_ARM] = {
		[0] = "aes",
		[1] = "pmull",
		[2] = "sha1",
		[3] = "sha2",
		[4] = "crc32",
		[5] = "sb",
		[6] = "ssbs",
	},

	/*
	 * powerpc: bits from Linux 6.12 arch/powerpc/include/uapi/asm/cputable.h
	 * (PPC_FEATURE_*).  The kernel prints no names for them, so these are
	 * glibc's (sysdeps/powerpc/dl-procinfo.c _dl_powerpc_cap_flags), which
	 * LD_SHOW_AUXV and __builtin_cpu_supports use.
	 */
	[HWT_PPC] = {
		[0] = "ppcle",
		[1] = "true_le",
		[6] = "archpmu",
		[7] = "vsx",
		[8] = "arch_2_06",
		[9] = "power6x",
		[10] = "dfp",
		[11] = "pa6t",
		[12] = "arch_2_05",
		[13] = "ic_snoop",
		[14] = "smt",
		[15] = "booke",
		[16] = "cellbe",
		[17] = "power5+",
		[18] = "power5",
		[19] = "power4",
		[20] = "notb",
		[21] = "efpdouble",
		[22] = "efpsingle",
		[23] = "spe",
		[24] = "ucache",
		[25] = "4xxmac",
		[26] = "mmu",
		[27] = "fpu",
		[28] = "altivec",
		[29] = "ppc601",
		[30] = "ppc64",
		[31] = "ppc32",
	},

	/* powerpc AT_HWCAP2: the same files, PPC_FEATURE2_*. */
	[HWT2_PPC] = {
		[17] = "mma",
		[18] = "arch_3_1",
		[19] = "htm-no-suspend",
		[20] = "scv",
		[21] = "darn",
		[22] = "ieee128",
		[23] = "arch_3_00",
		[24] = "htm-nosc",
		[25] = "vcrypto",
		[26] = "tar",
		[27] = "isel",
		[28] = "ebb",
		[29] = "dscr",
		[30] = "htm",
		[31] = "arch_2_07",
	},

	/*
	 * s390: Linux 6.12 arch/s390/include/asm/elf.h HWCAP_NR_* for the bits,
	 * arch/s390/kernel/processor.c hwcap_str[] for the names.
	 */
	[HWT_S390] = {
		[0] = "esan3",
		[1] = "zarch",
		[2] = "stfle",
		[3] = "msa",
		[4] = "ldisp",
		[5] = "eimm",
		[6] = "dfp",
		[7] = "edat",
		[8] = "etf3eh",
		[9] = "highgprs",
		[10] = "te",
		[11] = "vx",
		[12] = "vxd",
		[13] = "vxe",
		[14] = "gs",
		[15] = "vxe2",
		[16] = "vxp",
		[17] = "sort",
		[18] = "dflt",
		[19] = "vxp2",
		[20] = "nnpa",
		[21] = "pcimio",
		[22] = "sie",
	},

	/*
	 * riscv: bit N is the single-letter ISA extension 'a' + N, the convention
	 * of Linux 6.12 arch/riscv/include/uapi/asm/hwcap.h (COMPAT_HWCAP_ISA_*).
	 * 6.12 sets only i, m, a, f, d, c and v (arch/riscv/kernel/cpufeature.c
	 * isa2hwcap[]); the other letters are named by the same convention.
	 */
	[HWT_RISCV] = {
		[0] = "a",
		[1] = "b",
		[2] = "c",
		[3] = "d",
		[4] = "e",
		[5] = "f",
		[6] = "g",
		[7] = "h",
		[8] = "i",
		[9] = "j",
		[10] = "k",
		[11] = "l",
		[12] = "m",
		[13] = "n",
		[14] = "o",
		[15] = "p",
		[16] = "q",
		[17] = "r",
		[18] = "s",
		[19] = "t",
		[20] = "u",
		[21] = "v",
		[22] = "w",
		[23] = "x",
		[24] = "y",
		[25] = "z",
	},

	/*
	 * loongarch: Linux 6.12 arch/loongarch/include/uapi/asm/hwcap.h for the
	 * bits, the Features line of arch/loongarch/kernel/proc.c for the names.
	 */
	[HWT_LOONGARCH] = {
		[0] = "cpucfg",
		[1] = "lam",
		[2] = "ual",
		[3] = "fpu",
		[4] = "lsx",
		[5] = "lasx",
		[6] = "crc32",
		[7] = "complex",
		[8] = "crypto",
		[9] = "lvz",
		[10] = "lbt_x86",
		[11] = "lbt_arm",
		[12] = "lbt_mips",
		[13] = "ptw",
		[14] = "lspw",
	},

	/*
	 * mips: Linux 6.12 arch/mips/include/uapi/asm/hwcap.h for the bits,
	 * arch/mips/kernel/proc.c for the names.  proc.c prints no name of its own
	 * for R6 (only mips32r6/mips64r6), CRC32 or LOONGSON_CPUCFG, so those are
	 * the lower-case macro suffixes, the last with the loongson- prefix that
	 * proc.c gives its siblings.
	 */
	[HWT_MIPS] = {
		[0] = "r6",
		[1] = "msa",
		[2] = "crc32",
		[3] = "mips16",
		[4] = "mdmx",
		[5] = "mips3d",
		[6] = "smartmips",
		[7] = "dsp",
		[8] = "dsp2",
		[9] = "dsp3",
		[10] = "mips16e2",
		[11] = "loongson-mmi",
		[12] = "loongson-ext",
		[13] = "loongson-ext2",
		[14] = "loongson-cpucfg",
	},

	/*
	 * sparc: Linux 6.12 arch/sparc/include/asm/elf_64.h HWCAP_SPARC_* and
	 * AV_SPARC_* for the bits, arch/sparc/kernel/setup_64.c hwcaps[] (indexed
	 * by bit, as cpucap_info prints them) for the names.  Bit 26 is
	 * HWCAP_SPARC_CRYPTO: hwcaps[] leaves it NULL because cpucap_info lists
	 * the crypto units from %asr26 instead, which are not in the vector; the
	 * name is the one elf_64.h gives it.  32-bit tasks on sparc64 get the same
	 * mask, and the 32-bit kernel's bits 0-5 (asm/elf_32.h) agree.
	 */
	[HWT_SPARC] = {
		[0] = "flush",
		[1] = "stbar",
		[2] = "swap",
		[3] = "muldiv",
		[4] = "v9",
		[5] = "ultra3",
		[6] = "blkinit",
		[7] = "n2",
		[8] = "mul32",
		[9] = "div32",
		[10] = "fsmuld",
		[11] = "v8plus",
		[12] = "popc",
		[13] = "vis",
		[14] = "vis2",
		[15] = "ASIBlkInit",
		[16] = "fmaf",
		[17] = "vis3",
		[18] = "hpc",
		[19] = "random",
		[20] = "trans",
		[21] = "fjfmau",
		[22] = "ima",
		[23] = "cspare",
		[24] = "pause",
		[25] = "cbcond",
		[26] = "crypto",
		[27] = "adp",
	},

	/*
	 * sh: Linux 6.12 arch/sh/include/uapi/asm/cpu-features.h CPU_HAS_* for the
	 * bits, arch/sh/kernel/cpu/proc.c cpu_flags[] for the names (its entry
	 * i + 1 names bit i).  cpu_flags[] has no name for CPU_HAS_CAS_L (bit 10),
	 * so that one is the lower-case macro suffix.
	 */
	[HWT_SH] = {
		[0] = "fpu",
		[1] = "p2flush",
		[2] = "mmuassoc",
		[3] = "dsp",
		[4] = "perfctr",
		[5] = "ptea",
		[6] = "llsc",
		[7] = "l2",
		[8] = "op32",
		[9] = "pteaex",
		[10] = "cas_l",
	},
};

#pragma GCC diagnostic pop
