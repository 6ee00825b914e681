/*
 * A command-line parser for main: short options that cluster, long
 * options that may be abbreviated, arguments taken in order.  It keeps
 * its state in the caller's struct args and prints nothing; main words
 * the errors.
 */
#ifndef AUXV_ARGS_H
#define AUXV_ARGS_H

#include <stddef.h>

/* The name is inline, so that a table of these needs no relocation. */
struct args_long {
	char name[12]; /* without the "--"; NUL-terminated unless full */
	unsigned char has_arg;
	int id; /* returned by args_next: > 1, and not an ARGS_ value */
};

enum { ARGS_NO_ARG, ARGS_NEEDS_ARG };

/* What args_next returns besides an option's letter or id. */
enum {
	ARGS_END = -1,       /* no more options; the rest from ind */
	ARGS_UNKNOWN = -2,   /* "--opt" names no long option */
	ARGS_BAD_SHORT = -3, /* letter is not a short option */
	ARGS_AMBIGUOUS = -4, /* "--opt" begins several long names */
	ARGS_MISSING = -5,   /* no argument left for the option */
	ARGS_UNWANTED = -6,  /* "--opt=x" for an option without one */
	ARGS_OPERAND = 1,    /* a non-option argument, in arg */
};

/*
 * Filled by the caller: shorts as for getopt ("f:" takes an argument),
 * longs, nlong, argc, argv, and ind = 1.  The other members start
 * zeroed.
 */
struct args {
	const char *shorts;
	const struct args_long *longs;
	size_t nlong;
	int argc;
	char **argv;
	int ind;       /* next element of argv to look at */
	char *group;   /* letters left in a short-option group */
	char *arg;     /* the argument of the option, or operand */
	char *opt;     /* long: the text after "--", "=x" included */
	size_t optlen; /* long: the length of its name part */
	int letter;    /* short: the letter, also when it is bad */
	int longidx;   /* long: its index in longs, else -1 */
};

int args_next(struct args *);
int args_candidate(const struct args *, size_t);

#endif
