// swift-tools-version:6.0
import PackageDescription

// The pipeline, one module per stage:
//   AnimLanguage (source -> tokens -> syntax tree -> values, motions)
//   AnimEngine   (scene, motions, clock, pool, events; knows no language)
//   AnimTestRunner (script-based tests, `anim test`)
//   AnimCLI      (the `anim` executable: command line, terminal)
let package = Package(
  name: "anim",
  products: [
    .executable(name: "anim", targets: ["AnimCLI"]),
    .library(name: "AnimEngine", targets: ["AnimEngine"]),
    .library(name: "AnimLanguage", targets: ["AnimLanguage"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")
  ],
  targets: [
    .target(name: "AnimEngine"),
    .target(name: "AnimLanguage", dependencies: ["AnimEngine"]),
    .target(name: "AnimTestRunner"),
    .executableTarget(
      name: "AnimCLI",
      dependencies: [
        "AnimEngine", "AnimLanguage", "AnimTestRunner",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .testTarget(name: "AnimEngineTests", dependencies: ["AnimEngine"]),
    .testTarget(name: "AnimLanguageTests", dependencies: ["AnimLanguage", "AnimEngine"]),
    .testTarget(name: "AnimTestRunnerTests", dependencies: ["AnimTestRunner"]),
  ]
)
