/*
 * Output formats, one printer each behind one interface; -o picks a row.
 */
#ifndef AUXV_PRINT_H
#define AUXV_PRINT_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/types.h>

#include "bounds.h"
#include "decode.h"
#include "json.h"
#include "opts.h"
#include "out.h"
#include "vec.h"

/* The rows of -o table, kept until the last source. */
#define TABLE_MAX_COLS (2 + AUXV_MAX_KEYS)

struct table {
	char *buf; /* cells, each ended by a unit separator (malloc) */
	size_t len, cap;
	size_t nrows;
	int err;    /* out of memory: nothing is printed */
	int lost;   /* --watch: a row was not printed for want of memory */
	int stream; /* --watch: each row printed as it comes */
	size_t width[TABLE_MAX_COLS];
	struct out cell; /* scratch: the cell being written */
};

struct check_result;
struct diff_ctx;
struct pr_memo;
struct watch_event;

/* What a printer knows of the run besides the vector. */
struct pr_ctx {
	const struct opts *opts;
	int multi;                  /* several sources: name each one */
	int first;                  /* the first block printed */
	const struct diag *partial; /* the vector broke off here, or NULL */
	const char *partial_msg;
	const struct followed *followed; /* for JSON and -v, or NULL */
	struct table *table;             /* -o table's rows */
	struct pr_memo *memo;            /* the last followed text written */
	const struct watch_event *watch; /* --watch: the program's exec */
	int summary; /* --check of many: a line for each that fails */
};

struct printer {
	const char *name; /* as given to -o */
	unsigned int flags;
#define PR_BINARY         0x01 /* refuse when stdout is a terminal */
#define PR_DECODE         0x02 /* needs decoded entries */
#define PR_PID            0x04 /* shows the PID, comm and exe of each */
#define PR_VALUE          0x08 /* can print values alone (--value) */
#define PR_FOLLOW         0x10 /* shows the vDSO and program headers */
#define PR_FOLLOW_VERBOSE 0x20 /* the same, with -v */
#define PR_NAMES          0x40 /* shows processes' names */
#define PR_WIDTH          0x80 /* counts display columns: the user's LC_CTYPE */
	void (*vector)(struct out *, const struct pr_ctx *,
	    const struct auxv_vec *, const struct decoded *, size_t);
	/* NULL: the format shows nothing of a failed source. */
	void (*failure)(struct out *, const struct pr_ctx *,
	    const struct auxv_vec *, const struct diag *, const char *);
	/*
	 * NULL: nothing to do after the last source.  -1 and errno when
	 * what it held could not all be printed.
	 */
	int (*finish)(struct out *, const struct pr_ctx *);
	/* --diff A B: the number of differences; NULL: it cannot diff. */
	size_t (*diff)(struct diff_ctx *, const struct auxv_vec *,
	    const struct decoded *, size_t, const struct auxv_vec *,
	    const struct decoded *, size_t);
	/* --check's results; NULL: the format cannot show them. */
	void (*check)(struct out *, const struct pr_ctx *,
	    const struct auxv_vec *, const struct check_result *, size_t);
};

/*
 * An entry's name, "AT_" and its table's, the one spelling every format
 * writes: at p, which has room for PR_NAME_MAX bytes; returns its end.
 * The whole array is copied, a fixed size; only namelen bytes count.
 */
#define PR_NAME_MAX (3 + sizeof(((struct at_type *)0)->name))

static inline char *
pr_at_name(char *p, const struct at_type *a)
{
	memcpy(p, "AT_", 3);
	memcpy(p + 3, a->name, sizeof(a->name));
	return p + 3 + a->namelen;
}

/*
 * The version of the JSON layout, the "schema" member of every object
 * (the man page says what each adds): 1 had no such member; 2 adds it.
 */
#define PR_JSON_SCHEMA 2

extern const struct printer pr_human, pr_od, pr_json, pr_raw, pr_table;
/* --check's word for each result, indexed by enum check_res. */
extern const char pr_check_words[][8];

const struct printer *pr_by_name(const char *);
void pr_header(struct out *, const struct pr_ctx *, const struct auxv_vec *);
void pr_label(struct out *, const struct auxv_vec *);
void pr_value(struct out *, const struct decoded *);
void pr_script_value(struct out *, const struct decoded *);
void pr_name(struct out *, const struct at_type *, uint64_t);
void pr_json_id(struct out *, pid_t);
void pr_json_vec(struct json *, const struct auxv_vec *, uint64_t);
void pr_bits_text(struct out *, struct bits *, size_t, char);
void pr_bits_json(struct json *, struct bits *);

#endif
