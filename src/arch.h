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
/* The longest name, "loongarch64", and its NUL. */
#define ARCH_NAME_LEN 12

/*
 * No pointers, so that the table needs no relocation when the program
 * starts: the name is inline and the bit names are found by index.
 */
struct arch {
	char name[ARCH_NAME_LEN]; /* as uname -m spells it */
	uint16_t machine;         /* e_machine */
	uint8_t wordsize;         /* 4 or 8 */
	uint8_t bigendian;        /* 0, 1 or ARCH_ANY_ENDIAN */
	unsigned int families;    /* AF_*: its own AT_ types */
	uint16_t pagesz;          /* its page sizes: bit k is 4096 << k */
	uint8_t hwcap[4];         /* AT_HWCAP..AT_HWCAP4: enum hwcap_table */
};

/* Page sizes, for struct arch's pagesz (each architecture's Kconfig). */
#define P4K   0x01u
#define P8K   0x02u
#define P16K  0x04u
#define P32K  0x08u
#define P64K  0x10u
#define P256K 0x40u

const struct arch *arch_by_name(const char *);
const struct arch *arch_by_elf(uint16_t, unsigned int, int);
const struct arch *arch_at(size_t);
int arch_default_bigendian(const struct arch *);

#endif
