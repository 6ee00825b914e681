/*
 * A process's vector, /proc/PID/auxv (-a, PID, and -e once the command
 * is stopped), and what src_pid() keeps while it is shown: the process
 * (or the live thread read), and its memory read ahead.
 */
#ifndef AUXV_SRC_PROC_H
#define AUXV_SRC_PROC_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "bounds.h"
#include "proc.h"
#include "procmem.h"

struct diag;
struct opts;
struct source;

/*
 * Room for src_pid()'s state, held by whoever holds the source (beside
 * it, so that nothing is allocated on the way of a vector) and set once
 * as its proc.
 */
struct src_proc {
	struct proc at; /* the process, or the live thread read */
	int follow;     /* read ahead for follow.c too */
	int unsure;     /* the machine is still to be told: src_pid_machine() */
	uint64_t vdso;  /* AT_SYSINFO_EHDR, whose header tells it; 0 */
	struct procmem_span span[PROCMEM_SPANS];
	size_t nspan;
	unsigned char win[AUXV_PID_WINDOW];
};

int src_pid(struct source *, const struct opts *, pid_t, struct diag *);
void src_pid_machine(struct source *);

#endif
