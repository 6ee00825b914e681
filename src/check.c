/*
 * --check: the one table of rules, each with what it needs, run over the
 * facts check_env.c gathers; and the provenance of those facts, which
 * says what a FAIL may rest on.  Nothing here prints.
 */
#include <stdint.h>
#include <string.h>

#include "bounds.h"
#include "check_rule.h"
#include "proc.h"
#include "source.h"

/*
 * Provenance: each fact a rule reads besides the vector, and for which
 * sources a process may have changed it since exec (1 << enum src_kind).
 * A FAIL rests only on facts fixed at exec, or on one whose change auxv
 * ruled out; one resting on any other is no data, saying which
 * (check_fail: the one place that decides it).  auxv's own bounds and
 * failures are never evidence.  Fixed for every source: the vector of
 * self and -e (an emulator's or loader's is what is checked), the
 * executable's file where the map holds it (upgrades leave "(deleted)"),
 * CPUID and cpuinfo, the running kernel, an instruction run (self's).
 * A PID's vector: PR_SET_MM_MAP, PR_SET_MM_AUXV replace /proc/PID/auxv,
 * not the copy on the stack: where the two differ (check_walk), nothing
 * FAILs; where they agree, it is exec's (or its producer set both).
 * A PID that ran a new program while checked: exec_since, all no data.
 * Self's and -e's facts are read before anything but libc (and for -e,
 * nothing at all) ran; /dev/fd/N and /proc/self names are never resolved
 * here (execfn_foreign).
 */
#define PID (1U << SRC_PID)
/* A core is the process at its dump: what it may change, it may have. */
#define LATER (PID | (1U << SRC_CORE))
#define ALL                                                                    \
	((1U << SRC_SELF) | PID | (1U << SRC_FILE) | (1U << SRC_CORE) |        \
	    (1U << SRC_EXEC))
static const struct {
	unsigned int fact;
	unsigned int kinds; /* where it may have changed since exec */
	const char *said;
} provenance[] = {
	/*
	 * Never by itself: seen where the words after envp's NULL are not
	 * /proc/PID/auxv (check_walk); first, as every FAIL rests on it.
	 */
	{ F_VEC, 0,
	    "/proc/PID/auxv is not the vector at stat's startstack: "
	    "PR_SET_MM_MAP set one of them since exec" },
	/* mprotect, munmap, a write (ptrace, /proc/PID/mem) */
	{ F_MEM, LATER, "a process's memory: it may have changed since exec" },
	/* PR_SET_MM_START_STACK, _ARG_*, PR_SET_MM_MAP: no capability */
	{ F_STAT, PID,
	    "stat's startstack and arg_start: PR_SET_MM may have set them "
	    "since exec" },
	/* munmap, mremap (the vDSO moved, as CRIU does), mmap */
	{ F_MAPS, LATER,
	    "a process's memory map: munmap, mremap or mmap may have "
	    "changed it since exec" },
	/* rename, replace, a link flipped (upgrades, alternatives) */
	{ F_PATH, LATER,
	    "the file at a path now: a rename, an upgrade, a link flipped, "
	    "chroot or chdir may have changed it since exec" },
	{ F_IDS, LATER,
	    "a process's IDs: setuid and kin may have changed them since "
	    "exec" },
	/* a CRIU restore of another machine's process, PR_SET_MM_MAP */
	{ F_HERE, PID,
	    "a PID's vector may be another machine's, by a restore or "
	    "PR_SET_MM_MAP" },
	{ F_SEEN, ALL, "changed since exec" },
	/* never by itself; seen where stat's startcode is another file's */
	{ F_EXE, 0,
	    "stat's startcode is in no mapping of the exe link's file: the "
	    "process runs another program than exec gave it: a userland "
	    "exec, PR_SET_MM" },
};

/* clang-format off */
/*
 * Names inline: a table of pointers costs a relocation each at start.
 * The kernel versions each rule's formula holds for, from the kernel's
 * history (fs/binfmt_elf.c, fs/exec.c): phdr, 5.18 changed AT_PHDR where
 * no PT_LOAD holds the headers (both accepted); entries, each row's own
 * (since); the rest, every version auxv knows (2.6.29 on: AT_RANDOM,
 * AT_EXECFN).
 */
