/*
 * riscv64's probe stubs (rows in probe_riscv64.c): each runs one
 * instruction and returns.  The instructions are words (.long), so
 * that no .option arch enables an extension for the rest of the
 * program.  They touch only what a call may clobber: ft0, t0, and vl
 * and vtype (vsetvli; every other vector instruction traps while
 * vtype.vill is set, as it is before the first vsetvli).
 */
#include "probe_stub.h"

	.text

STUB(rv_d)
	.long	0x22000053	/* fmv.d ft0, ft0 */
	ret
END(rv_d)

STUB(rv_f)
	.long	0x20000053	/* fmv.s ft0, ft0 */
	ret
END(rv_f)

STUB(rv_v)
	.long	0x0c0072d7	/* vsetvli t0, zero, e8, m1, ta, ma */
	ret
END(rv_v)

	.section .note.GNU-stack, "", @progbits
