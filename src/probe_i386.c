/* i386's probes: both x86 builds' (probe_x86.h); no rdfsbase here. */
#include "probe_x86.h"

#define PROBES(X) PROBES_X86(X)

#include "probe_rows.h"
