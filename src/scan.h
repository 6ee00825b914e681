/*
 * -a: reading many processes, some of them at once.
 */
#ifndef AUXV_SCAN_H
#define AUXV_SCAN_H

#include <stddef.h>
#include <sys/types.h>

#include "opts.h"
#include "source.h"

/*
 * Called once per process, in the order of the list, from the calling
 * thread: rc and d as src_pid() left them.  The source is closed after.
 */
typedef void scan_fn(void *, struct source *, int, const struct diag *);

int scan_named(pid_t, const char *);
int scan_all(const struct opts *, scan_fn *, void *);

#endif
