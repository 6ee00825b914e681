/* --diff and --diff-all: two sources read whole, then compared. */
#ifndef AUXV_RUN_DIFF_H
#define AUXV_RUN_DIFF_H

#include "run_show.h"

/* What run_diff() found, as cmp(1) has it; main.c picks the status. */
enum run_diff_result {
	RUN_DIFF_SAME,
	RUN_DIFF_DIFFERENT,
	RUN_DIFF_TROUBLE, /* a source could not be read (said) */
};

enum run_diff_result run_diff(struct run *, const struct srcarg *);

#endif
