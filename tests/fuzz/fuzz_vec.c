/*
 * libFuzzer target for vec_parse, decode_entry and the printers.  The
 * input is two selector bytes, then a raw vector:
 *	byte 0: bit 0 set for 4-byte words (else 8), bit 1 set for big-endian,
 *	        bit 2 for -v, bit 3 for --value, bit 4 for target memory
 *	byte 1: the architecture, arch_at(byte % (count + 1)), where the
 *	        last choice is NULL (generic types only)
 * Target memory, when there is any, is the input itself at the address
 * modulo its size, in short reads, and unreadable at some addresses, so
 * that strings are read on and escaped whatever their bytes.  Every
 * format prints the vector to /dev/null.
 */
#include <fcntl.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "arch.h"
#include "bounds.h"
#include "decode.h"
#include "opts.h"
#include "print.h"
#include "vec.h"

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static struct auxv_ent ents[AUXV_MAX_ENTRIES];
static struct decoded dec[AUXV_MAX_ENTRIES];
static struct strpool pool;
static struct out out;

struct blob {
	const uint8_t *data;
	size_t len;
};

static ssize_t
blob_read(const struct memsrc *m, uint64_t addr, void *buf, size_t len)
{
	const struct blob *b = m->ctx;
	size_t off, n;

	if (b->len == 0 || addr % 61 == 7)
		return -1;
	off = (size_t)(addr % b->len);
	n = b->len - off < len ? b->len - off : len;
	n = n > 1 + addr % 37 ? 1 + addr % 37 : n;
	memcpy(buf, b->data + off, n);
	return (ssize_t)n;
}

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
	static const struct printer *const printers[] = {
		&pr_human,
		&pr_od,
		&pr_json,
		&pr_raw,
	};
	struct opts o = { .endian = -1 };
	struct pr_ctx c = { .opts = &o, .first = 1 };
	struct blob b;
	struct auxv_vec v;
	struct diag d;
	size_t i, n = 0;

	if (size < 2)
		return 0;
	if (out.fd == 0)
		out_init(&out, open("/dev/null", O_WRONLY | O_CLOEXEC));
	memset(&v, 0, sizeof(v));
	memset(&d, 0, sizeof(d));
	v.label = "fuzz";
	v.kind = SRC_FILE;
	v.path = "fuzz";
	v.wordsize = (data[0] & 1) ? 4 : 8;
	v.bigendian = (data[0] >> 1) & 1;
	v.arch = arch_at(data[1] % (arch_count() + 1));
	v.machine = v.arch != NULL ? v.arch->machine : 0;
	v.raw = data + 2;
	v.rawlen = size - 2;
	v.ent = ents;
	b = (struct blob){ data, size };
	v.mem.read = (data[0] & 16) ? blob_read : NULL;
	v.mem.ctx = &b;
	v.mem.fd = -1;
	o.verbose = (data[0] >> 2) & 1;
	o.value_only = (data[0] >> 3) & 1;

	if (vec_parse(&v, AUXV_MAX_ENTRIES, &d) == -1)
		c.partial = &d;
	c.partial_msg = "broken";
	pool.used = 0;
	for (i = 0; i < v.nent; i++)
		decode_entry(&v, &v.ent[i], &dec[n++], &pool);
	for (i = 0; i < sizeof(printers) / sizeof(printers[0]); i++) {
		printers[i]->vector(&out, &c, &v, dec, n);
		if (printers[i]->failure != NULL)
			printers[i]->failure(&out, &c, &v, &d, "failed");
	}
	out_flush(&out);
	return 0;
}
