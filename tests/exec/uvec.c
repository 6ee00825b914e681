/*
 * probe.bats' userland exec for any word size: maps a static, non-PIE
 * ELF program of its own architecture, builds its stack with the vector
 * it was given itself (/proc/self/auxv: under qemu-user, the guest's),
 * the program's AT_PHDR, AT_PHNUM and AT_ENTRY, and each set=TYPE=VALUE
 * (that entry's value replaced, or added where the vector lacks it;
 * set=TYPE=|VALUE: VALUE's bits added to it), and
 * jumps to its entry: what an emulator or loader that claims a HWCAP bit
 * the CPU lacks does.  uexec.c does more faults, for x86-64 alone.
 *
 * usage: uvec [set=TYPE=[|]VALUE[,set=...]] PROGRAM [ARG]...
 */
#include <elf.h>
#include <fcntl.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define MAX_PHDRS  32
#define MAX_AUXV   128
#define MAX_SET    8
#define AREA_WORDS 16384

extern char **environ;

static void __attribute__((noreturn)) die(const char *what)
{
	perror(what);
	exit(127);
}

/* Maps each PT_LOAD at its address, the bss zeroed. */
static void
load(int fd, const ElfW(Phdr) * ph, size_t n)
{
	uintptr_t pg = (uintptr_t)sysconf(_SC_PAGESIZE), start, fend, mend;
	size_t i;
	int prot;

	for (i = 0; i < n; i++) {
		if (ph[i].p_type != PT_LOAD)
			continue;
		prot = (ph[i].p_flags & PF_R ? PROT_READ : 0) |
		    (ph[i].p_flags & PF_W ? PROT_WRITE : 0) |
		    (ph[i].p_flags & PF_X ? PROT_EXEC : 0);
		start = ph[i].p_vaddr & ~(pg - 1);
		fend = ph[i].p_vaddr + ph[i].p_filesz;
		mend = ph[i].p_vaddr + ph[i].p_memsz;
		if (mmap((void *)start, fend - start, prot,
		        MAP_PRIVATE | MAP_FIXED_NOREPLACE, fd,
		        (off_t)(ph[i].p_offset & ~(pg - 1))) == MAP_FAILED)
			die("mmap");
		if (mend <= fend)
			continue;
		if (prot & PROT_WRITE)
			memset((void *)fend, 0,
			    ((fend + pg - 1) & ~(pg - 1)) - fend);
		fend = (fend + pg - 1) & ~(pg - 1);
		if (mend > fend &&
		    mmap((void *)fend, mend - fend, prot,
		        MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1,
		        0) == MAP_FAILED)
			die("mmap bss");
	}
}

/* Where the kernel puts AT_PHDR: e_phoff inside the PT_LOAD holding it. */
static uintptr_t
phdr_addr(const ElfW(Ehdr) * eh, const ElfW(Phdr) * ph)
{
	size_t i;

	for (i = 0; i < eh->e_phnum; i++)
		if (ph[i].p_type == PT_LOAD && ph[i].p_offset <= eh->e_phoff &&
		    eh->e_phoff < ph[i].p_offset + ph[i].p_filesz)
			return eh->e_phoff - ph[i].p_offset + ph[i].p_vaddr;
	return 0;
}

