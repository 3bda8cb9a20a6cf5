internal import CLibUV
internal import Glibc

extension LoopHandle {
  /// Makes this handle's memory a TCP handle on its loop and registers it (`opened()`), as the
  /// listener and both kinds of connection start; when libuv refuses, the memory is freed
  /// (libuv never saw the handle) and the error thrown.
  fileprivate func initializeTCP() throws(LoopError) {
    let status = uv_tcp_init(loop.raw, typed(uv_tcp_t.self))
    guard status == 0 else {
      abandon()
      throw LoopError(code: status)
    }
    opened()
  }
}

/// A listening TCP socket. Each accepted client arrives as a `TCPConnection`.
public final class TCPListener: LoopHandle {
  private var onAccept: ((TCPConnection) -> Void)?
  /// The port actually bound, which differs from the one asked for when that was 0.
  public private(set) var port: Int = 0

  init(loop: EventLoop, host: String, port: Int, backlog: Int32, onAccept: @escaping (TCPConnection) -> Void)
    throws(LoopError)
  {
    self.onAccept = onAccept
    super.init(loop: loop, type: UV_TCP)
    try initializeTCP()
    do {
      var address = try SocketAddress(host: host, port: port)
      let bound = address.withSockaddr { uv_tcp_bind(typed(uv_tcp_t.self), $0, 0) }
      try LoopError.check(bound)
      // EADDRINUSE shows up here, not in uv_tcp_bind.
      try LoopError.check(
        uv_listen(vw_tcp_as_stream(typed(uv_tcp_t.self)), backlog) { server, status in
          guard let server, let data = server.pointee.data else { return }
          Unmanaged<TCPListener>.fromOpaque(data).takeUnretainedValue().acceptOne(status: status)
        })
      self.port = try SocketAddress.local(of: typed(uv_tcp_t.self)).port
    } catch {
      close()
      throw error
    }
  }

  private func acceptOne(status: Int32) {
    guard status == 0, !isClosed else { return }
    guard
      let connection = try? TCPConnection(
        accepting: vw_tcp_as_stream(typed(uv_tcp_t.self)), loop: loop)
    else { return }
    onAccept?(connection)
  }

  override func willClose() {
    onAccept = nil
  }
}

/// One TCP connection: reads arrive as callbacks, writes are queued and kept alive until libuv
/// has written them.
///
/// Writes try `uv_try_write` first, so the common case (a socket with room) copies nothing;
/// only the part the kernel did not take is copied and handed to `uv_write`.
public final class TCPConnection: LoopHandle {
  /// Bytes read from the peer; valid only during the call.
  ///
  /// This, `queuedBytes` and the flags read on every read and write are unchecked for
  /// exclusivity at run time: they live on the loop's thread, and every access is a read or a
  /// store that calls nothing (a callback is copied out of its field before it runs), so the
  /// run-time check (about 80 instructions each, several per request) could never fire.
  @exclusivity(unchecked) public var onRead: ((UnsafeRawBufferPointer) -> Void)?
  /// Called when every queued byte has been written, after `queuedBytes` had been above zero.
  public var onDrain: (() -> Void)?
  /// Called once, when the connection is closed: nil for an orderly close, else the error.
  public var onClose: ((LoopError?) -> Void)?
  /// Bytes handed to `write` that the kernel has not taken yet.
  @exclusivity(unchecked) public private(set) var queuedBytes = 0
  /// The peer's address as `host:port`, for logs.
  public private(set) var remoteAddress = "?"
  /// Writes handed to libuv and not completed yet, oldest first: the copy it writes from and its
  /// size. The copy is freed when the write completes or is cancelled.
  private var pendingWrites: [(storage: UnsafeMutableRawPointer, count: Int)] = []
  private var pendingWriteHead = 0
  /// The last byte the kernel took before the pending writes, nil before any.
  @exclusivity(unchecked) private var lastByteBeforePending: UInt8?
  @exclusivity(unchecked) private var isReading = false
  @exclusivity(unchecked) private var closeWhenFlushed = false
  /// The peer sent EOF: it will send nothing more.
  private var peerFinished = false
  /// Our FIN is out: every queued byte was written and `uv_shutdown` completed.
  private var finSent = false
  private var lingerTimer: LoopTimer?
  private var closeError: LoopError?

  /// How long a closing connection waits for the peer's EOF after our own, discarding its input,
  /// before it gives up and closes anyway.
  public static let lingerMilliseconds: UInt64 = 2000
  /// Shared with every other connection of this loop (see `ReadBuffer`).
  private let readBuffer: ReadBuffer

