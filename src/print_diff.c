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
#include "print_diff.h"

/* Types whose values are addresses ASLR moves. */
static int
moved_by_aslr(uint64_t type)
{
	switch (type) {
	case AT_NUM_PHDR:
	case AT_NUM_BASE:
	case AT_NUM_ENTRY:
	case AT_NUM_SYSINFO:
	case AT_NUM_SYSINFO_EHDR:
		return 1;
	default:
		return 0;
	}
}

static int
is_hwcap(const struct decoded *d)
{
	return d->form == F_HWCAP || d->form == F_HWCAP2 ||
	    d->form == F_HWCAP3 || d->form == F_HWCAP4;
}

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

/* The value text as --value shows it, in the scratch buffer s. */
static void
text(struct out *s, const struct decoded *d)
{
	s->len = 0;
	pr_value(s, d);
}

/*
 * Whether two entries of one type differ as --diff compares them: 0 the
 * same (or a difference left out), 1 different.
 */
static int
differ(
    const struct diff_ctx *x, const struct decoded *a, const struct decoded *b)
{
	if (!x->all) {
		if (moved_by_aslr(a->type))
			return 0;
		if (a->form == F_RANDOM)
			return 0;
		/* A string not read is its address, moved by ASLR. */
		if (a->form == F_STR && (!a->readable || !b->readable))
			return 0;
	}
	if (a->form == F_STR && a->readable && b->readable)
		return a->strlen != b->strlen ||
		    memcmp(a->str, b->str, a->strlen) != 0 ||
		    a->truncated != b->truncated;
	if (a->form == F_RANDOM && a->readable && b->readable)
		return memcmp(a->bytes, b->bytes, sizeof(a->bytes)) != 0;
	return a->value != b->value;
}

static void
put_name(struct out *f, const struct decoded *d)
{
	if (d->at != NULL) {
		out_str(f, "AT_");
		out_arr(f, d->at->name, d->at->namelen);
	} else {
		out_str(f, "AT_??? (0x");
		out_hex(f, d->type);
		out_char(f, ')');
	}
}

/* One flag, +name or -name (0x and the bit where it has no name). */
static void
put_flag(struct out *f, const char *sep, int *first, int json, char sign,
    enum hwcap_table t, unsigned int i)
{
	const char *name = hwcap_names[t][i];
	size_t len = name_len(name, HWCAP_NAME_LEN);

	if (json) {
		out_str(f, *first ? "\"" : ",\"");
		out_char(f, sign);
	} else {
		out_str(f, *first ? sep : " ");
		out_char(f, sign);
	}
	if (len > 0)
		out_mem(f, name, len);
	else {
		out_str(f, "0x");
		out_hex(f, 1ULL << i);
	}
	if (json)
		out_char(f, '"');
	*first = 0;
}

/*
 * +name for each flag set in b and not in a, -name for the reverse.  Of
 * two architectures, the bits mean different things: all of a's flags
 * are removed and all of b's added.
 */
static void
put_flags(struct out *f, const char *sep, const struct decoded *a,
    const struct decoded *b, int json)
{
	uint64_t gone = a->value & ~b->value, come = b->value & ~a->value;
	int first = 1;

	if (a->bits != b->bits) {
		gone = a->value;
		come = b->value;
	}
	for (; gone != 0; gone &= gone - 1)
		put_flag(f, sep, &first, json, '-', a->bits,
		    (unsigned int)__builtin_ctzll(gone));
	for (; come != 0; come &= come - 1)
		put_flag(f, sep, &first, json, '+', b->bits,
		    (unsigned int)__builtin_ctzll(come));
}

/* One difference: a, b or both may be NULL where the entry is absent. */
static void
put_human(struct diff_ctx *x, const struct decoded *a, const struct decoded *b)
{
	struct out *f = x->f;

	if (a == NULL || b == NULL) {
		out_str(f, a == NULL ? "+ " : "- ");
		put_name(f, a != NULL ? a : b);
		out_str(f, ": ");
		text(x->scratch, a != NULL ? a : b);
		out_mem(f, x->scratch->buf, x->scratch->len);
		out_char(f, '\n');
		return;
	}
	put_name(f, a);
	out_str(f, ": ");
	text(x->scratch, a);
	out_mem(f, x->scratch->buf, x->scratch->len);
	out_str(f, " -> ");
	text(x->scratch, b);
	out_mem(f, x->scratch->buf, x->scratch->len);
	if (is_hwcap(a))
		put_flags(f, "  ", a, b, 0);
	out_char(f, '\n');
}

static void
put_json_value(struct diff_ctx *x, const char *key, const struct decoded *d)
{
	out_str(x->f, key);
	if (d == NULL) {
		out_str(x->f, "null");
		return;
	}
	text(x->scratch, d);
	out_char(x->f, '{');
	out_str(x->f, "\"value\":");
	out_dec(x->f, d->value);
	out_str(x->f, ",\"text\":");
	/* The text of an untrusted string is escaped for JSON once more. */
	if (d->form == F_STR && d->readable)
		esc_json(x->f, d->str, d->strlen);
	else
		esc_json(x->f, x->scratch->buf, x->scratch->len);
	out_char(x->f, '}');
}

