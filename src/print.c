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
	&pr_table,
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

/*
 * The value text of an entry as glibc's LD_SHOW_AUXV prints it: decimal
 * for sizes and IDs, bare or 0x hex, the string for a readable string;
 * the human format, --value and the table show it.
 */
void
pr_value(struct out *f, const struct decoded *d)
{
	/* A type nobody names shows 0x hex, as on its AT_??? line. */
	switch (d->at == NULL ? F_ADDR : d->form) {
	case F_DEC:
	case F_ID:
	case F_BOOL:
		out_dec(f, d->value);
		break;
	case F_HEX:
	case F_HWCAP:
		out_hex(f, d->value);
		break;
	case F_STR:
		if (d->readable) {
			esc_human(f, d->str, d->strlen);
			break;
		}
		out_str(f, "0x");
		out_hex(f, d->value);
		break;
	default:
		out_str(f, "0x");
		out_hex(f, d->value);
		break;
	}
}

/* Shows a failed source, in the formats that have a form for it. */
void
pr_failure(const struct printer *p, struct out *f, const struct pr_ctx *c,
    const struct auxv_vec *v, const struct diag *d, const char *msg)
{
	if (p->failure != NULL)
		p->failure(f, c, v, d, msg);
}
