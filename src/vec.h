/*
 * The neutral vector every source fills and every printer reads, and the
 * error record that flows back to main.
 */
#ifndef AUXV_VEC_H
#define AUXV_VEC_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "diag.h"

struct arch;

/*
 * len bytes of target memory at addr that a decoder will read
 * (decode_spans(), follow_spans(), phdrs_spans()), for a source to read
 * ahead.  alone: read after all the others, merged with none (one read
 * stops at a fault, and a span that may fault then loses only itself).
 */
struct mem_span {
	uint64_t addr;
	size_t len;
	int alone;
};

/*
 * read reads target memory at addr: the number of bytes read, which may
 * be short where the mapping ends, or -1 when nothing could be read.  A
 * NULL read means the memory can't be dereferenced at all.  ahead, where
 * not NULL, reads the n spans given at once (another process's in one
 * system call) and serves the reads of them that follow from what it
 * read.
 */
struct memsrc {
	ssize_t (*read)(const struct memsrc *, uint64_t, void *, size_t);
	void (*ahead)(const struct memsrc *, const struct mem_span *, size_t);
	void *ctx;
	int fd;
};

enum src_kind { SRC_SELF, SRC_PID, SRC_FILE, SRC_CORE, SRC_EXEC };

struct auxv_ent {
	uint64_t type;
	uint64_t value;
};

struct auxv_vec {
	const char *label; /* "1234", "core.5", "self" */
	enum src_kind kind;
	pid_t pid;            /* SRC_SELF, SRC_PID, SRC_EXEC */
	pid_t tid;            /* the thread read through, where not pid */
	uint64_t argc;        /* self: main's argc, as libc's start read it */
	uint64_t argv;        /* self: main's argv, on the stack; 0 */
	uint64_t envp;        /* self: the stack's envp (argv's NULL + 1); 0 */
	const char *path;     /* SRC_FILE, SRC_CORE; command for SRC_EXEC */
	const char *execpath; /* SRC_EXEC: the path given to execve, or NULL */
	const char *comm;     /* the process's name (/proc/PID/comm), or NULL */
	const char *exe;      /* its executable (/proc/PID/exe), or NULL */
	uint16_t machine;     /* e_machine, or 0 when unknown */
	uint8_t wordsize;     /* 4 or 8 */
	uint8_t bigendian;
	const struct arch *arch;  /* NULL: generic types only */
	const unsigned char *raw; /* as read, for -o od and -o raw */
	size_t rawlen;
	struct auxv_ent *ent; /* up to, not including, AT_NULL */
	size_t nent;
	struct memsrc mem;
};

size_t mem_get(const struct memsrc *, uint64_t, void *, size_t, int *);
void mem_ahead(const struct memsrc *, const struct mem_span *, size_t);
/* No kernel's type is this large (vec_plausible()). */
#define VEC_TYPE_MAX 0x10000

int vec_plausible(const unsigned char *, size_t, unsigned int, int);
size_t vec_null_end(const unsigned char *, size_t, unsigned int, int);
int vec_parse(struct auxv_vec *, size_t, struct diag *);
size_t vec_find(const struct auxv_vec *, uint64_t, uint64_t *);
uint64_t vec_word(const unsigned char *, unsigned int, int);

/* Why a vector of more than AUXV_MAX_ENTRIES is refused, from any source. */
extern const char vec_too_large[];

#endif
