/*
 * A process's vector: /proc/PID/auxv.  Its layout is guessed from its
 * first word, and the guess parsed and checked (proc_layout()) against an
 * ELF header: that of the process's vDSO (AT_SYSINFO_EHDR), which the
 * kernel maps for the ABI it built the vector for, or else that of
 * /proc/PID/exe (a 32-bit process on a 64-bit kernel has a 32-bit
 * vector).  What the vector points to is read with process_vm_readv, or
 * /proc/PID/mem where that is refused; the first read brings the pages of
 * all its strings and random bytes in one call, so that -a costs little
 * more than reading the /proc files.
 */
#include <dirent.h>
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/capability.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>

#include "at.h"
#include "opts.h"
#include "proc.h"
#include "source.h"
#include "src_proc.h"

/* PF_KTHREAD in the flags field of /proc/PID/stat: Linux sched.h. */
#define PF_KTHREAD 0x00200000UL

static ssize_t
mem_read(const struct memsrc *m, uint64_t addr, void *buf, size_t len)
{
	/* Past pread's offsets: as /proc/PID/mem says of memory not mapped. */
	if (addr > (uint64_t)INT64_MAX || len > (uint64_t)INT64_MAX - addr) {
		errno = EIO;
		return -1;
	}
	return pread(m->fd, buf, len, (off_t)addr);
}

/*
 * From the bytes read ahead (src_pid_ahead()) where they hold addr (as
 * many as they have: the caller reads on for the rest), else one
 * process_vm_readv; where that is refused, /proc/PID/mem is read instead.
 */
static ssize_t
vm_read(const struct memsrc *m, uint64_t addr, void *buf, size_t len)
{
	struct source *s = m->ctx;
	struct src_proc *p = s->proc;
	struct iovec local = { buf, len };
	struct iovec remote = { (void *)(uintptr_t)addr, len };
	ssize_t n;
	size_t i;

	for (i = 0; i < p->nspan; i++) {
		const struct src_span *sp = &p->span[i];
		size_t off;

		if (addr < sp->addr || addr - sp->addr >= sp->len)
			continue;
		off = (size_t)(addr - sp->addr);
		n = (ssize_t)(sp->len - off < len ? sp->len - off : len);
		memcpy(buf, sp->buf + off, (size_t)n);
		return n;
	}
	if (addr != (uintptr_t)addr)
		return -1;
	n = process_vm_readv(p->tid, &local, 1, &remote, 1, 0);
	return src_mem_file(s, p->dir, n, addr, buf, len);
}

/*
 * What process_vm_readv's n (-1 and errno) of len bytes at addr gives,
 * unless it was refused (a seccomp filter, a kernel without it): then
 * s's memory is read from the mem file of dir, /proc/PID or /proc/self,
 * from now on, starting with those bytes.
 */
ssize_t
src_mem_file(struct source *s, const char *dir, ssize_t n, uint64_t addr,
    void *buf, size_t len)
{
	char path[64];

	if (n != -1 || (errno != ENOSYS && errno != EPERM))
		return n;
	snprintf(path, sizeof(path), "%s/mem", dir);
	if ((s->fd = open(path, O_RDONLY | O_CLOEXEC)) == -1)
		return -1;
	s->vec.mem.read = mem_read;
	s->vec.mem.fd = s->fd;
	return mem_read(&s->vec.mem, addr, buf, len);
}

/*
 * Whether every user ID of the process in dir (real, effective, saved,
 * fs: /proc/PID/status, which anyone may read) is our real one.
 */
static int
same_user(const char *dir)
{
	unsigned long id[4];
	int i;

	if (src_status(dir, "\nUid:", id, 4) == -1)
		return 0;
	for (i = 0; i < 4; i++)
		if (id[i] != (unsigned long)getuid())
			return 0;
	return 1;
}

/*
 * Why the kernel refused a process's files: it is another user's; or
 * ours and holds a permitted capability we lack in effect, for which the
 * kernel refuses it even to its own user (security/commoncap.c,
 * cap_ptrace_access_check), root too where its bounding set was cut, as
 * a container's PID 1 may find; or ours and made not dumpable by its own
 * choice (as ssh-agent does), which CAP_SYS_PTRACE overrides.  capget(2)
 * tells anyone any process's sets.  Root that holds CAP_SYS_PTRACE,
 * refused by neither, is told the documented reason; root without it (as
 * a container's runtime may leave it) is told what any user would be.
 */
