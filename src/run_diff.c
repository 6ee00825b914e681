/*
 * --diff: both sources read and decoded whole, then handed to the
 * format's diff, which prints what differs.
 */
#include <errno.h>

#include "run_diff.h"

#include "diag.h"
#include "print_diff.h"
#include "src_json.h"

/*
 * A JSON Lines file of several objects is not one vector to compare:
 * --pid says which.  0, or -1 and *d.
 */
static int
one_object(struct source *s, struct diag *d)
{
	switch (json_read_more(s, d)) {
	case 0:
		return 0;
	case 1:
		diag_set(d, EINVAL, "several objects: choose one with --pid");
		break;
	}
	return -1;
}

/* Compares the two sources sa[0] and sa[1]. */
enum run_diff_result
run_diff(struct run *r, const struct srcarg *sa)
{
	struct source *s = r->src;
	const struct opts *o = r->o;
	struct diff_ctx x = { &r->out, &r->esc, o->diff == DIFF_ALL, 0, 0, NULL,
		NULL };
	enum run_diff_result res = RUN_DIFF_SAME;
	char msg[DIAG_MSG_MAX];
	size_t n[2], i;

	for (i = 0; i < 2; i++) {
		struct diag d = { 0 };

		if (run_open(&s[i], o, &sa[i], &d) == -1 ||
		    one_object(&s[i], &d) == -1 ||
		    src_parse(&s[i], o, &d) == -1) {
			diag_message(&d, msg, sizeof(msg));
			r->say_name(r, s[i].vec.label, msg);
			res = RUN_DIFF_TROUBLE;
			break;
		}
		n[i] = decode_all(&s[i].vec, o, r->dec[i], &r->pool[i]);
	}
	if (res == RUN_DIFF_SAME &&
	    o->printer->diff(
	        &x, &s[0].vec, r->dec[0], n[0], &s[1].vec, r->dec[1], n[1]) > 0)
		res = RUN_DIFF_DIFFERENT;
	src_close(&s[1]);
	src_close(&s[0]);
	return res;
}
