/*
 * The entry and the end of a probe stub, for src/probe_ARCH.S: a hidden
 * function, 4-byte aligned, that starts with the landing pad a file
 * defines as PROBE_PAD before it includes this (arm64's BTI "bti c",
 * x86's CET endbr), none by default.  ELFv1 ppc64 has a descriptor of
 * its own (probe_ppc64.S).
 */
#ifndef AUXV_PROBE_STUB_H
#define AUXV_PROBE_STUB_H

#ifndef PROBE_PAD
#define PROBE_PAD
#endif

/* Assembly, not C: */
/* clang-format off */
/* "@" begins a comment in arm's assembly. */
#if defined(__arm__) || defined(__aarch64__)
#define PROBE_TYPE %function
#else
#define PROBE_TYPE @function
#endif

#define STUB(name)                                                             \
	.globl probe_##name;                                                   \
	.hidden probe_##name;                                                  \
	.type probe_##name, PROBE_TYPE;                                        \
	.p2align 2;                                                            \
	probe_##name:                                                          \
	PROBE_PAD

#define END(name) .size probe_##name, .- probe_##name
/* clang-format on */

#endif
