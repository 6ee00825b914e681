/*
 * --check's vdso-image rule (rule_vdso_image, check_rule.h): the image at
 * AT_SYSINFO_EHDR is a vDSO as the kernel links it (at 0, with a symbol
 * hash table, exporting its architecture's versioned functions).  Its
 * check of an image read alone, for the tests' hook and fuzzer.
 */
#ifndef AUXV_VDSOCHECK_H
#define AUXV_VDSOCHECK_H

#include <stddef.h>
#include <stdint.h>

#include "check.h"
#include "follow.h"

enum check_res vdso_image_check(const struct followed *, uint64_t, uint16_t,
    unsigned int, int, char *, size_t);

#endif
