/*
 * A system call without libc, on x86-64: src_self.c's, on the machine
 * whose instructions are counted (a libc call binds a symbol on every
 * run), and tests/exec/chainld.c's, which runs before any libc.
 */
#ifndef AUXV_RAWSYS_H
#define AUXV_RAWSYS_H

#if defined(__x86_64__)
static inline long
rawsys(long nr, long a, long b, long c, long d, long e, long f)
{
	register long rax __asm__("rax") = nr, rdi __asm__("rdi") = a,
	                  rsi __asm__("rsi") = b, rdx __asm__("rdx") = c,
	                  r10 __asm__("r10") = d, r8 __asm__("r8") = e,
	                  r9 __asm__("r9") = f;

	__asm__ volatile(
	    "syscall"
	    : "+r"(rax)
	    : "r"(rdi), "r"(rsi), "r"(rdx), "r"(r10), "r"(r8), "r"(r9)
	    : "rcx", "r11", "memory");
	return rax;
}
#endif

#endif
