/*
 * s390x's probes: AT_HWCAP bits (arch/s390/include/asm/elf.h,
 * HWCAP_NR_*) that have an instruction the problem state may run; stubs
 * in probe_s390x.S.  The kernel turns the vector facility on for every
 * task where the machine has it (and claims VXRS only then).
 */
#include "probe.h"

/* clang-format off */
#define PROBES(X)                                                              \
	X(s390_vxrs,	0, 11,	0, "vzero %v16")                               \
	X(s390_vxrs_ext, 0, 13,	0, "vnx %v16, %v16, %v16")
/* clang-format on */

#include "probe_rows.h"
