/*
 * A process's vector: /proc/PID/auxv, read by the /proc layer.  Its
 * layout is guessed from its first word, and the guess parsed and
 * checked (proc_layout()) against an ELF header: that of the process's
 * vDSO (AT_SYSINFO_EHDR), which the kernel maps for the ABI it built the
 * vector for, or else that of /proc/PID/exe (a 32-bit process on a
 * 64-bit kernel has a 32-bit vector).  What the vector points to is read
 * by procmem.c.  Where the vector can't be read, why.
 */
#include <errno.h>
#include <linux/capability.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "at.h"
#include "decode.h"
#include "elfdefs.h"
#include "follow.h"
#include "opts.h"
#include "proc.h"
#include "procmem.h"
#include "source.h"
#include "src_proc.h"

/* PF_KTHREAD in the flags field of /proc/PID/stat: Linux sched.h. */
#define PF_KTHREAD 0x00200000UL

/*
 * The real, effective and saved IDs of one kind ("\nUid:" or "\nGid:"
 * of p's status, which anyone may read) against ours: 0 all three ours,
 * 1 the real one ours and another not (a set-ID program), 2 the real one
 * another's, -1 not told.  These three are what the kernel compares
 * with the reader's (kernel/ptrace.c, __ptrace_may_access).
 */
static int
ids(const struct proc *p, const char *key, uint64_t ours)
{
	uint64_t id[3];

	if (proc_status(p, key, 10, id, 3) == -1)
		return -1;
	if (id[0] != ours)
		return 2;
	return id[1] != ours || id[2] != ours;
}

/*
 * Why the kernel refused a process's files: it is another user's; or a
 * set-user-ID or set-group-ID program run by our user, whose effective
 * or saved ID is not ours (kernel/ptrace.c, __ptrace_may_access, as in
 * Linux 6.1 to 7.3); or of our IDs and holds a permitted capability we
 * lack in effect, for which the kernel refuses it even to its own user
 * (security/commoncap.c, cap_ptrace_access_check), root too where its
 * bounding set was cut, as a container's PID 1 may find; or of our IDs
 * and not dumpable (ssh-agent's choice, a daemon that dropped its
 * privileges), which CAP_SYS_PTRACE overrides: the kernel then gives
 * the process's files to root, /proc/PID/auxv too, though not the
 * directory itself (fs/proc/base.c, task_dump_owner, 6.1 to 7.3), which
 * tells it from any other refusal.  capget(2) tells anyone any process's sets.
 * Root that holds CAP_SYS_PTRACE, refused by neither, is told the
 * documented reason; root without it (as a container's runtime may
 * leave it) is told what any user would be.
 */
static const char *
refusal(const struct proc *p)
{
	struct __user_cap_header_struct h = { _LINUX_CAPABILITY_VERSION_3, 0 };
	struct __user_cap_data_struct ours[2], theirs[2];
	struct proc self;
	uint64_t me[2];
	char path[64];
	struct stat st;
	int uid, gid, i;

	/*
	 * Our real IDs, the kernel's (our status), not getuid()'s and
	 * getgid()'s, which a preload may replace: fakeroot's say root.
	 */
	proc_at(&self, 0, 0);
	if (proc_status(&self, "\nUid:", 10, &me[0], 1) == -1 ||
	    proc_status(&self, "\nGid:", 10, &me[1], 1) == -1) {
		me[0] = getuid();
		me[1] = getgid();
	}
	uid = ids(p, "\nUid:", me[0]);
	gid = uid == 0 ? ids(p, "\nGid:", me[1]) : -1;
	if (uid == 1)
		return "permission denied (a set-user-ID process: needs "
		       "CAP_SYS_PTRACE)";
	if (gid == 1)
		return "permission denied (a set-group-ID process: needs "
		       "CAP_SYS_PTRACE)";
	if (gid == 2)
		return "permission denied (another group's process needs "
		       "CAP_SYS_PTRACE)";
	if (uid == 0) {
		/* Sets that can't be told are left empty. */
		memset(ours, 0, sizeof(ours));
		memset(theirs, 0, sizeof(theirs));
		(void)syscall(SYS_capget, &h, ours);
		h.pid = p->pid;
		(void)syscall(SYS_capget, &h, theirs);
		for (i = 0; i < 2; i++)
			if (theirs[i].permitted & ~ours[i].effective)
				return "permission denied (the process holds "
				       "capabilities this one lacks)";
		proc_path(p, path, sizeof(path), "auxv", "");
		if (me[0] != 0 && proc_stat_path(path, &st) == 0 &&
		    st.st_uid == me[0])
			return "permission denied";
		if (me[0] != 0 ||
		    (ours[CAP_TO_INDEX(CAP_SYS_PTRACE)].effective &
		        CAP_TO_MASK(CAP_SYS_PTRACE)) == 0)
			return "permission denied (not dumpable: needs "
			       "CAP_SYS_PTRACE)";
	}
	return "permission denied (another user's process needs "
	       "CAP_SYS_PTRACE)";
}

