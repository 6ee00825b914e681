/*
 * The vector's bytes as read, for saving and reading back with -f.
 */
#include "print.h"

static void
raw_vector(struct out *f, const struct pr_ctx *c, const struct auxv_vec *v,
    const struct decoded *d, size_t n)
{
	(void)c;
	(void)d;
	(void)n;
	out_mem(f, v->raw, v->rawlen);
}

const struct printer pr_raw = { "raw", .flags = PR_BINARY,
	.vector = raw_vector };
