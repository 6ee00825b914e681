/*
 * libFuzzer target for auxv's own JSON read back: the input is the text
 * of a file given to -f.  A vector read back goes through vec_parse and
 * decode_entry, with its strings and random bytes served from what the
 * text held, as -f serves them.  Nothing is printed.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bounds.h"
#include "decode.h"
#include "source.h"
#include "src_json.h"

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static struct source src;
static struct strpool pool;

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct diag d;
	struct decoded dec;
	pid_t pid;
	size_t i;
	int rc;

	memset(&d, 0, sizeof(d));
	src_init(&src);
	(void)json_is_json(data, size);
	/* The first byte picks --pid: 0 (any) or 1234. */
	pid = size > 0 && (data[0] & 1) ? 1234 : 0;
	/* Each object in turn, as -f shows a file of JSON Lines. */
	for (rc = json_read(&src, data, size, -1, pid, &d);
	     rc != 1 && (rc == 0 || (d.flags & DIAG_SAVED));
	     rc = json_read_next(&src, &d)) {
		if (rc == -1)
			continue;
		src.vec.ent = src.ent;
		if (vec_parse(&src.vec, AUXV_MAX_ENTRIES, &d) == 0) {
			pool.used = 0;
			for (i = 0; i < src.vec.nent; i++)
				decode_entry(
				    &src.vec, &src.vec.ent[i], &dec, &pool);
		}
	}
	json_read_close(&src);
	free(src.data);
	free(src.loads);
	return 0;
}
