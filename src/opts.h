/* Command-line options, filled once by main and passed on as const. */
#ifndef AUXV_OPTS_H
#define AUXV_OPTS_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "bounds.h"

struct arch;
struct printer;

struct opts {
	const struct printer *printer;
	const struct arch *arch; /* --arch, or NULL: the source's */
	unsigned int wordsize;   /* --word-size, or 0: the source's */
	int endian;              /* --endian: 0 little, 1 big, -1 unset */
	int verbose;
	int deref;            /* the format shows what the vector points to */
	int follow;           /* and the vDSO and program headers */
	int value_only;       /* --value */
	int all;              /* -a, -C, -w */
	int watch;            /* -w: programs as they start */
	unsigned long count;  /* --count: -w stops after so many; 0 never */
	int names;            /* 1: read processes' comm, 2: and exe */
	char *comms;          /* -C NAME[,NAME]: comma-separated */
	int diff;             /* --diff: 1, --diff-all: 2 */
	int check;            /* --check */
	pid_t json_pid;       /* --pid: the object of a JSON file; 0 any */
	int stdin_closed;     /* fd 0 was not open at start */
	const char *proc_err; /* why /proc can't name processes, or NULL */
	int proc_errno;       /* and its errno */
	size_t nkeys;         /* -k, in the order given */
	uint64_t keys[AUXV_MAX_KEYS];
};

#endif
