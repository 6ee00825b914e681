/*
 * --check: a vector held against the process it belongs to and the rules
 * the kernel follows when it builds one (fs/binfmt_elf.c
 * create_elf_tables, each architecture's ARCH_DLINFO).  One table of
 * rules; each says ok, FAIL with both sides, or that the source lacks
 * what it needs.
 */
#ifndef AUXV_CHECK_H
#define AUXV_CHECK_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "bounds.h"
#include "decode.h"
#include "elfcore.h"
#include "follow.h"
#include "proc.h"
#include "vec.h"

enum check_res { CHECK_OK, CHECK_FAIL, CHECK_NODATA };

/* Evidence of one rule: both sides, as text (untrusted bytes included). */
#define CHECK_EV_LEN 512

struct check_result {
	const char *name; /* the rule's, from its table */
	enum check_res res;
	char ev[CHECK_EV_LEN];
};

/*
 * The stack as create_elf_tables wrote it, walked from argc (self:
 * main's; else startstack, sp): argc, envp's count, the vector's
 * address, the lowest string above it; bad, what is not as the kernel
 * writes it (fail: a fault of the stack, not of auxv's read), or NULL.
 */
struct stack_walk {
	uint64_t sp, argc, envc, vec, lo_str;
	const char *bad;
	int fail;
};

/* A mapping of /proc/PID/maps. */
struct check_map {
	uint64_t lo, hi, off, ino;
	unsigned int major, minor;
	unsigned char readable;
	unsigned char anon;    /* neither a file, [stack] nor [vdso] */
	unsigned char deleted; /* a file replaced or removed since mapped */
};

#define CHECK_RULES 22

/*
 * What the rules read besides the vector, filled by check_vector(): the
 * process's memory map, its executable's headers, the CPU.  Held by the
 * caller (large), zero-filled before the first use.
 */
struct check_env {
	const struct auxv_vec *v; /* as given */
	int live;         /* the vector of a running process: self, PID, -e */
	struct proc proc; /* a live source's: self, PID, or a live thread */
	int maps_ok;      /* maps was read */
	size_t nmaps;
	/* [stack] and [vdso] (hi 0: none), kept when maps is full. */
	struct check_map stack, vdso;
	const char *exe_why; /* why the executable has no data, or NULL */
	struct elf_id exe;
	size_t nph;
	int have_bias;
	uint64_t bias;
	const char *bias_from; /* the fact it came from, or why none */
	int have_ld; /* self: the dynamic linker that runs, its link map's */
	uint64_t ld; /* its load bias (check_self_loader) */
	/* self: objects of its link map nobody needs (preloads), or -1 */
	int preloads;
	uint64_t sp;        /* a process's startstack: where argc is, or 0 */
	uint64_t arg_start; /* and where its argv strings start, or 0 */
	struct stack_walk walk; /* the stack from argc: check_walk */
	unsigned int seen;      /* facts (F_*) seen changed since exec */
	const struct decoded *dec;
	size_t ndec;
	const struct followed *fo;
	/* The large rooms, past what check_vector() zeroes. */
	struct check_map maps[AUXV_CHECK_MAPS];
	char exe_path[PATH_MAX]; /* self: the file of our code */
	struct elf_phdr ph[AUXV_MAX_PHDRS_MEM];
	char interp[AUXV_MAX_INTERP]; /* "" when none */
	/* The running kernel, learnt at the first call, for all. */
	struct {
		int known;
		unsigned int ver; /* major * 1000 + minor, or 0 */
		uint64_t pagesz;  /* KernelPageSize, or 0 */
		int rseq;         /* built with rseq: it gives AT_RSEQ_* */
	} kernel;
};

size_t check_vector(struct check_env *, const struct auxv_vec *,
    const struct decoded *, size_t, const struct followed *,
    struct check_result *);

#endif
