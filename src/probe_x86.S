/*
 * x86's probe stubs, for x86-64 and i386 builds alike (rows in
 * probe_x86_64.c and probe_i386.c): each runs one instruction and
 * returns.  They touch only registers the ABI lets a
 * call clobber and their own stack; monitor arms a wait nothing waits
 * on.  Never sysenter or anything else with effects beyond the process.
 */
/* The stack pointer and the registers used, by the build's mode. */
#ifdef __x86_64__
#define SP %rsp
#define AX %rax
#define BX %rbx
#define BP %rbp
#define ENDBR endbr64
#else
#define SP %esp
#define AX %eax
#define BX %ebx
#define BP %ebp
#define ENDBR endbr32
#endif

#if defined(__CET__) && (__CET__ & 1)
#define PROBE_PAD ENDBR
#endif
#include "probe_stub.h"

	.text

STUB(x86_fpu)
	fld1
	fstp	%st(0)
	ret
END(x86_fpu)

STUB(x86_tsc)
	rdtsc
	ret
END(x86_tsc)

/* cmpxchg8b on a stack word: EDX:EAX 0 equals it, ECX:EBX 0 stored. */
STUB(x86_cx8)
	push	BX
	sub	$16, SP
	xor	%eax, %eax
	xor	%edx, %edx
	xor	%ebx, %ebx
	xor	%ecx, %ecx
	mov	%eax, (SP)
	mov	%eax, 4(SP)
	cmpxchg8b (SP)
	add	$16, SP
	pop	BX
	ret
END(x86_cx8)

STUB(x86_cmov)
	xor	%eax, %eax
	cmove	%eax, %eax
	ret
END(x86_cmov)

STUB(x86_clflush)
	clflush	(SP)
	ret
END(x86_clflush)

STUB(x86_mmx)
	pxor	%mm0, %mm0
	emms
	ret
END(x86_mmx)

/* fxsave into 512 bytes of the stack, 16-aligned. */
STUB(x86_fxsr)
	push	BP
	mov	SP, BP
	sub	$512, SP
	and	$-16, SP
	fxsave	(SP)
	leave
	ret
END(x86_fxsr)

STUB(x86_sse)
	xorps	%xmm0, %xmm0
	ret
END(x86_sse)

STUB(x86_sse2)
	pxor	%xmm0, %xmm0
	ret
END(x86_sse2)

/* monitor: RAX (EAX) a valid address, ECX (extensions) and EDX (hints) 0. */
STUB(x86_monitor)
	mov	SP, AX
	xor	%ecx, %ecx
	xor	%edx, %edx
	monitor		/* (AX, %ecx, %edx: the operands are implicit) */
	ret
END(x86_monitor)

#ifdef __x86_64__
/* Undefined outside 64-bit mode (probe_x86_64.c). */
STUB(x86_rdfsbase)
	rdfsbase %rax
	ret
END(x86_rdfsbase)
#endif

	.section .note.GNU-stack, "", @progbits
#if defined(__CET__)
	/* GNU_PROPERTY_X86_FEATURE_1_AND: what the C objects say (IBT, SHSTK). */
	.section .note.gnu.property, "a"
#ifdef __x86_64__
	.p2align 3
	.long 4, 16, 5
	.asciz "GNU"
	.long 0xc0000002, 4, __CET__
	.p2align 3
#else
	.p2align 2
	.long 4, 12, 5
	.asciz "GNU"
	.long 0xc0000002, 4, __CET__
#endif
#endif