  init(accepting server: UnsafeMutablePointer<uv_stream_t>, loop: EventLoop) throws(LoopError) {
    readBuffer = loop.readBuffer
    super.init(loop: loop, type: UV_TCP)
    try initializeTCP()
    let accepted = uv_accept(server, stream)
    guard accepted == 0 else {
      close()
      throw LoopError(code: accepted)
    }
    uv_tcp_nodelay(tcp, 1)
    if let peer = try? SocketAddress.peer(of: tcp) { remoteAddress = "\(peer.host):\(peer.port)" }
  }

  /// Takes over a socket another loop gave up (`detach()`): the bytes it had not written yet go
  /// first, before anything written here.
  init(opening socket: DetachedSocket, loop: EventLoop) throws(LoopError) {
    readBuffer = loop.readBuffer
    super.init(loop: loop, type: UV_TCP)
    try initializeTCP()
    guard let descriptor = socket.take() else {
      close()
      throw LoopError(name: "EBADF", message: "the socket was already taken")
    }
    let opened = uv_tcp_open(tcp, uv_os_sock_t(descriptor))
    guard opened == 0 else {
      Glibc.close(descriptor)
      close()
      throw LoopError(code: opened)
    }
    remoteAddress = socket.remoteAddress
    if !socket.unsent.isEmpty { write(socket.unsent) }
  }

  /// Gives the socket up so that another loop can take it over (`EventLoop.open(_:)`): the
  /// descriptor is duplicated, this handle closes without calling `onClose`, and what was queued
  /// but not written yet travels with the socket. Loop thread only.
  ///
  /// A libuv handle belongs to one loop for good, so moving a connection means moving its
  /// descriptor: the kernel's socket, with whatever it holds unread, stays as it is.
  ///
  /// - Returns: nil when the connection is closed or closing (its socket is no longer only ours
  ///   to give).
  public func detach() -> DetachedSocket? {
    guard !isClosed, !closeWhenFlushed else { return nil }
    var descriptor: uv_os_fd_t = -1
    guard uv_fileno(handle, &descriptor) == 0 else { return nil }
    let copy = vw_dup_cloexec(descriptor)
    guard copy >= 0 else { return nil }
    // libuv counts the bytes it has not written yet; they are the tail of the pending copies.
    var unsentCount = Int(uv_stream_get_write_queue_size(stream))
    var unsent: [UInt8] = []
    if unsentCount > 0 {
      var tail: [[UInt8]] = []
      for index in stride(from: pendingWrites.count - 1, through: pendingWriteHead, by: -1)
      where unsentCount > 0 {
        let write = pendingWrites[index]
        let taken = min(unsentCount, write.count)
        let start = write.storage + (write.count - taken)
        tail.append(Array(UnsafeRawBufferPointer(start: start, count: taken)))
        unsentCount -= taken
      }
      for part in tail.reversed() { unsent += part }
    }
    onRead = nil
    onDrain = nil
    onClose = nil
    close()
    return DetachedSocket(descriptor: copy, remoteAddress: remoteAddress, unsent: unsent)
  }

  private var tcp: UnsafeMutablePointer<uv_tcp_t> { typed(uv_tcp_t.self) }
  private var stream: UnsafeMutablePointer<uv_stream_t> { vw_tcp_as_stream(tcp) }

  /// Starts delivering reads to `onRead`.
  public func startReading() {
    guard !isClosed, !isReading, !closeWhenFlushed else { return }
    beginReading()
  }

  private func beginReading() {
    isReading = true
    uv_read_start(
      stream,
      { handle, _, buffer in
        guard let handle, let buffer, let data = handle.pointee.data else { return }
        let connection = Unmanaged<TCPConnection>.fromOpaque(data).takeUnretainedValue()
        buffer.pointee = uv_buf_init(connection.readBuffer.bytes, UInt32(ReadBuffer.size))
      },
      { stream, count, buffer in
        guard let stream, let data = stream.pointee.data else { return }
        let connection = Unmanaged<TCPConnection>.fromOpaque(data).takeUnretainedValue()
        connection.didRead(count: count, base: buffer?.pointee.base)
      })
  }

  /// Stops reading, to push back on a client whose output is piling up.
  public func stopReading() {
    // A closing connection keeps draining input, or the kernel would answer it with a reset.
    guard !isClosed, isReading, !closeWhenFlushed else { return }
    isReading = false
    uv_read_stop(stream)
  }

