/*
 * A saved vector, from a file or standard input: raw bytes as copied from
 * /proc/PID/auxv, or an ELF core dump, told apart by the ELF magic.
 *
 * A raw vector's word size and byte order are the options', else the
 * --arch's, else the host's.  A core's are its ELF header's, its vector is
 * its NT_AUXV note, and its pointers are read from its PT_LOAD segments.
 * A core in a regular file is read by offset, whatever its size; one on a
 * pipe is held in memory up to AUXV_MAX_STDIN.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "elfcore.h"
#include "opts.h"
#include "readfile.h"
#include "source.h"
#include "src_json.h"

/* A core on a pipe grows its buffer from this size, doubling it. */
#define CHUNK (1024 * 1024)
_Static_assert((AUXV_MAX_STDIN / CHUNK & (AUXV_MAX_STDIN / CHUNK - 1)) == 0 &&
        AUXV_MAX_STDIN % CHUNK == 0,
    "doubling CHUNK reaches AUXV_MAX_STDIN exactly");

/*
 * Whether fd has more to read: the one byte past a cap tells a file that
 * is too large from one that fills the cap exactly.  -1 and errno.
 */
static int
more(int fd)
{
	unsigned char b;
	size_t n;

	if (read_full(fd, &b, 1, &n) == -1)
		return -1;
	return n == 1;
}

/* The reader of a core: the file by offset, or the copy in memory. */
static void
core_reader(const struct source *s, int fd, struct elf_reader *r)
{
	if (s->data != NULL)
		elf_reader_mem(r, s->data, s->datalen);
	else
		elf_reader_fd(r, fd);
}

/*
 * Reads the core's memory at addr from the PT_LOAD that holds it, and on
 * into the next one where they meet.  Bytes past a segment's p_filesz,
 * or in no segment, can't be read.  The bytes read, or -1 and errno.
 */
static ssize_t
core_mem_read(const struct memsrc *m, uint64_t addr, void *buf, size_t len)
{
	const struct source *s = m->ctx;
	const struct elf_load *l;
	struct elf_reader r;
	uint64_t a, delta;
	size_t got = 0, want, i;
	ssize_t n;

	core_reader(s, m->fd, &r);
	while (got < len) {
		if (addr > UINT64_MAX - got)
			break;
		a = addr + got;
		for (i = 0; i < s->nloads; i++) {
			l = &s->loads[i];
			if (a >= l->vaddr && a - l->vaddr < l->filesz)
				break;
		}
		/*
		 * Not in the core, or past its file's end: as memory that is
		 * not mapped (EFAULT), which cuts a string short; never an
		 * earlier call's errno (setlocale's ENOENT made such a string
		 * unreadable).
		 */
		if (i == s->nloads) {
			errno = EFAULT;
			break;
		}
		delta = a - l->vaddr;
		want = len - got;
		if (want > l->filesz - delta)
			want = (size_t)(l->filesz - delta);
		if ((n = elf_read(&r, l->offset + delta,
		         (unsigned char *)buf + got, want)) <= 0) {
			if (n == 0)
				errno = EFAULT;
			break;
		}
		got += (size_t)n;
		if ((size_t)n < want)
			break;
	}
	return got > 0 ? (ssize_t)got : -1;
}

/*
 * Holds the rest of a core that can't be read by offset, after the len
 * bytes already in s->rawbuf, up to AUXV_MAX_STDIN.
 */
static int
slurp(struct source *s, int fd, size_t len, struct diag *d)
{
	size_t cap = CHUNK, n;
	unsigned char *p;
	int rc;

	if ((s->data = malloc(cap)) == NULL)
		goto nomem;
	memcpy(s->data, s->rawbuf, len);
	for (;;) {
		if (read_full(fd, s->data + len, cap - len, &n) == -1)
			goto fail;
		len += n;
		if (len < cap)
			break;
		if (cap == AUXV_MAX_STDIN) {
			if ((rc = more(fd)) == -1)
				goto fail;
			if (rc == 0)
				break;
			snprintf(s->why, sizeof(s->why),
			    "too large: a core not in a regular file is read "
			    "up to %lu GiB",
			    AUXV_MAX_STDIN >> 30);
			diag_set(d, EFBIG, s->why);
			return -1;
		}
		cap *= 2;
		if ((p = realloc(s->data, cap)) == NULL)
			goto nomem;
		s->data = p;
	}
	s->datalen = len;
	return 0;
nomem:
	diag_set(d, ENOMEM, NULL);
	return -1;
fail:
	diag_set(d, errno, NULL);
	return -1;
}

/*
 * A core, the first len bytes of which are in s->rawbuf.  A regular file
 * read from its start is read on by offset, and src_file() keeps it open
 * for the core's memory; anything else (a pipe, a file read from
 * elsewhere than its start) is held in memory by slurp().
 */
static int
open_core(
    struct source *s, const struct opts *o, int fd, size_t len, struct diag *d)
{
	struct elf_core c = { 0 };
	struct elf_names n = { .comm = "" };
	struct elf_reader r;
	struct stat st;
	int rc;

