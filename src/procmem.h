/*
 * The memory of a process, for mem.c to read what its vector points to:
 * another process's (process_vm_readv, else its /proc/PID/mem, with what
 * the decoders will read read ahead in one call), or our own (process_vm_readv,
 * else a copy through a pipe).  It works on its own state, struct
 * procmem, and fills the memsrc it is given.
 */
#ifndef AUXV_PROCMEM_H
#define AUXV_PROCMEM_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "bounds.h"
#include "proc.h"
#include "vec.h"

/* Bytes of a process's memory read ahead: len of them, from addr. */
struct procmem_span {
	uint64_t addr;
	size_t len;
	const unsigned char *buf;
};

/*
 * Spans of a process's memory read ahead in one call, the decoders' once
 * merged (its strings and random bytes, the vDSO's first block and the
 * program headers): at most so many.
 */
#define PROCMEM_SPANS 12

/*
 * process_vm_readv of our own memory, len bytes at addr into buf: the
 * bytes read, or -1 and errno.
 */
typedef ssize_t procmem_vm_fn(void *, uint64_t, size_t);

/*
 * A reader of one process's memory: the memsrc it filled (switched to
 * another way of reading where one is refused), what it opened, and the
 * bytes read ahead.  Held beside the vector it reads for (in struct
 * source), so that nothing is allocated on the way of a vector.
 */
struct procmem {
	struct memsrc *mem;    /* the memsrc filled */
	const struct proc *at; /* another process: the thread read */
	procmem_vm_fn *self;   /* our own: process_vm_readv */
	int fd;                /* another process: its mem file; -1 */
	int pipe[2];           /* our own: copies our memory; -1 */
	struct procmem_span span[PROCMEM_SPANS];
	size_t nspan;
	unsigned char win[AUXV_PID_WINDOW];
};

void procmem_init(struct procmem *);
void procmem_close(struct procmem *);
void procmem_pid(struct procmem *, struct memsrc *, const struct proc *);
void procmem_self(struct procmem *, struct memsrc *, procmem_vm_fn *);

#endif
