/*
 * HWCAP bit names: one table of HWCAP_BITS names per architecture and
 * word, indexed by bit number; an unnamed bit is the empty string.  The
 * names are stored inline, not pointed to, so that the table needs no
 * relocation when the program starts.
 */
#ifndef AUXV_HWCAP_H
#define AUXV_HWCAP_H

#define HWCAP_BITS 64
/* The longest name, "loongson-cpucfg", and its NUL. */
#define HWCAP_NAME_LEN 16

/* Which table; an architecture's unused words are HWT_NONE. */
enum hwcap_table {
	HWT_NONE,
	HWT_X86,
	HWT2_X86,
	HWT_AARCH64,
	HWT2_AARCH64,
	HWT_ARM,
	HWT2_ARM,
	HWT_PPC,
	HWT2_PPC,
	HWT_S390,
	HWT_RISCV,
	HWT_LOONGARCH,
	HWT_MIPS,
	HWT_SPARC,
	HWT_SH,
	HWT_COUNT
};

extern const char hwcap_names[HWT_COUNT][HWCAP_BITS][HWCAP_NAME_LEN];

#endif
