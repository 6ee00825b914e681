/*
 * What every source shares: setting up, tearing down, and reading target
 * memory through a file descriptor (/proc/PID/mem).
 */
#include <elf.h>
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "source.h"

void
src_init(struct source *s)
{
	memset(&s->vec, 0, sizeof(s->vec));
	s->vec.ent = s->ent;
	s->vec.label = s->label;
	s->label[0] = '\0';
	s->fd = -1;
	s->child = 0;
	s->tid = 0;
	s->data = NULL;
	s->datalen = 0;
	s->loads = NULL;
	s->nloads = 0;
	s->nspan = 0;
}

/* Releases what a source holds; a traced child is killed and reaped. */
void
src_close(struct source *s)
{
	if (s->child > 0) {
		kill(s->child, SIGKILL);
		while (waitpid(s->child, NULL, __WALL) == -1 && errno == EINTR)
			;
		s->child = 0;
	}
	if (s->fd != -1)
		close(s->fd);
	free(s->data);
	free(s->loads);
	src_init(s);
}

/* Reads up to size bytes, fewer only at end of file; -1 and errno. */
int
src_read_full(int fd, unsigned char *buf, size_t size, size_t *len)
{
	ssize_t n;

	*len = 0;
	while (*len < size) {
		n = read(fd, buf + *len, size - *len);
		if (n == -1 && errno == EINTR)
			continue;
		if (n == -1)
			return -1;
		if (n == 0)
			break;
		*len += (size_t)n;
	}
	return 0;
}

/* The linker points this at the ELF header of the executable. */
extern const unsigned char __ehdr_start[];

void
src_host(uint16_t *machine, unsigned int *wordsize, int *bigendian)
{
	struct elf_id id;

	(void)elf_header(__ehdr_start, ELF_ID_LEN, &id);
	*machine = id.machine;
	*wordsize = id.wordsize;
	*bigendian = id.bigendian;
}
