// A stand-in for ffmpeg in renders that measure anim alone
// (bench/lottie_import.py): reads its standard input to the end, as ffmpeg
// reads the frames, and writes nothing; then, where STANDIN_CPU names a
// file, appends its own processor time to it ("user sys" in seconds), so
// that a benchmark can tell anim's time from the reader's.
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <unistd.h>

int main(void) {
  static char buffer[1 << 20];
  while (read(0, buffer, sizeof buffer) > 0) {
  }
  const char *path = getenv("STANDIN_CPU");
  if (path) {
    struct rusage use;
    getrusage(RUSAGE_SELF, &use);
    FILE *f = fopen(path, "a");
    if (f) {
      fprintf(f, "%ld.%06ld %ld.%06ld\n", (long)use.ru_utime.tv_sec, (long)use.ru_utime.tv_usec,
              (long)use.ru_stime.tv_sec, (long)use.ru_stime.tv_usec);
      fclose(f);
    }
  }
  return 0;
}
