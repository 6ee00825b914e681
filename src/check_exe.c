/*
 * --check's rules on the executable: its program headers and entry, the
 * IDs it runs with, the file AT_EXECFN names (its interpreter:
 * check_base.c).
 */
#include <errno.h>
#include <inttypes.h>
#include <linux/magic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "at.h"
#include "check_rule.h"
#include "elfdefs.h"
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
		return check_fail(e, r, F_MEM | F_EXE);
	}
	for (i = 0; i < e->nph; i++)
		if (memcmp(&e->fo->pi.ph[i], &e->ph[i], sizeof(e->ph[i])) !=
		    0) {
			ev(r,
			    "AT_PHDR 0x%" PRIx64 ": header %zu (type 0x%" PRIx32
			    ") differs from the executable's (type 0x%" PRIx32
			    ")",
			    phdr, i, e->fo->pi.ph[i].type, e->ph[i].type);
			return check_fail(e, r, F_MEM | F_EXE);
		}
	ev(r,
	    "AT_PHDR 0x%" PRIx64
	    " holds the executable's %zu headers of %u bytes",
	    phdr, e->nph, e->exe.phentsize);
	if (e->have_bias)
		ev(r, ", load bias 0x%" PRIx64 " (from %s)", e->bias,
		    e->bias_from);
	return CHECK_OK;
}

/*
 * Where the kernel puts the headers, in *want from Linux 5.18 on and in
 * *old before (see rule_phdr): 1, or 0 where no PT_LOAD holds them; -1
 * where the executable has no PT_LOAD.
 */
static int
phdr_want(const struct check_env *e, uint64_t *want, uint64_t *old)
{
	size_t i, first = e->nph, last = e->nph;

	for (i = 0; i < e->nph; i++) {
		if (e->ph[i].type != PT_LOAD)
			continue;
		if (first == e->nph)
			first = i;
		if (e->ph[i].offset <= e->exe.phoff &&
		    e->exe.phoff - e->ph[i].offset < e->ph[i].filesz)
			last = i;
	}
	if (first == e->nph)
		return -1;
	*want = e->bias +
	    (last == e->nph
	            ? 0
	            : e->exe.phoff - e->ph[last].offset + e->ph[last].vaddr);
	*old =
	    e->ph[first].vaddr - e->ph[first].offset + e->exe.phoff + e->bias;
	return last != e->nph;
}

/*
 * AT_PHDR, AT_PHENT, AT_PHNUM: the executable's e_phentsize, e_phnum and
 * headers, at an address a kernel computes (fs/binfmt_elf.c
 * load_elf_binary), plus the load bias:
 *   Linux 5.18 to 7.3 (commit 0da1d5002745, "Fix AT_PHDR for unusual ELF
 *   files"): e_phoff within the last PT_LOAD whose file bytes hold it, or
 *   the load bias alone where none does (phdr_addr stays 0);
 *   Linux 2.6 to 5.17: the first PT_LOAD's p_vaddr - p_offset, plus
 *   e_phoff, held or not.
 * Either is accepted: a vector of a checkpoint restored, or of an
 * emulator, need not be this kernel's.  Headers no PT_LOAD holds are not
 * in memory to compare.
 *
 * What it reads, and whether the process can change it after exec: the
 * executable's file (replaced: the exe link says "(deleted)", and it is
 * read through the link), the memory map and the headers in memory
 * (mprotect, munmap, a write: F_MEM).
 */
