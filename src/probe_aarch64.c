/*
 * arm64's probes: AT_HWCAP bits (arch/arm64/include/uapi/asm/hwcap.h)
 * that have an instruction EL0 may run; stubs in probe_aarch64.S.  SVE
 * runs only where claimed: a task's first SVE instruction makes the
 * kernel keep SVE state for it from then on.  Each encoding is
 * unallocated in ARMv8.0-A, so UNDEFINED on a CPU without the feature
 * (none is in the hint space, which runs as NOP); the ID register read
 * traps where the kernel does not emulate it.
 */
#include "probe.h"

/* clang-format off */
#define PROBES(X)                                                              \
	X(a64_fp,	0, 0,	PROBE_UNDEF, "fmov s0, wzr")                   \
	X(a64_asimd,	0, 1,	PROBE_UNDEF, "add v0.16b, v0.16b, v0.16b")     \
	X(a64_aes,	0, 3,	PROBE_UNDEF, "aese v0.16b, v1.16b")            \
	X(a64_pmull,	0, 4,	PROBE_UNDEF, "pmull v0.1q, v0.1d, v1.1d")      \
	X(a64_sha1,	0, 5,	PROBE_UNDEF, "sha1h s0, s1")                   \
	X(a64_sha2,	0, 6,	PROBE_UNDEF, "sha256h q0, q1, v2.4s")          \
	X(a64_crc32,	0, 7,	PROBE_UNDEF, "crc32b w0, w0, w1")              \
	X(a64_atomics,	0, 8,	PROBE_UNDEF, "ldadd w1, w2, [sp]")             \
	X(a64_cpuid,	0, 11,	PROBE_UNDEF, "mrs x0, ID_AA64ISAR0_EL1")       \
	X(a64_dcpop,	0, 16,	PROBE_UNDEF, "dc cvap, x0")                    \
	X(a64_sha3,	0, 17,	PROBE_UNDEF,                                   \
	    "eor3 v0.16b, v0.16b, v1.16b, v2.16b")                             \
	X(a64_sha512,	0, 21,	PROBE_UNDEF, "sha512h q0, q1, v2.2d")          \
	X(a64_sve,	0, 22,	PROBE_UNDEF | PROBE_IF_CLAIMED, "cntb x0")
/* clang-format on */

#include "probe_rows.h"
