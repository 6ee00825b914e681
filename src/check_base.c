/*
 * --check's rule on AT_BASE: the interpreter PT_INTERP names, where the
 * kernel loaded it, found by its file and by the memory map; for self,
 * the dynamic linker that runs, found by its link map.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <link.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "at.h"
#include "check_rule.h"
#include "elfdefs.h"
#include "proc.h"
#include "source.h"

/* Objects and DT_NEEDED names a link map walk keeps. */
#define LOADER_OBJS   64
#define LOADER_NEEDED 256

/* The dynamic linker self's link map names, as self_loader finds it. */
struct loader {
	uint64_t rdebug; /* the r_debug it keeps, which it holds */
	uint64_t base;   /* its load bias */
	uint64_t vdso;   /* the vDSO's address, an object nobody needs */
	int seen;        /* objects visited: the first is the program */
	int found;
	int over; /* more objects or names than kept */
	size_t nobj, nneed;
	const char *obj[LOADER_OBJS][2]; /* each one's basename and soname */
	const char *need[LOADER_NEEDED];
};

/*
 * The r_debug of the dynamic linker that runs us, which it writes into
 * our PT_DYNAMIC for debuggers (the first object dl_iterate_phdr shows
 * is the program): DT_DEBUG's value, or on MIPS, whose PT_DYNAMIC is
 * read-only, the word DT_MIPS_RLD_MAP_REL (relative to its own entry)
 * or DT_MIPS_RLD_MAP points at.  0 where there is none.
 */
static uint64_t
self_rdebug(const struct dl_phdr_info *info)
{
	const ElfW(Dyn) *d = NULL;
	int i;

	for (i = 0; i < info->dlpi_phnum; i++)
		if (info->dlpi_phdr[i].p_type == PT_DYNAMIC)
			d = (const ElfW(Dyn) *)(info->dlpi_addr +
			    info->dlpi_phdr[i].p_vaddr);
	for (; d != NULL && d->d_tag != DT_NULL; d++) {
		if (d->d_tag == DT_DEBUG && d->d_un.d_ptr != 0)
			return d->d_un.d_ptr;
#if defined(__mips__)
		if (d->d_tag == DT_MIPS_RLD_MAP_REL)
			return *(
			    const uintptr_t *)((uintptr_t)d + d->d_un.d_val);
		if (d->d_tag == DT_MIPS_RLD_MAP && d->d_un.d_ptr != 0)
			return *(const uintptr_t *)d->d_un.d_ptr;
#endif
	}
	return 0;
}

/* The last component of a path. */
static const char *
base_name(const char *path)
{
	const char *b = strrchr(path, '/');

	return b != NULL ? b + 1 : path;
}

/*
 * Keeps the object's names (its file's basename, its DT_SONAME) and the
 * DT_NEEDED names of its PT_DYNAMIC, in its string table: DT_STRTAB is
 * relocated in place by glibc's loader, but for a read-only .dynamic
 * (MIPS, RISC-V), so it is taken as the address that lies in the
 * object's PT_LOADs.
 */
