/*
 * HWCAP bits that imply others: a row only where no Linux kernel's
 * vector can have the first bit without the second, read in Linux 7.3.4
 * and its history.
 */
#include "hwcap_deps.h"
#include "arch.h"
#include "bounds.h"

#define ARM64_CPUFEATURE "arch/arm64/kernel/cpufeature.c"
#define X86_CPUID_DEPS   "arch/x86/kernel/cpu/cpuid-deps.c"

/* clang-format off */
const struct hwcap_dep hwcap_deps[] = {
	/*
	 * arm64: each pair two thresholds of one field of one ID register
	 * (arch/arm64/tools/sysreg's enums), which arm64_elf_hwcaps[] reads
	 * from the same sanitised value and user mask with feature_matches'
	 * ">=": the higher value has the lower one's bit, in every version
	 * (and the SVE and SME ones the same has_sve_feature or
	 * has_sme_feature besides).  Not rows: bits of other fields or
	 * registers (AES and the other crypto bits of ID_AA64ISAR0 beside
	 * ASIMD of ID_AA64PFR0; SVE2 of ID_AA64ZFR0 beside SVE of
	 * ID_AA64PFR0, which has_sve_feature ties only since it exists),
	 * which a CPU or a hypervisor's ID registers may give apart; and
	 * EBF16 with BF16, as erratum 2658417's fix cleared BF16's bit
	 * alone (elf_hwcap_fixup) before it masked the field.
	 */
	{ A_ARM64, 0,  4, 0,  3, 0, ARM64_CPUFEATURE }, /* pmull: aes */
	{ A_ARM64, 0, 21, 0,  6, 0, ARM64_CPUFEATURE }, /* sha512: sha2 */
	{ A_ARM64, 1, 47, 0,  8, 0, ARM64_CPUFEATURE }, /* lse128: atomics */
	{ A_ARM64, 0,  9, 0,  0, 0, ARM64_CPUFEATURE }, /* fphp: fp */
	{ A_ARM64, 0, 10, 0,  1, 0, ARM64_CPUFEATURE }, /* asimdhp: asimd */
	{ A_ARM64, 1,  0, 0, 16, 0, ARM64_CPUFEATURE }, /* dcpodp: dcpop */
	{ A_ARM64, 0, 26, 0, 15, 0, ARM64_CPUFEATURE }, /* ilrcpc: lrcpc */
	{ A_ARM64, 1, 46, 0, 26, 0, ARM64_CPUFEATURE }, /* lrcpc3: ilrcpc */
	{ A_ARM64, 1,  7, 0, 27, 0, ARM64_CPUFEATURE }, /* flagm2: flagm */
	{ A_ARM64, 2,  9, 0, 23, 0, ARM64_CPUFEATURE }, /* f16f32dot: asimdfhm */
	{ A_ARM64, 2, 10, 2,  9, 0, ARM64_CPUFEATURE }, /* f16f32mm: f16f32dot */
	{ A_ARM64, 1, 22, 1, 18, 0, ARM64_CPUFEATURE }, /* mte3: mte */
	{ A_ARM64, 0, 33, 1, 34, 0, ARM64_CPUFEATURE }, /* cmpbr: cssc */
	{ A_ARM64, 2, 11, 1, 49, 0, ARM64_CPUFEATURE }, /* sve_lut6: lut */
	{ A_ARM64, 1, 36, 1,  1, 0, ARM64_CPUFEATURE }, /* sve2p1: sve2 */
	{ A_ARM64, 0, 41, 1, 36, 0, ARM64_CPUFEATURE }, /* sve2p2: sve2p1 */
	{ A_ARM64, 2,  5, 0, 41, 0, ARM64_CPUFEATURE }, /* sve2p3: sve2p2 */
	{ A_ARM64, 1,  3, 1,  2, 0, ARM64_CPUFEATURE }, /* svepmull: sveaes */
	{ A_ARM64, 0, 39, 1,  3, 0, ARM64_CPUFEATURE }, /* sve_aes2: svepmull */
	{ A_ARM64, 1, 33, 1, 12, 0, ARM64_CPUFEATURE }, /* sve_ebf16: svebf16 */
	{ A_ARM64, 0, 40, 1, 45, 0, ARM64_CPUFEATURE }, /* sve_bfscale: sve_b16b16 */
	{ A_ARM64, 2,  4, 0, 40, 0, ARM64_CPUFEATURE }, /* sve_b16mm: sve_bfscale */
	{ A_ARM64, 1, 38, 1, 37, 0, ARM64_CPUFEATURE }, /* sme2p1: sme2 */
	{ A_ARM64, 0, 42, 1, 38, 0, ARM64_CPUFEATURE }, /* sme2p2: sme2p1 */
	{ A_ARM64, 2,  7, 0, 42, 0, ARM64_CPUFEATURE }, /* sme2p3: sme2p2 */
	/*
	 * x86-64 (and x32, an x86-64 kernel's): AT_HWCAP is CPUID.1:EDX as
	 * boot_cpu_data holds it.  The kernel does not mend what CPUID
	 * gives (check_cpufeature_deps only warns: "no guarantees"), so a
	 * row holds only where CPUID must give both: an x86-64 kernel boots
	 * only with REQUIRED_MASK0's FPU, FXSR, CMOV, SSE and SSE2
	 * (arch/x86/include/asm/required-features.h, verify_cpu.S), and
	 * clears a bit since only with what cpuid-deps.c makes depend on it
	 * (do_clear_cpu_cap; clearcpuid=, nofxsr), since Linux 4.15, which
	 * added the file: before, clearcpuid=25 cleared SSE alone.  MMX
	 * too: it depends on FXSR, which CPUID gives.  The pairs of
	 * cpuid-deps.c both of whose bits are in CPUID.1:EDX.  i386's
	 * vectors are no row's: a 32-bit kernel runs on a Pentium MMX or
	 * Pro (MMX or CMOV without FXSR).
	 */
	{ A_X86_64 | A_X32, 0, 24, 0,  0, 4015, X86_CPUID_DEPS }, /* fxsr: fpu */
	{ A_X86_64 | A_X32, 0, 15, 0, 24, 4015, X86_CPUID_DEPS }, /* cmov: fxsr */
	{ A_X86_64 | A_X32, 0, 23, 0, 24, 4015, X86_CPUID_DEPS }, /* mmx: fxsr */
	{ A_X86_64 | A_X32, 0, 25, 0, 24, 4015, X86_CPUID_DEPS }, /* sse: fxsr */
	{ A_X86_64 | A_X32, 0, 26, 0, 25, 4015, X86_CPUID_DEPS }, /* sse2: sse */
};
/* clang-format on */

const size_t hwcap_ndeps = NITEMS(hwcap_deps);
