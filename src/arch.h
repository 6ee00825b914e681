/*
 * Architectures: one table of every fact auxv knows of each (its uname -m
 * name, how an ELF header names it, the tables that decode its vectors,
 * and what --check holds its kernel's vectors to).  Every architecture is
 * in every build, chosen at run time.
 */
#ifndef AUXV_ARCH_H
#define AUXV_ARCH_H

#include <stddef.h>
#include <stdint.h>

#define ARCH_ANY_ENDIAN 2
/* The longest name, "loongarch64", and its NUL. */
#define ARCH_NAME_LEN 12
/*
 * AT_PLATFORM names of a row: arm's eight "v4l".."v7b" are the most;
 * the longest, "aarch64_be", and its NUL.
 */
#define ARCH_PLATFORMS    8
#define ARCH_PLATFORM_LEN 11

/*
 * Each architecture's ARCH_DLINFO, as the entries rule's table names
 * them: a bit each, so that a row of that table can name several.
 */
enum arch_dlinfo {
	A_X86_64 = 1 << 0,
	A_X32 = 1 << 1,
	A_I386 = 1 << 2,
	A_ARM64 = 1 << 3,
	A_ARM = 1 << 4,
	A_PPC64 = 1 << 5,
	A_PPC = 1 << 6,
	A_S390 = 1 << 7,
	A_RISCV = 1 << 8,
	A_LOONG = 1 << 9,
	A_MIPS = 1 << 10,
	A_SPARC64 = 1 << 11,
	A_SPARC = 1 << 12,
	A_ALPHA = 1 << 13,
	A_SH = 1 << 14,
	A_PARISC = 1 << 15,
	A_OTHER = 1 << 16, /* m68k, microblaze, or1k, csky, arc, ... */
	A_ALL = (1 << 17) - 1
};

/* The vDSO each links, as vdsocheck.c's table has them; 0: none asked. */
enum arch_vdso {
	VABI_NONE,
	VABI_X86_64,
	VABI_I386,
	VABI_AARCH64,
	VABI_ARM,
	VABI_PPC64,
	VABI_PPC,
	VABI_S390X,
	VABI_RISCV,
	VABI_LOONGARCH,
	VABI_MIPS,
	VABI_SPARC64,
	VABI_SPARC,
	VABI_PARISC,
	VABI_COUNT
};

/* Whose GNU property types phdrs.c names; 0: the generic ones alone. */
enum arch_props { PROPS_GENERIC, PROPS_X86, PROPS_AARCH64, PROPS_RISCV };

/* Flags of a row. */
#define ARCH_SYSINFO     0x01u /* ARCH_DLINFO gives AT_SYSINFO (i386) */
#define ARCH_CPUINFO_ALL 0x02u /* one cpuinfo line for all its machines */
#define ARCH_PLATFORM_VN 0x04u /* AT_PLATFORM may be any "vN" + l or b */

/*
 * No pointers, so that the table needs no relocation when the program
 * starts: names are inline and other tables are found by index.
 */
struct arch {
	char name[ARCH_NAME_LEN]; /* as uname -m spells it */
	uint16_t machine;         /* e_machine */
	uint8_t wordsize;         /* 4 or 8 */
	uint8_t bigendian;        /* 0, 1 or ARCH_ANY_ENDIAN */
	unsigned int families;    /* AF_*: its own AT_ types */
	uint16_t pagesz;          /* its page sizes: bit k is 4096 << k */
	uint8_t hwcap[4];         /* AT_HWCAP..AT_HWCAP4: enum hwcap_table */
	uint16_t user_hz;         /* AT_CLKTCK; 0: the kernel's HZ */
	uint32_t dlinfo;          /* its ARCH_DLINFO: enum arch_dlinfo */
	char cpuinfo[9];          /* /proc/cpuinfo's HWCAP names line, or "" */
	uint8_t vdso;             /* enum arch_vdso */
	uint8_t props;            /* enum arch_props */
	uint8_t flags;            /* ARCH_* */
	char platform[ARCH_PLATFORMS][ARCH_PLATFORM_LEN]; /* AT_PLATFORM */
};

/* Page sizes, for struct arch's pagesz (each architecture's Kconfig). */
#define P4K   0x01u
#define P8K   0x02u
#define P16K  0x04u
#define P32K  0x08u
#define P64K  0x10u
#define P256K 0x40u

const struct arch *arch_by_name(const char *, int *);
const struct arch *arch_by_elf(uint16_t, unsigned int, int);
const struct arch *arch_of(uint16_t, unsigned int, int);
const struct arch *arch_kernel(uint16_t, unsigned int, int);
const struct arch *arch_at(size_t);
int arch_default_bigendian(const struct arch *);

#endif
