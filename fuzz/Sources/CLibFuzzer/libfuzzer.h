// libFuzzer's driver, which `-sanitize=fuzzer` links in (compiler-rt,
// FuzzerInterface.h). The fuzz target calls it from its own `main`: SwiftPM
// links an executable target's entry point under the name `AnimFuzz_main`, so
// libFuzzer's `main` is never pulled in.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv,
                        int (*UserCb)(const uint8_t *Data, size_t Size));
