// swift-tools-version:6.1
// An app package outside ViewWire: a counter and a to-do list, served by a daemon of its own and
// tested with transcripts. docs/WRITING-APPS.md in the ViewWire repository builds it step by step.
import PackageDescription

let package = Package(
  name: "Counter",
  platforms: [.macOS(.v15)],
  dependencies: [
    // In your own package: .package(url: "https://github.com/OWNER/ViewWire", from: "…"), or a
    // path to a checkout. This example lives inside the repository, two folders down.
    .package(name: "ViewWire", path: "../..")
  ],
  targets: [
    // The apps: views and controllers, with no server in sight.
    .target(
      name: "CounterApps",
      dependencies: [.product(name: "ViewWireKit", package: "ViewWire")]),
    // The daemon: the apps and every viewwired option, in one call.
    .executableTarget(
      name: "counter-server",
      dependencies: [
        "CounterApps", .product(name: "ViewWireDaemon", package: "ViewWire"),
      ]),
    // Transcript tests against a server inside the test process.
    .testTarget(
      name: "CounterAppsTests",
      dependencies: [
        "CounterApps", .product(name: "ViewWireTesting", package: "ViewWire"),
      ],
      resources: [.copy("Transcripts")]),
  ]
)