enum check_res
rule_phdr(const struct check_env *e, struct check_result *r)
{
	const struct auxv_vec *v = e->v;
	uint64_t phdr = 0, phent = 0, phnum = 0, want = 0, old = 0;
	int held;

	if (!vec_find(v, AT_NUM_PHDR, &phdr) ||
	    !vec_find(v, AT_NUM_PHENT, &phent) ||
	    !vec_find(v, AT_NUM_PHNUM, &phnum)) {
		ev(r, "AT_PHDR, AT_PHENT or AT_PHNUM absent");
		return CHECK_FAIL;
	}
	/*
	 * A PID's exe link may name another file than the one exec ran
	 * (PR_SET_MM_EXE_FILE, once that one is unmapped): its headers are
	 * evidence only where the file is mapped, and at an address only
	 * where a fact exec fixed gives the load bias (check_env.c
	 * exe_bias).
	 */
	if (v->kind == SRC_PID && !e->have_bias)
		return check_nodata(r,
		    e->bias_from != NULL
		        ? e->bias_from
		        : "the executable is not in the memory map: its exe "
		          "link may name another file than exec ran");
	if (phent != e->exe.phentsize || phnum != e->exe.phnum) {
		ev(r,
		    "AT_PHENT %" PRIu64 ", AT_PHNUM %" PRIu64
		    "; the executable's e_phentsize %u, e_phnum %u",
		    phent, phnum, e->exe.phentsize, e->exe.phnum);
		return check_fail(e, r, F_EXE);
	}
	/* Without a PT_LOAD the headers have no address to compare with. */
	if (!e->have_bias || (held = phdr_want(e, &want, &old)) == -1)
		return phdr_mem(e, r, phdr);
	if (phdr != want && phdr != old) {
		ev(r,
		    "AT_PHDR 0x%" PRIx64 "; the executable's e_phoff 0x%" PRIx64
		    " is loaded at 0x%" PRIx64 " (Linux 5.18 on) or 0x%" PRIx64
		    " (before), load bias 0x%" PRIx64 " (from %s)",
		    phdr, e->exe.phoff, want, old, e->bias, e->bias_from);
		return check_fail(e, r, F_EXE);
	}
	/*
	 * Headers no PT_LOAD holds: before 5.18 the address may still hold
	 * them (a PT_LOAD's page past its file bytes), compared where so.
	 */
	if (!held && (phdr == want || e->fo->phdrs != FOLLOW_READ)) {
		ev(r,
		    "AT_PHDR 0x%" PRIx64 ": no PT_LOAD holds e_phoff 0x%" PRIx64
		    ", the kernel gives %s",
		    phdr, e->exe.phoff,
		    phdr == want ? "the load bias (Linux 5.18 on)"
		                 : "the first PT_LOAD's address of e_phoff "
		                   "(before Linux 5.18)");
		return CHECK_OK;
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
	    " + load bias 0x%" PRIx64 " (from %s) = 0x%" PRIx64,
	    entry, e->exe.entry, e->bias, e->bias_from, e->exe.entry + e->bias);
	return entry == e->exe.entry + e->bias ? CHECK_OK
	                                       : check_fail(e, r, F_EXE);
}

/*
 * id, of our user namespace (status shows the reader's: fs/proc/array.c
 * from_kuid_munged), as the process's namespace names it, through map,
 * its uid_map or gid_map ("inside outside count" lines, the outside as
 * the reader sees it: user_namespaces(7)): 0, or -1 where none maps it.
 * map_line reads one line's three numbers: 0, or -1 at the end.
 */
static int
map_line(const char **map, uint64_t f[3])
{
	size_t k;

	for (k = 0; k < 3; k++)
		if (proc_num(map, 10, &f[k]) == -1)
			return -1;
	return 0;
}

static int
ns_id(const char *map, uint64_t id, uint64_t *in)
{
	/* first (inside), lower (outside), count */
	uint64_t f[3];

	while (map_line(&map, f) == 0)
		if (id >= f[1] && id - f[1] < f[2]) {
			*in = f[0] + (id - f[1]);
			return 0;
		}
	return -1;
}

/*
 * The IDs of status (id: real, effective, saved; user then group) put in
 * the process's user namespace where it is another than ours: 1 if so,
 * 0 where it is ours (or the maps can't be read), -1 where an ID has no
 * name there.
 */
