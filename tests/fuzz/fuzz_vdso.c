/*
 * libFuzzer target for the vDSO and program-header decoders: the input
 * is target memory at a fixed address, read through a memsrc.  Its first
 * bytes choose the layout (word size, byte order, machine) and the
 * vector's AT_PHNUM and AT_PHENT; the rest is both the vDSO image at
 * AT_SYSINFO_EHDR and the program headers at AT_PHDR.  Both are printed,
 * human and JSON, to /dev/null, and the vDSO held to --check's
 * vdso-image rule.
 */
#include <fcntl.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

#include "at.h"
#include "decode.h"
#include "out.h"
#include "print_follow.h"
#include "vdsocheck.h"
#include "vec.h"

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

#define BASE 0x10000u

struct mem {
	const uint8_t *p;
	size_t n;
};

static ssize_t
mem_read(const struct memsrc *m, uint64_t addr, void *buf, size_t len)
{
	const struct mem *mm = m->ctx;

	if (addr < BASE || addr - BASE >= mm->n)
		return -1;
	if (len > mm->n - (addr - BASE))
		len = mm->n - (size_t)(addr - BASE);
	memcpy(buf, mm->p + (addr - BASE), len);
	return (ssize_t)len;
}

static struct out o;
static struct followed fo;

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const uint16_t machines[] = { 62, 3, 183, 243 };
	struct auxv_ent ent[5];
	struct auxv_vec v;
	struct decoded d[2];
	struct mem mm;
	char ev[512];
	size_t i;

	if (size < 4)
		return 0;
	if (o.fd == 0)
		out_init(&o, open("/dev/null", O_WRONLY | O_CLOEXEC));
	memset(&v, 0, sizeof(v));
	v.wordsize = data[0] & 1 ? 8 : 4;
	v.bigendian = (data[0] >> 1) & 1;
	v.machine = machines[(data[0] >> 2) & 3];
	mm.p = data + 4;
	mm.n = size - 4;
	ent[0] = (struct auxv_ent){ AT_NUM_SYSINFO_EHDR, BASE };
	ent[1] = (struct auxv_ent){ AT_NUM_PHDR, BASE + data[1] };
	ent[2] = (struct auxv_ent){ AT_NUM_PHENT, v.wordsize == 8 ? 56 : 32 };
	ent[3] = (struct auxv_ent){ AT_NUM_PHNUM, data[2] };
	ent[4] = (struct auxv_ent){ AT_NUM_PAGESZ, 1u << (data[3] & 15) };
	v.ent = ent;
	v.nent = 5;
	v.mem.read = mem_read;
	v.mem.ctx = &mm;
	v.mem.fd = -1;
	memset(d, 0, sizeof(d));
	for (i = 0; i < 2; i++) {
		d[i].type = ent[i].type;
		d[i].value = ent[i].value;
	}
	follow_vector(&v, d, 2, &fo);
	(void)vdso_image_check(
	    &fo, BASE, v.machine, v.wordsize, v.bigendian, ev, sizeof(ev));
	for (i = 0; i < 2; i++) {
		struct json j = { &o, 1 };

		pr_follow(&o, NULL, &fo, &d[i], i, NULL);
		pr_follow(&o, &j, &fo, &d[i], i, NULL);
	}
	o.len = 0;
	return 0;
}
