/*
 * The hwcap-run rule: for self, each claimed HWCAP bit that has a
 * harmless user-mode instruction runs it (probe.c).  Only running it
 * proves the CPU the program runs on has it: under an emulator
 * /proc/cpuinfo is the host's.  A claimed bit whose instruction raises
 * SIGILL FAILs, naming the bit and the instruction; another signal (a
 * bad operand, a per-process disable such as PR_SET_TSC) is no data for
 * that bit; an instruction that runs while its bit is clear is said,
 * never failed (a kernel hides features on purpose: an FSGSBASE the
 * kernel did not enable may still run under a hypervisor that did).  A
 * row runs unclaimed only where its encoding cannot be another
 * instruction (probe.h).
 */
#include <inttypes.h>
#include <stdio.h>

#include "arch.h"
#include "at.h"
#include "check_rule.h"
#include "elfcore.h"
#include "hwcap.h"
#include "probe.h"

/* Room for a row per probe of any architecture. */
#define PROBE_MAX 32

static const uint64_t probe_words[PROBE_WORDS] = { AT_NUM_HWCAP,
	AT_NUM_HWCAP2 };

/*
 * Appends the rows of p[0..n) whose outcome is want and whose bit is
 * set (claimed) or clear: " NAME (INSN)" each, after head; the count.
 */
static size_t
list(struct check_result *r, const struct check_env *e, const struct probe *p,
    const enum probe_out *out, size_t n, const uint64_t hw[PROBE_WORDS],
    enum probe_out want, int claimed, const char *head)
{
	const char *name;
	size_t i, k = 0;

	for (i = 0; i < n; i++) {
		if (out[i] != want ||
		    (int)(hw[p[i].word] >> p[i].bit & 1) != claimed)
			continue;
		if (k++ == 0)
			ev(r, "%s%s:", r->ev[0] != '\0' ? "; " : "", head);
		name = hwcap_names[e->v->arch->hwcap[p[i].word]][p[i].bit];
		if (name[0] != '\0')
			ev(r, " %s", name);
		else
			ev(r, " AT_%s bit %u",
			    at_lookup(probe_words[p[i].word], AF_ALL)->name,
			    p[i].bit);
		if (want != PROBE_RAN || !claimed)
			ev(r, " (%s)", p[i].insn);
	}
	return k;
}

/*
 * Run once per self source; auxv starts threads only to read other
 * processes (-a, --watch), never with self, so the handlers the probes
 * set are the process's alone.
 */
enum check_res
rule_hwcap_run(const struct check_env *e, struct check_result *r)
{
	uint64_t hw[PROBE_WORDS] = { 0, 0 };
	enum probe_out out[PROBE_MAX];
	const struct probe *p;
	struct elf_id host;
	const char *why;
	size_t n, w, have = 0, fail, ran;

	elf_host(&host);
	if (probe_rows(&p) == 0 || e->v->machine != host.machine)
		return check_nodata(
		    r, "no instruction probes for this build's architecture");
	for (w = 0; w < PROBE_WORDS; w++)
		have += vec_find(e->v, probe_words[w], &hw[w]) != 0;
	if (have == 0)
		return check_nodata(r, "no HWCAP word");
	if ((n = probe_run(hw, out, PROBE_MAX, &why)) == 0)
		return check_nodata(r, why);
	fail = list(
	    r, e, p, out, n, hw, PROBE_SIGILL, 1, "claimed, raised SIGILL");
	(void)list(r, e, p, out, n, hw, PROBE_OTHER, 1,
	    "claimed, stopped by another signal (no data)");
	(void)list(r, e, p, out, n, hw, PROBE_RAN, 0, "not claimed, ran");
	ran = list(r, e, p, out, n, hw, PROBE_RAN, 1, "claimed, ran");
	if (fail != 0)
		return CHECK_FAIL;
	if (ran == 0)
		return check_nodata(r,
		    r->ev[0] != '\0'
		        ? "; no claimed bit's instruction ran"
		        : "no claimed bit has an instruction probe");
	return CHECK_OK;
}
