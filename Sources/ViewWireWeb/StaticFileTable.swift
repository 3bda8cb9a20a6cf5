/// The browser client's files, held in memory, and the answer to a request for one of them
/// (PROTOCOL.md section 13).
///
/// Only the names in the table are ever served, so no request target can reach another file;
/// a target with a `.` or `..` segment (percent-encoded or not), a NUL or a bad escape is still
/// refused with `400` rather than looked up, so a probe for traversal is told it is malformed.
public struct StaticFileTable: Sendable {
  /// File contents by their path relative to the folder, `/`-separated (`index.html`, `js/app.js`).
  public let files: [String: [UInt8]]

  /// A table of these files (the server reads them from the client's folder at start).
  public init(files: [String: [UInt8]]) {
    self.files = files
  }

  /// The answer to a `GET` or `HEAD` for a file.
  public func respond(to request: HTTPRequestHead) -> HTTPResponse {
    let name: String
    switch Self.resolve(target: request.target) {
    case .success(let resolved): name = resolved
    case .failure(let status): return .error(status)
    }
    guard let body = files[name] else { return .error(.notFound) }
    guard request.method == "GET" || request.method == "HEAD" else {
      return .error(.methodNotAllowed, fields: [("Allow", "GET, HEAD")])
    }
    var response = HTTPResponse(
      status: .ok, fields: [("Content-Type", Self.contentType(of: name)), ("Cache-Control", "no-cache")],
      body: body)
    response.omitsBody = request.method == "HEAD"
    return response
  }

  /// The file name a request target names: percent escapes decoded, the query dropped, `/`
  /// meaning `index.html`; or the status that refuses it.
  public static func resolve(target: String) -> Result<String, HTTPStatus> {
    guard target.hasPrefix("/") else { return .failure(.badRequest) }
    let path = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0]
    var bytes: [UInt8] = []
    var input = Array(path.utf8)[...]
    while let byte = input.popFirst() {
      guard byte == UInt8(ascii: "%") else {
        bytes.append(byte)
        continue
      }
      guard input.count >= 2, let high = hexValue(input.popFirst()!), let low = hexValue(input.popFirst()!)
      else {
        return .failure(.badRequest)
      }
      bytes.append(high << 4 | low)
    }
    guard !bytes.contains(0), !bytes.contains(UInt8(ascii: "\\")) else { return .failure(.badRequest) }
    var checker = UTF8Validator()
    guard checker.feed(bytes), checker.isComplete else { return .failure(.badRequest) }
    let segments = bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).dropFirst()
    for segment in segments where segment.elementsEqual(".".utf8) || segment.elementsEqual("..".utf8) {
      return .failure(.badRequest)
    }
    let name = String(decoding: bytes.dropFirst(), as: UTF8.self)
    return .success(name.isEmpty ? "index.html" : name)
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  /// The `Content-Type` for a file name, from its extension.
  public static func contentType(of name: String) -> String {
    let suffix = name.split(separator: ".").last.map { $0.lowercased() } ?? ""
    switch suffix {
    case "html", "htm": return "text/html; charset=utf-8"
    case "js", "mjs": return "text/javascript; charset=utf-8"
    case "css": return "text/css; charset=utf-8"
    case "json": return "application/json"
    case "svg": return "image/svg+xml"
    case "png": return "image/png"
    case "ico": return "image/x-icon"
    case "txt": return "text/plain; charset=utf-8"
    default: return "application/octet-stream"
    }
  }
}