static int
ids_in_ns(const struct check_env *e, uint64_t id[2][3])
{
	static const char files[2][8] = { "uid_map", "gid_map" };
	char map[2][4096];
	const char *p;
	uint64_t f[3];
	size_t i, j;
	int ident = 1;

	for (i = 0; i < 2; i++) {
		if (proc_text(&e->proc, files[i], map[i], sizeof(map[i])) == -1)
			return 0;
		/* The initial namespace's: one line, every ID itself. */
		p = map[i];
		ident &= map_line(&p, f) == 0 && f[0] == 0 && f[1] == 0 &&
		    f[2] == UINT32_MAX && map_line(&p, f) == -1;
	}
	if (ident)
		return 0;
	for (i = 0; i < 2; i++)
		for (j = 0; j < 3; j++)
			if (ns_id(map[i], id[i][j], &id[i][j]) == -1)
				return -1;
	return 1;
}

/*
 * AT_SECURE and the capabilities exec left self, whose IDs are the
 * vector's and no set-ID (security/commoncap.c cap_bprm_creds_from_file,
 * alike from Linux 4.14 to 7.3): a real UID other than its namespace's
 * root whose permitted set grew beyond the ambient one is a
 * privilege-elevated exec, AT_SECURE 1.  Self alone: it has changed
 * neither since (a PID may have dropped capabilities, and -e runs under
 * ptrace, which keeps them from being raised).  An AT_SECURE 1 that
 * neither explains is said: an LSM may set it.
 */
static enum check_res
secure_caps(const struct check_env *e, struct check_result *r, uint64_t secure,
    uint64_t ruid)
{
	uint64_t prm = 0, amb = 0;

	if (proc_status(&e->proc, "\nCapPrm:", 16, &prm, 1) == -1 ||
	    proc_status(&e->proc, "\nCapAmb:", 16, &amb, 1) == -1) {
		if (secure != 0)
			ev(r, "; AT_SECURE 1 (capabilities not readable)");
		return CHECK_OK;
	}
	if (ruid != 0 && (prm & ~amb) != 0) {
		ev(r,
		    "; CapPrm 0x%" PRIx64 " beyond CapAmb 0x%" PRIx64
		    " with a real UID not root: exec raised capabilities, "
		    "AT_SECURE %" PRIu64,
		    prm, amb, secure);
		return secure != 0 ? CHECK_OK : CHECK_FAIL;
	}
	if (secure != 0)
		ev(r,
		    "; AT_SECURE 1, which neither IDs nor capabilities "
		    "explain (an LSM may set it)");
	return CHECK_OK;
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
	uint64_t id[2][3];
	size_t i;
	int same = 1, ns = 0;

	for (i = 0; i < 4; i++)
		if (!vec_find(e->v, types[i], &at[i]))
			return check_absent(r, types[i]);
	/*
	 * Self's too from the kernel's status, never from getuid() and kin,
	 * which a preload may replace (fakeroot's say root); in our own
	 * user namespace, which is the one status names them in.
	 */
	if (proc_status(&e->proc, "\nUid:", 10, id[0], 3) == -1 ||
	    proc_status(&e->proc, "\nGid:", 10, id[1], 3) == -1)
		return check_nodata(r, "process status not readable");
	if (e->v->kind != SRC_SELF && (ns = ids_in_ns(e, id)) == -1)
		return check_nodata(r,
		    "the process is in another user namespace, whose "
		    "uid_map or gid_map names none of its IDs");
	ev(r,
	    "AT_UID/EUID/GID/EGID %" PRIu64 "/%" PRIu64 "/%" PRIu64 "/%" PRIu64
	    "; the process %" PRIu64 "/%" PRIu64 "/%" PRIu64 "/%" PRIu64,
	    at[0], at[1], at[2], at[3], id[0][0], id[0][1], id[1][0], id[1][1]);
	if (ns == 1)
		ev(r,
		    " in its user namespace (status's IDs mapped by its "
		    "uid_map and gid_map)");
	for (i = 0; i < 4; i++)
		same &= at[i] == id[i / 2][i % 2];
	(void)vec_find(e->v, AT_NUM_SECURE, &secure);
	if ((at[0] != at[1] || at[2] != at[3]) && secure == 0) {
		ev(r, "; AT_SECURE 0 where they differ");
		return CHECK_FAIL;
	}
	if (same && e->v->kind == SRC_SELF && at[0] == at[1] && at[2] == at[3])
		return secure_caps(e, r, secure, id[0][0]);
	if (same)
		return CHECK_OK;
	/*
	 * exec sets the saved IDs to the effective ones (execve(2)): where
	 * those are still the vector's, a process that changed its IDs
	 * since (a daemon that drops them) is said to have.
	 */
	if (id[0][2] == at[1] && id[1][2] == at[3])
		ev(r, "; saved IDs %" PRIu64 "/%" PRIu64 " are the vector's",
		    id[0][2], id[1][2]);
	return check_fail(e, r, F_IDS);
}