static void
loader_names(struct loader *l, const struct dl_phdr_info *info)
{
	const ElfW(Dyn) *d = NULL, *t;
	uint64_t lo = UINT64_MAX, hi = 0, a, str = 0;
	const ElfW(Phdr) * p;
	int i;

	for (i = 0; i < info->dlpi_phnum; i++) {
		p = &info->dlpi_phdr[i];
		a = info->dlpi_addr + p->p_vaddr;
		if (p->p_type == PT_DYNAMIC)
			d = (const ElfW(Dyn) *)(uintptr_t)a;
		if (p->p_type == PT_LOAD && a < lo)
			lo = a;
		if (p->p_type == PT_LOAD && a + p->p_memsz > hi)
			hi = a + p->p_memsz;
	}
	for (t = d; t != NULL && t->d_tag != DT_NULL; t++)
		if (t->d_tag == DT_STRTAB) {
			a = t->d_un.d_ptr;
			str = a >= lo && a < hi ? a : a + info->dlpi_addr;
		}
	if (l->nobj == LOADER_OBJS || d == NULL || str < lo || str >= hi) {
		l->over = 1;
		return;
	}
	l->obj[l->nobj][0] = base_name(info->dlpi_name);
	l->obj[l->nobj][1] = "";
	for (t = d; t->d_tag != DT_NULL; t++)
		if (t->d_tag == DT_SONAME)
			l->obj[l->nobj][1] =
			    (const char *)(uintptr_t)(str + t->d_un.d_val);
		else if (t->d_tag == DT_NEEDED && l->nneed == LOADER_NEEDED)
			l->over = 1;
		else if (t->d_tag == DT_NEEDED)
			l->need[l->nneed++] = base_name(
			    (const char *)(uintptr_t)(str + t->d_un.d_val));
	l->nobj++;
}

static int
loader_object(struct dl_phdr_info *info, size_t size, void *arg)
{
	struct loader *l = arg;
	const ElfW(Phdr) * p;
	uint64_t lo;
	int i;

	(void)size;
	if (l->seen++ == 0) {
		loader_names(l, info);
		return (l->rdebug = self_rdebug(info)) == 0;
	}
	if (info->dlpi_addr != l->vdso)
		loader_names(l, info);
	for (i = 0; i < info->dlpi_phnum; i++) {
		p = &info->dlpi_phdr[i];
		lo = info->dlpi_addr + p->p_vaddr;
		if (p->p_type == PT_LOAD && l->rdebug >= lo &&
		    l->rdebug - lo < p->p_memsz) {
			l->base = info->dlpi_addr;
			l->found = 1;
		}
	}
	return 0;
}

/*
 * The objects of the link map after the program that no object needs
 * (DT_NEEDED, by soname or file name): LD_PRELOAD's, LD_AUDIT's, ld.so's
 * --preload; -1 where the walk could not tell.
 */
static int
loader_extra(const struct loader *l)
{
	size_t i, k;
	int n = 0;

	if (l->over)
		return -1;
	for (i = 1; i < l->nobj; i++) {
		for (k = 0; k < l->nneed; k++)
			if (strcmp(l->need[k], l->obj[i][0]) == 0 ||
			    strcmp(l->need[k], l->obj[i][1]) == 0)
				break;
		n += k == l->nneed;
	}
	return n;
}

/*
 * Self's dynamic linker, the one that runs (a chain loader named by
 * PT_INTERP hands over to another): the object of our link map
 * (dl_iterate_phdr) that holds the r_debug it keeps for debuggers.  Its
 * load bias is the AT_BASE load_elf_interp gives it (the mapping of its
 * first PT_LOAD less that PT_LOAD's page, 0 for an ET_EXEC one).  0
 * with *base, or -1 where there is none: a program without PT_INTERP,
 * a loader that keeps no r_debug.  A static program's libc finds the
 * program's headers by AT_PHDR, which may point anywhere (a vector
 * under test): they are read only where a dynamic linker ran the
 * program, which could not have with a wrong AT_PHDR.
 */
int
check_self_loader(const struct check_env *e, uint64_t *base, int *extra)
{
	struct loader l;
	uint64_t vdso;

	*base = 0;
	*extra = e->v->kind == SRC_SELF && e->interp[0] == '\0' ? 0 : -1;
	if (e->v->kind != SRC_SELF || e->interp[0] == '\0')
		return -1;
	memset(&l, 0, offsetof(struct loader, obj));
	l.vdso =
	    vec_find(e->v, AT_NUM_SYSINFO_EHDR, &vdso) != 0 ? vdso : UINT64_MAX;
	dl_iterate_phdr(loader_object, &l);
	*base = l.base;
	*extra = loader_extra(&l);
	return l.found ? 0 : -1;
}

