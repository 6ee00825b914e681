/*
 * One JSON object per source, one per line.  Integers are printed exactly
 * (JSON has no size limit; a reader that wants exactness parses them as
 * such), and every string goes through esc_json.
 */
#include <string.h>
#include <time.h>

#include "arch.h"
#include "esc.h"
#include "print.h"
#include "print_follow.h"

static const char kinds[][8] = {
	[SRC_SELF] = "self",
	[SRC_PID] = "pid",
	[SRC_FILE] = "file",
	[SRC_CORE] = "core",
	[SRC_EXEC] = "exec",
};

static void
put_str(struct out *f, const char *s)
{
	if (s == NULL)
		out_str(f, "null");
	else
		esc_json(f, s, strlen(s));
}

/*
 * Text of our own tables, NUL-padded arrays of plain ASCII with no quote
 * or backslash: copied whole, len bytes kept.
 */
#define put_lit(f, arr, len) put_fixed((f), (arr), sizeof(arr), (len))

static inline void
put_fixed(struct out *f, const char *s, size_t size, size_t len)
{
	out_char(f, '"');
	out_fixed(f, s, size, len);
	out_char(f, '"');
}

static void
json_head(struct out *f, const struct auxv_vec *v)
{
	out_str(f, "{\"source\":");
	put_lit(f, kinds[v->kind], name_len(kinds[v->kind], sizeof(kinds[0])));
	out_str(f, ",\"label\":");
	put_str(f, v->label);
	if (v->kind == SRC_SELF || v->kind == SRC_PID || v->kind == SRC_EXEC) {
		out_str(f, ",\"pid\":");
		if (v->pid > 0)
			out_dec(f, (uint64_t)v->pid);
		else
			out_str(f, "null");
	}
	if (v->kind != SRC_FILE) {
		out_str(f, ",\"comm\":");
		put_str(f, v->comm);
		out_str(f, ",\"exe\":");
		put_str(f, v->exe);
	}
	if (v->kind == SRC_FILE || v->kind == SRC_CORE) {
		out_str(f, ",\"path\":");
		put_str(f, v->path);
	}
	if (v->kind == SRC_EXEC) {
		out_str(f, ",\"command\":");
		put_str(f, v->path);
	}
}

/* n decimal digits of v, zero-padded. */
static void
put_digits(struct out *f, uint64_t v, int n)
{
	char d[20];
	int i;

	for (i = n - 1; i >= 0; i--, v /= 10)
		d[i] = (char)('0' + v % 10);
	out_mem(f, d, (size_t)n);
}

/*
 * --watch: when the program exec'd, as RFC 3339 in UTC with
 * milliseconds, and its parent.
 */
static void
json_watch(struct out *f, const struct pr_watch *w)
{
	time_t t = (time_t)w->sec;
	struct tm tm;

	out_str(f, ",\"time\":");
	if (gmtime_r(&t, &tm) == NULL || tm.tm_year < -1900 ||
	    tm.tm_year > 9999 - 1900)
		out_str(f, "null");
	else {
		out_char(f, '"');
		put_digits(f, (uint64_t)tm.tm_year + 1900, 4);
		out_char(f, '-');
		put_digits(f, (uint64_t)tm.tm_mon + 1, 2);
		out_char(f, '-');
		put_digits(f, (uint64_t)tm.tm_mday, 2);
		out_char(f, 'T');
		put_digits(f, (uint64_t)tm.tm_hour, 2);
		out_char(f, ':');
		put_digits(f, (uint64_t)tm.tm_min, 2);
		out_char(f, ':');
		put_digits(f, (uint64_t)tm.tm_sec, 2);
		out_char(f, '.');
		put_digits(f, w->msec, 3);
		out_str(f, "Z\"");
	}
	out_str(f, ",\"ppid\":");
	if (w->ppid > 0)
		out_dec(f, (uint64_t)w->ppid);
	else
		out_str(f, "null");
}

static void
json_layout(struct out *f, const struct auxv_vec *v)
{
	out_str(f, ",\"arch\":");
	if (v->arch != NULL)
		put_lit(f, v->arch->name,
		    name_len(v->arch->name, sizeof(v->arch->name)));
	else
		out_str(f, "null");
	out_str(f, ",\"machine\":");
	out_dec(f, v->machine);
	out_str(f, ",\"word_size\":");
	out_dec(f, v->wordsize);
	out_str(f,
	    v->bigendian ? ",\"byte_order\":\"big\""
	                 : ",\"byte_order\":\"little\"");
}

