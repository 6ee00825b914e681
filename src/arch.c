/*
 * The architecture table, written by hand: every fact auxv holds of an
 * architecture, one row each, which the decoders and --check's rules ask
 * through arch.h.  e_machine values are from the ELF gABI and Linux
 * include/uapi/linux/elf-em.h; names are uname -m's.  The HWCAPS_* lists
 * of tables come from hwcap.h, which src/gentables.py generates; it also
 * copies the names here into the bash completion.
 */
#include <string.h>

#include "arch.h"
#include "at.h"
#include "bounds.h"
#include "elfdefs.h"
#include "hwcap.h"

_Static_assert(HWT_COUNT <= UINT8_MAX + 1, "struct arch's hwcap[] is uint8_t");

/*
 * A name of ARCH_NAME_LEN characters would fill its array with no room for
 * the NUL, which C allows silently; gcc's -Wc++-compat reports it.
 */
#pragma GCC diagnostic push
#pragma GCC diagnostic error "-Wc++-compat"

/*
 * One row per architecture, every fact auxv holds of it; a new
 * architecture is a new row.  Rows are matched in order by (e_machine,
 * word size, byte order), so the more specific row of a machine comes
 * first.  The columns, and where each fact comes from (Linux 7.3.4 but
 * where said):
 * - name, e_machine, word size, byte order: uname -m's name; the ELF
 *   gABI and include/uapi/linux/elf-em.h.
 * - AF_: its own AT_ types (at.def).
 * - page sizes: the values ELF_EXEC_PAGESIZE can take, each
 *   architecture's Kconfig page-size choices (parisc's is 4096 whatever
 *   PAGE_SIZE is).
 * - HWCAP tables: hwcap.h's HWCAPS_* (src/gentables.py).
 * - USER_HZ, AT_CLKTCK: 100 (include/asm-generic/param.h) but on alpha,
 *   1024 (arch/alpha/include/uapi/asm/param.h), and 0 on ia64, whose
 *   USER_HZ was the kernel's HZ, its build's (asm/param.h, before 6.7).
 * - ARCH_DLINFO: which entries its kernel gives, a bit of the entries
 *   rule's table (check_entries.c); 0: none known (ia64).
 * - cpuinfo: the /proc/cpuinfo line that lists its HWCAP names, as the
 *   hwcap rule reads it: x86's "flags" (arch/x86/kernel/cpu/proc.c),
 *   "Features" of arm64 (kernel/cpuinfo.c), arm (kernel/setup.c) and
 *   loongarch (kernel/proc.c); "" where none is read.
 * - vDSO: the image it links, vdsocheck.c's table; VABI_NONE where none
 *   is asked.
 * - GNU properties: whose machine-specific types its programs carry
 *   (i386 and x32 share x86-64's).
 * - flags: ARCH_SYSINFO, i386's AT_SYSINFO (arch/x86/include/asm/elf.h
 *   ARCH_DLINFO_IA32); ARCH_CPUINFO_ALL, x86's flags line, one for
 *   i386, x32 and x86-64 processes alike; ARCH_PLATFORM_VN, arm's
 *   platform, which grows with new cores ("v8l" under arm64).
 * - AT_PLATFORM: ELF_PLATFORM's values, where --check knows them: x86's
 *   arch/x86/include/asm/elf.h ("x86_64"; i386 its uname -m; "i686"
 *   under a 64-bit kernel, COMPAT_ELF_PLATFORM, which
 *   fs/compat_binfmt_elf.c gives x32 too), arch/arm64/include/asm/elf.h
 *   ("aarch64", "aarch64_be" where the kernel is big-endian,
 *   CONFIG_CPU_BIG_ENDIAN), arch/arm (elf_platform: "v4".."v7", with "l"
 *   or "b").
 */
