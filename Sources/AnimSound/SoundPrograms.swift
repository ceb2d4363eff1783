#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The programs sounds are read with (SPEC §22): `ffmpeg` decodes any file
/// it knows to PCM and `ffprobe` says what is in it (both in Debian's
/// `ffmpeg`), found on PATH the first time a sound is declared.
public enum SoundPrograms {
  /// The path of `name` on PATH, or nil.
  public static func locate(_ name: String) -> String? {
    let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
    for directory in path.split(separator: ":", omittingEmptySubsequences: false) {
      let candidate = (directory.isEmpty ? "." : String(directory)) + "/" + name
      if access(candidate, X_OK) == 0 { return candidate }
    }
    return nil
  }

  /// `ffmpeg`'s path; an error naming the package when it is missing.
  static func ffmpeg() throws(SoundError) -> String {
    try required("ffmpeg")
  }

  /// `ffprobe`'s path; an error naming the package when it is missing.
  static func ffprobe() throws(SoundError) -> String {
    try required("ffprobe")
  }

  private static func required(_ name: String) throws(SoundError) -> String {
    if let found = locate(name) { return found }
    throw SoundError(
      "\(name) not found: sounds are decoded by ffmpeg", hint: "install it: apt-get install ffmpeg",
      isMissingProgram: true)
  }
}