/* The most the head of an entry takes: literals, two numbers, a name. */
#define ENTRY_HEAD                                                             \
	(sizeof("{\"type\":,\"name\":\"AT_\",\"value\":,\"hex\":\"0x\"") +     \
	    20 + sizeof(((struct at_type *)0)->name) + 20 + 16)

static void
json_entry(struct out *f, const struct followed *fo, const struct decoded *d,
    unsigned int *followed)
{
	const char(*names)[HWCAP_NAME_LEN] = hwcap_names[d->bits];
	int first = 1;
	uint64_t set;
	char *p, *start;

	/* Type, name, value and hex: written at once in reserved room. */
	p = start = out_reserve(f, ENTRY_HEAD);
	p = lit_at(p, "{\"type\":");
	p = fmt_dec(p, d->type);
	if (d->at != NULL) {
		p = lit_at(p, ",\"name\":\"AT_");
		memcpy(p, d->at->name, sizeof(d->at->name));
		p += d->at->namelen;
		*p++ = '"';
	} else
		p = lit_at(p, ",\"name\":null");
	p = lit_at(p, ",\"value\":");
	p = fmt_dec(p, d->value);
	p = lit_at(p, ",\"hex\":\"0x");
	p = fmt_hex(p, d->value);
	*p++ = '"';
	f->len += (size_t)(p - start);
	switch (d->form) {
	case F_STR:
		out_str(f, ",\"string\":");
		if (d->readable)
			esc_json(f, d->str, d->strlen);
		else
			out_str(f, "null");
		if (d->readable && d->truncated)
			out_str(f, ",\"truncated\":true");
		break;
	case F_RANDOM:
		out_str(f, ",\"bytes\":");
		if (!d->readable) {
			out_str(f, "null");
			break;
		}
		out_char(f, '"');
		out_hexbytes(f, d->bytes, sizeof(d->bytes));
		out_char(f, '"');
		break;
	case F_HWCAP:
	case F_HWCAP2:
	case F_HWCAP3:
	case F_HWCAP4:
		out_str(f, ",\"flags\":[");
		for (set = d->value; set != 0; set &= set - 1) {
			const char *name = names[__builtin_ctzll(set)];

			if (name[0] == '\0')
				continue;
			if (!first)
				out_char(f, ',');
			put_fixed(f, name, HWCAP_NAME_LEN,
			    name_len(name, HWCAP_NAME_LEN));
			first = 0;
		}
		out_str(f, "],\"unknown_bits\":");
		out_dec(f, d->unknown_bits);
		break;
	default:
		break;
	}
	if (fo != NULL)
		pr_follow_json(f, fo, d, followed);
	out_str(f, ",\"description\":");
	if (d->at != NULL)
		put_lit(f, d->at->desc, d->at->desclen);
	else
		out_str(f, "null");
	out_char(f, '}');
}

static void
json_error(struct out *f, const struct diag *dg, const char *msg)
{
	out_str(f, ",\"error\":{\"errno\":");
	if (dg->err < 0) {
		out_char(f, '-');
		out_dec(f, 0 - (uint64_t)(int64_t)dg->err);
	} else
		out_dec(f, (uint64_t)dg->err);
	out_str(f, ",\"message\":");
	put_str(f, msg);
	if (dg->has_offset) {
		out_str(f, ",\"offset\":");
		out_dec(f, dg->offset);
	}
	out_char(f, '}');
}

static void
json_vector(struct out *f, const struct pr_ctx *c, const struct auxv_vec *v,
    const struct decoded *d, size_t n)
{
	unsigned int followed = 0;
	size_t i;

	json_head(f, v);
	if (c->watch != NULL)
		json_watch(f, c->watch);
	json_layout(f, v);
	out_str(f, ",\"entries\":[");
	for (i = 0; i < n; i++) {
		if (i > 0)
			out_char(f, ',');
		json_entry(f, c->followed, &d[i], &followed);
	}
	out_char(f, ']');
	if (c->partial != NULL)
		json_error(f, c->partial, c->partial_msg);
	out_str(f, "}\n");
}

static void
json_failure(struct out *f, const struct pr_ctx *c, const struct auxv_vec *v,
    const struct diag *dg, const char *msg)
{
	json_head(f, v);
	if (c->watch != NULL)
		json_watch(f, c->watch);
	json_error(f, dg, msg);
	out_str(f, "}\n");
}

const struct printer pr_json = {
	"json",
	PR_DECODE | PR_PID | PR_FOLLOW | PR_OBJECT,
	json_vector,
	json_failure,
	NULL,
};
