/*
 * The error record that flows back from every module to main, which alone
 * words it on standard error: "auxv: WHAT: REASON".
 */
#ifndef AUXV_DIAG_H
#define AUXV_DIAG_H

#include <stddef.h>
#include <stdint.h>

struct diag {
	int err;            /* errno value, or 0 */
	const char *reason; /* when err says too little */
	uint64_t offset;    /* for malformed input */
	int has_offset;
	unsigned int flags;
#define DIAG_VANISHED 0x01 /* the process is gone: -a says nothing */
#define DIAG_KTHREAD  0x02 /* a kernel thread: -a says nothing */
#define DIAG_PERM     0x04 /* not ours to read: -a counts it */
#define DIAG_EXITED   0x08 /* with DIAG_VANISHED: a zombie, still listed */
#define DIAG_SAVED    0x10 /* a saved failure read back: the file goes on */
#define DIAG_NOCMD    0x20 /* -e: the command not found (127, as env(1)) */
#define DIAG_NOEXEC   0x40 /* -e: found, not executed (126, as env(1)) */
};

/* Room for diag_message()'s text: a reason and its offset, or errno's. */
#define DIAG_MSG_MAX 160

void diag_set(struct diag *, int, const char *);
void diag_at(struct diag *, const char *, uint64_t);
char *diag_errtext(int, char *, size_t);
const char *diag_message(const struct diag *, char *, size_t);

/*
 * c (a byte, as unsigned char gives it) with an ASCII capital lowered:
 * ASCII alone, since no locale is set (names and messages are ASCII).
 */
static inline int
ascii_lower(int c)
{
	return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c;
}

#endif
