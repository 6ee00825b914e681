/*
 * --diff A B: what differs between two vectors.  Entries are matched by
 * type (the k-th entry of a type in A with the k-th of it in B); strings
 * are compared by content, HWCAP words by their flags.  What differs by
 * design from one run to the next (addresses that ASLR moves, the random
 * bytes) is left out unless --diff-all.
 */
#include <string.h>

#include "arch.h"
#include "at.h"
#include "esc.h"
#include "json_names.h"
#include "print_diff.h"

/* The entry of type after the k-th earlier one of it, or NULL. */
static const struct decoded *
nth(const struct decoded *d, size_t n, uint64_t type, size_t k)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (d[i].type == type && k-- == 0)
			return &d[i];
	return NULL;
}

/* How many entries of d[0..i) have d[i]'s type. */
static size_t
rank(const struct decoded *d, size_t i)
{
	size_t j, k = 0;

	for (j = 0; j < i; j++)
		k += d[j].type == d[i].type;
	return k;
}

/*
 * Whether two entries of one type differ as --diff compares them: 0 the
 * same (or a difference left out), 1 different.
 */
static int
differ(
    const struct diff_ctx *x, const struct decoded *a, const struct decoded *b)
{
	/* Addresses ASLR moves; a string not read is its address. */
	if (!x->all &&
	    (a->type == AT_NUM_PHDR || a->type == AT_NUM_BASE ||
	        a->type == AT_NUM_ENTRY || a->type == AT_NUM_SYSINFO ||
	        a->type == AT_NUM_SYSINFO_EHDR || a->form == F_RANDOM ||
	        (a->form == F_STR && (!a->readable || !b->readable))))
		return 0;
	if (a->form == F_STR && a->readable && b->readable)
		return a->strlen != b->strlen ||
		    memcmp(a->str, b->str, a->strlen) != 0 ||
		    a->truncated != b->truncated;
	if (a->form == F_RANDOM && a->readable && b->readable)
		return memcmp(a->bytes, b->bytes, sizeof(a->bytes)) != 0;
	return a->value != b->value;
}

/*
 * +name for each flag set in b and not in a, -name for the reverse (0x
 * and the bit where it has no name), each after first or sep and within
 * quotes q.  Of two architectures, the bits mean different things: all
 * of a's flags are removed and all of b's added.
 */
static void
put_flags(struct out *f, const char *first, const char *sep, const char *q,
    const struct decoded *a, const struct decoded *b)
{
	struct bits w[2];
	size_t i;

	bits_hwcap(&w[0], a->value & ~b->value, a->bits);
	bits_hwcap(&w[1], b->value & ~a->value, b->bits);
	if (a->bits != b->bits) {
		w[0].left = a->value;
		w[1].left = b->value;
	}
	for (i = 0; i < 2; i++)
		while (bits_next(&w[i])) {
			out_str(f, first);
			out_str(f, q);
			out_char(f, "-+"[i]);
			if (w[i].name != NULL)
				out_mem(f, w[i].name, w[i].len);
			else {
				out_str(f, "0x");
				out_hex(f, w[i].bit);
			}
			out_str(f, q);
			first = sep;
		}
}

/*
 * A side's value; AT_RANDOM's with its bytes where they were read, after
 * two spaces as on its human line, since with --diff-all two vectors at
 * one address differ by them alone.
 */
static void
put_value(struct out *f, const struct decoded *d)
{
	pr_value(f, d);
	if (d->form == F_RANDOM && d->readable) {
		out_str(f, "  ");
		out_hexbytes(f, d->bytes, sizeof(d->bytes));
	}
}

/* One difference: a or b is NULL where the entry is absent. */
static void
put_human(struct diff_ctx *x, const struct decoded *a, const struct decoded *b)
{
	struct out *f = x->f;
	const struct decoded *d = a != NULL ? a : b; /* never both NULL */

	if (a == NULL || b == NULL)
		out_str(f, a == NULL ? "+ " : "- ");
	pr_name(f, d->at, d->type);
	out_str(f, ": ");
	put_value(f, d);
	if (a != NULL && b != NULL) {
		out_str(f, " -> ");
		put_value(f, b);
		if (at_is_hwcap(a->form))
			put_flags(f, "  ", " ", "", a, b);
	}
	out_char(f, '\n');
}

/* A side in JSON: the number as "value", null where none, and the text. */
static void
put_side(struct out *f, const uint64_t *value, const char *text, size_t len)
{
	struct json v = { f, 0 };

	out_char(f, '{');
	jn_key(&v, JN_VALUE);
	if (value != NULL)
		out_dec(f, *value);
	else
		out_str(f, "null");
	jn_key(&v, JN_TEXT);
	esc_json(f, text, len);
	out_char(f, '}');
}

static void
put_json_value(struct diff_ctx *x, const struct decoded *d)
{
	if (d == NULL)
		out_str(x->f, "null");
	/* The text of an untrusted string is escaped for JSON once more. */
	else if (d->form == F_STR && d->readable)
		put_side(x->f, &d->value, d->str, d->strlen);
	else {
		x->scratch->len = 0;
		put_value(x->scratch, d);
		put_side(x->f, &d->value, x->scratch->buf, x->scratch->len);
	}
}

/*
 * The keys every element of "differences" has, in this order, null where
 * one does not apply: an entry's type and name, or the field of the
 * layout (arch, word_size); the change; each side; an HWCAP word's
 * flags.  The man page documents the same list.
 */
