/*
 * A saved vector: raw bytes as copied from /proc/PID/auxv, from a file or
 * standard input.  Word size and byte order are the options', else the
 * --arch's, else the host's.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "arch.h"
#include "opts.h"
#include "source.h"

int
src_file(struct source *s, const struct opts *o, const char *path,
    struct diag *d)
{
	unsigned int ws;
	size_t len = 0;
	ssize_t n;
	int fd, be;
	uint16_t m;

	s->vec.kind = SRC_FILE;
	s->vec.path = path;
	snprintf(s->label, sizeof(s->label), "%s", path);
	if (strcmp(path, "-") == 0)
		fd = STDIN_FILENO;
	else if ((fd = open(path, O_RDONLY | O_CLOEXEC)) == -1) {
		diag_set(d, errno, NULL);
		return -1;
	}
	while (len < sizeof(s->rawbuf)) {
		n = read(fd, s->rawbuf + len, sizeof(s->rawbuf) - len);
		if (n == -1 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		len += (size_t)n;
	}
	if (n == -1) {
		diag_set(d, errno, NULL);
		if (fd != STDIN_FILENO)
			close(fd);
		return -1;
	}
	if (fd != STDIN_FILENO)
		close(fd);
	src_host(&m, &ws, &be);
	if (o->arch != NULL) {
		m = o->arch->machine;
		ws = o->arch->wordsize;
		be = arch_default_bigendian(o->arch);
	}
	s->vec.machine = m;
	s->vec.wordsize = (uint8_t)(o->wordsize != 0 ? o->wordsize : ws);
	s->vec.bigendian = (uint8_t)(o->endian != -1 ? o->endian : be);
	s->vec.raw = s->rawbuf;
	s->vec.rawlen = len;
	return 0;
}
