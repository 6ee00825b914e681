/*
 * Escaping of untrusted bytes: ls -b style for a terminal, and JSON
 * string escapes that keep any byte sequence valid JSON.
 */
#ifndef AUXV_ESC_H
#define AUXV_ESC_H

#include "out.h"
#include <stddef.h>

size_t esc_utf8_len(const unsigned char *, size_t);
void esc_human(struct out *, const char *, size_t);
void esc_json(struct out *, const char *, size_t);

#endif
