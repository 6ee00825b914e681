/*
 * --check's rules (check.h), each a row of one table, read the vector,
 * what check_vector() gathered of its process and the kernel's facts
 * below.  Nothing here prints.
 */
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
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
#include "check.h"
#include "out.h"
#include "proc.h"
#include "source.h"
#include "vdsocheck.h"

/* Where the page size is unknown, the load bias is found with this one. */
#define CHECK_PAGE_GUESS 4096

/*
 * Appends to a rule's evidence; text past its room is cut (snprintf
 * leaves the room at least one byte, its NUL).
 */
#define ev(r, ...)                                                             \
	(void)snprintf((r)->ev + strlen((r)->ev),                              \
	    sizeof((r)->ev) - strlen((r)->ev), __VA_ARGS__)

static const struct check_map *
map_at(const struct check_env *e, uint64_t addr)
{
	size_t i;

	for (i = 0; i < e->nmaps; i++)
		if (addr >= e->maps[i].lo && addr < e->maps[i].hi)
			return &e->maps[i];
	return NULL;
}

/* A special mapping ([stack], [vdso]) of the map read, or NULL. */
static const struct check_map *
special(const struct check_env *e, const struct check_map *m)
{
	return e->maps_ok && m->hi != 0 ? m : NULL;
}

/*
 * The lowest mapping of the file dev, ino: the first, as maps lists
 * mappings by address (and letting anonymous ones go keeps their order).
 */
static const struct check_map *
map_file(const struct check_env *e, uint64_t dev, uint64_t ino)
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
	size_t i, k;

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
	    proc_maps(e->dir, AUXV_CHECK_MAPS_BYTES, map_line, &a) == 0 &&
	    e->nmaps > 0;
}