static const struct {
	char name[12];
	unsigned int needs;
	enum check_res (*fn)(const struct check_env *, struct check_result *);
} rules[] = {
	{ "phdr",       N_LIVE | N_EXE,           rule_phdr },
	{ "entry",      N_LIVE | N_EXE | N_BIAS,  rule_entry },
	{ "base",       N_LIVE | N_EXE | N_MAPS,  rule_base },
	{ "ids",        N_LIVE,                   rule_ids },
	{ "pagesz",     N_HERE,                   rule_pagesz },
	{ "clktck",     N_ARCH,                   rule_clktck },
	{ "hwcap",      N_CPU | N_HERE,           rule_hwcap },
	{ "hwcap-run",  N_SELF | N_CPU,           rule_hwcap_run },
	{ "hwcap-base", 0,                        rule_hwcap_base },
	{ "hwcap-deps", 0,                        rule_hwcap_deps },
	{ "sysinfo",    0,                        rule_sysinfo },
	{ "stack",      N_MAPS,                   rule_stack },
	{ "platform",   N_HERE,                   rule_platform },
	{ "entries",    0,                        rule_entries },
	{ "layout",     N_LIVE,                   rule_layout },
	{ "stack-align", N_LIVE,                  rule_stack_align },
	{ "args",       N_LIVE,                   rule_args },
	{ "random",     0,                        rule_random },
	{ "execfn",     N_LIVE,                   rule_execfn },
	{ "procauxv",   N_SELF,                   rule_procauxv },
	{ "vdso-image", 0,                        rule_vdso_image },
	{ "values",     0,                        rule_values },
};

/* clang-format on */
/* A row too few would be a call through NULL; one too many, unseen. */
_Static_assert(NITEMS(rules) == CHECK_RULES, "a row for each of CHECK_RULES");

/*
 * Whether the process's vector is not the one checked any more: it ran
 * a new program (fork and exec in -a's scan) between the reads.
 */
static int
exec_since(const struct check_env *e)
{
	unsigned char now[AUXV_MAX_RAW];
	ssize_t n = proc_read(&e->proc, "auxv", now, sizeof(now));

	return n == -1 || (size_t)n != e->v->rawlen ||
	    memcmp(now, e->v->raw, (size_t)n) != 0;
}

/*
 * No data, why appended to r's evidence: the evidence cut where both
 * would not fit, so that the reason is always read.
 */
static enum check_res
said(struct check_result *r, const char *why)
{
	size_t n = strlen(r->ev), w = strlen(why) + 3;

	if (n + w >= sizeof(r->ev))
		n = sizeof(r->ev) - w - 4;
	(void)snprintf(r->ev + n, sizeof(r->ev) - n, "%s (%s)",
	    n < strlen(r->ev) ? "..." : "", why);
	return CHECK_NODATA;
}

/*
 * Why a comparison resting on the vector and facts (F_*) says nothing
 * of this source's vector: one of them may have changed since exec
 * for it, or NULL where each was fixed at exec.
 */
const char *
check_unfixed(const struct check_env *e, unsigned int facts)
{
	size_t i;

	facts |= F_VEC;
	/* What auxv saw change first: it explains more than what may. */
	for (i = 0; i < NITEMS(provenance); i++)
		if (facts & e->seen & provenance[i].fact)
			return provenance[i].said;
	for (i = 0; i < NITEMS(provenance); i++)
		if ((facts & provenance[i].fact) &&
		    (provenance[i].kinds & (1U << e->v->kind)))
			return provenance[i].said;
	return NULL;
}

/*
 * A comparison that failed, resting on the vector and facts: FAIL where
 * each was fixed at exec for this source, else no data saying which
 * may have changed.
 */
enum check_res
check_fail(
    const struct check_env *e, struct check_result *r, unsigned int facts)
{
	const char *why = check_unfixed(e, facts);

	return why != NULL ? said(r, why) : CHECK_FAIL;
}

/*
 * Gathers what the rules read besides the vector, its ndec entries
 * decoded and what they point to followed (as run_show() has them), and runs
 * the rules into res (CHECK_RULES rows).  Returns the number that fail.
 */
size_t
check_vector(struct check_env *e, const struct auxv_vec *v,
    const struct decoded *dec, size_t ndec, const struct followed *fo,
    struct check_result *res)
{
	const char *why;
	size_t i, nfail = 0;

	/*
	 * The file our tables were loaded from is our executable, whoever
	 * loaded it (the kernel, an emulator, a userland exec).
	 */
	check_gather(e, v, (uint64_t)(uintptr_t)rules);
	check_walk(e);
	e->dec = dec;
	e->ndec = ndec;
	e->fo = fo;
	for (i = 0; i < CHECK_RULES; i++) {
		res[i].name = rules[i].name;
		res[i].ev[0] = '\0';
		res[i].res = (why = check_lacks(e, rules[i].needs)) != NULL
		    ? check_nodata(&res[i], why)
		    : rules[i].fn(e, &res[i]);
		if (res[i].res == CHECK_FAIL)
			res[i].res = check_fail(
			    e, &res[i], (rules[i].needs & N_HERE) ? F_HERE : 0);
		nfail += res[i].res == CHECK_FAIL;
	}
	/* What was read after the vector must be of the same image. */
	if (v->kind != SRC_PID || !exec_since(e))
		return nfail;
	for (i = 0; i < CHECK_RULES; i++) {
		res[i].ev[0] = '\0';
		res[i].res = check_nodata(
		    &res[i], "the process ran a new program while checked");
	}
	return 0;
}
