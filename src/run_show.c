/*
 * Showing a source: opening it, parsing its bytes, decoding them and
 * handing them to the printer, or holding them to --check's rules.  What
 * went wrong is counted for main.c, which picks the exit status.
 */
#include "run_show.h"

#include <stdio.h>

#include "diag.h"
#include "run_scan.h"
#include "src_json.h"

/* Opens a source of any kind into s: 0, or -1 and *d. */
int
run_open(struct source *s, const struct opts *o, const struct srcarg *sa,
    struct diag *d)
{
	src_init(s);
	switch (sa->kind) {
	case SRC_SELF:
		return src_self(s, o, sa->argc, sa->argv, d);
	case SRC_PID:
		return src_pid(s, o, sa->pid, d);
	case SRC_FILE:
		return src_file(s, o, sa->arg, sa->pid, d);
	default:
		return src_exec(s, o, sa->argv, d);
	}
}

/*
 * A source that could not be read: an object in the formats that have a
 * form for it, and a message.  Only what was printed counts as a block
 * for the blank line between blocks.
 */
void
run_failed(struct run *r, const struct source *s, const struct diag *d)
{
	const struct printer *p = r->o->printer;
	char msg[DIAG_MSG_MAX];

	diag_message(d, msg, sizeof(msg));
	if (p->failure != NULL) {
		p->failure(&r->out, &r->c, &s->vec, d, msg);
		r->c.first = 0;
	} else if (r->o->value_only)
		/* No entries, every key's line empty: the next source's
		 * values keep their place. */
		p->vector(&r->out, &r->c, &s->vec, NULL, 0);
	r->say_name(r, s->vec.label, msg);
	r->failed++;
	r->notrun |= d->flags & (DIAG_NOCMD | DIAG_NOEXEC);
}

/* The object of a source that could not be read, where the format has one. */
void
run_failure_object(struct run *r, const struct source *s, const struct diag *d)
{
	char msg[DIAG_MSG_MAX];

	if (r->o->printer->failure != NULL)
		r->o->printer->failure(&r->out, &r->c, &s->vec, d,
		    diag_message(d, msg, sizeof(msg)));
}

/*
 * A raw file read in a layout (--word-size, --endian, else the host's)
 * in which it does not look like a vector: a warning, and the layout in
 * which it does where one alone does, since its decoding is otherwise a
 * screen of AT_??? rows.
 */
static void
warn_layout(struct run *r, const struct auxv_vec *v)
{
	static const char *const order[2] = { "little", "big" };
	unsigned int ws, fit = 0, fitws = 0;
	char msg[DIAG_MSG_MAX];
	int be, fitbe = 0;

	if (vec_plausible(v->raw, v->rawlen, v->wordsize, v->bigendian) != -1)
		return;
	for (ws = 4; ws <= 8; ws += 4)
		for (be = 0; be < 2; be++)
			if ((ws != v->wordsize || be != v->bigendian) &&
			    vec_plausible(v->raw, v->rawlen, ws, be) == 1 &&
			    vec_word(v->raw, ws, be) != 0) {
				fit++;
				fitws = ws;
				fitbe = be;
			}
	if (fit == 1)
		snprintf(msg, sizeof(msg),
		    "does not look like a vector of %u-byte %s-endian words; "
		    "it reads as one with --word-size %u --endian %s",
		    v->wordsize, order[v->bigendian], fitws, order[fitbe]);
	else
		snprintf(msg, sizeof(msg),
		    "does not look like a vector of %u-byte %s-endian words "
		    "(see --word-size and --endian)",
		    v->wordsize, order[v->bigendian]);
	r->say_name(r, v->label, msg);
}

/* --check: the vector held to its rules, a line per rule or per failure. */
static void
show_check(struct run *r, struct source *s, size_t n)
{
	const struct opts *o = r->o;

	if (check_vector(
	        &r->check, &s->vec, r->dec[0], n, &r->followed, r->checks) > 0)
		r->checkfail++;
	r->c.summary = o->all || r->objects;
	o->printer->check(&r->out, &r->c, &s->vec, r->checks, CHECK_RULES);
	r->c.first = 0;
}

/*
 * Shows one opened source: parses its bytes, keeps the wanted entries,
 * decodes and prints them, or for --check holds it to its rules (with
 * many sources, the human format says only which fail).  A vector that
 * breaks off is shown up to the break and then reported.
 */
void
run_show(struct run *r, struct source *s)
{
	const struct opts *o = r->o;
	struct pr_ctx *c = &r->c;
	struct auxv_vec *v = &s->vec;
	struct diag d = { 0 };
	char msg[DIAG_MSG_MAX];
	size_t n = 0;
	int bad;

	bad = src_parse(s, o, &d) == -1;
	if (s->lay == LAY_OPTS)
		warn_layout(r, v);
	/* A raw file that breaks off is no vector: none of it is shown. */
	if (bad &&
	    (o->check ||
	        ((v->nent == 0 || s->lay == LAY_OPTS) &&
	            (o->printer->flags & PR_DECODE)))) {
		run_failed(r, s, &d);
		return;
	}
	if (o->check || (o->printer->flags & PR_DECODE))
		n = decode_all(v, o, r->dec[0], &r->pool[0]);
	/* What AT_SYSINFO_EHDR and AT_PHDR point to: --check, JSON and -v. */
	if (o->check || o->follow)
		follow_vector(v, r->dec[0], n, &r->followed);
	if (o->check) {
		show_check(r, s, n);
		return;
	}
	c->partial = bad ? &d : NULL;
	c->partial_msg = bad ? diag_message(&d, msg, sizeof(msg)) : NULL;
	c->followed = o->follow ? &r->followed : NULL;
	o->printer->vector(&r->out, c, v, r->dec[0], n);
	c->first = 0;
	if (bad)
		r->say_name(r, v->label, msg);
	if (bad || (o->value_only && !decode_keys_present(o, v)))
		r->failed++;
}

/*
 * One source of any kind, from opening it to closing it; a JSON file of
 * several objects shows each (run_objects).  A saved failure alone is
 * the file's failure, said to be one.
 */
void
run_source(struct run *r, const struct srcarg *sa)
{
	struct source *s = &r->src[0];
	struct diag d = { 0 }, dm = { 0 };
	char msg[DIAG_MSG_MAX];
	int rc, more;

	rc = run_open(s, r->o, sa, &d);
	if ((more = json_read_more(s, &dm)) != 0)
		run_objects(r, s, rc, &d, more == -1 ? &dm : NULL);
	else if (rc == 0)
		run_show(r, s);
	else if (d.flags & DIAG_SAVED) {
		snprintf(msg, sizeof(msg), "a saved failure: %s", d.reason);
		d.reason = msg;
		run_failed(r, s, &d);
	} else
		run_failed(r, s, &d);
	/* Written while a traced child is still stopped: a signal that kills
	 * us in a blocked write must take it along. */
	if (sa->kind == SRC_EXEC)
		out_flush(&r->out);
	src_close(&r->src[0]);
}
