/*
 * The tests' userland exec (check/'s faults, probe.bats' claimed
 * HWCAP bits, natively and under qemu-user): maps a static, non-PIE ELF
 * program of its own architecture and word size, builds its stack with
 * a vector of our own making (the one we were given, /proc/self/auxv:
 * under qemu-user the guest's, made the program's, faults injected),
 * and jumps to its entry.  What an emulator or custom loader does, and
 * gets wrong, one bug at a time.
 *
 * usage: uexec FAULT[,FAULT]... PROGRAM [ARG]...
 * FAULT: none, phdr (AT_PHDR at a copy of the headers), phdrvdso
 * (AT_PHDR at the vDSO's program headers, another ELF's), phnum (one
 * header fewer), entry (AT_ENTRY past the entry), ids (IDs fixed to
 * 1000), hwcap0 (AT_HWCAP 0), nohwcap2 (AT_HWCAP2 left out), sysinfo
 * (AT_SYSINFO given), twice (AT_PAGESZ twice), random (AT_RANDOM outside
 * the stack), base (AT_BASE where nothing is), ehdr (AT_SYSINFO_EHDR 0,
 * where glibc looks for no vDSO), execfn (AT_EXECFN at 0x1000, where
 * nothing is mapped), execfn-none (AT_EXECFN in a page mapped without
 * access), execfile=PATH (AT_EXECFN a copy of PATH, another file),
 * argv0=NAME (the program's argv[0] NAME, and AT_EXECFN that string, as
 * a loader that gives argv[0] where the kernel gives the path; the last
 * fault),
 * argc=N (argc written as N, not the number of arguments), misalign
 * (argc a word above a 16-byte boundary, not on it), zerorandom
 * (AT_RANDOM's 16 bytes all zero), argvvec (argv[0] pointing into the
 * vector, as where the vector overlaps the strings), envpvdso (envp[0]
 * into the vDSO), envpdata (envp[0] at a string of uexec's data, another
 * mapping than the stack's), rndbytes=HEX (those bytes, as many
 * as HEX gives), randomplat (AT_RANDOM at the platform
 * string), drop=TYPE (the entry of that number left out), set=TYPE=VALUE
 * (that entry's value replaced, or added where the vector lacks it;
 * set=TYPE=|VALUE: VALUE's bits added to it), phdrmod (AT_PHDR right, but the
 * loaded PT_GNU_STACK header's p_align changed, which glibc never reads), anon
 * (the program copied into anonymous memory, as a loader that reads it
 * does, not mapped from its file), novdso ([vdso] replaced by a copy in
 * anonymous memory at the same address, as a checkpoint restorer may),
 * patch=OFFSET:HEX (the bytes HEX written to the program's file at
 * OFFSET once it is loaded, the loaded copy left as it was: give a copy
 * of the program), vdso=OFFSET:HEX (written into [vdso] at OFFSET,
 * through /proc/self/mem, as a debugger writes), keepauxv (/proc/self/auxv
 * left as the kernel gave it to uexec, where a loader that gets it right
 * sets the program's: prctl PR_SET_MM_MAP, which needs no capability, with
 * the program's code, data, stack, arguments and vector, else
 * PR_SET_MM_AUXV, which needs CAP_SYS_RESOURCE; where both are refused, as
 * qemu-user or a kernel without CONFIG_CHECKPOINT_RESTORE may, uexec goes
 * on, as keepauxv).  TYPE, VALUE and OFFSET: C integers.
 */
#include <elf.h>
#include <fcntl.h>
#include <link.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <unistd.h>

#define MAX_PHDRS  32
#define MAX_AUXV   128
#define AREA_WORDS 8192

extern char **environ;

/* AT_RANDOM's bytes outside the stack, for the "random" fault. */
static unsigned char not_stack[16];

/* An environment string outside the stack, for the "envpdata" fault. */
static char env_data[] = "UEXEC_DATA=1";

static void __attribute__((noreturn)) die(const char *what)
{
	perror(what);
	exit(127);
}

