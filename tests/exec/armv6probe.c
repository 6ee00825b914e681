/*
 * probe.bats' harness of 32-bit arm's probe table on a CPU without
 * Thumb-2 (qemu-arm -cpu arm1176, ARMv6), where Debian's armhf libc
 * does not start: freestanding, built -march=armv6 -marm with
 * src/probe_arm.c and src/probe_arm.S, no libc.  "armv6probe HWCAP
 * HWCAP2" runs each row that probe_runs() lets run for those words,
 * each in a child of its own (fork, wait4), and prints a line per row:
 * its instruction, then "not run", "ran" (the stub returned), "SIGILL",
 * or "status N" (anything else: the stub went elsewhere).  Where the
 * table runs a row only where claimed, the stub is never entered.
 */
#include <stddef.h>
#include <stdint.h>

#include "probe.h"

/* ARM EABI system calls: number in r7, svc 0. */
enum { NR_EXIT_GROUP = 248, NR_FORK = 2, NR_WRITE = 4, NR_WAIT4 = 114 };

static long
sys4(long nr, long a, long b, long c, long d)
{
	register long r0 __asm__("r0") = a;
	register long r1 __asm__("r1") = b;
	register long r2 __asm__("r2") = c;
	register long r3 __asm__("r3") = d;
	register long r7 __asm__("r7") = nr;

	__asm__ volatile("svc #0"
	                 : "+r"(r0)
	                 : "r"(r1), "r"(r2), "r"(r3), "r"(r7)
	                 : "memory");
	return r0;
}

static void __attribute__((noreturn)) leave(int st)
{
	for (;;)
		sys4(NR_EXIT_GROUP, st, 0, 0, 0);
}

static void
put(const char *s)
{
	size_t n = 0;

	while (s[n] != '\0')
		n++;
	sys4(NR_WRITE, 1, (long)s, (long)n, 0);
}

static void
putnum(unsigned int v)
{
	char b[12], *p = b + sizeof(b) - 1;

	*p = '\0';
	do
		*--p = (char)('0' + v % 10);
	while ((v /= 10) != 0);
	put(p);
}

/* A number in decimal or 0x hex, as the shell passes HWCAP words. */
static uint64_t
num(const char *s)
{
	uint64_t v = 0;
	unsigned int base = 10, d;

	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		base = 16;
		s += 2;
	}
	for (; *s != '\0'; s++) {
		if (*s >= '0' && *s <= '9')
			d = (unsigned int)(*s - '0');
		else if ((*s | 0x20) >= 'a' && (*s | 0x20) <= 'f')
			d = (unsigned int)((*s | 0x20) - 'a' + 10);
		else
			leave(2);
		if (d >= base)
			leave(2);
		v = v * base + d;
	}
	return v;
}

void cmain(long *);

void __attribute__((noreturn)) cmain(long *sp)
{
	const struct probe *p;
	char **argv = (char **)(sp + 1);
	uint64_t hw[PROBE_WORDS];
	size_t i, n;
	long pid;
	int st;

	if (sp[0] != 3)
		leave(2);
	hw[0] = num(argv[1]);
	hw[1] = num(argv[2]);
	n = probe_rows(&p);
	for (i = 0; i < n; i++) {
		put(p[i].insn);
		put(": ");
		if (!probe_runs(i, hw)) {
			put("not run\n");
			continue;
		}
		if ((pid = sys4(NR_FORK, 0, 0, 0, 0)) == 0) {
			probe_stub(i);
			leave(0);
		}
		st = 0;
		if (pid < 0 || sys4(NR_WAIT4, pid, (long)&st, 0, 0) != pid)
			leave(1);
		if (st == 0)
			put("ran\n");
		else if ((st & 0x7f) == 4)
			put("SIGILL\n");
		else {
			put("status ");
			putnum((unsigned int)st);
			put("\n");
		}
	}
	leave(0);
}

/* The kernel's entry: argc at sp, argv above it. */
__asm__(".text\n"
        ".globl _start\n"
        ".type _start, %function\n"
        "_start:\n"
        "\tmov r0, sp\n"
        "\tbl cmain\n");