static const char *
refusal(const char *dir, pid_t pid)
{
	struct __user_cap_header_struct h = { _LINUX_CAPABILITY_VERSION_3, 0 };
	struct __user_cap_data_struct ours[2], theirs[2];
	int i;

	/* Sets that can't be told are left empty. */
	memset(ours, 0, sizeof(ours));
	memset(theirs, 0, sizeof(theirs));
	if (same_user(dir)) {
		(void)syscall(SYS_capget, &h, ours);
		h.pid = pid;
		(void)syscall(SYS_capget, &h, theirs);
		for (i = 0; i < 2; i++)
			if (theirs[i].permitted & ~ours[i].effective)
				return "permission denied (the process holds "
				       "capabilities this one lacks)";
		if (getuid() != 0 ||
		    (ours[CAP_TO_INDEX(CAP_SYS_PTRACE)].effective &
		        CAP_TO_MASK(CAP_SYS_PTRACE)) == 0)
			return "permission denied (not dumpable: needs "
			       "CAP_SYS_PTRACE)";
	}
	return "permission denied (another user's process needs "
	       "CAP_SYS_PTRACE)";
}

/* Whether dir is a kernel thread's, said in d: 1, or 0. */
static int
kthread(struct diag *d, const char *dir)
{
	uint64_t flags;

	if (proc_stat(dir, 7, &flags) == -1 || (flags & PF_KTHREAD) == 0)
		return 0;
	diag_set(d, 0, "kernel thread: no auxiliary vector");
	d->flags = DIAG_KTHREAD;
	return 1;
}

/*
 * Why /proc/PID/auxv could not be read (src_pid() reads on from a live
 * thread at ESRCH).  A kernel thread is told by its flags, which anyone
 * may read, before its files' refusal is put down to permissions.
 */
static void
open_failed(struct diag *d, int err, const char *dir, pid_t pid)
{
	switch (err) {
	case ENOENT:
		diag_set(d, ESRCH, "no such process");
		d->flags = DIAG_VANISHED;
		break;
	case EACCES:
	case EPERM:
		if (kthread(d, dir))
			break;
		diag_set(d, err, refusal(dir, pid));
		d->flags = DIAG_PERM;
		break;
	default:
		diag_set(d, err, NULL);
		break;
	}
}

/*
 * The layout of a process's vector, settled here for src_parse() to take
 * as given: the host's byte order, and 4-byte words where its first type,
 * read as a 64-bit word, is not small.  That guess is parsed (src_parse()
 * parses again only where it was wrong) and checked.  A 64-bit build sees
 * a vector of 64-bit words in its own byte order when it parses so with
 * AT_PHENT the size of an Elf64_Phdr: the bytes of a 32-bit or
 * other-endian vector can't parse that way.  Which 64-bit machine it is
 * is not ours to assume (under an emulator, auxv reads the host's
 * processes): proc_machine() asks the vDSO's ELF header, read ahead with
 * the strings, later.  Otherwise the vDSO's header, which the kernel
 * maps for the vector's ABI, must confirm the guess now, or else
 * /proc/PID/exe's header decides, where it can be read.
 */
