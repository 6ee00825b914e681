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

/*
 * A row runs where its bit is claimed, and where it is not unless a flag
 * says otherwise.  Every row says what a CPU of its architecture without
 * the feature does with the encoding: UNDEFINED (a trap, the signal
 * tells), or possibly another instruction (a Thumb-1 branch, an MMX op),
 * which is run only where the bit is claimed (tests/probe.bats holds
 * each table to that).
 */
struct probe {
	uint8_t word;         /* 0: AT_HWCAP, 1: AT_HWCAP2 */
	uint8_t bit;          /* as the kernel's uapi hwcap.h numbers it */
	uint8_t flags;        /* PROBE_* */
#define PROBE_IF_CLAIMED 0x01 /* run only where the bit is set */
#define PROBE_UNDEF      0x02 /* without the feature: UNDEFINED */
#define PROBE_NOT_UNDEF  0x04 /* without it: maybe another instruction */
#define PROBE_IF_CPU     0x08 /* unclaimed, only where the CPU lists it */
	char insn[37];        /* what the stub runs, as the manual spells it */
};

enum probe_out {
	PROBE_NOT_RUN, /* its bit is clear and the row runs only if set */
	PROBE_RAN,
	PROBE_SIGILL,
	PROBE_OTHER /* another signal: a bad operand, a per-process disable */
};

/*
 * Rows and stubs of the build's architecture: probe_ARCH.c.  Whether row
 * i runs where the HWCAP words are hw: its bit claimed, or the row's
 * flags let it run unclaimed (PROBE_IF_CPU: where the architecture's own
 * enumeration, x86's CPUID, lists the instruction).
 */
size_t probe_rows(const struct probe **);
int probe_runs(size_t, const uint64_t[PROBE_WORDS]);
void probe_stub(size_t);

/*
 * Runs each row that probe_runs() lets run under handlers of SIGILL,
 * SIGSEGV, SIGBUS and SIGFPE, those four unblocked for the run, the
 * handlers and the signal mask before restored after, and fills out[]
 * (one per row).  Returns the number of rows, or 0 and *why where
 * nothing ran.  In a process with one thread only: the handlers are the
 * process's.
 */
size_t probe_run(
    const uint64_t hw[PROBE_WORDS], enum probe_out *, size_t, const char **);

#endif