/* Whether p is a kernel thread, said in d: 1, or 0. */
static int
kthread(struct diag *d, const struct proc *p)
{
	uint64_t flags;

	if (proc_stat(p, PROC_STAT_FLAGS, &flags) == -1 ||
	    (flags & PF_KTHREAD) == 0)
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
open_failed(struct diag *d, int err, const struct proc *p)
{
	switch (err) {
	case ENOENT:
		diag_set(d, ESRCH, "no such process");
		d->flags = DIAG_VANISHED;
		break;
	case EACCES:
	case EPERM:
		if (kthread(d, p))
			break;
		diag_set(d, err, refusal(p));
		d->flags = DIAG_PERM;
		break;
	default:
		diag_set(d, err, NULL);
		break;
	}
}

/*
 * The machine of a vector whose words proc_layout() settled, where it
 * left it open (p->machine_open) and parsed it with no fault: that of the
 * vDSO's ELF header (from the bytes read ahead where they hold it, else
 * one read, /proc/PID/mem where process_vm_readv is refused), else that
 * of /proc/PID/exe's, either only where its class and byte order are the
 * vector's; where neither can be read, the build's own stays, as for a
 * 32-bit vector.  Once per source, after the read ahead: at the end of
 * src_pid(), or where --watch read ahead late (src_pid_later(),
 * src_pid_ahead()), before the vector is parsed.
 */
void
src_pid_machine(struct source *s)
{
	struct src_proc *p = s->proc;
	struct auxv_vec *v = &s->vec;
	unsigned char h[ELF_ID_LEN];
	struct elf_id id;
	uint64_t vdso;

	if (!p->machine_open)
		return;
	p->machine_open = 0;
	if (s->lay != LAY_PARSED)
		return;
	(void)vec_find(v, AT_NUM_SYSINFO_EHDR, &vdso);
	if (vdso != 0 &&
	    mem_get(&v->mem, vdso, h, sizeof(h), NULL) == sizeof(h) &&
	    elf_header(h, sizeof(h), &id) == 0 && id.machine != 0 &&
	    id.wordsize == v->wordsize && id.bigendian == v->bigendian) {
		v->machine = id.machine;
		return;
	}
	if (proc_read(&p->at, "exe", h, sizeof(h)) == (ssize_t)sizeof(h) &&
	    elf_header(h, sizeof(h), &id) == 0 && id.machine != 0 &&
	    id.wordsize == v->wordsize && id.bigendian == v->bigendian)
		v->machine = id.machine;
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
 * processes): src_pid_machine() asks the vDSO's ELF header, read ahead
 * with the strings, later (p->machine_open).  Otherwise the vDSO's
 * header, which the kernel maps for the vector's ABI, must confirm the
 * guess now, or else /proc/PID/exe's header decides, where it can be
 * read.
 */
static void
proc_layout(struct source *s, struct src_proc *p)
{
	struct auxv_vec *v = &s->vec;
	unsigned char h[ELF_ID_LEN];
	uint64_t vdso, phent;
	struct elf_id guess, id;
	struct diag d;

	elf_host(&guess);
	if (guess.wordsize == 8 && v->rawlen >= 8 &&
	    vec_word(v->raw, 8, guess.bigendian) > 0xffff)
		guess.wordsize = 4;
	v->machine = guess.machine;
	v->wordsize = guess.wordsize;
	v->bigendian = guess.bigendian;
	s->lay =
	    vec_parse(v, AUXV_MAX_ENTRIES, &d) == 0 ? LAY_PARSED : LAY_GIVEN;
	(void)vec_find(v, AT_NUM_SYSINFO_EHDR, &vdso);
	(void)vec_find(v, AT_NUM_PHENT, &phent);
	p->machine_open = guess.wordsize == 8 && phent == sizeof(Elf64_Phdr);
	if (p->machine_open)
		return;
	if (vdso == 0 ||
	    mem_get(&v->mem, vdso, h, sizeof(h), NULL) != sizeof(h) ||
	    elf_header(h, sizeof(h), &id) == -1 ||
	    id.wordsize != guess.wordsize || id.machine == 0) {
		if (proc_read(&p->at, "exe", h, sizeof(h)) !=
		        (ssize_t)sizeof(h) ||
		    elf_header(h, sizeof(h), &id) == -1)
			id = guess;
	}
	v->machine = id.machine;
	v->wordsize = id.wordsize;
	v->bigendian = id.bigendian;
	if (id.wordsize != guess.wordsize || id.bigendian != guess.bigendian)
		s->lay = LAY_GIVEN;
}

/* The process's name, not a live thread's (which may have its own). */
static void
pid_comm(struct source *s)
{
	struct proc main;

	proc_at(&main, s->vec.pid, 0);
	if (proc_comm(&main, s->comm, sizeof(s->comm)) == 0)
		s->vec.comm = s->comm;
}

/*
 * Why no vector was read, in d: its file refused (errno), or no thread
 * lives: a kernel thread, or a process that has exited.  The name of a
 * process that is still there to be reported, which anyone may read; -a
 * says nothing of kernel threads: none needed.
 */
static void
pid_failed(
    struct source *s, const struct opts *o, enum proc_vec r, struct diag *d)
{
	const struct proc *p = &s->proc->at;
	int gone, silent;

	if (r == PROC_VEC_ERR)
		open_failed(d, errno, p);
	else if (!kthread(d, p)) {
		diag_set(d, ESRCH, "process has exited: no auxiliary vector");
		d->flags = DIAG_VANISHED | DIAG_EXITED;
	}
	gone = (d->flags & (DIAG_VANISHED | DIAG_EXITED)) == DIAG_VANISHED;
	silent = (d->flags & DIAG_KTHREAD) && o->all && o->comms == NULL;
	if (o->names > 0 && !gone && !silent)
		pid_comm(s);
}

/*
 * Reads ahead, in one call, what the decoders will read of s's vector
 * (decode_spans(); with o->follow, follow_spans(), which hold the vDSO's
 * ELF header), else, where proc_layout() left the machine to the vDSO's
 * ELF header (src_pid_machine()), that header, alone and last.
 * src_pid() calls it where o->deref is set; --watch reads every vector
 * of a batch first (src_pid_later()), then calls it for each.
 */
void
src_pid_ahead(struct source *s, const struct opts *o)
{
	struct mem_span sp[AUXV_AHEAD_SPANS];
	uint64_t vdso;
	size_t n;

	n = decode_spans(&s->vec, sp, NITEMS(sp));
	if (o->follow)
		n += follow_spans(&s->vec, sp + n, NITEMS(sp) - n);
	else if (s->proc->machine_open && n < NITEMS(sp) &&
	    vec_find(&s->vec, AT_NUM_SYSINFO_EHDR, &vdso) > 0 && vdso != 0)
		sp[n++] = (struct mem_span){ vdso, ELF_ID_LEN, 1 };
	mem_ahead(&s->vec.mem, sp, n);
}

/*
 * The vector of pid into s; with now, what the decoders will read of its
 * memory, where o->deref is set (src_pid_ahead()), and its machine
 * (src_pid_machine()); without, neither.
 */
static int
pid_read(
    struct source *s, const struct opts *o, pid_t pid, struct diag *d, int now)
{
	struct src_proc *p = s->proc;
	enum proc_vec r;
	size_t n;

	s->vec.kind = SRC_PID;
	s->vec.pid = pid;
	p->machine_open = 0;
	snprintf(s->label, sizeof(s->label), "%ld", (long)pid);
	proc_at(&p->at, pid, 0);
	if (o->proc_err != NULL) {
		diag_set(d, o->proc_errno, o->proc_err);
		return -1;
	}
	r = proc_vector(&p->at, s->rawbuf, sizeof(s->rawbuf), &n);
	if (r == PROC_VEC_BUSY) {
		diag_set(d, EAGAIN, "exec in progress: no vector yet");
		return -1;
	}
	if (r != PROC_VEC_READ) {
		pid_failed(s, o, r, d);
		return -1;
	}
	s->vec.tid = p->at.tid;
	s->vec.raw = s->rawbuf;
	s->vec.rawlen = n;
	procmem_pid(&s->pm, &s->vec.mem, &p->at);
	proc_layout(s, p);
	/* Here, on -a's reader threads: what the vector points to, at once. */
	if (now && o->deref)
		src_pid_ahead(s, o);
	if (o->names > 0)
		pid_comm(s);
	/* For formats that show it, the executable (of a live thread's dir). */
	if (o->names > 1 && proc_exe(&p->at, s->exe, sizeof(s->exe)) == 0)
		s->vec.exe = s->exe;
	if (now)
		src_pid_machine(s);
	return 0;
}

int
src_pid(struct source *s, const struct opts *o, pid_t pid, struct diag *d)
{
	return pid_read(s, o, pid, d, 1);
}

/*
 * src_pid() that reads none of the memory: src_pid_ahead() then reads
 * ahead, and src_pid_machine() settles the vector's machine, before
 * src_parse().
 */
int
src_pid_later(struct source *s, const struct opts *o, pid_t pid, struct diag *d)
{
	return pid_read(s, o, pid, d, 0);
}
