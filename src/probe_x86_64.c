/*
 * x86-64's probes: both x86 builds' (probe_x86.h), and AT_HWCAP2's
 * FSGSBASE: rdfsbase, which is undefined outside 64-bit mode (a 64-bit
 * kernel tells 32-bit processes the bit too), so only here.
 */
#include "probe_x86.h"

/* clang-format off */
#define PROBES(X)                                                              \
	PROBES_X86(X)                                                          \
	X(x86_rdfsbase,	1, 1,	0, "rdfsbase")
/* clang-format on */

#include "probe_rows.h"
