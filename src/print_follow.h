/*
 * What the human (-v) and JSON printers show of the vDSO and the program
 * headers: read by follow_vector before the vector is printed, and only
 * for formats that show it, so that a plain run reads nothing more.
 */
#ifndef AUXV_PRINT_FOLLOW_H
#define AUXV_PRINT_FOLLOW_H

#include "decode.h"
#include "follow.h"
#include "json.h"

/*
 * The text of the last vDSO and program headers written: -a shows the
 * same ones for many processes (follow_vector() says when), and they are
 * written out once.
 */
struct pr_memo_text {
	int ok;    /* out holds the text of the last one */
	int lead;  /* it was written after a JSON member */
	size_t dn; /* JSON members it wrote */
	struct out out;
};

struct pr_memo {
	struct pr_memo_text vdso, phdrs;
};

void pr_follow(struct out *, struct json *, const struct followed *,
    const struct decoded *, size_t, struct pr_memo *);

#endif
