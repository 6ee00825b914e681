/*
 * -a and -C: every process, or those of the names given, each shown as
 * a source is; --watch shows its programs through run_scan_one() too,
 * and -f the objects of a JSON Lines file.
 */
#ifndef AUXV_RUN_SCAN_H
#define AUXV_RUN_SCAN_H

#include <stddef.h>
#include <sys/types.h>

#include "diag.h"
#include "run_show.h"

/*
 * -C: a process of one of the names that had no vector (a zombie, a
 * kernel thread), reported only where no process of the names had one.
 */
struct novec {
	pid_t pid;
	struct diag d;
	char comm[AUXV_COMM_MAX]; /* "" where it could not be read */
};

/* The counts of a scan, and -C's processes without a vector. */
struct run_scan {
	struct run *r;
	unsigned long perm;  /* processes not ours to read, not shown */
	size_t there;        /* processes that had not gone when read */
	size_t vectors;      /* processes with a vector, read or not */
	size_t shown;        /* and of those, read and shown */
	struct novec *novec; /* -C: those without one, in order */
	size_t nnovec, capnovec;
};

void run_scan_one(void *, struct source *, int, const struct diag *);
void run_objects(
    struct run *, struct source *, int, struct diag *, const struct diag *);
int run_processes(struct run *);

#endif