int
main(int argc, char *argv[])
{
	/*
	 * On our own stack: the program's grows down from it into the
	 * process's stack, which has room (auxv --check needs over 64 KiB).
	 */
	uintptr_t area[AREA_WORDS] __attribute__((aligned(16)));
	uintptr_t auxv[MAX_AUXV][2], set[MAX_SET][3], *w, *sp;
	ElfW(Phdr) ph[MAX_PHDRS];
	ElfW(Ehdr) eh;
	size_t n, i, k, nset = 0, words;
	const char *p;
	char *end, **e;
	int fd, a = 1;

	if (argc > 1 && strncmp(argv[1], "set=", 4) == 0) {
		for (p = argv[1]; nset < MAX_SET && strncmp(p, "set=", 4) == 0;
		     nset++) {
			set[nset][0] = strtoul(p + 4, &end, 0);
			if (*end != '=')
				break;
			set[nset][2] = end[1] == '|';
			set[nset][1] = strtoul(end + 1 + set[nset][2], &end, 0);
			p = *end == ',' ? end + 1 : end;
		}
		if (*p != '\0') {
			fprintf(
			    stderr, "uvec: %s: not set=TYPE=VALUE\n", argv[1]);
			return 2;
		}
		a = 2;
	}
	if (argc <= a) {
		fprintf(stderr,
		    "usage: uvec [set=TYPE=VALUE,...] PROGRAM "
		    "[ARG]...\n");
		return 2;
	}
	if ((fd = open(argv[a], O_RDONLY)) == -1)
		die(argv[a]);
	if (pread(fd, &eh, sizeof(eh), 0) != sizeof(eh) ||
	    memcmp(eh.e_ident, ELFMAG, SELFMAG) != 0 || eh.e_type != ET_EXEC ||
	    eh.e_phentsize != sizeof(ph[0]) || eh.e_phnum > MAX_PHDRS ||
	    pread(fd, ph, eh.e_phnum * sizeof(ph[0]), (off_t)eh.e_phoff) !=
	        (ssize_t)(eh.e_phnum * sizeof(ph[0]))) {
		fprintf(stderr, "uvec: %s: not a static non-PIE ELF of ours\n",
		    argv[a]);
		return 2;
	}
	if ((k = (size_t)open("/proc/self/auxv", O_RDONLY)) == (size_t)-1)
		die("/proc/self/auxv");
	n = (size_t)read((int)k, auxv, sizeof(auxv)) / sizeof(auxv[0]);
	close((int)k);
	load(fd, ph, eh.e_phnum);
	close(fd);

	/* The words: argc, argv, envp, the vector; sp 16-aligned. */
	words = 1 + (size_t)(argc - a) + 1 + 1 + 2 * (n + nset + 1);
	for (e = environ; *e != NULL; e++)
		words++;
	if (words + 4 > AREA_WORDS) {
		fprintf(stderr, "uvec: stack area too small\n");
		return 2;
	}
	sp = area + AREA_WORDS - ((words + 3) & ~(size_t)3);
	sp = (uintptr_t *)((uintptr_t)sp & ~(uintptr_t)15);
	w = sp;
	*w++ = (uintptr_t)(argc - a);
	for (i = (size_t)a; i < (size_t)argc; i++)
		*w++ = (uintptr_t)argv[i];
	*w++ = 0;
	for (e = environ; *e != NULL; e++)
		*w++ = (uintptr_t)*e;
	*w++ = 0;
	for (i = 0; i < n && auxv[i][0] != AT_NULL; i++) {
		uintptr_t t = auxv[i][0], v = auxv[i][1];

		if (t == AT_PHDR)
			v = phdr_addr(&eh, ph);
		else if (t == AT_PHNUM)
			v = eh.e_phnum;
		else if (t == AT_ENTRY)
			v = eh.e_entry;
		else if (t == AT_BASE)
			v = 0;
		for (k = 0; k < nset; k++)
			if (set[k][0] == t) {
				v = set[k][2] ? v | set[k][1] : set[k][1];
				set[k][0] = AT_IGNORE;
				break;
			}
		*w++ = t;
		*w++ = v;
	}
	for (k = 0; k < nset; k++)
		if (set[k][0] != AT_IGNORE) {
			*w++ = set[k][0];
			*w++ = set[k][1];
		}
	*w++ = AT_NULL;
	*w++ = 0;
	fflush(NULL);
	/* The program's stack pointer, no exit handler, go. */
#if defined(__x86_64__)
	__asm__ volatile("mov %0, %%rsp\n\txor %%edx, %%edx\n\tjmp *%1"
	                 :
	                 : "r"(sp), "a"(eh.e_entry)
	                 : "memory");
#elif defined(__i386__)
	__asm__ volatile("mov %0, %%esp\n\txor %%edx, %%edx\n\tjmp *%1"
	                 :
	                 : "r"(sp), "a"(eh.e_entry)
	                 : "memory");
#elif defined(__aarch64__)
	{
		register uintptr_t s_ __asm__("x19") = (uintptr_t)sp;
		register uintptr_t e_ __asm__("x20") = eh.e_entry;

		__asm__ volatile("mov sp, %0\n\tmov x0, #0\n\tbr %1"
		                 :
		                 : "r"(s_), "r"(e_)
		                 : "memory");
	}
#elif defined(__arm__)
	{
		register uintptr_t s_ __asm__("r4") = (uintptr_t)sp;
		register uintptr_t e_ __asm__("r5") = eh.e_entry;

		__asm__ volatile("mov sp, %0\n\tmov r0, #0\n\tbx %1"
		                 :
		                 : "r"(s_), "r"(e_)
		                 : "memory");
	}
#elif defined(__powerpc64__)
	{
		/*
		 * r1 the stack, r7 (rtld_fini) 0; ELFv2 enters with r12 at
		 * the entry (its TOC is computed from it), ELFv1's entry is
		 * a descriptor: code address, TOC.
		 */
		register uintptr_t s_ __asm__("r28") = (uintptr_t)sp;
		register uintptr_t e_ __asm__("r29") = eh.e_entry;

#if defined(_CALL_ELF) && _CALL_ELF == 2
		__asm__ volatile("mr 1, %0\n\tmr 12, %1\n\tmtctr 12\n\t"
		                 "li 7, 0\n\tbctr"
		                 :
		                 : "r"(s_), "r"(e_)
		                 : "memory");
#else
		__asm__ volatile("mr 1, %0\n\tld 12, 0(%1)\n\tld 2, 8(%1)\n\t"
		                 "mtctr 12\n\tli 7, 0\n\tbctr"
		                 :
		                 : "r"(s_), "r"(e_)
		                 : "memory");
#endif
	}
#elif defined(__s390x__)
	{
		/* r15 the stack, r14 (rtld_fini) 0. */
		register uintptr_t s_ __asm__("r8") = (uintptr_t)sp;
		register uintptr_t e_ __asm__("r9") = eh.e_entry;

		__asm__ volatile("lgr %%r15, %0\n\tlghi %%r14, 0\n\tbr %1"
		                 :
		                 : "r"(s_), "r"(e_)
		                 : "memory");
	}
#elif defined(__riscv)
	{
		/* sp the stack, a0 (rtld_fini) 0. */
		register uintptr_t s_ __asm__("s2") = (uintptr_t)sp;
		register uintptr_t e_ __asm__("s3") = eh.e_entry;

		__asm__ volatile("mv sp, %0\n\tli a0, 0\n\tjr %1"
		                 :
		                 : "r"(s_), "r"(e_)
		                 : "memory");
	}
#else
#error "uvec: no jump for this architecture"
#endif
	__builtin_unreachable();
}
