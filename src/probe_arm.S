/*
 * 32-bit arm's probe stubs (rows in probe_arm.c): each runs one
 * instruction and returns.  The instructions are words (.inst), so that
 * no assembler flag enables an extension for the rest of the program.
 * IDIVA's sdiv runs in ARM state, IDIVT's in Thumb state: each bit is
 * one state's.  They touch only registers a call may clobber (r0, r1,
 * d0-d5).
 */
	.syntax unified

#include "probe_stub.h"

	.text
	.arm

STUB(arm_vfp)
	.inst	0xee300a00	/* vadd.f32 s0, s0, s0 */
	bx	lr
END(arm_vfp)

STUB(arm_neon)
	.inst	0xf2000800	/* vadd.i8 d0, d0, d0 */
	bx	lr
END(arm_neon)

STUB(arm_vfpv4)
	.inst	0xeea00a00	/* vfma.f32 s0, s0, s0 */
	bx	lr
END(arm_vfpv4)

STUB(arm_idiva)
	mov	r0, #0
	mov	r1, #1
	.inst	0xe710f110	/* sdiv r0, r0, r1 */
	bx	lr
END(arm_idiva)

STUB(arm_aes)
	.inst	0xf3b00302	/* aese.8 q0, q1 */
	bx	lr
END(arm_aes)

STUB(arm_pmull)
	.inst	0xf2a00e01	/* vmull.p64 q0, d0, d1 */
	bx	lr
END(arm_pmull)

STUB(arm_sha1)
	.inst	0xf3b902c2	/* sha1h.32 q0, q1 */
	bx	lr
END(arm_sha1)

STUB(arm_sha2)
	.inst	0xf3020c44	/* sha256h.32 q0, q1, q2 */
	bx	lr
END(arm_sha2)

STUB(arm_crc32)
	.inst	0xe1000041	/* crc32b r0, r0, r1 */
	bx	lr
END(arm_crc32)

/*
 * On a CPU without Thumb-2 (ARMv6) the first halfword of Thumb's sdiv,
 * 0xfb90, is a BL suffix: a branch to LR + 0x720.  It runs only where
 * IDIVT is claimed (probe_arm.c), and a vector that claims it there
 * finds LR set so that the branch lands on an undefined instruction
 * (SIGILL, as the CPU lacks the division), not in auxv's code.  Thumb-1
 * instructions alone before it.
 */
	.thumb
	.thumb_func
STUB(arm_idivt)
	mov	ip, lr
	adr	r2, 1f
	movs	r3, #0x72
	lsls	r3, r3, #4	/* 0x720 */
	subs	r2, r2, r3
	mov	lr, r2
	movs	r0, #0
	movs	r1, #1
	.inst.w	0xfb90f0f1	/* sdiv r0, r0, r1 */
	bx	ip
	.p2align 2
1:	.short	0xde00		/* udf #0: where Thumb-1 branches */
END(arm_idivt)

	.section .note.GNU-stack, "", %progbits
