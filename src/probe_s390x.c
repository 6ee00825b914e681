/*
 * s390x's probes: AT_HWCAP bits (arch/s390/include/asm/elf.h,
 * HWCAP_NR_*) that have an instruction the problem state may run; stubs
 * in probe_s390x.S.  The kernel turns the vector facility on for every
 * task where the machine has it (and claims VXRS only then).  A machine
 * without the facility takes an operation exception on both opcodes
 * (0xe7..44, 0xe7..6c), one with it off a data exception.
 */
#include "probe.h"

/* clang-format off */
#define PROBES(X)                                                              \
	X(s390_vxrs,	0, 11,	PROBE_UNDEF, "vzero %v16")                     \
	X(s390_vxrs_ext, 0, 13,	PROBE_UNDEF, "vnx %v16, %v16, %v16")
/* clang-format on */

#include "probe_rows.h"
