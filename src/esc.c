/*
 * Byte escaping.  Strings from another process or a file may hold control
 * characters and invalid UTF-8; none of it reaches a terminal as is.
 */
#include <stdint.h>

#include "esc.h"

/*
 * The length of the valid UTF-8 sequence at s (n bytes left), or 0 when
 * s does not start one: overlong forms, surrogates and code points past
 * U+10FFFF are invalid.
 */
size_t
esc_utf8_len(const unsigned char *s, size_t n)
{
	uint32_t cp, min;
	size_t len, i;

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf) {
		len = 2;
		cp = s[0] & 0x1f;
		min = 0x80;
	} else if (s[0] >= 0xe0 && s[0] <= 0xef) {
		len = 3;
		cp = s[0] & 0x0f;
		min = 0x800;
	} else if (s[0] >= 0xf0 && s[0] <= 0xf4) {
		len = 4;
		cp = s[0] & 0x07;
		min = 0x10000;
	} else
		return 0;
	if (len > n)
		return 0;
	for (i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3f);
	}
	if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	return len;
}

static void
put_octal(struct out *f, unsigned char c)
{
	out_char(f, '\\');
	out_char(f, (char)('0' + (c >> 6)));
	out_char(f, (char)('0' + ((c >> 3) & 7)));
	out_char(f, (char)('0' + (c & 7)));
}

/*
 * As ls -b: C escapes for the common controls, \ooo for other controls,
 * C1 controls and bytes that are not valid UTF-8; a backslash is doubled
 * so that the output reads back unambiguously.
 */
void
esc_human(struct out *f, const char *str, size_t n)
{
	static const char cesc[] = {
		['\a'] = 'a',
		['\b'] = 'b',
		['\t'] = 't',
		['\n'] = 'n',
		['\v'] = 'v',
		['\f'] = 'f',
		['\r'] = 'r',
	};
	const unsigned char *s = (const unsigned char *)str;
	size_t i = 0, len;

	while (i < n) {
		unsigned char c = s[i];
		size_t run;

		/* A run of printable ASCII goes out in one piece. */
		for (run = i; run < n && s[run] >= 0x20 && s[run] < 0x7f &&
		     s[run] != '\\';
		     run++)
			;
		if (run > i) {
			out_mem(f, s + i, run - i);
			i = run;
			continue;
		}
		if (c == '\\') {
			out_mem(f, "\\\\", 2);
			i++;
			continue;
		}
		if (c < sizeof(cesc) && cesc[c] != 0) {
			out_char(f, '\\');
			out_char(f, cesc[c]);
			i++;
			continue;
		}
		len = esc_utf8_len(s + i, n - i);
		/*
		 * Another control byte, or not UTF-8; U+0080..U+009F are C1
		 * controls: escape their bytes too.
		 */
		if (len < 2 || (len == 2 && c == 0xc2 && s[i + 1] < 0xa0)) {
			put_octal(f, c);
			i++;
			continue;
		}
		out_mem(f, s + i, len);
		i += len;
	}
}

/*
 * A JSON string, quotes included, that any JSON tool may rewrite and
 * auxv still reads back byte for byte: a \u escape is the code point
 * (RFC 8259), so a byte B that is not part of valid UTF-8 is kept as the
 * private-use code point ESC_JSON_RAW + B (U+EF80..U+EFFF; a lone
 * surrogate would not survive jq).  The UTF-8 of a code point in that
 * range, which would read back as raw bytes, is kept byte by byte the
 * same way.  Control characters, C0 and C1, are \u escapes.
 */
static void
put_json_u(struct out *f, unsigned int cp)
{
	static const char hex[16] = "0123456789abcdef";

	out_str(f, "\\u");
	out_char(f, hex[cp >> 12 & 15]);
	out_char(f, hex[cp >> 8 & 15]);
	out_char(f, hex[cp >> 4 & 15]);
	out_char(f, hex[cp & 15]);
}

void
esc_json(struct out *f, const char *str, size_t n)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t i = 0, k, len;

	out_char(f, '"');
	while (i < n) {
		unsigned char c = s[i];
		size_t run;

		for (run = i; run < n && s[run] >= 0x20 && s[run] < 0x7f &&
		     s[run] != '"' && s[run] != '\\';
		     run++)
			;
		if (run > i) {
			out_mem(f, s + i, run - i);
			i = run;
			continue;
		}
		if (c == '"' || c == '\\') {
			out_char(f, '\\');
			out_char(f, (char)c);
			i++;
		} else if ((len = esc_utf8_len(s + i, n - i)) == 1) {
			/* A C0 control or DEL. */
			put_json_u(f, c);
			i++;
		} else if (len == 0) {
			put_json_u(f, ESC_JSON_RAW + c);
			i++;
		} else if (len == 2 && c == 0xc2 && s[i + 1] < 0xa0) {
			/* A C1 control: U+0080..U+009F. */
			put_json_u(f, s[i + 1]);
			i += 2;
		} else if (len == 3 && c == 0xee && s[i + 1] >= 0xbe) {
			/* U+EF80..U+EFFF itself. */
			for (k = 0; k < len; k++)
				put_json_u(f, ESC_JSON_RAW + s[i + k]);
			i += len;
		} else {
			out_mem(f, s + i, len);
			i += len;
		}
	}
	out_char(f, '"');
}
