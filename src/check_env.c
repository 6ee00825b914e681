/*
 * The facts --check's rules read besides the vector, gathered once per
 * vector (the process's memory map and executable, the kernel's version
 * and page size), and what every rule asks of them.  Nothing here prints.
 */
#include <errno.h>
#include <fcntl.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "arch.h"
#include "at.h"
#include "check_rule.h"
#include "elfdefs.h"
#include "proc.h"
#include "source.h"

/* Where the page size is unknown, the load bias is found with this one. */
#define CHECK_PAGE_GUESS 4096

const struct check_map *
check_map_at(const struct check_env *e, uint64_t addr)
{
	size_t i;

	for (i = 0; i < e->nmaps; i++)
		if (addr >= e->maps[i].lo && addr < e->maps[i].hi)
			return &e->maps[i];
	return NULL;
}

/* A special mapping ([stack], [vdso]) of the map read, or NULL. */
const struct check_map *
check_special(const struct check_env *e, const struct check_map *m)
{
	return e->maps_ok && m->hi != 0 ? m : NULL;
}

/*
 * The lowest mapping of the file dev, ino: the first, as maps lists
 * mappings by address (and letting anonymous ones go keeps their order).
 */
const struct check_map *
check_map_file(const struct check_env *e, uint64_t dev, uint64_t ino)
{
	size_t i;

	for (i = 0; i < e->nmaps; i++)
		if (e->maps[i].ino == ino && e->maps[i].major == major(dev) &&
		    e->maps[i].minor == minor(dev))
			return &e->maps[i];
	return NULL;
}

/* What read_maps() hands each mapping: the context, our code's address. */
struct maps_arg {
	struct check_env *e;
	uint64_t code;
};

/*
 * One mapping of /proc/PID/maps.  The path of the mapping that holds
 * code (our own code, for self) is kept.  Once AUXV_CHECK_MAPS are held,
 * the anonymous ones are let go to make room for files (a process with
 * thousands of anonymous mappings still has its executable and
 * interpreter found); [stack] and [vdso] are kept apart besides.
 */
static int
map_line(const struct proc_map *pm, void *arg)
{
	struct check_env *e = ((struct maps_arg *)arg)->e;
	uint64_t code = ((struct maps_arg *)arg)->code;
	struct check_map m;
	size_t i, k, len;

	memset(&m, 0, sizeof(m));
	m.lo = pm->lo;
	m.hi = pm->hi;
	m.off = pm->offset;
	m.ino = pm->inode;
	m.major = pm->major;
	m.minor = pm->minor;
	m.readable = pm->perms[0] == 'r';
	if (strcmp(pm->path, "[stack]") == 0)
		e->stack = m;
	else if (strcmp(pm->path, "[vdso]") == 0)
		e->vdso = m;
	else
		m.anon = pm->path[0] != '/' && m.ino == 0;
	len = strlen(pm->path);
	m.deleted = len > 10 && strcmp(pm->path + len - 10, " (deleted)") == 0;
	if (code != 0 && code >= m.lo && code < m.hi && pm->path[0] == '/')
		snprintf(e->exe_path, sizeof(e->exe_path), "%s", pm->path);
	if (e->nmaps == NITEMS(e->maps) && !m.anon) {
		for (i = k = 0; i < e->nmaps; i++)
			if (!e->maps[i].anon)
				e->maps[k++] = e->maps[i];
		e->nmaps = k;
	}
	if (e->nmaps < NITEMS(e->maps))
		e->maps[e->nmaps++] = m;
	return 0;
}

/* Reads dir/maps, at most AUXV_CHECK_MAPS_BYTES of it (the /proc layer). */
static void
read_maps(struct check_env *e, uint64_t code)
{
	struct maps_arg a = { e, code };

	e->maps_ok =
	    proc_maps(&e->proc, AUXV_CHECK_MAPS_BYTES, map_line, &a) == 0 &&
	    e->nmaps > 0;
}

/*
 * Whether this kernel has rseq (CONFIG_RSEQ), which gives AT_RSEQ_*: the
 * system call refuses these arguments (EINVAL) where it exists.
 */
static int
kernel_rseq(void)
{
#ifdef SYS_rseq
	return syscall(SYS_rseq, NULL, 0, 0, 0) == -1 && errno != ENOSYS;
#else
	return 0;
#endif
}

static unsigned int
kernel_version(void)
{
	struct utsname u;
	unsigned long maj, min;
	char *p;

	if (uname(&u) == -1 || u.release[0] < '0' || u.release[0] > '9' ||
	    (maj = strtoul(u.release, &p, 10)) > 100000 || *p != '.' ||
	    p[1] < '0' || p[1] > '9')
		return 0;
	min = strtoul(p + 1, NULL, 10);
	return (unsigned int)(maj * 1000 + (min < 1000 ? min : 999));
}

