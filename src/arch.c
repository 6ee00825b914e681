/*
 * The architecture table.  e_machine values are from the ELF gABI and
 * Linux 6.12 include/uapi/linux/elf-em.h; names are uname -m's.
 */
#include <string.h>

#include "arch.h"
#include "at.h"
#include "hwcap.h"

#define NITEMS(a) (sizeof(a) / sizeof((a)[0]))

/*
 * Rows are matched in order by (e_machine, word size, byte order), so the
 * more specific row of a machine comes first.
 */
/* clang-format off */
static const struct arch arches[] = {
	{ "x86_64",	62,	8, 0, 0,	{ hwcap_x86, hwcap2_x86 } },
	{ "x32",	62,	4, 0, 0,	{ hwcap_x86, hwcap2_x86 } },
	{ "i386",	3,	4, 0, 0,	{ hwcap_x86, hwcap2_x86 } },
	{ "aarch64",	183,	8, 0, 0, { hwcap_aarch64, hwcap2_aarch64 } },
	{ "aarch64_be",	183,	8, 1, 0, { hwcap_aarch64, hwcap2_aarch64 } },
	{ "arm",	40,	4, ARCH_ANY_ENDIAN, 0,
	    { hwcap_arm, hwcap2_arm } },
	{ "ppc64le",	21,	8, 0, 0,	{ hwcap_ppc, hwcap2_ppc } },
	{ "ppc64",	21,	8, 1, 0,	{ hwcap_ppc, hwcap2_ppc } },
	{ "ppc",	20,	4, 1, 0,	{ hwcap_ppc, hwcap2_ppc } },
	{ "s390x",	22,	8, 1, 0,	{ hwcap_s390 } },
	{ "s390",	22,	4, 1, 0,	{ hwcap_s390 } },
	{ "riscv64",	243,	8, 0, 0,	{ hwcap_riscv } },
	{ "riscv32",	243,	4, 0, 0,	{ hwcap_riscv } },
	{ "loongarch64", 258,	8, 0, 0,	{ hwcap_loongarch } },
	{ "mips64",	8,	8, ARCH_ANY_ENDIAN, 0,	{ hwcap_mips } },
	{ "mips",	8,	4, ARCH_ANY_ENDIAN, 0,	{ hwcap_mips } },
	{ "sparc64",	43,	8, 1, AF_SPARC,	{ hwcap_sparc } },
	{ "sparc",	2,	4, 1, AF_SPARC,	{ hwcap_sparc } },
	{ "sparc",	18,	4, 1, AF_SPARC,	{ hwcap_sparc } },
	{ "m68k",	4,	4, 1, 0,	{ NULL } },
	{ "alpha",	0x9026,	8, 0, AF_ALPHA,	{ NULL } },
	{ "sh",		42,	4, ARCH_ANY_ENDIAN, AF_SH,	{ hwcap_sh } },
	{ "parisc64",	15,	8, 1, 0,	{ NULL } },
	{ "parisc",	15,	4, 1, 0,	{ NULL } },
	{ "ia64",	50,	8, 0, 0,	{ NULL } },
	{ "microblaze",	189,	4, ARCH_ANY_ENDIAN, 0,	{ NULL } },
	{ "or1k",	92,	4, 1, 0,	{ NULL } },
	{ "csky",	252,	4, 0, 0,	{ NULL } },
	{ "arc",	195,	4, 0, 0,	{ NULL } },
	{ "xtensa",	94,	4, ARCH_ANY_ENDIAN, 0,	{ NULL } },
	{ "hexagon",	164,	4, 0, 0,	{ NULL } },
	{ "nios2",	113,	4, 0, 0,	{ NULL } },
};
/* clang-format on */

const struct arch *
arch_by_name(const char *name)
{
	size_t i;

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
