/*
 * --watch: every program as it starts, named by the kernel's
 * process-events connector and read at once by src_pid().
 */
#ifndef AUXV_WATCH_H
#define AUXV_WATCH_H

#include <stdint.h>
#include <sys/types.h>

#include "diag.h"
#include "opts.h"
#include "source.h"

/* What is known of one exec besides its vector. */
struct watch_event {
	pid_t pid;
	pid_t ppid;        /* 0 where it could not be read */
	int64_t sec;       /* when it exec'd: UTC seconds, */
	unsigned int msec; /* and milliseconds */
};

/* What the summary says besides what the caller counts itself. */
struct watch_stats {
	unsigned long overflows; /* ENOBUFS: the kernel dropped events */
	int rt_err;              /* why the reader is not real-time, or 0 */
};

/*
 * Called once per exec'd program (with -C, per program of those names),
 * in the order of the events: rc and d as src_pid() left them; a program
 * that ended (or exec'd again) before it was read is rc -1 with
 * DIAG_VANISHED.  The source is closed after.  Nonzero ends the watch.
 */
typedef int watch_fn(void *, struct source *, int, const struct diag *,
    const struct watch_event *);

/*
 * Listens until SIGINT, SIGTERM or SIGPIPE, or until fn asks to stop: 0.
 * -1 and *d where the connector can't be listened to.  Those three
 * signals are left blocked (they are taken from a signalfd), so that
 * neither the summary nor the last write is cut short by them.
 */
int watch_run(const struct opts *, watch_fn *, void *, struct watch_stats *,
    struct diag *);

#endif