static void
proc_layout(struct source *s, struct src_proc *p)
{
	struct auxv_vec *v = &s->vec;
	unsigned char h[ELF_ID_LEN];
	struct iovec local = { h, sizeof(h) }, remote;
	uint64_t vdso = 0, phent = 0;
	struct elf_id guess, id;
	char path[64];
	struct diag d;
	size_t i;

	elf_host(&guess);
	if (guess.wordsize == 8 && v->rawlen >= 8 &&
	    vec_word(v->raw, 8, guess.bigendian) > 0xffff)
		guess.wordsize = 4;
	v->machine = guess.machine;
	v->wordsize = guess.wordsize;
	v->bigendian = guess.bigendian;
	s->lay =
	    vec_parse(v, AUXV_MAX_ENTRIES, &d) == 0 ? LAY_PARSED : LAY_GIVEN;
	for (i = 0; i < v->nent; i++)
		if (v->ent[i].type == AT_NUM_SYSINFO_EHDR)
			vdso = v->ent[i].value;
		else if (v->ent[i].type == AT_NUM_PHENT)
			phent = v->ent[i].value;
	if (guess.wordsize == 8 && phent == sizeof(Elf64_Phdr)) {
		p->vdso = vdso;
		p->unsure = 1;
		return;
	}
	remote = (struct iovec){ (void *)(uintptr_t)vdso, sizeof(h) };
	if (vdso == 0 || vdso != (uintptr_t)vdso ||
	    process_vm_readv(p->tid, &local, 1, &remote, 1, 0) !=
	        (ssize_t)sizeof(h) ||
	    elf_header(h, sizeof(h), &id) == -1 ||
	    id.wordsize != guess.wordsize || id.machine == 0) {
		snprintf(path, sizeof(path), "%s/exe", p->dir);
		if (proc_read(path, h, sizeof(h)) != (ssize_t)sizeof(h) ||
		    elf_header(h, sizeof(h), &id) == -1)
			id = guess;
	}
	v->machine = id.machine;
	v->wordsize = id.wordsize;
	v->bigendian = id.bigendian;
	if (id.wordsize != guess.wordsize || id.bigendian != guess.bigendian)
		s->lay = LAY_GIVEN;
}

/*
 * The machine of a vector whose words proc_layout() settled, where it
 * left it open: that of the vDSO's ELF header (from the bytes read ahead
 * where they hold it, else one read, /proc/PID/mem where process_vm_readv
 * is refused), else that of /proc/PID/exe's, either only where its class
 * and byte order are the vector's; where neither can be read, the
 * build's own stays, as for a 32-bit vector.  Once per source, from
 * src_parse(): after the read ahead, which --watch makes late.
 */
void
src_pid_machine(struct source *s)
{
	struct src_proc *p = s->proc;
	struct auxv_vec *v = &s->vec;
	unsigned char h[ELF_ID_LEN];
	struct elf_id id;
	char path[64];

	if (!p->unsure)
		return;
	p->unsure = 0;
	if (p->vdso != 0 &&
	    mem_get(&v->mem, p->vdso, h, sizeof(h), NULL) == sizeof(h) &&
	    elf_header(h, sizeof(h), &id) == 0 && id.machine != 0 &&
	    id.wordsize == v->wordsize && id.bigendian == v->bigendian) {
		v->machine = id.machine;
		return;
	}
	snprintf(path, sizeof(path), "%s/exe", p->dir);
	if (proc_read(path, h, sizeof(h)) == (ssize_t)sizeof(h) &&
	    elf_header(h, sizeof(h), &id) == 0 && id.machine != 0 &&
	    id.wordsize == v->wordsize && id.bigendian == v->bigendian)
		v->machine = id.machine;
}

/* A span of memory to read ahead. */
struct ahead {
	uint64_t lo, hi;
};

/*
 * Adds [lo, hi) to the spans to read ahead, sorted, merging it with one
 * it overlaps or nearly touches (the kernel puts the platform strings and
 * random bytes next to each other); with last, on its own after them all.
 * No more than the window holds.
 */
static void
ahead_add(struct ahead *r, size_t *n, uint64_t lo, uint64_t hi, int last)
{
	size_t i, total = 0;

	if (hi <= lo || hi != (uintptr_t)hi)
		return;
	for (i = 0; i < *n && !last; i++)
		if (lo <= r[i].hi + AUXV_PID_AHEAD / 4 &&
		    r[i].lo <= hi + AUXV_PID_AHEAD / 4) {
			lo = lo < r[i].lo ? lo : r[i].lo;
			hi = hi > r[i].hi ? hi : r[i].hi;
			r[i] = r[--*n];
			i = (size_t)-1; /* the union may now meet another */
		}
	for (i = 0; i < *n; i++)
		total += (size_t)(r[i].hi - r[i].lo);
	if (*n == SRC_SPANS || hi - lo > AUXV_PID_WINDOW - total)
		return;
	for (i = *n; i > 0 && !last && r[i - 1].lo > lo; i--)
		r[i] = r[i - 1];
	r[i] = (struct ahead){ lo, hi };
	++*n;
}

