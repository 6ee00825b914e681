/*
 * probe.bats' witness of the signal mask around the HWCAP probes: this
 * process's SigBlk as the kernel shows it (/proc/self/status) before
 * probe_run(), after a run with every bit claimed (a row that traps
 * leaves by siglongjmp) and after one with none, one a line; exits 0
 * where both runs ran rows, 1 where one did not (its reason on
 * standard error).  Run it under the mask to keep:
 * env --block-signal=ILL,SEGV,BUS,FPE probemask.
 */
#include <stdio.h>
#include <string.h>

#include "probe.h"

/* Room for a row per probe of any architecture. */
#define ROWS 32

static int
sigblk(void)
{
	char line[256];
	FILE *f;
	int found = 0;

	if ((f = fopen("/proc/self/status", "r")) == NULL)
		return -1;
	while (fgets(line, sizeof(line), f) != NULL)
		if (strncmp(line, "SigBlk:", 7) == 0) {
			fputs(line + 7 + strspn(line + 7, " \t"), stdout);
			found = 1;
		}
	fclose(f);
	return found ? 0 : -1;
}

int
main(void)
{
	static const uint64_t all[PROBE_WORDS] = { ~0ULL, ~0ULL };
	static const uint64_t none[PROBE_WORDS] = { 0, 0 };
	enum probe_out out[ROWS];
	const char *why;
	int st = 0;

	if (sigblk() == -1)
		return 2;
	if (probe_run(all, out, ROWS, &why) == 0) {
		fprintf(stderr, "probemask: %s\n", why);
		st = 1;
	}
	if (sigblk() == -1)
		return 2;
	if (probe_run(none, out, ROWS, &why) == 0) {
		fprintf(stderr, "probemask: %s\n", why);
		st = 1;
	}
	if (sigblk() == -1)
		return 2;
	return st;
}
