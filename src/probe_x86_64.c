/*
 * x86-64's probes: both x86 builds' (probe_x86.h); SSE2, which every
 * x86-64 CPU has; and AT_HWCAP2's FSGSBASE: rdfsbase, which is undefined
 * outside 64-bit mode (a 64-bit kernel tells 32-bit processes the bit
 * too), so only here, and raises #UD where CR4.FSGSBASE is clear.
 * Unclaimed, rdfsbase runs only where CPUID.(7,0):EBX bit 0 lists it:
 * there whether it runs tells whether something under the kernel (a
 * hypervisor) enabled what the kernel did not claim; where CPUID does
 * not list it, it can only trap (valgrind lists it not, and cannot run
 * it).
 */
#include <cpuid.h>
#include <stddef.h>

#include "probe_x86.h"

/* clang-format off */
#define PROBES(X)                                                              \
	PROBES_X86(X)                                                          \
	X(x86_sse2,	0, 26,	PROBE_UNDEF, "pxor %xmm0, %xmm0")              \
	PROBES_X86_MONITOR(X)                                                  \
	X(x86_rdfsbase,	1, 1,	PROBE_UNDEF | PROBE_IF_CPU, "rdfsbase")
/* clang-format on */

/* PROBE_IF_CPU's one row, rdfsbase: CPUID.(EAX=7,ECX=0):EBX bit 0. */
static int
x86_cpu_has(size_t i)
{
	unsigned int a, b, c, d;

	(void)i;
	return __get_cpuid_count(7, 0, &a, &b, &c, &d) && (b & 1) != 0;
}

#define PROBE_CPU_HAS x86_cpu_has

#include "probe_rows.h"
