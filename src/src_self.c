/*
 * The program's own vector, read from memory: the words after the NULL
 * that ends envp.  Its word size, byte order and machine are the build's,
 * read from our own ELF header.
 */
#include <elf.h>
#include <string.h>
#include <unistd.h>

#include "source.h"

/*
 * Our own memory: the pointers in our vector were put there by the
 * kernel and point into our stack.  decode.c never reads across a 4 KiB
 * boundary, so a string at the top of the stack is read safely.
 */
static ssize_t
self_read(const struct memsrc *m, uint64_t addr, void *buf, size_t len)
{
	(void)m;
	if (addr != (uintptr_t)addr)
		return -1;
	memcpy(buf, (const void *)(uintptr_t)addr, len);
	return (ssize_t)len;
}

int
src_self(struct source *s, char **envp, int want_pid, struct diag *d)
{
	const unsigned char *auxv;
	size_t len, pair;
	unsigned int ws;
	int be;

	(void)d;
	src_host(&s->vec.machine, &ws, &be);
	s->vec.wordsize = (uint8_t)ws;
	s->vec.bigendian = (uint8_t)be;
	while (*envp != NULL)
		envp++;
	auxv = (const unsigned char *)(envp + 1);
	pair = 2 * sizeof(unsigned long);
	for (len = 0; len < AUXV_MAX_RAW; len += pair)
		if (*(const unsigned long *)(const void *)(auxv + len) == 0) {
			len += pair;
			break;
		}
	/* Our own vector stays where the kernel put it: no copy. */
	s->vec.kind = SRC_SELF;
	s->vec.pid = want_pid ? getpid() : 0;
	memcpy(s->label, "self", sizeof("self"));
	s->vec.raw = auxv;
	s->vec.rawlen = len;
	s->vec.mem.read = self_read;
	return 0;
}