/*
 * Why a name the kernel wrote for a descriptor or a /proc file is not
 * resolved in our view, or NULL: each is the calling process's own at
 * exec (fs/exec.c do_execveat_common: "/dev/fd/N" for fexecve's
 * execveat(fd, "", AT_EMPTY_PATH), "/dev/fd/N/name" for a name under a
 * directory descriptor), and its descriptors may be closed since (a
 * close-on-exec one is, by the exec itself); /proc/self is whoever
 * reads it.
 */
static const char *
execfn_foreign(const char *name)
{
	if (strncmp(name, "/dev/fd/", 8) == 0)
		return strchr(name + 8, '/') != NULL
		    ? ": names a file under a directory descriptor of the "
		      "process at exec (execveat)"
		    : ": names a descriptor of the process at exec (fexecve)";
	if (strcmp(name, "/proc/self/exe") == 0 ||
	    strcmp(name, "/proc/thread-self/exe") == 0)
		return ": names the executable of the process that called "
		       "exec (/proc/self/exe), not ours";
	if (strncmp(name, "/proc/", 6) == 0 && strstr(name, "/fd/") != NULL)
		return ": names a descriptor of the process at exec "
		       "(fexecve through /proc)";
	if (strncmp(name, "/proc/", 6) == 0)
		return ": names a file of /proc, which each process sees "
		       "its own way";
	return NULL;
}

/*
 * Whether self's executable may have been renamed or removed since our
 * exec: its inode changed (ctime: rename(2), unlink(2) and link(2) set
 * it) at or after our start, less a second for file systems that keep
 * whole seconds.
 */
static int
self_exe_changed(const struct check_env *e, const struct stat *xs)
{
	struct timespec now, up;
	uint64_t start;
	long tck = sysconf(_SC_CLK_TCK);

	if (tck <= 0 ||
	    proc_stat(&e->proc, PROC_STAT_STARTTIME, &start) == -1 ||
	    syscall(SYS_clock_gettime, CLOCK_REALTIME, &now) == -1 ||
	    syscall(SYS_clock_gettime, CLOCK_BOOTTIME, &up) == -1)
		return 1;
	return xs->st_ctim.tv_sec + 1 >=
	    now.tv_sec - (up.tv_sec - (time_t)(start / (uint64_t)tck));
}

/*
 * AT_EXECFN's file at path, which is not the executable: a #! script, a
 * file binfmt_misc hands to an interpreter, or another program, which
 * rests on the file at the path now (and, for self, on its executable
 * neither removed nor renamed).
 */
static enum check_res
execfn_other(const struct check_env *e, struct check_result *r,
    const char *path, const struct stat *xs)
{
	unsigned char h[ELF_ID_LEN];
	struct elf_id id;
	char exe[PATH_MAX];
	ssize_t n;
	size_t len;

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
	ev(r, " is another program than the executable");
	len = proc_exe(&e->proc, exe, sizeof(exe)) == 0 ? strlen(exe) : 0;
	if (len > 10 && strcmp(exe + len - 10, " (deleted)") == 0) {
		ev(r, "; the executable's file is deleted");
		return check_fail(e, r, F_SEEN);
	}
	if (e->v->kind == SRC_SELF && self_exe_changed(e, xs)) {
		ev(r, "; our executable was renamed or removed");
		return check_fail(e, r, F_SEEN);
	}
	return check_fail(e, r, F_EXE | F_PATH);
}

