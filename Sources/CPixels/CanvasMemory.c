// The memory of a canvas's doubles, placed on the processor's 2 MiB pages
// where it is that large.
#define _GNU_SOURCE
#include "CanvasMemory.h"

#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>

enum { huge_page = 2 << 20 };

double *anim_canvas_allocate(size_t count) {
  if (count > SIZE_MAX / sizeof(double)) return NULL;
  size_t bytes = count * sizeof(double);
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  if (bytes >= huge_page && bytes <= SIZE_MAX - huge_page) {
    size_t rounded = (bytes + huge_page - 1) / huge_page * huge_page;
    void *memory = NULL;
    if (posix_memalign(&memory, huge_page, rounded) == 0) {
      // Advice only: where the kernel has no huge page to give (or
      // transparent huge pages are off), the small pages serve as before.
      (void)madvise(memory, rounded, MADV_HUGEPAGE);
      return memory;
    }
  }
#endif
  return malloc(bytes > 0 ? bytes : 1);
}
