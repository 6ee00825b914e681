/*
 * 32-bit arm's probes: AT_HWCAP and AT_HWCAP2 bits
 * (arch/arm/include/uapi/asm/hwcap.h) that have an instruction user
 * mode may run; stubs in probe_arm.S.
 */
#include "probe.h"

/* clang-format off */
#define PROBES(X)                                                              \
	X(arm_vfp,	0, 6,	0, "vadd.f32 s0, s0, s0")                      \
	X(arm_neon,	0, 12,	0, "vadd.i8 d0, d0, d0")                       \
	X(arm_vfpv4,	0, 16,	0, "vfma.f32 s0, s0, s0")                      \
	X(arm_idiva,	0, 17,	0, "sdiv r0, r0, r1 (ARM)")                    \
	X(arm_idivt,	0, 18,	0, "sdiv r0, r0, r1 (Thumb)")                  \
	X(arm_aes,	1, 0,	0, "aese.8 q0, q1")                            \
	X(arm_pmull,	1, 1,	0, "vmull.p64 q0, d0, d1")                     \
	X(arm_sha1,	1, 2,	0, "sha1h.32 q0, q1")                          \
	X(arm_sha2,	1, 3,	0, "sha256h.32 q0, q1, q2")                    \
	X(arm_crc32,	1, 4,	0, "crc32b r0, r0, r1")
/* clang-format on */

#include "probe_rows.h"
