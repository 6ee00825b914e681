/*
 * The probes' harness: each stub called under handlers that jump back
 * (sigsetjmp, siglongjmp) with the signal that stopped it.  The stubs
 * change no memory the program uses and leave no mode behind, so a
 * stub cut short by its signal leaves nothing to undo.
 */
#include <setjmp.h>
#include <signal.h>
#include <string.h>

#include "probe.h"

static const int probe_signals[] = { SIGILL, SIGSEGV, SIGBUS, SIGFPE };
#define NSIGS (sizeof(probe_signals) / sizeof(probe_signals[0]))

/*
 * auxv's one file-scope variable: a signal handler reaches nothing
 * else.  It points at probe_run()'s jump buffer while a stub runs, and
 * is NULL otherwise.
 */
static sigjmp_buf *volatile probe_jump;

static void
probe_handler(int sig)
{
	sigjmp_buf *j = probe_jump;

	if (j != NULL)
		siglongjmp(*j, sig);
	/* Not ours (no stub runs): what the signal would have done. */
	signal(sig, SIG_DFL);
	raise(sig);
}

/* Row k's stub, under the handlers: what stopped it, if anything. */
static enum probe_out
run_one(size_t k)
{
	sigjmp_buf jb;
	int sig;

	/* The signal mask is saved: the handler's is left with it. */
	if ((sig = sigsetjmp(jb, 1)) == 0) {
		probe_jump = &jb;
		probe_stub(k);
		probe_jump = NULL;
		return PROBE_RAN;
	}
	probe_jump = NULL;
	return sig == SIGILL ? PROBE_SIGILL : PROBE_OTHER;
}

size_t
probe_run(const uint64_t hw[PROBE_WORDS], enum probe_out *out, size_t cap)
{
	struct sigaction sa, old[NSIGS];
	const struct probe *p;
	size_t n, i, k, set = 0;

	n = probe_rows(&p);
	if (n > cap)
		n = cap;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = probe_handler;
	sigemptyset(&sa.sa_mask);
	for (; set < NSIGS; set++)
		if (sigaction(probe_signals[set], &sa, &old[set]) == -1)
			break;
	for (k = 0; set == NSIGS && k < n; k++)
		out[k] = (p[k].flags & PROBE_IF_CLAIMED) &&
		        !(hw[p[k].word] >> p[k].bit & 1)
		    ? PROBE_NOT_RUN
		    : run_one(k);
	for (i = 0; i < set; i++)
		(void)sigaction(probe_signals[i], &old[i], NULL);
	return set == NSIGS ? n : 0;
}