/* The interpreter's file as rule_base reads it. */
struct interp_file {
	struct stat st;
	struct elf_id id;
	struct elf_phdr load; /* its first PT_LOAD */
	int elf;              /* id and load were read */
};

/*
 * Opens path and reads its ELF header and first PT_LOAD: 0 (f->elf 0
 * where it is no ELF file with one), or -1 and errno.
 */
static int
interp_open(const char *path, struct interp_file *f)
{
	int fd, e;

	memset(f, 0, sizeof(*f));
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) == -1)
		return -1;
	if (fstat(fd, &f->st) == -1) {
		e = errno;
		close(fd);
		errno = e;
		return -1;
	}
	f->elf = check_first_load(fd, &f->id, &f->load) == 0 &&
	    (f->id.type == ET_DYN || f->id.type == ET_EXEC);
	close(fd);
	return 0;
}

static int
same_file(const struct check_map *m, const struct stat *st)
{
	return m->ino == st->st_ino && m->major == major(st->st_dev) &&
	    m->minor == minor(st->st_dev);
}

/*
 * The AT_BASE the kernel gives for the interpreter f where m maps its
 * first PT_LOAD (fs/binfmt_elf.c load_elf_interp, alike from Linux 2.6
 * to 7.3): the mapping's address less PAGESTART of that PT_LOAD's
 * p_vaddr for an ET_DYN interpreter, 0 for an ET_EXEC one, which is
 * mapped where it is linked.  0, or -1 where m maps another part of f.
 */
static int
interp_base(const struct check_env *e, const struct interp_file *f,
    const struct check_map *m, uint64_t *base)
{
	uint64_t pg = check_pagesz(e);

	if (!f->elf || !same_file(m, &f->st) ||
	    m->off != (f->load.offset & ~(pg - 1)))
		return -1;
	*base = f->id.type == ET_EXEC ? 0 : m->lo - (f->load.vaddr & ~(pg - 1));
	return 0;
}

/*
 * The mapping of f's first PT_LOAD of which AT_BASE is base: any of
 * them, as a file may be mapped again (qemu-user maps the guest's
 * interpreter, the host's path, beside its own); NULL where none is.
 * *mapped tells whether f is mapped at all.
 */
static const struct check_map *
interp_at(const struct check_env *e, const struct interp_file *f, uint64_t base,
    int *mapped)
{
	uint64_t b;
	size_t i;

	*mapped = 0;
	for (i = 0; i < e->nmaps; i++) {
		if (!same_file(&e->maps[i], &f->st))
			continue;
		*mapped = 1;
		if (interp_base(e, f, &e->maps[i], &b) == 0 && b == base)
			return &e->maps[i];
	}
	return NULL;
}

/* What map_path() looks for, and the path it found. */
struct path_at {
	uint64_t lo;
	char path[PATH_MAX];
};

static int
path_line(const struct proc_map *pm, void *arg)
{
	struct path_at *a = arg;

	if (pm->lo != a->lo)
		return 0;
	if (pm->path[0] == '/' && strlen(pm->path) < sizeof(a->path))
		memcpy(a->path, pm->path, strlen(pm->path) + 1);
	return 1;
}

/*
 * The file maps names for the mapping m (of a file, starting there) in
 * a->path: 1, or 0 where it names none.
 */
static int
map_path(
    const struct check_env *e, const struct check_map *m, struct path_at *a)
{
	a->lo = m->lo;
	a->path[0] = '\0';
	return !m->anon && m->ino != 0 &&
	    proc_maps(&e->proc, AUXV_CHECK_MAPS_BYTES, path_line, a) >= 0 &&
	    a->path[0] != '\0';
}

/*
 * The interpreter found through the mapping m at AT_BASE, where
 * PT_INTERP's path does not lead to it now: maps names m's file in our
 * root (the kernel writes the path as the reader sees it, fs/seq_file.c
 * seq_path), the same file where its device and inode are m's, and the
 * kernel's AT_BASE for it there is base.  1 if so, with f read.
 */
