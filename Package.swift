// swift-tools-version:6.0
import PackageDescription

// The pipeline, one module per stage:
//   AnimLanguage (source -> tokens -> syntax tree -> values, motions)
//   AnimEngine   (scene, motions, clock, pool, events; knows no language)
//   AnimStage    (the stage, drawn bounds, frame times: shared by render and export)
//   AnimRender   (draws a scene: PNG through Cairo, SVG as text; knows only the scene)
//   AnimPlot     (charts of sampled properties and of easings: SVG, PNG, braille)
//   AnimFiles    (reading whole files, writing them atomically, file errors)
//   AnimExport   (the stage recorded as keyframes: Lottie, the HTML player)
//   AnimTestRunner (script-based tests, `anim test`)
//   AnimREPL     (the REPL's logic; CLibedit is libedit for the executable)
//   AnimLSP      (the language server, `anim lsp`: JSON-RPC, completion, hover, ...)
//   AnimConsole  (standard streams, exit codes, loading scripts: both executables)
//   AnimFront    (the `anim` executable: plain script runs, hands the rest over)
//   AnimCLI      (the `anim-commands` executable: every other command line)

// The modules the tests and the checkers spend their time in (reading
// Lottie files, running scripts, drawing, recording) are optimised in debug
// builds too: the checkers run the debug `anim`, and unoptimised they took
// three quarters of CI's time drawing and parsing (BENCHMARKS.md, "CI's
// time"). `-O` keeps every run-time check a test relies on: overflow and
// bounds traps, `precondition`, exclusive access (debug builds keep checking
// it); the sources hold no `assert`, which `-O` would drop. The rest of the
// debug build stays unoptimised, and the last `-O…` given wins.
let optimizedWhenDebugging: SwiftSetting = .unsafeFlags(["-O"], .when(configuration: .debug))
let optimizedCWhenDebugging: CSetting = .unsafeFlags(["-O2"], .when(configuration: .debug))

// The modules a render spends its time in are built without the run-time
// checks of exclusive access in release builds (debug builds and the tests
// keep them, so a violation is still found there): beginning and ending
// each access to a class's stored property was 7.7 % of an imported
// Lottie's render at small sizes (issue 37, BENCHMARKS.md). In debug builds
// they are optimised (above).
let unchecked: [SwiftSetting] = [
  .unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release)),
  optimizedWhenDebugging,
]