  private func didRead(count: Int, base: UnsafeMutablePointer<CChar>?) {
    if count > 0, let base {
      // A closing connection drains input unseen, so the kernel has no reason to reset.
      if !closeWhenFlushed { onRead?(UnsafeRawBufferPointer(start: base, count: count)) }
    } else if count == Int(UV_EOF.rawValue) {
      // The peer finished sending; it may still read, so send what is queued before closing.
      peerFinished = true
      if isReading { uv_read_stop(stream) }
      isReading = false
      if finSent { close() } else { closeAfterFlush() }
    } else if count < 0 {
      fail(LoopError(code: Int32(count)))
    }
  }

  /// Queues `bytes` for the peer.
  public func write(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { write($0) }
  }

  /// Queues the UTF-8 of `text` for the peer.
  public func write(_ text: String) {
    var text = text
    text.withUTF8 { write(UnsafeRawBufferPointer($0)) }
  }

  /// Queues `bytes` for the peer; the bytes are copied if they cannot be written at once.
  public func write(_ bytes: UnsafeRawBufferPointer) {
    guard !isClosed, !closeWhenFlushed, let base = bytes.baseAddress, !bytes.isEmpty else { return }
    var offset = 0
    if queuedBytes == 0 {
      var buffer = uv_buf_init(
        UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: CChar.self)), UInt32(bytes.count))
      let written = uv_try_write(stream, &buffer, 1)
      if written > 0 {
        offset = Int(written)
        lastByteBeforePending = bytes[offset - 1]
      } else if written < 0 && written != Int32(UV_EAGAIN.rawValue) {
        fail(LoopError(code: written))
        return
      }
    }
    let remaining = bytes.count - offset
    guard remaining > 0 else { return }
    let storage = UnsafeMutableRawPointer.allocate(byteCount: remaining, alignment: 1)
    storage.copyMemory(from: base + offset, byteCount: remaining)
    let request = UnsafeMutablePointer<uv_write_t>.allocate(capacity: 1)
    request.pointee.data = storage
    var buffer = uv_buf_init(storage.assumingMemoryBound(to: CChar.self), UInt32(remaining))
    let status = uv_write(request, stream, &buffer, 1) { request, status in
      guard let request else { return }
      let storage = request.pointee.data
      let handle = request.pointee.handle
      request.deallocate()
      // Freed after `didWrite`, which reads the last byte of a completed write.
      defer { storage?.deallocate() }
      guard let handle, let data = handle.pointee.data else { return }
      Unmanaged<TCPConnection>.fromOpaque(data).takeUnretainedValue().didWrite(status: status)
    }
    guard status == 0 else {
      storage.deallocate()
      request.deallocate()
      fail(LoopError(code: status))
      return
    }
    queuedBytes += remaining
    pendingWrites.append((storage, remaining))
  }

  private func didWrite(status: Int32) {
    let write = pendingWrites[pendingWriteHead]
    queuedBytes -= write.count
    if status == 0 {
      lastByteBeforePending = write.storage.load(fromByteOffset: write.count - 1, as: UInt8.self)
    }
    pendingWriteHead += 1
    if pendingWriteHead == pendingWrites.count {
      pendingWrites.removeAll(keepingCapacity: true)
      pendingWriteHead = 0
    }
    if status < 0 {
      if status != Int32(UV_ECANCELED.rawValue) { fail(LoopError(code: status)) }
      return
    }
    guard queuedBytes == 0, !isClosed, !closeWhenFlushed else { return }
    onDrain?()
  }

  /// Writes what is queued, then closes gracefully; `onRead` sees nothing more.
  ///
  /// Closing a socket that holds unread input makes Linux send a reset, and a reset discards
  /// whatever the peer has not read yet. So this is a lingering close, as in nginx and memcached:
  /// `uv_shutdown` sends our EOF once every queued byte is written, input that still arrives is
  /// read and dropped, and the handle closes when the peer's EOF comes back (or after
  /// `lingerMilliseconds`, for a peer that never closes).
  public func closeAfterFlush() {
    guard !isClosed, !closeWhenFlushed else { return }
    closeWhenFlushed = true
    onDrain = nil
    if !peerFinished && !isReading { beginReading() }
    let request = UnsafeMutablePointer<uv_shutdown_t>.allocate(capacity: 1)
    // libuv runs the callback after the queued writes, or with UV_ECANCELED if the handle closes
    // first; the request is freed there in every case.
    let status = uv_shutdown(request, stream) { request, status in
      guard let request else { return }
      let handle = request.pointee.handle
      request.deallocate()
      guard let handle, let data = handle.pointee.data else { return }
      Unmanaged<TCPConnection>.fromOpaque(data).takeUnretainedValue().didShutdown(status: status)
    }
    guard status == 0 else {
      request.deallocate()
      close()
      return
    }
  }

  /// The last byte of the stream that the kernel has taken, nil while it has taken none: where
  /// what the peer can ever receive ends, should the connection be cut now.
  ///
  /// libuv counts the bytes of its write queue not written yet; those already written belong to
  /// the oldest pending writes, whose copies are still held, so the byte is read from there.
  public var lastByteSent: UInt8? {
    guard !isClosed else { return lastByteBeforePending }
    var written = queuedBytes - Int(uv_stream_get_write_queue_size(stream))
    guard written > 0 else { return lastByteBeforePending }
    for index in pendingWriteHead..<pendingWrites.count {
      let write = pendingWrites[index]
      if written <= write.count { return write.storage.load(fromByteOffset: written - 1, as: UInt8.self) }
      written -= write.count
    }
    return lastByteBeforePending
  }

  /// Closes at once, for a peer that stopped reading: queued bytes the kernel has not taken are
  /// dropped, `farewell` goes straight to the socket as far as it has room without blocking, and
  /// input waiting in the kernel is read and dropped so that closing sends a FIN after what the
  /// kernel holds instead of a reset that would discard it. Nothing waits for the peer.
  ///
  /// The farewell follows the bytes the kernel took, so it should be sent only when those end
  /// where the peer can tell it apart (see `lastByteSent`).
  ///
  /// - Returns: how many bytes of `farewell` the kernel took: all, none, or, when the socket had
  ///   room for only part of it, a prefix.
  @discardableResult
  public func closeWithoutFlush(farewell: [UInt8] = []) -> Int {
    guard !isClosed else { return 0 }
    var descriptor: uv_os_fd_t = -1
    var sent = 0
    if uv_fileno(handle, &descriptor) == 0 {
      if !farewell.isEmpty {
        let result = farewell.withUnsafeBytes {
          Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT | MSG_NOSIGNAL))
        }
        sent = max(0, result)
      }
      // Bounded, so a peer that keeps sending cannot keep the loop here. Into a buffer of its
      // own: this may run while another read's bytes in the shared buffer are being handled.
      withUnsafeTemporaryAllocation(byteCount: 4096, alignment: 16) { scratch in
        var discarded = 0
        while discarded < 1 << 20 {
          let count = recv(descriptor, scratch.baseAddress, scratch.count, Int32(MSG_DONTWAIT))
          guard count > 0 else { break }
          discarded += count
        }
      }
    }
    // Cancels the queued writes (their callbacks see UV_ECANCELED and free their copies).
    close()
    return sent
  }

  private func didShutdown(status: Int32) {
    guard !isClosed else { return }
    finSent = true
    if status < 0 || peerFinished {
      close()
      return
    }
    let timer = loop.makeTimer()
    timer.start(afterMilliseconds: Self.lingerMilliseconds) { [weak self] in self?.close() }
    lingerTimer = timer
  }

  private func fail(_ error: LoopError) {
    guard !isClosed else { return }
    closeError = error
    close()
  }

  override func willClose() {
    if isReading { uv_read_stop(stream) }
    isReading = false
    onRead = nil
    onDrain = nil
    lingerTimer?.close()
    lingerTimer = nil
  }

  override func didClose() {
    let onClose = self.onClose
    self.onClose = nil
    onClose?(closeError)
  }
}

