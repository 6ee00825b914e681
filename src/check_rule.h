/*
 * What --check's rules share: check_env.c gathers the facts, check.c
 * runs the table; the rules live by what they read, check_exe.c the
 * executable, check_kernel.c what the kernel gives each architecture and
 * CPU,
 * check_entries.c the entries of each ARCH_DLINFO, check_mem.c the
 * process's memory, check_procauxv.c self's saved vector, check_values.c
 * the values no other rule reads, check_base.c AT_BASE, check_probe.c
 * the HWCAP probes, vdsocheck.c the vDSO's image.  For those files
 * alone: the rest of auxv has check.h.
 */
#ifndef AUXV_CHECK_RULE_H
#define AUXV_CHECK_RULE_H

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "check.h"

/*
 * Appends to a rule's evidence; text past its room is cut (snprintf
 * leaves the room at least one byte, its NUL).
 */
#define ev(r, ...)                                                             \
	(void)snprintf((r)->ev + strlen((r)->ev),                              \
	    sizeof((r)->ev) - strlen((r)->ev), __VA_ARGS__)

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
	N_ARCH = 32, /* the vector's architecture */
	/*
	 * Held to the running kernel or this CPU: a PID's vector may be
	 * another machine's (a CRIU restore, PR_SET_MM_MAP), so there it
	 * confirms but never fails (see the provenance table in check.c).
	 */
	N_HERE = 64,
	/* auxv's own process: self, not a PID's or -e's vector */
	N_SELF = 128
};

/*
 * The facts a comparison rests on besides the vector and the
 * executable's file, for check_fail(): each a row of the provenance
 * table in check.c, which says for which sources it may have changed
 * since exec.
 */
enum {
	F_MEM = 1,  /* the process's memory now: headers, image, stack words */
	F_STAT = 2, /* stat's startstack and arg_start */
	F_MAPS = 4, /* its memory map now */
	F_PATH = 8, /* the file at a path now, in its root or directory */
	F_IDS = 16, /* its IDs now (status) */
	F_HERE =
	    32, /* the running kernel and this CPU, as the vector's maker */
	F_SEEN = 64, /* a fact auxv saw change since exec (the evidence says) */
	F_EXE = 128, /* the exe link names the program the vector is of */
	F_VEC = 256  /* a PID's /proc/PID/auxv, every FAIL's (check_walk) */
};
typedef enum check_res rule_fn(const struct check_env *, struct check_result *);

uint64_t check_pagesz(const struct check_env *);
void check_path(const struct check_env *, const char *, char *, size_t);
void check_gather(struct check_env *, const struct auxv_vec *, uint64_t);
void check_walk(struct check_env *);
const struct check_map *check_map_at(const struct check_env *, uint64_t);
const struct check_map *check_special(
    const struct check_env *, const struct check_map *);
const struct check_map *check_map_file(
    const struct check_env *, uint64_t, uint64_t);
enum check_res check_nodata(struct check_result *, const char *);
enum check_res check_absent(struct check_result *, uint64_t);
const char *check_unfixed(const struct check_env *, unsigned int);
enum check_res check_fail(
    const struct check_env *, struct check_result *, unsigned int);
const struct decoded *check_dec(const struct check_env *, uint64_t);
const char *check_lacks(const struct check_env *, unsigned int);
int check_first_load(int, struct elf_id *, struct elf_phdr *);
int check_self_loader(const struct check_env *, uint64_t *, int *);

rule_fn rule_phdr;
rule_fn rule_entry;
rule_fn rule_base;
rule_fn rule_ids;
rule_fn rule_execfn;
rule_fn rule_pagesz;
rule_fn rule_clktck;
rule_fn rule_hwcap;
rule_fn rule_hwcap_run;
rule_fn rule_platform;
rule_fn rule_entries;
rule_fn rule_sysinfo;
rule_fn rule_stack;
rule_fn rule_layout;
rule_fn rule_procauxv;
rule_fn rule_vdso_image;
rule_fn rule_values;
rule_fn rule_stack_align;
rule_fn rule_hwcap_base;
rule_fn rule_random;
rule_fn rule_hwcap_deps;
rule_fn rule_args;

#endif
