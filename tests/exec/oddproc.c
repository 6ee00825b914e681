/*
 * check/'s processes that make their own memory unusual, each by one
 * system call a real program might make:
 *
 *   oddproc mapat FILE [setcode]
 *                        maps FILE's first page at 0x10000 (FILE its
 *                        own: as a symbolizer maps its program again);
 *                        with setcode, then moves /proc/PID/stat's
 *                        startcode and endcode into an anonymous
 *                        mapping, by PR_SET_MM_MAP
 *   oddproc unmapfirst   unmaps the first page of its executable (its
 *                        ELF header and program headers)
 *   oddproc unvdso       unmaps its vDSO (as valgrind's host process does)
 *   oddproc movevdso [reuse]
 *                        moves its vDSO by mremap (as CRIU's restorer
 *                        does); with reuse, then maps 8 KiB of anonymous
 *                        memory where it was ("reused", or "not reused"
 *                        where the kernel put it elsewhere)
 *   oddproc argvnull     writes over argv's NULL (as a program that
 *                        rewrites its arguments may)
 *   oddproc nostack      runs on a stack in its data and unmaps [stack]
 *   oddproc farsegs      points its loaded PT_INTERP at a copy of the
 *                        path, and PT_GNU_PROPERTY (or PT_NOTE) at a
 *                        note of 1,024 bytes, in its data, two 4 KiB
 *                        blocks apart and away from its headers' block
 *   oddproc setmm        moves its argument area (/proc/PID/stat's
 *                        arg_start, arg_end, /proc/PID/cmdline) to a new
 *                        name in an anonymous mapping by
 *                        prctl(PR_SET_MM, PR_SET_MM_MAP), which needs no
 *                        capability (kernel/sys.c prctl_set_mm_map; as
 *                        CRIU's restorer sets it)
 *   oddproc argstart     the same by PR_SET_MM_ARG_START and
 *                        PR_SET_MM_ARG_END (CAP_SYS_RESOURCE; as systemd
 *                        renames its processes)
 *   oddproc setstack     moves /proc/PID/stat's startstack, and so the
 *                        [stack] label (vma_is_initial_stack), into an
 *                        anonymous mapping, by PR_SET_MM_MAP
 *   oddproc copystack    the same, with a copy there of argc, argv, envp
 *                        and the vector exec wrote
 *   oddproc setauxv [TYPE=VALUE]...
 *                        replaces its vector (/proc/PID/auxv) by
 *                        PR_SET_MM_MAP with its own, each TYPE's value
 *                        set (0x for hex; "drop": the entry removed),
 *                        or AT_CLKTCK 1000 without any
 *
 *   oddproc chroot DIR   changes its root to DIR (as sshd's
 *                        privilege-separated child does)
 *   oddproc wait         does nothing else
 *
 * each then says so on standard output ("mapped", "unmapped",
 * "moved", "renamed", or "refused: WHY") and waits for a signal; and
 *
 *   oddproc fexec        runs itself again as "oddproc wait" by
 *                        fexecve of descriptor 9 (close-on-exec), as
 *                        memfd launchers do: AT_EXECFN "/dev/fd/9"
 *   oddproc execat       the same by execveat of its name under a
 *                        directory descriptor 9: "/dev/fd/9/oddproc"
 *   oddproc procfd       the same by execve of "/proc/self/fd/9", glibc's
 *                        fexecve without execveat
 *   oddproc selfexe      the same by execve of "/proc/self/exe", as
 *                        runc's re-exec does
 *
 *   oddproc swap OTHER   after 1 ms execs OTHER as "OTHER swap ITSELF":
 *                        two programs that run each other in turn, one
 *                        PID, a new vector each time
 */
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <time.h>
#include <ucontext.h>
#include <unistd.h>

extern char **environ;

/* The bounds of the mapping whose maps line ends in name: 0, or -1. */
static int
find_map(const char *name, unsigned long *lo, unsigned long *hi)
{
	FILE *f = fopen("/proc/self/maps", "r");
	char l[512];
	size_t n = strlen(name);
	int rc = -1;

	if (f == NULL)
		return -1;
	while (rc == -1 && fgets(l, sizeof(l), f) != NULL) {
		l[strcspn(l, "\n")] = '\0';
		if (strlen(l) >= n && strcmp(l + strlen(l) - n, name) == 0 &&
		    sscanf(l, "%lx-%lx", lo, hi) == 2)
			rc = 0;
	}
	fclose(f);
	return rc;
}

static void
say_and_wait(const char *what)
{
	if (write(1, what, strlen(what)) == -1)
		_exit(1);
	for (;;)
		pause();
}

