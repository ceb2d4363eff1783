// Cairo's image surfaces and PNG support (Debian libcairo2-dev).
#include <cairo/cairo.h>
