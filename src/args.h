/*
 * The command line's words: auxv's options and its help, and the checks
 * of what they say.  A refusal is a message handed back to main.c, which
 * alone writes standard error and exits.
 */
#ifndef AUXV_ARGS_H
#define AUXV_ARGS_H

#include <getopt.h>
#include <stddef.h>

#include "opts.h"
#include "out.h"

enum {
	OPT_OPERAND = 1, /* getopt_long's code for an operand, with "-" */
	OPT_JSON = 256,
	OPT_OD,
	OPT_VALUE,
	OPT_ARCH,
	OPT_WORDSIZE,
	OPT_ENDIAN,
	OPT_VERSION,
	OPT_DIFF,
	OPT_DIFF_ALL,
	OPT_PID,
	OPT_COUNT,
	OPT_CHECK,
};

/* The number of groups of source options that exclude each other. */
enum { ARGS_NEXCL = 4 };

struct args_srcopt;

/* The first source option of each group, and its name as given. */
struct args_seen {
	const struct args_srcopt *opt[ARGS_NEXCL];
	const char *name[ARGS_NEXCL];
};

extern const char args_shortopts[];
extern const struct option args_longopts[];
extern const char args_synopsis[];
extern const char args_help[];

int args_excl(int, const char *, struct args_seen *, const char *[2]);
void args_bad_option(struct out *, int, const char *);
void args_unknown_arch(struct out *, const char *);
int args_num(const char *, unsigned long, unsigned long *);
int args_value(struct opts *, int, char *, struct out *);
const char *args_conflict(const struct opts *, size_t, size_t, char *, size_t);
int args_settle(struct opts *, size_t, size_t);

#endif
