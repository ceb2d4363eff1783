// A pipe's size and frames handed to it without a copy (Linux's
// F_GETPIPE_SZ, F_SETPIPE_SZ and vmsplice(2), which Glibc's module map
// leaves out): the frames a render pipes to ffmpeg.
#ifndef ANIM_CPIPE_H
#define ANIM_CPIPE_H

#include <stddef.h>
#include <sys/types.h>

/// Asks for the pipe `fd`'s buffer to hold `bytes` and returns the size it
/// then has (the kernel rounds up to a power of two pages, and may refuse:
/// then the size it had), or -1 when `fd` is not a pipe or there is no such
/// call.
long anim_pipe_resize(int fd, long bytes);

/// Hands ffmpeg up to `count` bytes at `bytes` through the pipe `fd` by
/// reference, not copied (vmsplice without gifting): the pages stay the
/// caller's, and the reader reads them as they are when it reads, so they
/// must not change until it has. Returns the bytes handed over (it blocks
/// while the pipe is full) or -1 with errno set: EINVAL, EBADF or ENOSYS
/// where this cannot be done (not a pipe, not Linux), EPIPE once the reader
/// is gone.
ssize_t anim_pipe_splice(int fd, const void *bytes, size_t count);

#endif
