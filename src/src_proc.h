/*
 * A process's vector, /proc/PID/auxv (-a, PID, and -e once the command
 * is stopped), and what src_pid() keeps beside the source while it is
 * shown: the process, or the live thread read.  Its memory, read ahead,
 * is the source's (procmem.h).
 */
#ifndef AUXV_SRC_PROC_H
#define AUXV_SRC_PROC_H

#include <sys/types.h>

#include "proc.h"

struct diag;
struct opts;
struct source;

/*
 * Room for src_pid()'s state, held by whoever holds the source (beside
 * it, so that nothing is allocated on the way of a vector) and set once
 * as its proc.
 */
struct src_proc {
	struct proc at;   /* the process, or the live thread read */
	int machine_open; /* the vDSO's ELF header tells the machine */
};

int src_pid(struct source *, const struct opts *, pid_t, struct diag *);
int src_pid_later(struct source *, const struct opts *, pid_t, struct diag *);
void src_pid_ahead(struct source *, const struct opts *);
void src_pid_machine(struct source *);

#endif
