/*
 * Showing one source, and what every mode shares to show one: the output
 * buffer, the printers' context, the room a source is read and decoded
 * into, and --check's.  Standard error and the exit status are main.c's:
 * a mode counts what went wrong and words it through the functions main.c
 * lends it here.
 */
#ifndef AUXV_RUN_SHOW_H
#define AUXV_RUN_SHOW_H

#include <stddef.h>
#include <sys/types.h>

#include "bounds.h"
#include "check.h"
#include "decode.h"
#include "follow.h"
#include "opts.h"
#include "out.h"
#include "print.h"
#include "print_follow.h"
#include "source.h"
#include "src_proc.h"

/* A source named on the command line, in the order given. */
struct srcarg {
	enum src_kind kind; /* SRC_SELF, SRC_PID, SRC_FILE or SRC_EXEC */
	const char *arg;    /* the PID or file as given */
	char **argv;        /* SRC_EXEC: COMMAND [ARG]...; SRC_SELF: main's */
	pid_t pid;          /* SRC_PID; SRC_FILE: --pid's object, or 0 */
	int argc;           /* SRC_SELF: main's argc */
};

/*
 * The state of showing vectors: one static object of main's, zero-filled
 * by the loader, pages touched only as used.  No allocation on the way
 * of a vector.
 */
struct run {
	struct out out;
	struct out esc; /* scratch: a name escaped for a message */
	const struct opts *o;
	struct pr_ctx c; /* what the printers know of the run */
	/* main.c's: "auxv: WHAT: REASON", WHAT escaped; stdout first. */
	void (*say_name)(struct run *, const char *, const char *);
	/* main.c's: "auxv: TEXT", then ": strerror(e)" where e is not 0. */
	void (*say)(int, const char *, ...)
	    __attribute__((format(printf, 2, 3)));
	/* main.c's: what failed, errno's text, and the exit. */
	__attribute__((noreturn)) void (*die)(const char *);
	/* main.c's: whether what say writes reaches a terminal. */
	int (*say_tty)(void);
	unsigned long failed; /* sources not read, cut short, or keys absent */
	unsigned long checkfail; /* vectors that failed a rule of --check */
	unsigned int notrun;  /* -e's command not run: DIAG_NOCMD or NOEXEC */
	int objects;          /* the objects of a JSON Lines file, as -a */
	struct source src[2]; /* the second for --diff */
	struct src_proc proc[2]; /* each source's room as a process */
	struct strpool pool[2];
	struct decoded dec[2][AUXV_MAX_ENTRIES];
	struct followed followed;
	struct pr_memo memo;
	struct table table;
	struct check_env check; /* --check */
	struct check_result checks[CHECK_RULES];
};

int run_open(
    struct source *, const struct opts *, const struct srcarg *, struct diag *);
void run_show(struct run *, struct source *);
void run_failed(struct run *, const struct source *, const struct diag *);
void run_failure_object(
    struct run *, const struct source *, const struct diag *);
void run_source(struct run *, const struct srcarg *);

#endif
