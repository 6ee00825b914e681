/*
 * HWCAP probes: for each bit of AT_HWCAP or AT_HWCAP2 that has a harmless
 * user-mode instruction, a stub that runs it, in .text, assembled for
 * the build's architecture alone (src/probe_ARCH.S; its rows in
 * probe_ARCH.c, picked by src/meson.build).  An architecture without
 * stubs has no rows (probe_none.c).
 */
#ifndef AUXV_PROBE_H
#define AUXV_PROBE_H

#include <stddef.h>
#include <stdint.h>

/* The words a row's bit is in: AT_HWCAP, AT_HWCAP2. */
#define PROBE_WORDS 2

struct probe {
	uint8_t word;         /* 0: AT_HWCAP, 1: AT_HWCAP2 */
	uint8_t bit;          /* as the kernel's uapi hwcap.h numbers it */
	uint8_t flags;        /* PROBE_* */
#define PROBE_IF_CLAIMED 0x01 /* run only where the bit is set */
	char insn[37];        /* what the stub runs, as the manual spells it */
};

enum probe_out {
	PROBE_NOT_RUN, /* its bit is clear and the row runs only if set */
	PROBE_RAN,
	PROBE_SIGILL,
	PROBE_OTHER /* another signal: a bad operand, a per-process disable */
};

/* Rows and stubs of the build's architecture: probe_ARCH.c. */
size_t probe_rows(const struct probe **);
void probe_stub(size_t);

/*
 * Runs each row (the values of AT_HWCAP and AT_HWCAP2 decide the rows
 * that run only where claimed) under handlers of SIGILL, SIGSEGV, SIGBUS
 * and SIGFPE, the handlers before restored after, and fills out[] (one
 * per row).  Returns the number of rows, or 0 where the handlers could
 * not be set (nothing ran).  In a process with one thread only: the
 * handlers are the process's.
 */
size_t probe_run(const uint64_t hw[PROBE_WORDS], enum probe_out *, size_t);

#endif
