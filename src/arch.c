/*
 * The architecture table, written by hand.  e_machine values are from the
 * ELF gABI and Linux include/uapi/linux/elf-em.h; names are uname -m's.
 * The HWCAPS_* lists of tables come from hwcap.h, which src/gentables.py
 * generates; it also copies the names here into the bash completion.
 */
#include "elfdefs.h"
#include <string.h>

#include "arch.h"
#include "at.h"
#include "bounds.h"
#include "hwcap.h"

_Static_assert(HWT_COUNT <= UINT8_MAX + 1, "struct arch's hwcap[] is uint8_t");

/*
 * A name of ARCH_NAME_LEN characters would fill its array with no room for
 * the NUL, which C allows silently; gcc's -Wc++-compat reports it.
 */
#pragma GCC diagnostic push
#pragma GCC diagnostic error "-Wc++-compat"

/*
 * Rows are matched in order by (e_machine, word size, byte order), so the
 * more specific row of a machine comes first.  Page sizes: the values
 * ELF_EXEC_PAGESIZE can take, each architecture's Kconfig page-size
 * choices in Linux 7.3.4 (parisc's is 4096 whatever PAGE_SIZE is).
 */
/* clang-format off */
static const struct arch arches[] = {
	{ "x86_64",	EM_X86_64,		8, 0, 0,	P4K,	HWCAPS_X86 },
	{ "x32",	EM_X86_64,		4, 0, 0,	P4K,	HWCAPS_X86 },
	{ "i386",	EM_386,			4, 0, 0,	P4K,	HWCAPS_X86 },
	{ "aarch64",	EM_AARCH64,		8, 0, 0,	P4K | P16K | P64K,	HWCAPS_AARCH64 },
	{ "aarch64_be",	EM_AARCH64,		8, 1, 0,	P4K | P16K | P64K,	HWCAPS_AARCH64 },
	{ "arm",	EM_ARM,			4, ARCH_ANY_ENDIAN, 0,	P4K,	HWCAPS_ARM },
	{ "ppc64le",	EM_PPC64,		8, 0, 0,	P4K | P64K,	HWCAPS_PPC },
	{ "ppc64",	EM_PPC64,		8, 1, 0,	P4K | P64K,	HWCAPS_PPC },
	{ "ppc",	EM_PPC,			4, 1, 0,	P4K | P16K | P64K | P256K,	HWCAPS_PPC },
	{ "s390x",	EM_S390,		8, 1, 0,	P4K,	HWCAPS_S390 },
	{ "s390",	EM_S390,		4, 1, 0,	P4K,	HWCAPS_S390 },
	{ "riscv64",	EM_RISCV,		8, 0, 0,	P4K,	HWCAPS_RISCV },
	{ "riscv32",	EM_RISCV,		4, 0, 0,	P4K,	HWCAPS_RISCV },
	{ "loongarch64", EM_LOONGARCH,		8, 0, 0,	P4K | P16K | P64K,	HWCAPS_LOONGARCH },
	{ "loongarch32", EM_LOONGARCH,		4, 0, 0,	P4K | P16K | P64K,	HWCAPS_LOONGARCH },
	{ "mips64",	EM_MIPS,		8, ARCH_ANY_ENDIAN, 0,	P4K | P8K | P16K | P32K | P64K,	HWCAPS_MIPS },
	{ "mips",	EM_MIPS,		4, ARCH_ANY_ENDIAN, 0,	P4K | P8K | P16K | P32K | P64K,	HWCAPS_MIPS },
	{ "sparc64",	EM_SPARCV9,		8, 1, AF_SPARC,	P8K,	HWCAPS_SPARC },
	{ "sparc",	EM_SPARC,		4, 1, AF_SPARC,	P4K,	HWCAPS_SPARC },
	{ "sparc",	EM_SPARC32PLUS,		4, 1, AF_SPARC,	P4K,	HWCAPS_SPARC },
	{ "m68k",	EM_68K,			4, 1, 0,	P4K | P8K,	{ HWT_NONE } },
	{ "alpha",	EM_ALPHA,		8, 0, AF_ALPHA,	P8K,	{ HWT_NONE } },
	{ "sh",		EM_SH,			4, ARCH_ANY_ENDIAN, AF_SH,	P4K | P8K | P16K | P64K,	HWCAPS_SH },
	{ "parisc64",	EM_PARISC,		8, 1, 0,	P4K,	{ HWT_NONE } },
	{ "parisc",	EM_PARISC,		4, 1, 0,	P4K,	{ HWT_NONE } },
	{ "ia64",	EM_IA_64,		8, 0, 0,	P4K | P8K | P16K | P64K,	{ HWT_NONE } },
	{ "microblaze",	EM_MICROBLAZE,		4, ARCH_ANY_ENDIAN, 0,	P4K,	{ HWT_NONE } },
	{ "or1k",	EM_OPENRISC,		4, 1, 0,	P8K,	{ HWT_NONE } },
	{ "csky",	EM_CSKY,		4, 0, 0,	P4K,	{ HWT_NONE } },
	{ "arc",	EM_ARCV2,		4, 0, 0,	P4K | P8K | P16K,	{ HWT_NONE } },
	{ "xtensa",	EM_XTENSA,		4, ARCH_ANY_ENDIAN, 0,	P4K,	{ HWT_NONE } },
	{ "hexagon",	EM_QDSP6,		4, 0, 0,	P4K | P16K | P64K | P256K,	{ HWT_NONE } },
	{ "nios2",	EM_ALTERA_NIOS2,	4, 0, 0,	P4K,	{ HWT_NONE } },
};
/* clang-format on */

