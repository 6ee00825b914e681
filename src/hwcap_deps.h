/*
 * HWCAP bits that imply others, beside the names (hwcap.c): each row a
 * guarantee of the kernel's code, which --check's hwcap-deps rule holds
 * a vector to.
 */
#ifndef AUXV_HWCAP_DEPS_H
#define AUXV_HWCAP_DEPS_H

#include <stddef.h>
#include <stdint.h>

struct hwcap_dep {
	uint32_t arches;     /* enum arch_dlinfo: the vectors it holds for */
	uint8_t word, bit;   /* 0 for AT_HWCAP, 1 AT_HWCAP2, 2 AT_HWCAP3 */
	uint8_t dword, dbit; /* what that bit implies */
	uint16_t since;      /* Linux major * 1000 + minor; 0: every one */
	const char *file;    /* the kernel's file that guarantees it */
};

extern const struct hwcap_dep hwcap_deps[];
extern const size_t hwcap_ndeps;

#endif
