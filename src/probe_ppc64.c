/*
 * 64-bit powerpc's probes: AT_HWCAP bits
 * (arch/powerpc/include/uapi/asm/cputable.h) that have an instruction
 * user mode may run; stubs in probe_ppc64.S.  The kernel enables the
 * FPU, AltiVec and VSX for a task at its first use of each.
 */
#include "probe.h"

/* clang-format off */
#define PROBES(X)                                                              \
	X(ppc_vsx,	0, 7,	0, "xxlor vs0, vs0, vs0")                      \
	X(ppc_fpu,	0, 27,	0, "fmr f0, f0")                               \
	X(ppc_altivec,	0, 28,	0, "vor v0, v0, v0")
/* clang-format on */

#include "probe_rows.h"
