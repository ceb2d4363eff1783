// Shared libraries opened on first use (dlopen) instead of at start-up.
//
// anim draws with Cairo, writes PNG with libpng and edits REPL lines with
// libedit, but most runs do none of that: linking them would make every
// `anim run` load some twenty libraries (Cairo's font and X11 chain) before
// its first line. Each wrapper module (CCairo, CPNG, CLibedit) lists the
// functions it calls in one table of typed pointers, filled from the library
// the first time it is needed.
#ifndef ANIM_CLIBRARYLOADER_H
#define ANIM_CLIBRARYLOADER_H

#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>

/// One shared library and the functions anim takes from it.
typedef struct anim_library {
  /// The file dlopen is given, e.g. "libcairo.so.2".
  const char *soname;
  /// The Debian package that ships it, named in the message when it is missing.
  const char *package;
  /// The symbols to look up, in the order of `slots`.
  const char *const *names;
  /// Where the addresses go: the first `count` pointers of the wrapper's table.
  void **slots;
  size_t count;
  /// 0 not tried, 1 loaded, 2 failed (then `error` says why).
  atomic_int state;
  pthread_mutex_t lock;
  char error[512];
} anim_library;

/// A library description for a static initialiser.
#define ANIM_LIBRARY(soname, package, names, table)                                 \
  {                                                                                 \
    (soname), (package), (names), (void **)&(table), sizeof(table) / sizeof(void *), \
        0, PTHREAD_MUTEX_INITIALIZER, { 0 }                                          \
  }

// What a wrapper's function list expands to. A wrapper lists its functions
// as F(return type, name, parameters, arguments), or V(name, parameters,
// arguments) for those returning void, and names its table `functions` and
// its `anim_library` `library`; then:
//   struct { LIST(ANIM_FIELD, ANIM_VOID_FIELD) } functions;   the table,
//     each pointer typed by the library's own declaration;
//   names[] = { LIST(ANIM_NAME, ANIM_VOID_NAME) };            the symbols;
//   LIST(ANIM_FORWARD, ANIM_VOID_FORWARD)                     a function of
//     each name that loads the library if need be and calls through the table
//     (hidden: it never meets the library's own symbol of that name).
#define ANIM_FIELD(type, name, parameters, arguments) __typeof__(name) *name;
#define ANIM_VOID_FIELD(name, parameters, arguments) __typeof__(name) *name;
#define ANIM_NAME(type, name, parameters, arguments) #name,
#define ANIM_VOID_NAME(name, parameters, arguments) #name,
#define ANIM_FORWARD(type, name, parameters, arguments)        \
  __attribute__((visibility("hidden"))) type name parameters { \
    anim_library_require(&library);                            \
    return functions.name arguments;                           \
  }
#define ANIM_VOID_FORWARD(name, parameters, arguments)         \
  __attribute__((visibility("hidden"))) void name parameters { \
    anim_library_require(&library);                            \
    functions.name arguments;                                  \
  }

/// Opens `library` once (thread-safe) and fills its table. Returns NULL when
/// every function is there, else why not (dlerror's text, or the first
/// symbol missing), which stays valid for the life of the process.
const char *anim_library_load(anim_library *library);

/// Like `anim_library_load`, for the wrappers' own functions: when the
/// library cannot be loaded, says so on stderr and exits with 69 (a program
/// anim needs is missing). anim's Swift code loads a library before its
/// first call into it, so this exit is the last resort, never the usual path.
void anim_library_require(anim_library *library);

#endif
