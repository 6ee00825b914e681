/*
 * Escaping of untrusted bytes: ls -b style for a terminal, and JSON
 * string escapes that keep any byte sequence valid JSON.
 */
#ifndef AUXV_ESC_H
#define AUXV_ESC_H

#include "out.h"
#include <stddef.h>

/*
 * In JSON, a byte B that is not part of valid UTF-8 is the code point
 * ESC_JSON_RAW + B, U+EF80..U+EFFF (private use, as MirBSD's OPTU-8 keeps
 * raw bytes); esc_json writes it, and src_json reads it back as B.
 */
#define ESC_JSON_RAW 0xef00u

size_t esc_utf8_len(const unsigned char *, size_t);
void esc_human(struct out *, const char *, size_t);
void esc_json(struct out *, const char *, size_t);

#endif