static int
interp_by_map(const struct check_env *e, const struct check_map *m,
    uint64_t base, struct interp_file *f, struct path_at *a)
{
	uint64_t b;

	return !m->deleted && map_path(e, m, a) &&
	    interp_open(a->path, f) == 0 && interp_base(e, f, m, &b) == 0 &&
	    b == base;
}

/*
 * AT_BASE where PT_INTERP's file is not mapped at it (f NULL: its path
 * resolves to no file now): rests on the file at its path now, the
 * process's root or directory, and its map (it may have unmapped its
 * interpreter).
 */
static enum check_res
base_elsewhere(const struct check_env *e, struct check_result *r,
    const struct interp_file *f, int mapped)
{
	const struct check_map *hit;
	uint64_t want;

	if (f == NULL || !mapped) {
		ev(r, "; interpreter %s not mapped", e->interp);
		return check_fail(e, r, F_EXE | F_MAPS | F_PATH);
	}
	hit = check_map_file(e, f->st.st_dev, f->st.st_ino);
	ev(r, "; %s mapped at 0x%" PRIx64, e->interp, hit->lo);
	if (interp_base(e, f, hit, &want) == 0)
		ev(r, " (AT_BASE 0x%" PRIx64 " there)", want);
	ev(r, ", not at AT_BASE");
	return check_fail(e, r, F_EXE | F_PATH);
}

/*
 * Not at PT_INTERP's path now (a chroot since, another file there, a
 * relative path): the file mapped at AT_BASE, as maps names it, is the
 * interpreter.  1 if so, said.
 */
static int
base_by_map(const struct check_env *e, struct check_result *r,
    const struct check_map *m, uint64_t base, int resolves)
{
	struct interp_file g;
	struct path_at *a;
	int by_map;

	if ((a = malloc(sizeof(*a))) == NULL)
		return 0;
	by_map = interp_by_map(e, m, base, &g, a);
	if (by_map)
		ev(r, "; %s mapped there, the interpreter (%s)", a->path,
		    !resolves ? "PT_INTERP's path does not resolve now"
		              : "PT_INTERP's path now leads to another file");
	free(a);
	return by_map;
}

/*
 * AT_BASE held to the map, f the file at PT_INTERP's path (NULL where
 * it resolves to none now).
 */
static enum check_res
base_in_map(const struct check_env *e, struct check_result *r,
    const struct interp_file *f, uint64_t base)
{
	const struct check_map *m = check_map_at(e, base), *hit;
	int mapped = 0;

	/*
	 * Its file replaced since exec (an upgrade of libc): the mapping at
	 * AT_BASE is of a deleted file.
	 */
	if (m != NULL && m->deleted && m->lo == base) {
		ev(r, "; a deleted file mapped there: interpreter %s replaced",
		    e->interp);
		return check_fail(e, r, F_SEEN);
	}
	if (f != NULL && (hit = interp_at(e, f, base, &mapped)) != NULL) {
		ev(r, "; %s mapped at 0x%" PRIx64, e->interp, hit->lo);
		if (f->id.type == ET_EXEC)
			ev(r, " (ET_EXEC: AT_BASE 0)");
		else if ((f->load.vaddr & ~(check_pagesz(e) - 1)) != 0)
			ev(r, " (linked at 0x%" PRIx64 ")", f->load.vaddr);
		return CHECK_OK;
	}
	if (f != NULL && !f->elf) {
		ev(r, "; interpreter %s is no ELF program with a PT_LOAD",
		    e->interp);
		return CHECK_NODATA;
	}
	if (m != NULL && base_by_map(e, r, m, base, f != NULL))
		return CHECK_OK;
	return base_elsewhere(e, r, f, mapped);
}

