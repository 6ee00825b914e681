/*
 * --check's procauxv rule: for self, /proc/self/auxv and PR_GET_AUXV,
 * the kernel's saved copy of the vector, against the vector in memory.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>

#include "check_rule.h"
#include "proc.h"
#include "readfile.h"
#include "source.h"

/* <linux/prctl.h> of Linux 6.4; libc's headers may be older. */
#ifndef PR_GET_AUXV
#define PR_GET_AUXV 0x41555856
#endif

/*
 * Reads our saved vector the way-th way (0 to PROC_AUXV_WAYS, the last
 * prctl(PR_GET_AUXV)) into buf, its length in *n, and names the way in
 * name: 0, or an errno.
 */
static int
procauxv_read(unsigned int way, unsigned char *buf, size_t size, size_t *n,
    char *name, size_t nsize)
{
	long got;
	int fd, rc;

	if (way == PROC_AUXV_WAYS) {
		snprintf(name, nsize, "PR_GET_AUXV");
		/*
		 * kernel/sys.c prctl_get_auxv: the whole of mm->saved_auxv,
		 * padding included, at most size bytes of it; returns its
		 * size.
		 */
		if ((got = prctl(PR_GET_AUXV, (unsigned long)buf,
		         (unsigned long)size, 0UL, 0UL)) < 0)
			return errno;
		*n = (size_t)got < size ? (size_t)got : size;
		return 0;
	}
	if ((fd = proc_self_auxv(way, name, nsize)) == -1)
		return errno;
	rc = read_full(fd, buf, size, n) == -1 ? errno : 0;
	close(fd);
	return rc;
}

/* The first of bytes from k to vlen where buf (n bytes) and v differ. */
static size_t
procauxv_cmp(const struct auxv_vec *v, const unsigned char *buf, size_t n,
    size_t k, size_t vlen)
{
	while (k < n && k < vlen && buf[k] == v->raw[k])
		k++;
	return k;
}

/*
 * Whether the saved vector first differs from v at byte k in AT_BASE's
 * value, v's being the dynamic linker that runs (ld: -1 where there is
 * none): a chain loader's move (rule_base).
 */
static int
base_moved(const struct auxv_vec *v, size_t k, uint64_t ld)
{
	const size_t ws = v->wordsize, j = k / (2 * ws);

	return j < v->nent && k >= j * 2 * ws + ws &&
	    v->ent[j].type == AT_NUM_BASE && v->ent[j].value == ld;
}

/*
 * For self: our saved vector, read every way a program may read it,
 * holds the vector the program was given (the kernel's copy, which an
 * emulator serves for its guest: a loader that gave the program another
 * vector differs there, and an emulator that serves one way but not
 * another hands out its own there).  The ways: /proc/self/auxv by path,
 * through our PID and thread-self, openat(2) of "self/auxv" in /proc and
 * of each component in turn (proc_self_auxv), and prctl(PR_GET_AUXV)
 * (Linux 6.4; EINVAL before, no data).  A file may run on in zeros (a
 * 32-bit process's); PR_GET_AUXV returns the whole saved array, padding
 * included, in our word size: compared up to AT_NULL.  AT_BASE alone
 * may differ, where the vector in memory has the dynamic linker that
 * runs: a chain loader moved it there, as it must (rule_base), and may
 * leave the saved copy as it is.  A loader that builds a vector anew can
 * make the saved copy its own with prctl(PR_SET_MM, PR_SET_MM_MAP), which
 * needs no capability (kernel/sys.c prctl_set_mm returns into
 * prctl_set_mm_map before its CAP_SYS_RESOURCE check, which binds
 * PR_SET_MM_AUXV alone): one that does not is failed, and told so.
 *
 * What it reads, and whether the process can change it after exec:
 * - the saved vector (mm->saved_auxv): PR_SET_MM_MAP or PR_SET_MM_AUXV
 *   replace it; auxv calls neither, a loader before it may (uexec's
 *   keepauxv);
 * - the vector in memory: where main's envp ends; libc does not write it.
 * Self only: nothing but auxv's own process is held to it.
 */
enum check_res
rule_procauxv(const struct check_env *e, struct check_result *r)
{
	const struct auxv_vec *v = e->v;
	const uint64_t ws = v->wordsize, vlen = (v->nent + 1) * 2 * ws;
	const uint64_t ld = e->have_ld ? e->ld : UINT64_MAX;
	unsigned char buf[AUXV_MAX_RAW];
	char name[64], bad[192] = "";
	size_t k, n, nfail = 0;
	unsigned int i;
	int rc, noprctl = 0, moved = 0;

	for (i = 0; i <= PROC_AUXV_WAYS; i++) {
		n = 0;
		if ((rc = procauxv_read(
		         i, buf, sizeof(buf), &n, name, sizeof(name))) != 0) {
			if (i == PROC_AUXV_WAYS && rc == EINVAL)
				noprctl = 1;
			else
				(void)snprintf(bad + strlen(bad),
				    sizeof(bad) - strlen(bad),
				    "%s%s not readable (%s)",
				    bad[0] != '\0' ? "; " : "", name,
				    strerror(rc));
			continue;
		}
		k = procauxv_cmp(v, buf, n, 0, vlen);
		if (base_moved(v, k, ld)) {
			moved = 1;
			k = procauxv_cmp(
			    v, buf, n, (k / (2 * ws) + 1) * 2 * ws, vlen);
		}
		if (i < PROC_AUXV_WAYS)
			while (k == vlen && k < n && buf[k] == 0)
				k++;
		if (k == vlen && (i == PROC_AUXV_WAYS || k == n))
			continue;
		ev(r, "%s%s differs from %s", nfail > 0 ? "; " : "", name,
		    nfail > 0 ? "it" : "the vector in memory");
		nfail++;
		if (k < vlen && k / (2 * ws) < v->nent)
			ev(r, " from entry %zu (type %" PRIu64 ")",
			    (size_t)(k / (2 * ws)), v->ent[k / (2 * ws)].type);
	}
	if (nfail == 0 && bad[0] == '\0')
		ev(r,
		    PROC_ROOT
		    "/self/auxv, " PROC_ROOT "/PID/auxv, " PROC_ROOT
		    "/thread-self/auxv, openat(" PROC_ROOT
		    ", \"self/auxv\"), openat(openat(" PROC_ROOT
		    ", \"self\"), \"auxv\")%s hold the vector in memory",
		    noprctl ? "" : " and PR_GET_AUXV");
	if (nfail > 0)
		ev(r,
		    "; a loader makes it the vector it gives with "
		    "prctl(PR_SET_MM, PR_SET_MM_MAP), no capability needed");
	if (moved)
		ev(r,
		    "%sAT_BASE aside, which is the dynamic linker that runs in "
		    "memory (its link map), another in the saved vector: a "
		    "chain loader moved it",
		    r->ev[0] != '\0' ? "; " : "");
	if (bad[0] != '\0')
		ev(r, "%s%s", r->ev[0] != '\0' ? "; " : "", bad);
	if (noprctl)
		ev(r,
		    "; no data for PR_GET_AUXV (EINVAL: a kernel before 6.4, "
		    "or an emulator that does not serve it)");
	return nfail > 0     ? CHECK_FAIL
	    : bad[0] != '\0' ? CHECK_NODATA
	                     : CHECK_OK;
}
