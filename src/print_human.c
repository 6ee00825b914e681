/*
 * The default format, laid out as glibc's LD_SHOW_AUXV, with the decoded
 * extras after two spaces.
 */
#include <inttypes.h>
#include <string.h>

#include "print.h"

/* The name and colon are padded to this many columns, as glibc does. */
#define NAME_COLS 22

static void
put_flags(FILE *f, const struct decoded *d)
{
	const char *sep = "  ";
	unsigned int i;

	for (i = 0; i < 64; i++)
		if ((d->value >> i & 1) && decode_bit_name(d, i) != NULL) {
			fputs(sep, f);
			fputs(decode_bit_name(d, i), f);
			sep = " ";
		}
	if (d->unknown_bits != 0)
		fprintf(f, "%sunknown:0x%" PRIx64, sep, d->unknown_bits);
}

static void
put_extras(FILE *f, const struct decoded *d)
{
	unsigned int i;

	switch (d->form) {
	case F_STR:
		if (!d->readable)
			fputs("  (unreadable)", f);
		else if (d->truncated)
			fputs("  (truncated)", f);
		break;
	case F_RANDOM:
		if (!d->readable) {
			fputs("  (unreadable)", f);
			break;
		}
		fputs("  ", f);
		for (i = 0; i < sizeof(d->bytes); i++)
			fprintf(f, "%02x", d->bytes[i]);
		break;
	case F_HWCAP:
	case F_HWCAP2:
	case F_HWCAP3:
	case F_HWCAP4:
		put_flags(f, d);
		break;
	default:
		break;
	}
}

static void
human_vector(FILE *f, const struct pr_ctx *c, const struct auxv_vec *v,
    const struct decoded *d, size_t n)
{
	size_t i;
	int w;

	if (c->opts->value_only) {
		for (i = 0; i < n; i++) {
			pr_value(f, &d[i]);
			putc('\n', f);
		}
		return;
	}
	pr_header(f, c, v);
	for (i = 0; i < n; i++) {
		if (d[i].at == NULL) {
			fprintf(f, "AT_??? (0x%" PRIx64 "): 0x%" PRIx64,
			    d[i].type, d[i].value);
		} else {
			w = fprintf(f, "AT_%s:", d[i].at->name);
			if (w < NAME_COLS)
				fprintf(f, "%*s", NAME_COLS - w, "");
			pr_value(f, &d[i]);
			put_extras(f, &d[i]);
		}
		if (c->opts->verbose)
			fprintf(f, "  # %s",
			    d[i].at != NULL ? d[i].at->desc : "Unknown type");
		putc('\n', f);
	}
}

const struct printer pr_human = {
	"human",
	PR_DECODE,
	human_vector,
	NULL,
};
