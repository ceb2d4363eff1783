// aubio through a table of pointers typed by its own header (see
// CLibraryLoader.h), and the one operation anim needs from it: the times
// `aubio onset` and `aubio beat` print, found the same way the tool finds
// them (python/aubio/cmd.py of aubio 0.4.9: a source opened at the file's
// rate with the detector's hop size; `onset` with method "default", buffer
// 512, hop 256, minioi 12 ms and silence −70 dB; `beat` with method
// "default", buffer 1024, hop 512; every block, the last one padded with
// zeros by the source, passed to the detector, and `get_last` read after
// each block that detects).
#include "CAubio.h"

#include <aubio/aubio.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "CLibraryLoader.h"

#define AUBIO_FUNCTIONS(F, V)                                                                    \
  F(aubio_source_t *, new_aubio_source, (const char_t *u, uint_t r, uint_t h), (u, r, h))        \
  V(aubio_source_do, (aubio_source_t * s, fvec_t * v, uint_t * n), (s, v, n))                   \
  F(uint_t, aubio_source_get_samplerate, (aubio_source_t * s), (s))                             \
  V(del_aubio_source, (aubio_source_t * s), (s))                                                \
  F(fvec_t *, new_fvec, (uint_t n), (n))                                                        \
  V(del_fvec, (fvec_t * v), (v))                                                                \
  F(aubio_onset_t *, new_aubio_onset, (const char_t *m, uint_t b, uint_t h, uint_t r),          \
    (m, b, h, r))                                                                               \
  V(aubio_onset_do, (aubio_onset_t * o, const fvec_t *i, fvec_t *out), (o, i, out))              \
  F(uint_t, aubio_onset_get_last, (const aubio_onset_t *o), (o))                                \
  F(uint_t, aubio_onset_set_minioi_ms, (aubio_onset_t * o, smpl_t v), (o, v))                   \
  F(uint_t, aubio_onset_set_silence, (aubio_onset_t * o, smpl_t v), (o, v))                     \
  V(del_aubio_onset, (aubio_onset_t * o), (o))                                                  \
  F(aubio_tempo_t *, new_aubio_tempo, (const char_t *m, uint_t b, uint_t h, uint_t r),          \
    (m, b, h, r))                                                                               \
  V(aubio_tempo_do, (aubio_tempo_t * o, const fvec_t *i, fvec_t *out), (o, i, out))              \
  F(uint_t, aubio_tempo_get_last, (aubio_tempo_t * o), (o))                                     \
  V(del_aubio_tempo, (aubio_tempo_t * o), (o))                                                  \
  V(aubio_log_set_function, (aubio_log_function_t f, void *d), (f, d))

static struct {
  AUBIO_FUNCTIONS(ANIM_FIELD, ANIM_VOID_FIELD)
} au;
static const char *const aubioNames[] = {AUBIO_FUNCTIONS(ANIM_NAME, ANIM_VOID_NAME)};
static anim_library aubioLibrary = ANIM_LIBRARY("libaubio.so.5", "libaubio5", aubioNames, au);

// libav (which aubio reads files with) writes its own warnings to stderr,
// past aubio's log ("Could not update timestamps for skipped samples" for
// every Opus file): once aubio is loaded, its libavutil is told to keep
// quiet. aubio reports a file it cannot read through its own log, which
// anim keeps for its message.
static void quietLibav(void) {
  void *handle = dlopen(aubioLibrary.soname, RTLD_NOW | RTLD_LOCAL | RTLD_NOLOAD);
  if (!handle) return;
  // dlsym on aubio's handle searches the libraries it depends on.
  void (*setLevel)(int) = (void (*)(int))dlsym(handle, "av_log_set_level");
  if (setLevel) setLevel(-8);  // AV_LOG_QUIET
  dlclose(handle);
}

