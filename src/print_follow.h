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

void pr_follow(struct out *, struct json *, const struct followed *,
    const struct decoded *, size_t);

#endif