/*
 * Runs our own file again as "ARGV0 wait", by one of the ways a process
 * names a file it holds: descriptor 9 (close-on-exec) of it or of its
 * directory, or /proc/self/exe.
 */
static int
reexec(char *argv0, const char *how)
{
	char *args[] = { argv0, "wait", NULL };
	char self[4096], *slash;
	ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	int fd;

	if (strcmp(how, "selfexe") == 0)
		return execv("/proc/self/exe", args);
	if (n <= 0)
		return -1;
	self[n] = '\0';
	if ((slash = strrchr(self, '/')) == NULL)
		return -1;
	if (strcmp(how, "execat") == 0) {
		*slash = '\0';
		fd = open(self, O_PATH | O_DIRECTORY | O_CLOEXEC);
	} else
		fd = open(self, O_RDONLY | O_CLOEXEC);
	if (fd == -1 || dup3(fd, 9, O_CLOEXEC) == -1)
		return -1;
	if (strcmp(how, "fexec") == 0)
		return fexecve(9, args, environ);
	if (strcmp(how, "execat") == 0)
		return (int)syscall(
		    SYS_execveat, 9, slash + 1, args, environ, 0);
	return execv("/proc/self/fd/9", args);
}

static ucontext_t main_ctx, run_ctx;
static char stack[1 << 16];

static void
unmap_stack(void)
{
	unsigned long lo, hi;

	if (find_map(" [stack]", &lo, &hi) == 0)
		munmap((void *)lo, hi - lo);
	say_and_wait("unmapped\n");
}

/* farsegs' segments: each at the start of its own 4 KiB block. */
static _Alignas(4096) unsigned char far_interp[4096];
static _Alignas(4096) unsigned char far_gap[4096];
static _Alignas(4096) unsigned char far_note[1024];

/*
 * A GNU property note of 1,024 bytes: a property of type 0x10 (no
 * machine's) with 984 bytes of data, then GNU_PROPERTY_X86_FEATURE_1_AND
 * = 3 (IBT, SHSTK).
 */
static void
fill_note(void)
{
	uint32_t w[] = { 4, 1008, NT_GNU_PROPERTY_TYPE_0, 0x00554e47, 0x10,
		984 };
	uint32_t last[] = { 0xc0000002, 4, 3, 0 };

	memcpy(far_note, w, sizeof(w));
	memcpy(far_note + 1024 - sizeof(last), last, sizeof(last));
}

static void
far_segments(void)
{
	ElfW(Phdr) *ph = (ElfW(Phdr) *)getauxval(AT_PHDR), *prop = NULL;
	size_t i, n = getauxval(AT_PHNUM);
	unsigned long bias = 0, page = (unsigned long)ph & -4096UL;

	far_gap[0] = 1;
	for (i = 0; i < n; i++)
		if (ph[i].p_type == PT_PHDR)
			bias = (unsigned long)ph - ph[i].p_vaddr;
	if (mprotect((void *)page, (unsigned long)(ph + n) - page,
	        PROT_READ | PROT_WRITE) == -1)
		_exit(1);
	fill_note();
	for (i = 0; i < n; i++)
		if (ph[i].p_type == PT_INTERP) {
			memcpy(far_interp, (void *)(bias + ph[i].p_vaddr),
			    ph[i].p_filesz);
			ph[i].p_vaddr = (unsigned long)far_interp - bias;
		} else if (ph[i].p_type == PT_GNU_PROPERTY ||
		    (prop == NULL && ph[i].p_type == PT_NOTE))
			prop = &ph[i];
	if (prop == NULL)
		_exit(1);
	prop->p_type = PT_GNU_PROPERTY;
	prop->p_vaddr = (unsigned long)far_note - bias;
	prop->p_filesz = prop->p_memsz = sizeof(far_note);
	say_and_wait("moved\n");
}

/*
 * A new argument area: a name in an anonymous mapping (as systemd's
 * rename_process makes), its bounds given the kernel by map (the
 * PR_SET_MM_MAP form, every other field as /proc/self/stat and sbrk say)
 * or by PR_SET_MM_ARG_START and _END; with map 2, the area is the new
 * start_stack instead (map 5: a copy there of argc, argv, envp and the
 * vector the kernel wrote); with map 3 nothing moves, but the vector is
 * replaced by its own with AT_CLKTCK 1000, a value no kernel gives but
 * alpha's; with map 4 the area is the new start_code (to end_code) instead.
 * Says "renamed", or "refused" and why.
 */
/*
 * The entries of vector v (n bytes) that set names ("TYPE=VALUE" each,
 * decimal; VALUE "drop" removes the entry) changed; without any,
 * AT_CLKTCK 1000.
 */