static void
put_json(struct diff_ctx *x, const struct decoded *a, const struct decoded *b)
{
	const struct decoded *d = a != NULL ? a : b;
	struct out *f = x->f;

	out_str(f, x->ndiff > 0 ? "," : "");
	out_str(f, "{\"type\":");
	out_dec(f, d->type);
	out_str(f, ",\"name\":");
	if (d->at != NULL) {
		out_str(f, "\"AT_");
		out_arr(f, d->at->name, d->at->namelen);
		out_char(f, '"');
	} else
		out_str(f, "null");
	out_str(f, ",\"change\":");
	out_str(f,
	    a == NULL       ? "\"added\""
	        : b == NULL ? "\"removed\""
	                    : "\"changed\"");
	put_json_value(x, ",\"a\":", a);
	put_json_value(x, ",\"b\":", b);
	if (a != NULL && b != NULL && is_hwcap(a)) {
		out_str(f, ",\"flags\":[");
		put_flags(f, "", a, b, 1);
		out_char(f, ']');
	}
	out_char(f, '}');
}

static void head(struct diff_ctx *, const char *, const struct auxv_vec *);

/* The two sources are named before the first difference, as diff -u. */
static void
first_difference(struct diff_ctx *x)
{
	if (x->ndiff > 0 || x->json)
		return;
	head(x, "--- ", x->a);
	head(x, "+++ ", x->b);
}

static void
report(struct diff_ctx *x, const struct decoded *a, const struct decoded *b)
{
	first_difference(x);
	if (x->json)
		put_json(x, a, b);
	else
		put_human(x, a, b);
	x->ndiff++;
}

/* The layout of the two vectors, where it differs. */
static void
layout(struct diff_ctx *x, const struct auxv_vec *a, const struct auxv_vec *b)
{
	const char *an = a->arch != NULL ? a->arch->name : "unknown";
	const char *bn = b->arch != NULL ? b->arch->name : "unknown";

	if (x->json) {
		if (strcmp(an, bn) != 0) {
			out_str(x->f, "{\"field\":\"arch\",\"a\":\"");
			out_str(x->f, an);
			out_str(x->f, "\",\"b\":\"");
			out_str(x->f, bn);
			out_str(x->f, "\"}");
			x->ndiff++;
		}
		if (a->wordsize != b->wordsize) {
			out_str(x->f, x->ndiff > 0 ? "," : "");
			out_str(x->f, "{\"field\":\"word_size\",\"a\":");
			out_dec(x->f, a->wordsize);
			out_str(x->f, ",\"b\":");
			out_dec(x->f, b->wordsize);
			out_char(x->f, '}');
			x->ndiff++;
		}
		return;
	}
	if (strcmp(an, bn) != 0) {
		first_difference(x);
		out_str(x->f, "arch: ");
		out_str(x->f, an);
		out_str(x->f, " -> ");
		out_str(x->f, bn);
		out_char(x->f, '\n');
		x->ndiff++;
	}
	if (a->wordsize != b->wordsize) {
		first_difference(x);
		out_str(x->f, "word_size: ");
		out_dec(x->f, a->wordsize);
		out_str(x->f, " -> ");
		out_dec(x->f, b->wordsize);
		out_char(x->f, '\n');
		x->ndiff++;
	}
}

static void
head(struct diff_ctx *x, const char *mark, const struct auxv_vec *v)
{
	out_str(x->f, mark);
	esc_human(x->f, v->label, strlen(v->label));
	if (v->comm != NULL) {
		out_str(x->f, " (");
		esc_human(x->f, v->comm, strlen(v->comm));
		out_char(x->f, ')');
	}
	out_char(x->f, '\n');
}

static void
json_side(struct diff_ctx *x, const char *key, const struct auxv_vec *v)
{
	out_str(x->f, key);
	out_str(x->f, "{\"label\":");
	esc_json(x->f, v->label, strlen(v->label));
	out_str(x->f, ",\"comm\":");
	if (v->comm != NULL)
		esc_json(x->f, v->comm, strlen(v->comm));
	else
		out_str(x->f, "null");
	out_str(x->f, ",\"arch\":");
	if (v->arch != NULL) {
		out_char(x->f, '"');
		out_str(x->f, v->arch->name);
		out_char(x->f, '"');
	} else
		out_str(x->f, "null");
	out_str(x->f, ",\"word_size\":");
	out_dec(x->f, v->wordsize);
	out_char(x->f, '}');
}

size_t
pr_diff(struct diff_ctx *x, const struct auxv_vec *va, const struct decoded *a,
    size_t na, const struct auxv_vec *vb, const struct decoded *b, size_t nb)
{
	const struct decoded *m;
	size_t i;

	x->ndiff = 0;
	x->a = va;
	x->b = vb;
	if (x->json) {
		json_side(x, "{\"a\":", va);
		json_side(x, ",\"b\":", vb);
		out_str(x->f, ",\"differences\":[");
	}
	layout(x, va, vb);
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
		out_str(x->f, "],\"same\":");
		out_str(x->f, x->ndiff == 0 ? "true}\n" : "false}\n");
	}
	return x->ndiff;
}
