/*
 * HWCAP bit names, one 64-entry table per architecture and word, indexed
 * by bit number; an unnamed bit is NULL.
 */
#ifndef AUXV_HWCAP_H
#define AUXV_HWCAP_H

#define HWCAP_BITS 64

extern const char *const hwcap_x86[HWCAP_BITS];
extern const char *const hwcap2_x86[HWCAP_BITS];
extern const char *const hwcap_aarch64[HWCAP_BITS];
extern const char *const hwcap2_aarch64[HWCAP_BITS];
extern const char *const hwcap_arm[HWCAP_BITS];
extern const char *const hwcap2_arm[HWCAP_BITS];
extern const char *const hwcap_ppc[HWCAP_BITS];
extern const char *const hwcap2_ppc[HWCAP_BITS];
extern const char *const hwcap_s390[HWCAP_BITS];
extern const char *const hwcap_riscv[HWCAP_BITS];
extern const char *const hwcap_loongarch[HWCAP_BITS];
extern const char *const hwcap_mips[HWCAP_BITS];
extern const char *const hwcap_sparc[HWCAP_BITS];
extern const char *const hwcap_sh[HWCAP_BITS];

#endif