/*
 * Self's AT_BASE in the vector in memory, ld the load bias of the
 * dynamic linker that runs (check_self_loader): the same, but where
 * ld.so was run as a program (the kernel ran the file at ld: AT_BASE
 * 0, the kernel's for a program without PT_INTERP, which glibc leaves
 * as it rewrites AT_PHDR, AT_ENTRY and AT_EXECFN for the program it
 * loads).  A chain loader named by PT_INTERP loads the real one and
 * must move AT_BASE to it before it jumps there (FINDINGS.md: nix-ld):
 * one that leaves AT_BASE at itself fails here.
 */
static enum check_res
base_self(const struct check_env *e, struct check_result *r, uint64_t base,
    uint64_t ld)
{
	const struct check_map *m = check_map_at(e, ld), *at;
	enum check_res res = CHECK_FAIL;
	struct path_at *a;
	struct stat exe;

	if ((a = malloc(sizeof(*a))) == NULL)
		return check_nodata(r, "out of memory");
	ev(r,
	    "AT_BASE 0x%" PRIx64
	    "; the dynamic linker that runs, %s, at 0x%" PRIx64
	    " (its link map)",
	    base,
	    m != NULL && m->lo == ld && map_path(e, m, a) ? a->path : "unnamed",
	    ld);
	if (base == ld)
		res = CHECK_OK;
	else if (base == 0 && m != NULL && proc_exe_stat(&e->proc, &exe) == 0 &&
	    same_file(m, &exe)) {
		ev(r,
		    "; ld.so run as a program: AT_BASE stays 0, the "
		    "kernel's");
		res = CHECK_OK;
	} else if ((at = check_map_at(e, base)) != NULL && at->lo == base &&
	    map_path(e, at, a))
		ev(r, "; %s mapped at AT_BASE", a->path);
	free(a);
	return res;
}

/*
 * AT_BASE: where the kernel loaded the file PT_INTERP names (its first
 * PT_LOAD's mapping, as load_elf_interp computes it), 0 without one.
 *
 * What it reads, and whether the process can change it after exec:
 * PT_INTERP (the executable's file: replaced, the exe link and the
 * mapping say "(deleted)"); the file at PT_INTERP's path now, in the
 * process's root or, relative, its working directory (chroot(2),
 * chdir(2), a package upgrade: a PID's is never evidence against the
 * vector, only for it); the memory map (munmap, mmap: the interpreter
 * may be mapped again elsewhere).  Self and -e have changed neither
 * root nor directory since their exec.  A PID's AT_BASE is confirmed
 * by its map, never failed by it: it may have unmapped its interpreter.
 * Self's vector in memory is held instead to the dynamic linker that
 * runs, by its link map (base_self): a chain loader may have moved
 * AT_BASE there, and a PID's and -e's vectors, the kernel's, keep the
 * file PT_INTERP names.
 */
enum check_res
rule_base(const struct check_env *e, struct check_result *r)
{
	char path[PROC_PATH_MAX];
	struct interp_file f;
	uint64_t base = 0;
	int err;

	if (!vec_find(e->v, AT_NUM_BASE, &base))
		return check_absent(r, AT_NUM_BASE);
	if (e->interp[0] == '\0') {
		ev(r,
		    "AT_BASE 0x%" PRIx64 "; the executable has no PT_INTERP: 0",
		    base);
		return base == 0 ? CHECK_OK : check_fail(e, r, F_EXE);
	}
	if (e->have_ld)
		return base_self(e, r, base, e->ld);
	check_path(e, e->interp, path, sizeof(path));
	ev(r, "AT_BASE 0x%" PRIx64, base);
	err = interp_open(path, &f) == -1 ? errno : 0;
	if (err != 0 && err != ENOENT && err != ENOTDIR) {
		ev(r, "; interpreter %s not readable (%s)", e->interp,
		    strerror(err));
		return CHECK_NODATA;
	}
	return base_in_map(e, r, err == 0 ? &f : NULL, base);
}
