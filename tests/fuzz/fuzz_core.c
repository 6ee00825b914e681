/*
 * libFuzzer target for the ELF core walker: the input is a core file,
 * read from memory.  When the walk finds an NT_AUXV descriptor, the
 * descriptor goes through vec_parse and decode_entry (without memory),
 * and the process's names are taken from the same walk.
 * Nothing is printed.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "arch.h"
#include "bounds.h"
#include "decode.h"
#include "elfcore.h"
#include "vec.h"

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static unsigned char rawbuf[AUXV_MAX_RAW];
static struct auxv_ent ents[AUXV_MAX_ENTRIES];
static struct strpool pool;
static struct elf_names names;

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct elf_reader r;
	struct elf_core c;
	struct auxv_vec v;
	struct diag d;
	struct decoded dec;
	size_t i;

	memset(&c, 0, sizeof(c));
	memset(&d, 0, sizeof(d));
	(void)elf_is_elf(data, size);
	elf_reader_mem(&r, data, size);
	c.raw = rawbuf;
	c.rawcap = sizeof(rawbuf);
	c.names = &names;
	if (elf_core_auxv(&r, &c, &d) == -1) {
		elf_core_free(&c);
		return 0;
	}
	elf_core_free(&c);

	memset(&v, 0, sizeof(v));
	memset(&d, 0, sizeof(d));
	v.label = "fuzz";
	v.kind = SRC_CORE;
	v.machine = c.machine;
	v.wordsize = c.wordsize;
	v.bigendian = c.bigendian;
	v.arch = arch_by_elf(c.machine, c.wordsize, c.bigendian);
	v.raw = rawbuf;
	v.rawlen = c.rawlen;
	v.ent = ents;
	v.mem.read = NULL;
	v.mem.fd = -1;
	if (vec_parse(&v, AUXV_MAX_ENTRIES, &d) == -1)
		return 0;
	pool.used = 0;
	for (i = 0; i < v.nent; i++)
		decode_entry(&v, &v.ent[i], &dec, &pool);
	return 0;
}
