/*
 * Every bound on input lives here, so that each read has a stated limit.
 */
#ifndef AUXV_BOUNDS_H
#define AUXV_BOUNDS_H

#include <limits.h>

/* The number of rows of a table: the bound of every loop over one. */
#define NITEMS(a) (sizeof(a) / sizeof((a)[0]))

/*
 * A process's memory is read ahead, in one call, at each string and
 * random bytes its vector points to (this many bytes at a string), and
 * at the vDSO and program headers; then, in one more, at what those
 * point to.  All of it in a window of AUXV_PID_WINDOW; a read past them
 * is made on its own.
 */
#define AUXV_PID_AHEAD  256
#define AUXV_PID_WINDOW (72 * 1024)

/*
 * Spans the decoders may name for a process's first read ahead: more
 * than a kernel's vector asks for (strings, random bytes, the vDSO and
 * the program headers: under 10); a crafted vector's past these are
 * read when decoded.
 */
#define AUXV_AHEAD_SPANS 64

/*
 * A read of target memory stops at the end of one of these blocks, so
 * that it never runs from a readable page into an unreadable one.
 */
#define AUXV_MEM_BLOCK 4096u

/* Entries in one vector, AT_NULL excluded; more is refused as too large. */
#define AUXV_MAX_ENTRIES 4096

/* Bytes of a raw vector: the entries, AT_NULL, and nothing more. */
#define AUXV_MAX_RAW ((AUXV_MAX_ENTRIES + 1) * 16)

/* A dereferenced string (AT_EXECFN, AT_PLATFORM, ...), NUL excluded. */
#define AUXV_MAX_STR PATH_MAX

/* Bytes at AT_RANDOM. */
#define AUXV_RANDOM_LEN 16

/* All strings of one vector together; past this they show as unreadable. */
#define AUXV_STR_POOL (64 * 1024)

/* A core read from standard input is held in memory up to this size. */
#define AUXV_MAX_STDIN (1024UL * 1024 * 1024)

/*
 * One object of a JSON save read back (-f): the text is read object by
 * object, and one longer than this is refused as too large.
 */
#define AUXV_MAX_JSON_OBJECT (16UL * 1024 * 1024)

/* The NT_FILE or NT_PRPSINFO note read for a core's names. */
#define ELF_MAX_NAMES_NOTE (4UL * 1024 * 1024)

/* Program headers and note bytes walked in one core. */
#define AUXV_MAX_PHDRS 65536
#define AUXV_MAX_NOTES (64UL * 1024 * 1024)

/* How long -f waits for a writer on a FIFO. */
#define AUXV_FIFO_WAIT_MS 10000

/*
 * What AT_SYSINFO_EHDR and AT_PHDR point to: the most of a vDSO image
 * read (every architecture's is well below), and what is kept of it and
 * of the program headers; past these it is reported as malformed.
 */
#define AUXV_VDSO_MAX      (64 * 1024)
#define AUXV_VDSO_SECTIONS 64
#define AUXV_VDSO_VERS     16
#define AUXV_VDSO_SYMS     128
#define AUXV_BUILD_ID_MAX  64
#define AUXV_MAX_PHDRS_MEM 128
#define AUXV_MAX_INTERP    4096
#define AUXV_MAX_PROP_NOTE 1024
#define AUXV_MAX_PROPS     16

/*
 * --check: the mappings of /proc/PID/maps kept (the first so many), and
 * the most of it read; the bytes of /proc/PID/smaps read for the page
 * size (its first mapping's).
 */
#define AUXV_CHECK_MAPS       4096
#define AUXV_CHECK_MAPS_BYTES (8UL * 1024 * 1024)
#define AUXV_CHECK_SMAPS      4096
#define AUXV_CHECK_CPUINFO    16384
/*
 * argv and envp pointers --check walks, at most: the kernel's own bound
 * (MAX_ARG_STRINGS, include/uapi/linux/binfmts.h since 2.6.23), so that
 * auxv's bound is never a verdict.  The walk is bounded besides by the
 * mapping it starts in, read a block at a time: the stack, whose strings
 * and pointers bprm_stack_limits (fs/exec.c, 7.3) keeps within 6 MiB.
 */
#define AUXV_CHECK_ARGS 0x7FFFFFFF

/* A process's name: the kernel keeps 15 bytes (TASK_COMM_LEN). */
#define AUXV_COMM_MAX 64

/* Keys given with -k. */
#define AUXV_MAX_KEYS 64

/* The largest process ID taken: FUTEX_TID_MASK, above any pid_max. */
#define AUXV_PID_MAX 0x3fffffff

/* A vector read in the middle of an exec: read again, so often, so long. */
#define AUXV_EXEC_TRIES   5
#define AUXV_EXEC_WAIT_US 2000

#endif
