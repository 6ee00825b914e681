/*
 * The default format, laid out as glibc's LD_SHOW_AUXV, with the decoded
 * extras after two spaces.
 */
#include <string.h>

#include "check.h"
#include "esc.h"
#include "print.h"
#include "print_diff.h"
#include "print_follow.h"

/* The name and colon are padded to this many columns, as glibc does. */
#define NAME_COLS 22

static void
put_extras(struct out *f, const struct decoded *d)
{
	struct bits w;

	if ((d->form == F_STR || d->form == F_RANDOM) && !d->readable)
		out_str(f, "  (unreadable)");
	else if (d->form == F_STR && d->truncated)
		out_str(f, "  (truncated)");
	else if (d->form == F_RANDOM) {
		out_str(f, "  ");
		out_hexbytes(f, d->bytes, sizeof(d->bytes));
	} else if (at_is_hwcap(d->form)) {
		bits_hwcap(&w, d->value, d->bits);
		pr_bits_text(f, &w, 2, ' ');
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
	size_t len = 4 + a->namelen;
	char *p = out_reserve(f, PR_NAME_MAX + 1 + sizeof(spaces));
	char *e = pr_at_name(p, a);

	*e = ':';
	memcpy(e + 1, spaces, sizeof(spaces));
	f->len += len < NAME_COLS ? NAME_COLS : len;
}

/*
 * --value: a line per key, in the order the keys were given, so that a
 * script's Nth line is its Nth key's: empty where the vector lacks the
 * type, one per entry where it holds the type more than once
 * (AT_IGNOREPPC).  Without -k, a line per entry.
 */
static void
human_values(
    struct out *f, const struct opts *o, const struct decoded *d, size_t n)
{
	size_t i, k, seen;

	if (o->nkeys == 0) {
		for (i = 0; i < n; i++) {
			pr_script_value(f, &d[i]);
			out_char(f, '\n');
		}
		return;
	}
	for (k = 0; k < o->nkeys; k++) {
		for (i = seen = 0; i < n; i++) {
			if (d[i].type != o->keys[k])
				continue;
			pr_script_value(f, &d[i]);
			out_char(f, '\n');
			seen++;
		}
		if (seen == 0)
			out_char(f, '\n');
	}
}

static void
human_vector(struct out *f, const struct pr_ctx *c, const struct auxv_vec *v,
    const struct decoded *d, size_t n)
{
	size_t i;

	if (c->opts->value_only) {
		human_values(f, c->opts, d, n);
		return;
	}
	pr_header(f, c, v);
	for (i = 0; i < n; i++) {
		if (d[i].at == NULL) {
			pr_name(f, NULL, d[i].type);
			out_str(f, ": 0x");
			out_hex(f, d[i].value);
		} else {
			put_name(f, d[i].at);
			pr_value(f, &d[i]);
			put_extras(f, &d[i]);
		}
		if (c->opts->verbose) {
			if (c->followed != NULL)
				pr_follow(
				    f, NULL, c->followed, &d[i], i, c->memo);
			out_str(f, "  # ");
			if (d[i].at != NULL)
				out_arr(f, d[i].at->desc, d[i].at->desclen);
			else
				out_str(f, "Unknown type");
		}
		out_char(f, '\n');
	}
}

/* --check's columns: the rule's name, its result. */
#define CHECK_NAME_COLS 12
#define CHECK_RES_COLS  9

static void
put_col(struct out *f, const char *s, size_t cols)
{
	size_t len = strlen(s);

	out_mem(f, s, len);
	for (; len < cols; len++)
		out_char(f, ' ');
}

/*
 * --check: a line per rule, its name and result in columns, then the
 * evidence; with -a only a line for each process that fails, naming the
 * rules.
 */
static void
human_check(struct out *f, const struct pr_ctx *c, const struct auxv_vec *v,
    const struct check_result *r, size_t n)
{
	size_t i, k = 0;

	if (c->summary) {
		for (i = 0; i < n; i++) {
			if (r[i].res != CHECK_FAIL)
				continue;
			if (k++ == 0) {
				pr_label(f, v);
				out_str(f, ": FAIL:");
			}
			out_char(f, ' ');
			out_str(f, r[i].name);
		}
		if (k > 0)
			out_char(f, '\n');
		return;
	}
	pr_header(f, c, v);
	for (i = 0; i < n; i++) {
		put_col(f, r[i].name, CHECK_NAME_COLS);
		put_col(f, pr_check_words[r[i].res], CHECK_RES_COLS);
		esc_human(f, r[i].ev, strlen(r[i].ev));
		out_char(f, '\n');
	}
}

const struct printer pr_human = { "human",
	.flags = PR_DECODE | PR_VALUE | PR_FOLLOW_VERBOSE,
	.vector = human_vector, .diff = pr_diff, .check = human_check };