let package = Package(
  name: "anim",
  products: [
    // `anim` runs scripts itself and hands every other command line to
    // `anim-commands` beside it (a fast start: see Sources/AnimFront).
    .executable(name: "anim", targets: ["AnimFront"]),
    .executable(name: "anim-commands", targets: ["AnimCLI"]),
    .executable(name: "anim-batch", targets: ["AnimBatch"]),
    .library(name: "AnimEngine", targets: ["AnimEngine"]),
    .library(name: "AnimLanguage", targets: ["AnimLanguage"]),
    // For fuzz/ (its own package): the stages a fuzzed script goes through.
    .library(name: "AnimConsole", targets: ["AnimConsole"]),
    .library(name: "AnimStage", targets: ["AnimStage"]),
    .library(name: "AnimRender", targets: ["AnimRender"]),
    .library(name: "AnimExport", targets: ["AnimExport"]),
    .library(name: "AnimImport", targets: ["AnimImport"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
    .package(url: "https://github.com/apple/swift-numerics", from: "1.1.1"),
    // The live preview's HTTP and WebSocket server (`anim preview`, `:preview`):
    // async/await on plain sockets, no SwiftNIO (see docs/architecture.md).
    .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
  ],
  targets: [
    .target(name: "AnimEngine", dependencies: ["CFormat"], swiftSettings: unchecked),
    // printf's %g for one number, without Swift's va_list (see its header).
    .target(name: "CFormat"),
    .target(name: "AnimStage", dependencies: ["AnimEngine"], swiftSettings: unchecked),
    .target(
      name: "AnimRender",
      dependencies: [
        "AnimEngine", "AnimStage", "AnimImage", "CCairo", "CPNG", "CIgzip", "CPixels",
      ],
      swiftSettings: unchecked),
    // The frame's doubles converted to 8-bit RGBA, two channels at a time.
    .target(name: "CPixels", cSettings: [optimizedCWhenDebugging]),
    // Charts of properties over time and of easings (`anim plot`, `:plot`).
    .target(name: "AnimPlot", dependencies: ["AnimEngine", "AnimStage", "AnimRender", "CCairo"]),
    // Shared libraries opened on first use (dlopen), not at start-up: a script
    // that draws nothing and edits no line never loads them (W6, a fast start).
    // Their headers come from Debian's -dev packages.
    .target(name: "CLibraryLoader"),
    // A pipe's size and vmsplice(2): a render's frames handed to ffmpeg
    // without a copy (FramePipe).
    .target(name: "CPipe"),
    // Cairo (libcairo2-dev) draws the frames.
    .target(name: "CCairo", dependencies: ["CLibraryLoader"]),
    // libpng (libpng-dev) writes them as RGBA PNG (Cairo's own writer drops the
    // alpha channel of an opaque image) and reads them back in tests.
    .target(name: "CPNG", dependencies: ["CLibraryLoader"]),
    // ISA-L's igzip (libisal-dev) compresses the PNG files of a frame
    // sequence, about five times faster than libpng's fast setting; without
    // it, libpng writes them.
    .target(
      name: "CIgzip", dependencies: ["CLibraryLoader"], cSettings: [optimizedCWhenDebugging]),
    // zlib (zlib1g-dev) inflates the entries of a dotLottie (ZIP) file for
    // `anim import`.
    .target(name: "CZlib", dependencies: ["CLibraryLoader"]),
    // fontconfig, FreeType and HarfBuzz (libfontconfig-dev, libfreetype-dev,
    // libharfbuzz-dev) find, read and shape fonts for text views; opened on
    // first use like Cairo. Debian keeps FreeType's headers in their own folder.
    .target(
      name: "CText", dependencies: ["CLibraryLoader"],
      cSettings: [.unsafeFlags(["-I/usr/include/freetype2"])]),
    // libturbojpeg (libturbojpeg0-dev) and librsvg (librsvg2-dev) read JPEG and
    // SVG files for image views; opened on first use like Cairo. Their headers
    // need GLib's, Cairo's and gdk-pixbuf's folders (pkg-config librsvg-2.0).
    .target(
      name: "CImage", dependencies: ["CLibraryLoader"],
      cSettings: [
        .unsafeFlags([
          "-I/usr/include/librsvg-2.0", "-I/usr/include/glib-2.0",
          "-I/usr/lib/x86_64-linux-gnu/glib-2.0/include",
          "-I/usr/lib/aarch64-linux-gnu/glib-2.0/include",
          "-I/usr/include/gdk-pixbuf-2.0", "-I/usr/include/cairo",
        ])
      ]),
    // Image files decoded for image views (SPEC §21.4): PNG through libpng,
    // JPEG through libjpeg-turbo, SVG through librsvg, drawn through Cairo.
    .target(name: "AnimImage", dependencies: ["AnimEngine", "CImage", "CPNG", "CCairo"]),
    // Text laid out as glyph outlines (SPEC §18): the engine's numbers shown
    // as text, fonts, shaping, lines and letters.
    .target(name: "AnimText", dependencies: ["AnimEngine", "CText"], swiftSettings: unchecked),
    // aubio (libaubio-dev) finds beats and onsets in a sound; opened on first
    // use like Cairo.
    .target(name: "CAubio", dependencies: ["CLibraryLoader"]),
    // Sound (SPEC §22): sound files read through ffmpeg (a child process),
    // the mix, WAV files, and the analyses scripts animate by.
    .target(name: "AnimSound", dependencies: ["AnimEngine", "CAubio"]),
    .target(
      name: "AnimLanguage",
      dependencies: [
        "AnimEngine", "AnimStage", "AnimFiles", "AnimText", "AnimSound", "AnimImage",
        .product(name: "RealModule", package: "swift-numerics"),
      ],
      swiftSettings: unchecked),
    .target(
      name: "AnimFiles", dependencies: [.product(name: "SystemPackage", package: "swift-system")]),
    // Recording the stage as keyframes; Lottie and the HTML player (`anim export`).
    .target(
      name: "AnimExport", dependencies: ["AnimEngine", "CZlib"],
      swiftSettings: [optimizedWhenDebugging]),
    // Lottie files read into anim scripts (`anim import`, SPEC §25).
    .target(
      name: "AnimImport", dependencies: ["AnimEngine", "AnimLanguage", "AnimText", "CZlib"],
      swiftSettings: [optimizedWhenDebugging]),
    .target(name: "AnimTestRunner", dependencies: ["AnimFiles"]),
    // The live preview (`anim preview`, `:preview`): a script's export, output,
    // errors and runs served to a browser page that reloads in place. Only
    // `anim-commands` links it; `anim run` never loads it (W6).
    .target(
      name: "AnimPreview",
      dependencies: [
        "AnimEngine", "AnimLanguage", "AnimStage", "AnimExport", "AnimFiles", "AnimSound",
        "AnimStageExport", .product(name: "FlyingFox", package: "FlyingFox"),
      ]),
    // The exported stage of a laid-out stage (`anim export` and the preview):
    // AnimExport knows no stage layout, AnimStage no export.
    .target(name: "AnimStageExport", dependencies: ["AnimEngine", "AnimExport", "AnimStage"]),
    // The language server (`anim lsp`): JSON-RPC over any byte stream, no terminal.
    .target(name: "AnimLSP", dependencies: ["AnimEngine", "AnimLanguage", "AnimFiles"]),
    // The REPL's logic, behind a line-reader interface (tested without a terminal).
    .target(
      name: "AnimREPL",
      dependencies: [
        "AnimEngine", "AnimLanguage", "AnimFiles", "AnimStage", "AnimRender", "AnimPlot",
        "AnimSound",
      ]),
    // libedit (libedit-dev) edits the REPL's lines; only the executable uses it.
    .target(name: "CLibedit", dependencies: ["CLibraryLoader"]),
    // The process's streams, exit codes and script loading, shared by both
    // executables; no Foundation (see AnimFront).
    .target(
      name: "AnimConsole",
      dependencies: [
        "AnimLanguage", "AnimFiles", .product(name: "SystemPackage", package: "swift-system"),
      ]),
    // `anim`: plain script runs without Foundation or the argument parser.
    // Its release build is not position-independent, as Go's binaries are
    // not: no relocations to apply at start (0.1 ms of the 1.6 ms a one-line
    // script takes, W6 in BENCHMARKS.md); libraries, heap and stack are still
    // placed at random. `anim-commands` (the REPL, the language server) stays PIE.
    .executableTarget(
      name: "AnimFront", dependencies: ["AnimConsole"],
      linkerSettings: [
        .unsafeFlags(["-Xlinker", "-no-pie"], .when(platforms: [.linux], configuration: .release))
      ]),
    // Every command but the REPL and the preview: the command lines both
    // executables below run. Without the preview's server (FlyingFox, and
    // through it FoundationNetworking and libcurl's thirty libraries, 3.7 ms
    // of loading at every start), `anim-batch` starts in half the time.
    .target(
      name: "AnimCommands",
      dependencies: [
        "AnimEngine", "AnimLanguage", "AnimConsole", "AnimTestRunner", "AnimExport",
        "AnimImport", "AnimLSP", "AnimSound", "AnimText", "AnimStageExport",
        "CPipe", "AnimStage", "AnimRender", "AnimPlot",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    // `anim-commands`: every command line, the REPL and the preview too.
    .executableTarget(
      name: "AnimCLI",
      dependencies: [
        "AnimCommands", "AnimEngine", "AnimLanguage", "AnimConsole", "AnimREPL", "AnimExport",
        "AnimPreview", "AnimSound", "AnimStageExport", "CLibedit", "AnimStage", "AnimRender",
        "AnimPlot", .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    // `anim-batch`: the command lines that need neither the REPL nor the
    // preview (render, import, export, check, test, ...), which `anim` hands
    // it: no preview server linked.
    .executableTarget(
      name: "AnimBatch",
      dependencies: [
        "AnimCommands", "AnimConsole",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .testTarget(name: "AnimEngineTests", dependencies: ["AnimEngine"]),
    .testTarget(name: "AnimTextTests", dependencies: ["AnimText", "AnimEngine"]),
    .testTarget(name: "AnimSoundTests", dependencies: ["AnimSound", "AnimEngine"]),
    .testTarget(name: "AnimImageTests", dependencies: ["AnimImage", "AnimEngine", "AnimFiles"]),
    .testTarget(
      name: "AnimExportTests",
      dependencies: ["AnimExport", "AnimEngine", "AnimLanguage", "AnimRender", "AnimStage"]),
    .testTarget(
      name: "AnimRenderTests",
      dependencies: [
        "AnimRender", "AnimStage", "AnimPlot", "AnimLanguage", "AnimEngine", "CPixels",
      ]),
    .testTarget(name: "AnimLanguageTests", dependencies: ["AnimLanguage", "AnimEngine"]),
    .testTarget(
      name: "AnimImportTests", dependencies: ["AnimImport", "AnimEngine", "AnimLanguage"]),
    .testTarget(
      name: "AnimTestRunnerTests",
      dependencies: [
        "AnimTestRunner", "AnimFiles", .product(name: "SystemPackage", package: "swift-system"),
      ]),
    .testTarget(name: "AnimLSPTests", dependencies: ["AnimLSP", "AnimLanguage"]),
    .testTarget(name: "AnimREPLTests", dependencies: ["AnimREPL", "AnimLanguage", "AnimEngine"]),
    .testTarget(name: "AnimPreviewTests", dependencies: ["AnimPreview", "AnimLanguage"]),
  ]
)
