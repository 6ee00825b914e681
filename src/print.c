/*
 * The table of formats and what the text formats share.
 */
#include "print.h"
#include <string.h>

#include "esc.h"

static const struct printer *const printers[] = {
	&pr_human,
	&pr_od,
	&pr_json,
	&pr_raw,
};

const struct printer *
pr_by_name(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(printers) / sizeof(printers[0]); i++)
		if (strcmp(printers[i]->name, name) == 0)
			return printers[i];
	return NULL;
}

/* Names the source when there are several, as head(1) does. */
void
pr_header(struct out *f, const struct pr_ctx *c, const struct auxv_vec *v)
{
	if (!c->multi)
		return;
	if (!c->first)
		out_char(f, '\n');
	out_str(f, "==> ");
	esc_human(f, v->label, strlen(v->label));
	if (v->comm != NULL) {
		out_str(f, " (");
		esc_human(f, v->comm, strlen(v->comm));
		out_char(f, ')');
	}
	out_str(f, " <==\n");
}

/* Shows a failed source, in the formats that have a form for it. */
void
pr_failure(const struct printer *p, struct out *f, const struct pr_ctx *c,
    const struct auxv_vec *v, const struct diag *d, const char *msg)
{
	if (p->failure != NULL)
		p->failure(f, c, v, d, msg);
}
