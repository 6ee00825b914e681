/*
 * libFuzzer target for vec_parse and decode_entry.  The input is two
 * selector bytes, then a raw vector:
 *	byte 0: bit 0 set for 4-byte words (else 8), bit 1 set for big-endian
 *	byte 1: the architecture, arch_at(byte % (count + 1)), where the
 *	        last choice is NULL (generic types only)
 * Nothing is printed; memory is never read (mem.read is NULL).
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "arch.h"
#include "caps.h"
#include "decode.h"
#include "vec.h"

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static struct auxv_ent ents[AUXV_MAX_ENTRIES];
static struct strpool pool;

static size_t
arch_count(void)
{
	size_t n = 0;

	while (arch_at(n) != NULL)
		n++;
	return n;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct auxv_vec v;
	struct diag d;
	struct decoded dec;
	size_t i;

	if (size < 2)
		return 0;
	memset(&v, 0, sizeof(v));
	memset(&d, 0, sizeof(d));
	v.label = "fuzz";
	v.kind = SRC_FILE;
	v.wordsize = (data[0] & 1) ? 4 : 8;
	v.bigendian = (data[0] >> 1) & 1;
	v.arch = arch_at(data[1] % (arch_count() + 1));
	v.machine = v.arch != NULL ? v.arch->machine : 0;
	v.raw = data + 2;
	v.rawlen = size - 2;
	v.ent = ents;
	v.mem.read = NULL;
	v.mem.fd = -1;

	(void)vec_parse(&v, AUXV_MAX_ENTRIES, &d);
	pool.used = 0;
	for (i = 0; i < v.nent; i++)
		decode_entry(&v, &v.ent[i], &dec, &pool);
	return 0;
}
