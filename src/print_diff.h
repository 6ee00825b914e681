/*
 * --diff: the differences between two decoded vectors, as text or as one
 * JSON object: the diff hooks of the human and JSON printers.
 */
#ifndef AUXV_PRINT_DIFF_H
#define AUXV_PRINT_DIFF_H

#include <stddef.h>

#include "print.h"

struct diff_ctx {
	struct out *f;       /* where the differences go */
	struct out *scratch; /* a value's text, while it is compared */
	int all;             /* --diff-all: addresses and random bytes too */
	int json;            /* 0, and 1 set by pr_diff_json */
	size_t ndiff;
	const struct auxv_vec *a, *b; /* named before the first difference */
};

size_t pr_diff(struct diff_ctx *, const struct auxv_vec *,
    const struct decoded *, size_t, const struct auxv_vec *,
    const struct decoded *, size_t);
size_t pr_diff_json(struct diff_ctx *, const struct auxv_vec *,
    const struct decoded *, size_t, const struct auxv_vec *,
    const struct decoded *, size_t);

#endif
