/*
 * One JSON object per source, one per line.  Integers are printed exactly
 * (JSON has no size limit; a reader that wants exactness parses them as
 * such), and every string goes through esc_json.
 */
#include <string.h>
#include <time.h>

#include "arch.h"
#include "check.h"
#include "esc.h"
#include "print.h"
#include "print_diff.h"
#include "print_follow.h"

static const char kinds[][8] = {
	[SRC_SELF] = "self",
	[SRC_PID] = "pid",
	[SRC_FILE] = "file",
	[SRC_CORE] = "core",
	[SRC_EXEC] = "exec",
};

/* A PID, or null where it is not known. */
static void
put_id(struct out *f, pid_t id)
{
	if (id > 0)
		out_dec(f, (uint64_t)id);
	else
		out_str(f, "null");
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
json_watch(struct json *o, const struct pr_watch *w)
{
	struct out *f = o->f;
	time_t t = (time_t)w->sec;
	struct tm tm;

	json_key(o, "time");
	if (gmtime_r(&t, &tm) == NULL || tm.tm_year < -1900 ||
	    tm.tm_year > 9999 - 1900)
		out_str(f, "null");
	else {
		const uint64_t part[] = { (uint64_t)tm.tm_year + 1900,
			(uint64_t)tm.tm_mon + 1, (uint64_t)tm.tm_mday,
			(uint64_t)tm.tm_hour, (uint64_t)tm.tm_min,
			(uint64_t)tm.tm_sec, w->msec };
		size_t i;

		/* Each part after its lead character, "4222223" digits. */
		for (i = 0; i < NITEMS(part); i++) {
			out_char(f, "\"--T::."[i]);
			put_digits(f, part[i], "4222223"[i] - '0');
		}
		out_str(f, "Z\"");
	}
	json_key(o, "ppid");
	put_id(f, w->ppid);
}

/* The source, and with --watch its exec time and parent. */
static void
json_head(struct json *o, const struct pr_ctx *c, const struct auxv_vec *v)
{
	struct out *f = o->f;

	/* A JSON save read back: its process's pid, comm and exe again. */
	const int saved = v->kind == SRC_FILE &&
	    (v->pid > 0 || v->comm != NULL || v->exe != NULL);

	out_char(f, '{');
	json_key(o, "source");
	json_strz(f, kinds[v->kind]);
	json_key(o, "label");
	json_strz(f, v->label);
	if (v->kind == SRC_SELF || v->kind == SRC_PID || v->kind == SRC_EXEC ||
	    saved) {
		json_key(o, "pid");
		put_id(f, v->pid);
	}
	if (v->kind != SRC_FILE || saved) {
		json_key(o, "comm");
		json_strz(f, v->comm);
		json_key(o, "exe");
		json_strz(f, v->exe);
	}
	if (v->kind == SRC_FILE || v->kind == SRC_CORE) {
		json_key(o, "path");
		json_strz(f, v->path);
	}
	if (v->kind == SRC_EXEC) {
		json_key(o, "command");
		json_strz(f, v->path);
	}
	if (c->watch != NULL)
		json_watch(o, c->watch);
}

static void
json_layout(struct json *o, const struct auxv_vec *v)
{
	json_key(o, "arch");
	json_strz(o->f, v->arch != NULL ? v->arch->name : NULL);
	json_key(o, "machine");
	out_dec(o->f, v->machine);
	json_key(o, "word_size");
	out_dec(o->f, v->wordsize);
	json_key(o, "byte_order");
	out_str(o->f, v->bigendian ? "\"big\"" : "\"little\"");
}

/* The most the head of an entry takes: literals, two numbers, a name. */
#define ENTRY_HEAD                                                             \
	(sizeof("{\"type\":,\"name\":\"AT_\",\"value\":,\"hex\":\"0x\"") +     \
	    20 + sizeof(((struct at_type *)0)->name) + 20 + 16)

static void
json_entry(
    struct out *f, const struct pr_ctx *c, const struct decoded *d, size_t i)
{
	struct json o = { f, 1 };
	struct pr_bits w;
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
	if (d->form == F_STR) {
		json_key(&o, "string");
		json_str(f, d->readable ? d->str : NULL, d->strlen);
		if (d->readable && d->truncated)
			out_str(f, ",\"truncated\":true");
	} else if (d->form == F_RANDOM) {
		json_key(&o, "bytes");
		json_hexbytes(
		    f, d->readable ? d->bytes : NULL, sizeof(d->bytes));
	} else if (at_is_hwcap(d->form)) {
		pr_bits_hwcap(&w, d->value, d->bits);
		pr_bits_json(&o, &w);
	}
	if (c->followed != NULL)
		pr_follow(f, &o, c->followed, d, i, c->memo);
	json_key(&o, "description");
	if (d->at != NULL)
		json_lit(f, d->at->desc, d->at->desclen);
	else
		out_str(f, "null");
	out_char(f, '}');
}

static void
json_error(struct json *o, const struct diag *dg, const char *msg)
{
	struct out *f = o->f;
	struct json e = { f, 0 };

	json_key(o, "error");
	out_char(f, '{');
	json_key(&e, "errno");
	out_snum(f, dg->err, 0);
	json_key(&e, "message");
	json_strz(f, msg);
	if (dg->has_offset) {
		json_key(&e, "offset");
		out_dec(f, dg->offset);
	}
	out_char(f, '}');
}

static void
json_vector(struct out *f, const struct pr_ctx *c, const struct auxv_vec *v,
    const struct decoded *d, size_t n)
{
	struct json o = { f, 0 };
	size_t i;

	json_head(&o, c, v);
	json_layout(&o, v);
	json_key(&o, "entries");
	out_char(f, '[');
	for (i = 0; i < n; i++) {
		if (i > 0)
			out_char(f, ',');
		json_entry(f, c, &d[i], i);
	}
	out_char(f, ']');
	if (c->partial != NULL)
		json_error(&o, c->partial, c->partial_msg);
	out_str(f, "}\n");
}

static void
json_failure(struct out *f, const struct pr_ctx *c, const struct auxv_vec *v,
    const struct diag *dg, const char *msg)
{
	struct json o = { f, 0 };

	json_head(&o, c, v);
	json_error(&o, dg, msg);
	out_str(f, "}\n");
}

/* --check: the source, then a checks array and the number that fail. */
static void
json_check(struct out *f, const struct pr_ctx *c, const struct auxv_vec *v,
    const struct check_result *r, size_t n)
{
	struct json o = { f, 0 }, a = { f, 0 }, e;
	size_t i, nfail = 0;

	json_head(&o, c, v);
	json_layout(&o, v);
	json_key(&o, "checks");
	out_char(f, '[');
	for (i = 0; i < n; i++) {
		json_next(&a);
		e = (struct json){ f, 0 };
		out_char(f, '{');
		json_key(&e, "name");
		json_strz(f, r[i].name);
		json_key(&e, "result");
		json_strz(f, pr_check_words[r[i].res]);
		json_key(&e, "evidence");
		json_strz(f, r[i].ev);
		out_char(f, '}');
		nfail += r[i].res == CHECK_FAIL;
	}
	out_char(f, ']');
	json_key(&o, "failures");
	out_dec(f, nfail);
	out_str(f, "}\n");
}

const struct printer pr_json = { "json",
	.flags = PR_DECODE | PR_PID | PR_FOLLOW, .vector = json_vector,
	.failure = json_failure, .diff = pr_diff_json, .check = json_check };