/*
 * An ELF file's header and its program headers (at most cap), through
 * the ELF layer: 0, or -1 where it is no readable ELF file.
 */
static int
read_elf(const struct elf_reader *r, struct elf_id *id, struct elf_phdr *ph,
    size_t cap)
{
	unsigned char h[sizeof(Elf64_Ehdr)];
	unsigned char buf[AUXV_MAX_PHDRS_MEM * sizeof(Elf64_Phdr)];
	size_t i, sz;

	if (elf_read(r, 0, h, sizeof(h)) < (ssize_t)ELF_ID_LEN ||
	    elf_header(h, sizeof(h), id) == -1 || !id->whole)
		return -1;
	sz = elf_size(id->wordsize, ELF_PHDR);
	if (id->phentsize != sz || id->phnum > cap ||
	    id->phnum > AUXV_MAX_PHDRS_MEM ||
	    elf_read(r, id->phoff, buf, id->phnum * sz) !=
	        (ssize_t)(id->phnum * sz))
		return -1;
	for (i = 0; i < id->phnum; i++)
		elf_phdr(id, buf + i * sz, &ph[i]);
	return 0;
}

/*
 * The ELF header and first PT_LOAD (gABI: they ascend by p_vaddr) of
 * the file open at fd, as read_exe() reads the executable's: the
 * interpreter's, for the base rule.  0, or -1 where it has none.
 */
int
check_first_load(int fd, struct elf_id *id, struct elf_phdr *load)
{
	struct elf_phdr ph[AUXV_MAX_PHDRS_MEM];
	struct elf_reader r;
	size_t i;

	elf_reader_fd(&r, fd);
	if (read_elf(&r, id, ph, NITEMS(ph)) == -1)
		return -1;
	for (i = 0; i < id->phnum; i++)
		if (ph[i].type == PT_LOAD) {
			*load = ph[i];
			return 0;
		}
	return -1;
}

/*
 * Whether m, a mapping of the executable's file, is where a PT_LOAD's
 * pages are with load bias b: its start within one's pages, at the
 * file offset that PT_LOAD puts there.
 */
static int
bias_maps(const struct check_env *e, const struct check_map *m, uint64_t b)
{
	uint64_t v = m->lo - b, pg = check_pagesz(e);
	size_t i;

	for (i = 0; i < e->nph; i++)
		if (e->ph[i].type == PT_LOAD &&
		    v >= (e->ph[i].vaddr & ~(pg - 1)) &&
		    v < e->ph[i].vaddr + e->ph[i].filesz &&
		    v + e->ph[i].offset == m->off + e->ph[i].vaddr)
			return 1;
	return 0;
}

/*
 * The load bias that the mappings of the executable's file (dev, ino)
 * all agree on: 0, or -1 where none or more than one explains every
 * mapping (the file mapped again, as a symbolizer maps its own
 * program: which of them is exec's the file offset does not tell).
 */
static int
bias_of_maps(struct check_env *e, uint64_t dev, uint64_t ino, uint64_t *bias)
{
	const struct check_map *m;
	uint64_t b, pg = check_pagesz(e);
	size_t i, j, k, n = 0;

	for (i = 0; i < e->nmaps; i++) {
		m = &e->maps[i];
		if (m->ino != ino || m->major != major(dev) ||
		    m->minor != minor(dev))
			continue;
		for (j = 0; j < e->nph; j++) {
			if (e->ph[j].type != PT_LOAD ||
			    m->off < (e->ph[j].offset & ~(pg - 1)) ||
			    m->off >= e->ph[j].offset + e->ph[j].filesz)
				continue;
			b = m->lo + e->ph[j].offset - m->off - e->ph[j].vaddr;
			if (n == 1 && b == *bias)
				continue;
			for (k = 0; k < e->nmaps; k++)
				if (e->maps[k].ino == ino &&
				    e->maps[k].major == major(dev) &&
				    e->maps[k].minor == minor(dev) &&
				    !bias_maps(e, &e->maps[k], b))
					break;
			if (k < e->nmaps)
				continue;
			if (n++ == 1)
				return -1;
			*bias = b;
		}
	}
	return n == 1 ? 0 : -1;
}

/*
 * The load bias where the mapping m of the executable's file (dev, ino)
 * holds addr: the PT_LOAD whose file bytes hold addr's offset (of flag
 * where not 0), placed there.  0, or -1 where none does.
 */