#pragma GCC diagnostic pop

/*
 * The other names uname -m prints for an architecture of the table: the
 * UTS_MACHINE of Linux arch Makefiles, arch/arm/kernel/setup.c's
 * "armv%d%c" by CPU architecture and endianness (arm64's 32-bit compat
 * is "armv8l"), arch/sh/kernel/setup.c's CPU family after "sh" with
 * "eb" on a big-endian kernel, i386's personality names, and Debian's
 * spellings of little-endian mips.
 */
/* clang-format off */
static const struct {
	char	spelling[12];
	char	name[ARCH_NAME_LEN];
} spellings[] = {
	{ "i486", "i386" },		{ "i586", "i386" },
	{ "i686", "i386" },		{ "armv4l", "arm" },
	{ "armv4tl", "arm" },		{ "armv5l", "arm" },
	{ "armv5tl", "arm" },		{ "armv5tel", "arm" },
	{ "armv5tejl", "arm" },		{ "armv6l", "arm" },
	{ "armv7l", "arm" },		{ "armv7ml", "arm" },
	{ "armv8l", "arm" },		{ "armv4b", "arm" },
	{ "armv5b", "arm" },		{ "armv5teb", "arm" },
	{ "armv6b", "arm" },		{ "armv7b", "arm" },
	{ "armv8b", "arm" },		{ "arm64", "aarch64" },
	{ "mipsel", "mips" },		{ "mips64el", "mips64" },
	{ "sh2", "sh" },		{ "sh2a", "sh" },
	{ "sh3", "sh" },		{ "sh4", "sh" },
	{ "sh4a", "sh" },		{ "sh4al-dsp", "sh" },
	{ "sheb", "sh" },		{ "sh2eb", "sh" },
	{ "sh2aeb", "sh" },		{ "sh3eb", "sh" },
	{ "sh4eb", "sh" },		{ "sh4aeb", "sh" },
	{ "sh4al-dspeb", "sh" },
	{ "sparcv9", "sparc64" },	{ "openrisc", "or1k" },
};
/* clang-format on */

const struct arch *
arch_by_name(const char *name)
{
	size_t i;

	for (i = 0; i < NITEMS(spellings); i++)
		if (strcmp(spellings[i].spelling, name) == 0) {
			name = spellings[i].name;
			break;
		}
	for (i = 0; i < NITEMS(arches); i++)
		if (strcmp(arches[i].name, name) == 0)
			return &arches[i];
	return NULL;
}

/*
 * The architecture of an ELF object: e_machine, word size (from EI_CLASS)
 * and byte order.  NULL when the machine is not in the table.
 */
const struct arch *
arch_by_elf(uint16_t machine, unsigned int wordsize, int bigendian)
{
	const struct arch *fallback = NULL;
	size_t i;

	for (i = 0; i < NITEMS(arches); i++) {
		const struct arch *a = &arches[i];

		if (a->machine != machine)
			continue;
		if (a->wordsize == wordsize &&
		    (a->bigendian == ARCH_ANY_ENDIAN ||
		        a->bigendian == (bigendian != 0)))
			return a;
		if (fallback == NULL)
			fallback = a;
	}
	return fallback;
}

/* The i-th row, for listing the known names; NULL past the end. */
const struct arch *
arch_at(size_t i)
{
	return i < NITEMS(arches) ? &arches[i] : NULL;
}

/* The byte order to assume for a raw vector of this architecture. */
int
arch_default_bigendian(const struct arch *a)
{
	return a->bigendian == 1;
}
