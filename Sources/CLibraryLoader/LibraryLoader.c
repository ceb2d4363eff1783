#include "CLibraryLoader.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static const char *load_locked(anim_library *library) {
  // RTLD_LOCAL: the library's symbols stay out of the global scope, so they
  // never meet the wrappers' functions of the same names.
  void *handle = dlopen(library->soname, RTLD_NOW | RTLD_LOCAL);
  if (handle == NULL) {
    const char *reason = dlerror();
    snprintf(library->error, sizeof library->error, "%s", reason ? reason : library->soname);
    return library->error;
  }
  for (size_t i = 0; i < library->count; i++) {
    void *address = dlsym(handle, library->names[i]);
    if (address == NULL) {
      snprintf(
          library->error, sizeof library->error, "%s has no function %s", library->soname,
          library->names[i]);
      dlclose(handle);
      return library->error;
    }
    library->slots[i] = address;
  }
  return NULL;
}

const char *anim_library_load(anim_library *library) {
  int state = atomic_load_explicit(&library->state, memory_order_acquire);
  if (state == 0) {
    pthread_mutex_lock(&library->lock);
    state = atomic_load_explicit(&library->state, memory_order_relaxed);
    if (state == 0) {
      state = load_locked(library) == NULL ? 1 : 2;
      atomic_store_explicit(&library->state, state, memory_order_release);
    }
    pthread_mutex_unlock(&library->lock);
  }
  return state == 1 ? NULL : library->error;
}

void anim_library_require(anim_library *library) {
  const char *error = anim_library_load(library);
  if (error == NULL) return;
  fprintf(
      stderr, "anim: cannot load %s (%s): install it (apt-get install %s)\n", library->soname,
      error, library->package);
  fflush(stderr);
  _exit(69);
}
