/*
 * -a: reading many processes, some of them at once.
 */
#ifndef AUXV_SCAN_H
#define AUXV_SCAN_H

#include <stddef.h>
#include <sys/types.h>

#include "opts.h"
#include "source.h"
#include "src_proc.h"

/*
 * A process read on its way to the caller (-a's ring, --watch's batch):
 * its source, src_pid()'s room for it, and what src_pid() said.
 */
struct slot {
	struct source src;
	struct src_proc proc;
	struct diag d;
	int rc;
};

/*
 * Called once per process, in the order of the list, from the calling
 * thread: rc and d as src_pid() left them.  The source is closed after.
 */
typedef void scan_fn(void *, struct source *, int, const struct diag *);

void scan_slot_init(struct slot *);
int scan_named(pid_t, const char *);
int scan_all(const struct opts *, scan_fn *, void *);

#endif
