/*
 * What --diff takes of the JSON printer: the members that say what a
 * vector is, each written as in the head of a JSON object.
 */
#ifndef AUXV_PRINT_JSON_H
#define AUXV_PRINT_JSON_H

#include <stdint.h>

#include "json.h"

struct auxv_vec;

void pr_json_vec(struct json *, const struct auxv_vec *, uint64_t);

#endif
