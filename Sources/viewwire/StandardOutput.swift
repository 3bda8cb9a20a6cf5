import Glibc

/// Writes all of `text` to standard output, straight to the descriptor (no stdio buffer to
/// flush on the way out).
func writeAll(_ text: String) {
  var bytes = Array(text.utf8)[...]
  while !bytes.isEmpty {
    let written = bytes.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
    if written < 0 {
      if errno == EINTR || errno == EAGAIN { continue }
      return  // the terminal is gone; nothing to show anything on
    }
    bytes = bytes.dropFirst(written)
  }
}