/*
 * A name quoted into r's evidence: whole up to EXECFN_EV bytes, else
 * its first EXECFN_EV bytes, marked as cut, with its length.
 */
#define EXECFN_EV 200
static void
ev_name(struct check_result *r, const char *s, size_t len)
{
	if (len <= EXECFN_EV)
		ev(r, "\"%.*s\"", (int)len, s);
	else
		ev(r, "\"%.*s\"... (cut, %zu bytes)", EXECFN_EV, s, len);
}

/*
 * Why the executable could not be looked at (errno from its stat): a
 * path the kernel's map gives that is longer than PATH_MAX, /proc not
 * mounted, a file deleted since exec; no data.
 */
static enum check_res
exe_unseen(const struct check_env *e, struct check_result *r)
{
	const size_t len = strlen(e->exe_path);
	const int err = errno;
	struct stat st;

	if (err == ENAMETOOLONG)
		return check_nodata(
		    r, "; the executable's path is longer than PATH_MAX");
	if (proc_stat_path("/proc/self", &st) == -1)
		return check_nodata(r, "; /proc is not mounted");
	if (len > 10 && strcmp(e->exe_path + len - 10, " (deleted)") == 0)
		return check_nodata(
		    r, "; the executable was deleted since exec");
	ev(r, "; the executable not found: %s", strerror(err));
	return CHECK_NODATA;
}

/*
 * Self's AT_EXECFN that names no file: a producer that gave argv[0],
 * where the kernel gives the path execve was given, which resolved from
 * the directory the process had at exec.  It FAILs only where nothing
 * since exec explains it: AT_EXECFN is argv[0] (main's, on the stack),
 * relative; its lookup fails on its last
 * component (ENOENT, ENOTDIR) while its directory resolves, not on
 * procfs (execv("3") in /proc/PID/fd names a descriptor the exec
 * closed); no object of the link map was preloaded (its constructor may
 * have changed directory); the executable kept its name.  Else no data:
 * a loader's argv[0], or a file removed since our exec.
 */
static enum check_res
execfn_unfound(const struct check_env *e, struct check_result *r,
    const char *name, const struct stat *xs)
{
	const size_t len = strlen(name);
	const char *slash = strrchr(name, '/');
	const int err = errno;
	char argv0[PATH_MAX], dir[PATH_MAX];
	struct statfs here, there;
	uintptr_t at; /* argv[0], a word of self's own size */
	struct stat ds;

	if (name[0] == '/' || (err != ENOENT && err != ENOTDIR) ||
	    e->preloads != 0 ||
	    mem_get(&e->v->mem, e->v->argv, &at, sizeof(at), NULL) !=
	        sizeof(at) ||
	    mem_get(&e->v->mem, at, argv0, len + 1, NULL) != len + 1 ||
	    memcmp(argv0, name, len + 1) != 0)
		return check_nodata(r,
		    ": names no file (a loader's argv[0], or a file removed "
		    "since our exec)");
	snprintf(dir, sizeof(dir), "%.*s",
	    slash != NULL ? (int)(slash - name + 1) : 1,
	    slash != NULL ? name : ".");
	if (stat(dir, &ds) == -1 || !S_ISDIR(ds.st_mode) ||
	    statfs(".", &here) == -1 || statfs(dir, &there) == -1 ||
	    here.f_type == PROC_SUPER_MAGIC ||
	    there.f_type == PROC_SUPER_MAGIC || self_exe_changed(e, xs))
		return check_nodata(r,
		    ": names no file (a name under /proc, or a file renamed "
		    "or removed since our exec)");
	ev(r,
	    " is argv[0], relative, and names no file in our working "
	    "directory (%s), where exec found it: the kernel gives the "
	    "path execve was given",
	    strerror(err));
	return CHECK_FAIL;
}

