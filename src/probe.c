/*
 * The probes' harness: each stub called under handlers that jump back
 * (sigsetjmp, siglongjmp) with the signal that stopped it.  The stubs
 * change no memory the program uses and leave no mode behind, so a
 * stub cut short by its signal leaves nothing to undo.
 */
#include <pthread.h>
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

	/*
	 * The signal mask is saved, the four unblocked: the handler's is
	 * left with it.
	 */
	if ((sig = sigsetjmp(jb, 1)) == 0) {
		probe_jump = &jb;
		probe_stub(k);
		probe_jump = NULL;
		return PROBE_RAN;
	}
	probe_jump = NULL;
	return sig == SIGILL ? PROBE_SIGILL : PROBE_OTHER;
}

/*
 * A fault with its signal blocked kills the process (the kernel resets
 * the handler), so the four are unblocked for the run: a parent's mask
 * (env --block-signal, a daemon's, a signalfd user's) is inherited.  One
 * already pending would then be delivered with no stub running, and do
 * what it would have done: nothing runs then.
 */
size_t
probe_run(const uint64_t hw[PROBE_WORDS], enum probe_out *out, size_t cap,
    const char **why)
{
	struct sigaction sa, old[NSIGS];
	sigset_t sigs, pend, mask;
	const struct probe *p;
	size_t n, i, k, set = 0;

	n = probe_rows(&p);
	if (n > cap)
		n = cap;
	sigemptyset(&sigs);
	for (i = 0; i < NSIGS; i++)
		sigaddset(&sigs, probe_signals[i]);
	sigemptyset(&pend);
	(void)sigpending(&pend);
	for (i = 0; i < NSIGS; i++)
		if (sigismember(&pend, probe_signals[i]) == 1) {
			*why = "a fault signal the probes catch is pending, "
			       "blocked since before auxv ran";
			return 0;
		}
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = probe_handler;
	sigemptyset(&sa.sa_mask);
	for (; set < NSIGS; set++)
		if (sigaction(probe_signals[set], &sa, &old[set]) == -1)
			break;
	*why = "signal handlers not set";
	if (set == NSIGS && pthread_sigmask(SIG_UNBLOCK, &sigs, &mask) == 0) {
		for (k = 0; k < n; k++)
			out[k] = probe_runs(k, hw) ? run_one(k) : PROBE_NOT_RUN;
		(void)pthread_sigmask(SIG_SETMASK, &mask, NULL);
	} else
		n = 0;
	for (i = 0; i < set; i++)
		(void)sigaction(probe_signals[i], &old[i], NULL);
	return n;
}
