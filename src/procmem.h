/*
 * The memory of a process, for mem.c to read what its vector points to:
 * another process's (process_vm_readv, else its /proc/PID/mem, with what
 * it points to read ahead in one call), or our own (process_vm_readv,
 * else a copy through a pipe).
 */
#ifndef AUXV_PROCMEM_H
#define AUXV_PROCMEM_H

#include <stddef.h>
#include <stdint.h>

struct source;

/* Bytes of a process's memory read ahead: len of them, from addr. */
struct procmem_span {
	uint64_t addr;
	size_t len;
	const unsigned char *buf;
};

/*
 * Spans of a process's memory read ahead in one call: its strings and
 * random bytes, the vDSO's first block and the program headers; at most
 * so many.
 */
#define PROCMEM_SPANS 12

void procmem_pid(struct source *);
void procmem_ahead(struct source *);
void procmem_self(struct source *);

#endif
