/*
 * The /proc layer: a process's memory map, DIR/maps, read line by line
 * in a buffer of one line's size, and the questions asked of it.  Under
 * an emulator (qemu-user) /proc/self/maps is the guest's map, in the
 * guest's addresses.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "proc.h"
#include "source.h"

/*
 * The number of base 16 or 10 at *p, and *p past it and the one
 * separator sep after it (' ' passes over more blanks too, and is also
 * met by the line's end, where the kernel ends an anonymous mapping's
 * line): 0, or -1 where there is none or it has more digits than 64 bits
 * hold.  No strtoull: it takes signs, blanks and "0x", which a maps line
 * never has.
 */
static int
field(char **p, unsigned int base, char sep, uint64_t *v)
{
	char *s = *p;
	unsigned int d, n = 0;

	for (*v = 0;; s++, n++) {
		if (*s >= '0' && *s <= '9')
			d = (unsigned int)(*s - '0');
		else if (base == 16 && *s >= 'a' && *s <= 'f')
			d = (unsigned int)(*s - 'a' + 10);
		else
			break;
		if (*v > (UINT64_MAX - d) / base)
			return -1;
		*v = *v * base + d;
	}
	if (n == 0 || (*s != sep && !(sep == ' ' && *s == '\0')))
		return -1;
	if (*s == sep)
		s++;
	while (sep == ' ' && *s == ' ')
		s++;
	*p = s;
	return 0;
}

/* One line, NUL-terminated, into m: 0, or -1 where it is not a maps line. */
static int
map_parse(char *line, struct proc_map *m)
{
	char *p = line;
	uint64_t maj, min;

	if (field(&p, 16, '-', &m->lo) == -1 ||
	    field(&p, 16, ' ', &m->hi) == -1 || strnlen(p, 5) < 5 ||
	    p[4] != ' ')
		return -1;
	memcpy(m->perms, p, 4);
	m->perms[4] = '\0';
	p += 5;
	if (field(&p, 16, ' ', &m->offset) == -1 ||
	    field(&p, 16, ':', &maj) == -1 || field(&p, 16, ' ', &min) == -1 ||
	    field(&p, 10, ' ', &m->inode) == -1 || m->lo > m->hi ||
	    maj > UINT_MAX || min > UINT_MAX)
		return -1;
	m->major = (unsigned int)maj;
	m->minor = (unsigned int)min;
	m->path = p;
	return 0;
}

/*
 * Reads dir/maps, at most limit bytes of it, and hands each mapping to
 * fn in order, until fn returns nonzero.  A line longer than the buffer
 * (a path of more than PATH_MAX bytes, which the kernel prints whole) is
 * passed over to its end: its tail, text a file's name chose, is never
 * read as a line of its own.  Returns 0 when the file was read to its
 * end, fn's nonzero value when it stopped, -1 and errno when dir/maps
 * could not be read or was longer than limit (EFBIG).
 */
int
proc_maps(const char *dir, size_t limit, proc_map_fn *fn, void *arg)
{
	char path[64], buf[PATH_MAX + 256], *nl, *p;
	struct proc_map m;
	size_t len = 0, total = 0, n = 0;
	int fd, rc = 0, e, skip = 0, stop = 0;

	snprintf(path, sizeof(path), "%s/maps", dir);
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) == -1)
		return -1;
	while (stop == 0 && total < limit &&
	    (rc = src_read_full(fd, (unsigned char *)buf + len,
	         sizeof(buf) - 1 - len, &n)) == 0 &&
	    n > 0) {
		total += n;
		len += n;
		buf[len] = '\0';
		for (p = buf; stop == 0 && (nl = strchr(p, '\n')) != NULL;
		     p = nl + 1) {
			*nl = '\0';
			if (!skip && map_parse(p, &m) == 0)
				stop = fn(&m, arg);
			skip = 0;
		}
		len -= (size_t)(p - buf);
		if (len == sizeof(buf) - 1) {
			len = 0;
			skip = 1;
		}
		memmove(buf, p, len);
	}
	e = rc == -1 ? errno : EFBIG;
	close(fd);
	if (stop != 0)
		return stop;
	if (rc == -1 || n != 0) {
		errno = e;
		return -1;
	}
	return 0;
}

/* What proc_readable() asks of each mapping: from at on, up to end. */
struct reach {
	uint64_t at, end;
};

static int
reach_map(const struct proc_map *m, void *arg)
{
	struct reach *r = arg;

	if (m->hi <= r->at)
		return 0;
	if (m->lo > r->at || m->perms[0] != 'r')
		return 1;
	r->at = m->hi;
	return r->at >= r->end;
}

/*
 * How many of the len bytes at addr, from addr on, mappings that dir/maps
 * says are readable hold without a gap: 0 where addr is in none, or the
 * map can't be read whole.
 */
size_t
proc_readable(const char *dir, uint64_t addr, size_t len)
{
	struct reach r = { addr, UINT64_MAX };

	if (len <= UINT64_MAX - addr)
		r.end = addr + len;
	if (len == 0 ||
	    proc_maps(dir, AUXV_CHECK_MAPS_BYTES, reach_map, &r) == -1)
		return 0;
	return (size_t)((r.at < r.end ? r.at : r.end) - addr);
}

/*
 * Reads a small /proc file, at most size bytes; -1 and errno.  A /proc
 * file of one record hands over all it has in one read (as much as fits),
 * so one read is all it takes.
 */
ssize_t
proc_read(const char *path, unsigned char *buf, size_t size)
{
	ssize_t n;
	int fd, e;

	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) == -1)
		return -1;
	n = read(fd, buf, size);
	e = errno;
	close(fd);
	errno = e;
	return n;
}

/*
 * A number of dir's stat line, the nth after the name (1: the state, 2:
 * the parent's PID, 7: the flags, 26: startstack, where argc is): 0, or
 * -1 where it can't be read.
 */
int
proc_stat(const char *dir, int nth, uint64_t *val)
{
	unsigned char buf[1024];
	char path[64];
	ssize_t n;
	char *p;
	int i;

	snprintf(path, sizeof(path), "%s/stat", dir);
	if ((n = proc_read(path, buf, sizeof(buf) - 1)) <= 0)
		return -1;
	buf[n] = '\0';
	/* The name may hold spaces and parentheses: count from the last ')'. */
	if ((p = strrchr((char *)buf, ')')) == NULL)
		return -1;
	for (i = 0; i < nth && p != NULL; i++)
		p = strchr(p + 1, ' ');
	if (p == NULL)
		return -1;
	*val = strtoull(p + 1, NULL, 10);
	return 0;
}

/*
 * stat(2) of path through an open descriptor: an emulator that maps
 * paths under a prefix (qemu-user's -L) does so for open(2), not for
 * every stat call (qemu 7.2's statx).  0, or -1 and errno.
 */
int
proc_stat_path(const char *path, struct stat *st)
{
	int fd, rc, e;

	if ((fd = open(path, O_PATH | O_CLOEXEC)) == -1)
		return -1;
	rc = fstat(fd, st);
	e = errno;
	close(fd);
	errno = e;
	return rc;
}