extension EventLoop {
  /// Takes over a connection another loop detached (`TCPConnection.detach()`). Loop thread only.
  ///
  /// - Throws: `LoopError` when libuv refuses the descriptor; it is closed then.
  public func open(_ socket: DetachedSocket) throws(LoopError) -> TCPConnection {
    try TCPConnection(opening: socket, loop: self)
  }

  /// Listens for TCP connections on `host` (an IPv4 or IPv6 literal, or `localhost`) and `port`
  /// (0 picks a free port; read it from the listener). Loop thread only.
  public func listen(
    host: String, port: Int, backlog: Int32 = 511, onAccept: @escaping (TCPConnection) -> Void
  ) throws(LoopError) -> TCPListener {
    try TCPListener(loop: self, host: host, port: port, backlog: backlog, onAccept: onAccept)
  }
}

/// An IPv4 or IPv6 socket address, converted with libuv's helpers.
struct SocketAddress {
  private var storage = sockaddr_storage()
  let host: String
  let port: Int

  init(host: String, port: Int) throws(LoopError) {
    guard (0...65535).contains(port) else {
      throw LoopError(name: "EINVAL", message: "port \(port) is not between 0 and 65535")
    }
    let literal = host == "localhost" ? "127.0.0.1" : host
    self.host = literal
    self.port = port
    let parsed = withUnsafeMutableBytes(of: &storage) { raw -> Bool in
      if uv_ip4_addr(literal, Int32(port), raw.baseAddress!.assumingMemoryBound(to: sockaddr_in.self)) == 0 {
        return true
      }
      return uv_ip6_addr(literal, Int32(port), raw.baseAddress!.assumingMemoryBound(to: sockaddr_in6.self))
        == 0
    }
    guard parsed else {
      throw LoopError(name: "EINVAL", message: "'\(host)' is not an IPv4 or IPv6 address")
    }
  }