/* clang-format off */
static const struct arch arches[] = {
	/* name, e_machine, word size, byte order, AF_, page sizes, HWCAP,
	 * USER_HZ, ARCH_DLINFO, cpuinfo, vDSO, GNU properties, flags,
	 * AT_PLATFORM */
	{ "x86_64",	EM_X86_64,		8, 0, 0,	P4K,	HWCAPS_X86,
	    100, A_X86_64, "flags", VABI_X86_64, PROPS_X86, ARCH_CPUINFO_ALL,
	    { "x86_64" } },
	{ "x32",	EM_X86_64,		4, 0, 0,	P4K,	HWCAPS_X86,
	    100, A_X32, "flags", VABI_X86_64, PROPS_X86, ARCH_CPUINFO_ALL,
	    { "i686" } },
	{ "i386",	EM_386,			4, 0, 0,	P4K,	HWCAPS_X86,
	    100, A_I386, "flags", VABI_I386, PROPS_X86,
	    ARCH_CPUINFO_ALL | ARCH_SYSINFO,
	    { "i386", "i486", "i586", "i686" } },
	{ "aarch64",	EM_AARCH64,		8, 0, 0,	P4K | P16K | P64K,	HWCAPS_AARCH64,
	    100, A_ARM64, "Features", VABI_AARCH64, PROPS_AARCH64, 0,
	    { "aarch64" } },
	{ "aarch64_be",	EM_AARCH64,		8, 1, 0,	P4K | P16K | P64K,	HWCAPS_AARCH64,
	    100, A_ARM64, "Features", VABI_AARCH64, PROPS_AARCH64, 0,
	    { "aarch64_be" } },
	{ "arm",	EM_ARM,			4, ARCH_ANY_ENDIAN, 0,	P4K,	HWCAPS_ARM,
	    100, A_ARM, "Features", VABI_ARM, PROPS_GENERIC, ARCH_PLATFORM_VN,
	    { "v4l", "v4b", "v5l", "v5b", "v6l", "v6b", "v7l", "v7b" } },
	{ "ppc64le",	EM_PPC64,		8, 0, 0,	P4K | P64K,	HWCAPS_PPC,
	    100, A_PPC64, "", VABI_PPC64, PROPS_GENERIC, 0, { "" } },
	{ "ppc64",	EM_PPC64,		8, 1, 0,	P4K | P64K,	HWCAPS_PPC,
	    100, A_PPC64, "", VABI_PPC64, PROPS_GENERIC, 0, { "" } },
	{ "ppc",	EM_PPC,			4, 1, 0,	P4K | P16K | P64K | P256K,	HWCAPS_PPC,
	    100, A_PPC, "", VABI_PPC, PROPS_GENERIC, 0, { "" } },
	{ "s390x",	EM_S390,		8, 1, 0,	P4K,	HWCAPS_S390,
	    100, A_S390, "", VABI_S390X, PROPS_GENERIC, 0, { "" } },
	{ "s390",	EM_S390,		4, 1, 0,	P4K,	HWCAPS_S390,
	    100, A_S390, "", VABI_NONE, PROPS_GENERIC, 0, { "" } },
	{ "riscv64",	EM_RISCV,		8, 0, 0,	P4K,	HWCAPS_RISCV,
	    100, A_RISCV, "", VABI_RISCV, PROPS_RISCV, 0, { "" } },
	{ "riscv32",	EM_RISCV,		4, 0, 0,	P4K,	HWCAPS_RISCV,
	    100, A_RISCV, "", VABI_RISCV, PROPS_RISCV, 0, { "" } },
	{ "loongarch64", EM_LOONGARCH,		8, 0, 0,	P4K | P16K | P64K,	HWCAPS_LOONGARCH,
	    100, A_LOONG, "Features", VABI_LOONGARCH, PROPS_GENERIC, 0, { "" } },
	{ "loongarch32", EM_LOONGARCH,		4, 0, 0,	P4K | P16K | P64K,	HWCAPS_LOONGARCH,
	    100, A_LOONG, "Features", VABI_NONE, PROPS_GENERIC, 0, { "" } },
	{ "mips64",	EM_MIPS,		8, ARCH_ANY_ENDIAN, 0,	P4K | P8K | P16K | P32K | P64K,	HWCAPS_MIPS,
	    100, A_MIPS, "", VABI_MIPS, PROPS_GENERIC, 0, { "" } },
	{ "mips",	EM_MIPS,		4, ARCH_ANY_ENDIAN, 0,	P4K | P8K | P16K | P32K | P64K,	HWCAPS_MIPS,
	    100, A_MIPS, "", VABI_MIPS, PROPS_GENERIC, 0, { "" } },
	{ "sparc64",	EM_SPARCV9,		8, 1, AF_SPARC,	P8K,	HWCAPS_SPARC,
	    100, A_SPARC64, "", VABI_SPARC64, PROPS_GENERIC, 0, { "" } },
	{ "sparc",	EM_SPARC,		4, 1, AF_SPARC,	P4K,	HWCAPS_SPARC,
	    100, A_SPARC, "", VABI_SPARC, PROPS_GENERIC, 0, { "" } },
	{ "sparc",	EM_SPARC32PLUS,		4, 1, AF_SPARC,	P4K,	HWCAPS_SPARC,
	    100, A_SPARC, "", VABI_SPARC, PROPS_GENERIC, 0, { "" } },
	{ "m68k",	EM_68K,			4, 1, 0,	P4K | P8K,	{ HWT_NONE },
	    100, A_OTHER, "", VABI_NONE, PROPS_GENERIC, 0, { "" } },
	{ "alpha",	EM_ALPHA,		8, 0, AF_ALPHA,	P8K,	{ HWT_NONE },
	    1024, A_ALPHA, "", VABI_NONE, PROPS_GENERIC, 0, { "" } },
	{ "sh",		EM_SH,			4, ARCH_ANY_ENDIAN, AF_SH,	P4K | P8K | P16K | P64K,	HWCAPS_SH,
	    100, A_SH, "", VABI_NONE, PROPS_GENERIC, 0, { "" } },
	{ "parisc64",	EM_PARISC,		8, 1, 0,	P4K,	{ HWT_NONE },
	    100, A_PARISC, "", VABI_PARISC, PROPS_GENERIC, 0, { "" } },
	{ "parisc",	EM_PARISC,		4, 1, 0,	P4K,	{ HWT_NONE },
	    100, A_PARISC, "", VABI_PARISC, PROPS_GENERIC, 0, { "" } },
	{ "ia64",	EM_IA_64,		8, 0, 0,	P4K | P8K | P16K | P64K,	{ HWT_NONE },
	    0, 0, "", VABI_NONE, PROPS_GENERIC, 0, { "" } },
	{ "microblaze",	EM_MICROBLAZE,		4, ARCH_ANY_ENDIAN, 0,	P4K,	{ HWT_NONE },
	    100, A_OTHER, "", VABI_NONE, PROPS_GENERIC, 0, { "" } },
	{ "or1k",	EM_OPENRISC,		4, 1, 0,	P8K,	{ HWT_NONE },
	    100, A_OTHER, "", VABI_NONE, PROPS_GENERIC, 0, { "" } },
	{ "csky",	EM_CSKY,		4, 0, 0,	P4K,	{ HWT_NONE },
	    100, A_OTHER, "", VABI_NONE, PROPS_GENERIC, 0, { "" } },
	{ "arc",	EM_ARCV2,		4, 0, 0,	P4K | P8K | P16K,	{ HWT_NONE },
	    100, A_OTHER, "", VABI_NONE, PROPS_GENERIC, 0, { "" } },
	{ "xtensa",	EM_XTENSA,		4, ARCH_ANY_ENDIAN, 0,	P4K,	{ HWT_NONE },
	    100, A_OTHER, "", VABI_NONE, PROPS_GENERIC, 0, { "" } },
	{ "hexagon",	EM_QDSP6,		4, 0, 0,	P4K | P16K | P64K | P256K,	{ HWT_NONE },
	    100, A_OTHER, "", VABI_NONE, PROPS_GENERIC, 0, { "" } },
	{ "nios2",	EM_ALTERA_NIOS2,	4, 0, 0,	P4K,	{ HWT_NONE },
	    100, A_OTHER, "", VABI_NONE, PROPS_GENERIC, 0, { "" } },
};
/* clang-format on */

