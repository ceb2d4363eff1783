// See include/CPipe.h.
#define _GNU_SOURCE
#include "CPipe.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/uio.h>

long anim_pipe_resize(int fd, long bytes) {
#if defined(__linux__) && defined(F_SETPIPE_SZ) && defined(F_GETPIPE_SZ)
  if (bytes > 0 && bytes <= (1L << 30)) (void)fcntl(fd, F_SETPIPE_SZ, (int)bytes);
  return fcntl(fd, F_GETPIPE_SZ);
#else
  (void)fd;
  (void)bytes;
  return -1;
#endif
}

ssize_t anim_pipe_splice(int fd, const void *bytes, size_t count) {
#if defined(__linux__)
  struct iovec part = {(void *)bytes, count};
  return vmsplice(fd, &part, 1, 0);
#else
  (void)fd;
  (void)bytes;
  (void)count;
  errno = ENOSYS;
  return -1;
#endif
}