  private init(storage: sockaddr_storage) {
    self.storage = storage
    var copy = storage
    let family = Int32(storage.ss_family)
    (host, port) = withUnsafeBytes(of: &copy) { raw in
      var name = [CChar](repeating: 0, count: 64)
      func text() -> String {
        String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      }
      if family == AF_INET6 {
        let address = raw.baseAddress!.assumingMemoryBound(to: sockaddr_in6.self)
        uv_ip6_name(address, &name, name.count)
        return (text(), Int(UInt16(bigEndian: address.pointee.sin6_port)))
      }
      let address = raw.baseAddress!.assumingMemoryBound(to: sockaddr_in.self)
      uv_ip4_name(address, &name, name.count)
      return (text(), Int(UInt16(bigEndian: address.pointee.sin_port)))
    }
  }

  mutating func withSockaddr<T>(_ body: (UnsafePointer<sockaddr>) -> T) -> T {
    withUnsafeMutableBytes(of: &storage) { body($0.baseAddress!.assumingMemoryBound(to: sockaddr.self)) }
  }

  static func local(of tcp: UnsafeMutablePointer<uv_tcp_t>) throws(LoopError) -> SocketAddress {
    try query(tcp, uv_tcp_getsockname)
  }

  static func peer(of tcp: UnsafeMutablePointer<uv_tcp_t>) throws(LoopError) -> SocketAddress {
    try query(tcp, uv_tcp_getpeername)
  }

  private static func query(
    _ tcp: UnsafeMutablePointer<uv_tcp_t>,
    _ call: (UnsafePointer<uv_tcp_t>?, UnsafeMutablePointer<sockaddr>?, UnsafeMutablePointer<Int32>?) -> Int32
  ) throws(LoopError) -> SocketAddress {
    var storage = sockaddr_storage()
    var length = Int32(MemoryLayout<sockaddr_storage>.size)
    let status = withUnsafeMutableBytes(of: &storage) { raw in
      call(tcp, raw.baseAddress!.assumingMemoryBound(to: sockaddr.self), &length)
    }
    try LoopError.check(status)
    return SocketAddress(storage: storage)
  }
}

/// The 64 KiB a loop's connections read into, one per loop instead of one per connection: an
/// idle session held 64 KiB of buffer it used only while a read was handled.
///
/// Sharing is safe because every connection is on its loop's thread, libuv calls a read
/// callback right after the allocation callback that handed the buffer out, one at a time on
/// that thread, and `TCPConnection.onRead` may use the bytes only during the call (the line
/// framer, the WebSocket decoder and the HTTP head parser copy what they keep). Nothing else
/// reads into it: `closeWithoutFlush` discards into a buffer of its own, since it may run inside
/// another connection's read callback.
final class ReadBuffer {
  static let size = 64 * 1024
  let bytes = UnsafeMutablePointer<CChar>.allocate(capacity: ReadBuffer.size)
  deinit { bytes.deallocate() }
}

/// A connection's socket between two loops: taken off one (`TCPConnection.detach()`) and not
/// yet opened on the other (`EventLoop.open(_:)`).
///
/// It may cross threads (inside `EventLoop.execute`), so it is a class that closes the
/// descriptor when it is dropped unopened: a loop that stopped before running the work that
/// carried it leaks nothing.
public final class DetachedSocket: @unchecked Sendable {
  private let lock = Lock()
  // Guarded by `lock`; -1 once taken.
  private var descriptor: Int32
  /// The peer's address as the first loop saw it, for logs.
  public let remoteAddress: String
  /// Bytes the first loop had queued and the kernel had not taken; written first by the next.
  let unsent: [UInt8]

  init(descriptor: Int32, remoteAddress: String, unsent: [UInt8]) {
    self.descriptor = descriptor
    self.remoteAddress = remoteAddress
    self.unsent = unsent
  }

  /// The descriptor, once; nil after.
  func take() -> Int32? {
    lock.withLock {
      guard descriptor >= 0 else { return nil }
      defer { descriptor = -1 }
      return descriptor
    }
  }

  deinit {
    if let descriptor = take() { Glibc.close(descriptor) }
  }
}
