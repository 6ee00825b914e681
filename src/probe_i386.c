/*
 * i386's probes: both x86 builds' (probe_x86.h); no rdfsbase here.  SSE2's
 * pxor is the MMX pxor with a 66 prefix, which a CPU without SSE2 may
 * run as the MMX one (leaving the x87 unit in MMX state, with no emms):
 * it runs only where claimed.
 */
#include "probe_x86.h"

/* clang-format off */
#define PROBES(X)                                                              \
	PROBES_X86(X)                                                          \
	X(x86_sse2,	0, 26,	PROBE_NOT_UNDEF | PROBE_IF_CLAIMED,            \
	    "pxor %xmm0, %xmm0")                                               \
	PROBES_X86_MONITOR(X)
/* clang-format on */

#include "probe_rows.h"
