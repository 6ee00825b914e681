/*
 * The /proc layer: every file of /proc that auxv reads, and the one place
 * that names a path there.  A process is a handle set once (proc_at()):
 * its directory, /proc/self, /proc/PID or a live thread's
 * /proc/PID/task/TID, through which its vector, stat line, status, name,
 * executable and memory map are read, each in bounded steps.  Besides:
 * the list of processes, and what the kernel says of itself (its page
 * size, the CPU's flags, its process-events connector, Yama).
 */
#ifndef AUXV_PROC_H
#define AUXV_PROC_H

#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>
#include <sys/types.h>

#define PROC_ROOT "/proc"
/* Room for a path under a process's directory: its prefix and a path. */
#define PROC_PATH_MAX (PATH_MAX + 64)

/* A process as /proc names it. */
struct proc {
	char dir[48];
	pid_t pid; /* 0: self */
	pid_t tid; /* the thread whose directory dir is; 0: none lives */
};

/*
 * One line of DIR/maps: "lo-hi perms offset major:minor inode   path".
 * path is "" for an anonymous mapping, and holds what the kernel wrote
 * after the inode as it is (" (deleted)" included); it and perms live as
 * long as the call of the callback.
 */
struct proc_map {
	uint64_t lo, hi; /* [lo, hi) */
	uint64_t offset;
	uint64_t inode;
	unsigned int major, minor;
	char perms[5]; /* "r-xp" */
	const char *path;
};

/* Called for each mapping, in the file's (ascending) order; nonzero stops. */
typedef int proc_map_fn(const struct proc_map *, void *);

/* Called for each process of the list; -1 stops the walk (errno kept). */
typedef int proc_pid_fn(void *, pid_t);

/* The ways proc_self_auxv() opens our own vector's file. */
#define PROC_AUXV_WAYS 5

/* What proc_vector() found. */
enum proc_vec {
	PROC_VEC_READ, /* the vector, of the thread p->tid now names */
	PROC_VEC_ERR,  /* not readable: errno */
	PROC_VEC_BUSY, /* an exec in progress, still so after the retries */
	PROC_VEC_NONE  /* no memory map: no thread of it lives (p->tid 0) */
};

/*
 * Fields of a stat line, numbered after the process's name (proc(5)'s
 * number less 2), as proc_stat() counts them.
 */
enum proc_stat_field {
	PROC_STAT_PPID = 2,        /* the parent's PID */
	PROC_STAT_FLAGS = 7,       /* PF_* */
	PROC_STAT_STARTTIME = 20,  /* clock ticks after boot */
	PROC_STAT_STARTCODE = 24,  /* the executable's lowest PF_X PT_LOAD */
	PROC_STAT_STARTSTACK = 26, /* where argc is */
	PROC_STAT_ARG_START = 46,  /* where argv[0]'s string is */
};

void proc_at(struct proc *, pid_t, pid_t);
void proc_path(const struct proc *, char *, size_t, const char *, const char *);
pid_t proc_self_pid(void);
const char *proc_check(int *);
int proc_open(const struct proc *, const char *);
ssize_t proc_read(const struct proc *, const char *, void *, size_t);
int proc_text(const struct proc *, const char *, char *, size_t);
enum proc_vec proc_vector(struct proc *, unsigned char *, size_t, size_t *);
int proc_num(const char **, unsigned int, uint64_t *);
int proc_stat(const struct proc *, enum proc_stat_field, uint64_t *);
pid_t proc_ppid(const struct proc *);
int proc_status(
    const struct proc *, const char *, unsigned int, uint64_t *, size_t);
int proc_comm(const struct proc *, char *, size_t);
int proc_exe(const struct proc *, char *, size_t);
int proc_exe_stat(const struct proc *, struct stat *);
int proc_stat_path(const char *, struct stat *);
int proc_maps(const struct proc *, size_t, proc_map_fn *, void *);
size_t proc_readable(const struct proc *, uint64_t, size_t);
int proc_pids(proc_pid_fn *, void *);
int proc_self_auxv(unsigned int, char *, size_t);
uint64_t proc_pagesz(void);
int proc_cpu_field(const char *, char *, size_t);
int proc_has_connector(void);
int proc_ptrace_scope(void);

#endif
