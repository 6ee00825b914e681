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

/* clang-format off */
/*
 * Provenance: each fact a rule reads, whether a process can change it
 * after exec (and how), and what the rules make of it.  A FAIL rests only
 * on a fact fixed at exec, or on one whose change auxv has ruled out; any
 * other confirms (ok) or says why not (no data), never FAILs.  auxv's
 * own bounds are never evidence.
 *
 * fact               | changed after exec by            | the rules
 * -------------------+----------------------------------+--------------------
 * vector, self & -e  | nothing (an emulator or loader   | held as given
 *                    |  hands its own: that is checked) |
 * vector, a PID      | PR_SET_MM_MAP (no capability),   | N_HERE rows confirm
 *                    |  PR_SET_MM_AUXV, CRIU restores   |  only; entries asks
 *                    |  another kernel's or CPU's       |  version rows of
 *                    |                                  |  self and -e alone
 * vector, a PID      | a new program (exec)             | exec_since(): no data
 * strings on stack   | setproctitle, PR_SET_MM_ARG_*    | a PID's confirm only
 * exe link           | upgrade (deleted), rename,       | headers held where
 *                    |  PR_SET_MM_EXE_FILE              |  the file is mapped
 * path looked up now | rename, replace, symlink flip    | a PID's confirm only
 * root, cwd          | chroot(2), chdir(2)              | a PID's confirm only
 * descriptors        | close, dup; O_CLOEXEC at exec    | /dev/fd/N, /proc/self
 *                    |                                  |  never resolved here
 * maps               | munmap, mremap, mmap: vDSO moved | present where the
 *                    |  or gone, [stack] left, the      |  kernel put it
 *                    |  interpreter mapped again        |  confirms; else no data
 * stat's startstack, | PR_SET_MM_START_STACK, _ARG_*,   | hints where to look,
 *  arg_start         |  PR_SET_MM_MAP                   |  never evidence
 * status IDs         | setuid(2) and kin                | said for a PID
 * uid_map, gid_map   | unshare(CLONE_NEWUSER), setns    | said for a PID
 * CPUID, cpuinfo     | nothing (under an emulator       | this CPU's: held for
 *                    |  cpuinfo is the host's)          |  self and -e
 * an instruction run | nothing (under an emulator, its  | self's, in auxv's
 *  (SIGILL or not)   |  model CPU's)                    |  own process only
 * KernelPageSize,    | nothing: the running kernel's    | N_HERE: confirm only
 *  kernel version    |                                  |  for a PID
 */
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
	{ "sysinfo",    0,                        rule_sysinfo },
	{ "stack",      N_MAPS,                   rule_stack },
	{ "platform",   N_HERE,                   rule_platform },
	{ "entries",    0,                        rule_entries },
	{ "layout",     N_LIVE,                   rule_layout },
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
 * A FAIL of a rule held to this machine, for a PID: its vector may have
 * been made elsewhere.  The reason first, where a long evidence would
 * cut it.
 */
static enum check_res
not_here(struct check_result *r)
{
	static const char why[] = "a PID's vector may be another machine's "
	                          "(a restore, PR_SET_MM_MAP): ";
	size_t n = strlen(r->ev);

	if (n > sizeof(r->ev) - sizeof(why))
		n = sizeof(r->ev) - sizeof(why);
	memmove(r->ev + sizeof(why) - 1, r->ev, n);
	memcpy(r->ev, why, sizeof(why) - 1);
	r->ev[sizeof(why) - 1 + n] = '\0';
	return CHECK_NODATA;
}

/*
 * Gathers what the rules read besides the vector, its ndec entries
 * decoded and what they point to followed (as show() has them), and runs
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
	e->dec = dec;
	e->ndec = ndec;
	e->fo = fo;
	for (i = 0; i < CHECK_RULES; i++) {
		res[i].name = rules[i].name;
		res[i].ev[0] = '\0';
		res[i].res = (why = check_lacks(e, rules[i].needs)) != NULL
		    ? check_nodata(&res[i], why)
		    : rules[i].fn(e, &res[i]);
		if (res[i].res == CHECK_FAIL && (rules[i].needs & N_HERE) &&
		    v->kind == SRC_PID)
			res[i].res = not_here(&res[i]);
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