static int
bias_at(const struct check_env *e, const struct check_map *m, uint64_t dev,
    uint64_t ino, uint64_t addr, uint32_t flag, uint64_t *bias)
{
	uint64_t off;
	size_t i;

	if (m == NULL || m->ino != ino || m->major != major(dev) ||
	    m->minor != minor(dev))
		return -1;
	off = m->off + (addr - m->lo);
	for (i = 0; i < e->nph; i++)
		if (e->ph[i].type == PT_LOAD &&
		    (flag == 0 || (e->ph[i].flags & flag) != 0) &&
		    off >= e->ph[i].offset &&
		    off - e->ph[i].offset < e->ph[i].filesz) {
			*bias = addr - (off - e->ph[i].offset + e->ph[i].vaddr);
			return 0;
		}
	return -1;
}

/*
 * The executable's load bias, from a fact exec fixed, never from
 * AT_PHDR or AT_ENTRY (which the rules hold to it):
 *   stat's startcode: the lowest PF_X PT_LOAD's p_vaddr plus the bias
 *   (fs/binfmt_elf.c load_elf_binary, 2.6 to 7.3), where a mapping of
 *   the file holds that PT_LOAD's bytes there (0 for qemu-user's own
 *   stat line, 1 where ptrace access is denied; a loader that ran the
 *   program, or PR_SET_MM_START_CODE, makes it another file's);
 *   for self, where our own code (code) runs;
 *   else the one bias that every mapping of the file agrees on.
 * Where several mappings could give it and none of these facts is
 * known: none.
 */
static void
exe_bias(struct check_env *e, const struct stat *st, uint64_t code)
{
	uint64_t sc = 0, x = UINT64_MAX, b;
	size_t i;

	for (i = 0; i < e->nph; i++)
		if (e->ph[i].type == PT_LOAD && (e->ph[i].flags & PF_X) &&
		    e->ph[i].vaddr < x)
			x = e->ph[i].vaddr;
	if (x == UINT64_MAX ||
	    proc_stat(&e->proc, PROC_STAT_STARTCODE, &sc) == -1)
		sc = 0;
	if (sc > 1 &&
	    bias_at(e, check_map_at(e, sc), st->st_dev, st->st_ino, sc, PF_X,
	        &b) == 0 &&
	    b == sc - x) {
		e->bias_from = "stat's startcode";
		goto found;
	}
	/*
	 * Exec's startcode is in a mapping of the file it ran: elsewhere,
	 * the process runs another program than its exe link names.
	 */
	if (sc > 1 && code == 0 &&
	    check_map_file(e, st->st_dev, st->st_ino) != NULL)
		e->seen |= F_EXE;
	if (code != 0 &&
	    bias_at(e, check_map_at(e, code), st->st_dev, st->st_ino, code, 0,
	        &b) == 0) {
		e->bias_from = "where our code runs";
	} else if (bias_of_maps(e, st->st_dev, st->st_ino, &b) == 0) {
		e->bias_from = "the executable's mappings";
	} else {
		/* Where the file is not mapped, check_lacks() says so. */
		for (i = 0; i < e->nph && e->ph[i].type != PT_LOAD; i++)
			continue;
		if (i == e->nph)
			e->bias_from = "the executable has no PT_LOAD";
		else if (check_map_file(e, st->st_dev, st->st_ino) != NULL)
			e->bias_from =
			    "the executable's file is mapped at more than one "
			    "load bias (mapped again since exec?), and stat's "
			    "startcode does not say which";
		return;
	}
found:
	e->bias = b;
	e->have_bias = 1;
}

/*
 * The executable's ELF header, program headers and interpreter, through
 * the ELF layer; and its load bias (exe_bias).
 */
static void
read_exe(struct check_env *e, uint64_t code)
{
	struct elf_reader r;
	struct stat st;
	size_t i;
	int fd;

	fd = e->exe_path[0] != '\0' ? open(e->exe_path, O_RDONLY | O_CLOEXEC)
	                            : proc_open(&e->proc, "exe");
	if (fd == -1) {
		e->exe_why = errno == EACCES || errno == EPERM
		    ? "executable not readable (permission denied)"
		    : "executable not found";
		return;
	}
	elf_reader_fd(&r, fd);
	e->exe_why = "executable is not a readable ELF file";
	if (fstat(fd, &st) == -1 ||
	    read_elf(&r, &e->exe, e->ph, NITEMS(e->ph)) == -1)
		goto out;
	for (i = 0; i < e->exe.phnum; i++) {
		/*
		 * A PT_INTERP that could not be read, or longer than a path
		 * (the kernel refuses one of more than PATH_MAX bytes), is
		 * no file's, nor a sign of none.
		 */
		if (e->ph[i].type == PT_INTERP && e->interp[0] == '\0' &&
		    (e->ph[i].filesz > sizeof(e->interp) ||
		        elf_read(&r, e->ph[i].offset, e->interp,
		            (size_t)e->ph[i].filesz) !=
		            (ssize_t)e->ph[i].filesz)) {
			e->interp[0] = '\0';
			goto out;
		}
	}
	e->interp[sizeof(e->interp) - 1] = '\0';
	e->nph = e->exe.phnum;
	e->exe_why = NULL;
	exe_bias(e, &st, code);
out:
	close(fd);
}

