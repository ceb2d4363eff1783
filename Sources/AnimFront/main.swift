import AnimConsole

// `anim`: runs scripts itself (`anim run FILE...`, `anim FILE.anim...`) and
// hands every other command line, unchanged, to `anim-batch` or
// `anim-commands` beside it (`Handover`).
// This executable links neither Foundation nor the argument parser, so a
// script starts in a third of the time the full command line needs (W6 in
// BENCHMARKS.md); see `PlainRun` and `Handover`.
let arguments = Array(CommandLine.arguments.dropFirst())
if let files = PlainRun.files(arguments) {
  PlainRun.run(files)
}
Handover.toCommands()
