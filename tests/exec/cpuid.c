/*
 * tests/check/'s oracle of the CPU a program sees: "cpuid LEAF" prints
 * EAX EBX ECX EDX of that leaf (subleaf 0) in hex, as this process's
 * CPUID instruction gives them (under qemu-user, its model CPU's), by
 * the compiler's <cpuid.h>, not by auxv.  Status 1 where the CPU has no
 * such leaf.
 */
#include <cpuid.h>
#include <stdio.h>
#include <stdlib.h>

int
main(int argc, char *argv[])
{
	unsigned int a, b, c, d;

	if (argc != 2)
		return 2;
	if (!__get_cpuid_count(
	        (unsigned int)strtoul(argv[1], NULL, 0), 0, &a, &b, &c, &d))
		return 1;
	printf("%#x %#x %#x %#x\n", a, b, c, d);
	return 0;
}
