/*
 * --check's rule on AT_BASE: the interpreter PT_INTERP names, where the
 * kernel loaded it, found by its file and by the memory map.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
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

/* What maps_path() looks for, and the path it found. */
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

	a->lo = m->lo;
	a->path[0] = '\0';
	return !m->anon && !m->deleted && m->ino != 0 &&
	    proc_maps(&e->proc, AUXV_CHECK_MAPS_BYTES, path_line, a) >= 0 &&
	    a->path[0] != '\0' && interp_open(a->path, f) == 0 &&
	    interp_base(e, f, m, &b) == 0 && b == base;
}

/*
 * AT_BASE where PT_INTERP's file is not mapped at it (f NULL: its path
 * resolves to no file now).  A PID's map and paths now are evidence only
 * for its vector: it may have unmapped its interpreter, or changed its
 * root or directory, since exec.
 */
static enum check_res
base_elsewhere(const struct check_env *e, struct check_result *r,
    const struct interp_file *f, uint64_t base, int mapped)
{
	const int pid = e->v->kind == SRC_PID, rel = e->interp[0] != '/';
	const struct check_map *hit;
	struct stat exe;
	uint64_t want;

	if (f == NULL || !mapped) {
		ev(r, "; interpreter %s not mapped", e->interp);
		if (!pid)
			return CHECK_FAIL;
		ev(r,
		    " (the file at its path now, and the process's map "
		    "now: its %s may have changed, or the interpreter "
		    "been unmapped, since exec)",
		    rel ? "directory" : "root");
		return CHECK_NODATA;
	}
	hit = check_map_file(e, f->st.st_dev, f->st.st_ino);
	ev(r, "; %s mapped at 0x%" PRIx64, e->interp, hit->lo);
	if (pid) {
		if (interp_base(e, f, hit, &want) == 0)
			ev(r, " (AT_BASE 0x%" PRIx64 " there)", want);
		ev(r,
		    ", not at AT_BASE: the file at its path now may not "
		    "be the one exec loaded");
		return CHECK_NODATA;
	}
	/*
	 * The kernel ran the interpreter itself (ld.so run as a program):
	 * glibc's ld.so rewrites AT_PHDR, AT_ENTRY and AT_EXECFN for the
	 * program it loads but leaves AT_BASE 0.  True, and said why.
	 */
	if (base == 0 && e->v->kind == SRC_SELF &&
	    proc_exe_stat(&e->proc, &exe) == 0 && exe.st_dev == f->st.st_dev &&
	    exe.st_ino == f->st.st_ino)
		ev(r, " (run by ld.so as a program: AT_BASE stays 0)");
	return CHECK_FAIL;
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
		ev(r,
		    "; a deleted file mapped there: interpreter %s replaced "
		    "since exec",
		    e->interp);
		return CHECK_NODATA;
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
	/*
	 * Self and -e have the root and directory of their exec: no file
	 * there is no file the kernel could have opened.
	 */
	if (f == NULL && e->v->kind == SRC_PID) {
		ev(r,
		    "; interpreter %s: no such file now in the process's "
		    "%s, which may have changed since exec",
		    e->interp, e->interp[0] != '/' ? "directory" : "root");
		return CHECK_NODATA;
	}
	return base_elsewhere(e, r, f, base, mapped);
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
		return base == 0 ? CHECK_OK : CHECK_FAIL;
	}
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
