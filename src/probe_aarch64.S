/*
 * arm64's probe stubs (rows in probe_aarch64.c): each runs one
 * instruction and returns.  The instructions are words (.inst), so that
 * no assembler flag enables an extension for the rest of the program;
 * each entry is a BTI landing pad (bti c: a NOP where BTI is not on).
 * They touch only registers a call may clobber (x0-x2, v0-v2) and their
 * own stack.  Never msr ssbs, smstart, wfet or a GCS instruction.
 */
#define PROBE_PAD hint #34
#include "probe_stub.h"

	.text

STUB(a64_fp)
	.inst	0x1e2703e0	/* fmov s0, wzr */
	ret
END(a64_fp)

STUB(a64_asimd)
	.inst	0x4e208400	/* add v0.16b, v0.16b, v0.16b */
	ret
END(a64_asimd)

STUB(a64_aes)
	.inst	0x4e284820	/* aese v0.16b, v1.16b */
	ret
END(a64_aes)

STUB(a64_pmull)
	.inst	0x0ee1e000	/* pmull v0.1q, v0.1d, v1.1d */
	ret
END(a64_pmull)

STUB(a64_sha1)
	.inst	0x5e280820	/* sha1h s0, s1 */
	ret
END(a64_sha1)

STUB(a64_sha2)
	.inst	0x5e024020	/* sha256h q0, q1, v2.4s */
	ret
END(a64_sha2)

STUB(a64_crc32)
	.inst	0x1ac14000	/* crc32b w0, w0, w1 */
	ret
END(a64_crc32)

/* ldadd on a word of the stack. */
STUB(a64_atomics)
	sub	sp, sp, #16
	str	wzr, [sp]
	mov	w1, #1
	.inst	0xb82103e2	/* ldadd w1, w2, [sp] */
	add	sp, sp, #16
	ret
END(a64_atomics)

/* An ID register read at EL0, which the kernel emulates (HWCAP_CPUID). */
STUB(a64_cpuid)
	.inst	0xd5380600	/* mrs x0, ID_AA64ISAR0_EL1 */
	ret
END(a64_cpuid)

/* A cache clean to the point of persistence of a line of the stack. */
STUB(a64_dcpop)
	mov	x0, sp
	.inst	0xd50b7c20	/* dc cvap, x0 */
	ret
END(a64_dcpop)

STUB(a64_sha3)
	.inst	0xce010800	/* eor3 v0.16b, v0.16b, v1.16b, v2.16b */
	ret
END(a64_sha3)

STUB(a64_sha512)
	.inst	0xce628020	/* sha512h q0, q1, v2.2d */
	ret
END(a64_sha512)

STUB(a64_sve)
	.inst	0x0420e3e0	/* cntb x0 */
	ret
END(a64_sve)

	.section .note.GNU-stack, "", %progbits
#if defined(__ARM_FEATURE_BTI_DEFAULT) || defined(__ARM_FEATURE_PAC_DEFAULT)
/* gas has no "?:": the bits chosen here. */
#if defined(__ARM_FEATURE_BTI_DEFAULT) && __ARM_FEATURE_BTI_DEFAULT
#define PROP_BTI 1
#else
#define PROP_BTI 0
#endif
#if defined(__ARM_FEATURE_PAC_DEFAULT) && __ARM_FEATURE_PAC_DEFAULT
#define PROP_PAC 2
#else
#define PROP_PAC 0
#endif
	/*
	 * GNU_PROPERTY_AARCH64_FEATURE_1_AND: what the C objects say; the
	 * stubs keep no return address, so need no PAC.
	 */
	.section .note.gnu.property, "a"
	.p2align 3
	.long 4, 16, 5
	.asciz "GNU"
	.long 0xc0000000, 4, PROP_BTI | PROP_PAC
	.p2align 3
#endif
