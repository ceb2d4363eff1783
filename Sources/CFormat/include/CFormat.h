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

#endif