/* Reads the spans r[0..n) in one process_vm_readv, for vm_read() to serve. */
static void
read_spans(struct src_proc *p, const struct ahead *r, size_t n)
{
	struct iovec local[SRC_SPANS], remote[SRC_SPANS];
	size_t i, at = 0;
	ssize_t got;

	p->nspan = n;
	for (i = 0; i < n; i++) {
		size_t len = (size_t)(r[i].hi - r[i].lo);

		p->span[i] = (struct src_span){ r[i].lo, 0, p->win + at };
		local[i] = (struct iovec){ p->win + at, len };
		remote[i] = (struct iovec){ (void *)(uintptr_t)r[i].lo, len };
		at += len;
	}
	if (n == 0 ||
	    (got = process_vm_readv(p->tid, local, n, remote, n, 0)) == -1)
		got = 0;
	/* The call fills its buffers in order and stops at a fault. */
	for (i = 0; i < n; i++) {
		size_t len = (size_t)(r[i].hi - r[i].lo);

		p->span[i].len = len < (size_t)got ? len : (size_t)got;
		got -= (ssize_t)p->span[i].len;
	}
}

/*
 * Reads ahead, in one call, what the parsed vector's strings and random
 * bytes point to and, for the formats that follow them, the program
 * headers with the rest of their block (the ELF header before them, the
 * interpreter's name and the GNU properties after them, where a linker
 * puts them) and the vDSO's first two blocks.  The vDSO's second block
 * goes last: the call stops at a fault, and a vDSO of one block loses
 * only that.  src_pid() calls it where opts->deref is set; --watch reads
 * every vector of a batch first, then calls it for each.
 */
void
src_pid_ahead(struct source *s)
{
	const struct auxv_vec *v = &s->vec;
	struct src_proc *p = s->proc;
	struct ahead r[SRC_SPANS];
	uint64_t phdr = 0, phnum = 0, phent = 0, vdso = 0, a, end;
	size_t i, n = 0;

	for (i = 0; i < v->nent; i++) {
		const struct auxv_ent *e = &v->ent[i];
		const struct at_type *t = at_lookup(e->type, AF_ALL);

		a = e->value;
		/* Not past the block: a read stops there. */
		end = a - a % AUXV_MEM_BLOCK + AUXV_MEM_BLOCK;
		if (e->type == AT_NUM_PHDR)
			phdr = a;
		else if (e->type == AT_NUM_PHNUM)
			phnum = a;
		else if (e->type == AT_NUM_PHENT)
			phent = a;
		else if (t != NULL && t->form == F_RANDOM)
			ahead_add(r, &n, a, a + AUXV_RANDOM_LEN, 0);
		else if (t != NULL && t->form == F_STR && a != 0)
			ahead_add(r, &n, a,
			    end - a > AUXV_PID_AHEAD ? a + AUXV_PID_AHEAD : end,
			    0);
		else if (p->follow && e->type == AT_NUM_SYSINFO_EHDR &&
		    a != 0) {
			ahead_add(r, &n, a, end, 0);
			vdso = end;
		}
	}
	if (p->follow && phdr % AUXV_MEM_BLOCK <= sizeof(Elf64_Ehdr) &&
	    phnum <= AUXV_MAX_PHDRS_MEM && phent <= sizeof(Elf64_Phdr)) {
		a = phdr - phdr % AUXV_MEM_BLOCK;
		end = phdr + phnum * phent;
		ahead_add(r, &n, a,
		    end < a + AUXV_MEM_BLOCK ? a + AUXV_MEM_BLOCK : end, 0);
	}
	if (vdso != 0)
		ahead_add(r, &n, vdso, vdso + AUXV_MEM_BLOCK, 1);
	/* The vDSO's ELF header, for its machine: last, on its own. */
	else if (p->unsure && p->vdso != 0 && !p->follow)
		ahead_add(r, &n, p->vdso, p->vdso + ELF_ID_LEN, 1);
	read_spans(p, r, n);
}

