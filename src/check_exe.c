/*
 * --check's rules on the executable: its program headers, entry and
 * interpreter, the IDs it runs with, the file AT_EXECFN names.
 */
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "arch.h"
#include "at.h"
#include "check_rule.h"
#include "proc.h"
#include "readfile.h"
#include "source.h"

/*
 * The headers follow.c read at AT_PHDR against the executable's: the
 * same, each of them.
 */
static enum check_res
phdr_mem(const struct check_env *e, struct check_result *r, uint64_t phdr)
{
	const struct check_map *m;
	size_t i;

	/*
	 * Headers in memory the map says is readable that could not be read
	 * (the process went, memory ran out): nothing known of them.
	 */
	if (e->fo->phdrs != FOLLOW_READ &&
	    (!e->maps_ok ||
	        ((m = check_map_at(e, phdr)) != NULL && m->readable)))
		return check_nodata(r, "the headers' memory could not be read");
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

/*
 * AT_PHDR, AT_PHENT, AT_PHNUM: the executable's e_phentsize, e_phnum and
 * headers, at the address the kernel computes (binfmt_elf.c: e_phoff in
 * the PT_LOAD that holds it, plus the load bias).
 */
enum check_res
rule_phdr(const struct check_env *e, struct check_result *r)
{
	const struct auxv_vec *v = e->v;
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
	return phdr_mem(e, r, phdr);
}
/* AT_ENTRY: the executable's e_entry plus the load bias. */
enum check_res
rule_entry(const struct check_env *e, struct check_result *r)
{
	uint64_t entry = 0;

	if (!vec_find(e->v, AT_NUM_ENTRY, &entry))
		return check_absent(r, AT_NUM_ENTRY);
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
enum check_res
rule_base(const struct check_env *e, struct check_result *r)
{
	const struct check_map *m;
	char path[PATH_MAX + 64];
	uint64_t base = 0;
	struct stat st, exe;
	int err;

	if (!vec_find(e->v, AT_NUM_BASE, &base))
		return check_absent(r, AT_NUM_BASE);
	if (e->interp[0] == '\0') {
		ev(r,
		    "AT_BASE 0x%" PRIx64 "; the executable has no PT_INTERP: 0",
		    base);
		return base == 0 ? CHECK_OK : CHECK_FAIL;
	}
	/* Another process's paths are in its root. */
	if (e->v->kind == SRC_SELF)
		snprintf(path, sizeof(path), "%s", e->interp);
	else
		proc_path(&e->proc, path, sizeof(path), "root", e->interp);
	ev(r, "AT_BASE 0x%" PRIx64, base);
	err = proc_stat_path(path, &st) == -1 ? errno : 0;
	if (err != 0 && err != ENOENT && err != ENOTDIR) {
		ev(r, "; interpreter %s not readable (%s)", e->interp,
		    strerror(err));
		return CHECK_NODATA;
	}
	/*
	 * Its file replaced since exec (an upgrade of libc): the mapping at
	 * AT_BASE is of a deleted file.
	 */
	if ((m = check_map_at(e, base)) != NULL && m->deleted &&
	    m->lo == base) {
		ev(r,
		    "; a deleted file mapped there: interpreter %s replaced "
		    "since exec",
		    e->interp);
		return CHECK_NODATA;
	}
	if (err != 0 || (m = check_map_file(e, st.st_dev, st.st_ino)) == NULL) {
		ev(r, "; interpreter %s not mapped", e->interp);
		return CHECK_FAIL;
	}
	ev(r, "; %s mapped at 0x%" PRIx64, e->interp, m->lo);
	if (base == m->lo)
		return CHECK_OK;
	/*
	 * The kernel ran the interpreter itself (ld.so run as a program):
	 * glibc's ld.so rewrites AT_PHDR, AT_ENTRY and AT_EXECFN for the
	 * program it loads but leaves AT_BASE 0.  True, and said why.
	 */
	if (base == 0 && e->v->kind == SRC_SELF &&
	    proc_exe_stat(&e->proc, &exe) == 0 && exe.st_dev == st.st_dev &&
	    exe.st_ino == st.st_ino)
		ev(r, " (run by ld.so as a program: AT_BASE stays 0)");
	return CHECK_FAIL;
}

/*
 * AT_UID, AT_EUID, AT_GID, AT_EGID: the process's IDs (at exec: a
 * process that changed them since, its saved IDs still the vector's
 * effective ones, is said to have), and AT_SECURE where they differ.
 */
enum check_res
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
			return check_absent(r, types[i]);
	if (e->v->kind == SRC_SELF) {
		id[0][0] = getuid();
		id[0][1] = id[0][2] = geteuid();
		id[1][0] = getgid();
		id[1][1] = id[1][2] = getegid();
	} else if (proc_status(&e->proc, "\nUid:", id[0], 3) == -1 ||
	    proc_status(&e->proc, "\nGid:", id[1], 3) == -1)
		return check_nodata(r, "process status not readable");
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
 * AT_EXECFN's file at path, which is not the executable: a #! script, a
 * file binfmt_misc hands to an interpreter, or (a relative name, where
 * the process's directory may have changed: no data) another program.
 */
static enum check_res
execfn_other(const struct check_env *e, struct check_result *r,
    const char *path, int relative)
{
	unsigned char h[ELF_ID_LEN];
	struct elf_id id;
	ssize_t n;

	if ((n = read_path(path, h, sizeof(h), 0)) == -1)
		return check_nodata(r, ": not readable");
	if (n >= 2 && h[0] == '#' && h[1] == '!') {
		ev(r, " is a #! script its interpreter runs");
		return CHECK_OK;
	}
	if (n != (ssize_t)sizeof(h) || elf_header(h, sizeof(h), &id) == -1 ||
	    id.machine != e->v->machine) {
		ev(r,
		    " is no program of this machine: binfmt_misc's "
		    "interpreter runs it");
		return CHECK_OK;
	}
	if (relative) {
		ev(r, " is relative: the process's directory may have changed");
		return CHECK_NODATA;
	}
	ev(r, " is another program than the executable");
	return CHECK_FAIL;
}
/*
 * AT_EXECFN names the file that runs (fs/exec.c: the path given to
 * execve): the executable, or a #! script its interpreter runs, or a file
 * binfmt_misc hands to one (not an ELF program of the vector's machine).
 * A process's path is resolved in its root or, relative, its working
 * directory, which may have changed since: no data then.
 */
enum check_res
rule_execfn(const struct check_env *e, struct check_result *r)
{
	const struct decoded *d = check_dec(e, AT_NUM_EXECFN);
	const int self = e->v->kind == SRC_SELF;
	char path[PATH_MAX + 64], name[PATH_MAX];
	struct stat fs, xs;

	if (d == NULL)
		return check_nodata(r, "no AT_EXECFN");
	if (!d->readable || d->truncated || d->strlen >= sizeof(name) ||
	    memchr(d->str, '\0', d->strlen) != NULL)
		return check_nodata(r, "AT_EXECFN not readable");
	memcpy(name, d->str, d->strlen);
	name[d->strlen] = '\0';
	if (self)
		snprintf(path, sizeof(path), "%s", name);
	else
		proc_path(&e->proc, path, sizeof(path),
		    name[0] == '/' ? "root" : "cwd/", name);
	ev(r, "AT_EXECFN \"%.*s\"", (int)(d->strlen < 64 ? d->strlen : 64),
	    d->str);
	if ((self && e->exe_path[0] != '\0'
	            ? proc_stat_path(e->exe_path, &xs)
	            : proc_exe_stat(&e->proc, &xs)) == -1)
		return check_nodata(
		    r, "; the executable not found (replaced?)");
	if (proc_stat_path(path, &fs) == -1)
		return check_nodata(r,
		    !self && name[0] != '/'
		        ? ": relative, and the process's directory no longer "
		          "holds it"
		        : ": no such file now");
	if (fs.st_dev == xs.st_dev && fs.st_ino == xs.st_ino) {
		ev(r, " is the executable");
		return CHECK_OK;
	}
	return execfn_other(e, r, path, !self && name[0] != '/');
}
