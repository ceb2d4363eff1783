// C's number formatting for one double. Swift reaches snprintf only through
// a va_list, and building one casts each argument to an existential
// (CVarArg): the first such cast in a process scans every protocol
// conformance in the binary, a twentieth of a one-line script's start-up.
// A fixed-argument C function does the same formatting without it.
#ifndef ANIM_CFORMAT_H
#define ANIM_CFORMAT_H

#include <stddef.h>

/// `value` written with printf's `%g` into `buffer` (at most `size` bytes,
/// NUL included); returns the length `snprintf` returns.
int anim_format_g(char *buffer, size_t size, double value);

/// `value` written with printf's `%.*f` and `digits` decimals into `buffer`
/// (at most `size` bytes, NUL included); returns the length `snprintf`
/// returns. glibc writes the exact decimal value of the double, so with
/// enough digits nothing is rounded (a double has at most 1074 decimals).
int anim_format_fixed(char *buffer, size_t size, double value, int digits);

#endif