/*
 * The next fault called name in the comma-separated list at *p, *p past
 * it: a pointer to what follows the name ("=ARG", or the end of the
 * fault), or NULL when the rest of the list has none.
 */
static const char *
find(const char **p, const char *name)
{
	size_t n = strlen(name);
	const char *w;

	while (**p != '\0') {
		w = *p;
		*p += strcspn(*p, ",");
		if (**p == ',')
			(*p)++;
		if (strncmp(w, name, n) == 0 &&
		    (w[n] == '\0' || w[n] == ',' || w[n] == '='))
			return w + n;
	}
	return NULL;
}

static int
is(const char *faults, const char *name)
{
	return find(&faults, name) != NULL;
}

/* The protection a PT_LOAD asks for. */
static int
prot_of(const ElfW(Phdr) * ph)
{
	return (ph->p_flags & PF_R ? PROT_READ : 0) |
	    (ph->p_flags & PF_W ? PROT_WRITE : 0) |
	    (ph->p_flags & PF_X ? PROT_EXEC : 0);
}

/* Maps each PT_LOAD at its address, the bss zeroed; anon: copies it. */
static void
load(int fd, const ElfW(Phdr) * ph, size_t n, int anon)
{
	uintptr_t pg = (uintptr_t)sysconf(_SC_PAGESIZE), start, fend, mend;
	size_t i;
	int prot;

	for (i = 0; i < n; i++) {
		if (ph[i].p_type != PT_LOAD)
			continue;
		prot = prot_of(&ph[i]);
		start = ph[i].p_vaddr & ~(pg - 1);
		fend = ph[i].p_vaddr + ph[i].p_filesz;
		mend = ph[i].p_vaddr + ph[i].p_memsz;
		if (anon) {
			if (mmap((void *)start, fend - start,
			        PROT_READ | PROT_WRITE,
			        MAP_PRIVATE | MAP_ANONYMOUS |
			            MAP_FIXED_NOREPLACE,
			        -1, 0) == MAP_FAILED)
				die("mmap anon");
			if (pread(fd, (void *)start, fend - start,
			        (off_t)(ph[i].p_offset & ~(pg - 1))) !=
			        (ssize_t)(fend - start) ||
			    mprotect((void *)start, fend - start, prot) == -1)
				die("copy");
		} else if (mmap((void *)start, fend - start, prot,
		               MAP_PRIVATE | MAP_FIXED_NOREPLACE, fd,
		               (off_t)(ph[i].p_offset & ~(pg - 1))) ==
		    MAP_FAILED)
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

/*
 * The loaded copy of the headers (at addr) with PT_GNU_STACK's p_align
 * doubled: the page made writable for it, then read-only again.
 */
static void
change_phdrs(uintptr_t addr, size_t n)
{
	uintptr_t pg = (uintptr_t)sysconf(_SC_PAGESIZE),
	          start = addr & ~(pg - 1);
	size_t len = addr + n * sizeof(ElfW(Phdr)) - start, i;
	ElfW(Phdr) *p = (ElfW(Phdr) *)addr;

	if (mprotect((void *)start, len, PROT_READ | PROT_WRITE) == -1)
		die("mprotect");
	for (i = 0; i < n; i++)
		if (p[i].p_type == PT_GNU_STACK)
			p[i].p_align *= 2;
	if (mprotect((void *)start, len, PROT_READ) == -1)
		die("mprotect");
}

/*
 * The loaded page that holds the file's byte at off made our own (a byte
 * of it written back), so that a write to the file no longer shows there.
 */
static void
own_page(const ElfW(Phdr) * ph, size_t n, off_t off)
{
	uintptr_t pg = (uintptr_t)sysconf(_SC_PAGESIZE), a;
	volatile unsigned char *b;
	size_t i;

	for (i = 0; i < n; i++) {
		if (ph[i].p_type != PT_LOAD || (uint64_t)off < ph[i].p_offset ||
		    (uint64_t)off - ph[i].p_offset >= ph[i].p_filesz)
			continue;
		a = ph[i].p_vaddr + ((uint64_t)off - ph[i].p_offset);
		b = (volatile unsigned char *)a;
		if (mprotect((void *)(a & ~(pg - 1)), pg,
		        prot_of(&ph[i]) | PROT_WRITE) == -1)
			die("mprotect");
		*b = *b;
		if (mprotect((void *)(a & ~(pg - 1)), pg, prot_of(&ph[i])) ==
		    -1)
			die("mprotect");
	}
}

/*
 * Writes each name=OFFSET:HEX of faults at base + OFFSET of the file at
 * path.  With ph, the program's file: what was loaded of it is made ours
 * first, so that the file then says what memory does not.
 */
static void
patch(const char *faults, const char *name, const char *path, uint64_t base,
    const ElfW(Phdr) * ph, size_t n)
{
	unsigned char b;
	const char *a;
	char *hex;
	off_t off;
	int fd;

	while ((a = find(&faults, name)) != NULL) {
		if (*a != '=' ||
		    (off = (off_t)strtoull(a + 1, &hex, 0), *hex++ != ':'))
			die("patch: OFFSET:HEX");
		if ((fd = open(path, O_WRONLY)) == -1)
			die(path);
		for (; sscanf(hex, "%2hhx", &b) == 1; hex += 2, off++) {
			if (ph != NULL)
				own_page(ph, n, off);
			if (pwrite(fd, &b, 1, (off_t)base + off) != 1)
				die("pwrite");
		}
		close(fd);
	}
}

/*
 * [vdso] replaced by an anonymous copy of itself at the same address: its
 * code still finds [vvar] where it was, and /proc/self/maps names no
 * [vdso].
 */
static void
copy_vdso(void)
{
	unsigned long lo = getauxval(AT_SYSINFO_EHDR), a, b;
	char line[512];
	void *tmp;
	FILE *f;
	size_t len = 0;

	if ((f = fopen("/proc/self/maps", "r")) == NULL)
		die("/proc/self/maps");
	while (fgets(line, sizeof(line), f) != NULL)
		if (sscanf(line, "%lx-%lx", &a, &b) == 2 && a == lo)
			len = b - a;
	fclose(f);
	if (lo == 0 || len == 0 ||
	    (tmp = mmap(NULL, len, PROT_READ | PROT_WRITE,
	         MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)) == MAP_FAILED)
		die("vdso");
	memcpy(tmp, (void *)lo, len);
	if (mmap((void *)lo, len, PROT_READ | PROT_WRITE,
	        MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) == MAP_FAILED)
		die("mmap vdso");
	memcpy((void *)lo, tmp, len);
	if (mprotect((void *)lo, len, PROT_READ | PROT_EXEC) == -1)
		die("mprotect vdso");
	munmap(tmp, len);
}

/* Where the kernel puts AT_PHDR: e_phoff inside the PT_LOAD holding it. */
static uint64_t
phdr_addr(const ElfW(Ehdr) * eh, const ElfW(Phdr) * ph)
{
	size_t i;

	for (i = 0; i < eh->e_phnum; i++)
		if (ph[i].p_type == PT_LOAD && ph[i].p_offset <= eh->e_phoff &&
		    eh->e_phoff < ph[i].p_offset + ph[i].p_filesz)
			return eh->e_phoff - ph[i].p_offset + ph[i].p_vaddr;
	return 0;
}

/* AT_PHDR at the vDSO's program headers, another ELF's. */
static uintptr_t
vdso_phdrs(void)
{
	uintptr_t vdso = getauxval(AT_SYSINFO_EHDR);

	if (vdso == 0) {
		fprintf(stderr, "uexec: phdrvdso: no vDSO\n");
		exit(2);
	}
	return vdso + ((const ElfW(Ehdr) *)vdso)->e_phoff;
}

/*
 * The program's memory as exec would have set it for it (fs/binfmt_elf.c
 * load_elf_binary: code the PF_X segments, data up to the highest one,
 * brk past the bss; the stack at argc; the strings argv[first] on and the
 * environment's), with vec, the vector it is given, len bytes (0: the
 * kernel's copy left as it is): what prctl PR_SET_MM_MAP checks
 * (kernel/sys.c validate_prctl_map_addr) and sets.
 */
static void
mm_map(struct prctl_mm_map *m, const ElfW(Phdr) * ph, size_t n, char **argv,
    uintptr_t sp, uintptr_t *vec, size_t len)
{
	uintptr_t pg = (uintptr_t)sysconf(_SC_PAGESIZE), k, brk = 0;
	char **e;
	size_t i;

	memset(m, 0, sizeof(*m));
	m->start_code = UINT64_MAX;
	for (i = 0; i < n; i++) {
		if (ph[i].p_type != PT_LOAD)
			continue;
		k = ph[i].p_vaddr;
		if ((ph[i].p_flags & PF_X) && k < m->start_code)
			m->start_code = k;
		if (m->start_data < k)
			m->start_data = k;
		k += ph[i].p_filesz;
		if ((ph[i].p_flags & PF_X) && m->end_code < k)
			m->end_code = k;
		if (m->end_data < k)
			m->end_data = k;
		if (brk < ph[i].p_vaddr + ph[i].p_memsz)
			brk = ph[i].p_vaddr + ph[i].p_memsz;
	}
	m->start_brk = m->brk = (brk + pg - 1) & ~(pg - 1);
	m->start_stack = sp;
	m->arg_start = (uintptr_t)argv[0];
	for (; argv[1] != NULL; argv++)
		;
	m->arg_end = m->env_start = m->env_end =
	    (uintptr_t)argv[0] + strlen(argv[0]) + 1;
	for (e = environ; *e != NULL; e++)
		m->env_end = (uintptr_t)*e + strlen(*e) + 1;
	if (environ[0] != NULL)
		m->env_start = (uintptr_t)environ[0];
	m->auxv = (__u64 *)vec;
	m->auxv_size = (__u32)len;
	m->exe_fd = (__u32)-1;
}

/*
 * The value of entry t, v where present (0 where added): each
 * set=t=VALUE of faults in turn replaces it, set=t=|VALUE adds VALUE's
 * bits.
 */
static uintptr_t
set_value(const char *faults, uintptr_t t, uintptr_t v)
{
	const char *a;
	char *end;

	while ((a = find(&faults, "set")) != NULL)
		if (*a == '=' && strtoull(a + 1, &end, 0) == t && *end == '=')
			v = end[1] == '|' ? v | strtoull(end + 2, NULL, 0)
			                  : strtoull(end + 1, NULL, 0);
	return v;
}

int
main(int argc, char *argv[])
{
	/* The new stack: words at the bottom, strings at the top. */
	uintptr_t area[AREA_WORDS] __attribute__((aligned(16)));
	uintptr_t auxv[MAX_AUXV][2], *sp, *w, *vec, id;
	unsigned char *top = (unsigned char *)(area + AREA_WORDS);
	unsigned char *rnd, *plat, *phcopy, *none, *file = NULL;
	const char *platform = (const char *)getauxval(AT_PLATFORM);
	ElfW(Phdr) ph[MAX_PHDRS];
	struct prctl_mm_map mm;
	const char *fault, *a, *p;
	ElfW(Ehdr) eh;
	uintptr_t t;
	size_t n, i, k;
	char **e;
	int fd;

	if (argc < 3) {
		fprintf(
		    stderr, "usage: uexec FAULT[,FAULT]... PROGRAM [ARG]...\n");
		return 2;
	}
	fault = argv[1];
	sp = w = area + is(fault, "misalign");
	if ((fd = open(argv[2], O_RDONLY)) == -1)
		die(argv[2]);
	if (pread(fd, &eh, sizeof(eh), 0) != sizeof(eh) ||
	    memcmp(eh.e_ident, ELFMAG, SELFMAG) != 0 ||
	    eh.e_ident[EI_CLASS] !=
	        (sizeof(void *) == 8 ? ELFCLASS64 : ELFCLASS32) ||
	    eh.e_type != ET_EXEC || eh.e_phentsize != sizeof(ph[0]) ||
	    eh.e_phnum > MAX_PHDRS ||
	    pread(fd, ph, eh.e_phnum * sizeof(ph[0]), (off_t)eh.e_phoff) !=
	        (ssize_t)(eh.e_phnum * sizeof(ph[0]))) {
		fprintf(stderr, "uexec: %s: not a static non-PIE ELF of ours\n",
		    argv[2]);
		return 2;
	}
	if ((k = (size_t)open("/proc/self/auxv", O_RDONLY)) == (size_t)-1)
		die("/proc/self/auxv");
	n = (size_t)read((int)k, auxv, sizeof(auxv)) / sizeof(auxv[0]);
	close((int)k);
	load(fd, ph, eh.e_phnum, is(fault, "anon"));
	if (is(fault, "phdrmod"))
		change_phdrs((uintptr_t)phdr_addr(&eh, ph), eh.e_phnum);
	close(fd);
	patch(fault, "patch", argv[2], 0, ph, eh.e_phnum);
	patch(fault, "vdso", "/proc/self/mem", getauxval(AT_SYSINFO_EHDR), NULL,
	    0);
	if (is(fault, "novdso"))
		copy_vdso();
	none = mmap(NULL, (size_t)sysconf(_SC_PAGESIZE), PROT_NONE,
	    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (none == MAP_FAILED)
		die("mmap");

	/* Strings and bytes at the top of the area. */
	top -= 16;
	rnd = top;
	memcpy(rnd, (const void *)(uintptr_t)getauxval(AT_RANDOM), 16);
	if (is(fault, "zerorandom"))
		memset(rnd, 0, 16);
	p = fault;
	if ((a = find(&p, "rndbytes")) != NULL && *a++ == '=')
		for (k = 0; k < 16 && sscanf(a + 2 * k, "%2hhx", &rnd[k]) == 1;
		     k++)
			;
	if (platform == NULL)
		platform = "";
	top -= strlen(platform) + 1;
	plat = top;
	memcpy(plat, platform, strlen(platform) + 1);
	top -= eh.e_phnum * sizeof(ph[0]);
	top = (unsigned char *)((uintptr_t)top & ~(uintptr_t)15);
	phcopy = top;
	memcpy(phcopy, ph, eh.e_phnum * sizeof(ph[0]));
	memcpy(not_stack, rnd, sizeof(not_stack));
	p = fault;
	if ((a = find(&p, "execfile")) != NULL && *a++ == '=') {
		k = strcspn(a, ",");
		top -= k + 1;
		file = top;
		memcpy(file, a, k);
		file[k] = '\0';
		top = (unsigned char *)((uintptr_t)top & ~(uintptr_t)15);
	}
	/* argv0=NAME, in our own strings, above the vector as exec's are. */
	p = fault;
	if ((a = find(&p, "argv0")) != NULL && *a++ == '=') {
		if (a[strcspn(a, ",")] != '\0') {
			fprintf(stderr, "uexec: argv0=NAME comes last\n");
			return 2;
		}
		argv[2] = (char *)(uintptr_t)a;
	}
	id = getuid() == 1000 ? 1001 : 1000;

	p = fault;
	a = find(&p, "argc");
	*w++ = a != NULL && *a == '=' ? strtoull(a + 1, NULL, 0)
	                              : (uintptr_t)(argc - 2);
	for (i = 2; i < (size_t)argc; i++)
		*w++ = (uintptr_t)argv[i];
	*w++ = 0;
	for (e = environ; *e != NULL; e++)
		*w++ = (uintptr_t)*e;
	*w++ = 0;
	vec = w;
	for (i = 0; i < n && auxv[i][0] != AT_NULL; i++) {
		uintptr_t v = auxv[i][1];

		t = auxv[i][0];

		for (p = fault; (a = find(&p, "drop")) != NULL;)
			if (*a == '=' && t == strtoull(a + 1, NULL, 0))
				break;
		if (a != NULL)
			continue;
		switch (t) {
		case AT_PHDR:
			v = is(fault, "phdr")       ? (uintptr_t)phcopy
			    : is(fault, "phdrvdso") ? vdso_phdrs()
			                            : phdr_addr(&eh, ph);
			break;
		case AT_PHNUM:
			v = eh.e_phnum - (is(fault, "phnum"));
			break;
		case AT_PHENT:
			v = eh.e_phentsize;
			break;
		case AT_ENTRY:
			v = eh.e_entry + 16 * (is(fault, "entry"));
			break;
		case AT_BASE:
			v = is(fault, "base") ? 0x10000 : 0;
			break;
		case AT_UID:
		case AT_EUID:
		case AT_GID:
		case AT_EGID:
			if (is(fault, "ids"))
				v = id;
			break;
		case AT_HWCAP:
			if (is(fault, "hwcap0"))
				v = 0;
			break;
		case AT_HWCAP2:
			if (is(fault, "nohwcap2"))
				continue;
			break;
		case AT_RANDOM:
			v = is(fault, "random")       ? (uintptr_t)not_stack
			    : is(fault, "randomplat") ? (uintptr_t)plat
			                              : (uintptr_t)rnd;
			break;
		case AT_PLATFORM:
			v = (uintptr_t)plat;
			break;
		case AT_EXECFN:
			v = is(fault, "execfn")        ? 0x1000
			    : is(fault, "execfn-none") ? (uintptr_t)none
			    : file != NULL             ? (uintptr_t)file
			                               : (uintptr_t)argv[2];
			break;
		case AT_SYSINFO_EHDR:
			if (is(fault, "ehdr"))
				v = 0;
			if (is(fault, "sysinfo")) {
				*w++ = 32; /* AT_SYSINFO: i386's alone */
				*w++ = v;
			}
			break;
		case AT_PAGESZ:
			if (is(fault, "twice")) {
				*w++ = t;
				*w++ = v;
			}
			break;
		default:
			break;
		}
		*w++ = t;
		*w++ = set_value(fault, t, v);
	}
	/* The set= entries of types the vector lacks, added. */
	for (p = fault; (a = find(&p, "set")) != NULL;) {
		t = *a == '=' ? strtoull(a + 1, NULL, 0) : AT_NULL;
		for (k = 0; t != AT_NULL && k < n && auxv[k][0] != t; k++)
			;
		if (t != AT_NULL && k == n) {
			*w++ = t;
			*w++ = set_value(fault, t, 0);
		}
	}
	*w++ = AT_NULL;
	*w++ = 0;
	/* argv's and envp's pointers elsewhere: argc's word, then argv. */
	if (is(fault, "argvvec"))
		sp[1] = (uintptr_t)(vec + 2);
	if (is(fault, "envpvdso") && environ[0] != NULL)
		sp[argc] = (uintptr_t)getauxval(AT_SYSINFO_EHDR);
	if (is(fault, "envpdata") && environ[0] != NULL)
		sp[argc] = (uintptr_t)env_data;
	if ((unsigned char *)w > phcopy) {
		fprintf(stderr, "uexec: stack area too small\n");
		return 2;
	}
	/*
	 * /proc/self/auxv made the program's vector too, and /proc/self/stat
	 * its memory's, as a loader that gets it right does (PR_SET_MM_MAP,
	 * no capability needed; else PR_SET_MM_AUXV, CAP_SYS_RESOURCE);
	 * keepauxv leaves the kernel's vector there, uexec's own, as proot
	 * does.  A refusal is let be.
	 */
	k = is(fault, "keepauxv") ? 0 : (size_t)((uintptr_t)w - (uintptr_t)vec);
	mm_map(&mm, ph, eh.e_phnum, argv + 2, (uintptr_t)sp, vec, k);
	if (prctl(PR_SET_MM, PR_SET_MM_MAP, (unsigned long)(uintptr_t)&mm,
	        (unsigned long)sizeof(mm), 0) == -1 &&
	    k > 0)
		(void)prctl(PR_SET_MM, PR_SET_MM_AUXV,
		    (unsigned long)(uintptr_t)vec, (unsigned long)k, 0);
	fflush(NULL);
	/* The program's own stack pointer, no exit handler, go. */
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
#error "uexec: no jump for this architecture"
#endif
	__builtin_unreachable();
}
