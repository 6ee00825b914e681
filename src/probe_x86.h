/*
 * The probes both x86 builds share: the bits of AT_HWCAP, which on x86 is
 * CPUID.1:EDX as the kernel left it (arch/x86/include/asm/cpufeatures.h,
 * word 0), that have an instruction a user may run; AT_HWCAP2's
 * RING3MWAIT (arch/x86/include/uapi/asm/hwcap2.h): monitor, on a valid
 * address with ECX and EDX 0, which waits for nothing.  Stubs in
 * probe_x86.S.
 */
#ifndef AUXV_PROBE_X86_H
#define AUXV_PROBE_X86_H

/* clang-format off */
#define PROBES_X86(X)                                                          \
	X(x86_fpu,	0, 0,	0, "fld1 and fstp %st(0)")                        \
	X(x86_tsc,	0, 4,	0, "rdtsc")                                    \
	X(x86_cx8,	0, 8,	0, "cmpxchg8b")                                \
	X(x86_cmov,	0, 15,	0, "cmove")                                    \
	X(x86_clflush,	0, 19,	0, "clflush")                                  \
	X(x86_mmx,	0, 23,	0, "pxor %mm0, %mm0 and emms")                    \
	X(x86_fxsr,	0, 24,	0, "fxsave")                                   \
	X(x86_sse,	0, 25,	0, "xorps %xmm0, %xmm0")                       \
	X(x86_sse2,	0, 26,	0, "pxor %xmm0, %xmm0")                        \
	X(x86_monitor,	1, 0,	0, "monitor")
/* clang-format on */

#endif