/* The first KernelPageSize of our smaps: the kernel's base page. */
static uint64_t
kernel_pagesz(void)
{
	char buf[AUXV_CHECK_SMAPS + 1], *p;

	if (src_read_text("/proc/self/smaps", buf, sizeof(buf)) == -1 ||
	    (p = strstr(buf, "\nKernelPageSize:")) == NULL)
		return 0;
	return strtoull(p + 16, NULL, 10) * 1024;
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
 * The executable's ELF header, program headers and interpreter, through
 * the ELF layer; and its load bias, from where maps has its first page.
 */
static void
read_exe(struct check_env *e)
{
	unsigned char h[sizeof(Elf64_Ehdr)];
	unsigned char buf[AUXV_MAX_PHDRS_MEM * sizeof(Elf64_Phdr)];
	char path[64];
	const struct check_map *m;
	struct elf_reader r;
	struct stat st;
	uint64_t lo = UINT64_MAX, pg;
	size_t i, sz;
	int fd;

	snprintf(path, sizeof(path), "%s/exe", e->dir);
	if ((fd = open(e->exe_path[0] != '\0' ? e->exe_path : path,
	         O_RDONLY | O_CLOEXEC)) == -1) {
		e->exe_why = errno == EACCES || errno == EPERM
		    ? "executable not readable (permission denied)"
		    : "executable not found";
		return;
	}
	elf_reader_fd(&r, fd);
	e->exe_why = "executable is not a readable ELF file";
	if (fstat(fd, &st) == -1 ||
	    elf_read(&r, 0, h, sizeof(h)) < (ssize_t)ELF_ID_LEN ||
	    elf_header(h, sizeof(h), &e->exe) == -1 || !e->exe.whole)
		goto out;
	sz = elf_size(e->exe.wordsize, ELF_PHDR);
	if (e->exe.phentsize != sz || e->exe.phnum > NITEMS(e->ph) ||
	    elf_read(&r, e->exe.phoff, buf, e->exe.phnum * sz) !=
	        (ssize_t)(e->exe.phnum * sz))
		goto out;
	for (i = 0; i < e->exe.phnum; i++) {
		elf_phdr(&e->exe, buf + i * sz, &e->ph[i]);
		if (e->ph[i].type == PT_LOAD && e->ph[i].vaddr < lo)
			lo = e->ph[i].vaddr;
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
	pg = e->kpagesz != 0 ? e->kpagesz : CHECK_PAGE_GUESS;
	if (lo != UINT64_MAX &&
	    (m = map_file(e, st.st_dev, st.st_ino)) != NULL) {
		e->bias = m->lo - (lo & ~(pg - 1));
		e->have_bias = 1;
	}
out:
	close(fd);
}

/* Rules.  Each fills r and returns its result. */

static enum check_res
no_data(struct check_result *r, const char *why)
{
	ev(r, "%s", why);
	return CHECK_NODATA;
}

/* An entry a rule needs missing from the vector, after what r says. */
static enum check_res
absent(struct check_result *r, uint64_t type)
{
	ev(r, "%sAT_%s absent", r->ev[0] != '\0' ? "; " : "",
	    at_lookup(type, AF_ALL)->name);
	return CHECK_FAIL;
}

/*
 * What a rule needs besides the vector, declared in its row: the one
 * text for each need a source lacks.
 */
enum {
	N_LIVE = 1, /* a running process: self, PID, -e */
	N_EXE = 2,  /* its executable's headers */
	N_MAPS = 4, /* its memory map */
	N_BIAS = 8, /* the executable found in the map: its load bias */
	N_CPU =
	    16, /* this machine's CPU: a live vector, its architecture known */
	N_ARCH = 32 /* the vector's architecture */
};

static const char *
lacks(const struct check_env *e, unsigned int need)
{
	if ((need & N_CPU) && (!e->live || e->v->arch == NULL))
		return "a saved vector: its CPU is not this one";
	if ((need & N_LIVE) && !e->live)
		return "a saved vector: no process to hold it to";
	if ((need & N_EXE) && e->exe_why != NULL)
		return e->exe_why;
	if ((need & N_MAPS) && !e->maps_ok)
		return "no memory map";
	if ((need & N_BIAS) && !e->have_bias)
		return "executable not found in the memory map";
	if ((need & N_ARCH) && e->v->machine == 0)
		return "architecture unknown";
	return NULL;
}

/*
 * AT_PHDR, AT_PHENT, AT_PHNUM: the executable's e_phentsize, e_phnum and
 * headers, at the address the kernel computes (binfmt_elf.c: e_phoff in
 * the PT_LOAD that holds it, plus the load bias).
 */
static enum check_res
rule_phdr(const struct check_env *e, struct check_result *r)
{
	const struct auxv_vec *v = e->v;
	const struct check_map *m;
	uint64_t phdr = 0, phent = 0, phnum = 0, want;
	size_t i;

	if (!vec_find(v, AT_NUM_PHDR, &phdr) ||
	    !vec_find(v, AT_NUM_PHENT, &phent) ||
	    !vec_find(v, AT_NUM_PHNUM, &phnum)) {
		ev(r, "AT_PHDR, AT_PHENT or AT_PHNUM absent");
		return CHECK_FAIL;
	}
	if (phent != e->exe.phentsize || phnum != e->exe.phnum) {
		ev(r,
		    "AT_PHENT %" PRIu64 ", AT_PHNUM %" PRIu64
		    "; the executable's e_phentsize %u, e_phnum %u",
		    phent, phnum, e->exe.phentsize, e->exe.phnum);
		return CHECK_FAIL;
	}
	for (i = 0; i < e->nph; i++)
		if (e->ph[i].type == PT_LOAD &&
		    e->ph[i].offset <= e->exe.phoff &&
		    e->exe.phoff - e->ph[i].offset < e->ph[i].filesz)
			break;
	/* Headers no PT_LOAD holds have no address to compare with. */
	want = i == e->nph
	    ? phdr
	    : e->exe.phoff - e->ph[i].offset + e->ph[i].vaddr + e->bias;
	if (e->have_bias && phdr != want) {
		ev(r,
		    "AT_PHDR 0x%" PRIx64 "; the executable's e_phoff 0x%" PRIx64
		    " is loaded at 0x%" PRIx64 " (load bias 0x%" PRIx64 ")",
		    phdr, e->exe.phoff, want, e->bias);
		return CHECK_FAIL;
	}
	/*
	 * Headers in memory the map says is readable that could not be read
	 * (the process went, memory ran out): nothing known of them.
	 */
	if (e->fo->phdrs != FOLLOW_READ &&
	    (!e->maps_ok || ((m = map_at(e, phdr)) != NULL && m->readable)))
		return no_data(r, "the headers' memory could not be read");
	if (e->fo->phdrs != FOLLOW_READ || e->fo->pi.n != e->nph) {
		ev(r,
		    "AT_PHDR 0x%" PRIx64 ": %s; the executable has %zu headers",
		    phdr,
		    e->fo->phdrs != FOLLOW_READ ? "memory not readable"
		                                : "headers cut short",
		    e->nph);
		return CHECK_FAIL;
	}
	for (i = 0; i < e->nph; i++)
		if (memcmp(&e->fo->pi.ph[i], &e->ph[i], sizeof(e->ph[i])) !=
		    0) {
			ev(r,
			    "AT_PHDR 0x%" PRIx64 ": header %zu (type 0x%" PRIx32
			    ") differs from the executable's (type 0x%" PRIx32
			    ")",
			    phdr, i, e->fo->pi.ph[i].type, e->ph[i].type);
			return CHECK_FAIL;
		}
	ev(r,
	    "AT_PHDR 0x%" PRIx64
	    " holds the executable's %zu headers of %u bytes",
	    phdr, e->nph, e->exe.phentsize);
	if (e->have_bias)
		ev(r, ", load bias 0x%" PRIx64, e->bias);
	return CHECK_OK;
}

/* AT_ENTRY: the executable's e_entry plus the load bias. */
static enum check_res
rule_entry(const struct check_env *e, struct check_result *r)
{
	uint64_t entry = 0;

	if (!vec_find(e->v, AT_NUM_ENTRY, &entry))
		return absent(r, AT_NUM_ENTRY);
	ev(r,
	    "AT_ENTRY 0x%" PRIx64 "; e_entry 0x%" PRIx64
	    " + load bias 0x%" PRIx64 " = 0x%" PRIx64,
	    entry, e->exe.entry, e->bias, e->exe.entry + e->bias);
	return entry == e->exe.entry + e->bias ? CHECK_OK : CHECK_FAIL;
}

/*
 * AT_BASE: where the file PT_INTERP names is mapped (its first page: the
 * interpreters of every architecture are linked at 0), 0 without one.
 */
static enum check_res
rule_base(const struct check_env *e, struct check_result *r)
{
	const struct check_map *m;
	char path[PATH_MAX + 64];
	uint64_t base = 0;
	struct stat st, exe;

	if (!vec_find(e->v, AT_NUM_BASE, &base))
		return absent(r, AT_NUM_BASE);
	if (e->interp[0] == '\0') {
		ev(r,
		    "AT_BASE 0x%" PRIx64 "; the executable has no PT_INTERP: 0",
		    base);
		return base == 0 ? CHECK_OK : CHECK_FAIL;
	}
	/* Another process's paths are in its root. */
	snprintf(path, sizeof(path), "%s%s%s",
	    e->v->kind == SRC_SELF ? "" : e->dir,
	    e->v->kind == SRC_SELF ? "" : "/root", e->interp);
	if (stat(path, &st) == -1 ||
	    (m = map_file(e, st.st_dev, st.st_ino)) == NULL) {
		ev(r, "AT_BASE 0x%" PRIx64 "; interpreter %s not mapped", base,
		    e->interp);
		return CHECK_FAIL;
	}
	ev(r, "AT_BASE 0x%" PRIx64 "; %s mapped at 0x%" PRIx64, base, e->interp,
	    m->lo);
	if (base == m->lo)
		return CHECK_OK;
	/*
	 * The kernel ran the interpreter itself (ld.so run as a program):
	 * glibc's ld.so rewrites AT_PHDR, AT_ENTRY and AT_EXECFN for the
	 * program it loads but leaves AT_BASE 0.  True, and said why.
	 */
	if (base == 0 && e->v->kind == SRC_SELF &&
	    stat("/proc/self/exe", &exe) == 0 && exe.st_dev == st.st_dev &&
	    exe.st_ino == st.st_ino)
		ev(r, " (run by ld.so as a program: AT_BASE stays 0)");
	return CHECK_FAIL;
}

/*
 * AT_UID, AT_EUID, AT_GID, AT_EGID: the process's IDs (at exec: a
 * process that changed them since, its saved IDs still the vector's
 * effective ones, is said to have), and AT_SECURE where they differ.
 */
static enum check_res
rule_ids(const struct check_env *e, struct check_result *r)
{
	static const uint64_t types[4] = { AT_NUM_UID, AT_NUM_EUID, AT_NUM_GID,
		AT_NUM_EGID };
	uint64_t at[4] = { 0 }, secure = 0;
	/* The IDs now (status's Uid:, Gid:): real, effective, saved. */
	unsigned long id[2][3];
	size_t i;
	int same = 1;

	for (i = 0; i < 4; i++)
		if (!vec_find(e->v, types[i], &at[i]))
			return absent(r, types[i]);
	if (e->v->kind == SRC_SELF) {
		id[0][0] = getuid();
		id[0][1] = id[0][2] = geteuid();
		id[1][0] = getgid();
		id[1][1] = id[1][2] = getegid();
	} else if (src_status(e->dir, "\nUid:", id[0], 3) == -1 ||
	    src_status(e->dir, "\nGid:", id[1], 3) == -1)
		return no_data(r, "process status not readable");
	ev(r,
	    "AT_UID/EUID/GID/EGID %" PRIu64 "/%" PRIu64 "/%" PRIu64 "/%" PRIu64
	    "; the process %lu/%lu/%lu/%lu",
	    at[0], at[1], at[2], at[3], id[0][0], id[0][1], id[1][0], id[1][1]);
	for (i = 0; i < 4; i++)
		same &= at[i] == id[i / 2][i % 2];
	(void)vec_find(e->v, AT_NUM_SECURE, &secure);
	if ((at[0] != at[1] || at[2] != at[3]) && secure == 0) {
		ev(r, "; AT_SECURE 0 where they differ");
		return CHECK_FAIL;
	}
	if (same)
		return CHECK_OK;
	/*
	 * Only self and -e are held to their IDs: nothing can have changed
	 * them since the exec.  A process may change all three of its IDs
	 * after it (a daemon that drops them): said, never failed; exec sets
	 * the saved IDs to the effective ones (execve(2)), so where those
	 * are still the vector's that is said too.
	 */
	if (e->v->kind != SRC_PID)
		return CHECK_FAIL;
	if (id[0][2] == at[1] && id[1][2] == at[3]) {
		ev(r,
		    " (changed since exec; saved IDs %lu/%lu are the vector's)",
		    id[0][2], id[1][2]);
		return CHECK_OK;
	}
	ev(r, " (changed since exec: nothing to hold the vector's IDs to)");
	return CHECK_NODATA;
}

/*
 * AT_PAGESZ: a page size the vector's architecture has (its Kconfig's
 * choices), and for a live vector of this machine's architecture the
 * kernel's, KernelPageSize of smaps; an emulator's guest of another
 * architecture is held to its own sizes, not to the host's.
 */
static enum check_res
rule_pagesz(const struct check_env *e, struct check_result *r)
{
	const struct arch *a = e->v->arch;
	struct elf_id host;
	uint64_t pg = 0;
	unsigned int k;
	int ok = 0;

	if (!vec_find(e->v, AT_NUM_PAGESZ, &pg))
		return absent(r, AT_NUM_PAGESZ);
	ev(r, "AT_PAGESZ %" PRIu64, pg);
	if (a != NULL) {
		ev(r, "; %s has", a->name);
		for (k = 0; k < 16; k++)
			if (a->pagesz >> k & 1) {
				ev(r, " %u", 4096u << k);
				ok |= pg == 4096u << k;
			}
		if (!ok)
			return CHECK_FAIL;
	}
	elf_host(&host);
	if (e->live && e->kpagesz != 0 && e->v->machine == host.machine) {
		ev(r, "; KernelPageSize %" PRIu64, e->kpagesz);
		return pg == e->kpagesz ? CHECK_OK : CHECK_FAIL;
	}
	if (a == NULL) {
		r->ev[0] = '\0';
		return no_data(r,
		    e->live ? "/proc/self/smaps not readable"
		            : "architecture unknown");
	}
	return CHECK_OK;
}

/*
 * AT_CLKTCK: USER_HZ, 100 (include/asm-generic/param.h) but on alpha,
 * 1024 (arch/alpha/include/uapi/asm/param.h), and on ia64 the kernel's HZ.
 */
static enum check_res
rule_clktck(const struct check_env *e, struct check_result *r)
{
	uint64_t hz = 0, want = e->v->machine == EM_ALPHA ? 1024 : 100;

	/* ia64's USER_HZ is HZ, the kernel's build's (asm/param.h). */
	if (e->v->machine == EM_IA_64)
		return no_data(r, "USER_HZ is the kernel's HZ on ia64");
	if (!vec_find(e->v, AT_NUM_CLKTCK, &hz))
		return absent(r, AT_NUM_CLKTCK);
	ev(r, "AT_CLKTCK %" PRIu64 "; USER_HZ %" PRIu64, hz, want);
	return hz == want ? CHECK_OK : CHECK_FAIL;
}

/* The flags line of /proc/cpuinfo ("flags" on x86, else "Features"). */
static int
cpu_flags(const char *key, char *buf, size_t size)
{
	char text[AUXV_CHECK_CPUINFO + 1], *p, *nl, *colon;
	size_t klen = strlen(key);

	if (src_read_text("/proc/cpuinfo", text, sizeof(text)) == -1)
		return -1;
	/* The first CPU's line: a whole line, from its start. */
	for (p = text; (nl = strchr(p, '\n')) != NULL; p = nl + 1) {
		*nl = '\0';
		if (strncmp(p, key, klen) == 0 &&
		    (p[klen] == ' ' || p[klen] == '\t') &&
		    (colon = strchr(p, ':')) != NULL) {
			snprintf(buf, size, " %s ", colon + 1);
			return 0;
		}
	}
	return -1;
}

/* Whether name is a word of the list (words between blanks). */
static int
has_word(const char *list, const char *name, size_t len)
{
	const char *p;

	for (p = list; (p = strstr(p, name)) != NULL; p++)
		if (p[-1] == ' ' && (p[len] == ' ' || p[len] == '\0'))
			return 1;
	return 0;
}

/*
 * The bits where the vector's word and the CPU's differ, each said with
 * + (the vector's alone) or - (the CPU's alone) where sign, by name or,
 * unnamed, by number.
 */
static uint64_t
name_diff(struct check_result *r, enum hwcap_table t, uint64_t val,
    uint64_t cpu, int sign)
{
	uint64_t d;
	unsigned int bit;

	for (d = val ^ cpu; d != 0; d &= d - 1) {
		bit = (unsigned int)__builtin_ctzll(d);
		ev(r, " %s%s",
		    !sign                  ? ""
		        : (val >> bit & 1) ? "+"
		                           : "-",
		    hwcap_names[t][bit][0] != '\0' ? hwcap_names[t][bit] : "?");
		if (hwcap_names[t][bit][0] == '\0')
			ev(r, "(bit %u)", bit);
	}
	return val ^ cpu;
}

/*
 * AT_HWCAP words against the kernel's view of the CPU: each named bit set
 * where /proc/cpuinfo lists the name (on x86 the kernel's AT_HWCAP is its
 * own filtered copy of CPUID.1:EDX, boot_cpu_data.x86_capability, as its
 * flags line is).  On x86, for self, CPUID.1:EDX as we see it besides: a
 * bit the vector claims that the CPU lacks fails; one the CPU has and the
 * kernel turned off (clearcpuid=, a kernel that disabled MTRR, a
 * hypervisor's choice) is said, never failed.  Only the words the vector
 * has (a missing one is the entries rule's).
 */
static const uint64_t words[4] = { AT_NUM_HWCAP, AT_NUM_HWCAP2, AT_NUM_HWCAP3,
	AT_NUM_HWCAP4 };

/*
 * The bits of x86's HWCAP word w that CPUID tells, as the word has them:
 * AT_HWCAP is CPUID.1:EDX; of AT_HWCAP2, FSGSBASE (bit 1) is CPUID.7:EBX
 * bit 0 (arch/x86/include/uapi/asm/hwcap2.h; RING3MWAIT is no CPUID
 * bit).  *mask: the bits it tells; 0 where CPUID does not answer.
 */
static uint64_t
cpuid_word(unsigned int w, uint64_t *mask)
{
	uint32_t regs[4];

	*mask = 0;
	if (w == 0 && src_self_cpuid(1, regs) == 0) {
		*mask = UINT32_MAX;
		return regs[3];
	}
	if (w == 1 && src_self_cpuid(7, regs) == 0) {
		*mask = 2;
		return (uint64_t)(regs[1] & 1) << 1;
	}
	return 0;
}

/* The CPUID bits the kernel turned off, or the vector claims, said. */
static uint64_t
cpuid_diff(struct check_result *r, unsigned int w, uint64_t val, uint64_t named)
{
	uint64_t cpu, mask, off, extra;

	cpu = cpuid_word(w, &mask);
	if (mask == 0)
		return 0;
	if (w == 0)
		ev(r, "; CPUID.1:EDX 0x%" PRIx64, cpu);
	else
		ev(r, "; CPUID.7:EBX.FSGSBASE %u", (unsigned int)(cpu >> 1));
	extra = val & mask & ~cpu;
	off = cpu & ~val & named;
	if (off != 0) {
		ev(r, "; kernel turned off:");
		(void)name_diff(r, w == 0 ? HWT_X86 : HWT2_X86, 0, off, 0);
	}
	if (extra != 0) {
		ev(r, "; not in CPUID:");
		(void)name_diff(r, w == 0 ? HWT_X86 : HWT2_X86, extra, 0, 0);
	}
	return extra;
}

static enum check_res
rule_hwcap(const struct check_env *e, struct check_result *r)
{
	const struct auxv_vec *v = e->v;
	const int x86 = v->machine == EM_X86_64 || v->machine == EM_386;
	char flags[8192];
	uint64_t val, cpu, named, bad = 0;
	enum hwcap_table t;
	struct elf_id host;
	unsigned int w, bit;
	size_t len;

	elf_host(&host);
	if (!x86 && v->machine != host.machine)
		return no_data(r, "/proc/cpuinfo names another architecture");
	if (cpu_flags(x86 ? "flags" : "Features", flags, sizeof(flags)) == -1)
		return no_data(r, "no CPU flags in /proc/cpuinfo");
	for (w = 0; w < 4; w++) {
		t = (enum hwcap_table)v->arch->hwcap[w];
		if (t == HWT_NONE || !vec_find(v, words[w], &val))
			continue;
		if (r->ev[0] != '\0')
			ev(r, "; ");
		cpu = named = 0;
		for (bit = 0; bit < HWCAP_BITS; bit++) {
			len = name_len(hwcap_names[t][bit], HWCAP_NAME_LEN);
			if (len == 0)
				continue;
			named |= 1ULL << bit;
			if (has_word(flags, hwcap_names[t][bit], len))
				cpu |= 1ULL << bit;
		}
		ev(r, "AT_%s 0x%" PRIx64 "; /proc/cpuinfo 0x%" PRIx64,
		    at_lookup(words[w], AF_ALL)->name, val, cpu);
		bad |= name_diff(r, t, val & named, cpu, 1);
		if (w < 2 && x86 && v->kind == SRC_SELF)
			bad |= cpuid_diff(r, w, val, named);
	}
	if (r->ev[0] == '\0')
		return no_data(r, "no HWCAP word to compare");
	return bad != 0 ? CHECK_FAIL : CHECK_OK;
}

/*
 * AT_SYSINFO only on i386 (arch/x86/include/asm/elf.h ARCH_DLINFO_IA32),
 * inside the vDSO and given with AT_SYSINFO_EHDR; AT_SYSINFO_EHDR the
 * start of [vdso], an ELF image.
 */
static enum check_res
rule_sysinfo(const struct check_env *e, struct check_result *r)
{
	const struct check_map *m = special(e, &e->vdso);
	uint64_t si = 0, ehdr = 0;
	size_t nsi = vec_find(e->v, AT_NUM_SYSINFO, &si);
	size_t neh = vec_find(e->v, AT_NUM_SYSINFO_EHDR, &ehdr);
	int ia32 = e->v->machine == EM_386;

	if (nsi > 0 && !ia32) {
		ev(r, "AT_SYSINFO 0x%" PRIx64 " on %s; only i386 has it", si,
		    e->v->arch != NULL ? e->v->arch->name
		                       : "this architecture");
		return CHECK_FAIL;
	}
	/* ARCH_DLINFO_IA32 gives both, or neither where no vDSO is mapped. */
	if (ia32 && neh > 0 && nsi == 0) {
		ev(r, "AT_SYSINFO_EHDR 0x%" PRIx64 " without AT_SYSINFO on i386",
		    ehdr);
		return CHECK_FAIL;
	}
	if (lacks(e, N_MAPS) != NULL)
		return no_data(r, lacks(e, N_MAPS));
	if (m == NULL) {
		ev(r, "no [vdso] mapped");
		if (neh == 0)
			return CHECK_OK;
		/* As valgrind does: a process may unmap it after its exec. */
		ev(r, "; AT_SYSINFO_EHDR 0x%" PRIx64 "%s", ehdr,
		    e->v->kind == SRC_PID ? " (unmapped since exec)" : "");
		return e->v->kind == SRC_PID ? CHECK_OK : CHECK_FAIL;
	}
	if (neh == 0) {
		ev(r, "AT_SYSINFO_EHDR absent; [vdso] at 0x%" PRIx64, m->lo);
		return CHECK_FAIL;
	}
	ev(r, "AT_SYSINFO_EHDR 0x%" PRIx64 "; [vdso] at 0x%" PRIx64, ehdr,
	    m->lo);
	/* As a checkpoint restorer does: moved by mremap since its exec. */
	if (ehdr != m->lo && e->v->kind == SRC_PID) {
		ev(r, " (moved since exec)");
		return CHECK_OK;
	}
	if (ehdr != m->lo)
		return CHECK_FAIL;
	/* Where [vdso] is mapped: a read that failed says nothing of it. */
	if (e->fo->vdso != FOLLOW_READ) {
		ev(r, "; its image could not be read");
		return CHECK_NODATA;
	}
	if (e->fo->vi.bad != NULL) {
		ev(r, "; not an ELF image: %s", e->fo->vi.bad);
		return CHECK_FAIL;
	}
	if (ia32) {
		ev(r, "; AT_SYSINFO 0x%" PRIx64, si);
		if (nsi > 0 && (si < m->lo || si >= m->hi))
			return CHECK_FAIL;
	}
	return CHECK_OK;
}

/*
 * AT_RANDOM, AT_EXECFN, AT_PLATFORM, AT_BASE_PLATFORM in the mapping that
 * holds the vector: create_elf_tables writes them above it, on the stack
 * it builds.  For self that mapping is known, labelled [stack] or not
 * (valgrind's client stack is not); for a process, [stack].
 */
static enum check_res
rule_stack(const struct check_env *e, struct check_result *r)
{
	static const uint64_t types[] = { AT_NUM_RANDOM, AT_NUM_EXECFN,
		AT_NUM_PLATFORM, AT_NUM_BASE_PLATFORM };
	const struct check_map *m = NULL;
	enum check_res res = CHECK_OK;
	uint64_t val;
	size_t i;

	if (e->v->kind == SRC_SELF)
		m = map_at(e, (uint64_t)(uintptr_t)e->v->raw);
	if (m != NULL && m->lo != e->stack.lo)
		ev(r, "the vector's mapping 0x%" PRIx64 "-0x%" PRIx64, m->lo,
		    m->hi);
	else if ((m = special(e, &e->stack)) != NULL)
		ev(r, "[stack] 0x%" PRIx64 "-0x%" PRIx64, m->lo, m->hi);
	else
		return no_data(r, "no [stack] in the memory map");
	for (i = 0; i < NITEMS(types); i++)
		if (vec_find(e->v, types[i], &val) &&
		    (val < m->lo || val >= m->hi)) {
			ev(r, "; AT_%s 0x%" PRIx64 " outside",
			    at_lookup(types[i], AF_ALL)->name, val);
			res = CHECK_FAIL;
		}
	if (res == CHECK_OK)
		ev(r, " holds AT_RANDOM, AT_EXECFN and the platform strings");
	return res;
}

/*
 * AT_PLATFORM of the vector's architecture (a machine of the table has
 * one: arch_by_elf() gives a machine's first row to any word size or
 * byte order, --arch one of its own): ELF_PLATFORM of
 * arch/x86/include/asm/elf.h ("x86_64"; i386 its uname -m, "i686" under a
 * 64-bit kernel: COMPAT_ELF_PLATFORM, which fs/compat_binfmt_elf.c gives
 * x32 too), arch/arm64 ("aarch64"; 32-bit:
 * "v8l", "v8b"), arch/arm (elf_platform: "v4".."v7", with "l" or "b").
 */
static const struct {
	uint16_t machine;
	uint8_t wordsize;
	char platform[8][8];
} platforms[] = {
	{ EM_X86_64, 8, { "x86_64" } },
	{ EM_X86_64, 4, { "i686" } },
	{ EM_386, 4, { "i386", "i486", "i586", "i686" } },
	{ EM_AARCH64, 8, { "aarch64" } },
	{ EM_ARM, 4,
	    { "v4l", "v4b", "v5l", "v5b", "v6l", "v6b", "v7l", "v7b" } },
};

static enum check_res
rule_platform(const struct check_env *e, struct check_result *r)
{
	const struct decoded *d = NULL;
	const char(*pl)[8];
	size_t i, k;

	for (i = 0; i < e->ndec && d == NULL; i++)
		if (e->dec[i].type == AT_NUM_PLATFORM)
			d = &e->dec[i];
	if (d == NULL)
		return no_data(r, "no AT_PLATFORM");
	if (!d->readable || d->truncated)
		return no_data(r, "AT_PLATFORM not readable");
	for (i = 0; i < NITEMS(platforms); i++)
		if (platforms[i].machine == e->v->machine &&
		    platforms[i].wordsize == e->v->wordsize)
			break;
	if (i == NITEMS(platforms))
		return no_data(r, "no platform names for this architecture");
	pl = platforms[i].platform;
	ev(r, "AT_PLATFORM \"%.*s\"; %s has",
	    (int)(d->strlen < 64 ? d->strlen : 64), d->str, e->v->arch->name);
	for (k = 0; k < NITEMS(platforms[i].platform) && pl[k][0] != '\0';
	     k++) {
		ev(r, " %s", pl[k]);
		if (strlen(pl[k]) == d->strlen &&
		    memcmp(pl[k], d->str, d->strlen) == 0)
			return CHECK_OK;
	}
	/* arm's platform grows with new cores: "v8l" under arm64. */
	if (e->v->machine == EM_ARM && d->strlen == 3 && d->str[0] == 'v' &&
	    (d->str[2] == 'l' || d->str[2] == 'b'))
		return CHECK_OK;
	return CHECK_FAIL;
}

/*
 * Every entry the kernel gives each architecture, Linux 7.3.4: the
 * generic set of fs/binfmt_elf.c create_elf_tables (AT_HWCAP2 where the
 * architecture defines ELF_HWCAP2, AT_HWCAP3 where ELF_HWCAP3, AT_PLATFORM
 * where ELF_PLATFORM is not NULL, AT_BASE_PLATFORM where
 * ELF_BASE_PLATFORM is always set, AT_RSEQ_* with CONFIG_RSEQ), then each
 * architecture's ARCH_DLINFO (arch/{x86,arm64,arm,powerpc,s390,riscv,
 * loongarch,mips,sparc,alpha,sh,parisc}/include/asm/elf.h; the compat
 * forms for x32, i386 and arm under a 64-bit kernel).  since: the
 * version the kernel gives it from (major * 1000 + minor), asked of a
 * live vector of a kernel that new only; C_VDSO: only where a vDSO is
 * mapped (the kernel gives it with the vDSO); C_RSEQ: only where this
 * kernel has rseq (CONFIG_RSEQ); C_IGN: AT_IGNORE stands in for it where
 * the kernel had no value (arm64's and riscv's AT_MINSIGSTKSZ, sh's).
 * What depends on the build beyond that (mips's AT_BASE_PLATFORM,
 * powerpc's cache geometry under a 32-bit kernel, sh's AT_FPUCW) is not
 * asked.
 */
enum {
	A_X86_64 = 1 << 0,
	A_X32 = 1 << 1,
	A_I386 = 1 << 2,
	A_ARM64 = 1 << 3,
	A_ARM = 1 << 4,
	A_PPC64 = 1 << 5,
	A_PPC = 1 << 6,
	A_S390 = 1 << 7,
	A_RISCV = 1 << 8,
	A_LOONG = 1 << 9,
	A_MIPS = 1 << 10,
	A_SPARC64 = 1 << 11,
	A_SPARC = 1 << 12,
	A_ALPHA = 1 << 13,
	A_SH = 1 << 14,
	A_PARISC = 1 << 15,
	A_OTHER = 1 << 16, /* m68k, microblaze, or1k, csky, arc, ... */
	A_X86 = A_X86_64 | A_X32 | A_I386,
	A_ALL = (1 << 17) - 1,
	/* ELF_PLATFORM is NULL on the others (riscv, sparc, m68k, ...). */
	A_PLAT = A_X86 | A_ARM64 | A_ARM | A_PPC64 | A_PPC | A_S390 | A_LOONG |
	    A_MIPS | A_ALPHA | A_SH | A_PARISC,
	A_VDSO = A_X86 | A_ARM64 | A_ARM | A_PPC64 | A_PPC | A_S390 | A_RISCV |
	    A_LOONG | A_MIPS | A_SPARC64 | A_SH | A_PARISC,
	A_CACHE = A_PPC64 | A_RISCV, /* AT_L1I_CACHESIZE .. L3 geometry */
};

enum { C_VDSO = 1, C_RSEQ = 2, C_IGN = 4 };

/* Each ELF machine and word size of arch.c, and its row of the table. */
static const struct {
	uint16_t machine;
	uint8_t wordsize; /* 0: either */
	uint32_t a;
} dl_arches[] = {
	{ EM_X86_64, 8, A_X86_64 },
	{ EM_X86_64, 4, A_X32 },
	{ EM_386, 0, A_I386 },
	{ EM_AARCH64, 0, A_ARM64 },
	{ EM_ARM, 0, A_ARM },
	{ EM_PPC64, 0, A_PPC64 },
	{ EM_PPC, 0, A_PPC },
	{ EM_S390, 0, A_S390 },
	{ EM_RISCV, 0, A_RISCV },
	{ EM_LOONGARCH, 0, A_LOONG },
	{ EM_MIPS, 0, A_MIPS },
	{ EM_SPARCV9, 0, A_SPARC64 },
	{ EM_SPARC, 0, A_SPARC },
	{ EM_SPARC32PLUS, 0, A_SPARC },
	{ EM_ALPHA, 0, A_ALPHA },
	{ EM_SH, 0, A_SH },
	{ EM_PARISC, 0, A_PARISC },
	{ EM_68K, 0, A_OTHER },
	{ EM_MICROBLAZE, 0, A_OTHER },
	{ EM_OPENRISC, 0, A_OTHER },
	{ EM_CSKY, 0, A_OTHER },
	{ EM_ARCV2, 0, A_OTHER },
	{ EM_XTENSA, 0, A_OTHER },
	{ EM_QDSP6, 0, A_OTHER },
	{ EM_ALTERA_NIOS2, 0, A_OTHER },
};

static const struct {
	uint8_t type;
	uint8_t cond;
	uint32_t arches;
	unsigned int since;
} expected[] = {
	{ AT_NUM_SYSINFO, C_VDSO, A_I386, 0 },
	{ AT_NUM_SYSINFO_EHDR, C_VDSO, A_VDSO, 0 },
	{ AT_NUM_IGNOREPPC, 0, A_PPC64 | A_PPC, 0 },
	{ AT_NUM_DCACHEBSIZE, 0, A_PPC64 | A_PPC, 0 },
	{ AT_NUM_ICACHEBSIZE, 0, A_PPC64 | A_PPC, 0 },
	{ AT_NUM_UCACHEBSIZE, 0, A_PPC64 | A_PPC, 0 },
	{ AT_NUM_L1I_CACHESIZE, 0, A_CACHE, 5010 },
	{ AT_NUM_L1I_CACHEGEOMETRY, 0, A_CACHE, 5010 },
	{ AT_NUM_L1D_CACHESIZE, 0, A_CACHE, 5010 },
	{ AT_NUM_L1D_CACHEGEOMETRY, 0, A_CACHE, 5010 },
	{ AT_NUM_L2_CACHESIZE, 0, A_CACHE, 5010 },
	{ AT_NUM_L2_CACHEGEOMETRY, 0, A_CACHE, 5010 },
	{ AT_NUM_L3_CACHESIZE, 0, A_CACHE, 5010 },
	{ AT_NUM_L3_CACHEGEOMETRY, 0, A_CACHE, 5010 },
	{ AT_NUM_ADI_BLKSZ, 0, A_SPARC64, 4017 },
	{ AT_NUM_ADI_NBITS, 0, A_SPARC64, 4017 },
	{ AT_NUM_ADI_UEONADI, 0, A_SPARC64, 4017 },
	{ AT_NUM_L1I_CACHESHAPE, 0, A_ALPHA | A_SH, 0 },
	{ AT_NUM_L1D_CACHESHAPE, 0, A_ALPHA | A_SH, 0 },
	{ AT_NUM_L2_CACHESHAPE, 0, A_ALPHA | A_SH, 0 },
	{ AT_NUM_L3_CACHESHAPE, 0, A_ALPHA, 0 },
	{ AT_NUM_MINSIGSTKSZ, 0, A_X86, 5014 },
	{ AT_NUM_MINSIGSTKSZ, C_IGN, A_ARM64, 4018 },
	{ AT_NUM_MINSIGSTKSZ, 0, A_PPC64 | A_PPC, 5019 },
	{ AT_NUM_MINSIGSTKSZ, C_IGN, A_RISCV, 6005 },
	{ AT_NUM_HWCAP, 0, A_ALL, 0 },
	{ AT_NUM_PAGESZ, 0, A_ALL, 0 },
	{ AT_NUM_CLKTCK, 0, A_ALL, 0 },
	{ AT_NUM_PHDR, 0, A_ALL, 0 },
	{ AT_NUM_PHENT, 0, A_ALL, 0 },
	{ AT_NUM_PHNUM, 0, A_ALL, 0 },
	{ AT_NUM_BASE, 0, A_ALL, 0 },
	{ AT_NUM_FLAGS, 0, A_ALL, 0 },
	{ AT_NUM_ENTRY, 0, A_ALL, 0 },
	{ AT_NUM_UID, 0, A_ALL, 0 },
	{ AT_NUM_EUID, 0, A_ALL, 0 },
	{ AT_NUM_GID, 0, A_ALL, 0 },
	{ AT_NUM_EGID, 0, A_ALL, 0 },
	{ AT_NUM_SECURE, 0, A_ALL, 0 },
	{ AT_NUM_RANDOM, 0, A_ALL, 0 },
	{ AT_NUM_HWCAP2, 0, A_X86, 4011 },
	{ AT_NUM_HWCAP2, 0, A_ARM64, 5002 },
	{ AT_NUM_HWCAP2, 0, A_ARM | A_PPC64 | A_PPC, 3015 },
	{ AT_NUM_HWCAP3, 0, A_ARM64, 6016 },
	{ AT_NUM_EXECFN, 0, A_ALL, 0 },
	{ AT_NUM_PLATFORM, 0, A_PLAT, 0 },
	{ AT_NUM_BASE_PLATFORM, 0, A_PPC64 | A_PPC, 0 },
	{ AT_NUM_RSEQ_FEATURE_SIZE, C_RSEQ, A_ALL, 6003 },
	{ AT_NUM_RSEQ_ALIGN, C_RSEQ, A_ALL, 6003 },
};

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

static enum check_res
rule_entries(const struct check_env *e, struct check_result *r)
{
	const struct auxv_vec *v = e->v;
	enum check_res res = CHECK_OK;
	const struct at_type *t;
	uint32_t a = 0;
	size_t i, j, nsaved = 0;
	int vdso = special(e, &e->vdso) != NULL, rseq = -1;
	char saved[320] = "";

	for (i = 0; i < v->nent; i++) {
		for (j = 0; j < i && v->ent[j].type != v->ent[i].type; j++)
			;
		/*
		 * Entries that mean nothing may repeat: powerpc's ARCH_DLINFO
		 * writes AT_IGNOREPPC twice on purpose, valgrind turns the
		 * entries it hides into AT_IGNORE.
		 */
		if (j < i && v->ent[i].type != AT_NUM_IGNORE &&
		    v->ent[i].type != AT_NUM_IGNOREPPC) {
			t = at_lookup(v->ent[i].type, AF_ALL);
			ev(r,
			    "%sAT_%s (%" PRIu64 ") twice, entries %zu and %zu",
			    r->ev[0] != '\0' ? "; " : "",
			    t != NULL ? t->name : "???", v->ent[i].type, j, i);
			res = CHECK_FAIL;
		}
	}
	for (i = 0; i < NITEMS(dl_arches) && a == 0; i++)
		if (dl_arches[i].machine == v->machine &&
		    (dl_arches[i].wordsize == 0 ||
		        dl_arches[i].wordsize == v->wordsize))
			a = dl_arches[i].a;
	if (a == 0)
		return res == CHECK_OK
		    ? no_data(r, "no table of entries for this architecture")
		    : res;
	for (i = 0; i < NITEMS(expected); i++) {
		if (!(expected[i].arches & a) ||
		    vec_find(v, expected[i].type, NULL) ||
		    ((expected[i].cond & C_IGN) &&
		        vec_find(v, AT_NUM_IGNORE, NULL)))
			continue;
		/* What depends on the vDSO or kernel is known of a live one. */
		if ((expected[i].cond & C_VDSO) && !vdso)
			continue;
		if (!e->live &&
		    (expected[i].since != 0 || (expected[i].cond & C_RSEQ))) {
			t = at_lookup(expected[i].type, AF_ALL);
			(void)snprintf(saved + strlen(saved),
			    sizeof(saved) - strlen(saved), "%sAT_%s",
			    nsaved++ > 0 ? ", " : "", t->name);
			continue;
		}
		if (expected[i].since > e->kver)
			continue;
		if ((expected[i].cond & C_RSEQ) &&
		    (rseq = rseq == -1 ? kernel_rseq() : rseq) == 0)
			continue;
		res = absent(r, expected[i].type);
	}
	/* a is a machine of the arch table: v->arch is set, as for platform. */
	if (res == CHECK_OK)
		ev(r, "each of the %zu entries once; none of %s's missing",
		    v->nent, v->arch->name);
	if (nsaved > 0)
		ev(r,
		    "; no data for %s (a saved vector: they depend on the "
		    "kernel's version or build)",
		    saved);
	return res;
}

/* The decoded entry of type, the first, or NULL. */
static const struct decoded *
dec_of(const struct check_env *e, uint64_t type)
{
	size_t i;

	for (i = 0; i < e->ndec; i++)
		if (e->dec[i].type == type)
			return &e->dec[i];
	return NULL;
}

/* The word of the vector's size and byte order at addr: 0, or -1. */
static int
word_at(const struct auxv_vec *v, uint64_t addr, uint64_t *w)
{
	unsigned char b[8];

	if (mem_get(&v->mem, addr, b, v->wordsize, NULL) != v->wordsize)
		return -1;
	*w = vec_word(b, v->wordsize, v->bigendian);
	return 0;
}

/*
 * Self: where argc is, found back from main's envp: argv's NULL just
 * before it, then the argv pointers, then argc, their number.  0 where
 * no word below them counts them.
 */
static uint64_t
self_argc(const struct auxv_vec *v)
{
	const unsigned int ws = v->wordsize;
	uint64_t at, w;
	size_t k;

	if (v->envp < 2 * ws || word_at(v, v->envp - ws, &w) == -1 || w != 0)
		return 0;
	for (k = 0, at = v->envp - 2 * ws; k <= AUXV_CHECK_ARGS && at >= ws;
	     k++, at -= ws)
		if (word_at(v, at, &w) == -1 || w == k)
			return w == k ? at : 0;
	return 0;
}

/* What create_elf_tables wrote at argc's address, as found there. */
struct stack_walk {
	uint64_t argc, envc;
	uint64_t vec;    /* where the vector is: after envp's NULL */
	uint64_t lo_str; /* the lowest argv or envp string above argc */
};

/*
 * Walks argc, argv and its NULL, envp and its NULL from sp: NULL, or
 * what is not as create_elf_tables writes it.  The strings are above
 * argc: a pointer below it is one the program put there (auxv's own
 * argv[0], for getopt's messages).
 */
static const char *
walk_stack(const struct auxv_vec *v, uint64_t sp, struct stack_walk *l)
{
	const unsigned int ws = v->wordsize;
	uint64_t at, w = 0, i;

	l->lo_str = UINT64_MAX;
	l->envc = 0;
	if (word_at(v, sp, &l->argc) == -1)
		return "argc not readable";
	if (l->argc > AUXV_CHECK_ARGS)
		return "argc larger than auxv walks";
	for (i = 0, at = sp + ws; i <= l->argc; i++, at += ws) {
		if (word_at(v, at, &w) == -1)
			return "argv not readable";
		if (i < l->argc && w > sp && w < l->lo_str)
			l->lo_str = w;
	}
	if (w != 0)
		return "no NULL after argc argv pointers";
	for (;; at += ws) {
		if (word_at(v, at, &w) == -1)
			return "envp not readable";
		if (w == 0)
			break;
		if (++l->envc > AUXV_CHECK_ARGS)
			return "no NULL after envp";
		if (w > sp && w < l->lo_str)
			l->lo_str = w;
	}
	l->vec = at + ws;
	return NULL;
}

/*
 * Whether [a, a + alen) and [b, b + blen) share a byte.
 */
static int
overlap(uint64_t a, uint64_t alen, uint64_t b, uint64_t blen)
{
	return a < b + blen && b < a + alen;
}

/*
 * The layout create_elf_tables writes (fs/binfmt_elf.c): argc, argv and
 * its NULL, envp and its NULL, then the vector, contiguous; AT_RANDOM's
 * 16 bytes above the vector and below the strings, overlapping neither
 * the platform strings, not all zero.  Self from main's envp; -e at its
 * exec stop and a process from /proc/PID/stat's startstack and
 * arg_start.  A process may rewrite its stack after its exec (ld.so run
 * as a program moves argv): for one, a stack not as written is said,
 * not failed.
 */
static enum check_res
rule_layout(const struct check_env *e, struct check_result *r)
{
	const struct auxv_vec *v = e->v;
	const struct decoded *d;
	const int self = v->kind == SRC_SELF;
	const uint64_t vlen = (v->nent + 1) * 2 * (uint64_t)v->wordsize;
	unsigned char mem[AUXV_MAX_RAW];
	struct stack_walk l;
	uint64_t sp = self ? self_argc(v) : e->sp, rnd, end, top, w;
	const char *bad = NULL;
	size_t i;

	if (sp == 0 && !self)
		return no_data(r, "no startstack in /proc/PID/stat");
	if (sp == 0)
		bad = "no word below argv counts its pointers (argc)";
	else if ((bad = walk_stack(v, sp, &l)) == NULL && self) {
		/* Secure mode: ld.so's unsetenv leaves NULLs after envp's. */
		for (; l.vec < (uintptr_t)v->raw && word_at(v, l.vec, &w) == 0 &&
		     w == 0;
		     l.vec += v->wordsize)
			;
		if (l.vec != (uintptr_t)v->raw)
			bad = "the vector is not after envp's NULL";
	} else if (bad == NULL &&
	    (vlen > v->rawlen || mem_get(&v->mem, l.vec, mem, vlen, NULL) !=
	            vlen ||
	        memcmp(mem, v->raw, vlen) != 0))
		bad = "the vector is not after envp's NULL";
	if (bad != NULL && v->kind == SRC_PID) {
		ev(r, "startstack 0x%" PRIx64 ": %s (changed since exec)", sp,
		    bad);
		return CHECK_NODATA;
	}
	if (bad != NULL) {
		ev(r, "%s", bad);
		if (sp != 0)
			ev(r, " (argc at 0x%" PRIx64 ")", sp);
		return CHECK_FAIL;
	}
	ev(r,
	    "argc %" PRIu64 " at 0x%" PRIx64 ", %" PRIu64
	    " envp pointers, the vector at 0x%" PRIx64,
	    l.argc, sp, l.envc, l.vec);
	if ((d = dec_of(e, AT_NUM_RANDOM)) == NULL)
		return CHECK_OK;
	rnd = d->value;
	end = l.vec + vlen;
	top = !self && e->arg_start != 0 ? e->arg_start : l.lo_str;
	ev(r, "; AT_RANDOM 0x%" PRIx64, rnd);
	if (rnd > UINT64_MAX - AUXV_RANDOM_LEN || rnd < end ||
	    rnd + AUXV_RANDOM_LEN > top) {
		ev(r, " not between the vector's end 0x%" PRIx64
		      " and the strings at 0x%" PRIx64,
		    end, top);
		return CHECK_FAIL;
	}
	for (i = 0; i < e->ndec; i++) {
		d = &e->dec[i];
		if ((d->type == AT_NUM_PLATFORM ||
		        d->type == AT_NUM_BASE_PLATFORM ||
		        d->type == AT_NUM_EXECFN) &&
		    d->readable &&
		    overlap(rnd, AUXV_RANDOM_LEN, d->value, d->strlen + 1)) {
			ev(r, " overlaps AT_%s's string at 0x%" PRIx64,
			    d->at->name, d->value);
			return CHECK_FAIL;
		}
	}
	d = dec_of(e, AT_NUM_RANDOM);
	if (d->readable) {
		for (i = 0; i < AUXV_RANDOM_LEN && d->bytes[i] == 0; i++)
			;
		if (i == AUXV_RANDOM_LEN) {
			ev(r, ": its 16 bytes are all zero");
			return CHECK_FAIL;
		}
	}
	ev(r, " between the vector and the strings");
	return CHECK_OK;
}

/*
 * AT_EXECFN names the file that runs (fs/exec.c: the path given to
 * execve): the executable, or a #! script its interpreter runs, or a file
 * binfmt_misc hands to one (not an ELF program of the vector's machine).
 * A process's path is resolved in its root or, relative, its working
 * directory, which may have changed since: no data then.
 */
static enum check_res
rule_execfn(const struct check_env *e, struct check_result *r)
{
	const struct decoded *d = dec_of(e, AT_NUM_EXECFN);
	const int self = e->v->kind == SRC_SELF;
	char path[PATH_MAX + 64], run[PATH_MAX + 64], name[PATH_MAX];
	unsigned char h[ELF_ID_LEN];
	struct stat fs, xs;
	struct elf_id id;
	ssize_t n;
	int fd;

	if (d == NULL)
		return no_data(r, "no AT_EXECFN");
	if (!d->readable || d->truncated || d->strlen >= sizeof(name) ||
	    memchr(d->str, '\0', d->strlen) != NULL)
		return no_data(r, "AT_EXECFN not readable");
	memcpy(name, d->str, d->strlen);
	name[d->strlen] = '\0';
	snprintf(path, sizeof(path), "%s%s%s", self ? "" : e->dir,
	    self ? "" : name[0] == '/' ? "/root" : "/cwd/", name);
	if (self && e->exe_path[0] != '\0')
		snprintf(run, sizeof(run), "%s", e->exe_path);
	else
		snprintf(run, sizeof(run), "%s/exe", e->dir);
	ev(r, "AT_EXECFN \"%.*s\"", (int)(d->strlen < 64 ? d->strlen : 64),
	    d->str);
	if (stat(run, &xs) == -1)
		return no_data(r, "; the executable not found (replaced?)");
	if (stat(path, &fs) == -1)
		return no_data(r, !self && name[0] != '/'
		        ? ": relative, and the process's directory no longer "
		          "holds it"
		        : ": no such file now");
	if (fs.st_dev == xs.st_dev && fs.st_ino == xs.st_ino) {
		ev(r, " is the executable");
		return CHECK_OK;
	}
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) == -1)
		return no_data(r, ": not readable");
	n = read(fd, h, sizeof(h));
	close(fd);
	if (n >= 2 && h[0] == '#' && h[1] == '!') {
		ev(r, " is a #! script its interpreter runs");
		return CHECK_OK;
	}
	if (n != (ssize_t)sizeof(h) || elf_header(h, sizeof(h), &id) == -1 ||
	    id.machine != e->v->machine) {
		ev(r, " is no program of this machine: binfmt_misc's "
		      "interpreter runs it");
		return CHECK_OK;
	}
	if (!self && name[0] != '/') {
		ev(r, " is relative: the process's directory may have changed");
		return CHECK_NODATA;
	}
	ev(r, " is another program than the executable");
	return CHECK_FAIL;
}

