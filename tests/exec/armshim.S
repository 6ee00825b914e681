/*
 * check/emu.bats' loader that builds its own stack, for 32-bit ARM: linked
 * into a static auxv as its entry (-Wl,-e,shim_start), it copies argc,
 * argv, envp and the vector 4 KiB below where the kernel (or qemu-arm)
 * put them, as a userland loader builds a program's stack, and starts
 * libc's _start there.  /proc/self/stat's startstack is then the
 * loader's stack, not where argc is, and glibc's arm _start writes
 * argv's address over argc (sysdeps/arm/start.S: pop, then push).
 * The strings and AT_RANDOM's bytes stay where they were, above.
 */
	.syntax unified
	.arm
	.text
	.globl shim_start
	.type shim_start, %function
shim_start:
	mov r4, sp		@ the kernel's: argc
	sub r5, sp, #4096	@ the new stack
	mov r6, r5
	ldr r7, [r4], #4	@ argc
	str r7, [r6], #4
1:	ldr r7, [r4], #4	@ argv, to its NULL
	str r7, [r6], #4
	cmp r7, #0
	bne 1b
2:	ldr r7, [r4], #4	@ envp, to its NULL
	str r7, [r6], #4
	cmp r7, #0
	bne 2b
3:	ldr r7, [r4], #4	@ the vector, to AT_NULL
	ldr r8, [r4], #4
	str r7, [r6], #4
	str r8, [r6], #4
	cmp r7, #0
	bne 3b
	mov sp, r5
	b _start
	.size shim_start, . - shim_start
	.section .note.GNU-stack,"",%progbits
