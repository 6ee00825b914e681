/*
 * noptrace COMMAND [ARG]...: runs COMMAND under a seccomp filter that
 * makes ptrace(2) fail with EPERM, as a container runtime's may.  The
 * filter looks at the system call number only: enough for a native
 * COMMAND.
 */
#include <err.h>
#include <errno.h>
#include <stddef.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <linux/filter.h>
#include <linux/seccomp.h>

int
main(int argc, char *argv[])
{
	struct sock_filter insns[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
		    offsetof(struct seccomp_data, nr)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_ptrace, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EPERM),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	struct sock_fprog prog = { sizeof(insns) / sizeof(insns[0]), insns };

	if (argc < 2)
		errx(2, "usage: noptrace command [arg ...]");
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == -1)
		err(2, "PR_SET_NO_NEW_PRIVS");
	if (prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog) == -1)
		err(2, "PR_SET_SECCOMP");
	execvp(argv[1], argv + 1);
	err(127, "%s", argv[1]);
}