/*
 * For self: /proc/self/auxv, opened every way a program may open it,
 * holds the vector the program was given (the kernel's copy, which an
 * emulator serves for its guest: a loader that gave the program another
 * vector differs there).  A 32-bit process's file may run on in zeros.
 */
static enum check_res
rule_procauxv(const struct check_env *e, struct check_result *r)
{
	static const char *const ways[] = { "/proc/self/auxv", NULL,
		"/proc/thread-self/auxv", "self/auxv" };
	const struct auxv_vec *v = e->v;
	const uint64_t ws = v->wordsize, vlen = (v->nent + 1) * 2 * ws;
	unsigned char buf[AUXV_MAX_RAW];
	char path[64];
	size_t i, k, n;
	int fd, dir, rc;

	if (v->kind != SRC_SELF)
		return no_data(r, "not auxv's own vector");
	for (i = 0; i < NITEMS(ways); i++) {
		if (ways[i] != NULL)
			snprintf(path, sizeof(path), "%s", ways[i]);
		else
			snprintf(path, sizeof(path), "/proc/%ld/auxv",
			    (long)getpid());
		if (i < 3)
			fd = open(path, O_RDONLY | O_CLOEXEC);
		else if ((dir = open("/proc", O_RDONLY | O_DIRECTORY |
		                                  O_CLOEXEC)) == -1)
			fd = -1;
		else {
			fd = openat(dir, path, O_RDONLY | O_CLOEXEC);
			close(dir);
		}
		if (fd == -1)
			return no_data(r, "/proc/self/auxv not readable");
		rc = src_read_full(fd, buf, sizeof(buf), &n);
		close(fd);
		for (k = 0; rc == 0 && k < n && k < vlen && buf[k] == v->raw[k];
		     k++)
			;
		while (k == vlen && k < n && buf[k] == 0)
			k++;
		if (rc == 0 && k == n && n >= vlen)
			continue;
		ev(r, "%s%s%s differs from the vector in memory",
		    i < 3 ? path : "openat(/proc, ", i < 3 ? "" : path,
		    i < 3 ? "" : ")");
		if (rc == 0 && k < vlen && k / (2 * ws) < v->nent)
			ev(r, " from entry %zu (type %" PRIu64 ")",
			    (size_t)(k / (2 * ws)), v->ent[k / (2 * ws)].type);
		return CHECK_FAIL;
	}
	ev(r, "/proc/self/auxv, /proc/PID/auxv, /proc/thread-self/auxv and "
	      "openat(/proc, \"self/auxv\") hold the vector in memory");
	return CHECK_OK;
}