	if ((fstat(fd, &st) == -1 || !S_ISREG(st.st_mode) ||
	        lseek(fd, 0, SEEK_CUR) != (off_t)len) &&
	    slurp(s, fd, len, d) == -1)
		return -1;
	core_reader(s, fd, &r);
	c.raw = s->rawbuf;
	c.rawcap = sizeof(s->rawbuf);
	c.names = o->names != NAMES_NONE ? &n : NULL;
	rc = elf_core_auxv(&r, &c, d);
	if (c.core)
		s->vec.kind = SRC_CORE;
	if (rc == -1)
		return -1;
	/* The process's name and main program, where the notes have them. */
	if (n.comm[0] != '\0') {
		memcpy(s->comm, n.comm, sizeof(n.comm));
		s->vec.comm = s->comm;
	}
	if (n.pid > 0)
		s->vec.pid = n.pid;
	if (o->names == NAMES_EXE && n.exe[0] != '\0') {
		memcpy(s->exe, n.exe, sizeof(n.exe));
		s->vec.exe = s->exe;
	}
	/* The source keeps the table: src_close() frees it. */
	s->loads = c.loads;
	s->nloads = c.nloads;
	s->lay = LAY_GIVEN;
	s->vec.machine = c.machine;
	s->vec.wordsize = c.wordsize;
	s->vec.bigendian = c.bigendian;
	s->vec.raw = s->rawbuf;
	s->vec.rawlen = c.rawlen;
	s->vec.mem.read = core_mem_read;
	s->vec.mem.ctx = s;
	s->vec.mem.fd = s->data != NULL ? -1 : fd;
	return 0;
}

/*
 * A FIFO opened without waiting for a writer: wait for one, but not for
 * ever, and then read it blocking as usual.
 */
static int
wait_writer(struct source *s, int fd, struct diag *d)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };
	struct stat st;
	int off = 0;

	if (fstat(fd, &st) == 0 && S_ISFIFO(st.st_mode) &&
	    poll(&p, 1, AUXV_FIFO_WAIT_MS) == 0) {
		snprintf(s->why, sizeof(s->why), "FIFO: no writer within %g s",
		    AUXV_FIFO_WAIT_MS / 1000.0);
		diag_set(d, ETIMEDOUT, s->why);
		return -1;
	}
	/* Blocking again. */
	if (ioctl(fd, FIONBIO, &off) == -1) {
		diag_set(d, errno, NULL);
		return -1;
	}
	return 0;
}

/*
 * auxv's own JSON, read on object by object, in bounded memory, up to the
 * one wanted (--pid's), or the first, the rest left for json_read_next(): its
 * strings and random bytes are served as memory, by address, as a core's
 * is.
 */
static int
open_json(struct source *s, int fd, size_t len, pid_t pid, struct diag *d)
{
	if (json_read(s, s->rawbuf, len, fd, pid, d) == -1)
		return -1;
	s->vec.mem.read = core_mem_read;
	s->vec.mem.ctx = s;
	s->vec.mem.fd = -1;
	return 0;
}

/* Raw words, in the options' layout (src_parse() decides the same). */
static int
open_raw(
    struct source *s, const struct opts *o, int fd, size_t len, struct diag *d)
{
	size_t end;
	int rc = 0;

	if (len == 0) {
		diag_set(d, EINVAL, "empty");
		return -1;
	}
	s->lay = LAY_OPTS;
	src_layout(s, o);
	/*
	 * A file longer than the cap is read as the kernel reads a vector:
	 * up to its first AT_NULL, whatever follows (padding, not shown).
	 * With none within the cap, vec_parse() refuses it as too large.
	 */
	if (len == sizeof(s->rawbuf) && (rc = more(fd)) == -1) {
		diag_set(d, errno, NULL);
		return -1;
	}
	if (rc == 1 &&
	    (end = vec_null_end(
	         s->rawbuf, len, s->vec.wordsize, s->vec.bigendian)) != 0)
		len = end;
	s->vec.raw = s->rawbuf;
	s->vec.rawlen = len;
	return 0;
}

/*
 * The file at path, or standard input for "-".  O_NONBLOCK only so that
 * opening a FIFO with no writer does not wait for one; reads block as
 * usual, and end at once without one.
 */
static int
open_input(
    struct source *s, const struct opts *o, const char *path, struct diag *d)
{
	int fd;

	if (strcmp(path, "-") == 0) {
		if (!o->stdin_closed)
			return STDIN_FILENO;
		diag_set(d, EBADF, NULL);
		return -1;
	}
	if ((fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)) == -1) {
		diag_set(d, errno, NULL);
		return -1;
	}
	if (wait_writer(s, fd, d) == -1) {
		close(fd);
		return -1;
	}
	return fd;
}

/* The file at path; pid: --pid's object of a JSON file, or 0. */
int
src_file(struct source *s, const struct opts *o, const char *path, pid_t pid,
    struct diag *d)
{
	const int is_stdin = strcmp(path, "-") == 0;
	size_t len;
	int fd, rc = -1;

	s->vec.kind = SRC_FILE;
	s->vec.path = path;
	/* Named in full: s->label would cut a long path. */
	s->vec.label = path;
	if ((fd = open_input(s, o, path, d)) == -1)
		return -1;
	if (read_full(fd, s->rawbuf, sizeof(s->rawbuf), &len) == -1)
		diag_set(d, errno, NULL);
	else if (json_is_json(s->rawbuf, len))
		rc = open_json(s, fd, len, pid, d);
	else if (pid != 0)
		diag_set(d, EINVAL,
		    "--pid: not auxv's JSON, no objects to choose from");
	else if (elf_is_elf(s->rawbuf, len))
		rc = open_core(s, o, fd, len, d);
	else
		rc = open_raw(s, o, fd, len, d);
	/*
	 * A core read by offset keeps its file open for its memory, JSON
	 * Lines for the objects after the first.
	 */
	if (!is_stdin &&
	    (s->json != NULL ||
	        (rc == 0 && s->vec.mem.read != NULL && s->vec.mem.fd == fd)))
		s->fd = fd;
	else if (!is_stdin)
		close(fd);
	return rc;
}
