/*
 * s390x's probe stubs (rows in probe_s390x.c): each runs one
 * instruction and returns.  The instructions are words (.long and
 * .short, big-endian as instructions are), so that no .machine enables
 * a facility for the rest of the program.  They touch only v16, which a
 * call may clobber (v8-v15 hold the callee-saved f8-f15).
 */
#include "probe_stub.h"

	.text

/* The vector facility (z13): vgbm %v16, 0. */
STUB(s390_vxrs)
	.long	0xe7000000	/* vzero %v16 */
	.short	0x0844
	br	%r14
END(s390_vxrs)

/* Vector-enhancements facility 1 (z14). */
STUB(s390_vxrs_ext)
	.long	0xe7000000	/* vnx %v16, %v16, %v16 */
	.short	0x0e6c
	br	%r14
END(s390_vxrs_ext)

	.section .note.GNU-stack, "", @progbits
