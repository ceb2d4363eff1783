// swift-tools-version:6.0
import PackageDescription

// A libFuzzer target for anim: lexes, parses, checks, runs, formats, renders and
// exports arbitrary bytes, and imports them as Lottie (`anim import`).
//
// It is its own package so that the fuzzer's flags never reach the main build.
// Build and run it with `./run.sh SECONDS` (see README.md); by hand:
//
//   swift build -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
//
// `-parse-as-library` because the target has no top-level code: its entry point
// is `AnimFuzz_main` (the name SwiftPM links an executable's `main` under on
// Linux), which hands over to libFuzzer's driver, and that calls
// `LLVMFuzzerTestOneInput` for every input.
let package = Package(
  name: "anim-fuzz",
  dependencies: [
    .package(name: "anim", path: "..")
  ],
  targets: [
    // The declaration of libFuzzer's driver (the library comes with -sanitize=fuzzer).
    .systemLibrary(name: "CLibFuzzer", path: "Sources/CLibFuzzer"),
    .executableTarget(
      name: "AnimFuzz",
      dependencies: [
        .product(name: "AnimLanguage", package: "anim"),
        .product(name: "AnimEngine", package: "anim"),
        .product(name: "AnimConsole", package: "anim"),
        .product(name: "AnimStage", package: "anim"),
        .product(name: "AnimRender", package: "anim"),
        .product(name: "AnimExport", package: "anim"),
        .product(name: "AnimImport", package: "anim"),
        "CLibFuzzer",
      ]
    )
  ]
)
