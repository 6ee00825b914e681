/*
 * Sources: each one produces the raw bytes of a vector, what it knows of
 * their layout, and a reader of the memory its pointers point into;
 * src_parse() then settles what layout the source left open and parses,
 * the same for all.  A source never prints; it fills struct diag and
 * returns -1.
 *
 * auxv installs no signal handler, so no system call of a source fails
 * with EINTR (signal(7)), and a source retries none for it.
 */
#ifndef AUXV_SOURCE_H
#define AUXV_SOURCE_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "bounds.h"
#include "elfcore.h"
#include "procmem.h"
#include "vec.h"

struct jbuf;
struct opts;
struct src_proc;

/*
 * What a source knows of its vector's word size, byte order and machine,
 * for src_layout():
 *   LAY_HOST   the build's own (our own vector);
 *   LAY_OPTS   --arch, --word-size and --endian, else the build's (a raw
 *              file);
 *   LAY_GIVEN  set by the source: from an ELF header or a JSON vector's
 *              fields (a core, a saved vector), or by src_pid() for a
 *              process;
 *   LAY_PARSED set by the source, which parsed the vector with it, with
 *              no fault (src_pid(), to check its guess).
 */
enum src_layout { LAY_HOST, LAY_OPTS, LAY_GIVEN, LAY_PARSED };

struct source {
	struct auxv_vec vec;
	enum src_layout lay;
	char label[32];
	char comm[AUXV_COMM_MAX];
	char exe[PATH_MAX];
	char execpath[PATH_MAX]; /* -e: the path given to execve */
	char why[DIAG_MSG_MAX];  /* a diag reason: a bound, a saved failure's */
	int fd;                  /* a core; -1 */
	pid_t child;             /* -e: traced child to kill; 0 */
	struct src_proc *proc;   /* src_pid()'s room: the holder's, kept */
	struct procmem pm;       /* a process's memory, PID or self */
	unsigned char *data;     /* a file held in memory (malloc) */
	struct jbuf *json;       /* JSON Lines read on object by object */
	size_t datalen;
	struct elf_load *loads; /* a core's PT_LOADs (malloc) */
	size_t nloads;
	unsigned char rawbuf[AUXV_MAX_RAW];
	struct auxv_ent ent[AUXV_MAX_ENTRIES];
};

void src_init(struct source *);
void src_close(struct source *);
int src_self(struct source *, const struct opts *, int, char **, struct diag *);
int src_file(
    struct source *, const struct opts *, const char *, pid_t, struct diag *);
int src_exec(
    struct source *, const struct opts *, char *const[], struct diag *);
int src_self_cpuid(uint32_t, uint32_t *);
int src_self_sve_vl(void);
void src_layout(struct source *, const struct opts *);
int src_parse(struct source *, const struct opts *, struct diag *);

#endif
