/*
 * novmread [-1|-n|-d|-s CALL[,CALL]...] COMMAND [ARG]...: runs COMMAND
 * under a seccomp filter that makes process_vm_readv(2) fail with EPERM,
 * as a container runtime's may; with -n, with ENOSYS, as a kernel built
 * without it does.
 * With -1, only a call with one local iovec fails, and with EFAULT, as
 * where nothing is mapped (no reason to try /proc/PID/mem): a read ahead
 * of several spans in one call goes through, a read of one span on its
 * own does not, so that what the read ahead held shows on its own.
 * With -d, getdents64(2) fails instead, with EIO, as on a broken file
 * system: a folder opens, and can't be listed.  The filter looks at the
 * system call number and liovcnt only: enough for a native COMMAND.
 * With -s, the calls named fail instead, with EPERM, as a sandbox's
 * filter refuses them: getuid, geteuid, getgid, getegid (and their
 * 32-bit forms), getpid, process_vm_readv, pipe (and pipe2).
 */
#include <err.h>
#include <errno.h>
#include <stddef.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <linux/filter.h>
#include <linux/seccomp.h>

/* The 32-bit halves of a 64-bit argument, in the host's byte order. */
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define ARG_LO(n) offsetof(struct seccomp_data, args[n])
#define ARG_HI(n) (offsetof(struct seccomp_data, args[n]) + 4)
#else
#define ARG_LO(n) (offsetof(struct seccomp_data, args[n]) + 4)
#define ARG_HI(n) offsetof(struct seccomp_data, args[n])
#endif

/* The calls -s names, each one or two numbers (0: none). */
static const struct {
	const char *name;
	long nr[2];
} calls[] = {
	{ "getpid", { __NR_getpid, 0 } },
	{ "process_vm_readv", { __NR_process_vm_readv, 0 } },
#ifdef __NR_pipe
	{ "pipe", { __NR_pipe, __NR_pipe2 } },
#else
	{ "pipe", { __NR_pipe2, 0 } },
#endif
#ifdef __NR_getuid32
	{ "getuid", { __NR_getuid, __NR_getuid32 } },
	{ "geteuid", { __NR_geteuid, __NR_geteuid32 } },
	{ "getgid", { __NR_getgid, __NR_getgid32 } },
	{ "getegid", { __NR_getegid, __NR_getegid32 } },
#else
	{ "getuid", { __NR_getuid, 0 } },
	{ "geteuid", { __NR_geteuid, 0 } },
	{ "getgid", { __NR_getgid, 0 } },
	{ "getegid", { __NR_getegid, 0 } },
#endif
};

#define NCALLS (sizeof(calls) / sizeof(calls[0]))

/*
 * The filter of -s list into f (room for 4 * NCALLS + 2): each number of
 * a call named returns EPERM, any other call is let be.  Its length.
 */
static unsigned short
refuse(const char *list, struct sock_filter *f)
{
	unsigned short k = 0;
	size_t i, j, len;

	f[k++] = (struct sock_filter)BPF_STMT(
	    BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr));
	for (; *list != '\0'; list += len + (list[len] == ',')) {
		len = strcspn(list, ",");
		for (i = 0; i < NCALLS; i++)
			if (strlen(calls[i].name) == len &&
			    strncmp(calls[i].name, list, len) == 0)
				break;
		if (i == NCALLS)
			errx(2, "-s: %.*s: not a call of mine", (int)len, list);
		if (k > 4 * NCALLS - 3)
			errx(2, "-s: more calls than I hold");
		for (j = 0; j < 2 && calls[i].nr[j] != 0; j++) {
			f[k++] = (struct sock_filter)BPF_JUMP(
			    BPF_JMP | BPF_JEQ | BPF_K, calls[i].nr[j], 0, 1);
			f[k++] = (struct sock_filter)BPF_STMT(
			    BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EPERM);
		}
	}
	f[k++] =
	    (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW);
	return k;
}

int
main(int argc, char *argv[])
{
	struct sock_filter named[4 * NCALLS + 2];
	unsigned int refusal = EPERM;
	struct sock_filter all[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
		    offsetof(struct seccomp_data, nr)),
		BPF_JUMP(
		    BPF_JMP | BPF_JEQ | BPF_K, __NR_process_vm_readv, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EPERM),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	struct sock_filter one[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
		    offsetof(struct seccomp_data, nr)),
		BPF_JUMP(
		    BPF_JMP | BPF_JEQ | BPF_K, __NR_process_vm_readv, 0, 5),
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, ARG_HI(2)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 0, 0, 3),
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, ARG_LO(2)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 1, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EFAULT),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	struct sock_filter dents[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
		    offsetof(struct seccomp_data, nr)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_getdents64, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EIO),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	struct sock_fprog prog = { sizeof(all) / sizeof(all[0]), all };

	if (argc > 1 && strcmp(argv[1], "-1") == 0) {
		prog = (struct sock_fprog){ sizeof(one) / sizeof(one[0]), one };
		argc--;
		argv++;
	} else if (argc > 1 && strcmp(argv[1], "-d") == 0) {
		prog = (struct sock_fprog){ sizeof(dents) / sizeof(dents[0]),
			dents };
		argc--;
		argv++;
	} else if (argc > 2 && strcmp(argv[1], "-s") == 0) {
		prog = (struct sock_fprog){ refuse(argv[2], named), named };
		argc -= 2;
		argv += 2;
	} else if (argc > 1 && strcmp(argv[1], "-n") == 0) {
		refusal = ENOSYS;
		argc--;
		argv++;
	}
	all[2].k = SECCOMP_RET_ERRNO | refusal;
	if (argc < 2)
		errx(2,
		    "usage: novmread [-1|-n|-d|-s call[,call]...] command "
		    "[arg ...]");
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == -1)
		err(2, "PR_SET_NO_NEW_PRIVS");
	if (prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog) == -1)
		err(2, "PR_SET_SECCOMP");
	execvp(argv[1], argv + 1);
	err(127, "%s", argv[1]);
}
