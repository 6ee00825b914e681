/*
 * The rows and the stub calls of one architecture's probes, from its
 * list: the file that includes this defines PROBES(X), each row as
 * X(stub, word, bit, flags, insn), stub the name after "probe_" of its
 * function in probe_ARCH.S, and may define PROBE_CPU_HAS(i), whether
 * the CPU lists row i's instruction (for PROBE_IF_CPU).  One list: the
 * table and the calls cannot disagree.  The calls are direct, so the
 * table holds no pointer (none to relocate when the program starts).
 */
#ifndef AUXV_PROBE_ROWS_H
#define AUXV_PROBE_ROWS_H

#include "probe.h"

#define PROBE_PROTO(s, w, b, f, i) void probe_##s(void);
#define PROBE_ENUM(s, w, b, f, i)  PROBE_ROW_##s,
#define PROBE_ROW(s, w, b, f, i)   { w, b, f, i },
#define PROBE_CALL(s, w, b, f, i)                                              \
	case PROBE_ROW_##s:                                                    \
		probe_##s();                                                   \
		break;

PROBES(PROBE_PROTO)

enum { PROBES(PROBE_ENUM) PROBE_NROWS };

static const struct probe probe_table[] = { PROBES(PROBE_ROW) };

size_t
probe_rows(const struct probe **p)
{
	*p = probe_table;
	return PROBE_NROWS;
}

int
probe_runs(size_t i, const uint64_t hw[PROBE_WORDS])
{
	const struct probe *p = &probe_table[i];

	if (hw[p->word] >> p->bit & 1)
		return 1;
	if (p->flags & PROBE_IF_CLAIMED)
		return 0;
#ifdef PROBE_CPU_HAS
	if (p->flags & PROBE_IF_CPU)
		return PROBE_CPU_HAS(i);
#endif
	return 1;
}

void
probe_stub(size_t i)
{
	switch (i) {
		PROBES(PROBE_CALL)
	default:
		break;
	}
}

#endif
