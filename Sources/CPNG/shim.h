// libpng's simplified API (Debian libpng-dev, which libcairo2-dev depends on):
// PNG files written and read as straight 8-bit RGBA.
#include <png.h>