/*
 * The image at AT_SYSINFO_EHDR is a vDSO as the kernel links it (linked at
 * 0, a symbol hash table, the architecture's versioned functions):
 * vdsocheck.c, on what follow.c read of it.
 */
static enum check_res
rule_vdso_image(const struct check_env *e, struct check_result *r)
{
	uint64_t at = 0;

	(void)vec_find(e->v, AT_NUM_SYSINFO_EHDR, &at);
	return (enum check_res)vdso_image_check(
	    e->fo, at, e->v->machine, e->v->wordsize, r->ev, sizeof(r->ev));
}

/* clang-format off */
/* Names inline: a table of pointers costs a relocation each at start. */
static const struct {
	char name[12];
	enum check_res (*fn)(const struct check_env *, struct check_result *);
	unsigned int needs;
} rules[CHECK_RULES] = {
	{ "phdr",	rule_phdr,	N_LIVE | N_EXE },
	{ "entry",	rule_entry,	N_LIVE | N_EXE | N_BIAS },
	{ "base",	rule_base,	N_LIVE | N_EXE | N_MAPS },
	{ "ids",	rule_ids,	N_LIVE },
	{ "pagesz",	rule_pagesz,	0 },
	{ "clktck",	rule_clktck,	N_ARCH },
	{ "hwcap",	rule_hwcap,	N_CPU },
	{ "sysinfo",	rule_sysinfo,	0 },
	{ "stack",	rule_stack,	N_MAPS },
	{ "platform",	rule_platform,	0 },
	{ "entries",	rule_entries,	0 },
	{ "layout",	rule_layout,	N_LIVE },
	{ "execfn",	rule_execfn,	N_LIVE },
	{ "procauxv",	rule_procauxv,	N_LIVE },
	{ "vdso-image",	rule_vdso_image, 0 },
};
/* clang-format on */