#pragma GCC diagnostic pop

/*
 * The other names uname -m prints for an architecture of the table: the
 * UTS_MACHINE of Linux arch Makefiles, arch/arm/kernel/setup.c's
 * "armv%d%c" by CPU architecture and endianness (arm64's 32-bit compat
 * is "armv8l"), arch/sh/kernel/setup.c's CPU family after "sh" with
 * "eb" on a big-endian kernel, i386's personality names, and Debian's
 * spellings of little-endian mips.  A spelling that names a byte order
 * gives it to a raw file (1 big, 0 little; -1 the row's default).
 */
/* clang-format off */
static const struct {
	char	spelling[12];
	char	name[ARCH_NAME_LEN];
	short	bigendian;
} spellings[] = {
	{ "i486", "i386", -1 },
	{ "i586", "i386", -1 },
	{ "i686", "i386", -1 },
	{ "armv4l", "arm", 0 },
	{ "armv4tl", "arm", 0 },
	{ "armv5l", "arm", 0 },
	{ "armv5tl", "arm", 0 },
	{ "armv5tel", "arm", 0 },
	{ "armv5tejl", "arm", 0 },
	{ "armv6l", "arm", 0 },
	{ "armv7l", "arm", 0 },
	{ "armv7ml", "arm", 0 },
	{ "armv8l", "arm", 0 },
	{ "armv4b", "arm", 1 },
	{ "armv5b", "arm", 1 },
	{ "armv5teb", "arm", 1 },
	{ "armv6b", "arm", 1 },
	{ "armv7b", "arm", 1 },
	{ "armv8b", "arm", 1 },
	{ "arm64", "aarch64", -1 },
	{ "mipsel", "mips", 0 },
	{ "mips64el", "mips64", 0 },
	{ "sh2", "sh", 0 },
	{ "sh2a", "sh", 0 },
	{ "sh3", "sh", 0 },
	{ "sh4", "sh", 0 },
	{ "sh4a", "sh", 0 },
	{ "sh4al-dsp", "sh", 0 },
	{ "sheb", "sh", 1 },
	{ "sh2eb", "sh", 1 },
	{ "sh2aeb", "sh", 1 },
	{ "sh3eb", "sh", 1 },
	{ "sh4eb", "sh", 1 },
	{ "sh4aeb", "sh", 1 },
	{ "sh4al-dspeb", "sh", 1 },
	{ "sparcv9", "sparc64", -1 },
	{ "openrisc", "or1k", -1 },
};
/* clang-format on */

