/*
 * --watch: the programs watch_run() hands over as they start, each shown
 * at once, and the counts on standard error (through main.c) at the end.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "diag.h"
#include "run_scan.h"
#include "run_watch.h"
#include "watch.h"

/* The counts of a watch, for its summary. */
struct watch_tally {
	struct run_scan sc; /* each program is a process of -a */
	unsigned long shown, ended, denied;
};

/* Room for the summary's clause on lost events. */
enum { LOST_MAX = 96 };

/*
 * One program of --watch, shown as -a shows a process; one that ended
 * before it was read is counted, and an object where the format has one.
 * Flushed at once, for a reader at the other end of a pipe: a program
 * counts as shown once its output was written.
 */
static int
watch_one(void *arg, struct source *s, int rc, const struct diag *d,
    const struct watch_event *ev)
{
	struct watch_tally *t = arg;
	struct run *r = t->sc.r;

	r->c.watch = ev;
	if (rc == -1 && (d->flags & DIAG_VANISHED)) {
		t->ended++;
		run_failure_object(r, s, d);
	} else {
		t->denied += rc == -1 && (d->flags & DIAG_PERM);
		run_scan_one(&t->sc, s, rc, d);
	}
	if (out_flush(&r->out) == -1)
		return 1;
	t->shown += rc == 0;
	return r->o->count > 0 && t->shown >= r->o->count;
}

/* The counts of a watch that ran, and why it was not real-time. */
static void
summary(
    struct run *r, const struct watch_tally *t, const struct watch_stats *st)
{
	char msg[DIAG_MSG_MAX], lost[LOST_MAX];

	msg[0] = '\0';
	if (t->denied > 0)
		snprintf(msg, sizeof(msg),
		    ", %lu not readable: permission denied", t->denied);
	if (st->overflows > 0)
		snprintf(lost, sizeof(lost),
		    "events lost: the kernel's buffer overflowed %lu time%s",
		    st->overflows, st->overflows == 1 ? "" : "s");
	r->say(0,
	    "%lu program%s shown, %lu ended before they could be read%s, %s",
	    t->shown, t->shown == 1 ? "" : "s", t->ended, msg,
	    st->overflows == 0 ? "0 events lost" : lost);
	/* Root without CAP_SYS_NICE is refused too: the capability counts. */
	if (st->rt_err != 0)
		r->say(0,
		    "not at real-time priority (SCHED_FIFO 1: %s%s): "
		    "programs that end within a millisecond may be missed",
		    diag_errtext(st->rt_err, msg, sizeof(msg)),
		    st->rt_err == EPERM ? ": needs CAP_SYS_NICE or ulimit -r 1"
		                        : "");
}

/*
 * Every program as it starts, until a signal, --count or a failed write
 * ends it; then the counts.  Only a connector that can't be listened to
 * fails it: -1, said; else 0.
 */
int
run_watch(struct run *r)
{
	struct watch_tally t = { .sc = { .r = r } };
	struct watch_stats st;
	struct diag d = { 0 };
	char msg[DIAG_MSG_MAX];

	r->table.stream = 1;
	if (watch_run(r->o, watch_one, &t, &st, &d) == -1) {
		out_flush(&r->out);
		r->say(0, "-w: %s", diag_message(&d, msg, sizeof(msg)));
		return -1;
	}
	out_flush(&r->out);
	summary(r, &t, &st);
	return 0;
}