static void
set_entries(unsigned long *v, ssize_t *n, char **set)
{
	static char *clk[] = { "17=1000", NULL };
	unsigned long type;
	size_t i, words = (size_t)*n / sizeof(*v);
	char *eq;

	for (set = set[0] != NULL ? set : clk; *set != NULL; set++) {
		type = strtoul(*set, &eq, 10);
		if (*eq++ != '=')
			_exit(2);
		for (i = 0; i + 1 < words; i += 2) {
			if (v[i] != type)
				continue;
			if (strcmp(eq, "drop") == 0) {
				memmove(&v[i], &v[i + 2],
				    (words - i - 2) * sizeof(*v));
				words -= 2;
				break;
			}
			v[i + 1] = strtoul(eq, NULL, 0);
		}
	}
	*n = (ssize_t)(words * sizeof(*v));
}

/*
 * A copy at to of the words exec wrote at sp (argc, argv and its NULL,
 * envp and its NULL, the vector to its AT_NULL), which must fit below
 * 60 KiB: to, as an address.
 */
static unsigned long
copy_tables(char *to, unsigned long long sp)
{
	const unsigned long *w = (const unsigned long *)(uintptr_t)sp;
	size_t n = w[0] + 2;

	while (w[n++] != 0)
		;
	for (; w[n] != 0; n += 2)
		;
	n += 2;
	if (n * sizeof(*w) > 60 * 1024)
		_exit(1);
	memcpy(to, w, n * sizeof(*w));
	return (unsigned long)(uintptr_t)to;
}