/*
 * The row that name spells, and in *bigendian (unless NULL) the byte order
 * the spelling names: 0, 1, or -1 where it names none.
 */
const struct arch *
arch_by_name(const char *name, int *bigendian)
{
	size_t i;

	if (bigendian != NULL)
		*bigendian = -1;
	for (i = 0; i < NITEMS(spellings); i++)
		if (strcmp(spellings[i].spelling, name) == 0) {
			name = spellings[i].name;
			if (bigendian != NULL)
				*bigendian = spellings[i].bigendian;
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

/*
 * The row of a machine and word size, of the byte order where the machine
 * has rows of both; 0 or none of the word size: the machine's first row
 * where any_size, else NULL.
 */
static const struct arch *
find(uint16_t machine, unsigned int wordsize, int bigendian, int any_size)
{
	const struct arch *size = NULL, *any = NULL;
	size_t i;

	for (i = 0; i < NITEMS(arches); i++) {
		const struct arch *a = &arches[i];

		if (a->machine != machine)
			continue;
		if (any == NULL)
			any = a;
		if (a->wordsize != wordsize)
			continue;
		if (a->bigendian == ARCH_ANY_ENDIAN ||
		    a->bigendian == (bigendian != 0))
			return a;
		if (size == NULL)
			size = a;
	}
	return size != NULL ? size : any_size ? any : NULL;
}

/*
 * The row whose facts of its kernel (AT_PLATFORM, the vDSO) a vector of
 * that machine, word size and byte order is held to: NULL where the
 * machine has no row of the word size.
 */
const struct arch *
arch_of(uint16_t machine, unsigned int wordsize, int bigendian)
{
	return find(machine, wordsize, bigendian, 0);
}

/*
 * As arch_of(), or the machine's first row where it has none of the word
 * size (an i386 core of 8-byte words; wordsize 0: any): for ARCH_DLINFO,
 * USER_HZ, AT_SYSINFO and the GNU properties, which the kernel gives by
 * machine.
 */
const struct arch *
arch_kernel(uint16_t machine, unsigned int wordsize, int bigendian)
{
	return find(machine, wordsize, bigendian, 1);
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
