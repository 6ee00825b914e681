/*
 * 64-bit powerpc's probes: AT_HWCAP bits
 * (arch/powerpc/include/uapi/asm/cputable.h) that have an instruction
 * user mode may run; stubs in probe_ppc64.S.  The kernel enables the
 * FPU, AltiVec and VSX for a task at its first use of each.  On a
 * 64-bit CPU without AltiVec or VSX their primary opcodes, 4 and 60,
 * are reserved: an illegal instruction (SPE's opcode-4 instructions are
 * of 32-bit e500 cores alone); every 64-bit CPU has the FPU.
 */
#include "probe.h"

/* clang-format off */
#define PROBES(X)                                                              \
	X(ppc_vsx,	0, 7,	PROBE_UNDEF, "xxlor vs0, vs0, vs0")            \
	X(ppc_fpu,	0, 27,	PROBE_UNDEF, "fmr f0, f0")                     \
	X(ppc_altivec,	0, 28,	PROBE_UNDEF, "vor v0, v0, v0")
/* clang-format on */

#include "probe_rows.h"
