/*
 * A process's vector, /proc/PID/auxv (-a, PID, and -e once the command
 * is stopped), and what src_pid() keeps while it is shown: the process's
 * directory and thread, and its memory read ahead.
 */
#ifndef AUXV_SRC_PROC_H
#define AUXV_SRC_PROC_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "bounds.h"

struct diag;
struct opts;
struct source;

/* Bytes of a process's memory read ahead: len of them, from addr. */
struct src_span {
	uint64_t addr;
	size_t len;
	const unsigned char *buf;
};

/*
 * Spans of a process's memory read ahead in one call: its strings and
 * random bytes, the vDSO's first block and the program headers; at most
 * so many.
 */
#define SRC_SPANS 12

/*
 * Room for src_pid()'s state, held by whoever holds the source (beside
 * it, so that nothing is allocated on the way of a vector) and set once
 * as its proc.
 */
struct src_proc {
	char dir[48];  /* /proc/PID, or a live thread's */
	pid_t tid;     /* the thread whose memory is read */
	int follow;    /* read ahead for follow.c too */
	int unsure;    /* the machine is still to be told: src_pid_machine() */
	uint64_t vdso; /* AT_SYSINFO_EHDR, whose header tells it; 0 */
	struct src_span span[SRC_SPANS];
	size_t nspan;
	unsigned char win[AUXV_PID_WINDOW];
};

int src_pid(struct source *, const struct opts *, pid_t, struct diag *);
const char *src_proc_check(int *);
int src_comm(pid_t, char *, size_t);
pid_t src_ppid(pid_t);
void src_pid_ahead(struct source *);
void src_pid_machine(struct source *);
ssize_t src_mem_file(
    struct source *, const char *, ssize_t, uint64_t, void *, size_t);

#endif
