/*
 * What the human and JSON printers show of the vDSO and the program
 * headers: read through the vector's memsrc when the entry is printed,
 * and only by formats that show it (-v, JSON), so that a plain run reads
 * nothing more.
 */
#ifndef AUXV_PRINT_FOLLOW_H
#define AUXV_PRINT_FOLLOW_H

#include "decode.h"
#include "follow.h"
#include "out.h"
#include "vec.h"

/* Entries already followed in one vector: each is read once. */
#define PR_FOLLOWED_VDSO 0x01
#define PR_FOLLOWED_PHDR 0x02

void pr_follow_human(struct out *, const struct followed *,
    const struct decoded *, unsigned int *);
void pr_follow_json(struct out *, const struct followed *,
    const struct decoded *, unsigned int *);

#endif
