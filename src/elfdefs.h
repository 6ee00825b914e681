/*
 * <elf.h>, and the constants auxv names that a libc's <elf.h> may lack
 * (musl's has no GNU property types, nor the newer machines): values of
 * Linux include/uapi/linux/elf-em.h, of the GNU property notes of the
 * x86-64 and AArch64 psABIs and of the MIPS psABI's dynamic tags, as
 * glibc's <elf.h> has them.
 */
#ifndef AUXV_ELFDEFS_H
#define AUXV_ELFDEFS_H

#include <elf.h>

#ifndef EM_ARCV2
#define EM_ARCV2 195
#endif
#ifndef EM_LOONGARCH
#define EM_LOONGARCH 258
#endif
#ifndef DT_MIPS_RLD_MAP
#define DT_MIPS_RLD_MAP 0x70000016
#endif
#ifndef DT_MIPS_RLD_MAP_REL
#define DT_MIPS_RLD_MAP_REL 0x70000035
#endif
#ifndef GNU_PROPERTY_STACK_SIZE
#define GNU_PROPERTY_STACK_SIZE 1
#endif
#ifndef GNU_PROPERTY_NO_COPY_ON_PROTECTED
#define GNU_PROPERTY_NO_COPY_ON_PROTECTED 2
#endif
#ifndef GNU_PROPERTY_1_NEEDED
#define GNU_PROPERTY_1_NEEDED 0xb0008000
#endif
#ifndef GNU_PROPERTY_AARCH64_FEATURE_1_AND
#define GNU_PROPERTY_AARCH64_FEATURE_1_AND 0xc0000000
#endif
#ifndef GNU_PROPERTY_X86_FEATURE_1_AND
#define GNU_PROPERTY_X86_FEATURE_1_AND 0xc0000002
#endif
#ifndef GNU_PROPERTY_X86_ISA_1_NEEDED
#define GNU_PROPERTY_X86_ISA_1_NEEDED 0xc0008002
#endif
#ifndef GNU_PROPERTY_X86_ISA_1_USED
#define GNU_PROPERTY_X86_ISA_1_USED 0xc0010002
#endif

#endif