/*
 * -e: AT_EXECFN is the very path auxv gave execve (fs/exec.c
 * do_execveat_common copies bprm->filename, the path as given for
 * AT_FDCWD, to the stack before any binary handler runs, so a #! script
 * or binfmt_misc's interpreter keeps it; since 2.6.26, where AT_EXECFN
 * came): read at the exec's stop, before the program ran, the string
 * cannot have changed.  A name under /proc or /dev/fd that an emulator
 * may exec as another path (qemu-user's /proc/self/exe) is not held.
 */
static enum check_res
execfn_given(const char *given, const char *name, struct check_result *r)
{
	if (strcmp(name, given) == 0) {
		ev(r, " is the path auxv gave execve");
		return CHECK_OK;
	}
	ev(r, " is not ");
	ev_name(r, given, strlen(given));
	ev(r, ", the path auxv gave execve");
	if (execfn_foreign(given) != NULL) {
		ev(r, " (which an emulator may exec under another name)");
		return CHECK_NODATA;
	}
	return CHECK_FAIL;
}

/*
 * AT_EXECFN names the file that runs (fs/exec.c: the path given to
 * execve): the executable, or a #! script its interpreter runs, or a file
 * binfmt_misc hands to one (not an ELF program of the vector's machine).
 *
 * What it reads, and whether the process can change it after exec: the
 * string (the stack's: a process may rewrite it); the file at that path
 * now, in the process's root or, relative, its working directory (a
 * rename, an upgrade, an alternatives link flipped, chroot(2), chdir(2):
 * a PID's is never evidence against the vector, only for it); the exe
 * link (PR_SET_MM_EXE_FILE; "(deleted)" once its file is removed).
 * -e is held to the path auxv gave execve (execfn_given); self fails
 * only where its executable kept its name, and a name that resolves to
 * no file is no data: a loader may have given its argv[0].
 */
enum check_res
rule_execfn(const struct check_env *e, struct check_result *r)
{
	const struct decoded *d = check_dec(e, AT_NUM_EXECFN);
	const int self = e->v->kind == SRC_SELF;
	char path[PROC_PATH_MAX], name[PATH_MAX];
	const char *why;
	struct stat fs, xs;

	if (d == NULL)
		return check_nodata(r, "no AT_EXECFN");
	if (!d->readable || d->truncated || d->strlen >= sizeof(name) ||
	    memchr(d->str, '\0', d->strlen) != NULL)
		return check_nodata(r, "AT_EXECFN not readable");
	memcpy(name, d->str, d->strlen);
	name[d->strlen] = '\0';
	ev(r, "AT_EXECFN ");
	ev_name(r, d->str, d->strlen);
	if (e->v->kind == SRC_EXEC && e->v->execpath != NULL)
		return execfn_given(e->v->execpath, name, r);
	if ((why = execfn_foreign(name)) != NULL)
		return check_nodata(r, why);
	check_path(e, name, path, sizeof(path));
	if ((self && e->exe_path[0] != '\0'
	            ? proc_stat_path(e->exe_path, &xs)
	            : proc_exe_stat(&e->proc, &xs)) == -1)
		return exe_unseen(e, r);
	if (proc_stat_path(path, &fs) == -1)
		return self
		    ? execfn_unfound(e, r, name, &xs)
		    : check_nodata(r,
		          name[0] != '/' ? ": relative, and the process's "
		                           "directory no longer holds it"
		                         : ": no such file now");
	if (fs.st_dev == xs.st_dev && fs.st_ino == xs.st_ino) {
		ev(r, " is the executable");
		return CHECK_OK;
	}
	return execfn_other(e, r, path, &xs);
}
