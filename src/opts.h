/* Command-line options, filled once by main and passed on as const. */
#ifndef AUXV_OPTS_H
#define AUXV_OPTS_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "bounds.h"

struct arch;
struct printer;

/* Which names of a process a format shows, and so are read. */
enum opt_names {
	NAMES_NONE,
	NAMES_COMM, /* its comm */
	NAMES_EXE,  /* its comm and the target of its exe link */
};

/* What --diff compares. */
enum opt_diff {
	DIFF_OFF,
	DIFF_STABLE, /* --diff: what two runs of a program share */
	DIFF_ALL,    /* --diff-all: addresses and random bytes too */
};

struct opts {
	const struct printer *printer;
	const struct arch *arch; /* --arch, or NULL: the source's */
	unsigned int wordsize;   /* --word-size, or 0: the source's */
	int endian;              /* --endian: 0 little, 1 big, -1 unset */
	int arch_endian;         /* --arch's spelling's, as endian (armv7b) */
	int verbose;
	int deref;            /* the format shows what the vector points to */
	int follow;           /* and the vDSO and program headers */
	int value_only;       /* --value */
	int all;              /* -a, -C, -w */
	int watch;            /* -w: programs as they start */
	unsigned long count;  /* --count: -w stops after so many; 0 never */
	enum opt_names names; /* which names of each process to read */
	char *comms;          /* -C NAME[,NAME]: comma-separated */
	enum opt_diff diff;   /* --diff or --diff-all */
	int check;            /* --check */
	pid_t json_pid;       /* --pid: the object of a JSON file; 0 any */
	int stdin_closed;     /* fd 0 was not open at start */
	const char *proc_err; /* why /proc can't name processes, or NULL */
	int proc_errno;       /* and its errno */
	size_t nkeys;         /* -k, in the order given */
	uint64_t keys[AUXV_MAX_KEYS];
};

#endif
