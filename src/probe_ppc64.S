/*
 * 64-bit powerpc's probe stubs (rows in probe_ppc64.c): each runs one
 * instruction and returns.  The instructions are words (.long, in the
 * build's byte order as instructions are), so that no .machine enables
 * an extension for the rest of the program.  They touch only registers
 * a call may clobber: f0, v0 and vs0 (f0's), never f14-f31, v20-v31 or
 * vs14-vs31.  An ELFv1 build (big-endian) calls a function through its
 * descriptor in .opd; the stubs use no TOC.
 */
#if defined(_CALL_ELF) && _CALL_ELF == 2
#include "probe_stub.h"
#else
#define STUB(name)                                                             \
	.globl probe_##name;                                                   \
	.hidden probe_##name;                                                  \
	.section ".opd", "aw";                                                 \
	.p2align 3;                                                            \
	probe_##name:                                                          \
	.quad .L.probe_##name, .TOC.@tocbase, 0;                               \
	.previous;                                                             \
	.type probe_##name, @function;                                         \
	.p2align 2;                                                            \
	.L.probe_##name:
#define END(name) .size probe_##name, .- .L.probe_##name
#endif

	.text

STUB(ppc_vsx)
	.long	0xf0000490	/* xxlor vs0, vs0, vs0 */
	blr
END(ppc_vsx)

STUB(ppc_fpu)
	.long	0xfc000090	/* fmr f0, f0 */
	blr
END(ppc_fpu)

STUB(ppc_altivec)
	.long	0x10000484	/* vor v0, v0, v0 */
	blr
END(ppc_altivec)

	.section .note.GNU-stack, "", @progbits
