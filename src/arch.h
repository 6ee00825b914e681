/*
 * Architectures: their uname -m name, how an ELF header names them, and
 * the tables that decode their vectors.  Every architecture is in every
 * build, chosen at run time.
 */
#ifndef AUXV_ARCH_H
#define AUXV_ARCH_H

#include <stddef.h>
#include <stdint.h>

#define ARCH_ANY_ENDIAN 2

struct arch {
	const char *name;            /* as uname -m spells it */
	uint16_t machine;            /* e_machine */
	uint8_t wordsize;            /* 4 or 8 */
	uint8_t bigendian;           /* 0, 1 or ARCH_ANY_ENDIAN */
	unsigned int families;       /* AF_*: its own AT_ types */
	const char *const *hwcap[4]; /* AT_HWCAP..AT_HWCAP4 bit names */
};

const struct arch *arch_by_name(const char *);
const struct arch *arch_by_elf(uint16_t, unsigned int, int);
const struct arch *arch_at(size_t);
int arch_default_bigendian(const struct arch *);

#endif
