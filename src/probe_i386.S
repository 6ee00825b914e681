/*
 * i386's probe stubs (rows in probe_i386.c): each runs one
 * instruction and returns.  They touch only registers the ABI lets a
 * call clobber and their own stack; monitor arms a wait nothing waits
 * on.  Never sysenter or anything else with effects beyond the process.
 */
#if defined(__CET__) && (__CET__ & 1)
#define LANDING endbr32
#else
#define LANDING
#endif

#define STUB(name)                                                             \
	.globl probe_##name;                                                   \
	.hidden probe_##name;                                                  \
	.type probe_##name, @function;                                         \
	probe_##name:                                                          \
	LANDING

#define END(name) .size probe_##name, .- probe_##name

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
	push	%ebx
	sub	$8, %esp
	xor	%eax, %eax
	xor	%edx, %edx
	xor	%ebx, %ebx
	xor	%ecx, %ecx
	mov	%eax, (%esp)
	mov	%eax, 4(%esp)
	cmpxchg8b (%esp)
	add	$8, %esp
	pop	%ebx
	ret
END(x86_cx8)

STUB(x86_cmov)
	xor	%eax, %eax
	cmove	%eax, %eax
	ret
END(x86_cmov)

STUB(x86_clflush)
	clflush	(%esp)
	ret
END(x86_clflush)

STUB(x86_mmx)
	pxor	%mm0, %mm0
	emms
	ret
END(x86_mmx)

/* fxsave into 512 bytes of the stack, 16-aligned. */
STUB(x86_fxsr)
	push	%ebp
	mov	%esp, %ebp
	sub	$512, %esp
	and	$-16, %esp
	fxsave	(%esp)
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

/* monitor: EAX a valid address, ECX (extensions) and EDX (hints) 0. */
STUB(x86_monitor)
	mov	%esp, %eax
	xor	%ecx, %ecx
	xor	%edx, %edx
	monitor		/* (%eax, %ecx, %edx: the operands are implicit) */
	ret
END(x86_monitor)

	.section .note.GNU-stack, "", @progbits
#if defined(__CET__)
	/* GNU_PROPERTY_X86_FEATURE_1_AND: what the C objects say (IBT, SHSTK). */
	.section .note.gnu.property, "a"
	.p2align 2
	.long 4, 12, 5
	.asciz "GNU"
	.long 0xc0000002, 4, __CET__
#endif
