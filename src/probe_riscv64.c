/*
 * riscv64's probes: AT_HWCAP's single-letter bits
 * (arch/riscv/include/uapi/asm/hwcap.h, COMPAT_HWCAP_ISA_*) that have an
 * instruction user mode may run; stubs in probe_riscv64.S.  V runs only
 * where claimed: a task's first vector instruction makes the kernel
 * keep vector state for it from then on (and a task the kernel denies
 * V, PR_RISCV_V_SET_CONTROL, is not told the bit).  F's and D's
 * encodings (OP-FP) are illegal where the extension is absent; V's
 * vsetvli is not: a CPU with the 0.7.1 draft vector unit (T-Head's
 * XTheadVector, which the kernel never tells as V) runs its own vsetvli
 * there, so V runs only where claimed for that reason too.
 */
#include "probe.h"

/* clang-format off */
#define PROBES(X)                                                              \
	X(rv_d,		0, 3,	PROBE_UNDEF, "fmv.d ft0, ft0")                 \
	X(rv_f,		0, 5,	PROBE_UNDEF, "fmv.s ft0, ft0")                 \
	X(rv_v,		0, 21,	PROBE_NOT_UNDEF | PROBE_IF_CLAIMED,            \
	    "vsetvli t0, zero, e8, m1, ta, ma")
/* clang-format on */

#include "probe_rows.h"