/* Whether the bytes read ahead hold all of [addr, addr + len). */
static int
held(const struct src_proc *p, uint64_t addr, size_t len)
{
	size_t i;

	for (i = 0; i < p->nspan; i++)
		if (addr >= p->span[i].addr &&
		    addr - p->span[i].addr <= p->span[i].len &&
		    len <= p->span[i].len - (addr - p->span[i].addr))
			return 1;
	return 0;
}

/*
 * The memsrc's ahead: what follow.c reads next, in one call, unless the
 * first read already brought all of it (the common case).
 */
static void
proc_ahead(const struct memsrc *m, const struct mem_span *sp, size_t n)
{
	const struct source *s = m->ctx;
	struct ahead r[SRC_SPANS];
	size_t i, k = 0;

	for (i = 0; i < n && held(s->proc, sp[i].addr, sp[i].len); i++)
		;
	if (i == n)
		return;
	for (i = 0; i < n; i++)
		if (sp[i].addr <= UINT64_MAX - sp[i].len)
			ahead_add(r, &k, sp[i].addr, sp[i].addr + sp[i].len, 0);
	read_spans(s->proc, r, k);
}

/*
 * Why /proc can't be asked about processes by number, or NULL: it is not
 * mounted, or it is another PID namespace's (its numbers name other
 * processes than ours do, and a vector read there would be another's),
 * or /proc/self could not be read (its errno); the errno in *err.
 */
const char *
src_proc_check(int *err)
{
	char buf[24], *end;
	ssize_t n;

	*err = ENOENT;
	if ((n = readlink("/proc/self", buf, sizeof(buf) - 1)) == -1 &&
	    errno != ENOENT) {
		*err = errno;
		return strerror(errno);
	}
	if (n <= 0)
		return "/proc is not mounted";
	buf[n] = '\0';
	if (strtol(buf, &end, 10) != (long)getpid() || *end != '\0')
		return "/proc is another PID namespace's (mount one of this "
		       "namespace, as unshare --mount-proc does)";
	return NULL;
}

/*
 * A process's name (/proc/PID/comm, without its newline) in buf: 0, or -1
 * when it can't be read.
 */
int
src_comm(pid_t pid, char *buf, size_t size)
{
	char path[48];
	ssize_t n;

	snprintf(path, sizeof(path), "/proc/%ld/comm", (long)pid);
	if ((n = proc_read(path, (unsigned char *)buf, size - 1)) <= 0)
		return -1;
	if (buf[n - 1] == '\n')
		n--;
	buf[n] = '\0';
	return 0;
}

/* A process's parent (--watch): its PID, or 0 where it can't be read. */
pid_t
src_ppid(pid_t pid)
{
	char dir[32];
	uint64_t v;

	snprintf(dir, sizeof(dir), "/proc/%ld", (long)pid);
	return proc_stat(dir, 2, &v) == 0 && v <= INT32_MAX ? (pid_t)v : 0;
}

/*
 * A process whose main thread has exited while others run has no memory
 * map under its own PID: its vector is read from a live thread, whose
 * TID is returned (0 when there is none), with dir set to its task
 * directory.
 */
static pid_t
live_thread(struct source *s, pid_t pid, ssize_t *n)
{
	char *dir = s->proc->dir, path[96], *end;
	struct dirent *de;
	pid_t tid = 0;
	long t;
	DIR *td;

	snprintf(path, sizeof(path), "%s/task", dir);
	if ((td = opendir(path)) == NULL)
		return 0;
	while (tid == 0 && (de = readdir(td)) != NULL) {
		t = strtol(de->d_name, &end, 10);
		if (*end != '\0' || t <= 0 || t == (long)pid)
			continue;
		snprintf(path, sizeof(path), "%s/task/%ld/auxv", dir, t);
		if ((*n = proc_read(path, s->rawbuf, sizeof(s->rawbuf))) > 0)
			tid = (pid_t)t;
	}
	closedir(td);
	if (tid != 0)
		snprintf(dir, sizeof(s->proc->dir), "/proc/%ld/task/%ld",
		    (long)pid, (long)tid);
	return tid;
}

