// swift-tools-version:6.1
// ViewWire: a networked view server. See README.md for the module map.
import PackageDescription

let strict: [SwiftSetting] = [
  .swiftLanguageMode(.v6),
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
  name: "ViewWire",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "viewwired", targets: ["viewwired"]),
    .executable(name: "viewwire", targets: ["viewwire"]),
    .library(name: "ViewWireKit", targets: ["ViewWireKit"]),
    // For app authors: the server to embed, the daemon in one call, and test helpers.
    .library(name: "ViewWireServer", targets: ["ViewWireServer"]),
    .library(name: "ViewWireDaemon", targets: ["ViewWireDaemon"]),
    .library(name: "ViewWireTesting", targets: ["ViewWireTesting", "ViewWireProtocol"]),
    .library(name: "ViewWireClient", targets: ["ViewWireClient"]),
    .library(name: "Cassowary", targets: ["Cassowary"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
    .package(url: "https://github.com/jpsim/Yams", from: "5.0.1"),
    .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
    .package(url: "https://github.com/apple/swift-algorithms", from: "1.2.0"),
    // `make docs` only: DocC archives of the modules app authors use.
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
  ],
  targets: [
    // C interop: libuv, seen only by ViewWireLoop.
    .systemLibrary(
      name: "CLibUV", pkgConfig: "libuv", providers: [.apt(["libuv1-dev"])]),
    // C interop: libedit's readline-compatible interface, seen only by the `viewwire` console.
    .systemLibrary(
      name: "CEditLine", pkgConfig: "libedit", providers: [.apt(["libedit-dev"])]),
    // Event loop, TCP, timers, signals and wake-ups over libuv. The only module that calls uv_*.
    .target(name: "ViewWireLoop", dependencies: ["CLibUV"], swiftSettings: strict),
    // The line protocol: framing, tokens, commands, server messages, frame hash, transcripts. No I/O.
    .target(name: "ViewWireProtocol", swiftSettings: strict),
    // The web transport's codec: HTTP/1.1 request heads, the WebSocket handshake and frames. No I/O.
    .target(
      name: "ViewWireWeb", dependencies: [.product(name: "Crypto", package: "swift-crypto")],
      swiftSettings: strict),
    // The browser client's static files (owned by clients/web), shipped as package resources.
    .target(
      name: "ViewWireWebClient", path: "clients/web", exclude: ["tests", "README.md"],
      resources: [.copy("static")], swiftSettings: strict),
    // A Cassowary constraint solver with no dependencies.
    .target(name: "Cassowary", swiftSettings: strict),
    // The Swift runtime's unowned reference counting, for the kit's checked unowned references
    // (a header only: libswiftCore is linked into every Swift program).
    .systemLibrary(name: "CSwiftRuntime", path: "Sources/CSwiftRuntime"),
    // The view kit: views, controls, controllers, gestures, layout. Knows nothing of sockets.
    .target(
      name: "ViewWireKit",
      dependencies: [
        "ViewWireProtocol", "Cassowary", "CSwiftRuntime", .product(name: "Yams", package: "Yams"),
        // `partitioningIndex(where:)`: the kit's binary searches over sorted tables.
        .product(name: "Algorithms", package: "swift-algorithms"),
      ],
      resources: [.copy("Strings")], swiftSettings: strict),
    // Turns a window's recorded changes into frames, with the incremental tree hash.
    // `partitioningIndex(where:)`: the longest increasing run in the structure pass.
    .target(
      name: "ViewWireDiff",
      dependencies: [
        "ViewWireKit", "ViewWireProtocol", .product(name: "Algorithms", package: "swift-algorithms"),
      ],
      swiftSettings: strict),
    // The demo apps: the seeds' examples ported to ViewWireKit.
    .target(
      name: "ViewWireApps", dependencies: ["ViewWireKit"],
      resources: [.copy("Interfaces"), .copy("Strings")], swiftSettings: strict),
    // Sessions: bridges the loop, the protocol, the kit and the diff engine.
    .target(
      name: "ViewWireServer",
      dependencies: [
        "ViewWireLoop", "ViewWireProtocol", "ViewWireKit", "ViewWireDiff", "ViewWireWeb",
        .product(name: "Logging", package: "swift-log"),
      ],
      swiftSettings: strict),
    // The daemon as a library: every `viewwired` option and `ViewWireApplication(apps:).main()`,
    // so an app author's executable serves its own apps in one call. Knows no demo app.
    .target(
      name: "ViewWireDaemon",
      dependencies: [
        "ViewWireServer", "ViewWireKit", "ViewWireWebClient",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Logging", package: "swift-log"),
      ],
      swiftSettings: strict),
    // `viewwired`: the daemon library serving the demo apps.
    .executableTarget(
      name: "viewwired", dependencies: ["ViewWireDaemon", "ViewWireApps"], swiftSettings: strict),
    // Test helpers for app authors: a server in the test process, a daemon subprocess, replay.
    .target(
      name: "ViewWireTesting",
      dependencies: [
        "ViewWireServer", "ViewWireKit", "ViewWireClient", "ViewWireProtocol",
        .product(name: "Logging", package: "swift-log"),
      ],
      swiftSettings: strict),
    // Client library: connection, mirror tree with hash check, scripting calls, transcript replay.
    .target(
      name: "ViewWireClient", dependencies: ["ViewWireProtocol", "ViewWireWeb"], swiftSettings: strict),
    // The terminal screen's pure parts: mirror to cells, cell diffs to escapes, keys and mouse in.
    .target(
      name: "ViewWireTerminal", dependencies: ["ViewWireClient", "ViewWireProtocol"], swiftSettings: strict),
    .executableTarget(
      name: "viewwire",
      dependencies: [
        "ViewWireClient", "ViewWireTerminal", "CEditLine",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      swiftSettings: strict),
    // Benchmarks: release-mode executables that print ratios against a baseline from the same run.
    .executableTarget(
      name: "bench-latency",
      dependencies: [
        "ViewWireServer", "ViewWireApps", "ViewWireLoop", "ViewWireClient",
        .product(name: "Logging", package: "swift-log"),
      ],
      path: "Sources/Benchmarks/Latency", swiftSettings: strict),
    .executableTarget(
      name: "bench-diff", dependencies: ["ViewWireKit", "ViewWireDiff", "ViewWireProtocol", "ViewWireApps"],
      path: "Sources/Benchmarks/Diff", swiftSettings: strict),
    // C interop for the load generator only: epoll and thread CPU affinity (Linux headers, no
    // library to link), which Swift's Glibc module does not import.
    .systemLibrary(name: "CBenchSystem", path: "Sources/Benchmarks/CBenchSystem"),
    // What the load benchmarks share: starting servers, a closed-loop load generator, /proc.
    .target(
      name: "BenchSupport", dependencies: ["CBenchSystem"], path: "Sources/Benchmarks/Support",
      swiftSettings: strict),
    .executableTarget(
      name: "bench-throughput", dependencies: ["BenchSupport"], path: "Sources/Benchmarks/Throughput",
      swiftSettings: strict),
    .executableTarget(
      name: "bench-sessions", dependencies: ["BenchSupport"], path: "Sources/Benchmarks/Sessions",
      swiftSettings: strict),
    .executableTarget(
      name: "bench-layout", dependencies: ["Cassowary"], path: "Sources/Benchmarks/Layout",
      swiftSettings: strict),

    .testTarget(name: "ViewWireProtocolTests", dependencies: ["ViewWireProtocol"], swiftSettings: strict),
    .testTarget(name: "ViewWireWebTests", dependencies: ["ViewWireWeb"], swiftSettings: strict),
    .testTarget(name: "ViewWireLoopTests", dependencies: ["ViewWireLoop"], swiftSettings: strict),
    .testTarget(name: "CassowaryTests", dependencies: ["Cassowary"], swiftSettings: strict),
    .testTarget(
      name: "ViewWireTerminalTests",
      dependencies: ["ViewWireTerminal", "ViewWireClient", "ViewWireProtocol"],
      swiftSettings: strict),
    .testTarget(
      name: "ViewWireKitTests", dependencies: ["ViewWireKit", "ViewWireDiff"], swiftSettings: strict),
    .testTarget(
      name: "ViewWireDiffTests",
      dependencies: ["ViewWireDiff", "ViewWireKit", "ViewWireProtocol", "ViewWireClient"],
      swiftSettings: strict),
    .testTarget(
      name: "ViewWireServerTests",
      dependencies: [
        "viewwired", "viewwire", "ViewWireServer", "ViewWireApps", "ViewWireClient", "ViewWireProtocol",
        "ViewWireWeb", "ViewWireTesting",
      ],
      swiftSettings: strict),
  ]
)
