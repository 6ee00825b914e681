/*
 * The probes both x86 builds share: the bits of AT_HWCAP, which on x86 is
 * CPUID.1:EDX as the kernel left it (arch/x86/include/asm/cpufeatures.h,
 * word 0), that have an instruction a user may run; AT_HWCAP2's
 * RING3MWAIT (arch/x86/include/uapi/asm/hwcap2.h): monitor, on a valid
 * address with ECX and EDX 0, which waits for nothing.  Stubs in
 * probe_x86.S.  SSE2's row is each build's: probe_i386.c, probe_x86_64.c.
 *
 * On a CPU without the feature each encoding here raises #UD (x87's
 * #NM, which the kernel emulates or signals): rdtsc, cmpxchg8b, cmov,
 * clflush (0F AE /7 on memory), the MMX and SSE opcodes and fxsave were
 * reserved before their CPUs; monitor is SIDT with a register operand.
 * Monitor runs only where claimed all the same: user-mode MONITOR is the
 * kernel's to enable (Xeon Phi's MSR), and it claims the bit where it
 * did; elsewhere it can only trap, and CPUID's MONITOR bit says nothing
 * of user mode (valgrind lists it and cannot run it).
 */
#ifndef AUXV_PROBE_X86_H
#define AUXV_PROBE_X86_H

/* clang-format off */
#define PROBES_X86(X)                                                          \
	X(x86_fpu,	0, 0,	PROBE_UNDEF, "fld1 and fstp %st(0)")           \
	X(x86_tsc,	0, 4,	PROBE_UNDEF, "rdtsc")                          \
	X(x86_cx8,	0, 8,	PROBE_UNDEF, "cmpxchg8b")                      \
	X(x86_cmov,	0, 15,	PROBE_UNDEF, "cmove")                          \
	X(x86_clflush,	0, 19,	PROBE_UNDEF, "clflush")                        \
	X(x86_mmx,	0, 23,	PROBE_UNDEF, "pxor %mm0, %mm0 and emms")       \
	X(x86_fxsr,	0, 24,	PROBE_UNDEF, "fxsave")                         \
	X(x86_sse,	0, 25,	PROBE_UNDEF, "xorps %xmm0, %xmm0")

#define PROBES_X86_MONITOR(X)                                                  \
	X(x86_monitor,	1, 0,	PROBE_UNDEF | PROBE_IF_CLAIMED, "monitor")
/* clang-format on */

#endif