/*
 * Between the exec's switch to a new memory map and the end of the
 * kernel's writing of the new vector, /proc/PID/auxv reads as zeros (a
 * vector with no entry) or as the entries written so far, sized by the
 * first pair whose type was still 0 and copied after it was written.  A
 * vector the kernel has finished ends in zeros, a pair of its own words:
 * its AT_NULL (a 32-bit process's, with the zeros after it that the
 * kernel's count in its own words takes in).
 */
static int
unfinished(const unsigned char *raw, ssize_t n)
{
	/* A pair of the build's words: the word size elf_host() tells. */
	static const unsigned char zero[2 * sizeof(unsigned long)];

	return (size_t)n < sizeof(zero) || memcmp(raw, zero, 8) == 0 ||
	    memcmp(raw + n - sizeof(zero), zero, sizeof(zero)) != 0;
}

int
src_pid(struct source *s, const struct opts *o, pid_t pid, struct diag *d)
{
	struct src_proc *p = s->proc;
	char path[64];
	int tries, gone, silent;
	ssize_t n;

	s->vec.kind = SRC_PID;
	s->vec.pid = pid;
	p->tid = pid;
	p->nspan = 0;
	p->unsure = 0;
	snprintf(s->label, sizeof(s->label), "%ld", (long)pid);
	snprintf(p->dir, sizeof(p->dir), "/proc/%ld", (long)pid);
	snprintf(path, sizeof(path), "%s/auxv", p->dir);
	if (o->proc_err != NULL) {
		diag_set(d, o->proc_errno, o->proc_err);
		return -1;
	}
	for (tries = 0;; tries++) {
		n = proc_read(path, s->rawbuf, sizeof(s->rawbuf));
		if (n <= 0 || !unfinished(s->rawbuf, n))
			break;
		if (tries == AUXV_EXEC_TRIES) {
			diag_set(d, EAGAIN, "exec in progress: no vector yet");
			return -1;
		}
		usleep(AUXV_EXEC_WAIT_US);
	}
	if (n == -1 && errno != ESRCH) {
		open_failed(d, errno, p->dir, pid);
		goto fail;
	}
	if (n <= 0)
		p->tid = live_thread(s, pid, &n);
	s->vec.tid = p->tid;
	/* No memory map: a kernel thread, or a process that has exited. */
	if (p->tid == 0) {
		if (!kthread(d, p->dir)) {
			diag_set(d, ESRCH,
			    "process has exited: no auxiliary vector");
			d->flags = DIAG_VANISHED | DIAG_EXITED;
		}
		goto fail;
	}
	s->vec.raw = s->rawbuf;
	s->vec.rawlen = (size_t)n;
	s->vec.mem =
	    (struct memsrc){ .read = vm_read, .ahead = proc_ahead, .ctx = s };
	p->follow = o->follow;
	proc_layout(s, p);
	/* Here, on -a's reader threads: what the vector points to, at once. */
	if (o->deref)
		src_pid_ahead(s);
	if (o->names > 0 && src_comm(pid, s->comm, sizeof(s->comm)) == 0)
		s->vec.comm = s->comm;
	/* For formats that show it, the executable (of a live thread's dir). */
	if (o->names > 1) {
		snprintf(path, sizeof(path), "%s/exe", p->dir);
		src_exe(s, path);
	}
	/* A 32-bit build can't address a 64-bit process: the mem file. */
	if (UINTPTR_MAX < UINT64_MAX) {
		snprintf(path, sizeof(path), "%s/mem", p->dir);
		if ((s->fd = open(path, O_RDONLY | O_CLOEXEC)) != -1) {
			s->vec.mem.read = mem_read;
			s->vec.mem.fd = s->fd;
		}
	}
	return 0;
fail:
	/*
	 * The name of a process that is still there to be reported, which
	 * anyone may read.  -a says nothing of kernel threads: none needed.
	 */
	gone = (d->flags & (DIAG_VANISHED | DIAG_EXITED)) == DIAG_VANISHED;
	silent = (d->flags & DIAG_KTHREAD) && o->all && o->comms == NULL;
	if (o->names > 0 && !gone && !silent &&
	    src_comm(pid, s->comm, sizeof(s->comm)) == 0)
		s->vec.comm = s->comm;
	return -1;
}
