#include "CFormat.h"

#include <stdio.h>

int anim_format_g(char *buffer, size_t size, double value) {
  return snprintf(buffer, size, "%g", value);
}

int anim_format_fixed(char *buffer, size_t size, double value, int digits) {
  return snprintf(buffer, size, "%.*f", digits, value);
}
