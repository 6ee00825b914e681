/*
 * 32-bit arm's probes: AT_HWCAP and AT_HWCAP2 bits
 * (arch/arm/include/uapi/asm/hwcap.h) that have an instruction user
 * mode may run; stubs in probe_arm.S.  What a CPU without the feature
 * does with each encoding, ARMv5TE to ARMv8's AArch32 (the ARM ARM's
 * decode tables): VFP's are coprocessor 10 operations, UNDEFINED where
 * no VFP (or none of that version) answers; NEON's and the crypto ones
 * are in the unconditional space (cond 0b1111, op 001x), UNDEFINED
 * before ARMv7 and where not implemented; ARM sdiv is the media space's
 * op1 001 and crc32b the miscellaneous space's op2 100, both UNDEFINED
 * before their extension.  Thumb's sdiv is not: on a CPU without
 * Thumb-2 (ARMv6, ARM1176) its first halfword, 0xfb90, is a Thumb-1 BL
 * suffix that branches to LR + 0x720, into auxv's own code; it runs only
 * where IDIVT is claimed.
 */
#include "probe.h"

/* clang-format off */
#define PROBES(X)                                                              \
	X(arm_vfp,	0, 6,	PROBE_UNDEF, "vadd.f32 s0, s0, s0")            \
	X(arm_neon,	0, 12,	PROBE_UNDEF, "vadd.i8 d0, d0, d0")             \
	X(arm_vfpv4,	0, 16,	PROBE_UNDEF, "vfma.f32 s0, s0, s0")            \
	X(arm_idiva,	0, 17,	PROBE_UNDEF, "sdiv r0, r0, r1 (ARM)")          \
	X(arm_idivt,	0, 18,	PROBE_NOT_UNDEF | PROBE_IF_CLAIMED,            \
	    "sdiv r0, r0, r1 (Thumb)")                                         \
	X(arm_aes,	1, 0,	PROBE_UNDEF, "aese.8 q0, q1")                  \
	X(arm_pmull,	1, 1,	PROBE_UNDEF, "vmull.p64 q0, d0, d1")           \
	X(arm_sha1,	1, 2,	PROBE_UNDEF, "sha1h.32 q0, q1")                \
	X(arm_sha2,	1, 3,	PROBE_UNDEF, "sha256h.32 q0, q1, q2")          \
	X(arm_crc32,	1, 4,	PROBE_UNDEF, "crc32b r0, r0, r1")
/* clang-format on */

#include "probe_rows.h"