/* The kernel's page size, or where it is unknown CHECK_PAGE_GUESS. */
uint64_t
check_pagesz(const struct check_env *e)
{
	return e->kernel.pagesz != 0 ? e->kernel.pagesz : CHECK_PAGE_GUESS;
}

/*
 * A path as the process named it (PT_INTERP, AT_EXECFN), where it is
 * now: in its root or, relative, its working directory (the kernel opens
 * the path as it is, fs/exec.c open_exec); ours as it is.
 */
void
check_path(const struct check_env *e, const char *name, char *buf, size_t size)
{
	if (e->v->kind == SRC_SELF)
		snprintf(buf, size, "%s", name);
	else
		proc_path(&e->proc, buf, size, name[0] == '/' ? "root" : "cwd/",
		    name);
}

/* A rule without the facts it reads: why, and no data. */
enum check_res
check_nodata(struct check_result *r, const char *why)
{
	ev(r, "%s", why);
	return CHECK_NODATA;
}

/* An entry a rule needs missing from the vector, after what r says. */
enum check_res
check_absent(struct check_result *r, uint64_t type)
{
	ev(r, "%sAT_%s absent", r->ev[0] != '\0' ? "; " : "",
	    at_lookup(type, AF_ALL)->name);
	return CHECK_FAIL;
}

/* The decoded entry of type, the first, or NULL. */
const struct decoded *
check_dec(const struct check_env *e, uint64_t type)
{
	size_t i;

	for (i = 0; i < e->ndec; i++)
		if (e->dec[i].type == type)
			return &e->dec[i];
	return NULL;
}

const char *
check_lacks(const struct check_env *e, unsigned int need)
{
	if ((need & N_CPU) && (!e->live || e->v->arch == NULL))
		return "a saved vector: its CPU is not this one";
	if ((need & N_CPU) && e->v->arch->machine != e->v->machine)
		return "decoded as --arch says, not as the process's "
		       "architecture";
	if ((need & N_SELF) && e->v->kind != SRC_SELF)
		return "not auxv's own vector: self only";
	if ((need & N_LIVE) && !e->live)
		return "a saved vector: no process to hold it to";
	if ((need & N_EXE) && e->exe_why != NULL)
		return e->exe_why;
	if ((need & N_MAPS) && !e->maps_ok)
		return "no memory map";
	if ((need & N_BIAS) && !e->have_bias)
		return e->bias_from != NULL
		    ? e->bias_from
		    : "executable not found in the memory map";
	if ((need & N_ARCH) && e->v->machine == 0)
		return "architecture unknown";
	return NULL;
}

/*
 * What the rules read besides the vector, gathered anew for v: the
 * kernel's facts once, and a live vector's process (its map, executable
 * and stat line).  code: an address of our own code, whose mapping's
 * file is our executable, for self.
 */
void
check_gather(struct check_env *e, const struct auxv_vec *v, uint64_t code)
{
	memset(e, 0, offsetof(struct check_env, maps));
	e->exe_path[0] = e->interp[0] = '\0';
	e->v = v;
	e->live =
	    v->kind == SRC_SELF || v->kind == SRC_PID || v->kind == SRC_EXEC;
	if (!e->kernel.known) {
		e->kernel.ver = kernel_version();
		e->kernel.pagesz = proc_pagesz();
		e->kernel.rseq = kernel_rseq();
		e->kernel.known = 1;
	}
	if (!e->live)
		return;
	/* Where its main thread has exited, a live one's. */
	proc_at(&e->proc, v->kind == SRC_SELF ? 0 : v->pid, v->tid);
	read_maps(e, v->kind == SRC_SELF ? code : 0);
	read_exe(e, v->kind == SRC_SELF ? code : 0);
	e->have_ld = check_self_loader(e, &e->ld, &e->preloads) == 0;
	/* Each alone: qemu-user's stat line stops before arg_start. */
	if (proc_stat(&e->proc, PROC_STAT_STARTSTACK, &e->sp) == -1)
		e->sp = 0;
	if (proc_stat(&e->proc, PROC_STAT_ARG_START, &e->arg_start) == -1)
		e->arg_start = 0;
}
