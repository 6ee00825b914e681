/*
 * The default format, laid out as glibc's LD_SHOW_AUXV, with the decoded
 * extras after two spaces.
 */
#include <string.h>

#include "esc.h"
#include "print.h"
#include "print_follow.h"

/* The name and colon are padded to this many columns, as glibc does. */
#define NAME_COLS 22

static void
put_flags(struct out *f, const struct decoded *d)
{
	const char(*names)[HWCAP_NAME_LEN] = hwcap_names[d->bits];
	int first = 1;
	uint64_t set;

	/* The set bits only, lowest first. */
	for (set = d->value; set != 0; set &= set - 1) {
		const char *name = names[__builtin_ctzll(set)];

		if (name[0] == '\0')
			continue;
		out_char(f, ' ');
		if (first)
			out_char(f, ' ');
		out_fixed(
		    f, name, HWCAP_NAME_LEN, name_len(name, HWCAP_NAME_LEN));
		first = 0;
	}
	if (d->unknown_bits != 0) {
		out_str(f, first ? "  unknown:0x" : " unknown:0x");
		out_hex(f, d->unknown_bits);
	}
}

static void
put_extras(struct out *f, const struct decoded *d)
{
	switch (d->form) {
	case F_STR:
		if (!d->readable)
			out_str(f, "  (unreadable)");
		else if (d->truncated)
			out_str(f, "  (truncated)");
		break;
	case F_RANDOM:
		if (!d->readable) {
			out_str(f, "  (unreadable)");
			break;
		}
		out_str(f, "  ");
		out_hexbytes(f, d->bytes, sizeof(d->bytes));
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

/*
 * "AT_NAME:" padded to NAME_COLS.  The name's whole array and a run of
 * spaces are copied at fixed sizes, which compile to a few stores, and
 * only what belongs to the line is kept.
 */
static void
put_name(struct out *f, const struct at_type *a)
{
	static const char spaces[NAME_COLS] = "                      ";
	size_t len = a->namelen;
	char *p = out_reserve(f, 4 + sizeof(a->name) + sizeof(spaces));

	memcpy(p, "AT_", 3);
	memcpy(p + 3, a->name, sizeof(a->name));
	p[3 + len] = ':';
	memcpy(p + 4 + len, spaces, sizeof(spaces));
	f->len += 4 + len < NAME_COLS ? NAME_COLS : 4 + len;
}

static void
human_vector(struct out *f, const struct pr_ctx *c, const struct auxv_vec *v,
    const struct decoded *d, size_t n)
{
	unsigned int followed = 0;
	size_t i;

	if (c->opts->value_only) {
		for (i = 0; i < n; i++) {
			pr_value(f, &d[i]);
			out_char(f, '\n');
		}
		return;
	}
	pr_header(f, c, v);
	for (i = 0; i < n; i++) {
		if (d[i].at == NULL) {
			out_str(f, "AT_??? (0x");
			out_hex(f, d[i].type);
			out_str(f, "): 0x");
			out_hex(f, d[i].value);
		} else {
			put_name(f, d[i].at);
			pr_value(f, &d[i]);
			put_extras(f, &d[i]);
		}
		if (c->opts->verbose) {
			if (c->followed != NULL)
				pr_follow_human(
				    f, c->followed, &d[i], &followed);
			out_str(f, "  # ");
			if (d[i].at != NULL)
				out_arr(f, d[i].at->desc, d[i].at->desclen);
			else
				out_str(f, "Unknown type");
		}
		out_char(f, '\n');
	}
}

const struct printer pr_human = {
	"human",
	PR_DECODE | PR_VALUE | PR_FOLLOW_VERBOSE,
	human_vector,
	NULL,
	NULL,
};