/*
 * Whether the process's vector is not the one checked any more: it ran
 * a new program (fork and exec in -a's scan) between the reads.
 */
static int
exec_since(const struct check_env *e)
{
	unsigned char now[AUXV_MAX_RAW];
	char path[64];
	size_t len;
	int fd, rc;

	snprintf(path, sizeof(path), "%s/auxv", e->dir);
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) == -1)
		return 1;
	rc = src_read_full(fd, now, sizeof(now), &len);
	close(fd);
	return rc == -1 || len != e->v->rawlen ||
	    memcmp(now, e->v->raw, len) != 0;
}

/*
 * Gathers what the rules read and runs them all into res (CHECK_RULES
 * rows).  For self the memory is read only where our map says it is
 * readable.  Returns the number of rules that fail.
 */
size_t
check_vector(struct check_env *e, const struct auxv_vec *v,
    const struct opts *o, struct decoded *dec, struct strpool *pool,
    struct followed *fo, struct check_result *res)
{
	const char *why;
	size_t i, nfail = 0;

	memset(e, 0, offsetof(struct check_env, maps));
	e->exe_path[0] = e->interp[0] = '\0';
	e->v = v;
	e->live =
	    v->kind == SRC_SELF || v->kind == SRC_PID || v->kind == SRC_EXEC;
	e->kver = kernel_version();
	if (e->live) {
		e->kpagesz = kernel_pagesz();
		if (v->kind == SRC_SELF)
			snprintf(e->dir, sizeof(e->dir), "/proc/self");
		else if (v->tid == 0 || v->tid == v->pid)
			snprintf(
			    e->dir, sizeof(e->dir), "/proc/%ld", (long)v->pid);
		else /* its main thread has exited: a live one's */
			snprintf(e->dir, sizeof(e->dir), "/proc/%ld/task/%ld",
			    (long)v->pid, (long)v->tid);
		/*
		 * The file our tables were loaded from is our executable,
		 * whoever loaded it (the kernel, an emulator, a userland exec).
		 */
		read_maps(
		    e, v->kind == SRC_SELF ? (uint64_t)(uintptr_t)rules : 0);
		read_exe(e);
		if (v->kind != SRC_SELF &&
		    (proc_stat(e->dir, 26, &e->sp) == -1 ||
		        proc_stat(e->dir, 46, &e->arg_start) == -1))
			e->sp = e->arg_start = 0;
	}
	e->dec = dec;
	e->ndec = decode_all(v, o, dec, pool);
	follow_vector(v, dec, e->ndec, fo);
	e->fo = fo;
	for (i = 0; i < CHECK_RULES; i++) {
		res[i].name = rules[i].name;
		res[i].ev[0] = '\0';
		res[i].res = (why = lacks(e, rules[i].needs)) != NULL
		    ? no_data(&res[i], why)
		    : rules[i].fn(e, &res[i]);
		nfail += res[i].res == CHECK_FAIL;
	}
	/* What was read after the vector must be of the same image. */
	if (v->kind != SRC_PID || !exec_since(e))
		return nfail;
	for (i = 0; i < CHECK_RULES; i++) {
		res[i].ev[0] = '\0';
		res[i].res = no_data(
		    &res[i], "the process ran a new program while checked");
	}
	return 0;
}