static void
put_json_head(struct json *o, const struct decoded *d, const char *field,
    const char *change)
{
	struct out *f = o->f;

	jn_key(o, JN_TYPE);
	if (d != NULL)
		out_dec(f, d->type);
	else
		out_str(f, "null");
	jn_key(o, JN_NAME);
	if (d != NULL && d->at != NULL) {
		out_char(f, '"');
		pr_name(f, d->at, d->type);
		out_char(f, '"');
	} else
		out_str(f, "null");
	jn_key(o, JN_FIELD);
	json_strz(f, field);
	jn_key(o, JN_CHANGE);
	json_strz(f, change);
}

static void
put_json(struct diff_ctx *x, const struct decoded *a, const struct decoded *b)
{
	struct out *f = x->f;
	struct json o = { f, 0 };

	out_char(f, '{');
	put_json_head(&o, a != NULL ? a : b, NULL,
	    a == NULL       ? "added"
	        : b == NULL ? "removed"
	                    : "changed");
	jn_key(&o, JN_A);
	put_json_value(x, a);
	jn_key(&o, JN_B);
	put_json_value(x, b);
	jn_key(&o, JN_FLAGS);
	if (a != NULL && b != NULL && at_is_hwcap(a->form)) {
		out_char(f, '[');
		put_flags(f, "", ",", "\"", a, b);
		out_char(f, ']');
	} else
		out_str(f, "null");
	out_char(f, '}');
}

/*
 * Before a difference: the two sources named before the first, as diff
 * -u does, or the comma between two JSON elements.
 */
static void
begin(struct diff_ctx *x)
{
	struct json l = { x->f, x->ndiff++ };

	if (x->json)
		json_next(&l);
	else if (l.n == 0) {
		out_str(x->f, "--- ");
		pr_label(x->f, x->a);
		out_str(x->f, "\n+++ ");
		pr_label(x->f, x->b);
		out_char(x->f, '\n');
	}
}

static void
report(struct diff_ctx *x, const struct decoded *a, const struct decoded *b)
{
	begin(x);
	if (x->json)
		put_json(x, a, b);
	else
		put_human(x, a, b);
}

/*
 * A field of the layout that differs, named as its member: each side a
 * name, or else a number.
 */
static void
field(struct diff_ctx *x, enum json_name m, const char *a, const char *b,
    uint64_t na, uint64_t nb)
{
	const char *name = jn_rows[m].name;
	const char *s[2] = { a, b };
	const uint64_t n[2] = { na, nb };
	struct out *f = x->f, *t = x->scratch;
	struct json o = { f, 0 };
	size_t i;

	begin(x);
	if (x->json) {
		out_char(f, '{');
		put_json_head(&o, NULL, name, "changed");
	} else
		out_str(f, name);
	for (i = 0; i < 2; i++) {
		t->len = 0;
		if (s[i] == NULL)
			out_dec(t, n[i]);
		else
			out_str(t, s[i]);
		if (x->json) {
			jn_key(&o, i == 0 ? JN_A : JN_B);
			put_side(
			    f, s[i] == NULL ? &n[i] : NULL, t->buf, t->len);
		} else {
			out_str(f, i == 0 ? ": " : " -> ");
			out_mem(f, t->buf, t->len);
		}
	}
	if (x->json) {
		jn_key(&o, JN_FLAGS);
		out_str(f, "null}");
	} else
		out_char(f, '\n');
}

/* A side: the members of the JSON printer's head that name it. */
static void
json_side(struct out *f, const struct auxv_vec *v)
{
	struct json s = { f, 0 };

	out_char(f, '{');
	pr_json_vec(&s, v,
	    JN_BIT(LABEL) | JN_BIT(COMM) | JN_BIT(ARCH) | JN_BIT(WORD_SIZE));
	out_char(f, '}');
}

size_t
pr_diff(struct diff_ctx *x, const struct auxv_vec *va, const struct decoded *a,
    size_t na, const struct auxv_vec *vb, const struct decoded *b, size_t nb)
{
	const char *an = va->arch != NULL ? va->arch->name : "unknown";
	const char *bn = vb->arch != NULL ? vb->arch->name : "unknown";
	struct json o = { x->f, 0 };
	const struct decoded *m;
	size_t i;

	x->ndiff = 0;
	x->a = va;
	x->b = vb;
	if (x->json) {
		out_char(x->f, '{');
		jn_key(&o, JN_SCHEMA);
		out_dec(x->f, PR_JSON_SCHEMA);
		jn_key(&o, JN_A);
		json_side(x->f, va);
		jn_key(&o, JN_B);
		json_side(x->f, vb);
		jn_key(&o, JN_DIFFERENCES);
		out_char(x->f, '[');
	}
	/* The layout of the two vectors, where it differs. */
	if (strcmp(an, bn) != 0)
		field(x, JN_ARCH, an, bn, 0, 0);
	if (va->wordsize != vb->wordsize)
		field(x, JN_WORD_SIZE, NULL, NULL, va->wordsize, vb->wordsize);
	/* A's entries in its order, each against its match in B. */
	for (i = 0; i < na; i++) {
		m = nth(b, nb, a[i].type, rank(a, i));
		if (m == NULL)
			report(x, &a[i], NULL);
		else if (differ(x, &a[i], m))
			report(x, &a[i], m);
	}
	/* Then what only B has. */
	for (i = 0; i < nb; i++)
		if (nth(a, na, b[i].type, rank(b, i)) == NULL)
			report(x, NULL, &b[i]);
	if (x->json) {
		out_char(x->f, ']');
		jn_key(&o, JN_SAME);
		out_str(x->f, x->ndiff == 0 ? "true}\n" : "false}\n");
	}
	return x->ndiff;
}

size_t
pr_diff_json(struct diff_ctx *x, const struct auxv_vec *va,
    const struct decoded *a, size_t na, const struct auxv_vec *vb,
    const struct decoded *b, size_t nb)
{
	x->json = 1;
	return pr_diff(x, va, a, na, vb, b, nb);
}
