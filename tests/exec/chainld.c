/*
 * check/base.bats' chain-loading interpreter, as nix-ld is one (FINDINGS.md):
 * named by a program's PT_INTERP, it is what the kernel maps at AT_BASE
 * and enters with the program's stack.  It maps the dynamic linker that
 * CHAINLD_TO names, as load_elf_interp would, and jumps to its entry
 * with that stack: AT_BASE rewritten to the real loader's base, or left
 * at its own where CHAINLD_BASE=keep (the chain loader that forgets).
 *
 * Freestanding and x86-64 only: nothing is set up before it runs (no
 * libc, no relocations: built -static-pie, it must need none).
 */
#include <elf.h>
#include <stddef.h>
#include <stdint.h>

#include "rawsys.h"

#define SYS_write  1
#define SYS_open   2
#define SYS_close  3
#define SYS_mmap   9
#define SYS_pread  17
#define SYS_exit   60
#define PROT_R     1
#define PROT_W     2
#define PROT_X     4
#define MAP_PRIV   0x02
#define MAP_FIX    0x10
#define MAP_ANON   0x20
#define HEAD_BYTES 4096

static size_t
len(const char *s)
{
	size_t n = 0;

	while (s[n] != '\0')
		n++;
	return n;
}

static void __attribute__((noreturn)) die(const char *why)
{
	rawsys(SYS_write, 2, (long)"chainld: ", 9, 0, 0, 0);
	rawsys(SYS_write, 2, (long)why, (long)len(why), 0, 0, 0);
	rawsys(SYS_write, 2, (long)"\n", 1, 0, 0, 0);
	for (;;)
		rawsys(SYS_exit, 127, 0, 0, 0, 0, 0);
}

/* The value of environment variable name (with its '='), or NULL. */
static const char *
env(char **envp, const char *name)
{
	size_t i, n = len(name);

	for (; *envp != NULL; envp++) {
		for (i = 0; i < n && (*envp)[i] == name[i]; i++)
			;
		if (i == n)
			return *envp + n;
	}
	return NULL;
}

static long
mmap6(
    uint64_t addr, uint64_t size, long prot, long flags, long fd, uint64_t off)
{
	long p = rawsys(
	    SYS_mmap, (long)addr, (long)size, prot, flags, fd, (long)off);

	if (p < 0 && p > -4096)
		die("mmap failed");
	return p;
}

/*
 * Maps the ET_DYN loader at path where the kernel picks, its bss
 * zeroed; returns its load bias and its entry in *entry.
 */
static uint64_t
load(const char *path, uint64_t pg, uint64_t *entry)
{
	static unsigned char head[HEAD_BYTES]; /* .bss: no relocation */
	const Elf64_Ehdr *eh = (const Elf64_Ehdr *)head;
	const Elf64_Phdr *ph;
	uint64_t lo = UINT64_MAX, hi = 0, bias, start, fend, mend;
	volatile unsigned char *z;
	long fd, prot;
	int i;

	if ((fd = rawsys(SYS_open, (long)path, 0, 0, 0, 0, 0)) < 0)
		die("cannot open CHAINLD_TO");
	if (rawsys(SYS_pread, fd, (long)head, HEAD_BYTES, 0, 0, 0) <
	        (long)sizeof(*eh) ||
	    eh->e_type != ET_DYN || eh->e_phentsize != sizeof(*ph) ||
	    eh->e_phoff + (uint64_t)eh->e_phnum * sizeof(*ph) > HEAD_BYTES)
		die("CHAINLD_TO is no ET_DYN loader whose headers fit a page");
	ph = (const Elf64_Phdr *)(head + eh->e_phoff);
	for (i = 0; i < eh->e_phnum; i++) {
		if (ph[i].p_type != PT_LOAD)
			continue;
		if ((ph[i].p_vaddr & ~(pg - 1)) < lo)
			lo = ph[i].p_vaddr & ~(pg - 1);
		if (ph[i].p_vaddr + ph[i].p_memsz > hi)
			hi = ph[i].p_vaddr + ph[i].p_memsz;
	}
	if (hi == 0)
		die("CHAINLD_TO has no PT_LOAD");
	hi = (hi + pg - 1) & ~(pg - 1);
	bias = (uint64_t)mmap6(0, hi - lo, 0, MAP_PRIV | MAP_ANON, -1, 0) - lo;
	for (i = 0; i < eh->e_phnum; i++) {
		if (ph[i].p_type != PT_LOAD)
			continue;
		prot = (ph[i].p_flags & PF_R ? PROT_R : 0) |
		    (ph[i].p_flags & PF_W ? PROT_W : 0) |
		    (ph[i].p_flags & PF_X ? PROT_X : 0);
		start = bias + (ph[i].p_vaddr & ~(pg - 1));
		fend = bias + ph[i].p_vaddr + ph[i].p_filesz;
		mend = bias + ph[i].p_vaddr + ph[i].p_memsz;
		mmap6(start, fend - start, prot, MAP_PRIV | MAP_FIX, fd,
		    ph[i].p_offset & ~(pg - 1));
		if (mend <= fend)
			continue;
		if (prot & PROT_W)
			for (z = (unsigned char *)fend; (uint64_t)z & (pg - 1);
			     z++)
				*z = 0;
		fend = (fend + pg - 1) & ~(pg - 1);
		if (mend > fend)
			mmap6(fend, mend - fend, prot,
			    MAP_PRIV | MAP_FIX | MAP_ANON, -1, 0);
	}
	rawsys(SYS_close, fd, 0, 0, 0, 0, 0);
	*entry = bias + eh->e_entry;
	return bias;
}

/* From _start: the stack the kernel built; returns where to jump. */
__attribute__((used, visibility("hidden"))) uint64_t
chainld(uint64_t *sp)
{
	char **envp = (char **)(sp + 1 + sp[0] + 1);
	const char *to, *keep;
	uint64_t *a, pg = 4096, bias, entry;

	for (a = (uint64_t *)envp; *a != 0; a++)
		;
	for (a++; a[0] != AT_NULL; a += 2)
		if (a[0] == AT_PAGESZ)
			pg = a[1];
	if ((to = env(envp, "CHAINLD_TO=")) == NULL)
		die("CHAINLD_TO is not set");
	keep = env(envp, "CHAINLD_BASE=");
	bias = load(to, pg, &entry);
	if (keep != NULL && keep[0] == 'k')
		return entry;
	for (a = (uint64_t *)envp; *a != 0; a++)
		;
	for (a++; a[0] != AT_NULL; a += 2)
		if (a[0] == AT_BASE)
			a[1] = bias;
	return entry;
}

/* The loader's entry gets the kernel's stack and %rdx 0, as from exec. */
__asm__(".text\n"
        ".globl _start\n"
        "_start:\n"
        "	mov %rsp, %rbx\n"
        "	mov %rsp, %rdi\n"
        "	and $-16, %rsp\n"
        "	call chainld\n"
        "	mov %rbx, %rsp\n"
        "	xor %edx, %edx\n"
        "	jmp *%rax\n");