const char *anim_aubio_load(const char **package) {
  const char *reason = anim_library_load(&aubioLibrary);
  if (reason && package) *package = aubioLibrary.package;
  static pthread_once_t once = PTHREAD_ONCE_INIT;
  if (!reason) pthread_once(&once, quietLibav);
  return reason;
}

// aubio logs through one global function: detections take turns, and the
// messages of the one running are kept for its error.
static pthread_mutex_t detectLock = PTHREAD_MUTEX_INITIALIZER;
static char logged[512];

static void keepMessage(sint_t level, const char_t *message, void *data) {
  (void)level;
  (void)data;
  if (logged[0] == 0) snprintf(logged, sizeof logged, "%s", message);
}

static int append(unsigned long **times, size_t *count, size_t *capacity, unsigned long t) {
  if (*count == *capacity) {
    size_t grown = *capacity ? 2 * *capacity : 256;
    unsigned long *more = realloc(*times, grown * sizeof **times);
    if (!more) return -1;
    *times = more;
    *capacity = grown;
  }
  (*times)[(*count)++] = t;
  return 0;
}

int anim_aubio_detect(const char *path, int what, unsigned long **times, size_t *count,
                      unsigned *samplerate, char *error, size_t errorSize) {
  *times = NULL;
  *count = 0;
  const char *package = NULL;
  const char *reason = anim_aubio_load(&package);
  if (reason) {
    snprintf(error, errorSize, "%s", reason);
    return -1;
  }
  pthread_mutex_lock(&detectLock);
  logged[0] = 0;
  au.aubio_log_set_function(keepMessage, NULL);
  uint_t buffer = what == ANIM_AUBIO_BEATS ? 1024 : 512;
  uint_t hop = what == ANIM_AUBIO_BEATS ? 512 : 256;
  int result = -1;
  aubio_source_t *source = au.new_aubio_source(path, 0, hop);
  fvec_t *block = NULL, *out = NULL;
  aubio_onset_t *onset = NULL;
  aubio_tempo_t *tempo = NULL;
  if (!source) {
    snprintf(error, errorSize, "%s", logged[0] ? logged : "aubio cannot read it");
    goto done;
  }
  uint_t rate = au.aubio_source_get_samplerate(source);
  *samplerate = rate;
  block = au.new_fvec(hop);
  out = au.new_fvec(2);
  if (what == ANIM_AUBIO_BEATS) {
    tempo = au.new_aubio_tempo("default", buffer, hop, rate);
  } else {
    onset = au.new_aubio_onset("default", buffer, hop, rate);
    if (onset) {
      au.aubio_onset_set_minioi_ms(onset, 12.0f);
      au.aubio_onset_set_silence(onset, -70.0f);
    }
  }
  if (!block || !out || (!tempo && !onset)) {
    snprintf(error, errorSize, "%s", logged[0] ? logged : "aubio cannot analyse it");
    goto done;
  }
  size_t capacity = 0;
  for (;;) {
    uint_t read = 0;
    au.aubio_source_do(source, block, &read);
    if (tempo) {
      au.aubio_tempo_do(tempo, block, out);
      if (out->data[0] != 0 && append(times, count, &capacity, au.aubio_tempo_get_last(tempo))) break;
    } else {
      au.aubio_onset_do(onset, block, out);
      if (out->data[0] != 0 && append(times, count, &capacity, au.aubio_onset_get_last(onset))) break;
    }
    if (read < hop) {
      result = 0;
      break;
    }
  }
  if (result != 0) snprintf(error, errorSize, "out of memory");
done:
  if (tempo) au.del_aubio_tempo(tempo);
  if (onset) au.del_aubio_onset(onset);
  if (out) au.del_fvec(out);
  if (block) au.del_fvec(block);
  if (source) au.del_aubio_source(source);
  pthread_mutex_unlock(&detectLock);
  if (result != 0) {
    free(*times);
    *times = NULL;
    *count = 0;
  }
  return result;
}
