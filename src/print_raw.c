/*
 * The vector's bytes as read, for saving and reading back with -f.
 */
#include "print.h"

static void
raw_vector(FILE *f, const struct pr_ctx *c, const struct auxv_vec *v,
    const struct decoded *d, size_t n)
{
	(void)c;
	(void)d;
	(void)n;
	fwrite(v->raw, 1, v->rawlen, f);
}

const struct printer pr_raw = {
	"raw",
	PR_BINARY,
	raw_vector,
	NULL,
};
