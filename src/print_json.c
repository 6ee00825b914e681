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
#include "json_names.h"
#include "print.h"
#include "print_diff.h"
#include "print_follow.h"
#include "watch.h"

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
json_watch(struct json *o, const struct watch_event *w)
{
	struct out *f = o->f;
	time_t t = (time_t)w->sec;
	struct tm tm;

	jn_key(o, JN_TIME);
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
	jn_key(o, JN_PPID);
	pr_json_id(f, w->ppid);
}

/* Its layout. */
#define LAYOUT                                                                 \
	(JN_BIT(ARCH) | JN_BIT(MACHINE) | JN_BIT(WORD_SIZE) |                  \
	    JN_BIT(BYTE_ORDER))

/* The schema and the source, and with --watch its exec time and parent. */
static void
json_head(struct json *o, const struct pr_ctx *c, const struct auxv_vec *v)
{
	/* A JSON save read back: its process's pid, comm and exe again. */
	const int saved = v->kind == SRC_FILE &&
	    (v->pid > 0 || v->comm != NULL || v->exe != NULL);
	uint64_t which = JN_BIT(SCHEMA) | JN_BIT(SOURCE) | JN_BIT(LABEL);

	if (v->kind == SRC_SELF || v->kind == SRC_PID || v->kind == SRC_EXEC ||
	    v->kind == SRC_CORE || saved)
		which |= JN_BIT(PID);
	if (v->kind != SRC_FILE || saved)
		which |= JN_BIT(COMM) | JN_BIT(EXE);
	if (v->kind == SRC_FILE || v->kind == SRC_CORE)
		which |= JN_BIT(PATH);
	if (v->kind == SRC_EXEC)
		which |= JN_BIT(COMMAND);
	out_char(o->f, '{');
	pr_json_vec(o, v, which);
	if (c->watch != NULL)
		json_watch(o, c->watch);
}

/* The most the head of an entry takes: four keys, two numbers, a name. */
#define ENTRY_HEAD                                                             \
	(4 * (JN_ROOM + 3) + sizeof("{\"AT_\"\"0x\"") + 20 +                   \
	    sizeof(((struct at_type *)0)->name) + 20 + 16)

static void
json_entry(
    struct out *f, const struct pr_ctx *c, const struct decoded *d, size_t i)
{
	struct json o = { f, 1 };
	struct bits w;
	char *p, *start;

	/* Type, name, value and hex: written at once in reserved room. */
	p = start = out_reserve(f, ENTRY_HEAD);
	*p++ = '{';
	p = jn_at(p, JN_TYPE);
	p = fmt_dec(p, d->type);
	*p++ = ',';
	p = jn_at(p, JN_NAME);
	if (d->at != NULL) {
		*p++ = '"';
		p = pr_at_name(p, d->at);
		*p++ = '"';
	} else
		p = lit_at(p, "null");
	*p++ = ',';
	p = jn_at(p, JN_VALUE);
	p = fmt_dec(p, d->value);
	*p++ = ',';
	p = jn_at(p, JN_HEX);
	p = lit_at(p, "\"0x");
	p = fmt_hex(p, d->value);
	*p++ = '"';
	f->len += (size_t)(p - start);
	if (d->form == F_STR) {
		jn_key(&o, JN_STRING);
		json_str(f, d->readable ? d->str : NULL, d->strlen);
		if (d->readable && d->truncated) {
			jn_key(&o, JN_TRUNCATED);
			out_str(f, "true");
		}
	} else if (d->form == F_RANDOM) {
		jn_key(&o, JN_BYTES);
		json_hexbytes(
		    f, d->readable ? d->bytes : NULL, sizeof(d->bytes));
	} else if (at_is_hwcap(d->form)) {
		bits_hwcap(&w, d->value, d->bits);
		pr_bits_json(&o, &w);
	}
	if (c->followed != NULL)
		pr_follow(f, &o, c->followed, d, i, c->memo);
	jn_key(&o, JN_DESCRIPTION);
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

	jn_key(o, JN_ERROR);
	out_char(f, '{');
	jn_key(&e, JN_ERRNO);
	out_snum(f, dg->err, 0);
	jn_key(&e, JN_MESSAGE);
	json_strz(f, msg);
	if (dg->has_offset) {
		jn_key(&e, JN_OFFSET);
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
	pr_json_vec(&o, v, LAYOUT);
	jn_key(&o, JN_ENTRIES);
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
	pr_json_vec(&o, v, LAYOUT);
	jn_key(&o, JN_CHECKS);
	out_char(f, '[');
	for (i = 0; i < n; i++) {
		json_next(&a);
		e = (struct json){ f, 0 };
		out_char(f, '{');
		jn_key(&e, JN_NAME);
		json_strz(f, r[i].name);
		jn_key(&e, JN_RESULT);
		json_strz(f, pr_check_words[r[i].res]);
		jn_key(&e, JN_EVIDENCE);
		json_strz(f, r[i].ev);
		out_char(f, '}');
		nfail += r[i].res == CHECK_FAIL;
	}
	out_char(f, ']');
	jn_key(&o, JN_FAILURES);
	out_dec(f, nfail);
	out_str(f, "}\n");
}

const struct printer pr_json = { "json",
	.flags = PR_DECODE | PR_PID | PR_FOLLOW, .vector = json_vector,
	.failure = json_failure, .diff = pr_diff_json, .check = json_check };