static void
new_args(int map, char **set)
{
	static const char name[] = "oddproc-renamed";
	unsigned long long f[52] = { 0 };
	unsigned long v[2 * 64];
	struct prctl_mm_map mm;
	char line[1024], *s;
	char *area;
	size_t i;
	int fd, rc;
	ssize_t n;

	area = mmap(NULL, 65536, PROT_READ | PROT_WRITE,
	    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (area == MAP_FAILED)
		_exit(1);
	memcpy(area, name, sizeof(name));
	if (!map) {
		rc = prctl(PR_SET_MM, PR_SET_MM_ARG_START, area, 0, 0);
		if (rc == 0)
			rc = prctl(PR_SET_MM, PR_SET_MM_ARG_END,
			    area + sizeof(name), 0, 0);
	} else {
		/* proc(5)'s fields by number: the third follows the name. */
		if ((fd = open("/proc/self/stat", O_RDONLY)) == -1 ||
		    (n = read(fd, line, sizeof(line) - 1)) <= 0)
			_exit(1);
		line[n] = '\0';
		s = strrchr(line, ')');
		for (i = 3; s != NULL && i < 52; i++)
			if ((s = strchr(s + 1, ' ')) != NULL)
				f[i] = strtoull(s + 1, NULL, 10);
		memset(&mm, 0, sizeof(mm));
		mm.start_code = f[26];
		mm.end_code = f[27];
		mm.start_data = f[45];
		mm.end_data = f[46];
		mm.start_brk = f[47];
		mm.brk = (unsigned long)sbrk(0);
		mm.start_stack = f[28];
		mm.arg_start = map >= 2 ? f[48] : (unsigned long)area;
		mm.arg_end =
		    map >= 2 ? f[49] : (unsigned long)area + sizeof(name);
		mm.env_start = f[50];
		mm.env_end = f[51];
		if (map == 2)
			mm.start_stack = (unsigned long)area + 2048;
		if (map == 5)
			mm.start_stack = copy_tables(area + 4096, f[28]);
		if (map == 4) {
			mm.start_code = (unsigned long)area;
			mm.end_code = (unsigned long)area + 4096;
		}
		mm.exe_fd = (unsigned int)-1;
		if (map == 3) {
			if ((fd = open("/proc/self/auxv", O_RDONLY)) == -1 ||
			    (n = read(fd, v, sizeof(v))) <= 0)
				_exit(1);
			set_entries(v, &n, set);
			mm.auxv = (void *)v;
			mm.auxv_size = (__u32)n;
		}
		rc = prctl(PR_SET_MM, PR_SET_MM_MAP, &mm, sizeof(mm), 0);
	}
	if (rc == -1) {
		snprintf(line, sizeof(line), "refused: %s\n", strerror(errno));
		say_and_wait(line);
	}
	say_and_wait("renamed\n");
}

int
main(int argc, char **argv)
{
	unsigned long lo, hi;
	int fd;

	if ((argc == 3 || (argc == 4 && strcmp(argv[3], "setcode") == 0)) &&
	    strcmp(argv[1], "mapat") == 0) {
		if ((fd = open(argv[2], O_RDONLY)) == -1 ||
		    mmap((void *)0x10000, 4096, PROT_READ,
		        MAP_PRIVATE | MAP_FIXED_NOREPLACE, fd, 0) == MAP_FAILED)
			return 1;
		if (argc == 4)
			new_args(4, NULL); /* "renamed" or "refused" */
		say_and_wait("mapped\n");
	}
	if (argc == 2 && strcmp(argv[1], "unmapfirst") == 0) {
		/*
		 * Called through pointers, which the loader binds at start:
		 * a lazy binding reads the symbols, in the page unmapped.
		 */
		ssize_t (*volatile out)(int, const void *, size_t) = write;
		int (*volatile wait)(void) = pause;
		char self[4096];
		ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);

		if (n <= 0)
			return 1;
		self[n] = '\0';
		/* Its lowest mapping: maps lists them by address. */
		if (find_map(self, &lo, &hi) != 0 ||
		    munmap((void *)lo, 4096) == -1)
			return 1;
		if (out(1, "unmapped\n", 9) != 9)
			_exit(1);
		for (;;)
			wait();
	}
	if (argc == 2 && strcmp(argv[1], "unvdso") == 0) {
		/* No call into the vDSO once it is gone: write and pause. */
		if (find_map(" [vdso]", &lo, &hi) == 0)
			munmap((void *)lo, hi - lo);
		say_and_wait("unmapped\n");
	}
	if ((argc == 2 || (argc == 3 && strcmp(argv[2], "reuse") == 0)) &&
	    strcmp(argv[1], "movevdso") == 0) {
		void *to, *at;

		/* Room of its size elsewhere, then the vDSO moved there. */
		if (find_map(" [vdso]", &lo, &hi) != 0 ||
		    (to = mmap(NULL, hi - lo, PROT_NONE,
		         MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)) == MAP_FAILED ||
		    mremap((void *)lo, hi - lo, hi - lo,
		        MREMAP_MAYMOVE | MREMAP_FIXED, to) == MAP_FAILED)
			return 1;
		if (argc == 2)
			say_and_wait("vdso moved\n");
		/* An ordinary mapping, the old address its hint. */
		at = mmap((void *)lo, 8192, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		say_and_wait(at == (void *)lo ? "vdso moved, reused\n"
		                              : "vdso moved, not reused\n");
	}
	if (argc == 2 && strcmp(argv[1], "argvnull") == 0) {
		argv[argc] = argv[0];
		say_and_wait("argv changed\n");
	}
	if (argc == 2 && strcmp(argv[1], "nostack") == 0) {
		getcontext(&run_ctx);
		run_ctx.uc_stack.ss_sp = stack;
		run_ctx.uc_stack.ss_size = sizeof(stack);
		makecontext(&run_ctx, unmap_stack, 0);
		swapcontext(&main_ctx, &run_ctx);
		return 1;
	}
	if (argc == 2 && strcmp(argv[1], "farsegs") == 0)
		far_segments();
	if (argc == 3 && strcmp(argv[1], "chroot") == 0) {
		if (chroot(argv[2]) == -1 || chdir("/") == -1) {
			perror("chroot");
			return 1;
		}
		say_and_wait("chrooted\n");
	}
	if (argc == 2 && strcmp(argv[1], "wait") == 0)
		say_and_wait("waiting\n");
	if (argc == 2 &&
	    (strcmp(argv[1], "fexec") == 0 || strcmp(argv[1], "execat") == 0 ||
	        strcmp(argv[1], "procfd") == 0 ||
	        strcmp(argv[1], "selfexe") == 0)) {
		reexec(argv[0], argv[1]);
		perror(argv[1]);
		return 1;
	}
	if (argc == 2 && strcmp(argv[1], "setmm") == 0)
		new_args(1, NULL);
	if (argc == 2 && strcmp(argv[1], "argstart") == 0)
		new_args(0, NULL);
	if (argc == 2 && strcmp(argv[1], "setstack") == 0)
		new_args(2, NULL);
	if (argc == 2 && strcmp(argv[1], "copystack") == 0)
		new_args(5, NULL);
	if (argc >= 2 && strcmp(argv[1], "setauxv") == 0)
		new_args(3, argv + 2);
	if (argc == 3 && strcmp(argv[1], "swap") == 0) {
		struct timespec t = { 0, 1000000 };

		nanosleep(&t, NULL);
		execv(argv[2], (char *[]){ argv[2], argv[1], argv[0], NULL });
		return 1;
	}
	fprintf(stderr,
	    "usage: oddproc mapat FILE [setcode] | unmapfirst | unvdso | "
	    "movevdso [reuse] | argvnull | "
	    "nostack | farsegs | setmm | argstart | setstack | copystack | "
	    "setauxv [TYPE=VALUE]... | "
	    "chroot DIR | "
	    "wait | fexec | execat | procfd | selfexe | swap OTHER\n");
	return 2;
}
