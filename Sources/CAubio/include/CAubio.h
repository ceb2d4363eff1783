// aubio (Debian libaubio5, headers in libaubio-dev) finds beats and onsets
// in a sound (SPEC §22). It is opened on first use with dlopen, like Cairo,
// so a script without `beats` or `onsets` never loads it (nor the libav*,
// FFTW and libsndfile it brings: W6).
//
// This header declares anim's own small interface, not aubio's: the Swift
// side sees plain numbers and never includes aubio.h.
#ifndef ANIM_CAUBIO_H
#define ANIM_CAUBIO_H

#include <stddef.h>

/// Loads libaubio (once; thread-safe). NULL when it is ready, else why not;
/// `package` is then set to the Debian package that ships it.
const char *anim_aubio_load(const char **package);

/// What to detect, with the options of aubio's own tool (`aubio onset`,
/// `aubio beat`) left at their defaults.
enum { ANIM_AUBIO_ONSETS = 0, ANIM_AUBIO_BEATS = 1 };

/// Reads the file at `path` with aubio's own source at its own sample rate
/// (mono: the channels averaged) hop by hop, as the tool does, and runs the
/// detector over it. On success returns 0, sets `*times` to a malloc'd
/// array of `*count` detections in samples (free it with `free`) and
/// `*samplerate` to the file's rate; on failure returns -1 and writes why
/// into `error`.
int anim_aubio_detect(const char *path, int what, unsigned long **times, size_t *count,
                      unsigned *samplerate, char *error, size_t errorSize);

#endif
