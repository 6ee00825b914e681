/*
 * --check's vdso-image rule: the image at AT_SYSINFO_EHDR is a vDSO as
 * the kernel links it (at 0, with a symbol hash table, exporting its
 * architecture's versioned functions).
 */
#ifndef AUXV_VDSOCHECK_H
#define AUXV_VDSOCHECK_H

#include <stddef.h>
#include <stdint.h>

#include "follow.h"

/* In the order of check.h's enum check_res. */
enum vdso_check { VDSO_CHECK_OK, VDSO_CHECK_FAIL, VDSO_CHECK_NODATA };

enum vdso_check vdso_image_check(
    const struct followed *, uint64_t, uint16_t, unsigned int, char *, size_t);

#endif
